import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../src/cli/common.js';
import { openapi as openapiCommand } from '../src/cli/openapi.js';
import {
  coreAbilities,
  createAbilityRegistry,
  createRestServer,
  modulesFromIndex,
  variantA,
  variantB,
  type IndexRoute,
  type NamespaceModule,
  type OpenApiDocument,
} from '../src/index.js';
import { FIXTURES } from './helpers/peer.js';

const INDEX_FILE = join(FIXTURES, 'wp-6.1', 'index-root.json');
const SITE = { name: 'Shop', description: 'A test shop', url: 'https://shop.example' };
const temporary: string[] = [];
afterAll(() => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'site-rest-openapi-'));
  temporary.push(dir);
  return dir;
}

/** The problems a maintained OpenAPI validator finds, or [] when the document is valid 3.1. */
async function problems(document: unknown): Promise<unknown[]> {
  const validator = new Validator();
  const result = await validator.validate(document as Record<string, unknown>);
  expect(validator.version).toBe('3.1');
  return result.valid ? [] : [result.errors].flat();
}

/**
 * The problems Redocly's `recommended` rules find, as `severity rule-id`. The one warning left,
 * `info-license`, asks for the licence of the API described: that is the site owner's to state,
 * not the library's, and a host adds it to the document it publishes.
 */
async function lintProblems(document: unknown): Promise<string[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const found = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
  return found.map((problem) => `${problem.severity} ${problem.ruleId}`);
}

/** Every operation of a document, with its method and path. */
function operations(document: OpenApiDocument): Array<{ method: string; path: string; summary?: unknown; operationId?: unknown }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => typeof operation === 'object' && operation !== null && 'responses' in operation)
      .map(([method, operation]) => ({ method, path, ...(operation as { summary?: unknown; operationId?: unknown }) })),
  );
}

async function wordpressRoutes(): Promise<Record<string, IndexRoute>> {
  return (JSON.parse(await readFile(INDEX_FILE, 'utf8')) as { body: { routes: Record<string, IndexRoute> } }).body.routes;
}

const ok = () => ({ ok: true });

/** A namespace with one of each thing the export translates. */
const shop: NamespaceModule = {
  namespace: 'shop/v1',
  routes: [
    {
      path: '/items/(?P<id>[\\d]+)',
      endpoints: [
        {
          methods: ['GET'],
          args: {
            id: { type: 'integer', description: 'The item.' },
            context: { type: 'string', enum: ['view', 'edit'], default: 'view' },
            tags: { type: 'array', items: { type: 'integer' } },
            filter: { type: 'object', properties: { color: { type: 'string' } } },
          },
          permission: 'public',
          handler: ok,
        },
        {
          methods: ['POST', 'PUT', 'PATCH'],
          args: {
            name: { type: 'string', required: true, minLength: 1 },
            price: { type: 'number', minimum: 0, exclusiveMinimum: true },
            labels: { type: 'array', items: { type: 'string', pattern: '^[\\w\\-\\@]+$' } },
            size: { type: 'object', properties: { width: { type: 'integer', required: true }, unit: { type: 'string' } } },
          },
          permission: 'edit_posts',
          handler: ok,
        },
        { methods: ['DELETE'], args: { force: { type: 'boolean', default: false } }, handler: ok },
      ],
    },
    { path: '/items/:slug/notes', endpoints: [{ methods: ['GET'], summary: "List an item's notes", permission: 'public', handler: ok }] },
    { path: '/archive(?:/(?P<year>\\d{4}))?', endpoints: [{ methods: ['GET'], permission: 'public', handler: ok }] },
    { path: '/checked', endpoints: [{ methods: ['POST'], permission: () => true, handler: ok }] },
  ],
};

type Operation = {
  summary: string;
  operationId: string;
  parameters?: Array<Record<string, unknown>>;
  requestBody?: { required?: boolean; content: Record<string, { schema: Record<string, unknown>; encoding?: Record<string, unknown> }> };
  responses: Record<string, unknown>;
  security: unknown[];
};

function shopDocument(routing?: 'path' | 'query') {
  return createRestServer({ site: SITE, namespaces: [shop], routing }).openapi({ version: '2.0.0' });
}

function operationOf(document: { paths: Record<string, Record<string, unknown>> }, path: string, method: string): Operation {
  const item = document.paths[path];
  expect(item, `no path ${path}`).toBeDefined();
  return item![method] as Operation;
}

