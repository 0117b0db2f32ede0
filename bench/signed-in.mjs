// What signing in costs: `GET /wp-json/core/v2/posts?per_page=5` with a valid application password
// against the same request sent anonymously, as CPU time per request of the server process, on a
// memory store and on PGlite in a directory (what `npm start` uses): over real sockets, as the
// throughput section measures, and through `createNodeHandler` over an in-memory socket, as
// `bench/socket-cpu.mjs` does. Issue 26's target: signed in ≤ 1.2× anonymous. Then the same request
// over real HTTP against `site-rest serve` (`--memory`, and PGlite in a fresh directory): 1,000
// requests 10 at a time, each way, and 60 signed-in ones at once.
// `node bench/signed-in.mjs [--runs 5] [--requests 10000] [--no-serve] [--write]` (after `npm run build`);
// `--write` puts the section into bench/RESULTS.md.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, platform, release, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMain, runJsonChild } from './child.mjs';
import { runLoad } from './load.mjs';
import { killChildren, startServer } from './server-child.mjs';
import { writeSections } from './results-file.mjs';
import { cpuPerRequest } from './socket-cpu.mjs';

export const SIGNED_IN_PATH = '/wp-json/core/v2/posts?per_page=5';
export const SIGNED_IN_TARGET = 1.2;
const PASSWORD = 'Qm7T2vKx9PzR4nWc8LbY3sHd';
const AUTHORIZATION = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
const STORES = ['memory', 'pglite'];
const WHO = ['anonymous', 'signed in'];
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

/**
 * The bench's site: core/v2 on a fresh store (`memory`, or PGlite in a new directory) with the
 * demo's sample posts, and an administrator with an application password. `close` closes the
 * store and deletes the directory.
 */
