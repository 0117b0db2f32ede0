import type { RouteSpecTable } from '../../define.js';
import { collectionArgs } from './index.js';

/** The `blocksuite-design-library/v1` routes of the image service's images for industries or a search, and its collections. */
export const blocksuiteDesignLibraryImagesRoutes = [
  {
    path: '/get_images',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Get images for industries or a search',
        permission: 'edit_posts',
        args: collectionArgs,
        handler: 'getImages',
      },
    ],
  },
  {
    path: '/get_image_collections',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'List the image collections',
        permission: 'edit_posts',
        args: collectionArgs,
        handler: 'getImageCollections',
      },
    ],
  },
] as const satisfies RouteSpecTable;
