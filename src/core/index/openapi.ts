import { BODY_METHODS } from '../http/methods.js';
import { setOwn } from '../own-property.js';
import { routeKey } from '../routing/route-pattern.js';
import type { CompiledEndpoint, CompiledRoute } from '../routing/route-table.js';
import type { DescribedOperation, DescribedValue, SiteFacts } from '../types.js';
import { templatedPath, type TemplatedPath } from './openapi-path.js';
import { summaryOf } from './openapi-summary.js';
import { allowsType, argJsonSchema, type JsonSchema } from './openapi-schema.js';
import { jsonOnly } from './route-data.js';

/** Options of `server.openapi()`. */
export interface OpenApiOptions {
  /** `info.title` (default: the site's name). */
  title?: string;
  /** `info.version`, the version of the API described (default `'1.0.0'`). */
  version?: string;
  /** `info.description` (default: the site's description). */
  description?: string;
}

/** An OpenAPI 3.1 document, as JSON data. */
export interface OpenApiDocument {
  /** Always `3.1.0`. */
  openapi: '3.1.0';
  /** Title, version and description. */
  info: { title: string; version: string; description?: string };
  /** The API root in both URL forms, the advertised one first. */
  servers: Array<{ url: string; description: string; 'x-site-rest-url-form': 'path' | 'query' }>;
  /** One tag per namespace. */
  tags: Array<{ name: string; description: string }>;
  /** Who may call an operation that names no security of its own. */
  security: Security;
  /** Operations by path template and method. */
  paths: Record<string, Record<string, unknown>>;
  /** The error schema, its responses and the security schemes. */
  components: Record<string, Record<string, unknown>>;
  /** Routes whose key no path template can write (regex syntax outside a named group). */
  'x-site-rest-unexpressed-routes'?: Array<{ route: string; reason: string }>;
}

/** A namespace's described operations, as its module's `openapi()` gave them for this document. */
interface DescribedBy {
  namespace: string;
  operations: readonly DescribedOperation[];
}

/** What the builder needs from the server. */
interface OpenApiSources {
  routes: readonly CompiledRoute[];
  /** The operations namespaces describe beside their routes' own. */
  described?: readonly DescribedBy[];
  site: SiteFacts & { url: string; home: string };
  apiRoot: string;
  routing: 'path' | 'query';
}

/** The methods OpenAPI has an operation for; HEAD is left to GET unless an endpoint names it. */
const OPERATION_METHODS: ReadonlySet<string> = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']);
const BODY_OPERATIONS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);
const ERROR_STATUSES = ['400', '401', '403', '404', '500'] as const;
const ERROR_RESPONSE = { $ref: '#/components/responses/Error' } as const;
const ROOT_TAG = 'root';
/** Security requirements: each entry is one way in, its schemes all needed. */
type Security = Array<Record<string, string[]>>;
const SIGNED_IN: Security = [{ applicationPassword: [] }, { sessionCookie: [], restNonce: [] }];
const ANYONE: Security = [{}, ...SIGNED_IN];

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: "WordPress's error body (WP_Error as the REST server renders it).",
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'Machine-readable code, e.g. `rest_invalid_param`.' },
    message: { type: 'string', description: 'Human-readable message.' },
    data: {
      type: 'object',
      required: ['status'],
      properties: {
        status: { type: 'integer', description: 'The HTTP status.' },
        params: { type: 'object', additionalProperties: { type: 'string' }, description: 'Each invalid parameter and why.' },
        details: {
          type: 'object',
          additionalProperties: { $ref: '#/components/schemas/WP_Error' },
          description: 'Each invalid parameter as an error of its own.',
        },
      },
    },
  },
};

const SECURITY_SCHEMES = {
  applicationPassword: {
    type: 'http',
    scheme: 'basic',
    description: 'An application password: the username and the password WordPress (or the host) generated for the application.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'wordpress_logged_in',
    description: "The host's session cookie (WordPress's is `wordpress_logged_in_<hash>`); counts only with a valid `X-WP-Nonce`.",
  },
  restNonce: {
    type: 'apiKey',
    in: 'header',
    name: 'X-WP-Nonce',
    description: 'The REST nonce (action `wp_rest`) of the cookie session; also accepted as the `_wpnonce` query argument.',
  },
};

/** Who may call an endpoint's method: public endpoints anyone, capabilities the signed-in, a check either. */
function securityOf(endpoint: CompiledEndpoint, method: string): Security {
  const { permission } = endpoint;
  if (permission === 'public' || (permission === undefined && !BODY_METHODS.has(method))) return [{}];
  return typeof permission === 'function' ? ANYONE : SIGNED_IN;
}

/** How a query arg is written: lists as `a=1,2` (WordPress's `wp_parse_list`), objects as PHP's `a[k]=v`. */
function serialization(schema: JsonSchema): { style: string; explode: boolean } | undefined {
  if (allowsType(schema, 'array')) return { style: 'form', explode: false };
  if (allowsType(schema, 'object')) return { style: 'deepObject', explode: true };
  return undefined;
}

