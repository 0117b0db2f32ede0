import type { HandlerNameOf, RouteSpecTable } from '../define.js';

/**
 * The `page-cache/v1` route table (WP Super Cache's `wp-super-cache/v1`, `rest/load.php`), in the
 * plugin's order. Every endpoint asks `wpsupercache_site_admin()`, `setup_network`, which is
 * `manage_options` on a single site; a refusal is WordPress's plain `rest_forbidden`. No endpoint
 * declares args: the handlers read the JSON body as `get_json_params()` does.
 */
export const pageCacheRoutes = [
  {
    path: '/settings',
    endpoints: [
      { methods: ['GET'], permission: 'manage_options', handler: 'getSettings' },
      { methods: ['POST'], permission: 'manage_options', handler: 'updateSettings' },
    ],
  },
  { path: '/status', endpoints: [{ methods: ['GET'], permission: 'manage_options', handler: 'getStatus' }] },
  { path: '/stats', endpoints: [{ methods: ['GET'], permission: 'manage_options', handler: 'getStats' }] },
  {
    path: '/cache',
    endpoints: [
      { methods: ['GET'], permission: 'manage_options', handler: 'getCache' },
      { methods: ['POST'], permission: 'manage_options', handler: 'deleteCache' },
    ],
  },
  { path: '/preload', endpoints: [{ methods: ['POST'], permission: 'manage_options', handler: 'preload' }] },
  { path: '/cache/test', endpoints: [{ methods: ['POST'], permission: 'manage_options', handler: 'testCache' }] },
  {
    path: '/plugins',
    endpoints: [
      { methods: ['GET'], permission: 'manage_options', handler: 'getPlugins' },
      { methods: ['POST'], permission: 'manage_options', handler: 'updatePlugins' },
    ],
  },
] as const satisfies RouteSpecTable;

/** The handlers the page-cache route table names. */
export type PageCacheHandlerName = HandlerNameOf<typeof pageCacheRoutes>;
