import type { RouteSpecTable } from '../../define.js';
import { collectionArgs } from './index.js';

/** The `blocksuite-design-library/v1` routes of the AI wizard's helpers: industries, keyword and image-query suggestions, remaining credits. */
export const blocksuiteDesignLibraryWizardRoutes = [
  {
    path: '/get_verticals',
    endpoints: [
      { methods: ['GET'], summary: 'List the industries', permission: 'edit_posts', args: collectionArgs, handler: 'getVerticals' },
    ],
  },
  {
    path: '/get_keywords',
    endpoints: [{ methods: ['POST'], summary: 'Suggest keywords', permission: 'edit_posts', args: collectionArgs, handler: 'getKeywords' }],
  },
  {
    path: '/get_search_query',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Suggest an image search query',
        permission: 'edit_posts',
        args: collectionArgs,
        handler: 'getSearchQuery',
      },
    ],
  },
  {
    path: '/get_remaining_credits',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Get the remaining AI credits',
        permission: 'edit_posts',
        args: collectionArgs,
        handler: 'getRemainingCredits',
      },
    ],
  },
] as const satisfies RouteSpecTable;