function isRequired(required: unknown): boolean {
  return Array.isArray(required) ? required.length > 0 : required === true;
}

/** Description moved out of an arg's schema onto its parameter, where tools show it. */
function parameter(name: string, where: 'path' | 'query', schema: JsonSchema, required: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { name, in: where };
  if (typeof schema.description === 'string') out.description = schema.description;
  if (required) out.required = true;
  out.schema = schema;
  return { ...out, ...(where === 'query' ? serialization(schema) : undefined) };
}

/** A body of `args`, as JSON and (`withForm`) as a form, as WordPress reads both unless a handler reads the JSON alone. */
function requestBody(args: Array<[string, JsonSchema, boolean]>, withForm = true): Record<string, unknown> {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const encoding: Record<string, unknown> = {};
  for (const [name, schema, isArgRequired] of args) {
    setOwn(properties, name, schema);
    if (isArgRequired) required.push(name);
    const written = serialization(schema);
    if (written) setOwn(encoding, name, written);
  }
  const schema: JsonSchema = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  return {
    ...(required.length > 0 ? { required: true } : {}),
    content: {
      'application/json': { schema },
      ...(withForm ? { 'application/x-www-form-urlencoded': { schema, ...(Object.keys(encoding).length > 0 ? { encoding } : {}) } } : {}),
    },
  };
}

/** One operation: path params (with their arg's schema when the endpoint declares one), then query args or a body. */
function operation(
  route: CompiledRoute,
  template: TemplatedPath,
  endpoint: CompiledEndpoint,
  method: string,
  operationId: string,
): Record<string, unknown> {
  const parameters: Array<Record<string, unknown>> = [];
  for (const { name, pattern } of template.params) {
    const arg = Object.hasOwn(endpoint.args, name) ? argJsonSchema(endpoint.args[name]!) : { type: 'string' };
    parameters.push(parameter(name, 'path', { ...arg, pattern }, true));
  }
  const rest: Array<[string, JsonSchema, boolean]> = [];
  for (const [name, arg] of Object.entries(endpoint.args)) {
    if (!template.params.some((p) => p.name === name)) rest.push([name, argJsonSchema(arg), isRequired(arg.required)]);
  }
  const inBody = BODY_OPERATIONS.has(method);
  if (!inBody) for (const [name, schema, required] of rest) parameters.push(parameter(name, 'query', schema, required));
  const responses: Record<string, unknown> = {
    200: { description: 'The answer (a created resource may answer 201).', content: { 'application/json': { schema: {} } } },
  };
  for (const status of ERROR_STATUSES) responses[status] = { ...ERROR_RESPONSE };
  return {
    tags: [route.namespace || ROOT_TAG],
    summary: endpoint.summary ?? summaryOf(method, template.path),
    operationId,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(inBody && rest.length > 0 ? { requestBody: requestBody(rest) } : {}),
    responses,
    security: securityOf(endpoint, method),
  };
}

/** `text` in words joined by `_`, unique among `taken` (numbered when two read alike). */
function uniqueId(text: string, taken: Set<string>): string {
  const base = text.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'index';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
  taken.add(id);
  return id;
}

/** A stable operationId: method and path in words (`get_wp_v2_posts_id`), numbered when two read alike. */
function operationIdFor(method: string, path: string, taken: Set<string>): string {
  return uniqueId(`${method.toLowerCase()}_${/[A-Za-z0-9]/.test(path) ? path : 'index'}`, taken);
}

/** A described operation's values as `[name, schema, required]`, converted as args are. */
function describedValues(values: Readonly<Record<string, DescribedValue>> | undefined): Array<[string, JsonSchema, boolean]> {
  return Object.entries(values ?? {}).map(([name, { schema, required }]) => [name, argJsonSchema(schema), required === true]);
}

/** Its answers: the 200 with its schema, and every usual error status and those it names (4xx, 5xx), in order, worded as it words them. */
function describedResponses(described: DescribedOperation): Record<string, unknown> {
  const { answer, errors = {} } = described;
  const responses: Record<string, unknown> = {
    200: {
      description: answer.description,
      content: { 'application/json': { schema: answer.schema ? argJsonSchema(answer.schema) : {} } },
    },
  };
  const statuses = new Set<string>([...ERROR_STATUSES, ...Object.keys(errors).filter((status) => /^[45]\d\d$/.test(status))]);
  for (const status of [...statuses].sort((a, b) => Number(a) - Number(b))) {
    const words = Object.hasOwn(errors, status) ? errors[Number(status)] : undefined;
    responses[status] = typeof words === 'string' ? { ...ERROR_RESPONSE, description: words } : { ...ERROR_RESPONSE };
  }
  return responses;
}

/**
 * The path item of an operation a namespace describes on `route` (see {@link DescribedOperation}):
 * undefined when no endpoint the index shows serves its method. Throws when its path is a template.
 */
