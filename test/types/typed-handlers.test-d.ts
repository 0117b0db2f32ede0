// Type tests: handlers get their params typed from args written `as const` or through `args()`,
// and their URL params from the route path; typos in capabilities and params do not compile.
import { describe, expectTypeOf, it } from 'vitest';
import { args, bindRoutes, createRestServer, route, type EndpointDefinition } from '../../src/index.js';
import type { CheckNameOf, RouteSpecTable } from '../../src/namespaces/define.js';

describe('typed handlers', () => {
  it('types params from args: number, boolean, enum, array, object; required or defaulted ones present', () => {
    route({
      path: '/items',
      endpoints: [
        {
          methods: ['GET'],
          args: {
            page: { type: 'integer', default: 1 },
            search: { type: 'string' },
            order: { type: 'string', enum: ['asc', 'desc'], required: true },
            sticky: { type: 'boolean' },
            tags: { type: 'array', items: { type: 'integer' } },
            where: { type: 'object', properties: { city: { type: 'string', required: true }, zip: { type: 'string' } } },
            either: { type: ['string', 'null'] },
          },
          handler: (request) => {
            expectTypeOf(request.params.page).toEqualTypeOf<number>();
            expectTypeOf(request.params.search).toEqualTypeOf<string | undefined>();
            expectTypeOf(request.params.order).toEqualTypeOf<'asc' | 'desc'>();
            expectTypeOf(request.params.sticky).toEqualTypeOf<boolean | undefined>();
            expectTypeOf(request.params.tags).toEqualTypeOf<number[] | undefined>();
            expectTypeOf(request.params.where!.city).toEqualTypeOf<string>();
            expectTypeOf(request.params.where!.zip).toEqualTypeOf<string | undefined>();
            expectTypeOf(request.params.either).toEqualTypeOf<string | null | undefined>();
            // Params the endpoint does not declare stay readable.
            expectTypeOf(request.params._fields).toEqualTypeOf<unknown>();
            // @ts-expect-error a declared number is not a string
            request.params.page.toUpperCase();
            return null;
          },
        },
      ],
    });
  });

  it('types URL params from a WordPress regex or a path-to-regexp path, by their arg when declared', () => {
    route({
      path: '/items/(?P<id>\\d+)/notes/(?P<note>[\\w-]+)',
      endpoints: [
        {
          methods: ['GET'],
          args: { id: { type: 'integer' } },
          handler: (request) => {
            expectTypeOf(request.urlParams).toEqualTypeOf<{ id: number; note: string }>();
            return null;
          },
        },
      ],
    });
    route({
      path: '/files/:folder/*rest',
      endpoints: [
        {
          methods: ['GET'],
          handler: (request) => {
            expectTypeOf(request.urlParams).toEqualTypeOf<{ folder: string; rest: string }>();
            // @ts-expect-error no such URL param
            void request.urlParams.nope;
            return null;
          },
        },
      ],
    });
  });

  it('gives each endpoint of a route its own params', () => {
    route({
      path: '/things/:id',
      endpoints: [
        {
          methods: ['GET'],
          args: { context: { type: 'string', enum: ['view', 'edit'], default: 'view' } },
          handler: (r) => expectTypeOf(r.params.context).toEqualTypeOf<'view' | 'edit'>(),
        },
        {
          methods: ['POST'],
          args: { title: { type: 'string', required: true } },
          handler: (r) => expectTypeOf(r.params.title).toEqualTypeOf<string>(),
        },
      ],
    });
  });

  it('keeps literal types through args() for handlers written apart', () => {
    const listArgs = args({ per_page: { type: 'integer', minimum: 1, default: 10 } });
    const endpoint: EndpointDefinition = {
      methods: ['GET'],
      args: listArgs,
      handler: (request) => request.params.per_page,
    };
    expectTypeOf(listArgs.per_page.default).toEqualTypeOf<10>();
    void endpoint;
  });

  it('rejects a misspelled capability and accepts a declared custom one', () => {
    createRestServer({
      site: { name: 'x', url: 'http://x.test' },
      namespaces: [
        {
          namespace: 'x/v1',
          routes: [
            // @ts-expect-error 'edit_post' is not a capability of WordPress's roles ('edit_posts' is)
            { path: '/a', endpoints: [{ methods: ['GET'], permission: 'edit_post', handler: () => null }] },
            { path: '/b', endpoints: [{ methods: ['GET'], permission: 'edit_posts', handler: () => null }] },
          ],
        },
      ],
    });
  });

  it('types an arg with a sanitizeCallback by what the callback returns', () => {
    route({
      path: '/notes',
      endpoints: [
        {
          methods: ['POST'],
          args: {
            body: { type: 'object', sanitizeCallback: (value: unknown) => value },
            tag: { type: 'string', sanitizeCallback: (value: unknown) => String(value).length },
          },
          handler: (request) => {
            expectTypeOf(request.params.body).toEqualTypeOf<unknown>();
            expectTypeOf(request.params.tag).toEqualTypeOf<number | undefined>();
            return null;
          },
        },
      ],
    });
  });

  it('types each check by every endpoint of the routes naming it, and names only the checks the table names', () => {
    const table = [
      {
        path: '/items/(?P<id>\\d+)',
        endpoints: [
          {
            methods: ['GET'],
            args: { id: { type: 'integer' }, context: { type: 'string', enum: ['view', 'edit'], default: 'view' } },
            handler: 'read',
            check: 'canRead',
          },
          { methods: ['DELETE'], args: { id: { type: 'integer' } }, handler: 'remove', permission: 'delete_posts' },
        ],
      },
    ] as const satisfies RouteSpecTable;
    expectTypeOf<CheckNameOf<typeof table>>().toEqualTypeOf<'canRead'>();
    bindRoutes(
      'x/v1',
      table,
      { read: () => null, remove: () => null },
      {
        canRead: (request) => {
          // The Allow header asks canRead with a DELETE request too, where context is undeclared.
          expectTypeOf(request.params.context).toEqualTypeOf<unknown>();
          expectTypeOf(request.urlParams.id).toEqualTypeOf<number>();
          return true;
        },
      },
    );
  });
});
