// The page cache site-rest ships: the host app's anonymous GET pages, kept in this process's memory
// by an adapter's `pageCache` option, under WP Super Cache's rules as `page-cache/v1` stores them.
// The pages are per process; purges reach every process sharing the site store through the purge
// log, which each reads at most once a second before it serves a page.
import { randomHex } from '../../core/crypto/random.js';
import {
  POST_ID_HEADER,
  type HostPageCache,
  type PageHead,
  type PageHeaders,
  type PageLookup,
  type PageRequest,
} from '../../core/http/page-cache.js';
import { hostName } from '../../core/http/public-address.js';
import { setOwn } from '../../core/own-property.js';
import type { SiteStore } from '../../store/types.js';
import { boundOption } from '../host-service.js';
import { DEFAULT_SESSION_COOKIES, isCacheableHead, isKnownVisitor, isRejectedRequest, rejectionTests } from './page-rules.js';
import { logPurge, purgesSince } from './purge-log.js';
import type { CachedPage, FetchedPage, PageCache, PageCacheRulesSource, PurgeTarget } from './services.js';
import { throttled } from './throttled.js';
import type { ByteSize } from '../../core/byte-size.js';
import { bytes, checkedAtUse, checkOptions, fn, optionsObject, texts, type OptionsShape } from '../../core/options.js';

/** Options of {@link inProcessPageCache}. */
export interface InProcessPageCacheOptions {
  /** Most pages held (default 1000): past it, the least recently served goes. */
  maxPages?: number;
  /** Largest page kept, in bytes or as Express writes sizes (default 1 MiB, `'1mb'`): a longer answer goes to the visitor uncached. */
  maxPageBytes?: ByteSize;
  /** Most bytes held in all (default 64 MiB, `'64mb'`): past it, the least recently served pages go. */
  maxTotalBytes?: ByteSize;
  /** Cookie names of the host's own sessions: a visitor carrying one is never served nor cached (default {@link DEFAULT_SESSION_COOKIES}). */
  sessionCookies?: readonly string[];
  /** Media types kept (default `text/html`, the pages WP Super Cache keeps). */
  contentTypes?: readonly string[];
  /** The clock, in milliseconds since the epoch (default `Date.now`). */
  now?: () => number;
}

const inProcessPageCacheOptions = optionsObject({
  maxPages: checkedAtUse<number>(),
  maxPageBytes: bytes.optional(),
  maxTotalBytes: bytes.optional(),
  sessionCookies: texts.optional(),
  contentTypes: texts.optional(),
  now: fn('→ milliseconds').optional(),
} satisfies OptionsShape<InProcessPageCacheOptions>);

/** The in-process page cache: what `page-cache/v1` reports on and purges, and what an adapter's `pageCache` option serves from. */
export interface InProcessPageCache extends PageCache, HostPageCache {}

/** Where a page is held: its key, and the path `CachedPage.path` lists and purges go by. */
interface PagePlace {
  /** Scheme, host, path and query, and the proxy's address headers when there are any. */
  key: string;
  /** Host, path and query, as WP Super Cache names the page's directory (`example.com/about/`). */
  path: string;
}

/** A page held. */
interface HeldPage extends PagePlace {
  /** When it was kept, in Unix seconds. */
  generatedAt: number;
  /** The headers it is served with. */
  headers: PageHeaders;
  /** Its bytes, the cache's comment included. */
  body: Uint8Array;
  /** The post it shows, as the host's `X-Site-Rest-Post-Id` header said. */
  postId?: number;
}

const OWNER = 'inProcessPageCache';
/** How often the rules and the purge log are read from the store. */
const REFRESH_MS = 1000;
/** Longest URL and proxy address header keyed: longer ones are passed through uncached (a cap before any scan). */
const MAX_URL_LENGTH = 2048;
const MAX_ADDRESS_HEADER_LENGTH = 300;

/**
 * Request headers by which a proxy tells the address the client used (RFC 7239's `Forwarded` and
 * the de facto `X-Forwarded-*`). site-rest's `trustProxy` builds the discovery `Link` from them,
 * and so do hosts that trust their proxy (Express's `trust proxy`, Koa's `proxy`), without a
 * `Vary` to say so: each set of values keeps pages of its own, so one request cannot change the
 * page every other visitor gets.
 */