export async function signedInSite(storeKind) {
  const { corePosts, createRestServer, memoryStore, samplePosts, seedPosts } = await import('../dist/index.js');
  const { createUserStore } = await import('../dist/node.js');
  const { pgliteStore } = await import('../dist/store.js');
  const dataDir = storeKind === 'pglite' ? mkdtempSync(join(tmpdir(), 'site-rest-signed-in-')) : undefined;
  const store = dataDir ? await pgliteStore({ dataDir }) : memoryStore();
  const close = async () => {
    await store.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  if (dataDir) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  await seedPosts(store, samplePosts());
  const users = await createUserStore({ store, users: [{ username: 'admin', roles: ['administrator'] }] });
  await users.createApplicationPassword('admin', { name: 'bench', password: PASSWORD });
  const rest = createRestServer({ site: { name: 'Example Site', url: 'http://127.0.0.1:18402' }, store, users, namespaces: [corePosts()] });
  for (const who of WHO) {
    const check = await rest.handle({ method: 'GET', url: SIGNED_IN_PATH, headers: { host: '127.0.0.1:18402', ...headersOf(who) } });
    // An administrator may also create posts: the Allow header tells who the server answered as.
    if (check.status !== 200 || check.headers.Allow !== (who === 'signed in' ? 'GET, POST' : 'GET')) {
      throw new Error(`${storeKind} ${who}: answered ${check.status} ${JSON.stringify(check.headers)}`);
    }
  }
  return { rest, close };
}

const headersOf = (who) => (who === 'signed in' ? { Authorization: AUTHORIZATION } : {});

/** A child's measure: `count` requests through the node adapter over an in-memory socket. */
async function oneCase(storeKind, who, count) {
  const { createNodeHandler } = await import('../dist/node.js');
  const { rest, close } = await signedInSite(storeKind);
  try {
    const lines = Object.entries(headersOf(who)).map(([name, value]) => `${name}: ${value}\r\n`);
    return await cpuPerRequest(createNodeHandler(rest), SIGNED_IN_PATH, count, lines.join(''));
  } finally {
    await close();
  }
}

/** One measure in a fresh process, pinned to CPU 1 where `taskset` is there. */
function measureOnce(pin, storeKind, who, requests) {
  const args = ['--one', storeKind, who, String(requests)];
  if (!pin) return runJsonChild(new URL(import.meta.url), args);
  const child = spawnSync('taskset', ['-c', '1', process.execPath, fileURLToPath(import.meta.url), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(child.stdout.trimEnd().split('\n').at(-1));
}

/** The machine's load (1-minute average) now. */
const loadNow = () => loadavg()[0];

/**
 * Each store and caller, `runs` fresh processes each, the two callers of a store taking turns so
 * that the machine's other load weighs on both alike: the least µs per request of each, with the
 * machine's load (1-minute average) before and after the store's runs.
 */
export function measureSignedIn({ runs = 5, requests = 10_000 } = {}) {
  const pin = spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;
  const rows = [];
  for (const storeKind of STORES) {
    const samples = new Map(WHO.map((who) => [who, []]));
    const before = loadNow();
    for (let run = 0; run < runs; run++) for (const who of WHO) samples.get(who).push(measureOnce(pin, storeKind, who, requests).us);
    const load = [before, loadNow()];
    for (const who of WHO) rows.push({ store: storeKind, who, us: Math.min(...samples.get(who)), runs: samples.get(who), load });
  }
  return rows;
}

/**
 * The same over real sockets, as the throughput section measures: one server process per store
 * (`bench/server.mjs signed-in-<store>`), loaded from this one (64 connections, one request in
 * flight each, 2 s warm-up and 5 s measured), anonymous and signed in taking turns for `rounds`
 * rounds; the server's CPU µs per request, the least of the rounds.
 */
export async function measureOverSockets({ rounds = 3 } = {}) {
  const rows = [];
  for (const storeKind of STORES) {
    const server = await startServer(`signed-in-${storeKind}`);
    try {
      const samples = new Map(WHO.map((who) => [who, []]));
      const before = loadNow();
      for (let round = 0; round < rounds; round++) {
        for (const who of WHO) {
          const run = await runLoad({
            port: server.port,
            path: SIGNED_IN_PATH,
            expect: 200,
            connections: 64,
            depth: 1,
            headers: headersOf(who),
            sample: async () => ({ server: await server.cpu() }),
          });
          samples.get(who).push((run.sampled.server * 1e6) / run.rps);
        }
      }
      const load = [before, loadNow()];
      for (const who of WHO) rows.push({ store: storeKind, who, us: Math.min(...samples.get(who)), runs: samples.get(who), load });
    } finally {
      killChildren();
    }
  }
  return rows;
}

/** Starts `site-rest serve` with the admin's password; resolves with its base URL and the child. */
async function startServe(storeArgs) {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...storeArgs, '--app-password', `admin:${PASSWORD}`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  child.stdout.on('data', (chunk) => (printed += chunk));
  while (!/serving (http:\/\/\S+?)\/wp-json\//.test(printed)) {
    const [code] = await Promise.race([once(child, 'exit'), once(child.stdout, 'data').then(() => [null])]);
    if (code !== null) throw new Error(`serve exited with ${code}: ${printed}`);
  }
  return { child, base: /serving (http:\/\/\S+?)\/wp-json\//.exec(printed)[1] };
}

/** `total` GETs of the posts page, `concurrency` at a time: wall time and the statuses answered. */
async function burst(base, total, concurrency, signedIn) {
  const headers = signedIn ? { authorization: AUTHORIZATION } : {};
  const statuses = {};
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      next++;
      const response = await fetch(`${base}${SIGNED_IN_PATH}`, { headers });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { seconds: (performance.now() - started) / 1000, statuses };
}

/** Against `serve --memory` and `serve --data <fresh dir>`: 1,000 requests 10 at a time each way, then 60 signed-in at once. */
export async function measureServeBursts() {
  const rows = [];
  for (const storeKind of STORES) {
    const dataDir = storeKind === 'pglite' ? mkdtempSync(join(tmpdir(), 'site-rest-serve-')) : undefined;
    const { child, base } = await startServe(dataDir ? ['--data', dataDir] : ['--memory']);
    try {
      await burst(base, 100, 10, true);
      const anonymous = await burst(base, 1000, 10, false);
      const signedIn = await burst(base, 1000, 10, true);
      const parallel = await burst(base, 60, 60, true);
      rows.push({ store: storeKind, anonymous, signedIn, parallel });
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return rows;
}

const statusText = (statuses) =>
  Object.entries(statuses)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');

/** The ratio table of `rows` (anonymous and signed-in µs per request by store). */
function ratioTable(rows, unit) {
  const us = (storeKind, who) => rows.find((r) => r.store === storeKind && r.who === who);
  const lines = [
    `| store | anonymous, ${unit} | signed in, ${unit} | signed in × anonymous | target | load |`,
    '|---|--:|--:|--:|---|---|',
  ];
  for (const storeKind of STORES) {
    const anonymous = us(storeKind, 'anonymous');
    const signedIn = us(storeKind, 'signed in');
    const ratio = signedIn.us / anonymous.us;
    const runs = (row) => row.runs.map((x) => x.toFixed(1)).join(' / ');
    lines.push(
      `| ${storeKind === 'memory' ? '`memoryStore()`' : '`pgliteStore({ dataDir })`'} | ${anonymous.us.toFixed(1)} (${runs(anonymous)}) | ` +
        `${signedIn.us.toFixed(1)} (${runs(signedIn)}) | ${ratio.toFixed(2)}× | ≤ ${SIGNED_IN_TARGET}× ${ratio <= SIGNED_IN_TARGET ? 'met' : '**missed**'} | ` +
        `${anonymous.load ? anonymous.load.map((x) => x.toFixed(1)).join(' → ') : '–'} |`,
    );
  }
  return lines;
}

/** The section of bench/RESULTS.md. */
export function signedInSection(cpuRows, socketRows, serveRows, facts) {
  const lines = [
    '## Signed-in requests against anonymous ones (issue 26)',
    '',
    `${facts}.`,
    '',
    `Over real sockets, as the throughput section measures (the server process's CPU time per request):`,
    '',
    ...ratioTable(socketRows, 'server CPU µs/request'),
    '',
    "Through Node's HTTP stack over an in-memory socket, as the CPU section measures (no kernel: the stricter ratio):",
    '',
    ...ratioTable(cpuRows, 'CPU µs/request'),
    '',
    `Method: \`bench/signed-in.mjs\` (runnable alone): \`GET ${SIGNED_IN_PATH}\` answered by \`createNodeHandler\` with core/v2 on a store seeded with the demo's sample posts ` +
      'and an administrator with an application password (PGlite in a fresh directory, as `npm start` uses); signed in = `Authorization: Basic admin:<application password>`. ' +
      `Real sockets: \`bench/server.mjs signed-in-<store>\` loaded from the parent (\`bench/load.mjs\`, 64 connections with one request in flight each, 2 s warm-up and 5 s measured), ` +
      `anonymous and signed in taking turns for ${socketRows[0].runs.length} rounds, the least reported (each round in brackets). ` +
      "In-memory socket: as `bench/socket-cpu.mjs`, the process's CPU time over the requests (PGlite runs in it), " +
      `the least of ${cpuRows[0].runs.length} fresh processes pinned to one core, anonymous and signed-in runs taking turns (each run in brackets). ` +
      "Load: the machine's 1-minute load average before and after a store's runs (2 cores, shared with other work).",
  ];
  if (serveRows.length > 0) {
    lines.push(
      '',
      '| `site-rest serve` | 1,000 anonymous, 10 at a time | 1,000 signed in, 10 at a time | 60 signed in at once |',
      '|---|--:|--:|---|',
      ...serveRows.map(
        (r) =>
          `| ${r.store === 'memory' ? '`--memory`' : 'PGlite (`--data`, a fresh directory)'} | ${r.anonymous.seconds.toFixed(2)} s (${statusText(r.anonymous.statuses)}) | ` +
          `${r.signedIn.seconds.toFixed(2)} s (${statusText(r.signedIn.statuses)}) | ${statusText(r.parallel.statuses)} |`,
      ),
      '',
      'Method: the built CLI with `--app-password admin:<24 letters and digits>`, over real HTTP from this process (`fetch`), after 100 signed-in requests of warm-up. ' +
        'Issue 26 measured 33.1 s signed in against 1.3 s anonymous on `main` 8cf8580, and 10 of 60 parallel signed-in requests answered (50 × 429).',
    );
  }
  return lines.join('\n');
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(`--${name}`);
    return at === -1 ? fallback : args[at + 1];
  };
  if (args[0] === '--one') {
    const [, storeKind, who, count] = args;
    console.log(JSON.stringify(await oneCase(storeKind, who, Number(count))));
  } else {
    const cpuRows = measureSignedIn({ runs: Number(option('runs', 5)), requests: Number(option('requests', 10_000)) });
    const socketRows = await measureOverSockets();
    const serveRows = args.includes('--no-serve') ? [] : await measureServeBursts();
    const facts = `Node ${process.version}, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores (${platform()} ${release()}), ${new Date().toISOString()}`;
    const section = signedInSection(cpuRows, socketRows, serveRows, facts);
    console.log(section);
    if (args.includes('--write')) writeSections({ 'signed-in': section });
  }
}
