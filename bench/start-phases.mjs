// Where a start of `site-rest serve` spends its time, step by step, in a fresh Node process each
// (`runJsonChild`): Node itself, loading the built modules, opening the PGlite store (a new
// directory from the build's template, the same without it, i.e. PostgreSQL's initdb and the
// migrations, and a kept directory), writing the demo's data (what the demo's template saves on a
// new directory; every other store still writes it), creating the demo users, their application
// passwords (the password hash: a line of its own), and the REST server with variant A. Run by
// bench/start.mjs; `node bench/start-phases.mjs --one <dir> <kind>` is one child.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { isMain, runJsonChild } from './child.mjs';
import { median } from './stats.mjs';

const DIST = new URL('../dist/', import.meta.url);
const USERS = ['admin', 'author', 'subscriber'].map((username, i) => ({
  username,
  roles: [['administrator', 'author', 'subscriber'][i]],
  email: `${username}@example.test`,
}));

/** One start's steps, in this process: ms each, and the statements the store ran in each. */
async function phases(dataDir, kind) {
  const steps = [];
  let statements = 0;
  let last = performance.now();
  const step = (name) => {
    const now = performance.now();
    steps.push({ name, ms: now - last, statements });
    statements = 0;
    last = now;
  };
  const lib = await import(new URL('index.js', DIST));
  const node = await import(new URL('node.js', DIST));
  const storeModule = await import(new URL('store.js', DIST));
  step('load the built modules (index, node, store)');
  // Another table prefix than the templates' starts from initdb and runs the migrations.
  const tablePrefix = kind === 'initdb' ? 'bench_' : undefined;
  const store = await storeModule.pgliteStore({ dataDir, tablePrefix, onQuery: () => (statements += 1) });
  step('open the PGlite store');
  if (kind !== 'kept') {
    await store.transaction(async (tx) => {
      await lib.seedContactForms(tx, { home: 'http://127.0.0.1:8080' });
      await lib.seedPosts(tx, lib.samplePosts());
    });
    step("write the demo's form and sample posts");
  }
  const users = await node.createUserStore({ store, users: USERS });
  step('create the demo users');
  if (kind !== 'kept') for (const { username } of USERS) await users.createApplicationPassword(username, { name: 'bench' });
  step('their application passwords (hash and store)');
  lib.createRestServer({ site: { name: 'S', url: 'http://127.0.0.1:8080' }, store, users, namespaces: lib.variantA({ users }) });
  step('createRestServer, variant A');
  await store.close();
  step('close the store');
  return steps;
}

/** Node's own start and exit, without any module of ours. */
function nodeStartMs() {
  const started = performance.now();
  execFileSync(process.execPath, ['-e', '0']);
  return performance.now() - started;
}

/** `runs` children of each kind; answers a Markdown table of the median ms and statements of each step. */
export function measurePhases(runs) {
  const root = mkdtempSync(join(os.tmpdir(), 'site-rest-phases-'));
  try {
    const kinds = { template: [], initdb: [], kept: [] };
    const node = [];
    runJsonChild(new URL(import.meta.url), ['--one', join(root, 'kept'), 'template']);
    for (let run = 0; run < runs; run += 1) {
      node.push(nodeStartMs());
      for (const kind of Object.keys(kinds)) {
        const dir = kind === 'kept' ? join(root, 'kept') : join(root, `${kind}-${run}`);
        kinds[kind].push(runJsonChild(new URL(import.meta.url), ['--one', dir, kind]));
        if (kind !== 'kept') rmSync(dir, { recursive: true, force: true });
      }
    }
    const lines = [
      '| step: median ms (statements the store ran; the migrations are not counted) | new directory, from the template | new directory, initdb (another table prefix) | kept directory |',
      '|---|--:|--:|--:|',
      `| Node's own start and exit (\`node -e 0\`) | ${median(node).toFixed(0)} | ${median(node).toFixed(0)} | ${median(node).toFixed(0)} |`,
    ];
    for (const { name } of kinds.template[0]) {
      const cells = Object.values(kinds).map((runsOfKind) => {
        const found = runsOfKind.map((steps) => steps.find((s) => s.name === name));
        if (found.some((s) => s === undefined)) return '–';
        return `${median(found.map((s) => s.ms)).toFixed(0)} (${median(found.map((s) => s.statements))})`;
      });
      lines.push(`| ${name} | ${cells.join(' | ')} |`);
    }
    return lines.join('\n');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const at = process.argv.indexOf('--one');
  if (at !== -1) console.log(JSON.stringify(await phases(process.argv[at + 1], process.argv[at + 2])));
  else console.log(measurePhases(Number(process.argv[process.argv.indexOf('--runs') + 1] || 3)));
}