describe('server.openapi()', () => {
  it('describes variants A and B, and WordPress 6.1 own index, as valid OpenAPI 3.1', async () => {
    const a = createRestServer({ site: SITE, namespaces: variantA() }).openapi();
    const b = createRestServer({ site: SITE, namespaces: variantB(), routing: 'query' }).openapi();
    const wordpress = createRestServer({
      site: SITE,
      namespaces: modulesFromIndex(await wordpressRoutes()),
      unsafePatterns: 'allow',
    }).openapi();
    for (const document of [a, b, wordpress]) {
      expect(document.openapi).toBe('3.1.0');
      expect(await problems(document)).toEqual([]);
    }
    expect(Object.keys(a.paths)).toContain('/core/v2/posts/{id}');
    expect(Object.keys(b.paths)).toContain('/contact-forms/v1/contact-forms/{id}/feedback');
  });

  it('the validator catches a broken document, so its pass means something', async () => {
    const document = shopDocument();
    const broken = { ...document, paths: { ...document.paths, '/x': { get: { parameters: [{ name: 'a', in: 'body' }] } } } };
    expect(await problems(broken)).not.toEqual([]);
  });

  it("covers every route of WordPress's index, each path naming its route key", async () => {
    const routes = await wordpressRoutes();
    const document = createRestServer({ site: SITE, namespaces: modulesFromIndex(routes), unsafePatterns: 'allow' }).openapi();
    const keys = Object.values(document.paths).map((item) => item['x-wp-route']);
    expect(new Set(keys)).toEqual(new Set(Object.keys(routes)));
    expect(document['x-site-rest-unexpressed-routes']).toBeUndefined();
    expect(document.paths['/wp/v2/users/{user_id}/application-passwords/{uuid}']).toBeDefined();
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((op) => (typeof op === 'object' && op !== null && 'operationId' in op ? [op.operationId] : [])),
    );
    expect(ids.length).toBeGreaterThan(200);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.tags.map((t) => t.name)).toEqual(['root', 'oembed/1.0', 'echo/v1', 'wp/v2', 'wp-site-health/v1', 'wp-block-editor/v1']);
  });

  it("passes Redocly's recommended rules for variants A and B: no errors, and the licence warning only", async () => {
    const io = { out: () => {}, err: () => {} };
    for (const variant of ['A', 'B']) {
      const document = await openapiCommand(['--variant', variant], io);
      expect(await lintProblems(document), `variant ${variant}`).toEqual(['warn info-license']);
    }
  });

  it('the linter refuses an operation without a summary, so its pass means something', async () => {
    const document = structuredClone(createRestServer({ site: SITE, namespaces: variantA() }).openapi());
    delete (document.paths['/core/v2/posts']!.get as { summary?: string }).summary;
    expect(await lintProblems(document)).toContain('error operation-summary');
  });

  it('gives every operation a summary and an operationId, unique and the same on every build', () => {
    for (const namespaces of [variantA, variantB]) {
      const document = createRestServer({ site: SITE, namespaces: namespaces() }).openapi();
      const listed = operations(document);
      for (const operation of listed) {
        expect(typeof operation.summary === 'string' && operation.summary.length > 0, `${operation.method} ${operation.path}`).toBe(true);
      }
      const ids = listed.map((operation) => operation.operationId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(operations(createRestServer({ site: SITE, namespaces: namespaces() }).openapi()).map((o) => o.operationId)).toEqual(ids);
    }
  });

  it("takes an endpoint's own summary, and words one from the method and path otherwise", () => {
    const document = shopDocument();
    expect(operationOf(document, '/shop/v1/items/{slug}/notes', 'get').summary).toBe("List an item's notes");
    expect(operationOf(document, '/shop/v1/items/{id}', 'get').summary).toBe('Retrieve an item');
    expect(operationOf(document, '/shop/v1/items/{id}', 'patch').summary).toBe('Update an item');
    expect(operationOf(document, '/shop/v1/items/{id}', 'delete').summary).toBe('Delete an item');
    const variant = createRestServer({ site: SITE, namespaces: variantA() }).openapi();
    expect(operationOf(variant, '/core/v2/posts', 'get').summary).toBe('List posts');
    expect(operationOf(variant, '/core/v2/posts', 'post').summary).toBe('Create a post');
    expect(operationOf(variant, '/', 'get').summary).toBe('Describe the site and its routes');
  });

  it("describes core/v2's title, content and excerpt as their raw text or the object WordPress lists", () => {
    const document = createRestServer({ site: SITE, namespaces: variantA() }).openapi();
    const body = operationOf(document, '/core/v2/posts', 'post').requestBody!.content['application/json']!.schema as {
      properties: Record<string, { anyOf?: Array<Record<string, unknown>> }>;
    };
    expect(body.properties.title).toEqual({
      description: 'The title for the post.',
      anyOf: [
        { type: 'string', description: 'Title for the post, as it exists in the database.' },
        {
          type: 'object',
          properties: {
            raw: { type: 'string', description: 'Title for the post, as it exists in the database.' },
            rendered: { type: 'string', description: 'HTML title for the post, transformed for display.', readOnly: true },
          },
        },
      ],
    });
    for (const field of ['content', 'excerpt']) expect(body.properties[field]!.anyOf![0]!.type).toBe('string');
  });

  it('writes a regex path param as {id}, its regex anchored as the pattern and its arg as the schema', () => {
    const get = operationOf(shopDocument(), '/shop/v1/items/{id}', 'get');
    expect(get.operationId).toBe('get_shop_v1_items_id');
    expect(get.parameters![0]).toEqual({
      name: 'id',
      in: 'path',
      description: 'The item.',
      required: true,
      schema: { type: 'integer', description: 'The item.', pattern: '^(?:[\\d]+)$' },
    });
  });

  it('writes a path-to-regexp param as {slug}, any segment matching', () => {
    const get = operationOf(shopDocument(), '/shop/v1/items/{slug}/notes', 'get');
    expect(get.parameters).toEqual([{ name: 'slug', in: 'path', required: true, schema: { type: 'string', pattern: '^(?:[^/]+)$' } }]);
  });

  it('lists a route no path template can write, with why, instead of a wrong path', () => {
    const document = shopDocument();
    expect(Object.keys(document.paths).some((p) => p.includes('archive'))).toBe(false);
    expect(document['x-site-rest-unexpressed-routes']).toEqual([
      { route: '/shop/v1/archive(?:/(?P<year>\\d{4}))?', reason: '( outside a named group' },
    ]);
  });

  it('gives GET args as query parameters: enums, defaults, lists as a=1,2 and objects as a[k]=v', () => {
    const parameters = operationOf(shopDocument(), '/shop/v1/items/{id}', 'get').parameters!;
    expect(parameters.find((p) => p.name === 'context')).toEqual({
      name: 'context',
      in: 'query',
      schema: { type: 'string', enum: ['view', 'edit'], default: 'view' },
    });
    expect(parameters.find((p) => p.name === 'tags')).toMatchObject({ in: 'query', style: 'form', explode: false });
    expect(parameters.find((p) => p.name === 'filter')).toMatchObject({ in: 'query', style: 'deepObject', explode: true });
    const remove = operationOf(shopDocument(), '/shop/v1/items/{id}', 'delete');
    expect(remove.parameters!.map((p) => [p.name, p.in])).toEqual([
      ['id', 'path'],
      ['force', 'query'],
    ]);
    expect(remove.requestBody).toBeUndefined();
  });

  it('gives POST, PUT and PATCH args as a JSON or form body, with required args and draft-4 keywords in 2020-12 form', () => {
    const document = shopDocument();
    const post = operationOf(document, '/shop/v1/items/{id}', 'post');
    expect(post.parameters!.map((p) => p.name)).toEqual(['id']);
    expect(post.requestBody!.required).toBe(true);
    const schema = post.requestBody!.content['application/json']!.schema;
    expect(schema).toEqual({
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 1 },
        price: { type: 'number', exclusiveMinimum: 0 },
        labels: { type: 'array', items: { type: 'string', pattern: '^[\\w\\u002d\\u0040]+(?=\\n?$)' } },
        size: { type: 'object', properties: { width: { type: 'integer' }, unit: { type: 'string' } }, required: ['width'] },
      },
    });
    const form = post.requestBody!.content['application/x-www-form-urlencoded']!;
    expect(form.schema).toEqual(schema);
    expect(form.encoding).toEqual({ labels: { style: 'form', explode: false }, size: { style: 'deepObject', explode: true } });
    expect(operationOf(document, '/shop/v1/items/{id}', 'put').operationId).toBe('put_shop_v1_items_id');
    expect(operationOf(document, '/shop/v1/items/{id}', 'patch').requestBody).toEqual(post.requestBody);
  });

  it("answers every error status with WordPress's error schema, one shared component", () => {
    const document = shopDocument();
    const get = operationOf(document, '/shop/v1/items/{id}', 'get');
    for (const status of ['400', '401', '403', '404', '500'])
      expect(get.responses[status]).toEqual({ $ref: '#/components/responses/Error' });
    expect(get.responses['200']).toBeDefined();
    expect(document.components.responses).toEqual({
      Error: { description: 'A WordPress error.', content: { 'application/json': { schema: { $ref: '#/components/schemas/WP_Error' } } } },
    });
    const error = document.components.schemas!.WP_Error as { required: string[]; properties: Record<string, { required?: string[] }> };
    expect(error.required).toEqual(['code', 'message']);
    expect(Object.keys(error.properties)).toEqual(['code', 'message', 'data']);
    expect(error.properties.data!.required).toEqual(['status']);
  });

  it('offers application passwords and cookie + nonce, and asks for them where the permission does', () => {
    const document = shopDocument();
    expect(document.components.securitySchemes).toMatchObject({
      applicationPassword: { type: 'http', scheme: 'basic' },
      sessionCookie: { type: 'apiKey', in: 'cookie' },
      restNonce: { type: 'apiKey', in: 'header', name: 'X-WP-Nonce' },
    });
    const signedIn = [{ applicationPassword: [] }, { sessionCookie: [], restNonce: [] }];
    expect(operationOf(document, '/shop/v1/items/{id}', 'get').security).toEqual([{}]);
    expect(operationOf(document, '/shop/v1/items/{id}', 'post').security).toEqual(signedIn);
    // No permission on a write: signed-in users only, as the server enforces.
    expect(operationOf(document, '/shop/v1/items/{id}', 'delete').security).toEqual(signedIn);
    // A check decides per request: anonymous may pass.
    expect(operationOf(document, '/shop/v1/checked', 'post').security).toEqual([{}, ...signedIn]);
  });

  it('lists both URL forms as servers, the advertised one first', () => {
    expect(shopDocument().servers.map((s) => s.url)).toEqual([
      'https://shop.example/wp-json',
      'https://shop.example/index.php?rest_route=',
    ]);
    expect(shopDocument('query').servers.map((s) => s['x-site-rest-url-form'])).toEqual(['query', 'path']);
  });

  it('takes title, version and description, and names an unknown option', () => {
    const server = createRestServer({ site: SITE, namespaces: [shop] });
    expect(server.openapi().info).toEqual({ title: 'Shop', version: '1.0.0', description: 'A test shop' });
    expect(server.openapi({ title: 'T', version: '3', description: 'D' }).info).toEqual({ title: 'T', version: '3', description: 'D' });
    expect(() => server.openapi({ titel: 'T' } as never)).toThrow(
      'site-rest: openapi options has unknown option "titel" (did you mean "title"?)',
    );
    expect(() => server.openapi({ version: 3 } as never)).toThrow(/openapi options\.version must be a string/);
  });

  it('generates TypeScript types with openapi-typescript that a client type-checks against', async () => {
    const dir = await tempDir();
    const document = createRestServer({ site: SITE, namespaces: variantA() }).openapi();
    await writeFile(join(dir, 'api.d.ts'), astToString(await openapiTS(document as never)));
    await writeFile(
      join(dir, 'client.ts'),
      `import type { components, operations, paths } from './api';
type Post = paths['/core/v2/posts/{id}']['get'];
export const id: Post['parameters']['path']['id'] = 5;
export const query: operations['get_core_v2_posts']['parameters']['query'] = { context: 'edit', per_page: 10, author: [1, 2] };
type NewPost = NonNullable<paths['/core/v2/posts']['post']['requestBody']>['content']['application/json'];
export const draft: NewPost = { status: 'draft', sticky: false };
export const titled: NewPost = { title: 'Hello', content: { raw: '<p>Hi</p>' } };
// @ts-expect-error: status is one of WordPress's statuses
export const bad: NewPost = { status: 'bogus' };
export const error: components['schemas']['WP_Error'] = { code: 'rest_invalid_param', message: 'Invalid parameter(s): id', data: { status: 400 } };
`,
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const run = promisify(execFile);
    const args = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'commonjs', 'client.ts'];
    const failure = await run(process.execPath, [tsc, ...args], { cwd: dir, timeout: 60_000 }).then(
      () => '',
      (error: { stdout?: string; message: string }) => error.stdout || error.message,
    );
    expect(failure).toBe('');
  }, 90_000);
});

