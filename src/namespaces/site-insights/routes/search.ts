import type { RouteSpecTable } from '../../define.js';

/** The `site-insights/v1` route of Site Kit's entity search (`Core/Util/REST_Entity_Search_Controller`). */
export const siteInsightsSearchRoutes = [
  {
    path: '/core/search/data/entity-search',
    endpoints: [
      {
        methods: ['GET'],
        summary: "The site's entity at a URL, or published posts found by text",
        args: { query: { type: 'string', required: true } },
        check: 'authenticateOrSharedDashboard',
        handler: 'entitySearch',
      },
    ],
  },
] as const satisfies RouteSpecTable;
