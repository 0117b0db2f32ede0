import { checkCapability, checkMethod, registrationPolicy, type RegistrationPolicy } from './registration-policy.js';
import { compileArgs, type ArgPlan } from '../pipeline/args.js';
import { compileMatcher, type Matcher, type PatternMatch } from './matcher.js';
import { getSlice, setSlice, sliceAt, sliceMap } from './slice-map.js';
import { compileRoutePattern, routeKey, type CompiledPattern } from './route-pattern.js';
import { shapeOf } from './route-shape.js';
import { phpTrim } from '../php/strings.js';
import type { ArgSchema } from '../schema/types.js';
import type { AllowBatch, DeniedError, EndpointDefinition, Handler, Permission, RouteDefinition } from '../types.js';

/** An endpoint after registration: methods normalized, args compiled. */
export interface CompiledEndpoint {
  /** Upper-case methods, in declaration order, without duplicates. */
  methods: string[];
  /** The arg descriptors as given (rendered in the index). */
  args: Record<string, ArgSchema>;
  /** The compiled checks for those args. */
  plan: ArgPlan;
  /** Declared permission, if any. */
  permission: Permission | undefined;
  /** The error a refused permission answers with, if the endpoint names its own. */
  denied: DeniedError | undefined;
  /** The handler. */
  handler: Handler;
  /** Endpoint-level `allow_batch`, if set. */
  allowBatch: AllowBatch | undefined;
  /** Listed in the index. */
  showInIndex: boolean;
  /** What it does in one line, for OpenAPI; undefined when the endpoint says nothing. */
  summary: string | undefined;
}

/** A route after registration. */
export interface CompiledRoute {
  /** The index key (WordPress regex form). */
  key: string;
  /** Namespace, `''` for the root and batch routes. */
  namespace: string;
  /** The compiled pattern. */
  pattern: CompiledPattern;
  /** Endpoints in registration order. */
  endpoints: CompiledEndpoint[];
  /** Route-level `allow_batch`. */
  allowBatch: AllowBatch | undefined;
  /** The resource schema callback, shown with `context=help`. */
  schema: (() => Record<string, unknown>) | undefined;
  /** The first path segment of every path the route matches, lower-cased, when it is plain text; else null. */
  firstLiteral: string | null;
}

/** The route matched for a request: route, endpoint and the captured path params. */
export interface RouteMatch {
  route: CompiledRoute;
  endpoint: CompiledEndpoint;
  params: Record<string, string>;
}

/** A route with the endpoint serving the method it was looked up for (none when looked up for any method). */
interface Served {
  route: CompiledRoute;
  endpoint: CompiledEndpoint | undefined;
}

/** Read access to a route table: what hosts, tests and benchmarks may inspect. */
export type RouteTableView = Pick<RouteTable, 'routes' | 'namespaces' | 'routesOf' | 'match' | 'matchPath' | 'version'>;

/** The server's routes in registration order, with flat-cost lookup. */
export interface RouteTable {
  /** Registers a route of a namespace (`''` for root-level routes); throws on a bad pattern, arg or duplicate. */
  add(namespace: string, route: RouteDefinition, strict?: boolean): void;
  /** Registers a namespace (and its index route, via `onNewNamespace`) without routes. */
  addNamespace(namespace: string): void;
  /** Routes in registration order. */
  routes(): readonly CompiledRoute[];
  /** Namespaces in registration order. */
  namespaces(): readonly string[];
  /** Routes of one namespace, in registration order (empty when unknown). */
  routesOf(namespace: string): readonly CompiledRoute[];
  /** The route and endpoint serving `method` on `path`, WordPress's way (HEAD falls back to GET). */
  match(path: string, method: string): RouteMatch | null;
  /** The first route whose pattern matches `path`, whatever the method (for OPTIONS). */
  matchPath(path: string): PatternMatch<CompiledRoute> | null;
  /** Bumped on every change, so derived caches (the index) know when to rebuild. */
  readonly version: number;
}

/** Splits WordPress's `'POST, PUT, PATCH'` or a list into upper-case methods. */
function normalizeMethods(methods: string | readonly string[]): string[] {
  const list = typeof methods === 'string' ? methods.split(',') : methods;
  const out: string[] = [];
  for (const m of list) {
    const method = m.trim().toUpperCase();
    if (method && !out.includes(method)) out.push(method);
  }
  return out;
}

/** The first path segment of every match of a pattern, lower-cased, when it is plain text; else null. */
function firstLiteralSegment(pattern: CompiledPattern): string | null {
  const first = shapeOf(pattern.source).segments[0];
  return first !== undefined && 'text' in first ? first.text : null;
}