describe("a namespace's described operations", () => {
  const report = (path: string, method = 'GET') => ({
    route: '/reports/(?P<kind>[a-z]+)',
    path,
    method,
    summary: 'A report',
    operationId: 'report',
    answer: { description: 'The report.', schema: { type: 'object', properties: { total: { type: 'number', context: ['view'] } } } },
    errors: { 404: 'No such report.' },
    extensions: { 'x-shop-report': path },
  });
  const reports = (operations: ReturnType<typeof report>[], showInIndex = true): NamespaceModule => ({
    namespace: 'shop/v1',
    routes: [{ path: '/reports/(?P<kind>[a-z]+)', endpoints: [{ methods: ['GET'], permission: 'public', showInIndex, handler: ok }] }],
    openapi: () => operations,
  });
  const documentOf = (module: NamespaceModule) => createRestServer({ site: SITE, namespaces: [module] }).openapi();

  it('follow the route that serves them, with its security, their schemas converted as args are', async () => {
    const document = documentOf(reports([report('/reports/sales'), report('/reports/stock')]));
    expect(await problems(document)).toEqual([]);
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/shop/'))).toEqual([
      '/shop/v1',
      '/shop/v1/reports/{kind}',
      '/shop/v1/reports/sales',
      '/shop/v1/reports/stock',
    ]);
    expect(document.paths['/shop/v1/reports/stock']).toMatchObject({
      'x-wp-route': '/shop/v1/reports/(?P<kind>[a-z]+)',
      'x-shop-report': '/reports/stock',
    });
    const stock = operationOf(document, '/shop/v1/reports/stock', 'get');
    expect(stock).toMatchObject({ operationId: 'report_2', security: [{}], tags: ['shop/v1'] });
    expect(stock.responses['200']).toEqual({
      description: 'The report.',
      content: { 'application/json': { schema: { type: 'object', properties: { total: { type: 'number' } } } } },
    });
    expect(stock.responses['404']).toEqual({ $ref: '#/components/responses/Error', description: 'No such report.' });
  });

  it('leave out an operation whose route is not shown or whose method no endpoint serves, and refuse a templated path', () => {
    expect(Object.keys(documentOf(reports([report('/reports/sales')], false)).paths).some((p) => p.includes('sales'))).toBe(false);
    expect(Object.keys(documentOf(reports([report('/reports/sales', 'POST')])).paths).some((p) => p.includes('sales'))).toBe(false);
    expect(() => documentOf(reports([report('/reports/(?P<kind>[a-z]+)')]))).toThrow(
      'site-rest: shop/v1 describes the path /reports/(?P<kind>[a-z]+), which is not one concrete path',
    );
  });
});

