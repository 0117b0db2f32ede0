import type { KnownCapability } from '../core/auth/roles.js';
import type { TypedRequest } from '../core/typed-params.js';
import type {
  AllowBatch,
  EndpointDefinition,
  HandlerResult,
  NamespaceModule,
  PermissionCheck,
  PermissionResult,
  RestContext,
  RestRequest,
  RestUser,
} from '../core/types.js';

/**
 * What every storage callback receives besides its own arguments: who is asking, on which site,
 * and the request's abort signal. A callback is the unit of atomicity: one that writes several
 * rows writes them in one store transaction (`store.transaction`), so a handler that needs
 * several writes to stand or fall together asks its storage for one callback doing them.
 */
export interface StorageContext {
  /** The signed-in user, or null. */
  user: RestUser | null;
  /** The site facts the server was created with. */
  site: RestContext['site'];
  /** Aborts when the request ends before its answer (`RestRequest.signal`): slow work can stop with it. */
  readonly signal: AbortSignal;
}

/** A signal that never aborts, for work no request waits on; made at first use (making one costs microseconds). */
let unending: AbortSignal | undefined;

/** A storage context whose `signal` is read from its request only when a callback asks (reading it first makes it). */
class RequestStorageContext implements StorageContext {
  readonly #request: RestRequest | undefined;
  user: RestUser | null;
  site: RestContext['site'];

  constructor(context: RestContext, request: RestRequest | undefined) {
    this.user = context.user;
    this.site = context.site;
    this.#request = request;
  }

  get signal(): AbortSignal {
    return this.#request ? this.#request.signal : (unending ??= new AbortController().signal);
  }
}

/** The storage context of a request: its user and site, and its signal (without `request`, one that never aborts). */
export function storageContext(context: RestContext, request?: RestRequest): StorageContext {
  return new RequestStorageContext(context, request);
}

/** A namespace's storage bound to one request: each callback without its last argument, the {@link StorageContext}. */
export type BoundStorage<S> = {
  [K in keyof S]: S[K] extends (...args: [...infer A, StorageContext]) => infer R ? (...args: A) => R : S[K];
};

/** The storage of a namespace that keeps none: handlers get an empty bound storage. */
type NoStorage = Record<never, never>;

const REQUEST = Symbol('request');
const REST_CONTEXT = Symbol('rest context');
const CONTEXT = Symbol('storage context');

/** A bound storage's state: the request and its context, and its storage context once a callback needed it. */
interface Binding {
  [REQUEST]: RestRequest;
  [REST_CONTEXT]: RestContext;
  [CONTEXT]: StorageContext | undefined;
}

/**
 * Binds `storage` to requests: one prototype per mount holds a method per callback, so binding a
 * request costs one small object (and its storage context, at its first callback), never a closure
 * per callback. The methods pass the arguments on with the request's context appended, so a
 * callback's context is always its last argument.
 */
function storageBinder<S extends object>(storage: S): (request: RestRequest, context: RestContext) => BoundStorage<S> {
  const prototype = {};
  for (const [name, callback] of Object.entries(storage)) {
    if (typeof callback !== 'function') continue;
    const method = function (this: Binding, ...args: unknown[]): unknown {
      args.push((this[CONTEXT] ??= storageContext(this[REST_CONTEXT], this[REQUEST])));
      return (callback as (...given: unknown[]) => unknown).apply(storage, args);
    };
    Object.defineProperty(prototype, name, { value: method });
  }
  return (request, context) => {
    const bound = Object.create(prototype) as Binding;
    bound[REQUEST] = request;
    bound[REST_CONTEXT] = context;
    bound[CONTEXT] = undefined;
    return bound as unknown as BoundStorage<S>;
  };
}

/**
 * An endpoint of a route table: everything but the handler, which it names by key. Who may call
 * it is a capability or `'public'` (`permission`), or a named check (`check`).
 */
export type EndpointSpec<K extends string, C extends string = never> = Omit<EndpointDefinition, 'handler' | 'permission'> & {
  /** The key of its handler in the namespace's handler map. */
  handler: K;
  /** A capability the user must have, or `'public'`. */
  permission?: 'public' | KnownCapability;
  /** The key of its permission check in the namespace's check map. */
  check?: C;
};

/** A route of a namespace's route table, as plain data. */
export interface RouteSpec<K extends string, C extends string = never> {
  /** Path below the namespace (WordPress regex or `:param` style). */
  path: string;
  /** Route-level `allow_batch`. */
  allowBatch?: AllowBatch;
  /** Endpoints in order, each naming its handler. */
  endpoints: readonly EndpointSpec<K, C>[];
}

/** A route table: routes in order, written `as const` so each handler's params are typed. */
export type RouteSpecTable = readonly RouteSpec<string, string>[];

/** The request endpoint `E` of a route on path `P` gets. */
type RequestOf<P, E> = TypedRequest<P extends string ? P : string, E extends { args: infer A } ? A : Record<never, never>>;

