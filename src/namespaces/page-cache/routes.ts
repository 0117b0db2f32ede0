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
      { methods: ['GET'], summary: 'Retrieve the cache settings', permission: 'manage_options', handler: 'getSettings' },
      { methods: ['POST'], summary: 'Update the cache settings', permission: 'manage_options', handler: 'updateSettings' },
    ],
  },
  {
    path: '/status',
    endpoints: [{ methods: ['GET'], summary: 'Retrieve the cache set-up status', permission: 'manage_options', handler: 'getStatus' }],
  },
  {
    path: '/stats',
    endpoints: [{ methods: ['GET'], summary: 'Count the cached pages', permission: 'manage_options', handler: 'getStats' }],
  },
  {
    path: '/cache',
    endpoints: [
      { methods: ['GET'], summary: 'List the cached pages', permission: 'manage_options', handler: 'getCache' },
      { methods: ['POST'], summary: 'Clear cached pages', permission: 'manage_options', handler: 'deleteCache' },
    ],
  },
  {
    path: '/preload',
    endpoints: [{ methods: ['POST'], summary: 'Start or stop preloading', permission: 'manage_options', handler: 'preload' }],
  },
  {
    path: '/cache/test',
    endpoints: [{ methods: ['POST'], summary: 'Test the page cache', permission: 'manage_options', handler: 'testCache' }],
  },
  {
    path: '/plugins',
    endpoints: [
      { methods: ['GET'], summary: 'List the cache add-ons', permission: 'manage_options', handler: 'getPlugins' },
      { methods: ['POST'], summary: 'Turn cache add-ons on or off', permission: 'manage_options', handler: 'updatePlugins' },
    ],
  },
] as const satisfies RouteSpecTable;

/** The handlers the page-cache route table names. */
export type PageCacheHandlerName = HandlerNameOf<typeof pageCacheRoutes>;