/** Whether an endpoint serves `method`; HEAD is served by a GET endpoint with no HEAD of its own. */
function serves(endpoint: CompiledEndpoint, method: string): boolean {
  if (endpoint.methods.includes(method)) return true;
  return method === 'HEAD' && endpoint.methods.includes('GET');
}

function compileEndpoint(def: EndpointDefinition, key: string, policy: RegistrationPolicy): CompiledEndpoint {
  if (typeof def.handler !== 'function') throw new TypeError(`site-rest: route ${key} has an endpoint without a handler`);
  const methods = normalizeMethods(def.methods);
  if (methods.length === 0) throw new TypeError(`site-rest: route ${key} has an endpoint without methods`);
  const where = `${methods.join(', ')} ${key}`;
  for (const method of methods) checkMethod(method, `route ${key}`);
  if (typeof def.permission === 'string') checkCapability(def.permission, where, policy);
  if (def.summary !== undefined && (typeof def.summary !== 'string' || def.summary.trim() === '' || def.summary.includes('\n'))) {
    throw new TypeError(`site-rest: ${where} has a summary that is not one line of text`);
  }
  const args = def.args ?? {};
  return {
    methods,
    args,
    plan: compileArgs(args, where, def.validateRequest, policy),
    permission: def.permission,
    denied: def.denied,
    handler: def.handler,
    allowBatch: def.allowBatch,
    showInIndex: def.showInIndex ?? true,
    summary: def.summary,
  };
}

/**
 * Creates an empty route table. `onNewNamespace` runs before a namespace's first route is added;
 * `policy` says what registration refuses (unknown methods, capabilities, schema words, unsafe patterns).
 */