function describedPathItem(
  route: CompiledRoute,
  described: DescribedOperation,
  taken: Set<string>,
): { path: string; method: string; item: Record<string, unknown> } | undefined {
  const method = described.method.toUpperCase();
  const endpoint = route.endpoints.find((e) => e.showInIndex && e.methods.includes(method));
  if (!endpoint || !OPERATION_METHODS.has(method)) return undefined;
  const template = templatedPath(routeKey(route.namespace, described.path));
  if ('unexpressed' in template || template.params.length > 0) {
    throw new TypeError(`site-rest: ${route.namespace} describes the path ${described.path}, which is not one concrete path`);
  }
  const query = describedValues(described.query);
  const body = describedValues(described.body);
  const extensions = Object.entries(described.extensions ?? {}).filter(([key]) => key.startsWith('x-'));
  const operation = {
    tags: [route.namespace || ROOT_TAG],
    summary: described.summary,
    ...(described.description ? { description: described.description } : {}),
    operationId: uniqueId(described.operationId, taken),
    ...(query.length > 0 ? { parameters: query.map(([name, schema, required]) => parameter(name, 'query', schema, required)) } : {}),
    ...(body.length > 0 ? { requestBody: requestBody(body, false) } : {}),
    responses: describedResponses(described),
    security: securityOf(endpoint, method),
  };
  const item: Record<string, unknown> = { 'x-wp-route': route.key };
  for (const [key, value] of extensions) setOwn(item, key, jsonOnly(value));
  item[method.toLowerCase()] = operation;
  return { path: template.path, method: method.toLowerCase(), item };
}

/** The described operations by the key of the route that serves each. */
function describedByRoute(described: readonly DescribedBy[]): Map<string, DescribedOperation[]> {
  const byRoute = new Map<string, DescribedOperation[]>();
  for (const { namespace, operations } of described) {
    for (const operation of operations) {
      const key = routeKey(namespace, operation.route);
      byRoute.set(key, [...(byRoute.get(key) ?? []), operation]);
    }
  }
  return byRoute;
}

/** The API root in both URL forms, the advertised one first. */
function serversOf({ site, apiRoot, routing }: OpenApiSources): OpenApiDocument['servers'] {
  const path = {
    url: `${site.home}/${apiRoot}`,
    description: 'Routes below the API root (pretty permalinks).',
    'x-site-rest-url-form': 'path' as const,
  };
  const query = {
    url: `${site.home}/index.php?rest_route=`,
    description:
      'The same routes as the `rest_route` query argument (plain permalinks): the path goes after `rest_route=`, and further query arguments follow with `&`, not `?`.',
    'x-site-rest-url-form': 'query' as const,
  };
  return routing === 'query' ? [query, path] : [path, query];
}

/** The OpenAPI 3.1 document of a route table: every route the index shows, in registration order. */
export function buildOpenApi(sources: OpenApiSources, options: OpenApiOptions = {}): OpenApiDocument {
  const { site, routes } = sources;
  const paths: Record<string, Record<string, unknown>> = {};
  const unexpressed: Array<{ route: string; reason: string }> = [];
  const tags: string[] = [];
  const taken = new Set<string>();
  const described = describedByRoute(sources.described ?? []);
  for (const route of routes) {
    const shown = route.endpoints.filter((e) => e.showInIndex);
    if (shown.length === 0) continue;
    const template = templatedPath(route.key);
    if ('unexpressed' in template) {
      unexpressed.push({ route: route.key, reason: template.unexpressed });
      continue;
    }
    const item: Record<string, unknown> = Object.hasOwn(paths, template.path) ? paths[template.path]! : { 'x-wp-route': route.key };
    for (const endpoint of shown) {
      for (const method of endpoint.methods) {
        const key = method.toLowerCase();
        // The first endpoint serving a method answers it, as in WordPress.
        if (!OPERATION_METHODS.has(method) || Object.hasOwn(item, key)) continue;
        item[key] = operation(route, template, endpoint, method, operationIdFor(method, template.path, taken));
      }
    }
    setOwn(paths, template.path, item);
    // A route's described paths follow it, so a reader finds an ability's run beside the run route.
    for (const operation of described.get(route.key) ?? []) {
      const found = describedPathItem(route, operation, taken);
      if (!found) continue;
      const existing = Object.hasOwn(paths, found.path) ? paths[found.path]! : undefined;
      if (!existing) setOwn(paths, found.path, found.item);
      else if (!Object.hasOwn(existing, found.method)) existing[found.method] = found.item[found.method];
    }
    const tag = route.namespace || ROOT_TAG;
    if (!tags.includes(tag)) tags.push(tag);
  }
  const description = options.description ?? site.description;
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: options.title ?? (site.name || 'site-rest'),
      version: options.version ?? '1.0.0',
      ...(description ? { description } : {}),
    },
    servers: serversOf(sources),
    tags: tags.map((name) => ({ name, description: name === ROOT_TAG ? 'The index and batch routes.' : `The ${name} namespace.` })),
    security: ANYONE,
    paths,
    components: {
      schemas: { WP_Error: ERROR_SCHEMA },
      responses: {
        Error: {
          description: 'A WordPress error.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/WP_Error' } } },
        },
      },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
  if (unexpressed.length > 0) document['x-site-rest-unexpressed-routes'] = unexpressed;
  return document;
}
