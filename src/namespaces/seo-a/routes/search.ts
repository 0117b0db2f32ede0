import type { RouteSpecTable } from '../../define.js';

/** The `seo-a/v1` routes of the public URL search of the redirections screen. */
export const seoASearchRoutes = [
  { path: '/search-url', endpoints: [{ methods: ['GET'], summary: 'Search posts by URL', permission: 'public', handler: 'searchUrl' }] },
] as const satisfies RouteSpecTable;
