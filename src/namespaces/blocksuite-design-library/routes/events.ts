import { sanitizeTextField } from '../../../core/schema/text.js';
import type { RouteSpecTable } from '../../define.js';

/** The `blocksuite-design-library/v1` route of the editor's analytics events (`Kadence_Blocks_AI_Events`). */
export const blocksuiteDesignLibraryEventsRoutes = [
  {
    path: '/handle_event',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Record an analytics event',
        permission: 'edit_posts',
        args: {
          event_label: { type: 'string', sanitizeCallback: sanitizeTextField },
          event_data: { type: 'object' },
        },
        handler: 'handleEvent',
      },
    ],
  },
] as const satisfies RouteSpecTable;
