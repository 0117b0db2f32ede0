// Registration refuses mistakes at startup, each message naming the route or option and the
// likely intended word, while every shipped table and an index copied from a real site register.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contactForms,
  corePosts,
  createRestServer,
  modulesFromIndex,
  oembed,
  variantA,
  variantB,
  type ArgSchema,
  type NamespaceModule,
  type RestServerOptions,
} from '../src/index.js';
import { FIXTURES } from './helpers/peer.js';

const site = { name: 'Typos', url: 'http://typos.test' };
const handler = () => ({ ok: true });

function withEndpoint(endpoint: Record<string, unknown>, path = '/things'): NamespaceModule {
  return { namespace: 'typos/v1', routes: [{ path, endpoints: [{ methods: ['GET'], handler, ...endpoint }] }] };
}
const register =
  (module: NamespaceModule, options: Partial<RestServerOptions> = {}) =>
  () =>
    createRestServer({ site, namespaces: [module], ...options });
const withArg = (schema: Record<string, unknown>) => withEndpoint({ args: { count: schema as ArgSchema } });

describe('registration refuses', () => {
  it('an unknown method, suggesting the near one', () => {
    expect(register(withEndpoint({ methods: 'GTE' }))).toThrow(
      /route \/typos\/v1\/things declares the unknown method "GTE"; did you mean "GET"\?/,
    );
    expect(register(withEndpoint({ methods: 'POST, PUT, PATCH' }))).not.toThrow();
  });

  it('a permission that is neither public nor a known capability, unless declared', () => {
    expect(register(withEndpoint({ permission: 'pubilc' }))).toThrow(
      /GET \/typos\/v1\/things requires the unknown capability "pubilc"; did you mean "public"\?/,
    );
    expect(register(withEndpoint({ permission: 'edit_post' }))).toThrow(/did you mean "edit_posts"\?/);
    expect(register(withEndpoint({ permission: 'manage_shop' }), { capabilities: ['manage_shop'] })).not.toThrow();
    expect(register(withEndpoint({ permission: 'anything' }), { capabilities: 'any' })).not.toThrow();
  });

  it('an unknown type, at any depth, suggesting the built-in one', () => {
    expect(register(withArg({ type: 'int' }))).toThrow(/arg "count" has the unknown type "int"; did you mean "integer"\?/);
    expect(register(withArg({ type: 'array', items: { type: 'object', properties: { on: { type: 'bool' } } } }))).toThrow(
      /arg "count" at items\.properties\.on has the unknown type "bool"; did you mean "boolean"\?/,
    );
  });

  it('an unknown schema keyword, suggesting the near one, unless the host allows it', () => {
    expect(register(withArg({ type: 'integer', minimun: 1 }))).toThrow(
      /arg "count" has the unknown schema keyword "minimun"; did you mean "minimum"\?/,
    );
    expect(register(withArg({ anyOf: [{ type: 'string', maxLenght: 3 }] }))).toThrow(
      /at anyOf\[0\] has the unknown schema keyword "maxLenght"; did you mean "maxLength"\?/,
    );
    expect(register(withArg({ type: 'integer', 'x-unit': 'kg' }), { schemaKeywords: ['x-unit'] })).not.toThrow();
    expect(register(withArg({ type: 'int', whatever: 1 }), { schemaKeywords: 'any' })).not.toThrow();
  });

  it('a path parameter without a name, or the same name twice', () => {
    expect(register(withEndpoint({}, '/g/:'))).toThrow(/invalid route pattern "\/typos\/v1\/g\/:": a path parameter has no name/);
    expect(register(withEndpoint({}, '/g/:id/:id'))).toThrow(/the path parameter "id" appears twice/);
    expect(register(withEndpoint({}, '/g/(?P<>\\d+)'))).toThrow(/invalid route pattern/);
  });

  it('a summary that is not one line of text', () => {
    for (const summary of ['', 'List things\nand more', 42]) {
      expect(register(withEndpoint({ summary }))).toThrow('site-rest: GET /typos/v1/things has a summary that is not one line of text');
    }
    expect(register(withEndpoint({ summary: 'List things' }))).not.toThrow();
  });

  it('missing or malformed options, naming the option', () => {
    expect(() => createRestServer({} as RestServerOptions)).toThrow(/createRestServer options\.site is required/);
    expect(() => createRestServer({ site: { name: 'x' } })).toThrow(/options\.site\.url is required/);
    expect(() => createRestServer({ site: { name: 'x', url: 'example.com' } })).toThrow(
      /options\.site\.url must be an absolute http\(s\) URL/,
    );
    expect(() => createRestServer({ site, maxBatchSize: 0 })).toThrow(/options\.maxBatchSize must be at least 1/);
    expect(() => createRestServer({ site, onErrror: () => {} } as RestServerOptions)).toThrow(
      /options has unknown option "onErrror" \(did you mean "onError"\?\)/,
    );
    expect(() => createRestServer({ site, namespaces: [{ namespace: 'x/v1' }] } as unknown as RestServerOptions)).toThrow(
      /options\.namespaces\.0\.routes/,
    );
  });
});

describe('registration accepts', () => {
  it('every shipped namespace and both variants', () => {
    for (const namespaces of [[corePosts(), oembed(), contactForms()], variantA(), variantB()]) {
      expect(() => createRestServer({ site, namespaces })).not.toThrow();
    }
  });

  it("a table copied from a real site's index, with WordPress's leniency (modulesFromIndex marks it strict: false)", () => {
    const index = JSON.parse(readFileSync(join(FIXTURES, 'wp-6.1', 'index-with-spec-routes.json'), 'utf8')) as {
      body: { routes: Parameters<typeof modulesFromIndex>[0] };
    };
    const modules = modulesFromIndex(index.body.routes);
    expect(modules.every((module) => module.strict === false)).toBe(true);
    expect(() => createRestServer({ site, namespaces: modules, unsafePatterns: 'allow' })).not.toThrow();
  });
});
