import { invalidNamespace } from '../errors/catalogue.js';
import { describeRoutes, type RouteDescriptor } from './route-data.js';
import { RestResponse } from '../http/response.js';
import type { RouteTable } from '../routing/route-table.js';
import type { RouteDefinition, SiteFacts } from '../types.js';

/** What the index routes need from the server. */
interface IndexSources {
  table: Pick<RouteTable, 'routes' | 'routesOf' | 'namespaces' | 'version'>;
  /** Site facts with `url` and `home` already without a trailing slash. */
  site: SiteFacts & { url: string; home: string };
  /** Authentication schemes the root index lists. */
  authentication: Record<string, unknown>;
  restUrl(route: string): string;
}

/** The index routes WordPress registers itself: `GET /` and each namespace's `GET /<namespace>`. */
interface IndexRoutes {
  /** `GET /`: site facts, namespaces, authentication and every route. */
  root: RouteDefinition;
  /** `GET /<namespace>`: that namespace's routes, with `_links.up`. */
  namespace(namespace: string): RouteDefinition;
}

/**
 * Builds the index routes over a route table. Route descriptors are rendered once per context
 * and namespace and rebuilt only when the table's version changes.
 */
export function createIndexRoutes({ table, site, authentication, restUrl }: IndexSources): IndexRoutes {
  const cache = new Map<string, { version: number; routes: Record<string, RouteDescriptor> }>();
  function routesData(context: string, namespace?: string): Record<string, RouteDescriptor> {
    const key = `${context === 'help' ? 'help' : 'view'}\n${namespace ?? ''}`;
    const cached = cache.get(key);
    if (cached && cached.version === table.version) return cached.routes;
    const routes = describeRoutes(namespace === undefined ? table.routes() : table.routesOf(namespace), context, restUrl);
    cache.set(key, { version: table.version, routes });
    return routes;
  }

  const root: RouteDefinition = {
    path: '/',
    endpoints: [
      {
        methods: 'GET',
        args: { context: { default: 'view' } },
        permission: 'public',
        handler: (request) => {
          const {
            name,
            description = '',
            url,
            home,
            gmt_offset = '0',
            timezone_string = '',
            page_for_posts,
            page_on_front,
            show_on_front,
          } = site;
          const data: Record<string, unknown> = { name, description, url, home, gmt_offset, timezone_string };
          if (page_for_posts !== undefined) data.page_for_posts = page_for_posts;
          if (page_on_front !== undefined) data.page_on_front = page_on_front;
          if (show_on_front !== undefined) data.show_on_front = show_on_front;
          data.namespaces = table.namespaces();
          data.authentication = Object.keys(authentication).length > 0 ? authentication : [];
          data.routes = routesData(String(request.params.context));
          return new RestResponse(data).link('help', 'https://developer.wordpress.org/rest-api/');
        },
      },
    ],
  };

  const namespace = (ns: string): RouteDefinition => ({
    path: '',
    endpoints: [
      {
        methods: 'GET',
        args: { namespace: { default: ns }, context: { default: 'view' } },
        permission: 'public',
        handler: (request) => {
          const wanted = request.params.namespace;
          if (typeof wanted !== 'string' || !table.namespaces().includes(wanted)) {
            return invalidNamespace();
          }
          const response = new RestResponse({ namespace: wanted, routes: routesData(String(request.params.context), wanted) });
          return response.link('up', restUrl('/'));
        },
      },
    ],
  });

  return { root, namespace };
}