export function createRouteTable(
  onNewNamespace: (namespace: string) => void,
  policy: RegistrationPolicy = registrationPolicy({}),
): RouteTable {
  const ordered: CompiledRoute[] = [];
  const byKey = new Map<string, CompiledRoute>();
  const byNamespace = new Map<string, CompiledRoute[]>();
  // Namespaces grouped by their first path segment, so a lookup tests only a handful of prefixes.
  const namespacesBySegment = sliceMap<string[]>(false);
  const singleSegmentNamespaces: string[] = [];
  // Matchers by method (`*` for any), then by candidates key.
  let matchers = new Map<string, Map<string, Matcher<Served>>>();
  // Methods some endpoint serves: any other method matches nothing, and must not add a matcher
  // to the cache per made-up method a client sends (`X-HTTP-Method-Override: X1`, `X2`, …).
  const servedMethods = new Set<string>();
  let version = 0;

  // First segments of routes whose first segment is literal: the fallback's buckets. Grown as
  // routes are added, so registering n routes stays linear.
  const literalSegments = new Set<string>();

  function changed(): void {
    version += 1;
    matchers = new Map();
  }

  function addNamespace(namespace: string): void {
    if (namespace === '' || byNamespace.has(namespace)) return;
    byNamespace.set(namespace, []);
    const segment = namespace.split('/', 1)[0]!;
    const list = getSlice(namespacesBySegment, segment);
    if (list) list.push(namespace);
    else setSlice(namespacesBySegment, segment, [namespace]);
    if (segment === namespace) singleSegmentNamespaces.push(namespace);
    onNewNamespace(namespace);
    changed();
  }

  function add(namespace: string, def: RouteDefinition, strict = true): void {
    const ns = phpTrim(namespace, '/');
    const key = routeKey(ns, def.path);
    if (ns && !byNamespace.has(ns)) addNamespace(ns);
    const endpoints = def.endpoints.map((e) =>
      compileEndpoint(e, key, strict ? policy : { ...policy, capabilities: null, schemaKeywords: null }),
    );
    if (def.showInIndex === false) for (const e of endpoints) e.showInIndex = false;
    const existing = byKey.get(key);
    if (existing) {
      for (const endpoint of endpoints) {
        const clash = endpoint.methods.find((m) => existing.endpoints.some((e) => e.methods.includes(m)));
        if (clash) throw new TypeError(`site-rest: duplicate endpoint ${clash} ${key}`);
      }
      existing.endpoints.push(...endpoints);
      // WordPress merges a second registration's options over the first's (array_merge).
      if (def.allowBatch !== undefined) existing.allowBatch = def.allowBatch;
      if (def.schema !== undefined) existing.schema = def.schema;
    } else {
      const pattern = compileRoutePattern(key, policy.unsafePatterns);
      const route: CompiledRoute = {
        key,
        namespace: ns,
        pattern,
        endpoints,
        allowBatch: def.allowBatch,
        schema: def.schema,
        firstLiteral: firstLiteralSegment(pattern),
      };
      const seen = new Set<string>();
      for (const endpoint of endpoints) {
        for (const m of endpoint.methods) {
          if (seen.has(m)) throw new TypeError(`site-rest: duplicate endpoint ${m} ${key}`);
          seen.add(m);
        }
      }
      ordered.push(route);
      byKey.set(key, route);
      if (route.firstLiteral !== null) literalSegments.add(route.firstLiteral);
      if (ns) byNamespace.get(ns)!.push(route);
    }
    for (const endpoint of endpoints) {
      for (const m of endpoint.methods) servedMethods.add(m);
      if (endpoint.methods.includes('GET')) servedMethods.add('HEAD');
    }
    changed();
  }

  /**
   * Names the routes WordPress would try for a path: those of every namespace the path's text
   * starts with (case-sensitively, as WordPress's `strpos`), in namespace order, else all routes.
   * The fallback keeps only routes that can match the path's first segment (case-insensitively),
   * which leaves the winner unchanged and keeps lookups for `/` or unknown namespaces from scanning every route.
   */
  function candidatesKey(path: string): string {
    let from = 0;
    while (path.charCodeAt(from) === 47) from++;
    const slash = path.indexOf('/', from);
    const end = slash < 0 ? path.length : slash;
    // WordPress tests `trailingslashit($path)`; a namespace never ends with `/`, so the path itself tells.
    let key = '';
    const namespaces = sliceAt(namespacesBySegment, path, from, end);
    if (namespaces) for (const ns of namespaces) if (path.startsWith(ns, from)) key = key ? `${key}\n${ns}` : ns;
    // A namespace of one segment also starts a longer first segment (`t` starts `/ta`).
    for (const ns of singleSegmentNamespaces) {
      if (ns.length < end - from && path.startsWith(ns, from)) key = key ? inNamespaceOrder(`${key}\n${ns}`) : ns;
    }
    if (key) return key;
    const lower = path.slice(from, end).toLowerCase();
    return literalSegments.has(lower) ? `=${lower}` : '?';
  }

  /** A key's namespaces in registration order, as WordPress merges their routes. */
  function inNamespaceOrder(key: string): string {
    const order = [...byNamespace.keys()];
    return key
      .split('\n')
      .sort((a, b) => order.indexOf(a) - order.indexOf(b))
      .join('\n');
  }

  function candidates(key: string): CompiledRoute[] {
    if (key === '?') return ordered.filter((r) => r.firstLiteral === null);
    if (key.startsWith('=')) {
      const segment = key.slice(1);
      return ordered.filter((r) => r.firstLiteral === null || r.firstLiteral === segment);
    }
    const names = key.split('\n');
    if (names.length === 1) return byNamespace.get(names[0]!)!;
    return names.flatMap((ns) => byNamespace.get(ns)!);
  }

  /** The matcher of the routes under `key` serving `method` (each with the endpoint that serves it), or of all of them for null. */
  function matcherFor(key: string, method: string | null): Matcher<Served> {
    const methodKey = method ?? '*';
    let byKey = matchers.get(methodKey);
    if (!byKey) matchers.set(methodKey, (byKey = new Map<string, Matcher<Served>>()));
    let matcher = byKey.get(key);
    if (!matcher) {
      const served: Served[] = [];
      for (const route of candidates(key)) {
        if (method === null) {
          served.push({ route, endpoint: undefined });
          continue;
        }
        const endpoint = route.endpoints.find((e) => serves(e, method));
        if (endpoint) served.push({ route, endpoint });
      }
      matcher = compileMatcher(served, (s) => s.route.pattern);
      byKey.set(key, matcher);
    }
    return matcher;
  }

  return {
    add,
    addNamespace,
    routes: () => ordered,
    namespaces: () => [...byNamespace.keys()],
    routesOf: (namespace) => byNamespace.get(namespace) ?? [],
    match(path, method) {
      if (!servedMethods.has(method)) return null;
      const found = matcherFor(candidatesKey(path), method)(path);
      // Always there: a method's matcher holds only routes with an endpoint serving it.
      const endpoint = found?.entry.endpoint;
      return endpoint ? { route: found.entry.route, endpoint, params: found.params } : null;
    },
    matchPath(path) {
      const found = matcherFor(candidatesKey(path), null)(path);
      return found && { entry: found.entry.route, params: found.params };
    },
    get version() {
      return version;
    },
  };
}