/** Each endpoint of a table's route as `{name, request}`: the handler it names and the request it gets. */
type EndpointRequest<P, E> = E extends { handler: infer K } ? { name: K; request: RequestOf<P, E> } : never;
type RouteRequests<R> = R extends { path: infer P; endpoints: readonly (infer E)[] } ? EndpointRequest<P, E> : never;
type TableRequests<T extends RouteSpecTable> = RouteRequests<T[number]>;

/** The handler names a route table uses. */
export type HandlerNameOf<T extends RouteSpecTable> = TableRequests<T>['name'] & string;

/**
 * Each route of a table as the checks its endpoints name and the requests its endpoints get: the
 * `Allow` header runs every endpoint's check on the request another endpoint of the route matched.
 */
type RouteChecks<R> = R extends { path: infer P; endpoints: readonly (infer E)[] }
  ? { names: E extends { check: infer C } ? C : never; request: E extends unknown ? RequestOf<P, E> : never }
  : never;
/** The requests check `K` may get: those of every route (from {@link RouteChecks}) naming it. */
type CheckRequest<R, K> = R extends { names: infer N; request: infer Q } ? (K extends N ? Q : never) : never;

/** The permission-check names a route table uses (an endpoint with a capability instead names none). */
export type CheckNameOf<T extends RouteSpecTable> = RouteChecks<T[number]>['names'] & string;

/**
 * The handlers a route table names, each typed by the endpoints that name it (their args and
 * route path) and given the namespace's storage `S` bound to the request: what a namespace's
 * `<name>Handlers(deps)` returns.
 */
export type Handlers<in out T extends RouteSpecTable, S extends object = NoStorage> = {
  [K in HandlerNameOf<T>]: (
    request: Extract<TableRequests<T>, { name: K }>['request'],
    context: RestContext,
    storage: BoundStorage<S>,
  ) => HandlerResult | Promise<HandlerResult>;
};

/**
 * The permission checks a route table names, each typed by the requests of the routes that name
 * it (any endpoint's, since the `Allow` header asks every check) and given the bound storage, as
 * handlers are: what `<name>Checks(deps)` returns.
 */
export type Checks<in out T extends RouteSpecTable, S extends object = NoStorage> = {
  [K in CheckNameOf<T>]: (
    request: CheckRequest<RouteChecks<T[number]>, K>,
    context: RestContext,
    storage: BoundStorage<S>,
  ) => PermissionResult | Promise<PermissionResult>;
};

/** The checks a group's table names; none where it names none, so a stray check is refused too. */
type GroupChecks<T extends RouteSpecTable, S extends object> = [CheckNameOf<T>] extends [never] ? undefined : Checks<T, S>;

/** A handler or check of a group, its request type erased once {@link routeGroup} has checked it. */
type GroupFunction<S> = (request: never, context: RestContext, storage: BoundStorage<S>) => unknown;

/** A route group: part of a namespace's route table with the handlers and checks it names, checked against each other. */
export interface RouteGroup<S extends object = NoStorage> {
  /** The group's routes, in the order the plugin registers them. */
  readonly routes: RouteSpecTable;
  /** Its handlers, by the names its routes use. */
  readonly handlers: Readonly<Record<string, GroupFunction<S>>>;
  /** Its permission checks, by the names its routes use. */
  readonly checks?: Readonly<Record<string, GroupFunction<S>>>;
}

/**
 * A group of a namespace's routes (`routes/<group>.ts`) with its handlers (`handlers/<group>.ts`):
 * the compiler checks that every handler and check the table names has its function, and no
 * other. The table alone decides `T`; the handlers' type decides the storage `S` they are given.
 */
export function routeGroup<const T extends RouteSpecTable, S extends object = NoStorage>(
  routes: T,
  handlers: Handlers<NoInfer<T>, S>,
  checks?: NoInfer<GroupChecks<T, S>>,
): RouteGroup<S> {
  return { routes, handlers, ...(checks ? { checks } : {}) };
}

/** How {@link bindGroups} binds a namespace's groups. */
export interface BindGroupsOptions<S extends object> {
  /** The namespace's storage (from `withDefaults`), given to every handler and check bound to the request. */
  storage?: S;
  /**
   * Every route's path in the order the plugin registers them (`routes.json`'s order), where its
   * groups interleave; absent: each group's routes after the previous group's.
   */
  order?: readonly string[];
}

/** The routes of `groups` in `order`, refusing a path listed twice, not listed, or belonging to no group. */
function orderedRoutes(namespace: string, groups: readonly RouteGroup<object>[], order: readonly string[] | undefined) {
  const routes = groups.flatMap((group) => group.routes.map((route) => ({ route, group })));
  if (!order) return routes;
  const byPath = new Map(routes.map((entry) => [entry.route.path, entry]));
  const listed = new Set(order);
  const unlisted = routes.filter(({ route }) => !listed.has(route.path)).map(({ route }) => route.path);
  const unknown = order.filter((path) => !byPath.has(path));
  if (unlisted.length > 0 || unknown.length > 0 || listed.size !== order.length || byPath.size !== routes.length) {
    const found = [
      ...(unlisted.length > 0 ? [`leaves out ${unlisted.join(', ')}`] : []),
      ...(unknown.length > 0 ? [`names ${unknown.join(', ')}, which no group has`] : []),
    ];
    throw new TypeError(
      `site-rest: ${namespace}'s route order ${found.length > 0 ? found.join(' and ') : 'lists a path twice'}; list every route's path once`,
    );
  }
  return order.map((path) => byPath.get(path)!);
}

