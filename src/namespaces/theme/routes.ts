import type { HandlerNameOf, RouteSpecTable } from '../define.js';

/**
 * The `theme/v1` route table (the Genesis Framework's `genesis/v1`). No endpoint declares args, as
 * in Genesis: the index shows `args: []` and the handlers read the path and the JSON body
 * themselves. Genesis leaves its GETs without a permission callback (public) and checks
 * `edit_theme_options` on its PUTs, refusing with WordPress's own `rest_forbidden`.
 */
export const themeRoutes = [
  {
    path: '/layouts/(?P<type>[a-z0-9,_-]+)',
    endpoints: [{ methods: ['GET'], summary: 'List the layouts of a type of page', permission: 'public', handler: 'getLayouts' }],
  },
  {
    path: '/singular-images',
    endpoints: [
      { methods: ['GET'], summary: 'Retrieve the featured-image settings', permission: 'public', handler: 'getSingularImages' },
      { methods: ['PUT'], summary: 'Update the featured-image settings', permission: 'edit_theme_options', handler: 'setSingularImages' },
    ],
  },
  {
    path: '/breadcrumbs',
    endpoints: [
      { methods: ['GET'], summary: 'Retrieve the breadcrumb settings', permission: 'public', handler: 'getBreadcrumbs' },
      { methods: ['PUT'], summary: 'Update the breadcrumb settings', permission: 'edit_theme_options', handler: 'setBreadcrumbs' },
    ],
  },
  {
    path: '/reading-settings',
    endpoints: [{ methods: ['GET'], summary: 'Retrieve the reading settings', permission: 'public', handler: 'getReadingSettings' }],
  },
] as const satisfies RouteSpecTable;

/** The handlers the theme route table names. */
export type ThemeHandlerName = HandlerNameOf<typeof themeRoutes>;
