// `npm run bench:store`: the W1 posts list (`GET /wp-json/core/v2/posts?per_page=10&page=1`, 100
// posts) served from the memory store, PGlite and a PostgreSQL server, side by side in one run:
// req/s, p99 latency, SQL statements per request, server CPU per request. Each server runs in
// its own child process, the load comes from this one. Run through scripts/test-postgres.sh (as
// `npm run bench:store` does) for a throwaway PostgreSQL; without a database URL that row is
// skipped. Prints a Markdown table and writes it to bench/RESULTS-store.md. Not part of the tests.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { runLoad } from './load.mjs';
import { median } from './stats.mjs';

const W1 = '/wp-json/core/v2/posts?per_page=10&page=1';
// A database-backed server waits on I/O: many connections with one request each, as browsers and
// API clients load a site, keep it busy without pipelining.
const LOAD = { connections: 32, depth: 1, warmupMs: 2000, durationMs: 5000 };
const ROUNDS = 3;
const STORES = [
  { kind: 'memory', name: 'memory' },
  { kind: 'pglite', name: 'PGlite (embedded, on disk)', target: 0.25 },
  { kind: 'postgres', name: 'PostgreSQL server (loopback)', target: 0.35 },
];

const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill();
});

async function start(kind) {
  const child = fork(new URL('./store-server.mjs', import.meta.url), [kind], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  children.add(child);
  const [message] = await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`${kind} server exited with ${code} before listening`))),
    sleep(120_000, undefined, { ref: false }).then(() => Promise.reject(new Error(`${kind} server did not start within 120 s`))),
  ]);
  const ask = async (cmd, key) => {
    child.send({ cmd });
    for (;;) {
      const [reply] = await once(child, 'message');
      if (key in reply) return reply[key];
    }
  };
  return {
    port: message.port,
    cpu: async () => ((u) => u.user + u.system)(await ask('cpu', 'cpu')),
    queries: () => ask('queries', 'queries'),
  };
}

function get(port, path) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, total: res.headers['x-wp-total'], body }));
    });
    req.on('error', reject);
  });
}

/** Checks the server answers W1 with 10 of 100 posts; answers its SQL statements per request. */
async function probe(server) {
  const first = await get(server.port, W1);
  if (first.status !== 200 || first.total !== '100' || JSON.parse(first.body).length !== 10) {
    throw new Error(`W1 answered ${first.status}, X-WP-Total ${first.total}: ${first.body.slice(0, 200)}`);
  }
  const before = await server.queries();
  for (let i = 0; i < 20; i++) await get(server.port, W1);
  return { bytes: Buffer.byteLength(first.body), queries: ((await server.queries()) - before) / 20 };
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');

const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.SITE_REST_TEST_DATABASE_URL;
const rows = [];
for (const entry of STORES) {
  if (entry.kind === 'postgres' && !databaseUrl) {
    console.error('postgres: skipped (no BENCH_DATABASE_URL; `npm run bench:store` starts a throwaway server)');
    continue;
  }
  const server = await start(entry.kind);
  rows.push({ ...entry, server, ...(await probe(server)), runs: [] });
}
for (let round = 1; round <= ROUNDS; round++) {
  for (const row of rows) {
    const run = await runLoad({
      ...LOAD,
      port: row.server.port,
      path: W1,
      expect: 200,
      sample: async () => ({ server: await row.server.cpu() }),
    });
    const errors = run.errors.unexpectedStatus + run.errors.protocol + run.errors.socket + run.errors.closedEarly;
    row.runs.push({ ...run, errors, cpuUs: (run.sampled.server * 1e6) / run.rps });
    console.error(`round ${round}/${ROUNDS} ${row.name}: ${fmt(run.rps)} req/s, p99 ${run.p99Ms.toFixed(1)} ms, errors ${errors}`);
    await sleep(250);
  }
}

const memoryRps = median(rows[0].runs.map((r) => r.rps));
const lines = [
  `W1 \`GET ${W1}\` (100 posts), ${LOAD.connections} connections × ${LOAD.depth} request in flight, ${ROUNDS} rounds of ${LOAD.durationMs / 1000} s, medians.`,
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`,
  '',
  '| store | req/s | rounds | × memory | target | p99 ms | SQL statements / request | server CPU µs/req | errors |',
  '|---|--:|---|--:|---|--:|--:|--:|--:|',
];
for (const row of rows) {
  const rps = median(row.runs.map((r) => r.rps));
  const ratio = rps / memoryRps;
  const target = row.target ? `≥ ${row.target.toFixed(2)}× ${ratio >= row.target ? 'met' : '**missed**'}` : '';
  lines.push(
    `| ${row.name} | ${fmt(rps)} | ${row.runs.map((r) => fmt(r.rps)).join(' / ')} | ${ratio.toFixed(2)}× | ${target} | ${median(row.runs.map((r) => r.p99Ms)).toFixed(1)} | ${row.kind === 'memory' ? '— (no I/O)' : row.queries.toFixed(1)} | ${median(row.runs.map((r) => r.cpuUs)).toFixed(0)} | ${row.runs.reduce((n, r) => n + r.errors, 0)} |`,
  );
}
const report = lines.join('\n');
console.log(report);
writeFileSync(new URL('./RESULTS-store.md', import.meta.url), `# Store bench\n\n${report}\n`);
process.exit(0);