/**
 * A namespace module from its route groups: their tables stay data (the same JSON the index
 * shows, in `order`), and each handler and check gets the request's bound storage, so none passes
 * a storage context by hand.
 */
export function bindGroups<S extends object = NoStorage>(
  namespace: string,
  groups: readonly RouteGroup<S>[],
  { storage, order }: BindGroupsOptions<S> = {},
): NamespaceModule {
  const bind = storage === undefined ? undefined : storageBinder(storage);
  // Without storage a handler is the endpoint's own; with it, one small wrapper per endpoint made at mount.
  const withStorage = (fn: GroupFunction<S>) => {
    const given = fn as (request: RestRequest, context: RestContext, storage?: BoundStorage<S>) => unknown;
    return bind === undefined ? given : (request: RestRequest, context: RestContext) => given(request, context, bind(request, context));
  };
  return {
    namespace,
    routes: orderedRoutes(namespace, groups as readonly RouteGroup<object>[], order).map(({ route, group }) => ({
      path: route.path,
      ...(route.allowBatch ? { allowBatch: route.allowBatch } : {}),
      endpoints: route.endpoints.map(({ handler, check, permission, ...endpoint }) => {
        const bound: EndpointDefinition = { ...endpoint, handler: withStorage(group.handlers[handler]!) };
        if (check !== undefined && group.checks) bound.permission = withStorage(group.checks[check]!) as PermissionCheck;
        else if (permission !== undefined) bound.permission = permission;
        return bound;
      }),
    })),
  };
}

/**
 * A namespace module from its route table and the handlers (and permission checks) the table
 * names: the table stays data (the same JSON the index shows), and the compiler checks every
 * name has its function. The table alone decides `T`, so checks written inline get typed requests.
 * A namespace with storage or with route groups binds with {@link bindGroups}.
 */
export function bindRoutes<const T extends RouteSpecTable>(
  namespace: string,
  table: T,
  handlers: Handlers<T>,
  checks?: NoInfer<Checks<T>>,
): NamespaceModule {
  return bindGroups(namespace, [routeGroup(table, handlers, checks as GroupChecks<T, NoStorage>)]);
}

/** Callbacks of a storage that read or write the same data, so a host replaces all of them or none. */
export interface StorageGroup<K extends string> {
  /** What the callbacks share, as the refusal names it (`posts`: "which read the same posts"). */
  data: string;
  /** The callbacks, in the order the refusal lists them. */
  callbacks: readonly K[];
}

/** A storage's callbacks in groups of those that share data: every callback in one group, a callback that shares nothing alone in its own. */
export type StorageGroups<S> = readonly StorageGroup<Extract<keyof S, string>>[];

/**
 * The storage a namespace runs on: the host's callbacks where given, the in-memory defaults for
 * the rest, so a host can replace one callback (say, where mail goes) and keep the others. Callbacks
 * of one group share data, so a host gives all of a group or none: part of one is refused, naming
 * `name` (`corePosts storage`), since the rest would read an empty memory store. A host's class
 * instance works too: its methods are found on the prototype and keep their `this`.
 */
export function withDefaults<S extends object>(memory: () => S, given: Partial<S> | undefined, groups: StorageGroups<S>, name: string): S {
  const defaults = memory();
  const grouped = new Set<string>(groups.flatMap((group) => group.callbacks));
  const ungrouped = Object.keys(defaults).filter((key) => typeof defaults[key as keyof S] === 'function' && !grouped.has(key));
  if (ungrouped.length > 0)
    throw new TypeError(`site-rest: ${name} groups leave out ${ungrouped.join(', ')}; put each callback in a group`);
  if (!given) return defaults;
  for (const { data, callbacks } of groups) {
    const present = callbacks.filter((key) => typeof given[key] === 'function');
    if (present.length > 0 && present.length < callbacks.length) {
      const missing = callbacks.filter((key) => !present.includes(key));
      throw new TypeError(
        `site-rest: ${name} gives ${present.join(', ')} but not ${missing.join(', ')}, which read the same ${data}; give all of them or none`,
      );
    }
  }
  const out = { ...defaults };
  for (const key of grouped as Set<keyof S & string>) {
    const own = given[key];
    if (typeof own === 'function') out[key] = own.bind(given) as S[keyof S & string];
  }
  return out;
}

/** A namespace that lists only its index route (WordPress registers the rest elsewhere). */
export function indexOnly(namespace: string): NamespaceModule {
  return { namespace, routes: [] };
}
