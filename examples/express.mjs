// An Express app with pages of its own and variant A's namespaces mounted beside them: its shop
// products kept by the app's own storage callbacks (a plain array standing in for a database),
// everything else (posts, oEmbed, the index-only core namespaces) on the in-memory defaults.
// Run it after `npm run build`:  node examples/express.mjs   (PORT=… to change the port)
import express from 'express';
import { createRestServer, variantA } from 'site-rest';
import { createExpressMiddleware } from 'site-rest/express';
import { addEditor, shopNamespace, startupLines } from './shop.mjs';

const rows = [{ id: 1, name: 'Kettle', price: 30 }];
const storage = {
  listProducts: async ({ maxPrice }) => rows.filter((p) => maxPrice === undefined || p.price <= maxPrice),
  getProduct: async (id) => rows.find((p) => p.id === id) ?? null,
  createProduct: async ({ name, price }) => {
    const product = { id: rows.length + 1, name, price };
    rows.push(product);
    return product;
  },
};

const port = Number(process.env.PORT ?? 8082);
const base = `http://127.0.0.1:${port}`;
const rest = createRestServer({ site: { name: 'Tea Shop', url: base }, namespaces: [...variantA(), shopNamespace(storage)] });
const password = await addEditor(rest);

const app = express();
app.get('/', (_req, res) => void res.send('<h1>Tea Shop</h1><p>The API lives at <a href="/wp-json/">/wp-json/</a>.</p>'));
app.use(createExpressMiddleware(rest));
app.listen(port, '127.0.0.1', () => console.log(startupLines('Tea Shop (Express)', base, rest, password)));
