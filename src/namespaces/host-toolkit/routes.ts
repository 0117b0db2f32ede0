import type { HandlerNameOf, RouteSpecTable } from '../define.js';

/**
 * The `host-toolkit/api` route table (a hosting connector plugin, not identified). No endpoint
 * declares args: the index shows `args: []`. `analytics/settings` comes first, so it wins its
 * path for the methods it serves; a GET of that path falls through to the catch-all, as in
 * WordPress's matching loop. Every endpoint needs `manage_options`, refused as WordPress refuses it.
 * The catch-all's slug is checked by its handler (`panel-slug.ts`), not by an arg, so the index
 * keeps showing `args: []`.
 */
export const hostToolkitRoutes = [
  {
    path: '/analytics/settings',
    endpoints: [
      {
        methods: ['POST', 'PUT', 'PATCH'],
        summary: 'Update the analytics settings',
        permission: 'manage_options',
        handler: 'mergeAnalyticsSettings',
      },
    ],
  },
  {
    path: '/(?P<slug>.+)',
    endpoints: [
      { methods: ['GET'], summary: 'Read from the host panel', permission: 'manage_options', handler: 'forwardToPanel' },
      { methods: ['POST', 'PUT', 'PATCH'], summary: 'Write to the host panel', permission: 'manage_options', handler: 'forwardToPanel' },
      { methods: ['DELETE'], summary: 'Delete through the host panel', permission: 'manage_options', handler: 'forwardToPanel' },
    ],
  },
] as const satisfies RouteSpecTable;

/** The handlers the host-toolkit route table names. */
export type HostToolkitHandlerName = HandlerNameOf<typeof hostToolkitRoutes>;
