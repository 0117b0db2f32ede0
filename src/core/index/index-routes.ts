import { invalidNamespace } from '../errors/catalogue.js';
import { describeRoutes, type RouteDescriptor } from './route-data.js';
import { RestResponse } from '../http/response.js';
import type { RouteTable } from '../routing/route-table.js';
import type { RestContext, RouteDefinition } from '../types.js';

/** What the index routes need from the server. */
interface IndexSources {
  table: Pick<RouteTable, 'routes' | 'routesOf' | 'namespaces' | 'version'>;
  /** Authentication schemes the root index lists, for the site at `url`. */
  authentication(url: string): Record<string, unknown>;
  /** The configured address's `restUrl`: descriptors built with it are cached; those of other addresses are built per request. */
  restUrl: RestContext['restUrl'];
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
export function createIndexRoutes({ table, authentication, restUrl }: IndexSources): IndexRoutes {
  const cache = new Map<string, { version: number; routes: Record<string, RouteDescriptor> }>();
  function routesData(context: string, at: RestContext, namespace?: string): Record<string, RouteDescriptor> {
    const routes = () => (namespace === undefined ? table.routes() : table.routesOf(namespace));
    // A per-request address (a mount path, a trusted Host) may take any value: never cached.
    if (at.restUrl !== restUrl) return describeRoutes(routes(), context, at.restUrl);
    const key = `${context === 'help' ? 'help' : 'view'}\n${namespace ?? ''}`;
    const cached = cache.get(key);
    if (cached && cached.version === table.version) return cached.routes;
    const described = describeRoutes(routes(), context, restUrl);
    cache.set(key, { version: table.version, routes: described });
    return described;
  }

  const root: RouteDefinition = {
    path: '/',
    endpoints: [
      {
        methods: 'GET',
        summary: 'Describe the site and its routes',
        args: { context: { default: 'view' } },
        permission: 'public',
        handler: (request, at) => {
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
          } = at.site;
          const data: Record<string, unknown> = { name, description, url, home, gmt_offset, timezone_string };
          if (page_for_posts !== undefined) data.page_for_posts = page_for_posts;
          if (page_on_front !== undefined) data.page_on_front = page_on_front;
          if (show_on_front !== undefined) data.show_on_front = show_on_front;
          data.namespaces = table.namespaces();
          const schemes = authentication(url);
          data.authentication = Object.keys(schemes).length > 0 ? schemes : [];
          data.routes = routesData(String(request.params.context), at);
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
        summary: `List the ${ns} routes`,
        args: { namespace: { default: ns }, context: { default: 'view' } },
        permission: 'public',
        handler: (request, at) => {
          const wanted = request.params.namespace;
          if (typeof wanted !== 'string' || !table.namespaces().includes(wanted)) {
            return invalidNamespace();
          }
          const response = new RestResponse({ namespace: wanted, routes: routesData(String(request.params.context), at, wanted) });
          return response.link('up', at.restUrl('/'));
        },
      },
    ],
  });

  return { root, namespace };
}
