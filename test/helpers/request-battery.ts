// A battery of valid and invalid requests generated from the arg descriptors of an index: for
// each endpoint a valid request, then one request per arg and way of getting it wrong (a wrong
// type, out of range, not in the enum, a bad format, a required arg left out), each on top of
// a request that is otherwise valid. What each endpoint needs to be valid beyond its args (a
// real post's id, a body its handler reads) comes from the set-up, as data.
import { isRawRendered } from '../../src/core/schema/raw-rendered.js';
import type { ArgSchema, IndexRoute } from '../../src/index.js';
import { samplePath, sampleValue } from './sample-request.js';

/** How a request of the battery is right or wrong. */
export type CaseKind =
  | 'valid'
  | 'other-method'
  | 'wrong-type'
  | 'numeric-text'
  | 'null'
  | 'below-minimum'
  | 'above-maximum'
  | 'enum-miss'
  | 'item-enum-miss'
  | 'item-wrong-type'
  | 'bad-format'
  | 'date-time-local'
  | 'too-short'
  | 'too-long'
  | 'raw-text'
  | 'raw-object'
  | 'missing-required'
  | 'path-override';

/** One request of the battery. */
export interface BatteryCase {
  /** `METHOD route kind arg`, unique in a battery. */
  id: string;
  /** The index key of the route. */
  route: string;
  method: string;
  kind: CaseKind;
  /** The arg the case is about, if any. */
  arg?: string;
  /** Below the API root, with the query string (GET and DELETE args). */
  url: string;
  /** The JSON body (POST, PUT and PATCH args). */
  body?: Record<string, unknown>;
}

/** What an endpoint needs beyond its args, keyed `METHOD route`; paths keyed by route. */
export interface BatterySetup {
  /** A path naming a thing that exists, where the generated one (`1`, `abc`) would not. */
  paths: Record<string, string>;
  /** Params every request of the endpoint carries, so its handler has what it needs. */
  base: Record<string, Record<string, unknown>>;
}

/** The methods whose args go in a JSON body; GET and DELETE send theirs in the query, as the specification says. */
const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

const KNOWN_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object', 'null']);

function typesOf(schema: ArgSchema): string[] {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.filter((t): t is string => typeof t === 'string' && KNOWN_TYPES.has(t));
}

/** A value the descriptor accepts; a list gets one item, so its items are checked. */
function validValue(schema: ArgSchema): unknown {
  if (schema.type === undefined && schema.default !== undefined) return schema.default;
  if (typesOf(schema)[0] === 'array' && schema.items && schema.maxItems !== 0) {
    return [...(sampleValue(schema) as unknown[]), sampleValue(schema.items)].slice(0, Math.max(1, schema.minItems ?? 1));
  }
  return sampleValue(schema);
}

/** Whether WordPress takes `value` as `type` (`rest_is_integer`, `rest_is_boolean`, `wp_parse_list`, …); query values are text. */
function takesType(type: string, value: unknown): boolean {
  const numeric = typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)));
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return numeric && Number.isInteger(Number(value));
    case 'number':
      return numeric;
    case 'boolean':
      return typeof value === 'boolean' || ['true', 'false', '0', '1'].includes(String(value).toLowerCase());
    case 'array':
      return Array.isArray(value) || typeof value !== 'object';
    case 'object':
      return (typeof value === 'object' && value !== null) || value === '';
    default:
      return value === null;
  }
}

/** A value none of the arg's types takes, as the request carries it; undefined for an untyped arg. */
function wrongValue(schema: ArgSchema, inBody: boolean): unknown {
  const types = typesOf(schema);
  if (types.length === 0) return undefined;
  // In a query string a number or boolean arrives as its text.
  const candidates: unknown[] = inBody ? ['parity-text', 12345, { parity: 'x' }, true] : ['parity-text', '12345', { parity: 'x' }, 'true'];
  return candidates.find((value) => !types.some((type) => takesType(type, value)));
}

