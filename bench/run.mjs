// `npm run bench`: throughput of raw node:http vs site-rest (each server in its own child
// process, load from this one), then route lookup cost vs table size. Prints a Markdown report
// and writes it to bench/RESULTS.md. Not part of the tests.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { POSTS_JSON } from './fixture.mjs';
import { runLoad } from './load.mjs';
import { runLookupBench } from './lookup.mjs';

const LOAD = { connections: 8, depth: 32, warmupMs: 2000, durationMs: 5000 };
const ROUNDS = 3;

const CASES = [
  { name: 'raw', server: 'raw', path: '/wp-json/core/v2/posts?page=2&per_page=20&context=view&search=hello', expect: 200 },
  { name: 'site-rest valid', server: 'site-rest', path: '/wp-json/core/v2/posts?page=2&per_page=20&context=view&search=hello', expect: 200, target: 0.9 },
  { name: 'site-rest validation failure', server: 'site-rest', path: '/wp-json/core/v2/posts?per_page=500&page=0', expect: 400, target: 0.8, code: 'rest_invalid_param' },
];

const children = new Set();
function killChildren() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill();
  children.clear();
}
process.on('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killChildren();
    process.exit(130);
  });
}

/** Forks `bench/server.mjs <kind>` and waits for its port. */
async function startServer(kind) {
  const child = fork(new URL('./server.mjs', import.meta.url), [kind], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  children.add(child);
  const [message] = await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`${kind} server exited with ${code} before listening`))),
    sleep(30_000, undefined, { ref: false }).then(() => Promise.reject(new Error(`${kind} server did not start within 30 s`))),
  ]);
  /** The child's CPU time so far, in µs. */
  const cpu = async () => {
    child.send({ cmd: 'cpu' });
    const [{ cpu: usage }] = await once(child, 'message');
    return usage.user + usage.system;
  };
  return { child, port: message.port, cpu };
}

/** One plain request, to check that a case answers what it should before loading it. */
function probe(port, path) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`probe of ${path} timed out`)));
  });
}

async function checkCase(c, port) {
  const answer = await probe(port, c.path);
  const problems = [];
  if (answer.status !== c.expect) problems.push(`status ${answer.status}`);
  if (answer.type !== 'application/json; charset=UTF-8') problems.push(`content-type ${answer.type}`);
  if (c.code) {
    if (JSON.parse(answer.body).code !== c.code) problems.push(`body ${answer.body.slice(0, 200)}`);
  } else if (answer.body !== POSTS_JSON) problems.push(`body ${answer.body.slice(0, 200)}`);
  if (problems.length > 0) throw new Error(`${c.name}: GET ${c.path} answered ${problems.join(', ')}`);
  return answer.body.length;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const kfmt = (n) => `${(n / 1000).toFixed(1)}k`;
const pct = (x) => `${Math.round(x * 100)}%`;

async function throughput() {
  const servers = {};
  for (const kind of new Set(CASES.map((c) => c.server))) servers[kind] = await startServer(kind);
  const results = CASES.map((c) => ({ ...c, runs: [], bytes: 0 }));
  for (const r of results) r.bytes = await checkCase(r, servers[r.server].port);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const r of results) {
      const { port, cpu } = servers[r.server];
      const run = await runLoad({ ...LOAD, port, path: r.path, expect: r.expect, serverCpu: cpu });
      r.runs.push(run);
      console.error(`round ${round}/${ROUNDS} ${r.name}: ${fmt(run.rps)} req/s, server CPU ${pct(run.serverCpu)}, client CPU ${pct(run.clientCpu)}`);
      await sleep(250);
    }
  }
  killChildren();
  return results;
}

