// The args every design-library route but `handle_event` shares (the controller's
// `get_collection_params()`), and the routes' order.
import { absint, isPhpArray, phpValues } from '../../../core/php/values.js';
import { sanitizeImageSizes } from '../../image-sizes.js';
import { sanitizeTextField } from '../../../core/schema/text.js';
import { args } from '../../../core/typed-params.js';

/** `sanitize_industries_array`: each industry as a text field; anything but a non-empty array is `[]` (no type check, as the callback replaces it). */
function sanitizeIndustries(value: unknown): string[] {
  return isPhpArray(value) ? phpValues(value).map((industry) => sanitizeTextField(industry)) : [];
}

/** A text param the plugin sanitizes with `sanitize_text_field`, which replaces WordPress's type check. */
const text = { type: 'string', sanitizeCallback: sanitizeTextField } as const;

/**
 * The shared params as `/reset` has them: WordPress reaches neither their checks nor their
 * sanitizing there (its handler is invalid), so `page`, `per_page` and `search` carry no
 * `validate_callback` of their own and the route's `validateRequest` answers first.
 */
export const resetArgs = args({
  context: { description: 'AI context', ...text },
  page: { type: 'integer', default: 1, minimum: 1, sanitizeCallback: absint },
  per_page: { type: 'integer', default: 10, minimum: 1, maximum: 100, sanitizeCallback: absint },
  search: text,
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
 * The controller's `get_collection_params()`: WordPress's `page`, `per_page` and `search` (checked
 * by their schema first, then `absint` / `sanitize_text_field`), the plugin's text params
 * (`sanitize_text_field` alone: no type check), `force_reload` (a checked boolean) and the two
 * arrays (their sanitizers alone). `api_key` and `api_email` are declared but never read: the
 * license comes from the site store.
 */
export const collectionArgs = args({
  ...resetArgs,
  page: { ...resetArgs.page, validateCallback: 'schema' },
  per_page: { ...resetArgs.per_page, validateCallback: 'schema' },
  search: { ...text, validateCallback: 'schema' },
});

/**
 * The `blocksuite-design-library/v1` routes (Kadence Blocks 3.5's `kb-design-library/v1`) in
 * routes.json's order, all needing `edit_posts`.
 */
export const blocksuiteDesignLibraryRouteOrder = [
  '/get',
  '/get_all_items',
  '/get-all-ai',
  '/get_remaining_jobs',
  '/get_library',
  '/get_library_categories',
  '/get_local_contexts',
  '/get_verticals',
  '/get_initial_jobs',
  '/get_images',
  '/get_image_collections',
  '/get_pattern_content',
  '/get_remaining_credits',
  '/reset',
  '/get_keywords',
  '/get_search_query',
  '/process_pattern',
  '/process_images',
  '/handle_event',
] as const;
