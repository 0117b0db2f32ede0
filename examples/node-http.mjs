// A plain node:http app that serves its own pages and mounts a small WordPress-style namespace.
// Run it after `npm run build`:  node examples/node-http.mjs   (then open the printed URL)
import { createServer } from 'node:http';
import { createRestServer, RestError } from 'site-rest';
import { createNodeHandler } from 'site-rest/node';

const products = new Map([
  [1, { id: 1, name: 'Teapot', price: 18 }],
  [2, { id: 2, name: 'Cup', price: 6 }],
]);

const port = Number(process.env.PORT ?? 8081);
const rest = createRestServer({
  site: { name: 'Tea Shop', url: `http://127.0.0.1:${port}` },
  namespaces: [
    {
      namespace: 'shop/v1',
      routes: [
        {
          path: '/products',
          endpoints: [
            {
              methods: 'GET',
              args: { max_price: { type: 'number', minimum: 0, description: 'Only products up to this price.' } },
              handler: (request) => {
                const max = request.params.max_price;
                return [...products.values()].filter((p) => max === undefined || p.price <= Number(max));
              },
            },
          ],
        },
        {
          path: '/products',
          allowBatch: { v1: true },
          endpoints: [
            {
              methods: 'POST',
              permission: 'edit_posts',
              denied: { code: 'shop_cannot_create', message: 'Sorry, you are not allowed to add products.' },
              args: {
                name: { type: 'string', required: true, minLength: 1 },
                price: { type: 'number', required: true, minimum: 0 },
              },
              handler: (request) => {
                const id = Math.max(0, ...products.keys()) + 1;
                const product = { id, name: request.params.name, price: request.params.price };
                products.set(id, product);
                return product;
              },
            },
          ],
        },
        {
          path: '/products/:id',
          endpoints: [
            {
              methods: 'GET',
              args: { id: { type: 'integer', minimum: 1 } },
              handler: (request) =>
                products.get(Number(request.params.id)) ??
                new RestError('shop_product_not_found', 'No product has that id.', { status: 404 }),
            },
          ],
        },
      ],
    },
  ],
});

// A shop editor who signs in with HTTP Basic `editor:<application password>`.
rest.users.addUser({ username: 'editor', roles: ['editor'] });
const { password } = await rest.users.createApplicationPassword('editor', { name: 'example', password: process.env.EDITOR_APP_PASSWORD });

const api = createNodeHandler(rest);
createServer((req, res) =>
  api(req, res, () => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(`<h1>Tea Shop</h1><p>The API lives at <a href="/wp-json/">/wp-json/</a>.</p>`);
  }),
).listen(port, '127.0.0.1', () => {
  console.log(`Tea Shop on http://127.0.0.1:${port}/ (API: ${rest.restUrl('/shop/v1/products')})`);
  console.log(`Add a product: curl -u 'editor:${password}' -H 'Content-Type: application/json' -d '{"name":"Tray","price":12}' ${rest.restUrl('/shop/v1/products')}`);
});
