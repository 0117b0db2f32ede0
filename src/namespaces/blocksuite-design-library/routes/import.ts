import type { RouteSpecTable } from '../../define.js';
import { collectionArgs } from './index.js';

/**
 * The design library's import routes (Kadence Blocks' `kb-design-library/v1`,
 * includes/class-kadence-blocks-prebuilt-library-rest-api.php, 3.5): a pattern inserted from the
 * library brought into the site (its helper posts and images), and a photo collection's images
 * imported. Both need `edit_posts`, as in 3.5.
 */
export const blocksuiteDesignLibraryImportRoutes = [
  {
    path: '/process_pattern',
    endpoints: [
      {
        methods: ['POST'],
        summary: "Bring a library pattern's helper posts and images into the site",
        permission: 'edit_posts',
        args: collectionArgs,
        handler: 'processPattern',
      },
    ],
  },
  {
    path: '/process_images',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Import images into the media library',
        permission: 'edit_posts',
        args: collectionArgs,
        handler: 'processImages',
      },
    ],
  },
] as const satisfies RouteSpecTable;
