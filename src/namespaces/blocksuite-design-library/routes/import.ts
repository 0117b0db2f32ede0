import { isPhpArray, phpValues } from '../../../core/php/values.js';
import { absint } from '../../../core/php/values.js';
import { sanitizeTextField } from '../../../core/schema/text.js';
import { args } from '../../../core/typed-params.js';
import type { RouteSpecTable } from '../../define.js';
import { sanitizeImageSizes } from '../../image-sizes.js';

/** `sanitize_industries_array`: each entry through `sanitize_text_field`; anything but a non-empty array gives `[]`. */
function sanitizeIndustries(industries: unknown): string[] {
  return isPhpArray(industries) ? phpValues(industries).map((industry) => sanitizeTextField(industry)) : [];
}

/** A string arg the plugin gives `sanitize_text_field`, which replaces WordPress's type check. */
const text = { type: 'string', sanitizeCallback: sanitizeTextField } as const;

/**
 * The args every route of the design library declares (`get_collection_params()`), as routes.json
 * lists them: the base controller's `page`, `per_page` and `search` checked by their schema, the
 * plugin's strings given `sanitize_text_field` (so never refused), `force_reload` type-checked.
 * The import routes read none of them: their handlers read the raw JSON body.
 */
const designLibraryImportArgs = args({
  context: { description: 'AI context', ...text },
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
  library: text,
  library_url: text,
  force_reload: { type: 'boolean', default: false },
  key: { description: 'library key', ...text },
  api_key: { description: 'license key', ...text },
  api_email: { description: 'license holder address', ...text },
  product_id: { description: 'license product id', ...text },
  pattern_type: text,
  pattern_style: text,
  pattern_id: text,
  industry: text,
  image_type: text,
  industries: { type: 'array', sanitizeCallback: sanitizeIndustries },
  image_sizes: { type: 'array', sanitizeCallback: sanitizeImageSizes },
});

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
        args: designLibraryImportArgs,
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
        args: designLibraryImportArgs,
        handler: 'processImages',
      },
    ],
  },
] as const satisfies RouteSpecTable;