describe('abilities in server.openapi()', () => {
  const RUN = '/core-abilities/v1/abilities/{name}/run';
  const ANYONE = [{}, { applicationPassword: [] }, { sessionCookie: [], restNonce: [] }];
  const abilitiesServer = (registry = createAbilityRegistry()) =>
    createRestServer({ site: SITE, namespaces: [coreAbilities({ registry })] });
  /** The paths an `x-wp-ability` marks, by ability. */
  const abilityPaths = (document: OpenApiDocument) =>
    Object.fromEntries(
      Object.entries(document.paths).flatMap(([path, item]) =>
        typeof item['x-wp-ability'] === 'string' ? [[item['x-wp-ability'], path]] : [],
      ),
    );

  it('describes each core ability shown in REST as its own run path beside the run route, with its input and output schema', async () => {
    const document = abilitiesServer().openapi();
    expect(await problems(document)).toEqual([]);
    expect(abilityPaths(document)).toEqual({
      'core/get-site-info': '/core-abilities/v1/abilities/core/get-site-info/run',
      'core/get-environment-info': '/core-abilities/v1/abilities/core/get-environment-info/run',
    });
    const paths = Object.keys(document.paths);
    expect(paths.slice(paths.indexOf(RUN), paths.indexOf(RUN) + 3)).toEqual([
      RUN,
      '/core-abilities/v1/abilities/core/get-site-info/run',
      '/core-abilities/v1/abilities/core/get-environment-info/run',
    ]);
    const item = document.paths['/core-abilities/v1/abilities/core/get-site-info/run']!;
    expect(item['x-wp-route']).toBe(document.paths[RUN]!['x-wp-route']);
    expect(Object.keys(item).filter((key) => !key.startsWith('x-'))).toEqual(['get']);
    const run = item.get as Operation & { description: string; responses: Record<string, Record<string, unknown>> };
    expect(run).toMatchObject({ summary: 'Get Site Information', operationId: 'run_core_get_site_info', security: ANYONE });
    expect(run.description).toMatch(/^Returns site information/);
    expect(run.parameters).toEqual([
      {
        name: 'input',
        in: 'query',
        schema: {
          type: 'object',
          default: {},
          properties: {
            fields: {
              type: 'array',
              description: 'Optional: Limit response to specific fields. If omitted, all fields are returned.',
              items: { type: 'string', enum: ['name', 'description', 'url', 'wpurl', 'admin_email', 'charset', 'language', 'version'] },
            },
          },
          additionalProperties: false,
        },
        style: 'deepObject',
        explode: true,
      },
    ]);
    const answer = run.responses['200'] as {
      content: { 'application/json': { schema: { properties: object; additionalProperties: boolean } } };
    };
    expect(Object.keys(answer.content['application/json'].schema.properties)).toEqual([
      'name',
      'description',
      'url',
      'wpurl',
      'admin_email',
      'charset',
      'language',
      'version',
    ]);
    expect(Object.keys(run.responses)).toEqual(['200', '400', '401', '403', '404', '405', '500']);
    expect(run.responses['400']!.description).toMatch(/^`ability_invalid_input`/);
    expect(run.responses['403']).toMatchObject({
      $ref: '#/components/responses/Error',
      description: expect.stringMatching(/rest_ability_cannot_execute/),
    });
    expect(run.responses['405']!.description).toContain('Read-only abilities require GET method.');
    const environment = operationOf(document, '/core-abilities/v1/abilities/core/get-environment-info/run', 'get');
    // No input schema: no input to give, and input given is refused.
    expect(environment.parameters).toBeUndefined();
    expect((environment.responses['400'] as { description: string }).description).toMatch(/^`ability_missing_input_schema`/);
  });

  it('leaves out an ability not shown in REST', () => {
    const registry = createAbilityRegistry();
    registry.registerAbility({
      name: 'shop/hidden',
      label: 'Hidden',
      description: 'Not shown in REST.',
      category: 'site',
      permission: () => true,
      execute: () => null,
      meta: { annotations: { readonly: true } },
    });
    const document = abilitiesServer(registry).openapi();
    expect(Object.keys(document.paths).filter((path) => /get-user-info|hidden/.test(path))).toEqual([]);
    expect(Object.keys(abilityPaths(document))).toEqual(['core/get-site-info', 'core/get-environment-info']);
  });

  it('describes an ability registered after the server was made, its WordPress-style schemas in 2020-12 form and its method from its annotations', async () => {
    const registry = createAbilityRegistry();
    const server = abilitiesServer(registry);
    expect(abilityPaths(server.openapi())['shop/paint']).toBeUndefined();
    registry.registerAbilityCategory({ slug: 'shop', label: 'Shop', description: 'Abilities of the shop.' });
    registry.registerAbility({
      name: 'shop/paint',
      label: 'Paint an item',
      description: 'Paints an item a colour.',
      category: 'shop',
      inputSchema: {
        type: 'object',
        properties: {
          id: { type: 'integer', required: true, minimum: 0, exclusiveMinimum: true },
          color: { type: 'string', format: 'hex-color', context: ['edit'] },
          note: { type: 'string', format: 'text-field' },
        },
        required: ['color'],
      },
      outputSchema: { type: 'object', properties: { id: { type: 'integer', readonly: true }, color: { type: 'string' } } },
      permission: () => true,
      execute: (input) => ({ id: input.id, color: input.color }),
      meta: { showInRest: true },
    });
    registry.registerAbility({
      name: 'shop/remove',
      label: 'Remove an item',
      description: 'Removes an item.',
      category: 'shop',
      inputSchema: { type: 'integer' },
      permission: () => true,
      execute: () => null,
      meta: { annotations: { destructive: true, idempotent: true }, showInRest: true },
    });
    const document = server.openapi();
    expect(await problems(document)).toEqual([]);
    expect(abilityPaths(document)).toMatchObject({
      'shop/paint': '/core-abilities/v1/abilities/shop/paint/run',
      'shop/remove': '/core-abilities/v1/abilities/shop/remove/run',
    });
    // Neither read-only nor destructive: POST, its input the JSON body's `input` (the run route reads no form).
    const paint = operationOf(document, '/core-abilities/v1/abilities/shop/paint/run', 'post');
    expect(Object.keys(document.paths['/core-abilities/v1/abilities/shop/paint/run']!).filter((key) => !key.startsWith('x-'))).toEqual([
      'post',
    ]);
    expect(paint.operationId).toBe('run_shop_paint');
    expect(paint.parameters).toBeUndefined();
    expect(paint.requestBody).toEqual({
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              input: {
                type: 'object',
                properties: {
                  id: { type: 'integer', exclusiveMinimum: 0 },
                  color: { type: 'string', format: 'hex-color' },
                  note: { type: 'string', format: 'text-field' },
                },
                required: ['id', 'color'],
              },
            },
            required: ['input'],
          },
        },
      },
    });
    expect((paint.responses['200'] as { content: Record<string, unknown> }).content['application/json']).toEqual({
      schema: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, color: { type: 'string' } } },
    });
    expect((paint.responses['405'] as { description: string }).description).toContain(
      'Abilities that perform updates require POST method.',
    );
    // Destructive and idempotent: DELETE, its input in ?input=; without an output schema, any answer.
    const remove = operationOf(document, '/core-abilities/v1/abilities/shop/remove/run', 'delete');
    expect(remove.parameters).toEqual([{ name: 'input', in: 'query', required: true, schema: { type: 'integer' } }]);
    expect((remove.responses['200'] as { content: Record<string, unknown> }).content['application/json']).toEqual({ schema: {} });
    expect((remove.responses['500'] as { description?: string }).description).toBeUndefined();
  });
});

