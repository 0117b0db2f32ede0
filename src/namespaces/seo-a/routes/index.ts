import { isNumeric } from '../../../core/php/values.js';

/** SEOPress registers `id` with only a `validate_callback` (`is_numeric`): the index lists it as `{required: false}`. */
export const NUMERIC_ID = { id: { validateCallback: (value: unknown) => isNumeric(value) } } as const;

/**
 * The `seo-a/v1` routes (SEOPress 9.6's `seopress/v1`) in the order SEOPress registers them, which
 * interleaves the groups (`routes/<group>.ts`). The per-post routes ask
 * `current_user_can('edit_post', $request['id'])`, whose refusal is WordPress's `rest_forbidden`;
 * the headless routes and `search-url` are public; options and roles need `manage_options`.
 */
export const seoARouteOrder = [
  '/posts/(?P<id>\\d+)/content-analysis',
  '/posts/(?P<id>\\d+)/count-target-keywords-use',
  '/posts/(?P<id>\\d+)',
  '/posts/by-url',
  '/terms/(?P<id>\\d+)',
  '/posts/(?P<id>\\d+)/redirection-settings',
  '/posts/(?P<id>\\d+)/meta-robot-settings',
  '/posts/(?P<id>\\d+)/social-settings',
  '/posts/(?P<id>\\d+)/target-keywords',
  '/posts/(?P<id>\\d+)/title-description-metas',
  '/posts/(?P<id>\\d+)/page-preview',
  '/posts/(?P<id>\\d+)/preview-title-description-metas',
  '/options/(?P<group>advanced-settings|analytics-settings|bot-settings|dashboard-settings|indexing-settings|license-settings|pro-settings|sitemaps-settings|social-settings|titles-settings|shop-settings)',
  '/roles',
  '/search-url',
] as const;
