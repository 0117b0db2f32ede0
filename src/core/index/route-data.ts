import { setOwn } from '../own-property.js';
import type { CompiledEndpoint, CompiledRoute } from '../routing/route-table.js';
import { ALLOWED_SCHEMA_KEYWORDS } from '../schema/keywords.js';
import type { ArgSchema } from '../schema/types.js';
import type { AllowBatch } from '../types.js';

/** The schema keywords WordPress shows for an arg. */
const ALLOWED_KEYWORDS: ReadonlySet<string> = new Set(ALLOWED_SCHEMA_KEYWORDS);

/** One endpoint as the index lists it. */
export interface EndpointDescriptor {
  methods: string[];
  allow_batch?: AllowBatch;
  args: Record<string, Record<string, unknown>> | [];
}

/** One route as the index lists it (and as OPTIONS answers). */
export interface RouteDescriptor {
  namespace: string;
  methods: string[];
  endpoints: EndpointDescriptor[];
  schema?: Record<string, unknown>;
  _links?: { self: Array<{ href: string }> };
}

/** Drops what JSON cannot show (callbacks) from a nested descriptor. */
export function jsonOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonOnly);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (typeof v !== 'function') setOwn(out, k, jsonOnly(v));
  return out;
}

/** An arg as `get_data_for_route` renders it: the allowed keywords in their order, then a boolean `required`. */
function describeArg(schema: ArgSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) if (ALLOWED_KEYWORDS.has(k)) out[k] = jsonOnly(v);
  const required = schema.required;
  out.required = Array.isArray(required) ? required.length > 0 : Boolean(required);
  return out;
}

function describeEndpoint(endpoint: CompiledEndpoint, routeBatch: AllowBatch | undefined): EndpointDescriptor {
  const names = Object.keys(endpoint.args);
  const args: EndpointDescriptor['args'] = names.length > 0 ? {} : [];
  for (const name of names) (args as Record<string, Record<string, unknown>>)[name] = describeArg(endpoint.args[name]!);
  const batch = endpoint.allowBatch ?? routeBatch;
  // WordPress puts allow_batch between methods and args.
  if (!batch) return { methods: [...endpoint.methods], args };
  return { methods: [...endpoint.methods], allow_batch: batch === true ? { v1: true } : batch, args };
}

function isWordChar(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_';
}

/**
 * Whether WordPress's `#\(\?P<(\w+?)>.*?\)#` finds a group in `key`: `(?P<name>` and a `)` later
 * on the same line. Scanned once: when a line has no `)` after a group's start, no later start
 * on that line has one either (the regex would scan the rest of the line from each of them).
 */
function hasNamedGroup(key: string): boolean {
  for (let at = key.indexOf('(?P<'); at >= 0;) {
    let end = at + 4;
    while (end < key.length && isWordChar(key[end]!)) end++;
    let from = at + 1;
    if (end > at + 4 && key[end] === '>') {
      let i = end + 1;
      while (i < key.length && key[i] !== ')' && key[i] !== '\n') i++;
      if (key[i] === ')') return true;
      from = i;
    }
    at = key.indexOf('(?P<', from);
  }
  return false;
}

/** WordPress shows `_links.self` only when the key, with `(?P<x>…)` written `{x}`, has no `{`. */
function isFixedRoute(key: string): boolean {
  return !key.includes('{') && !hasNamedGroup(key);
}

/**
 * A route's descriptor, or null when none of its endpoints is shown. `context: 'help'` adds
 * the route's schema, as OPTIONS does.
 */
export function describeRoute(route: CompiledRoute, context: string, restUrl: (route: string) => string): RouteDescriptor | null {
  const shown = route.endpoints.filter((e) => e.showInIndex);
  if (shown.length === 0) return null;
  const data: RouteDescriptor = {
    namespace: route.namespace,
    methods: shown.flatMap((e) => e.methods),
    endpoints: shown.map((e) => describeEndpoint(e, route.allowBatch)),
  };
  if (context === 'help' && route.schema) data.schema = route.schema();
  if (isFixedRoute(route.key)) data._links = { self: [{ href: restUrl(route.key) }] };
  return data;
}

/** The `routes` map of an index: each shown route's descriptor, in registration order. */
export function describeRoutes(
  routes: readonly CompiledRoute[],
  context: string,
  restUrl: (route: string) => string,
): Record<string, RouteDescriptor> {
  const out: Record<string, RouteDescriptor> = {};
  for (const route of routes) {
    const data = describeRoute(route, context, restUrl);
    if (data) out[route.key] = data;
  }
  return out;
}
