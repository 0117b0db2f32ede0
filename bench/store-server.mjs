// Server entry for the store bench: `node bench/store-server.mjs memory|pglite|postgres`.
// Serves core/v2 with 100 published posts kept in that store (written once through the API, as
// an editor would), listens on 127.0.0.1 (random port), reports {port} to the parent over IPC,
// answers {cmd:'cpu'} with its CPU time and {cmd:'queries'} with the SQL statements run so far,
// and exits when the parent goes away. `postgres` reads the server from BENCH_DATABASE_URL (or
// SITE_REST_TEST_DATABASE_URL) and keeps its tables under the prefix `srbench_`.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corePosts, createRestServer, memoryStore } from '../dist/index.js';
import { createNodeHandler } from '../dist/node.js';
import { pgliteStore, postgresStore } from '../dist/store.js';
import { SITE } from './fixture.mjs';

const POSTS = 100;
const kind = process.argv[2];
let queries = 0;
const onQuery = () => {
  queries += 1;
};

async function storeFor(kind) {
  if (kind === 'memory') return { store: memoryStore(), cleanup: () => {} };
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'site-rest-bench-'));
    return { store: await pgliteStore({ dataDir, onQuery }), cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  if (kind === 'postgres') {
    const connectionString = process.env.BENCH_DATABASE_URL ?? process.env.SITE_REST_TEST_DATABASE_URL;
    if (!connectionString) throw new Error('postgres: set BENCH_DATABASE_URL (or run through scripts/test-postgres.sh)');
    return { store: await postgresStore({ connectionString, tablePrefix: 'srbench_', onQuery }), cleanup: () => {} };
  }
  throw new Error(`unknown store ${JSON.stringify(kind)} (memory | pglite | postgres)`);
}

const { store, cleanup } = await storeFor(kind);
const server = createRestServer({ site: SITE, store, namespaces: [corePosts()], onError: () => {} });
const editor = { id: 1, can: () => true };
// A PostgreSQL database kept from an earlier run already has its posts.
const have = Number((await server.inject({ path: '/core/v2/posts', query: { per_page: 1 } })).headers['x-wp-total'] ?? 0);
for (let n = have + 1; n <= POSTS; n++) {
  const day = String(1 + ((n - 1) % 28)).padStart(2, '0');
  const answer = await server.inject({
    method: 'POST',
    path: '/core/v2/posts',
    user: editor,
    body: {
      title: `Bench post ${n}`,
      content: `<!-- wp:paragraph -->\n<p>Body of bench post ${n}, a paragraph of ordinary length for a list page.</p>\n<!-- /wp:paragraph -->`,
      status: 'publish',
      date_gmt: `2024-${String(1 + Math.floor((n - 1) / 28)).padStart(2, '0')}-${day}T10:00:00`,
    },
  });
  if (answer.status !== 201) throw new Error(`seeding post ${n} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
}

const listener = http.createServer(createNodeHandler(server));
listener.listen(0, '127.0.0.1', () => {
  const { port } = listener.address();
  console.log(`store bench (${kind}) listening on 127.0.0.1:${port}`);
  process.send?.({ port });
});

process.on('message', (message) => {
  if (message?.cmd === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  if (message?.cmd === 'queries') process.send?.({ queries });
});
process.on('disconnect', () => {
  listener.close();
  void store.close().finally(() => {
    cleanup();
    process.exit(0);
  });
});
