// Server entry for the throughput bench: `node bench/server.mjs raw|same-answer|site-rest|seo-a|signed-in-memory|signed-in-pglite`.
// Listens on 127.0.0.1 (random port), reports {port} to the parent over IPC (and prints it),
// answers {cmd:'cpu'} with its CPU time, and exits when the parent goes away.
import http from 'node:http';
import { corePosts, createRestServer, memoryStore, seoA } from '../dist/index.js';
import { createNodeHandler } from '../dist/node.js';
import { BENCH_URLS, POSTS_JSON, SITE, benchModules, seedSeoPost } from './fixture.mjs';
import { signedInSite } from './signed-in.mjs';

const kind = process.argv[2];

async function handlerFor(kind) {
  if (kind === 'raw') {
    const headers = { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(POSTS_JSON) };
    return (req, res) => {
      res.writeHead(200, headers);
      res.end(POSTS_JSON);
    };
  }
  if (kind === 'same-answer') {
    // Reference only: site-rest's exact answers (status, headers, JSON) for the bench's URLs,
    // captured once at start, then encoded with JSON.stringify on every request as any server
    // answering from data must. What a WordPress-compatible answer costs with no routing,
    // validation or dispatch at all.
    const server = createRestServer({ site: SITE, namespaces: benchModules(), onError: () => {} });
    const answers = new Map();
    for (const url of BENCH_URLS) {
      const answer = await server.handle({ method: 'GET', url, headers: {} });
      const head = Object.entries(answer.headers).flatMap(([name, value]) =>
        Array.isArray(value) ? value.flatMap((v) => [name, v]) : [name, value],
      );
      answers.set(url, { status: answer.status, head, data: JSON.parse(answer.body) });
    }
    return (req, res) => {
      const answer = answers.get(req.url);
      const body = JSON.stringify(answer.data);
      res.writeHead(answer.status, [...answer.head, 'Content-Length', String(Buffer.byteLength(body))]);
      res.end(body);
    };
  }
  if (kind === 'site-rest') {
    const server = createRestServer({ site: SITE, namespaces: benchModules(), onError: () => {} });
    return createNodeHandler(server);
  }
  if (kind === 'seo-a') {
    // One post on a memory site store, with SEOPress's meta and options, under core/v2 and seo-a/v1.
    const store = memoryStore();
    await seedSeoPost(store);
    const server = createRestServer({ site: SITE, store, namespaces: [corePosts(), seoA()], onError: () => {} });
    return createNodeHandler(server);
  }
  if (kind === 'signed-in-memory' || kind === 'signed-in-pglite') {
    // The demo's posts and an administrator with an application password (bench/signed-in.mjs); its data directory goes with the process.
    const { rest } = await signedInSite(kind === 'signed-in-pglite' ? 'pglite' : 'memory');
    return createNodeHandler(rest);
  }
  throw new Error(
    `unknown server kind ${JSON.stringify(kind)} (raw | same-answer | site-rest | seo-a | signed-in-memory | signed-in-pglite)`,
  );
}

const server = http.createServer(await handlerFor(kind));
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  console.log(`${kind} listening on 127.0.0.1:${port}`);
  process.send?.({ port });
});

process.on('message', (message) => {
  if (message?.cmd === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});
process.on('disconnect', () => process.exit(0));
// Exiting rather than dying, so that exit handlers run (a PGlite site's directory is deleted).
process.on('SIGTERM', () => process.exit(0));
