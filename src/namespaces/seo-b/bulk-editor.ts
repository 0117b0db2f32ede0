// Yoast's bulk editor (`src/bulk-editor/`): the post types it edits, the SEO meta it reads and
// writes, and how a search over them matches, shared by its handlers and the site store.
import type { RestError } from '../../core/errors/rest-error.js';
import { phpSerialize } from '../../core/php/serialize.js';
import { isPhpArray, isPhpInt, phpCount, phpKeyExists, phpValues, toPhpString } from '../../core/php/values.js';
import type { JsonValue, PostRow } from '../../store/types.js';
import { invalidItem, invalidItemField, invalidItemId, invalidItems, noFieldsToUpdate, noItems, tooManyItems } from './errors.js';

/** The post meta the bulk editor shows and writes, by its field. */
export const SEO_META = {
  focusKeyphrase: '_yoast_wpseo_focuskw',
  seoTitle: '_yoast_wpseo_title',
  metaDescription: '_yoast_wpseo_metadesc',
  socialTitle: '_yoast_wpseo_opengraph-title',
  socialDescription: '_yoast_wpseo_opengraph-description',
} as const;

/** The five meta keys a search looks into (`Searchable_Fields_Trait`). */
export const SEARCHED_META: readonly string[] = Object.values(SEO_META);

/**
 * The post types Yoast makes indexables of (the public ones: `Post_Type_Helper::get_indexable_post_types`),
 * which an update may write to.
 */
export const INDEXABLE_POST_TYPES: ReadonlySet<string> = new Set(['post', 'page', 'attachment']);

/** The content types the bulk editor lists: the indexable ones shown in the admin, but attachments (`wpseo_bulk_editor_excluded_post_types`). */
export const EDITABLE_CONTENT_TYPES: ReadonlySet<string> = new Set(['post', 'page']);

/** The statuses the bulk editor shows (`Posts_Collector_Interface::STATUSES`). */
export const BULK_STATUSES = ['publish', 'draft', 'pending', 'future'] as const;

/** A stored meta value as the database's text holds it: arrays and objects serialized. */
function storedText(value: JsonValue): string {
  return isPhpArray(value) ? phpSerialize(value) : toPhpString(value);
}

/**
 * Whether a post matches the bulk editor's search: `post_title LIKE '%search%'` or one of its SEO meta
 * values `LIKE '%search%'`, compared without case as MySQL's `_ci` collation does. `needle` is lower-cased.
 */
export function matchesBulkSearch(
  post: PostRow,
  meta: Readonly<Record<string, readonly JsonValue[]>> | undefined,
  needle: string,
): boolean {
  if (post.post_title.toLowerCase().includes(needle)) return true;
  for (const key of SEARCHED_META) {
    for (const value of meta?.[key] ?? []) if (storedText(value).toLowerCase().includes(needle)) return true;
  }
  return false;
}

/** Most items one bulk update takes (`Batch_Limit::MAX_ITEMS`). */
const MAX_BULK_ITEMS = 20;

/** A bulk update route's item fields: the title's and the description's name (the focus keyphrase's is `focus_keyphrase`), and where they go. */
export interface BulkFields {
  /** The title's field name in an item. */
  title: 'seo_title' | 'social_title';
  /** The description's field name in an item. */
  description: 'meta_description' | 'social_description';
  /** The meta key the title is written to. */
  titleMeta: string;
  /** The meta key the description is written to. */
  descriptionMeta: string;
}

/** `update_search`'s fields. */
export const SEARCH_FIELDS: BulkFields = {
  title: 'seo_title',
  description: 'meta_description',
  titleMeta: SEO_META.seoTitle,
  descriptionMeta: SEO_META.metaDescription,
};

/** `update_social`'s fields. */
export const SOCIAL_FIELDS: BulkFields = {
  title: 'social_title',
  description: 'social_description',
  titleMeta: SEO_META.socialTitle,
  descriptionMeta: SEO_META.socialDescription,
};

/** The focus keyphrase's field name, the same on both routes. */
export const KEYPHRASE_FIELD = 'focus_keyphrase';

/** `Abstract_Bulk_Update_Route::validate_items`: the first fault of `items`, or true. */
export function checkBulkItems(items: unknown, fields: BulkFields): true | RestError {
  if (!isPhpArray(items)) return invalidItems();
  const count = phpCount(items);
  if (count < 1) return noItems();
  if (count > MAX_BULK_ITEMS) return tooManyItems(MAX_BULK_ITEMS);
  const names = [fields.title, fields.description, KEYPHRASE_FIELD];
  for (const item of phpValues(items)) {
    if (!isPhpArray(item)) return invalidItem();
    if (!phpKeyExists(item, 'id') || !isPhpIntValue((item as Record<string, unknown>).id)) return invalidItemId();
    if (!names.some((name) => phpKeyExists(item, name))) return noFieldsToUpdate(fields.title, fields.description, KEYPHRASE_FIELD);
    for (const name of names) {
      if (phpKeyExists(item, name) && typeof (item as Record<string, unknown>)[name] !== 'string') return invalidItemField(name);
    }
  }
  return true;
}

/** PHP's `is_int` on a decoded value. */
function isPhpIntValue(value: unknown): boolean {
  return typeof value === 'number' && isPhpInt(value);
}
