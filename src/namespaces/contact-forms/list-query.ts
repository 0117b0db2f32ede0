import { phpInt } from './php-values.js';
import type { ListFormsQuery, ListOrderBy } from './storage.js';

/** WP_Query's `orderby` keys this listing can sort by. */
const ORDERBY: Record<string, ListOrderBy> = {
  ID: 'id',
  title: 'title',
  post_title: 'title',
  name: 'slug',
  post_name: 'slug',
  date: 'date',
  post_date: 'date',
  modified: 'modified',
  post_modified: 'modified',
};

/**
 * The listing CF7's `get_contact_forms()` asks WP_Query for, from the undeclared `per_page`,
 * `offset`, `order`, `orderby` and `search` params. Values are read the way WP_Query reads
 * them, so a bad one changes nothing or falls back: `per_page=0` lists 1, a negative one its
 * absolute value, `-1` all; `order` other than `ASC` is `DESC`; an unknown `orderby` sorts by date.
 */
export function listQuery(params: Record<string, unknown>): ListFormsQuery {
  const query: ListFormsQuery = { perPage: null, offset: 0, order: 'ASC', orderby: 'id', search: null };
  const perPage = phpInt(params.per_page);
  if (perPage !== undefined && perPage !== -1) query.perPage = perPage === 0 ? 1 : Math.abs(perPage);
  const offset = phpInt(params.offset);
  if (offset !== undefined) query.offset = Math.abs(offset);
  if (typeof params.order === 'string') query.order = params.order.toUpperCase() === 'ASC' ? 'ASC' : 'DESC';
  if (typeof params.orderby === 'string') {
    const known = params.orderby.split(/[\s,]+/).find((key) => Object.hasOwn(ORDERBY, key));
    query.orderby = params.orderby === '' ? 'date' : known !== undefined ? ORDERBY[known]! : 'date';
  }
  if (typeof params.search === 'string' && params.search !== '') query.search = params.search;
  return query;
}
