// Type tests: a route declared through route() keeps each endpoint's handler as written, so
// `inject<HandlerData<…>>` types the answer by what that handler returns, and the route still
// mounts as a RouteDefinition.
import { describe, expectTypeOf, it } from 'vitest';
import { createRestServer, respond, restError, route, type HandlerData, type RouteDefinition } from '../../src/index.js';

const product = route({
  path: '/products/(?P<id>\\d+)',
  endpoints: [
    {
      methods: ['GET'],
      args: { id: { type: 'integer', minimum: 1 } },
      permission: 'read',
      handler: (request) => {
        if (request.urlParams.id > 100) return restError('shop_no_product', 'No such product.', 404);
        return { id: request.urlParams.id, name: 'Teapot' };
      },
    },
    {
      methods: ['PUT'],
      args: { name: { type: 'string', required: true } },
      handler: async (request) => respond({ id: Number(request.urlParams.id), name: request.params.name }, 200),
    },
  ],
});

describe('a route declared through route()', () => {
  it("keeps each handler's result, so inject answers are typed by it", async () => {
    const server = createRestServer({
      site: { name: 'x', url: 'http://x.test' },
      namespaces: [{ namespace: 'shop/v1', routes: [product] }],
    });
    const read = await server.inject<HandlerData<(typeof product)['endpoints'][0]['handler']>>({ path: '/shop/v1/products/7' });
    expectTypeOf(read.data).toEqualTypeOf<{ id: number; name: string }>();
    const updated = await server.inject<HandlerData<(typeof product)['endpoints'][1]['handler']>>({ path: '/shop/v1/products/7' });
    expectTypeOf(updated.data).toEqualTypeOf<{ id: number; name: string }>();
  });

  it('keeps its handlers typed by its path and args, and is a RouteDefinition', () => {
    expectTypeOf<Parameters<(typeof product)['endpoints'][0]['handler']>[0]['urlParams']>().toEqualTypeOf<{ id: number }>();
    expectTypeOf<Parameters<(typeof product)['endpoints'][1]['handler']>[0]['params']['name']>().toEqualTypeOf<string>();
    expectTypeOf(product).toExtend<RouteDefinition>();
  });

  it('still refuses a mistyped key or capability', () => {
    // @ts-expect-error 'shema' is no key of a route ('schema' is)
    route({ path: '/a', shema: () => ({}), endpoints: [{ methods: ['GET'], handler: () => null }] });
    // @ts-expect-error 'permision' is no key of an endpoint ('permission' is)
    route({ path: '/a', endpoints: [{ methods: ['GET'], permision: 'read', handler: () => null }] });
    // @ts-expect-error 'edit_post' is not a capability of WordPress's roles ('edit_posts' is)
    route({ path: '/a', endpoints: [{ methods: ['GET'], permission: 'edit_post', handler: () => null }] });
  });
});
