// Which requests and answers the in-process page cache may serve and keep: WP Super Cache's own
// tests (`wp_cache_is_rejected`, `wp_cache_user_agent_is_rejected`, the login cookies its rewrite
// rules look for), plus what a shared cache must never keep (a cookie set, a private answer).
// Every check is a linear scan of what the client sent, after the caller's length caps.
import type { PageHead, PageRequest } from '../../core/http/page-cache.js';
import type { PageCacheRules } from './services.js';

/** Cookie-name prefixes by which WordPress knows a visitor: signed in, a commenter, a post password given (WP Super Cache's `.htaccess` conditions). */
const WORDPRESS_COOKIE_PREFIXES = ['wordpress_logged_in', 'wordpress_sec_', 'comment_author_', 'wp-postpass_'] as const;

/** Session cookies of common Node frameworks (express-session, koa-session, next-auth…): a visitor carrying one may see a page of their own. */
export const DEFAULT_SESSION_COOKIES: readonly string[] = [
  'connect.sid',
  'koa.sess',
  'koa:sess',
  'session',
  'sessionid',
  'sid',
  'PHPSESSID',
  'JSESSIONID',
  '__session',
  'next-auth.session-token',
  '__Secure-next-auth.session-token',
];

/** URIs WP Super Cache never caches, whatever the settings (`wp_cache_is_rejected`'s `$auto_rejected`). */
const ALWAYS_REJECTED_URIS = ['/wp-admin/', 'xmlrpc.php', 'wp-app.php'] as const;

/** Cache-Control directives that keep an answer out of a shared cache. */
const PRIVATE_DIRECTIVES = new Set(['private', 'no-store', 'no-cache']);

/** Headers the request carries, one value (a repeated header's values joined). */
function headerValue(headers: PageRequest['headers'], name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** The names of the cookies a `Cookie` header carries. */
function cookieNames(header: string): string[] {
  return header.split(';').map((pair) => {
    const equals = pair.indexOf('=');
    return (equals < 0 ? pair : pair.slice(0, equals)).trim();
  });
}

/** Whether the visitor is known: credentials, a WordPress login, commenter or post-password cookie, or one of the host's session cookies. */
export function isKnownVisitor(headers: PageRequest['headers'], sessionCookies: ReadonlySet<string>): boolean {
  if (headerValue(headers, 'authorization') !== '') return true;
  return cookieNames(headerValue(headers, 'cookie')).some(
    (name) => sessionCookies.has(name) || WORDPRESS_COOKIE_PREFIXES.some((prefix) => name.startsWith(prefix)),
  );
}

/**
 * Whether `text` contains `fragment`, read as WP Super Cache's settings write it: literal text, in
 * which `\x` stands for `x` and `.*` for any run of characters, so its defaults `wp-.*\.php` and
 * `index\.php` reject what they reject there. Pieces are found left to right, each after the last:
 * for patterns of literals and `.*` alone, the leftmost match of each piece is never the wrong one.
 */
function containsFragment(text: string, fragment: string): boolean {
  const pieces: string[] = [''];
  for (let i = 0; i < fragment.length; i++) {
    const char = fragment[i]!;
    if (char === '\\' && i + 1 < fragment.length) pieces[pieces.length - 1] += fragment[++i]!;
    else if (char === '.' && fragment[i + 1] === '*') {
      pieces.push('');
      i++;
    } else pieces[pieces.length - 1] += char;
  }
  let from = 0;
  for (const piece of pieces) {
    const at = text.indexOf(piece, from);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}

/** Whether the rules keep this request away from the cache: a rejected URI or user agent, or a query string when those are not cached. */
export function isRejectedRequest(request: PageRequest, rules: PageCacheRules): boolean {
  const uri = request.url;
  if (rules.noCacheForQuery && uri.includes('?')) return true;
  if (ALWAYS_REJECTED_URIS.some((fragment) => uri.includes(fragment))) return true;
  if (rules.rejectedUris.some((fragment) => fragment !== '' && containsFragment(uri, fragment))) return true;
  const agent = headerValue(request.headers, 'user-agent').toLowerCase();
  return agent !== '' && rules.rejectedUserAgents.some((fragment) => fragment !== '' && agent.includes(fragment.toLowerCase()));
}

/** A header of an answer as one string. */
function answerHeader(head: PageHead, name: string): string {
  const value = head.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** The comma-separated tokens of a header, trimmed and lower-cased. */
function tokens(value: string): string[] {
  return value
    .toLowerCase()
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '');
}

/**
 * Whether an answer may be kept for every visitor: a 200 of an accepted media type that sets no
 * cookie, is not private, is not compressed (a stored encoding would reach clients that never
 * asked for it) and varies by nothing but `Accept-Encoding` (the cache keys by URL alone).
 */
export function isCacheableHead(head: PageHead, contentTypes: ReadonlySet<string>): boolean {
  if (head.status !== 200 || head.headers['set-cookie'] !== undefined) return false;
  if (tokens(answerHeader(head, 'cache-control')).some((directive) => PRIVATE_DIRECTIVES.has(directive.split('=')[0]!.trim())))
    return false;
  const encoding = answerHeader(head, 'content-encoding').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity') return false;
  if (tokens(answerHeader(head, 'vary')).some((name) => name !== 'accept-encoding')) return false;
  const mediaType = answerHeader(head, 'content-type').split(';')[0]!.trim().toLowerCase();
  return contentTypes.has(mediaType);
}
