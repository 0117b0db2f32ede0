import type { HandlerNameOf, RouteSpecTable } from '../define.js';
import { controllerCollectionArgs } from '../collection-args.js';

/**
 * The `blocksuite-maillist/v1` route table (Kadence Blocks' `kb-mailerlite/v1`,
 * includes/class-mailerlite-form-rest-api.php): one GET proxying MailerLite, its args the base
 * controller's collection params plus the three the plugin reads, all type-only. The plugin asks
 * `current_user_can( 'edit_posts' )`, refused with WordPress's own `rest_forbidden`.
 */
export const blocksuiteMaillistRoutes = [
  {
    path: '/get',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Ask MailerLite for an account's groups or fields",
        permission: 'edit_posts',
        handler: 'getFromMailerLite',
        args: {
          ...controllerCollectionArgs,
          apikey: { description: 'account key', type: 'string' },
          endpoint: { type: 'string' },
          queryargs: { type: 'array' },
        },
      },
    ],
  },
] as const satisfies RouteSpecTable;

/** The handlers the maillist route table names. */
export type BlocksuiteMaillistHandlerName = HandlerNameOf<typeof blocksuiteMaillistRoutes>;
