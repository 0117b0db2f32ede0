import type { RouteSpecTable } from '../../define.js';
import { invalidHandler } from '../errors.js';
import { collectionArgs, resetArgs } from './index.js';

/** The `blocksuite-design-library/v1` routes of the AI content jobs: started per context, kept in `kb_design_library_prompts`, fetched and cached; and `/reset`. */
export const blocksuiteDesignLibraryAiRoutes = [
  {
    path: '/get',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Get or start a context's AI content",
        permission: 'edit_posts',
        args: collectionArgs,
        handler: 'getContext',
      },
    ],
  },
  {
    path: '/get_all_items',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Get every started context's AI content",
        permission: 'edit_posts',
        args: collectionArgs,
        handler: 'getAllItems',
      },
    ],
  },
  {
    path: '/get-all-ai',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Get the AI content of the library's contexts",
        permission: 'edit_posts',
        args: collectionArgs,
        handler: 'getAllAi',
      },
    ],
  },
  {
    path: '/get_remaining_jobs',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Start the AI jobs not started yet',
        permission: 'edit_posts',
        args: collectionArgs,
        handler: 'getRemainingJobs',
      },
    ],
  },
  {
    path: '/get_local_contexts',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'List the contexts with an AI job',
        permission: 'edit_posts',
        args: collectionArgs,
        handler: 'getLocalContexts',
      },
    ],
  },
  {
    path: '/get_initial_jobs',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Restart the wizard's AI jobs",
        permission: 'edit_posts',
        args: collectionArgs,
        handler: 'getInitialJobs',
      },
    ],
  },
  /**
   * `/reset`: registered with a callback the plugin never defines, so WordPress answers 500
   * `rest_invalid_handler` before checking params or permission. `validateRequest` answers it, ahead
   * of every other check (the shared params have no `validate_callback` here); `invalidHandler` is
   * what WordPress would answer had the request got further.
   */
  {
    path: '/reset',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Reset the AI content (its handler is missing in the plugin)',
        permission: 'edit_posts',
        args: resetArgs,
        validateRequest: invalidHandler,
        handler: 'resetItems',
      },
    ],
  },
] as const satisfies RouteSpecTable;
