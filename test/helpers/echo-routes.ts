// A TypeScript port of the `echo/v1` routes of the peer recordings' echo-routes.php (shared/peer/), the routes the
// WordPress recordings in test/fixtures/wp-6.1 were made against. Same descriptors, same order.
import {
  RestError,
  RestResponse,
  sanitizeValue,
  validateValue,
  type ArgSchema,
  type EndpointDefinition,
  type NamespaceModule,
  type RestContext,
  type RestRequest,
} from '../../src/index.js';

const echoParams = (request: RestRequest) => request.params;

function contentType(request: RestRequest): Record<string, string> | null {
  const header = request.headers['content-type'];
  if (!header) return null;
  const [value = '', ...rest] = header.split(';');
  const media = value.trim().toLowerCase();
  const [type = '', subtype = ''] = media.split('/');
  return { value: media, type, subtype, parameters: rest.join(';').trim() };
}

const echoSources = (request: RestRequest) => ({
  method: request.method,
  route: request.route,
  params: request.params,
  query: request.query,
  body: request.body,
  json: request.json ?? null,
  url: request.urlParams,
  defaults: request.defaults,
  content_type: contentType(request),
});

const canEditPosts = (_request: RestRequest, context: RestContext) => context.user?.can('edit_posts') ?? false;

const argsSchema: Record<string, ArgSchema> = {
  req: { type: 'string', required: true, description: 'Required string.' },
  opt: { type: 'string', default: 'dflt' },
  count: { type: 'integer', minimum: 1, maximum: 10 },
  ratio: { type: 'number', minimum: 0, maximum: 1, exclusiveMinimum: true },
  color: { type: 'string', enum: ['red', 'green', 'blue'] },
  flag: { type: 'boolean' },
  tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, maxItems: 3 },
  ids: { type: 'array', items: { type: 'integer' }, uniqueItems: true },
  title: { type: 'string', minLength: 2, maxLength: 5 },
  when: { type: 'string', format: 'date-time' },
  link: { type: 'string', format: 'uri' },
  email: { type: 'string', format: 'email' },
  code: { type: 'string', pattern: '^[A-Z]{3}$' },
};

// Core controllers' style: explicit validate/sanitize callbacks (rest_validate_request_arg and
// rest_sanitize_request_arg), which move validation into args order.
const validatedSchema: Record<string, ArgSchema> = Object.fromEntries(
  Object.entries(argsSchema).map(([name, schema]) => [
    name,
    {
      ...schema,
      validateCallback: (value: unknown, param: string) => validateValue(value, schema, param),
      sanitizeCallback: (value: unknown, param: string) => sanitizeValue(value, schema, param),
    },
  ]),
);

const nArgs: Record<string, ArgSchema> = {
  n: { type: 'integer', required: true, minimum: 0 },
  label: { type: 'string' },
};

const open = 'public' as const;
const get = (args: Record<string, ArgSchema>, extra: Partial<EndpointDefinition> = {}): EndpointDefinition => ({
  methods: 'GET',
  args,
  permission: open,
  handler: echoParams,
  ...extra,
});

