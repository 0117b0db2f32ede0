// How a host tests its own storage callbacks: mount the namespace on a server with a fake
// storage and send requests through `server.inject`, with no socket and no framework.
// Runs with the project's tests (`npm test`), or alone: npx vitest run examples/shop.test.mjs
import { describe, expect, it } from 'vitest';
import { createRestServer } from 'site-rest';
import { shopNamespace } from './shop.mjs';

const editor = { id: 5, username: 'ed', can: (capability) => capability === 'edit_posts' };

function fakeStorage() {
  const calls = [];
  return {
    calls,
    listProducts: async (query) => (calls.push(['list', query]), [{ id: 1, name: 'Teapot', price: 18 }]),
    getProduct: async (id) => (calls.push(['get', id]), id === 1 ? { id: 1, name: 'Teapot', price: 18 } : null),
    createProduct: async (fields) => (calls.push(['create', fields]), { id: 9, ...fields }),
  };
}

describe('the shop namespace over its storage callbacks', () => {
  it('hands the validated, coerced price filter to listProducts', async () => {
    const storage = fakeStorage();
    const server = createRestServer({ site: { name: 'Test', url: 'http://test.local' }, namespaces: [shopNamespace(storage)] });
    const answer = await server.inject({ path: '/shop/v1/products', query: { max_price: '20' } });
    expect(answer.status).toBe(200);
    expect(storage.calls).toEqual([['list', { maxPrice: 20 }]]);
  });

  it('never calls createProduct for an anonymous or invalid write', async () => {
    const storage = fakeStorage();
    const server = createRestServer({ site: { name: 'Test', url: 'http://test.local' }, namespaces: [shopNamespace(storage)] });
    const anonymous = await server.inject({ method: 'POST', path: '/shop/v1/products', body: { name: 'Tray', price: 4 } });
    expect(anonymous.data).toMatchObject({ code: 'shop_cannot_create', data: { status: 401 } });
    const invalid = await server.inject({ method: 'POST', path: '/shop/v1/products', body: { name: 'Tray', price: -1 }, user: editor });
    expect(invalid.data).toMatchObject({ code: 'rest_invalid_param' });
    expect(storage.calls).toEqual([]);
  });

  it('creates through createProduct for an editor', async () => {
    const storage = fakeStorage();
    const server = createRestServer({ site: { name: 'Test', url: 'http://test.local' }, namespaces: [shopNamespace(storage)] });
    const created = await server.inject({ method: 'POST', path: '/shop/v1/products', body: { name: 'Tray', price: 4 }, user: editor });
    expect(created).toMatchObject({ status: 200, data: { id: 9, name: 'Tray', price: 4 } });
    expect(storage.calls).toEqual([['create', { name: 'Tray', price: 4 }]]);
  });

  it('answers a WordPress-style 404 when getProduct finds nothing', async () => {
    const server = createRestServer({ site: { name: 'Test', url: 'http://test.local' }, namespaces: [shopNamespace(fakeStorage())] });
    const missing = await server.inject({ path: '/shop/v1/products/2' });
    expect(missing).toMatchObject({ status: 404, data: { code: 'shop_product_not_found' } });
  });
});
