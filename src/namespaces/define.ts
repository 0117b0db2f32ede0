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
  RestUser,
} from '../core/types.js';

/** What every storage callback receives besides its own arguments: who is asking, on which site. */
export interface StorageContext {
  /** The signed-in user, or null. */
  user: RestUser | null;
  /** The site facts the server was created with. */
  site: RestContext['site'];
}

/** The storage context of a request. */
export function storageContext(context: RestContext): StorageContext {
  return { user: context.user, site: context.site };
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
 * route path): what a namespace's `<name>Handlers(deps)` returns.
 */
export type Handlers<T extends RouteSpecTable> = {
  [K in HandlerNameOf<T>]: (
    request: Extract<TableRequests<T>, { name: K }>['request'],
    context: RestContext,
  ) => HandlerResult | Promise<HandlerResult>;
};

/**
 * The permission checks a route table names, each typed by the requests of the routes that name
 * it (any endpoint's, since the `Allow` header asks every check): what `<name>Checks(deps)` returns.
 */
export type Checks<T extends RouteSpecTable> = {
  [K in CheckNameOf<T>]: (
    request: CheckRequest<RouteChecks<T[number]>, K>,
    context: RestContext,
  ) => PermissionResult | Promise<PermissionResult>;
};

/**
 * A namespace module from its route table and the handlers (and permission checks) the table
 * names: the table stays data (the same JSON the index shows), and the compiler checks every
 * name has its function. The table alone decides `T`, so checks written inline get typed requests.
 */
export function bindRoutes<const T extends RouteSpecTable>(
  namespace: string,
  table: T,
  handlers: Handlers<T>,
  checks?: NoInfer<Checks<T>>,
): NamespaceModule {
  return {
    namespace,
    routes: table.map((route) => ({
      path: route.path,
      ...(route.allowBatch ? { allowBatch: route.allowBatch } : {}),
      endpoints: route.endpoints.map(({ handler, check, permission, ...endpoint }) => {
        const bound: EndpointDefinition = { ...endpoint, handler: handlers[handler as HandlerNameOf<T>] };
        if (check !== undefined && checks) bound.permission = (checks as Checks<T>)[check as CheckNameOf<T>] as PermissionCheck;
        else if (permission !== undefined) bound.permission = permission;
        return bound;
      }),
    })),
  };
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
