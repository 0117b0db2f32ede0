import { describe, expect, it } from 'vitest';
import { createRestServer, type NamespaceModule, type RestUser } from '../src/index.js';
import { createUserStore } from '../src/node.js';

const saved: Array<Record<string, unknown>> = [];
const shop: NamespaceModule = {
  namespace: 'shop/v1',
  routes: [
    {
      path: '/products',
      endpoints: [
        {
          methods: 'GET',
          args: { ids: { type: 'array', items: { type: 'integer' } }, on_sale: { type: 'boolean' } },
          handler: (request) => ({ query: request.query, params: request.params }),
        },
        {
          methods: 'POST',
          permission: 'edit_posts',
          args: { name: { type: 'string', required: true } },
          handler: (request, { user }) => {
            saved.push({ name: request.params.name, by: user?.id });
            return { name: request.params.name };
          },
        },
      ],
    },
  ],
};

const editor: RestUser = { id: 9, username: 'ed', can: (capability) => capability === 'edit_posts' };

describe('server.inject', () => {
  const server = createRestServer({ site: { name: 'Shop', url: 'http://shop.test' }, namespaces: [shop], onError: () => {} });

  it('encodes a query object as PHP does and answers the decoded JSON', async () => {
    const answer = await server.inject({ path: '/shop/v1/products', query: { ids: [3, 4], on_sale: true } });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ query: { ids: [3, 4], on_sale: true }, params: { ids: [3, 4], on_sale: true } });
    expect(answer.headers['Content-Type']).toBe('application/json; charset=UTF-8');
  });

  it('sends a lone surrogate in a query as U+FFFD, as a client’s UTF-8 bytes carry it, instead of throwing', async () => {
    const answer = await server.inject<{ query: Record<string, string> }>({ path: '/shop/v1/products', query: { note: 'a\ud800b' } });
    expect(answer.status).toBe(200);
    expect(answer.data.query).toEqual({ note: 'a\ufffdb' });
  });

  it('runs as the given user without credentials, and as anonymous with user null', async () => {
    saved.length = 0;
    const created = await server.inject({ method: 'POST', path: '/shop/v1/products', body: { name: 'Teapot' }, user: editor });
    expect(created).toMatchObject({ status: 200, data: { name: 'Teapot' } });
    expect(saved).toEqual([{ name: 'Teapot', by: 9 }]);
    const refused = await server.inject({ method: 'POST', path: '/shop/v1/products', body: { name: 'Cup' }, user: null });
    expect(refused).toMatchObject({ status: 401, data: { code: 'rest_forbidden' } });
    expect(saved).toHaveLength(1);
  });

  it('answers validation errors exactly as over HTTP', async () => {
    const answer = await server.inject({ path: '/shop/v1/products?ids=x', user: editor });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ code: 'rest_invalid_param', data: { params: { ids: 'ids[0] is not of type integer.' } } });
  });

  it('authenticates the request headers when no user is given', async () => {
    const users = await createUserStore({ users: [{ username: 'ed', roles: ['editor'] }] });
    await users.createApplicationPassword('ed', { name: 't', password: 'PxxnucSKUrr4xf2K31wallSq' });
    const withUsers = createRestServer({ site: { name: 'Shop', url: 'http://shop.test' }, namespaces: [shop], users });
    const authorization = `Basic ${Buffer.from('ed:PxxnucSKUrr4xf2K31wallSq').toString('base64')}`;
    const answer = await withUsers.inject({
      method: 'POST',
      path: '/shop/v1/products',
      body: { name: 'Jug' },
      headers: { Authorization: authorization },
    });
    expect(answer.status).toBe(200);
  });

  it('reads answer headers in any case, listing them as WordPress capitalises them', async () => {
    const answer = await server.inject({ path: '/shop/v1/products' });
    expect(answer.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(answer.headers['X-ROBOTS-TAG']).toBe('noindex');
    expect('link' in answer.headers).toBe(true);
    expect(answer.headers['x-wp-nothing']).toBeUndefined();
    expect(Object.keys(answer.headers)).toContain('Content-Type');
    expect(Object.keys(answer.headers)).not.toContain('content-type');
  });

  it('takes the path with or without the API root, and in the ?rest_route= form', async () => {
    const expected = { status: 200, data: { params: { ids: [5] } } };
    expect(await server.inject({ path: '/shop/v1/products?ids=5' })).toMatchObject(expected);
    expect(await server.inject({ path: '/wp-json/shop/v1/products?ids=5' })).toMatchObject(expected);
    expect(await server.inject({ path: 'wp-json/shop/v1/products', query: { ids: [5] } })).toMatchObject(expected);
    expect(await server.inject({ path: '/?rest_route=/shop/v1/products&ids=5' })).toMatchObject(expected);
    expect(await server.inject({ path: '/index.php?rest_route=/shop/v1/products', query: { ids: [5] } })).toMatchObject(expected);
    expect(await server.inject({ path: '/wp-json' })).toMatchObject({ status: 200, data: { name: 'Shop' } });
    expect(await server.inject({ path: '/' })).toMatchObject({ status: 200, data: { name: 'Shop' } });
  });

  it('leaves data null for a HEAD request, whose answer has no body', async () => {
    const answer = await server.inject({ method: 'HEAD', path: '/shop/v1/products' });
    expect(answer).toMatchObject({ status: 200, data: null, body: '' });
  });

  it('answers the same decoded data on every read, in a copy of the answer too, and keeps data a caller assigns', async () => {
    const answer = await server.inject<{ params: { ids: number[] } }>({ path: '/shop/v1/products', query: { ids: [7] } });
    expect(Object.keys(answer)).toEqual(['status', 'headers', 'data', 'body']);
    expect(answer.data).toBe(answer.data);
    expect({ ...answer }.data).toEqual(JSON.parse(answer.body));
    answer.data.params.ids.push(8);
    expect(answer.data.params.ids).toEqual([7, 8]);
    answer.data = { params: { ids: [] } };
    expect(answer.data).toEqual({ params: { ids: [] } });
  });
});
