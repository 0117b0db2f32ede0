import { parsePhpQuery, type PhpValue } from '../php/query.js';
import { phpRtrim, phpTrim } from '../php/strings.js';

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
interface RouteResolverOptions {
  /** API root path segment(s), without slashes: `wp-json`. */
  apiRoot: string;
  /** Path of the site's home URL, without slashes (`''` or `blog`), stripped from request paths. */
  homePath: string;
}

/** Splits a request URL (origin-form or absolute-form) into path and query string. */
export function splitUrl(url: string): { path: string; query: string } {
  let start = 0;
  if (url.charCodeAt(0) !== 47 /* / */) {
    const scheme = url.indexOf('://');
    if (scheme > 0) {
      const slash = url.indexOf('/', scheme + 3);
      start = slash < 0 ? url.length : slash;
    }
  }
  const hash = url.indexOf('#', start);
  const end = hash < 0 ? url.length : hash;
  const q = url.indexOf('?', start);
  if (q < 0 || q > end) return { path: url.slice(start, end) || '/', query: '' };
  return { path: url.slice(start, q) || '/', query: url.slice(q + 1, end) };
}

/**
 * Resolves the route a URL addresses, as WordPress's rewrite rules (`^wp-json/?$`,
 * `^wp-json/(.*)?`) and its `rest_route` query var do: a non-empty `rest_route` wins over the
 * pretty path; the pretty path is not percent-decoded; an empty `rest_route` is not a REST
 * request. Returns null for URLs outside the API.
 */
export function resolveRestRoute(url: string, options: RouteResolverOptions): RestTarget | null {
  const { path, query: queryString } = splitUrl(url);
  let requested = phpTrim(path, '/');
  const { apiRoot, homePath } = options;
  if (homePath) {
    if (requested === homePath) requested = '';
    else if (requested.length > homePath.length && requested.startsWith(homePath) && requested.charCodeAt(homePath.length) === 47) {
      requested = requested.slice(homePath.length + 1);
    }
  }

  let pretty: string | null = null;
  if (requested === apiRoot) pretty = '/';
  else if (requested.length > apiRoot.length && requested.startsWith(apiRoot) && requested.charCodeAt(apiRoot.length) === 47) {
    pretty = requested.slice(apiRoot.length);
  }
  const entry = pretty !== null || requested === '' || requested === 'index.php';
  if (!entry) return null;
  if (pretty === null && !queryString.includes('rest_route')) return null;

  const query = queryString ? parsePhpQuery(queryString) : {};
  const fromQuery = query.rest_route;
  let route: string;
  if (fromQuery === undefined) {
    if (pretty === null) return null;
    route = pretty;
  } else if (fromQuery === '') {
    // WordPress's query var overrides the rewrite even when empty, and an empty route is no REST request.
    return null;
  } else {
    // `rest_route[]=…` is a fatal error in WordPress; a NUL route matches nothing and answers rest_no_route.
    route = typeof fromQuery === 'string' ? fromQuery : '\0';
  }

  // WordPress's `untrailingslashit`.
  route = phpRtrim(route, '/\\');
  return { route: route === '' ? '/' : route, query, queryString };
}