/** The echo/v1 namespace of the recorded WordPress site. */
export const echoRoutes: NamespaceModule = {
  namespace: 'echo/v1',
  routes: [
    { path: '/args', endpoints: [{ methods: 'GET, POST', args: argsSchema, permission: open, handler: echoParams }] },
    { path: '/validated', endpoints: [{ methods: 'GET, POST', args: validatedSchema, permission: open, handler: echoParams }] },
    {
      path: '/object',
      endpoints: [
        {
          methods: 'POST, PUT',
          permission: open,
          handler: echoParams,
          args: {
            meta: {
              type: 'object',
              required: ['a'],
              properties: {
                a: { type: 'integer' },
                b: { type: 'string', enum: ['x', 'y'] },
                c: { type: 'object', properties: { d: { type: 'boolean' } }, additionalProperties: false },
              },
              additionalProperties: false,
              minProperties: 1,
              maxProperties: 3,
            },
            legacy: {
              type: 'object',
              properties: { x: { type: 'string', required: true }, y: { type: 'integer' } },
            },
            loose: { type: 'object', additionalProperties: { type: 'integer' } },
            patterned: { type: 'object', patternProperties: { '^n_': { type: 'integer' } }, additionalProperties: false },
            list: {
              type: 'array',
              minItems: 1,
              maxItems: 2,
              items: { type: 'object', properties: { k: { type: 'string', maxLength: 3 } }, required: ['k'] },
            },
          },
        },
      ],
    },
    {
      path: '/object-required',
      endpoints: [
        {
          methods: 'POST',
          permission: open,
          handler: echoParams,
          args: {
            cfg: {
              type: 'object',
              required: true,
              properties: { x: { type: 'string', required: true }, y: { type: 'integer' } },
              additionalProperties: false,
              minProperties: 1,
            },
            bag: { type: 'object', minProperties: 2, maxProperties: 3, additionalProperties: { type: 'integer' } },
          },
        },
      ],
    },
    {
      path: '/types',
      endpoints: [
        {
          methods: 'GET, POST',
          permission: open,
          handler: echoParams,
          args: {
            intstr: { type: ['integer', 'string'] },
            boolstr: { type: ['boolean', 'string'] },
            num: { type: 'number' },
            int: { type: 'integer' },
            bool: { type: 'boolean' },
            half: { type: 'number', multipleOf: 0.5 },
            nullable: { type: ['string', 'null'] },
            strnum: { type: 'string' },
            arr: { type: 'array', items: { type: 'string' } },
            intarr: { type: 'array', items: { type: 'integer' } },
            obj: { type: 'object' },
            ip: { type: 'string', format: 'ip' },
            uuid: { type: 'string', format: 'uuid' },
            hex: { type: 'string', format: 'hex-color' },
            text: { type: 'string', format: 'text-field' },
            any: { anyOf: [{ type: 'integer' }, { type: 'string', format: 'hex-color' }] },
            one: {
              oneOf: [
                { type: 'integer', minimum: 10 },
                { type: 'integer', maximum: 20 },
              ],
            },
            untyped_enum: { enum: ['only', 'these'] },
            any_typed: { type: ['integer', 'string'], anyOf: [{ type: 'integer' }, { type: 'string', format: 'hex-color' }] },
            one_typed: {
              type: 'integer',
              oneOf: [
                { type: 'integer', minimum: 10 },
                { type: 'integer', maximum: 20 },
              ],
            },
          },
        },
      ],
    },
    {
      path: '/defaults',
      endpoints: [
        get({
          limit: { type: 'integer', default: 10, minimum: 1, maximum: 100 },
          order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
          include_empty: { type: 'boolean', default: false },
          list: { type: 'array', items: { type: 'string' }, default: [] },
          req_with_default: { type: 'string', required: true, default: 'd' },
        }),
      ],
    },
    { path: '/bad-default', endpoints: [get({ bad_default: { type: 'integer', default: 'not-an-int' } })] },
    {
      path: '/custom',
      endpoints: [
        get({
          vfalse: { validateCallback: () => false },
          verror: {
            validateCallback: () => new RestError('peer_custom_invalid', 'Custom validation failed.', { status: 418, extra: 'x' }),
          },
          serror: { sanitizeCallback: () => new RestError('peer_sanitize_failed', 'Sanitize failed.') },
          upper: { type: 'string', maxLength: 3, sanitizeCallback: (value: unknown) => String(value).toUpperCase() },
        }),
      ],
    },
    {
      path: '/batchable',
      endpoints: [get(nArgs), { methods: 'POST', args: nArgs, permission: open, handler: echoSources, allowBatch: { v1: true } }],
    },
    {
      path: '/batch-items/(?P<id>\\d+)',
      allowBatch: { v1: true },
      endpoints: [
        {
          methods: 'PUT, PATCH, DELETE',
          permission: open,
          handler: echoSources,
          args: { id: { type: 'integer', minimum: 1 }, label: { type: 'string' } },
        },
      ],
    },
    { path: '/nobatch', endpoints: [{ methods: 'POST', args: nArgs, permission: open, handler: echoParams }] },
    {
      path: '/private-batch',
      endpoints: [{ methods: 'POST', args: nArgs, permission: canEditPosts, handler: echoParams, allowBatch: { v1: true } }],
    },
    {
      path: '/private',
      endpoints: [
        { methods: 'GET, POST', args: { n: { type: 'integer', required: true } }, permission: canEditPosts, handler: echoParams },
      ],
    },
    {
      path: '/items/(?P<id>\\d+)',
      endpoints: [
        get({ id: { type: 'integer', minimum: 1, maximum: 1000 }, verbose: { type: 'boolean', default: false } }),
        {
          methods: 'PUT, PATCH, DELETE',
          permission: open,
          handler: echoSources,
          args: { id: { type: 'integer', minimum: 1, maximum: 1000 }, label: { type: 'string', maxLength: 5 } },
        },
      ],
    },
    {
      path: '/items/(?P<id>\\d+)/parts/(?P<part>[a-z-]+)',
      endpoints: [get({ id: { type: 'integer' }, part: { type: 'string', enum: ['head', 'tail', 'mid-section'] } })],
    },
    { path: '/sources', endpoints: [{ methods: 'GET, POST, PUT, PATCH, DELETE', permission: open, handler: echoSources }] },
    {
      path: '/sources/(?P<id>\\d+)',
      endpoints: [
        {
          methods: 'GET, POST, PUT, PATCH, DELETE',
          permission: open,
          handler: echoSources,
          args: { id: { type: 'integer' }, dflt: { type: 'string', default: 'from-default' } },
        },
      ],
    },
    {
      path: '/multi',
      endpoints: [
        get({ q: { type: 'string', required: true } }),
        {
          methods: 'POST',
          permission: open,
          handler: echoParams,
          args: { q: { type: 'integer', required: true }, extra: { type: 'boolean' } },
        },
      ],
    },
    { path: '/hidden', showInIndex: false, endpoints: [get({})] },
    {
      path: '/error',
      endpoints: [
        get(
          {},
          {
            handler: () =>
              new RestError('peer_error', 'Peer error message.', { status: 409, foo: 'bar' }).add('peer_second', 'Second error.', {
                status: 422,
              }),
          },
        ),
      ],
    },
    {
      path: '/created',
      endpoints: [
        {
          methods: 'POST',
          permission: open,
          handler: (request, context) =>
            new RestResponse({ ok: true, params: request.params }, 201, { Location: context.restUrl('echo/v1/items/5') })
              .link('self', context.restUrl('echo/v1/items/5'))
              .link('related', context.restUrl('echo/v1/items/6'), { embeddable: true }),
        },
      ],
    },
  ],
};