const ADDRESS_HEADERS = ['forwarded', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-prefix'] as const;
const PASS: PageLookup = { kind: 'pass' };

/** Headers of the host's answer never replayed: per connection, per answer, or recomputed when served. */
const UNSTORED_HEADERS = new Set(['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding', 'x-cache', POST_ID_HEADER]);

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Where the page of a request is held, or null when it is not cached: a Host that is no host name
 * (`example.com/about` would file its page under another's path), a URL that is no path, or a
 * value over its cap. The page's path is the lower-cased Host and the URL, as WP Super Cache names
 * its directory; its key adds the scheme of the connection (WP Super Cache keeps `index-https.html`
 * beside `index.html`) and the proxy's address headers as they were sent.
 */
function pagePlace(secure: boolean, headers: PageRequest['headers'], url: string): PagePlace | null {
  const given = headers.host;
  const host = typeof given === 'string' ? hostName(given) : undefined;
  if (host === undefined || !url.startsWith('/') || url.length > MAX_URL_LENGTH) return null;
  const path = host + url;
  const scheme = secure ? 'https://' : 'http://';
  let address: Array<string | null> | null = null;
  for (let i = 0; i < ADDRESS_HEADERS.length; i++) {
    const value = headers[ADDRESS_HEADERS[i]!];
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (text.length > MAX_ADDRESS_HEADER_LENGTH) return null;
    address ??= ADDRESS_HEADERS.map(() => null);
    address[i] = text;
  }
  // A JSON array is self-delimiting and never starts like a scheme, so no two requests share a key by accident.
  return { key: address === null ? scheme + path : JSON.stringify(address) + scheme + path, path };
}

/** `gmdate('Y-m-d H:i:s')` of a Unix time. */
function gmdate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The body with WP Super Cache's comment appended, as `wp_cache_append_tag` appends it to an HTML page, so `/cache/test` can compare copies. */
function withCacheComment(body: Uint8Array, generatedAt: number): Uint8Array {
  if (!decoder.decode(body).includes('<html')) return body;
  const comment = encoder.encode(`\n<!-- Cached page generated by WP-Super-Cache on ${gmdate(generatedAt)} -->\n`);
  const page = new Uint8Array(body.byteLength + comment.byteLength);
  page.set(body);
  page.set(comment, body.byteLength);
  return page;
}

/** The headers a page is served with. */
function storedHeaders(headers: PageHeaders): PageHeaders {
  const stored: PageHeaders = {};
  for (const name in headers) if (!UNSTORED_HEADERS.has(name)) setOwn(stored, name, headers[name]);
  return stored;
}

/** The post id a host's header names, if it names one. */
function postIdOf(value: string | string[] | undefined): number | undefined {
  const id = Number(Array.isArray(value) ? value[0] : value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** A path target as WP Super Cache's `{url}` names a directory: `host/path`, or `/path` on any host; a scheme is ignored. */
function pathTarget(path: string): { anyHost: boolean; base: string } {
  const lower = path.slice(0, 8).toLowerCase();
  const bare = lower.startsWith('https://') ? path.slice(8) : lower.startsWith('http://') ? path.slice(7) : path;
  return { anyHost: bare.startsWith('/'), base: withoutTrailingSlashes(bare) };
}

function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 47 /* / */) end--;
  return text.slice(0, end);
}

/** Whether a purge of `target` deletes the page: that directory's page and its `/page/N` pages, as `wpsc_delete_files` and `prune_super_cache` do. */
function inPurgedPath(key: string, target: { anyHost: boolean; base: string }): boolean {
  const query = key.indexOf('?');
  const withoutQuery = query < 0 ? key : key.slice(0, query);
  const compared = target.anyHost ? withoutQuery.slice(withoutQuery.indexOf('/')) : withoutQuery;
  return withoutTrailingSlashes(compared) === target.base || compared.startsWith(`${target.base}/page/`);
}

/**
 * The default page cache of `page-cache/v1`: pages of the host app kept in this process's memory,
 * filled by an adapter given it as `pageCache`. It keeps a page when the rules (`rules()`, read at
 * most once a second) let it: caching enabled, a GET from an anonymous visitor (no credentials,
 * no WordPress login, commenter or post-password cookie, none of `sessionCookies`), a URI and
 * user agent not rejected, no query string where those are not cached; and a 200 HTML answer
 * setting no cookie, not private, within `maxPageBytes`. It serves a kept page to such visitors
 * (GET and HEAD) of the same scheme, Host, URL and proxy address headers until `cache_max_time`
 * has passed: a page is never served to a request it was not built for. A purge empties the
 * matching pages of every process sharing `store` within about a second. `fetchPage` answers only
 * what it holds: it never contacts the network.
 */
export function inProcessPageCache(
  store: SiteStore,
  rules: PageCacheRulesSource,
  options: InProcessPageCacheOptions = {},
): InProcessPageCache {
  const given = checkOptions(inProcessPageCacheOptions, options, OWNER);
  const maxPages = boundOption(OWNER, 'maxPages', options.maxPages, 1000, 1);
  const maxPageBytes = boundOption(OWNER, 'maxPageBytes', given.maxPageBytes, 1024 * 1024, 1);
  const maxTotalBytes = boundOption(OWNER, 'maxTotalBytes', given.maxTotalBytes, 64 * 1024 * 1024, 1);
  const sessionCookies = new Set(options.sessionCookies ?? DEFAULT_SESSION_COOKIES);
  const contentTypes = new Set((options.contentTypes ?? ['text/html']).map((type) => type.toLowerCase()));
  const now = options.now ?? Date.now;
  const origin = randomHex(8);

  /** Least recently served first: a Map keeps insertion order, and a served page is put back at the end. */
  const pages = new Map<string, HeldPage>();
  let totalBytes = 0;
  /** Bumped by every purge applied, so an answer captured across a purge is not kept after it. */
  let epoch = 0;
  let seenPurge: number | null = null;

  const currentRules = throttled(rules, REFRESH_MS, now);
  const rejection = rejectionTests();
  const syncPurges = throttled(
    async () => {
      const since = await purgesSince(store.options, seenPurge);
      if (since.purges === 'all') applyPurge({ kind: 'all', legacy: false });
      else for (const purge of since.purges) if (purge.origin !== origin) applyPurge(purge.target);
      seenPurge = since.seq;
      return true;
    },
    REFRESH_MS,
    now,
  );

  const nowSeconds = () => Math.floor(now() / 1000);
  const isFresh = (page: HeldPage, maxAgeSeconds: number) => maxAgeSeconds <= 0 || nowSeconds() - page.generatedAt < maxAgeSeconds;

  function drop(key: string): void {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    totalBytes -= page.body.byteLength;
  }

  function hold(place: PagePlace, head: PageHead, body: Uint8Array): void {
    const generatedAt = nowSeconds();
    const page = withCacheComment(body, generatedAt);
    if (page.byteLength > maxTotalBytes) return;
    drop(place.key);
    const postId = postIdOf(head.headers[POST_ID_HEADER]);
    pages.set(place.key, {
      key: place.key,
      path: place.path,
      generatedAt,
      headers: storedHeaders(head.headers),
      body: page,
      ...(postId !== undefined && { postId }),
    });
    totalBytes += page.byteLength;
    for (const oldest of pages.keys()) {
      if (pages.size <= maxPages && totalBytes <= maxTotalBytes) break;
      drop(oldest);
    }
  }

  function applyPurge(target: PurgeTarget): number {
    epoch++;
    const doomed = (page: HeldPage): boolean => {
      switch (target.kind) {
        case 'all':
          return true;
        case 'post':
          return page.postId === target.id;
        case 'expired':
          return target.maxAgeSeconds > 0 && !isFresh(page, target.maxAgeSeconds);
        case 'path':
          return inPurgedPath(page.path, pathTarget(target.path));
      }
    };
    let count = 0;
    for (const page of [...pages.values()]) {
      if (!doomed(page)) continue;
      drop(page.key);
      count++;
    }
    return count;
  }

  /** The fresh page a visitor of `key` would be served, or null; a served page becomes the most recent. */
  async function servable(key: string): Promise<HeldPage | null> {
    const settings = await currentRules();
    if (!settings?.enabled || (await syncPurges()) === null) return null;
    const page = pages.get(key);
    if (!page || !isFresh(page, settings.maxAgeSeconds)) return null;
    pages.delete(key);
    pages.set(key, page);
    return page;
  }

  async function decide(request: PageRequest): Promise<PageLookup> {
    const method = request.method.toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') return PASS;
    const place = pagePlace(request.secure === true, request.headers, request.url);
    if (place === null || isKnownVisitor(request.headers, sessionCookies)) return PASS;
    const settings = await currentRules();
    if (!settings?.enabled || isRejectedRequest(request, settings, rejection(settings))) return PASS;
    const page = await servable(place.key);
    if (page) return { kind: 'hit', answer: { status: 200, headers: { ...page.headers, 'x-cache': 'HIT' }, body: page.body } };
    if (method === 'HEAD' || (await syncPurges()) === null) return PASS;
    const since = epoch;
    return {
      kind: 'miss',
      keeper: {
        maxBytes: maxPageBytes,
        admits: (head) => isCacheableHead(head, contentTypes),
        keep: (head, body) => {
          if (epoch === since && body.byteLength <= maxPageBytes && isCacheableHead(head, contentTypes)) hold(place, head, body);
        },
      },
    };
  }

  return {
    lookup: (request) => decide(request).catch(() => PASS),

    async list(): Promise<CachedPage[]> {
      await syncPurges();
      return [...pages.values()].map((page) => ({
        path: page.path,
        type: 'supercache',
        generatedAt: page.generatedAt,
        bytes: page.body.byteLength,
        ...(page.postId !== undefined && { postId: page.postId }),
      }));
    },

    async purge(target: PurgeTarget): Promise<number> {
      await logPurge(store.options, origin, target);
      return applyPurge(target);
    },

    async fetchPage(url: string): Promise<FetchedPage> {
      let place: PagePlace | null = null;
      try {
        const parsed = new URL(url);
        place = pagePlace(parsed.protocol === 'https:', { host: parsed.host }, parsed.pathname + parsed.search);
      } catch {
        // An address that does not parse is simply not held.
      }
      const page = place === null ? null : await servable(place.key);
      if (!page) throw new Error(`site-rest: the page is not in the in-process cache (${url})`);
      return { status: 200, body: decoder.decode(page.body) };
    },
  };
}
