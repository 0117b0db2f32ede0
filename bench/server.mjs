// Server entry for the throughput bench: `node bench/server.mjs raw|raw-json|site-rest`.
// Listens on 127.0.0.1 (random port), reports {port} to the parent over IPC (and prints it),
// answers {cmd:'cpu'} with its CPU time, and exits when the parent goes away.
import http from 'node:http';
import { POSTS, POSTS_JSON, SITE, benchModules } from './fixture.mjs';

const kind = process.argv[2];

async function handlerFor(kind) {
  if (kind === 'raw') {
    const headers = { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(POSTS_JSON) };
    return (req, res) => {
      res.writeHead(200, headers);
      res.end(POSTS_JSON);
    };
  }
  if (kind === 'raw-json') {
    // Reference only: the same, encoding the data on every request as any dynamic server must.
    return (req, res) => {
      const body = JSON.stringify(POSTS);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    };
  }
  if (kind === 'site-rest') {
    const { createRestServer } = await import('../dist/index.js');
    const { createNodeHandler } = await import('../dist/adapters/node.js');
    const server = createRestServer({ site: SITE, namespaces: benchModules(), onError: () => {} });
    return createNodeHandler(server);
  }
  throw new Error(`unknown server kind ${JSON.stringify(kind)} (raw | raw-json | site-rest)`);
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
