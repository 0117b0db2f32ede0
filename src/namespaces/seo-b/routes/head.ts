import type { RouteSpecTable } from '../../define.js';
import { isHeadUrl } from '../head-url.js';

/**
 * The `seo-b/v1` head route (Yoast's `Indexables_Head_Route`): public, its `url` checked by
 * Yoast's `is_valid_url`, whose refusal is WordPress's `rest_invalid_param`.
 */
export const seoBHeadRoutes = [
  {
    path: '/get_head',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Get the head Yoast prints for a URL of the site',
        args: { url: { required: true, validateCallback: isHeadUrl } },
        permission: 'public',
        handler: 'getHead',
      },
    ],
  },
] as const satisfies RouteSpecTable;
