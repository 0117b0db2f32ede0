import type { AllowBatch, EndpointDefinition, Handler, NamespaceModule, Permission, RestContext, RestUser } from '../core/types.js';

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

/** A permission check that needs code (storage, the request): the table names it, the namespace binds it. */
export type PermissionCheck = Exclude<Permission, string>;

/**
 * An endpoint of a route table: everything but the handler, which it names by key. Who may call
 * it is a capability or `'public'` (`permission`), or a named check (`check`).
 */
export type EndpointSpec<K extends string, C extends string = never> = Omit<EndpointDefinition, 'handler' | 'permission'> & {
  /** The key of its handler in the namespace's handler map. */
  handler: K;
  /** A capability the user must have, or `'public'`. */
  permission?: 'public' | (string & {});
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
  endpoints: EndpointSpec<K, C>[];
}

/**
 * A namespace module from its route table and the handlers (and permission checks) the table
 * names: the table stays data (the same JSON the index shows), and the compiler checks every
 * name has its function.
 */
export function bindRoutes<K extends string, C extends string = never>(
  namespace: string,
  table: readonly RouteSpec<K, C>[],
  handlers: Record<K, Handler>,
  checks?: Record<C, PermissionCheck>,
): NamespaceModule {
  return {
    namespace,
    routes: table.map((route) => ({
      path: route.path,
      ...(route.allowBatch ? { allowBatch: route.allowBatch } : {}),
      endpoints: route.endpoints.map(({ handler, check, permission, ...endpoint }) => {
        const bound: EndpointDefinition = { ...endpoint, handler: handlers[handler] };
        if (check !== undefined && checks) bound.permission = checks[check];
        else if (permission !== undefined) bound.permission = permission;
        return bound;
      }),
    })),
  };
}

/**
 * The storage a namespace runs on: the host's callbacks where given, the in-memory defaults for
 * the rest, so a host can replace one callback (say, where mail goes) and keep the others. A
 * host's class instance works too: its methods are found on the prototype and keep their `this`.
 */
export function withDefaults<S extends object>(memory: () => S, given: Partial<S> | undefined): S {
  const defaults = memory();
  if (!given) return defaults;
  const out = { ...defaults };
  for (const key of Object.keys(defaults) as Array<keyof S>) {
    const own = given[key];
    if (typeof own === 'function') out[key] = own.bind(given) as S[keyof S];
  }
  return out;
}

/** A namespace that lists only its index route (WordPress registers the rest elsewhere). */
export function indexOnly(namespace: string): NamespaceModule {
  return { namespace, routes: [] };
}
