// Which routes of a mocked index anonymous callers may write to. A WordPress index does not show
// permission callbacks, so the mock cannot tell a contact form's public `feedback` route from
// `wp/v2/posts`: it refuses every anonymous write (WordPress's 401 for a signed-out caller)
// unless `--anonymous-writes` names the routes that are public on the real site.
import type { IndexRoute } from '../core/index/from-index.js';
import { nearestWord } from '../core/nearest-word.js';
import { routeKey } from '../core/routing/route-pattern.js';
import type { NamespaceModule } from '../core/types.js';
import { UsageError } from './common.js';

/** The `--anonymous-writes` value that opens every route. */
const EVERY_ROUTE = 'all';

/**
 * The route keys `--anonymous-writes` opens to anonymous writes: every route of the index for
 * `all`; a namespace's routes for its name (`contact-form-7/v1`); one route for its key as the
 * index lists it (`/contact-form-7/v1/contact-forms/(?P<id>\d+)/feedback`). A leading `/` is
 * optional on both. A value naming none of these is a usage error naming the nearest one.
 */
export function anonymousWriteRoutes(routes: Record<string, IndexRoute>, given: readonly string[]): ReadonlySet<string> {
  // The routes the mock serves from the index: not the root's, nor a namespace's own index, which the server answers itself.
  const keys = Object.keys(routes).filter((key) => routes[key]!.namespace !== '' && key !== `/${routes[key]!.namespace}`);
  const served = new Set(keys);
  const namespaces = new Set(keys.map((key) => routes[key]!.namespace));
  const open = new Set<string>();
  for (const value of given) {
    const bare = value.startsWith('/') ? value.slice(1) : value;
    if (bare === EVERY_ROUTE) {
      for (const key of keys) open.add(key);
    } else if (namespaces.has(bare)) {
      for (const key of keys) if (routes[key]!.namespace === bare) open.add(key);
    } else if (served.has(`/${bare}`)) {
      open.add(`/${bare}`);
    } else {
      const near = nearestWord(value, [EVERY_ROUTE, ...namespaces, ...keys]);
      throw new UsageError(
        `--anonymous-writes ${JSON.stringify(value)} names no namespace or route the index gives the mock ("all" names every one)${near === undefined ? '' : `; did you mean ${JSON.stringify(near)}?`}`,
      );
    }
  }
  return open;
}

/** The modules with every endpoint of the routes in `open` public, so anonymous callers may write to them as to a public plugin route. */
export function withAnonymousWrites(modules: readonly NamespaceModule[], open: ReadonlySet<string>): NamespaceModule[] {
  return modules.map((module) => ({
    ...module,
    routes: module.routes.map((route) =>
      open.has(routeKey(module.namespace, route.path))
        ? { ...route, endpoints: route.endpoints.map((endpoint) => ({ ...endpoint, permission: 'public' as const })) }
        : route,
    ),
  }));
}
