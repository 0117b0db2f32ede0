import type { HandlerNameOf, RouteSpecTable } from '../define.js';
import { controllerCollectionArgs } from '../collection-args.js';

/**
 * The `blocksuite-crm/v1` route table (Kadence Blocks' `kb-fluentcrm/v1`,
 * includes/class-fluentcrm-form-rest-api.php): one GET answering the local FluentCRM's lists, tags
 * or contact fields. Its args are the base controller's collection params, `endpoint` (the only one
 * the handler reads) and `queryargs`, which the specification lists and the handler never reads.
 */
export const blocksuiteCrmRoutes = [
  {
    path: '/get',
    endpoints: [
      {
        methods: ['GET'],
        summary: "List FluentCRM's lists, tags or contact fields",
        permission: 'edit_posts',
        handler: 'getFromFluentCrm',
        args: { ...controllerCollectionArgs, endpoint: { type: 'string' }, queryargs: { type: 'array' } },
      },
    ],
  },
] as const satisfies RouteSpecTable;

/** The handlers the crm route table names. */
export type BlocksuiteCrmHandlerName = HandlerNameOf<typeof blocksuiteCrmRoutes>;
