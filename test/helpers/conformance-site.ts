// The site every adapter serves in the conformance suite: a small shop namespace with
// pagination, a write behind a capability, a batchable route, a header echo and a large answer.
import { createRestServer, RestResponse, type NamespaceModule, type RestServer } from '../../src/index.js';
import { createUserStore } from '../../src/node.js';

const ADMIN_PASSWORD = 'lOMiQ1FFKHcJlSrUKdWEG9s2';

function shop(): NamespaceModule {
  const items = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `Item ${i + 1}`, tags: [] as string[] }));
  return {
    namespace: 'shop/v1',
    routes: [
      {
        path: '/items',
        allowBatch: { v1: true },
        endpoints: [
          {
            methods: 'GET',
            args: {
              per_page: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
              page: { type: 'integer', minimum: 1, default: 1 },
            },
            handler: (request, context) => {
              const perPage = request.params.per_page as number;
              const page = request.params.page as number;
              const pages = Math.ceil(items.length / perPage);
              const response = new RestResponse(items.slice((page - 1) * perPage, page * perPage));
              response.header('X-WP-Total', items.length).header('X-WP-TotalPages', pages);
              if (page > 1) response.linkHeader('prev', context.restUrl('/shop/v1/items', { per_page: perPage, page: page - 1 }));
              if (page < pages) response.linkHeader('next', context.restUrl('/shop/v1/items', { per_page: perPage, page: page + 1 }));
              return response;
            },
          },
          {
            methods: 'POST',
            permission: 'edit_posts',
            args: { name: { type: 'string', required: true, minLength: 1 }, tags: { type: 'array', items: { type: 'string' } } },
            handler: (request, context) => {
              const item = {
                id: items.length + 1,
                name: String(request.params.name),
                tags: (request.params.tags as string[] | undefined) ?? [],
              };
              items.push(item);
              return new RestResponse(item, 201, { Location: context.restUrl(`/shop/v1/items/${item.id}`) });
            },
          },
        ],
      },
      {
        path: '/echo-headers',
        endpoints: [{ methods: 'GET', handler: (request) => ({ x_tag: request.headers['x-tag'] ?? null }) }],
      },
      {
        path: '/large',
        endpoints: [
          {
            methods: 'GET',
            handler: () => Array.from({ length: 3000 }, (_, i) => ({ id: i, text: `row ${i} ${'é'.repeat(20)}` })),
          },
        ],
      },
    ],
  };
}

/** A fresh server of the conformance site, with its own storage and an `admin` who signs in with {@link ADMIN_PASSWORD}. */
export async function conformanceServer(): Promise<RestServer> {
  const users = await createUserStore({ users: [{ username: 'admin', roles: ['administrator'] }] });
  await users.createApplicationPassword('admin', { name: 'conformance', password: ADMIN_PASSWORD });
  return createRestServer({ site: { name: 'Conformance Shop', url: 'http://site.test' }, namespaces: [shop()], users, onError: () => {} });
}
