import { utf8Encodable } from '../php/strings.js';
import type { RestResponse } from './response.js';

/**
 * PHP's `urlencode`: everything but letters, digits, `-`, `_` and `.` percent-encoded, spaces
 * as `+`; a lone surrogate, which has no UTF-8 form, as U+FFFD.
 */
function phpUrlencode(text: string): string {
  return encodeURIComponent(utf8Encodable(text))
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** A query value as PHP prints it into a URL: `true` → 1, `false` → empty. */
function phpScalar(value: unknown): string {
  if (value === true) return '1';
  if (value === false) return '';
  return String(value);
}

/**
 * Query parameters as the encoded `key=value` pairs WordPress's `urlencode_deep` +
 * `build_query` write: values encoded, nested keys as `key%5Bsub%5D`, nulls left out. Keys are
 * encoded too (as `http_build_query` does), where WordPress copies them as they came: a CR or
 * LF in a key must never reach a header. Null when the pairs would be longer than `maxLength`
 * characters, found out without encoding the rest.
 */
function encodedQueryPairs(params: Record<string, unknown>, maxLength: number): Array<[string, string]> | null {
  const pairs: Array<[string, string]> = [];
  let length = 0;
  const add = (key: string, value: unknown): boolean => {
    if (value === null || value === undefined) return true;
    if (typeof value === 'object') {
      for (const [sub, item] of Object.entries(value as Record<string, unknown>)) {
        if (!add(`${key}%5B${phpUrlencode(sub)}%5D`, item)) return false;
      }
      return true;
    }
    const encoded = phpUrlencode(phpScalar(value));
    length += key.length + encoded.length + 2;
    pairs.push([key, encoded]);
    return length <= maxLength;
  };
  for (const [key, value] of Object.entries(params)) if (!add(phpUrlencode(key), value)) return null;
  return pairs;
}

/**
 * WordPress's `add_query_arg`: sets each pair on the URL's query string, replacing a key in
 * place or appending it; an empty value is written as the bare key.
 */
export function addQueryArgs(url: string, pairs: Array<[string, string]>): string {
  const hash = url.indexOf('#');
  const fragment = hash < 0 ? '' : url.slice(hash);
  const bare = hash < 0 ? url : url.slice(0, hash);
  const q = bare.indexOf('?');
  const base = q < 0 ? bare : bare.slice(0, q);
  const existing: Array<[string, string]> = (q < 0 ? '' : bare.slice(q + 1))
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      return eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)];
    });
  // Where each key first stands, so that setting many keys stays linear.
  const firstAt = new Map<string, number>();
  existing.forEach(([k], i) => {
    if (!firstAt.has(k)) firstAt.set(k, i);
  });
  for (const [key, value] of pairs) {
    const at = firstAt.get(key);
    if (at !== undefined) existing[at] = [key, value];
    else firstAt.set(key, existing.push([key, value]) - 1);
  }
  const query = existing.map(([k, v]) => (v === '' ? k : `${k}=${v}`)).join('&');
  return `${base}${query ? `?${query}` : ''}${fragment}`;
}

/** What a paginated collection answer needs to know. */
export interface PageInfo {
  /** Items matching in all pages. */
  total: number;
  /** Items per page. */
  perPage: number;
  /** The page answered, from 1. */
  page: number;
  /** The collection's URL, without query. */
  collectionUrl: string;
  /** The request's query parameters, kept in the links (`_fields`, `_jsonp`, filters…). */
  query: Record<string, unknown>;
  /**
   * Where `prev` points from a page past the last: the last page (default, as the posts
   * controller), or the page before the one asked (`'previous'`, as the abilities controllers).
   */
  prevPastLast?: 'last' | 'previous';
}

/** The number of pages a total makes. */
export function pageCount(total: number, perPage: number): number {
  return Math.ceil(total / perPage);
}

/**
 * Longest query a pagination link carries. Only a broken or hostile client sends a longer one;
 * its links are left out rather than copy the request, several times over, into the headers.
 */
const MAX_LINK_QUERY = 16 * 1024;

/**
 * Sets WordPress's pagination headers on a collection answer: `X-WP-Total`, `X-WP-TotalPages`
 * and `Link` `prev`/`next` carrying the request's own query with `page` set (a page past the
 * last points `prev` at the last page, as WordPress's posts controller does, unless `prevPastLast` says otherwise). A query longer than 16 KiB once
 * encoded gets no `prev`/`next` links.
 */
export function paginate(response: RestResponse, info: PageInfo): RestResponse {
  const pages = pageCount(info.total, info.perPage);
  response.header('X-WP-Total', info.total).header('X-WP-TotalPages', pages);
  const hasPrev = info.page > 1;
  const hasNext = pages > info.page;
  if (!hasPrev && !hasNext) return response;
  const pairs = encodedQueryPairs(info.query, MAX_LINK_QUERY);
  if (pairs === null) return response;
  const base = addQueryArgs(info.collectionUrl, pairs);
  const prev = info.prevPastLast === 'previous' ? info.page - 1 : Math.min(info.page - 1, pages);
  if (hasPrev) response.linkHeader('prev', addQueryArgs(base, [['page', String(prev)]]));
  if (hasNext) response.linkHeader('next', addQueryArgs(base, [['page', String(info.page + 1)]]));
  return response;
}
