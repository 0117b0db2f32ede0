// The host's own namespace, shared by the examples: a tea shop whose products live wherever the
// host keeps them. The namespace only talks to `storage`, so a host passes its own callbacks
// (a database, an API) or takes the in-memory ones below.
import { RestError } from 'site-rest';
import { createUserStore } from 'site-rest/node';

/** In-memory storage for the shop: what the examples run on when the host brings none. */
export function memoryShopStorage() {
  const products = new Map([
    [1, { id: 1, name: 'Teapot', price: 18 }],
    [2, { id: 2, name: 'Cup', price: 6 }],
  ]);
  return {
    listProducts: async ({ maxPrice }) => [...products.values()].filter((p) => maxPrice === undefined || p.price <= maxPrice),
    getProduct: async (id) => products.get(id) ?? null,
    createProduct: async ({ name, price }) => {
      const product = { id: Math.max(0, ...products.keys()) + 1, name, price };
      products.set(product.id, product);
      return product;
    },
  };
}

/** The `shop/v1` namespace over the given storage callbacks. */
export function shopNamespace(storage = memoryShopStorage()) {
  return {
    namespace: 'shop/v1',
    routes: [
      {
        path: '/products',
        allowBatch: { v1: true },
        endpoints: [
          {
            methods: 'GET',
            args: { max_price: { type: 'number', minimum: 0, description: 'Only products up to this price.' } },
            handler: (request) => storage.listProducts({ maxPrice: request.params.max_price }),
          },
          {
            methods: 'POST',
            permission: 'edit_posts',
            denied: { code: 'shop_cannot_create', message: 'Sorry, you are not allowed to add products.' },
            args: {
              name: { type: 'string', required: true, minLength: 1 },
              price: { type: 'number', required: true, minimum: 0 },
            },
            handler: (request) => storage.createProduct({ name: request.params.name, price: request.params.price }),
          },
        ],
      },
      {
        path: '/products/:id',
        endpoints: [
          {
            methods: 'GET',
            args: { id: { type: 'integer', minimum: 1 } },
            handler: async (request) =>
              (await storage.getProduct(request.params.id)) ??
              new RestError('shop_product_not_found', 'No product has that id.', { status: 404 }),
          },
        ],
      },
    ],
  };
}

/** The examples' users: a shop editor, who signs in with HTTP Basic `editor:<application password>`. */
export async function editorUsers() {
  const users = await createUserStore({ users: [{ username: 'editor', roles: ['editor'] }] });
  const { password } = await users.createApplicationPassword('editor', { name: 'example', password: process.env.EDITOR_APP_PASSWORD });
  return { users, password };
}

/** The lines an example prints once it listens: where it is, and how to try a signed-in write. */
export function startupLines(name, base, rest, password) {
  return [
    `${name} on ${base}/ (API: ${rest.restUrl('/shop/v1/products')})`,
    `Add a product: curl -u 'editor:${password}' -H 'Content-Type: application/json' -d '{"name":"Tray","price":12}' ${rest.restUrl('/shop/v1/products')}`,
  ].join('\n');
}
