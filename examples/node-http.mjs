// A plain node:http app that serves its own pages and mounts the shop namespace.
// Run it after `npm run build`:  node examples/node-http.mjs   (PORT=… to change the port)
import { createServer } from 'node:http';
import { createRestServer } from 'site-rest';
import { createNodeHandler } from 'site-rest/node';
import { addEditor, shopNamespace, startupLines } from './shop.mjs';

const port = Number(process.env.PORT ?? 8081);
const base = `http://127.0.0.1:${port}`;
const rest = createRestServer({ site: { name: 'Tea Shop', url: base }, namespaces: [shopNamespace()] });
const password = await addEditor(rest);

const api = createNodeHandler(rest);
createServer((req, res) =>
  api(req, res, () => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(`<h1>Tea Shop</h1><p>The API lives at <a href="/wp-json/">/wp-json/</a>.</p>`);
  }),
).listen(port, '127.0.0.1', () => console.log(startupLines('Tea Shop (node:http)', base, rest, password)));
