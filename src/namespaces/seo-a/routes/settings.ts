import type { RouteSpecTable } from '../../define.js';

/** The `seo-a/v1` routes of SEOPress's option groups and the roles, for `manage_options`. */
export const seoASettingsRoutes = [
  {
    path: '/options/(?P<group>advanced-settings|analytics-settings|bot-settings|dashboard-settings|indexing-settings|license-settings|pro-settings|sitemaps-settings|social-settings|titles-settings|shop-settings)',
    endpoints: [{ methods: ['GET'], summary: 'Retrieve a group of SEO settings', permission: 'manage_options', handler: 'getOptionGroup' }],
  },
  { path: '/roles', endpoints: [{ methods: ['GET'], summary: 'List the roles', permission: 'manage_options', handler: 'getRoles' }] },
] as const satisfies RouteSpecTable;
