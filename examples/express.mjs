// An Express app with pages of its own and variant A's namespaces mounted beside them: its shop
// products kept by the app's own storage callbacks (a plain array standing in for a database),
// everything else (posts, oEmbed, the index-only core namespaces) on the in-memory defaults.
// The app answers CORS itself (`cors: false` keeps site-rest from adding any CORS header): only
// its own front end, FRONTEND_ORIGIN, may call the API from a browser.
// Run it after `npm run build`:  node examples/express.mjs   (PORT=… to change the port)
import express from 'express';
import { createRestServer, variantA } from 'site-rest';
import { createExpressMiddleware } from 'site-rest/express';
import { editorUsers, shopNamespace, startupLines } from './shop.mjs';

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
const frontend = process.env.FRONTEND_ORIGIN ?? 'http://localhost:5173';
const { users, password } = await editorUsers();
const rest = createRestServer({
  users,
  site: { name: 'Tea Shop', url: base },
  namespaces: [...variantA(), shopNamespace(storage)],
  cors: false,
});

const app = express();
app.use((req, res, next) => {
  res.vary('Origin');
  if (req.headers.origin === frontend) {
    res.set({
      'Access-Control-Allow-Origin': frontend,
      'Access-Control-Allow-Credentials': 'true',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type',
    });
    if (req.method === 'OPTIONS') return void res.set('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE').sendStatus(204);
  }
  next();
});
app.get('/', (_req, res) => void res.send('<h1>Tea Shop</h1><p>The API lives at <a href="/wp-json/">/wp-json/</a>.</p>'));
app.use(createExpressMiddleware(rest));
app.listen(port, '127.0.0.1', () => console.log(startupLines('Tea Shop (Express)', base, rest, password)));
