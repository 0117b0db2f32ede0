import type { HandlerNameOf, RouteSpecTable } from '../define.js';
import { controllerCollectionArgs } from '../collection-args.js';

/**
 * The `blocksuite-responder/v1` route table (Kadence Blocks' `kb-getresponse/v1`,
 * includes/advanced-form/getresponse-rest-api.php, as of 3.5): one GET proxying GetResponse with
 * the account kept in the site's options. Its args are the base controller's collection params,
 * `endpoint` (the only one the handler reads) and `queryargs`, which the specification lists and
 * the handler never reads. Spec-era permission: `edit_posts` (the plugin's February 2026 release
 * asks `manage_options` and allow-lists `endpoint`; neither is in the specification's era).
 */
export const blocksuiteResponderRoutes = [
  {
    path: '/get',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Ask GetResponse for the account's campaigns, tags or custom fields",
        permission: 'edit_posts',
        handler: 'getFromGetResponse',
        args: { ...controllerCollectionArgs, endpoint: { type: 'string' }, queryargs: { type: 'array' } },
      },
    ],
  },
] as const satisfies RouteSpecTable;

/** The handlers the responder route table names. */
export type BlocksuiteResponderHandlerName = HandlerNameOf<typeof blocksuiteResponderRoutes>;
