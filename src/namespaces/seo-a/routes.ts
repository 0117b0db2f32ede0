import { isNumeric } from '../../core/php/values.js';
import { args } from '../../core/typed-params.js';
import type { HandlerNameOf, RouteSpecTable } from '../define.js';

/** SEOPress registers `id` with only a `validate_callback`: `is_numeric`, so the index lists it as `{required: false}`. */
const idArg = args({ id: { validateCallback: (value: unknown) => isNumeric(value) } });

/**
 * The `seo-a/v1` route table (SEOPress 9.6's `seopress/v1`, src/Actions/Api/), in routes.json's
 * order. Every `{id}` endpoint asks `current_user_can('edit_post', $id)`, refused with WordPress's
 * own `rest_forbidden`. None allows batching, as in the plugin.
 */
export const seoARoutes = [
  {
    path: '/posts/(?P<id>\\d+)/content-analysis',
    endpoints: [
      { methods: ['GET'], args: idArg, check: 'canEditPost', handler: 'getContentAnalysis' },
      { methods: ['POST'], args: idArg, check: 'canEditPost', handler: 'saveContentAnalysis' },
    ],
  },
  {
    path: '/posts/(?P<id>\\d+)/page-preview',
    endpoints: [{ methods: ['GET'], args: idArg, check: 'canEditPost', handler: 'getPagePreview' }],
  },
] as const satisfies RouteSpecTable;

/** The handlers the seo-a route table names. */
export type SeoAHandlerName = HandlerNameOf<typeof seoARoutes>;
