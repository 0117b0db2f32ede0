import { parsePhpQuery, type PhpValue } from '../php/query.js';
import { phpRtrim } from '../php/strings.js';

/** Where a request URL points inside the REST API. */
export interface RestTarget {
  /** The route text to match, e.g. `/core/v2/posts` (never with a trailing slash, `/` for the root). */
  route: string;
  /** The query string parsed as PHP's `$_GET` (it keeps `rest_route` when present). */
  query: Record<string, PhpValue>;
  /** The raw query string, without `?`, for pagination links. */
  queryString: string;
}

/** How the server recognises its URLs. */
export interface RouteResolverOptions {
  /** API root path segment(s), without slashes: `wp-json`. */
  apiRoot: string;
  /** Path of the site's home URL, without slashes (`''` or `blog`), stripped from request paths. */
  homePath: string;
}

/** Where a request URL's path starts: after the scheme and authority of an absolute-form URL, else 0. */
function pathStart(url: string): number {
  if (url.charCodeAt(0) === 47 /* / */) return 0;
  const scheme = url.indexOf('://');
  if (scheme <= 0) return 0;
  const slash = url.indexOf('/', scheme + 3);
  return slash < 0 ? url.length : slash;
}

/** Where a URL's path ends: at its `?`, else at its `#`, else at its end; `hash` is where the fragment starts. */
function pathEnd(url: string, start: number, hash: number): number {
  const q = url.indexOf('?', start);
  return q < 0 || q > hash ? hash : q;
}

/** Index of a URL's `#` from `start`, else its length. */
function fragmentStart(url: string, start: number): number {
  const hash = url.indexOf('#', start);
  return hash < 0 ? url.length : hash;
}

/** Splits a request URL (origin-form or absolute-form) into path and query string. */
export function splitUrl(url: string): { path: string; query: string } {
  const start = pathStart(url);
  const end = fragmentStart(url, start);
  const q = pathEnd(url, start, end);
  return { path: url.slice(start, q) || '/', query: q === end ? '' : url.slice(q + 1, end) };
}

/** Whether `url` holds `text` exactly from `from` to `to`. */
function holds(url: string, from: number, to: number, text: string): boolean {
  return to - from === text.length && url.startsWith(text, from);
}

/** Whether `url` from `from` (before `to`) starts with the path segment(s) `text` followed by `/`. */
function startsSegment(url: string, from: number, to: number, text: string): boolean {
  return to - from > text.length && url.startsWith(text, from) && url.charCodeAt(from + text.length) === 47;
}

/**
 * Resolves the route a URL addresses, as WordPress's rewrite rules (`^wp-json/?$`,
 * `^wp-json/(.*)?`) and its `rest_route` query var do: a non-empty `rest_route` wins over the
 * pretty path; the pretty path is not percent-decoded; an empty `rest_route` is not a REST
 * request. Returns null for URLs outside the API. Read by index, sliced once: every request
 * passes here.
 */
export function resolveRestRoute(url: string, options: RouteResolverOptions): RestTarget | null {
  const start = pathStart(url);
  const end = fragmentStart(url, start);
  const q = pathEnd(url, start, end);
  const queryString = q === end ? '' : url.slice(q + 1, end);
  // The path trimmed of `/` at both ends, as `trim($path, '/')`, then below the home path.
  let from = start;
  let to = q;
  while (from < to && url.charCodeAt(from) === 47) from++;
  while (to > from && url.charCodeAt(to - 1) === 47) to--;
  const { apiRoot, homePath } = options;
  if (homePath) {
    if (holds(url, from, to, homePath)) from = to;
    else if (startsSegment(url, from, to, homePath)) from += homePath.length + 1;
  }

  // The pretty route starts here (at its `/`), or is the API root itself.
  const prettyAt = startsSegment(url, from, to, apiRoot) ? from + apiRoot.length : -1;
  const atRoot = holds(url, from, to, apiRoot);
  const pretty = atRoot || prettyAt >= 0;
  if (!pretty && from !== to && !holds(url, from, to, 'index.php')) return null;
  if (!pretty && !queryString.includes('rest_route')) return null;

  const query = queryString ? parsePhpQuery(queryString) : {};
  const fromQuery = query.rest_route;
  let route: string;
  if (fromQuery === undefined) {
    if (!pretty) return null;
    if (atRoot) return { route: '/', query, queryString };
    // WordPress's `untrailingslashit`: `/` and `\` off the end (the `/`s are gone already).
    let routeEnd = to;
    while (routeEnd > prettyAt && (url.charCodeAt(routeEnd - 1) === 47 || url.charCodeAt(routeEnd - 1) === 92)) routeEnd--;
    return { route: routeEnd === prettyAt ? '/' : url.slice(prettyAt, routeEnd), query, queryString };
  }
  // WordPress's query var overrides the rewrite even when empty, and an empty route is no REST request.
  if (fromQuery === '') return null;
  // `rest_route[]=…` is a fatal error in WordPress; a NUL route matches nothing and answers rest_no_route.
  route = typeof fromQuery === 'string' ? fromQuery : '\0';
  route = phpRtrim(route, '/\\');
  return { route: route === '' ? '/' : route, query, queryString };
}