function throughputTable(results) {
  const raw = median(results[0].runs.map((x) => x.rps));
  const lines = [
    '| case | request | body bytes | req/s (median) | rounds | × raw | target | server CPU | client CPU | errors |',
    '|---|---|--:|--:|---|--:|---|--:|--:|---|',
  ];
  for (const r of results) {
    const rps = median(r.runs.map((x) => x.rps));
    const ratio = rps / raw;
    const target = r.target ? `≥ ${r.target.toFixed(2)}× ${ratio >= r.target ? 'met' : '**missed**'}` : '';
    const errors = r.runs.reduce((sum, x) => sum + x.errors.unexpectedStatus + x.errors.protocol + x.errors.socket + x.errors.closedEarly, 0);
    const statuses = [...new Set(r.runs.flatMap((x) => Object.keys(x.statuses)))].join('/');
    lines.push(
      `| ${r.name} | \`GET ${r.path}\` → ${statuses} | ${r.bytes} | ${fmt(rps)} | ${r.runs.map((x) => kfmt(x.rps)).join(' / ')} | ${ratio.toFixed(2)}× | ${target} | ` +
        `${pct(median(r.runs.map((x) => x.serverCpu)))} | ${pct(median(r.runs.map((x) => x.clientCpu)))} | ${errors} |`,
    );
  }
  return lines.join('\n');
}

function lookupTable(rows) {
  const lines = [
    '| table | namespaces | site-rest `routes.match` lookups/s | WordPress-style linear scan lookups/s | site-rest / linear |',
    '|--:|--:|--:|--:|--:|',
  ];
  for (const row of rows) {
    const skipped = row.skipped ? ` (${row.skipped} keys skipped)` : '';
    lines.push(`| ${fmt(row.routes)} routes | ${row.namespaces} | ${fmt(row.siteRest)} | ${fmt(row.linear)}${skipped} | ${(row.siteRest / row.linear).toFixed(1)}× |`);
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  const slowSite = first.siteRest / last.siteRest;
  const slowLinear = first.linear / last.linear;
  lines.push(
    `| **slow-down ${fmt(first.routes)} → ${fmt(last.routes)}** | | **${slowSite.toFixed(2)}×** (target ≤ 1.5×: ${slowSite <= 1.5 ? 'met' : '**missed**'}) | ${slowLinear.toFixed(1)}× | |`,
  );
  return lines.join('\n');
}

async function main() {
  const started = new Date();
  const cpus = os.cpus();
  const facts = `Node ${process.version}, ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores (${os.platform()} ${os.release()}), ${started.toISOString()}`;
  console.error(`site-rest bench: ${facts}`);

  const results = await throughput();
  console.error('route lookup bench…');
  const lookups = runLookupBench();

  const report = [
    '# site-rest benchmarks',
    '',
    `Machine: ${facts}.`,
    '',
    '## Throughput (HTTP, keep-alive, pipelined)',
    '',
    throughputTable(results),
    '',
    `Method: each server in its own child process (\`bench/server.mjs\`), load from the parent on raw \`net\` sockets: ${LOAD.connections} connections × ${LOAD.depth} pipelined requests, ` +
      `${LOAD.warmupMs / 1000} s warm-up + ${LOAD.durationMs / 1000} s measured per case, cases interleaved, ${ROUNDS} rounds, median reported. ` +
      'CPU columns are fractions of one core during the measured window; errors = unexpected statuses, malformed answers, socket errors or early closes. ' +
      'The site-rest server mounts every route of routes.json from data; raw answers the same JSON with a precomputed body and only Content-Type/Content-Length.',
    '',
    '## Route lookup cost vs table size (in-process)',
    '',
    lookupTable(lookups),
    '',
    "Method: routes.json's first 10 routes, then whole namespaces of its other routes copied under renamed namespaces (`seo-b/v1` → `seo-b-7/v1`). " +
      'Lookups over a fixed mix: GET `/core/v2/posts`, `/core/v2/posts/123`, `/oembed/1.0/proxy`, `/`, and the miss `/core/v2/nope`; ' +
      "warm-up, then tables interleaved, 5 × 0.3 s each, median. The linear scan tries one `new RegExp('^' + key + '$', 'i')` per route in order, as WordPress's `preg_match` loop.",
    '',
  ].join('\n');
  console.log(report);
  writeFileSync(new URL('./RESULTS.md', import.meta.url), report);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  killChildren();
}
