import type { HandlerNameOf, RouteSpecTable } from '../define.js';

/**
 * The `themeblocks/v1` route table (Genesis Blocks' `genesisblocks/v1`, includes/layout/
 * layout-endpoints.php), in the plugin's registration order: favourites first, so `layouts/all`
 * and `layouts/favorites` are matched before the single-layout pattern. No endpoint declares
 * args, as in the plugin, and every one asks `current_user_can( 'edit_posts' )`, whose refusal is
 * WordPress's own `rest_forbidden`.
 */
export const themeblocksRoutes = [
  {
    path: '/layouts/favorites',
    endpoints: [
      { methods: ['GET'], summary: "List the user's favourite layouts", permission: 'edit_posts', handler: 'getFavorites' },
      { methods: ['PATCH'], summary: 'Add a favourite layout', permission: 'edit_posts', handler: 'addFavorite' },
      { methods: ['DELETE'], summary: 'Remove a favourite layout', permission: 'edit_posts', handler: 'removeFavorite' },
    ],
  },
  {
    path: '/layouts/all',
    endpoints: [{ methods: ['GET'], summary: 'List layouts and sections', permission: 'edit_posts', handler: 'listAll' }],
  },
  { path: '/layouts', endpoints: [{ methods: ['GET'], summary: 'List layouts', permission: 'edit_posts', handler: 'listLayouts' }] },
  {
    path: '/layouts/(?P<name>[a-zA-Z]\\w*)',
    endpoints: [{ methods: ['GET'], summary: 'Retrieve a layout', permission: 'edit_posts', handler: 'getLayout' }],
  },
  { path: '/sections', endpoints: [{ methods: ['GET'], summary: 'List sections', permission: 'edit_posts', handler: 'listSections' }] },
] as const satisfies RouteSpecTable;

/** The handlers the themeblocks route table names. */
export type ThemeblocksHandlerName = HandlerNameOf<typeof themeblocksRoutes>;
