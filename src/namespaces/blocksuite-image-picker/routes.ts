import { absint } from '../../core/php/values.js';
import { sanitizeKey, sanitizeTextField } from '../../core/schema/text.js';
import { args } from '../../core/typed-params.js';
import type { HandlerNameOf, RouteSpecTable } from '../define.js';
import { sanitizeImageSizes } from '../image-sizes.js';

/**
 * The args of `process_images`: `WP_REST_Controller::get_collection_params()` (each checked by its
 * schema first, then `sanitize_key`, `absint` or `sanitize_text_field`) and the plugin's two, whose
 * sanitize callbacks replace WordPress's type check, so neither ever refuses a value. The handler
 * reads none of them: it reads the raw JSON body.
 */
const processImagesArgs = args({
  context: { type: 'string', validateCallback: 'schema', sanitizeCallback: (value: unknown) => sanitizeKey(value) },
  page: { type: 'integer', default: 1, minimum: 1, validateCallback: 'schema', sanitizeCallback: (value: unknown) => absint(value) },
  per_page: {
    type: 'integer',
    default: 10,
    minimum: 1,
    maximum: 100,
    validateCallback: 'schema',
    sanitizeCallback: (value: unknown) => absint(value),
  },
  search: { type: 'string', validateCallback: 'schema', sanitizeCallback: sanitizeTextField },
  image_type: { type: 'string', sanitizeCallback: sanitizeTextField },
  image_sizes: { type: 'array', sanitizeCallback: sanitizeImageSizes },
});

/**
 * The `blocksuite-image-picker/v1` route table (Kadence Blocks' `kb-image-picker/v1`,
 * includes/class-kadence-blocks-image-picker-rest.php): one route, which imports the images the
 * picker's user chose into the media library. 3.5's permission is `edit_posts`; whether anything
 * is downloaded depends on `upload_files`, which the importer asks itself.
 */
export const blocksuiteImagePickerRoutes = [
  {
    path: '/process_images',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Import images into the media library',
        permission: 'edit_posts',
        args: processImagesArgs,
        handler: 'processImages',
      },
    ],
  },
] as const satisfies RouteSpecTable;

/** The handlers the image picker's route table names. */
export type BlocksuiteImagePickerHandlerName = HandlerNameOf<typeof blocksuiteImagePickerRoutes>;
