import { internal } from '../../core/errors/catalogue.js';
import type { RestError } from '../../core/errors/rest-error.js';
import { absint, isPhpArray, phpCount, phpValues, toBool, toPhpString } from '../../core/php/values.js';
import { sanitizeKey, sanitizeTextField } from '../../core/schema/text.js';
import type { HandlerNameOf, RouteSpecTable } from '../define.js';

/** `sanitize_post_perpage`: `min( absint( $val ), 100 )`; it replaces the type check, so any value is taken. */
const perPage = (value: unknown): number => Math.min(absint(value), 100);

/**
 * `sanitize_allow_sticky`, which Kadence gives `allow_sticky` and `custom_tax` alike: `$val ? 0 : 1`
 * on the value as sent, so `"false"` (a non-empty string) reads as true and gives 0.
 */
const inverted = (value: unknown): 0 | 1 => (toBool(value) ? 0 : 1);

/** `wp_parse_id_list`: a list, or text split on commas and white space, as distinct absolute integers. */
function idList(value: unknown): number[] {
  const items = isPhpArray(value)
    ? phpValues(value)
    : toPhpString(value)
        .split(/[\s,]+/)
        .filter((item) => item !== '');
  return [...new Set(items.map(absint))];
}

/** `sanitize_post_ids`: `array_map( 'absint', $ids )`, after `validate_post_ids` let only a list through. */
const postIds = (value: unknown): number[] => (isPhpArray(value) ? phpValues(value).map(absint) : []);

/** `validate_post_ids`: `count( $ids ) > 0`; on anything but a list PHP 8's `count()` throws, which {@link includeFatal} answers. */
const nonEmptyIds = (value: unknown): boolean => !isPhpArray(value) || phpCount(value) > 0;

/** What WordPress answers when `validate_post_ids` gets a string or number: `count()`'s TypeError, a critical error. */
function includeFatal(params: Record<string, unknown>): true | RestError {
  const include = params.include;
  return include === undefined || include === null || isPhpArray(include) ? true : internal();
}

/** `validate_post_source_string`: anything but `''`; it also sees the default `''`, so a request without `source` is refused. */
const notEmptyText = (value: unknown): boolean => value !== '';

/** The base controller's `context`, `page` and `search`, checked by their schema before the type-only args. */
const collectionArgs = {
  context: { type: 'string', validateCallback: 'schema', sanitizeCallback: sanitizeKey },
  page: { type: 'integer', default: 1, minimum: 1, validateCallback: 'schema', sanitizeCallback: absint },
  per_page: { type: 'number', default: 25, sanitizeCallback: perPage },
  search: { type: 'string', validateCallback: 'schema', sanitizeCallback: sanitizeTextField },
} as const;

/** `get_tax_select_params`: Kadence's `page` and `per_page` replace the base ones (sanitized, never validated), and `source`. */
const selectArgs = {
  context: collectionArgs.context,
  page: { type: 'number', default: 1, sanitizeCallback: absint },
  per_page: collectionArgs.per_page,
  search: collectionArgs.search,
  source: { type: 'string', default: '', validateCallback: notEmptyText, sanitizeCallback: sanitizeTextField },
} as const;

/**
 * The `blocksuite/v1` route table (Kadence Blocks' `kbp/v1`), for a site whose allowed post types
 * `isAllowedType` knows: every route needs `edit_posts`, refused with WordPress's `rest_forbidden`
 * after the args are checked. Kadence's `validate_callback`s and `sanitize_callback`s are its own
 * (they replace WordPress's type checks where it gives them), so the index lists the types it
 * declares while the server checks what Kadence checks.
 */
export function blocksuiteRoutes(isAllowedType: (value: unknown) => boolean) {
  return [
    {
      path: '/post-query',
      endpoints: [
        {
          methods: ['GET'],
          summary: 'Query posts for a post or query block',
          permission: 'edit_posts',
          handler: 'postQuery',
          args: {
            ...collectionArgs,
            type: { description: 'post type', type: 'string', validateCallback: isAllowedType, sanitizeCallback: sanitizeTextField },
            include: { description: 'post IDs', type: 'array', validateCallback: nonEmptyIds, sanitizeCallback: postIds },
            query: { type: 'string' },
            order: { type: 'string' },
            order_by: { type: 'string' },
            allow_sticky: { type: 'boolean', sanitizeCallback: inverted },
            exclude: { description: 'category', type: 'string' },
            offset: { type: 'number', default: 0, sanitizeCallback: absint },
            post_id: { type: 'string' },
            custom_tax: { type: 'boolean', sanitizeCallback: inverted },
            tax_type: { type: 'string' },
            category: { type: 'string', sanitizeCallback: idList },
            tags: { type: 'string', sanitizeCallback: idList },
          },
          validateRequest: includeFatal,
        },
      ],
    },
    {
      path: '/taxonomies-select',
      endpoints: [
        {
          methods: ['GET'],
          summary: 'List the taxonomies of a post type, a post or every post type',
          permission: 'edit_posts',
          handler: 'taxonomiesSelect',
          args: selectArgs,
        },
      ],
    },
    {
      path: '/term-select',
      endpoints: [
        {
          methods: ['GET'],
          summary: 'List every term of a taxonomy',
          permission: 'edit_posts',
          handler: 'termSelect',
          args: selectArgs,
        },
      ],
    },
  ] as const satisfies RouteSpecTable;
}

/** The handlers the blocksuite route table names. */
export type BlocksuiteHandlerName = HandlerNameOf<ReturnType<typeof blocksuiteRoutes>>;