describe('site-rest openapi', () => {
  function io() {
    const out: string[] = [];
    const err: string[] = [];
    return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
  }

  it('writes variant B to --out, its servers at the given URL', async () => {
    const file = join(await tempDir(), 'b.json');
    const { io: cli, err } = io();
    await openapiCommand(['--variant', 'b', '--out', file, '--url', 'https://b.example'], cli);
    const document = JSON.parse(await readFile(file, 'utf8')) as ReturnType<typeof shopDocument>;
    expect(await problems(document)).toEqual([]);
    expect(document.servers[0]!.url).toBe('https://b.example/index.php?rest_route=');
    expect(Object.keys(document.paths)).toContain('/contact-forms/v1/contact-forms');
    expect(document.paths['/core-abilities/v1/abilities/core/get-site-info/run']).toMatchObject({ 'x-wp-ability': 'core/get-site-info' });
    expect(err.join('')).toMatch(/^wrote .*b\.json: \d+ paths\n$/);
  });

  it('prints the document of a WordPress index file, variant A by default', async () => {
    const fromIndex = io();
    await openapiCommand([INDEX_FILE], fromIndex.io);
    const document = JSON.parse(fromIndex.out.join('')) as ReturnType<typeof shopDocument>;
    expect(document.paths['/wp/v2/posts/{id}']).toBeDefined();
    // The recording's URL is a placeholder: the default URL stands in.
    expect(document.servers[0]!.url).toBe('http://127.0.0.1:8080/wp-json');
    const byDefault = io();
    await openapiCommand([], byDefault.io);
    expect(Object.keys((JSON.parse(byDefault.out.join('')) as { paths: object }).paths)).toContain('/core/v2/posts');
  });

  it('refuses a variant and an index together, an unknown variant, and an unreadable index', async () => {
    await expect(openapiCommand(['--variant', 'A', INDEX_FILE], io().io)).rejects.toThrow(UsageError);
    await expect(openapiCommand(['--variant', 'C'], io().io)).rejects.toThrow('--variant must be A or B');
    await expect(openapiCommand([join(FIXTURES, 'missing.json')], io().io)).rejects.toThrow(/cannot read .*missing\.json/);
  });
});
