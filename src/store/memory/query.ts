import { StoreError } from '../errors.js';
import { likeMatches, likePattern } from '../like.js';
import { POST_DATE_COLUMNS, words } from '../query.js';
import type { PostQuery, PostRow, UserQuery, UserRow } from '../types.js';
import { checkDate, checkText, lookupId } from '../values.js';

/**
 * The memory store's queries: a query prepared once (its lists as sets, its search split into
 * lower-case words), then a predicate and a comparator over rows. A query may list many thousands
 * of ids or slugs and each row is checked against them, so every lookup is a set or map lookup.
 */

/** Each item's first position in a list. */
function positions<T>(list: readonly T[]): Map<T, number> {
  const at = new Map<T, number>();
  list.forEach((item, i) => {
    if (!at.has(item)) at.set(item, i);
  });
  return at;
}

function ids(list: readonly number[] | undefined, what: string): Set<number> {
  return new Set((list ?? []).map((id) => lookupId(id, what)));
}

function texts(list: readonly string[] | undefined, what: string): Set<string> {
  return new Set((list ?? []).map((text) => checkText(text, what)));
}

function badDateColumn(column: unknown): never {
  throw new StoreError('invalid_value', `query.dates.column cannot be ${JSON.stringify(column)}.`);
}

/** Numbers, or text below U+D800 such as dates, where `<` is code point order. */
function compareValues(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A UTF-16 code unit moved so that units compare in code point order: surrogates after U+E000–U+FFFF. */
const codePointRank = (unit: number): number => (unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800);

/** Text in code point order, as PostgreSQL's `COLLATE "C"` sorts it (`<` sorts UTF-16 units: an emoji before U+FF21). */
export function compareCodePoints(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  let i = 0;
  while (i < shorter && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i < shorter ? codePointRank(a.charCodeAt(i)) - codePointRank(b.charCodeAt(i)) : a.length - b.length;
}

/** A column's values: numbers by value, text by code point. */
function compareColumn(a: string | number, b: string | number): number {
  return typeof a === 'string' && typeof b === 'string' ? compareCodePoints(a, b) : compareValues(a, b);
}

/**
 * A post's title as `orderby: 'post_title'` compares it: lower-cased, since WordPress's
 * `utf8mb4_unicode_ci` ignores case. Computed once per row of a query, not once per comparison.
 */
function titleKeys(): (post: PostRow) => string {
  const keys = new Map<PostRow, string>();
  return (post) => {
    let key = keys.get(post);
    if (key === undefined) keys.set(post, (key = post.post_title.toLowerCase()));
    return key;
  };
}

/** What a posts query reads besides the posts: a post's term ids, and the `sticky_posts` ids. */
interface PostQuerySources {
  termsOf: (id: number) => readonly number[];
  sticky: () => readonly number[];
}

/** The predicate and the order of a posts query. */
export function postQueryPlan(
  query: PostQuery,
  { termsOf, sticky }: PostQuerySources,
): { matches: (post: PostRow) => boolean; compare: (a: PostRow, b: PostRow) => number } {
  const types = query.type === 'any' ? undefined : texts(query.type?.length ? query.type : ['post'], 'query.type');
  const statuses = texts(query.status, 'query.status');
  const publishedBy = query.publishedBy === undefined ? undefined : checkDate(query.publishedBy, 'query.publishedBy');
  const statusOf = (post: PostRow): string =>
    publishedBy !== undefined && post.post_status === 'future' && post.post_date_gmt <= publishedBy ? 'publish' : post.post_status;
  const stickySet = query.sticky === undefined ? undefined : new Set(sticky());
  const include = (query.include ?? []).map((id) => lookupId(id, 'query.include'));
  const included = new Set(include);
  const excluded = ids(query.exclude, 'query.exclude');
  const authors = ids(query.author, 'query.author');
  const authorsExcluded = ids(query.authorExclude, 'query.authorExclude');
  const parents = ids(query.parent, 'query.parent');
  const parentsExcluded = ids(query.parentExclude, 'query.parentExclude');
  const slugList = (query.slug ?? []).map((slug) => checkText(slug, 'query.slug'));
  const slugs = new Set(slugList);
  const mimeTypes = [...texts(query.mimeType, 'query.mimeType')];
  const phrase = checkText(query.search ?? '', 'query.search').toLowerCase();
  const searchWords = words(phrase);
  const like = query.nameOrTitleLike === undefined ? undefined : likePattern(checkText(query.nameOrTitleLike, 'query.nameOrTitleLike'));
  const dates = (query.dates ?? []).map((range) => ({
    column: POST_DATE_COLUMNS.has(range.column) ? range.column : badDateColumn(range.column),
    after: range.after === undefined ? undefined : checkDate(range.after, 'query.dates.after'),
    before: range.before === undefined ? undefined : checkDate(range.before, 'query.dates.before'),
  }));
  const termFilters = (query.terms ?? []).map((filter) => ({ terms: ids(filter.terms, 'query.terms'), exclude: filter.exclude === true }));

  const matches = (post: PostRow): boolean => {
    if (types !== undefined && !types.has(post.post_type)) return false;
    if (statuses.size > 0 && !statuses.has(statusOf(post))) return false;
    if (stickySet !== undefined && stickySet.has(post.ID) !== query.sticky) return false;
    if (included.size > 0 && !included.has(post.ID)) return false;
    if (excluded.has(post.ID)) return false;
    if (authors.size > 0 && !authors.has(post.post_author)) return false;
    if (authorsExcluded.has(post.post_author)) return false;
    if (parents.size > 0 && !parents.has(post.post_parent)) return false;
    if (parentsExcluded.has(post.post_parent)) return false;
    if (slugs.size > 0 && !slugs.has(post.post_name)) return false;
    if (
      mimeTypes.length > 0 &&
      !mimeTypes.some((mime) => (mime.includes('/') ? post.post_mime_type === mime : post.post_mime_type.startsWith(`${mime}/`)))
    ) {
      return false;
    }
    if (like !== undefined && !likeMatches(like, post.post_name) && !likeMatches(like, post.post_title)) return false;
    if (query.hasPassword !== undefined && (post.post_password !== '') !== query.hasPassword) return false;
    for (const range of dates) {
      const value = post[range.column];
      if (range.after !== undefined && !(value > range.after)) return false;
      if (range.before !== undefined && !(value < range.before)) return false;
    }
    if (termFilters.length > 0) {
      const own = termsOf(post.ID);
      for (const filter of termFilters) {
        if (own.some((term) => filter.terms.has(term)) === filter.exclude) return false;
      }
    }
    if (searchWords.length > 0) {
      const haystack = `${post.post_title}\n${post.post_excerpt}\n${post.post_content}`.toLowerCase();
      if (!searchWords.every((word) => haystack.includes(word))) return false;
    }
    return true;
  };

  const sign = query.order === 'asc' ? 1 : -1;
  const byId = (a: PostRow, b: PostRow): number => sign * (a.ID - b.ID);
  const orderby = query.orderby ?? 'post_date';
  const byDate = (a: PostRow, b: PostRow): number => sign * compareValues(a.post_date, b.post_date) || byId(a, b);
  let compare: (a: PostRow, b: PostRow) => number;
  if (orderby === 'relevance') {
    // WordPress ranks whole-phrase title matches first whatever `order` says; `order` sorts the date within a rank.
    const rank = (post: PostRow): number => (phrase !== '' && post.post_title.toLowerCase().includes(phrase) ? 0 : 1);
    compare = (a, b) => rank(a) - rank(b) || byDate(a, b);
  } else if (orderby === 'include') {
    const at = positions(include);
    compare = (a, b) => sign * ((at.get(a.ID) ?? 0) - (at.get(b.ID) ?? 0)) || byDate(a, b);
  } else if (orderby === 'slug_in') {
    const at = positions(slugList);
    compare = (a, b) => sign * ((at.get(a.post_name) ?? 0) - (at.get(b.post_name) ?? 0)) || byDate(a, b);
  } else if (orderby === 'post_date') {
    compare = byDate;
  } else if (orderby === 'post_title') {
    const titleOf = titleKeys();
    compare = (a, b) => sign * compareCodePoints(titleOf(a), titleOf(b)) || byId(a, b);
  } else {
    compare = (a, b) => sign * compareColumn(a[orderby], b[orderby]) || byId(a, b);
  }
  return { matches, compare };
}

/** The predicate and the order of a users query. */
export function userQueryPlan(query: UserQuery): { matches: (user: UserRow) => boolean; compare: (a: UserRow, b: UserRow) => number } {
  const include = (query.include ?? []).map((id) => lookupId(id, 'query.include'));
  const included = new Set(include);
  const excluded = ids(query.exclude, 'query.exclude');
  const roles = texts(query.roles, 'query.roles');
  const slugs = texts(query.slug, 'query.slug');
  const search = checkText(query.search ?? '', 'query.search').toLowerCase();

  const matches = (user: UserRow): boolean => {
    if (included.size > 0 && !included.has(user.ID)) return false;
    if (excluded.has(user.ID)) return false;
    if (roles.size > 0 && !user.roles.some((role) => roles.has(role))) return false;
    if (slugs.size > 0 && !slugs.has(user.user_nicename)) return false;
    if (search !== '') {
      const fields = [user.user_login, user.user_nicename, user.user_email, user.user_url, user.display_name];
      if (!fields.some((field) => field.toLowerCase().includes(search))) return false;
    }
    return true;
  };

  const sign = query.order === 'desc' ? -1 : 1;
  const orderby = query.orderby ?? 'user_login';
  const byId = (a: UserRow, b: UserRow): number => sign * (a.ID - b.ID);
  let compare: (a: UserRow, b: UserRow) => number;
  if (orderby === 'include') {
    const at = positions(include);
    compare = (a, b) => sign * ((at.get(a.ID) ?? 0) - (at.get(b.ID) ?? 0)) || byId(a, b);
  } else {
    compare = (a, b) => sign * compareColumn(a[orderby], b[orderby]) || byId(a, b);
  }
  return { matches, compare };
}
