import type { JsonValue } from './types.js';
import { checkInteger, lookupId } from './values.js';

/** What every backend reads off a query the same way: its page, its search words, its date columns, the sticky ids. */

/** Offset and limit of a query, checked. */
export function pageBounds(query: { offset?: number; limit?: number }): { offset: number; limit: number } {
  const offset = query.offset === undefined ? 0 : lookupId(query.offset, 'query.offset');
  return {
    // An offset past every row skips them all, however far past (lookupId's -1).
    offset: offset < 0 ? Number.MAX_SAFE_INTEGER : offset,
    limit: query.limit === undefined ? Infinity : checkInteger(query.limit, 'query.limit'),
  };
}

/** A search's distinct words, split on white space. */
export function words(search: string): string[] {
  return [...new Set(search.split(/\s+/))].filter((word) => word !== '');
}

/** The post columns a `query.dates` range may name. */
export const POST_DATE_COLUMNS: ReadonlySet<unknown> = new Set(['post_date', 'post_date_gmt', 'post_modified', 'post_modified_gmt']);

/** The ids a `sticky_posts` option value lists; anything else in it is ignored. */
export function stickyIds(value: JsonValue | undefined): number[] {
  return Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0) : [];
}