/** The ways to get one arg wrong (and right), as `[kind, value]`. */
function argCases(schema: ArgSchema, inBody: boolean, inPath: boolean, given: unknown): Array<[CaseKind, unknown]> {
  const cases: Array<[CaseKind, unknown]> = [];
  const [type] = typesOf(schema);
  // A path param is sent in the path; a query or body value of the same name overrides it (WordPress's merged params).
  if (isRawRendered(schema)) cases.push(['raw-text', 'Parity text'], ['raw-object', { raw: 'Parity text' }]);
  else if (!inPath) cases.push(['valid', given === undefined ? validValue(schema) : given]);
  const wrong = wrongValue(schema, inBody);
  if (wrong !== undefined) cases.push(['wrong-type', wrong]);
  // An untyped path param may still be checked by a callback the index cannot show.
  else if (inPath) cases.push(['path-override', 'parity-text']);
  if (inBody && (type === 'integer' || type === 'number') && !inPath) cases.push(['numeric-text', String(validValue(schema))]);
  if (inBody) cases.push(['null', null]);
  if (typeof schema.minimum === 'number') cases.push(['below-minimum', schema.exclusiveMinimum ? schema.minimum : schema.minimum - 1]);
  if (typeof schema.maximum === 'number') cases.push(['above-maximum', schema.exclusiveMaximum ? schema.maximum : schema.maximum + 1]);
  if (Array.isArray(schema.enum)) cases.push(['enum-miss', type === 'integer' || type === 'number' ? 987654 : 'not-listed']);
  const items = schema.items;
  if (type === 'array' && items) {
    if (Array.isArray(items.enum)) cases.push(['item-enum-miss', ['not-listed']]);
    const itemType = typesOf(items)[0];
    if (itemType === 'integer' || itemType === 'number' || itemType === 'boolean') cases.push(['item-wrong-type', ['parity-text']]);
  }
  if (typeof schema.format === 'string') cases.push(['bad-format', `not-a-${schema.format}`]);
  if (schema.format === 'date-time') cases.push(['date-time-local', '2024-01-01T00:00:00']);
  if (typeof schema.minLength === 'number' && schema.minLength > 0) cases.push(['too-short', 'x'.repeat(schema.minLength - 1)]);
  if (typeof schema.maxLength === 'number') cases.push(['too-long', 'x'.repeat(schema.maxLength + 1)]);
  return cases;
}

/** The `name=value` pairs of a query arg: lists as `a=1,2` (as the OpenAPI document writes them), objects as PHP's `a[k]=v`. */
function queryPairs(name: string, value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) {
    const scalar = value.every((item) => typeof item !== 'object');
    if (scalar) return [`${name}=${encodeURIComponent(value.join(','))}`];
    return value.flatMap((item, i) => queryPairs(`${name}[${i}]`, item));
  }
  if (typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => queryPairs(`${name}[${key}]`, item));
  // A number or boolean is written as JSON writes it: `12345`, `true`.
  return [`${name}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`];
}

/** The named groups of a route key. */
function pathParams(route: string): string[] {
  return [...route.matchAll(/\(\?P<(\w+)>/g)].map((match) => match[1]!);
}

/** The battery of an index's routes (its `routes` map), in index order. */
export function requestBattery(routes: Record<string, IndexRoute>, setup: BatterySetup): BatteryCase[] {
  const cases: BatteryCase[] = [];
  for (const [route, descriptor] of Object.entries(routes)) {
    const path = setup.paths[route] ?? samplePath(route);
    const inPath = new Set(pathParams(route));
    for (const endpoint of descriptor.endpoints) {
      const [method, ...otherMethods] = endpoint.methods;
      if (method === undefined) continue;
      const args: Record<string, ArgSchema> = Array.isArray(endpoint.args) ? {} : endpoint.args;
      const inBody = BODY_METHODS.has(method);
      const required = Object.entries(args).filter(([name, schema]) => schema.required === true && !inPath.has(name));
      const base = {
        ...Object.fromEntries(required.map(([name, schema]) => [name, validValue(schema)])),
        ...setup.base[`${method} ${route}`],
      };
      const add = (kind: CaseKind, params: Record<string, unknown>, arg?: string, as = method) => {
        const query = inBody
          ? ''
          : Object.entries(params)
              .flatMap(([name, value]) => queryPairs(name, value))
              .join('&');
        cases.push({
          id: [as, route, kind, arg].filter(Boolean).join(' '),
          route,
          method: as,
          kind,
          ...(arg === undefined ? {} : { arg }),
          url: query ? `${path}?${query}` : path,
          ...(inBody ? { body: params } : {}),
        });
      };
      add('valid', base);
      for (const other of otherMethods) add('other-method', base, undefined, other);
      for (const [name, schema] of Object.entries(args)) {
        for (const [kind, value] of argCases(schema, inBody, inPath.has(name), base[name])) add(kind, { ...base, [name]: value }, name);
        if (required.some(([n]) => n === name))
          add('missing-required', Object.fromEntries(Object.entries(base).filter(([n]) => n !== name)), name);
      }
    }
  }
  return cases;
}
