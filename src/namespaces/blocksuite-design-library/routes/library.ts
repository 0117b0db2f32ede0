import type { RouteSpecTable } from '../../define.js';
import { collectionArgs } from './index.js';

/** The `blocksuite-design-library/v1` routes of the pattern cloud's library, categories and single patterns (or a Kadence Cloud library's). */
export const blocksuiteDesignLibraryLibraryRoutes = [
  {
    path: '/get_library',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Get the pattern or page library',
        permission: 'edit_posts',
        args: collectionArgs,
        handler: 'getLibrary',
      },
    ],
  },
  {
    path: '/get_library_categories',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Get the library's categories",
        permission: 'edit_posts',
        args: collectionArgs,
        handler: 'getLibraryCategories',
      },
    ],
  },
  {
    path: '/get_pattern_content',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Get one pattern's content",
        permission: 'edit_posts',
        args: collectionArgs,
        handler: 'getPatternContent',
      },
    ],
  },
] as const satisfies RouteSpecTable;
