import { absint } from '../../../core/php/values.js';
import { sanitizeBoolean } from '../../../core/schema/coerce.js';
import { sanitizeTextField } from '../../../core/schema/text.js';
import type { RouteSpecTable } from '../../define.js';
import { BULK_STATUSES, checkBulkItems, SEARCH_FIELDS, SOCIAL_FIELDS } from '../bulk-editor.js';
import { DISMISSABLE_ALERTS, REGISTERED_POST_TYPES, REGISTERED_TAXONOMIES } from '../registrations.js';

// Yoast gives these args `sanitize_callback`s (`sanitize_text_field`, `absint`,
// `rest_sanitize_boolean`), which replace WordPress's type check: `per_page` above 100 is taken.
const text = { type: 'string', sanitizeCallback: sanitizeTextField } as const;
const count = { type: 'integer', sanitizeCallback: absint } as const;

const searchItemsCheck = (items: unknown) => checkBulkItems(items, SEARCH_FIELDS);
const socialItemsCheck = (items: unknown) => checkBulkItems(items, SOCIAL_FIELDS);
// `post_type_exists` / `taxonomy_exists` (a list or object as the name is PHP's TypeError there; refused here).
const isRegisteredPostType = (name: unknown) => typeof name === 'string' && REGISTERED_POST_TYPES.has(name);
const isRegisteredTaxonomy = (name: unknown) => typeof name === 'string' && REGISTERED_TAXONOMIES.has(name);
/** `Alert_Dismissal_Action::is_allowed`: `in_array( $key, $allowed, true )`. */
const isAllowedAlert = (key: unknown) => typeof key === 'string' && DISMISSABLE_ALERTS.includes(key);

/**
 * The `seo-b/v1` routes of Yoast's editor screens: the bulk editor, the custom-field search, the
 * file size of an upload, the llms.txt page picker, the new-content-type notices, introductions,
 * the video embed permission and dismissable alerts.
 */
export const seoBEditorsRoutes = [
  {
    path: '/file_size',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Size of an uploaded file',
        args: { url: { type: 'string', required: true } },
        permission: 'manage_options',
        handler: 'fileSize',
      },
    ],
  },
  {
    path: '/bulk_editor/posts',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'List posts with their SEO fields for the bulk editor',
        args: {
          content_type: { ...text, required: true },
          per_page: { ...count, default: 20, minimum: 1, maximum: 100, required: false },
          page: { ...count, default: 1, minimum: 1, required: false },
          search: { ...text, default: '', required: false },
          status: { type: 'array', items: { type: 'string', enum: BULK_STATUSES }, default: BULK_STATUSES, required: false },
        },
        check: 'manageSeo',
        handler: 'bulkEditorPosts',
      },
    ],
  },
  {
    path: '/bulk_editor/update_search',
    endpoints: [
      {
        methods: ['POST'],
        summary: "Update posts' SEO titles, meta descriptions and focus keyphrases",
        args: { items: { description: 'per-post updates', type: 'array', required: true, validateCallback: searchItemsCheck } },
        check: 'manageSeo',
        handler: 'updateSearch',
      },
    ],
  },
  {
    path: '/bulk_editor/update_social',
    endpoints: [
      {
        methods: ['POST'],
        summary: "Update posts' social titles and descriptions",
        args: { items: { type: 'array', required: true, validateCallback: socialItemsCheck } },
        check: 'manageSeo',
        handler: 'updateSocial',
      },
    ],
  },
  {
    path: '/new-content-type-visibility/dismiss-post-type',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Dismiss a post type as new',
        args: { postTypeName: { required: false, validateCallback: isRegisteredPostType } },
        permission: 'edit_posts',
        handler: 'dismissPostType',
      },
    ],
  },
  {
    path: '/new-content-type-visibility/dismiss-taxonomy',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Dismiss a taxonomy as new',
        args: { taxonomyName: { required: false, validateCallback: isRegisteredTaxonomy } },
        permission: 'edit_posts',
        handler: 'dismissTaxonomy',
      },
    ],
  },
  {
    path: '/introductions/(?P<introduction_id>[\\w-]+)/seen',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Mark an introduction seen',
        args: {
          introduction_id: { ...text, required: true },
          is_seen: { type: 'bool', default: true, required: false, sanitizeCallback: sanitizeBoolean },
        },
        permission: 'edit_posts',
        handler: 'introductionSeen',
      },
    ],
  },
  {
    path: '/video_embed_permission',
    endpoints: [
      { methods: ['GET'], summary: 'Whether the user allowed video embeds', permission: 'edit_posts', handler: 'getVideoEmbedPermission' },
      {
        methods: ['POST'],
        summary: 'Allow or refuse video embeds',
        args: { value: { type: 'bool', default: true, required: false } },
        permission: 'edit_posts',
        handler: 'setVideoEmbedPermission',
      },
    ],
  },
  {
    path: '/available_posts',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Recent published posts for the llms.txt page picker',
        args: { search: { ...text, default: '', required: false }, postType: { ...text, default: 'page', required: false } },
        check: 'manageSeo',
        handler: 'availablePosts',
      },
    ],
  },
  {
    path: '/alerts/dismiss',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Dismiss an alert',
        args: { key: { required: true, validateCallback: isAllowedAlert } },
        permission: 'edit_posts',
        handler: 'dismissAlert',
      },
    ],
  },
  {
    path: '/meta/search',
    endpoints: [{ methods: ['GET'], summary: "Search a post's custom fields", check: 'canEditMetaPost', handler: 'searchMeta' }],
  },
] as const satisfies RouteSpecTable;
