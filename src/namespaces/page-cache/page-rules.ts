// Which requests and answers the in-process page cache may serve and keep: WP Super Cache's own
// tests (`wp_cache_is_rejected`, `wp_cache_user_agent_is_rejected`, the login cookies its rewrite
// rules look for), plus what a shared cache must never keep (a cookie set, a private answer).
// Every check is a linear scan of what the client sent, after the caller's length caps; the
// rejected URIs and user agents are compiled once per list into an automaton (fragment-matcher.ts).
import type { PageHead, PageRequest } from '../../core/http/page-cache.js';
import { compileFragments, type FragmentTest } from './fragment-matcher.js';
import { anchoredUri, uriAlternatives } from './rejected-uri.js';
import type { PageCacheRules } from './services.js';

/** Cookie-name prefixes by which WordPress knows a visitor: signed in, a commenter, a post password given (WP Super Cache's `.htaccess` conditions). */
const WORDPRESS_COOKIE_PREFIXES = ['wordpress_logged_in', 'wordpress_sec_', 'comment_author_', 'wp-postpass_'] as const;

/**
 * Session cookies of common Node frameworks and CMSs (express-session, koa-session,
 * @fastify/session, cookie-session, NextAuth and Auth.js, better-auth, Lucia, h3 and
 * nuxt-auth-utils, AdonisJS, Sails, Keystone, Payload, Directus): a visitor carrying one may see
 * a page of their own. A session split over several cookies (`next-auth.session-token.0`, `.1`, as
 * NextAuth splits one over 4 KB) counts under its name.
 */
export const DEFAULT_SESSION_COOKIES: readonly string[] = [
  'connect.sid',
  'koa.sess',
  'koa:sess',
  'session',
  'sessionid',
  'sessionId',
  'sid',
  'PHPSESSID',
  'JSESSIONID',
  '__session',
  'next-auth.session-token',
  '__Secure-next-auth.session-token',
  'authjs.session-token',
  '__Secure-authjs.session-token',
  'better-auth.session_token',
  '__Secure-better-auth.session_token',
  'auth_session',
  'h3',
  'nuxt-session',
  'adonis-session',
  'sails.sid',
  'keystonejs-session',
  'payload-token',
  'directus_session_token',
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

/**
 * The names of the cookies a `Cookie` header carries. Split at `,` as well as `;`: an HTTP/2 client
 * may send its cookies as several `cookie` fields, which the Fetch standard joins with `, ` (Node's
 * undici joins them with `; `); a comma inside a value only ever adds a name, which can only make
 * a visitor known.
 */
function cookieNames(header: string): string[] {
  return header.split(/[;,]/).map((pair) => {
    const equals = pair.indexOf('=');
    return (equals < 0 ? pair : pair.slice(0, equals)).trim();
  });
}

/** Whether a cookie name is one of the session cookies, or a numbered chunk of one (`name.0`). */
function isSessionCookie(name: string, sessionCookies: ReadonlySet<string>): boolean {
  if (sessionCookies.has(name)) return true;
  let end = name.length;
  while (end > 0 && name.charCodeAt(end - 1) >= 0x30 && name.charCodeAt(end - 1) <= 0x39) end--;
  return end < name.length && name.charCodeAt(end - 1) === 0x2e /* . */ && sessionCookies.has(name.slice(0, end - 1));
}

/** Whether the visitor is known: credentials, a WordPress login, commenter or post-password cookie, or one of the host's session cookies. */
export function isKnownVisitor(headers: PageRequest['headers'], sessionCookies: ReadonlySet<string>): boolean {
  if (headerValue(headers, 'authorization') !== '') return true;
  return cookieNames(headerValue(headers, 'cookie')).some(
    (name) => isSessionCookie(name, sessionCookies) || WORDPRESS_COOKIE_PREFIXES.some((prefix) => name.startsWith(prefix)),
  );
}

/** The rules' rejected URIs and user agents, each list compiled into one test. */
interface RejectionTests {
  /** Whether a URI given as {@link anchoredUri} matches a rejected URI (the ones WP Super Cache always rejects among them). */
  uri: FragmentTest;
  /** Whether a lower-cased user agent contains a rejected one. */
  agent: FragmentTest;
}

/** Whether two lists hold the same entries: rules read anew each second are compiled again only when they changed. */
function sameEntries(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The rejection tests of the current rules, each list compiled again only when it changed: a
 * function to keep one of per cache. URIs are matched case-sensitively as `preg_match` does (their
 * entries read as `rejected-uri.ts` reads them), user agents case-insensitively as `stristr` does.
 */
export function rejectionTests(): (rules: PageCacheRules) => RejectionTests {
  let uris: readonly string[] | null = null;
  let agents: readonly string[] | null = null;
  const tests: RejectionTests = { uri: () => false, agent: () => false };
  return (rules) => {
    if (uris === null || !sameEntries(uris, rules.rejectedUris)) {
      uris = rules.rejectedUris;
      const entries = [
        ...ALWAYS_REJECTED_URIS.map((literal) => [literal]),
        ...uris.filter((entry) => entry !== '').flatMap(uriAlternatives),
      ];
      tests.uri = compileFragments(entries);
    }
    if (agents === null || !sameEntries(agents, rules.rejectedUserAgents)) {
      agents = rules.rejectedUserAgents;
      tests.agent = compileFragments(agents.filter((entry) => entry !== '').map((entry) => [entry.toLowerCase()]));
    }
    return tests;
  };
}

/** Whether the rules keep this request away from the cache: a rejected URI or user agent, or a query string when those are not cached. */
export function isRejectedRequest(request: PageRequest, rules: PageCacheRules, tests: RejectionTests): boolean {
  const uri = request.url;
  if (rules.noCacheForQuery && uri.includes('?')) return true;
  if (tests.uri(anchoredUri(uri))) return true;
  const agent = headerValue(request.headers, 'user-agent');
  return agent !== '' && tests.agent(agent.toLowerCase());
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
