// A plain node:http app that serves its own pages and mounts the shop namespace on storage
// callbacks of its own (a Map standing in for a database), with the core posts beside it on
// the in-memory defaults.
// Run it after `npm run build`:  node examples/node-http.mjs   (PORT=… to change the port)
import { createServer } from 'node:http';
import { corePosts, createRestServer } from 'site-rest';
import { createNodeHandler } from 'site-rest/node';
import { editorUsers, shopNamespace, startupLines } from './shop.mjs';

const port = Number(process.env.PORT ?? 8081);
const base = `http://127.0.0.1:${port}`;
const products = new Map([[1, { id: 1, name: 'Samovar', price: 90 }]]);
const storage = {
  listProducts: async ({ maxPrice }) => [...products.values()].filter((p) => maxPrice === undefined || p.price <= maxPrice),
  getProduct: async (id) => products.get(id) ?? null,
  createProduct: async ({ name, price }) => {
    const product = { id: products.size + 1, name, price };
    products.set(product.id, product);
    return product;
  },
};

/** The site's server, once what it needs is ready (here its users; a host's store opens here too). */
async function start() {
  const { users, password } = await editorUsers();
  const rest = createRestServer({ users, site: { name: 'Tea Shop', url: base }, namespaces: [corePosts(), shopNamespace(storage)] });
  return { rest, password };
}

// Listens at once: requests that arrive while `start()` runs are held, then answered (503 if it fails).
const starting = start();
const api = createNodeHandler(starting.then(({ rest }) => rest));
const server = createServer((req, res) =>
  api(req, res, () => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(`<h1>Tea Shop</h1><p>The API lives at <a href="/wp-json/">/wp-json/</a>.</p>`);
  }),
);
const listening = new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
// The banner says the site is up, so it waits for both: the store may be ready before the socket is.
const [{ rest, password }] = await Promise.all([starting, listening]);
console.log(startupLines('Tea Shop (node:http)', base, rest, password));
