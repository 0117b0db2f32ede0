// The page cache `page-cache/v1` reports on and purges: the host's (a CDN, a reverse proxy, a
// cache of its own), or the in-process one site-rest ships, which an adapter fills with the host
// app's anonymous GET pages. WP Super Cache keeps it as files under `wp-content/cache/`; the
// routes only ever reach it through this interface.

/** Which of WP Super Cache's two caches holds a page: static copies, or the legacy PHP cache. */
export type CacheType = 'supercache' | 'wpcache';

/** A page the cache holds, as `/cache` lists it and `/stats` counts it. */
export interface CachedPage {
  /** Where it is kept, as WP Super Cache names its directories: host and path (`example.com/about/`). */
  path: string;
  /** Which cache holds it. */
  type: CacheType;
  /** When it was made, in Unix seconds: with `cache_max_time` it decides whether the page has expired. */
  generatedAt: number;
  /** Its size in bytes. */
  bytes: number;
  /** The post it shows, when known, so `{id}` purges it. */
  postId?: number;
}

/** What `POST /cache` deletes: one post's pages, the expired ones, one path's, or everything (`legacy` also the old `wp-cache-*` files). */
export type PurgeTarget =
  | { kind: 'post'; id: number }
  | { kind: 'expired'; maxAgeSeconds: number }
  | { kind: 'path'; path: string }
  | { kind: 'all'; legacy: boolean };

/** A page fetched for `/cache/test`: its status and its body (capped). */
export interface FetchedPage {
  /** HTTP status. */
  status: number;
  /** The page's HTML. */
  body: string;
}

/**
 * The rules a page cache follows, from WP Super Cache's settings in the site store: whether to
 * cache, for how long, and which requests never get a cached page.
 */
export interface PageCacheRules {
  /** `cache_enabled`: whether pages are cached at all. */
  enabled: boolean;
  /** `cache_max_time`: seconds a page is served before it counts as expired (0: never). */
  maxAgeSeconds: number;
  /** `cache_rejected_uri`: path fragments never cached (WP Super Cache's list: literal text in which `\.` and `.*` mean what they mean in the plugin's defaults). */
  rejectedUris: readonly string[];
  /** `cache_rejected_user_agent`: user-agent fragments that never get a cached page, case-insensitively. */
  rejectedUserAgents: readonly string[];
  /** `wp_cache_not_logged_in`: signed-in visitors (a session cookie or credentials) bypass the cache. */
  bypassLoggedIn: boolean;
  /** `wp_cache_no_cache_for_get`: pages asked with a query string are not cached. */
  noCacheForQuery: boolean;
}

/** Reads the current rules (the namespace's settings live in the site store, which another process may change). */
export type PageCacheRulesSource = () => Promise<PageCacheRules>;

/**
 * A page cache as `page-cache/v1` drives it. Every method may throw or be slow: the routes call it
 * within the namespace's service limits and answer a failure as WP Super Cache answers its own.
 */
export interface PageCache {
  /** Every page held, fresh and expired alike. */
  list(signal: AbortSignal): Promise<CachedPage[]>;
  /** Deletes what the target names; answers how many pages went. */
  purge(target: PurgeTarget, signal: AbortSignal): Promise<number>;
  /**
   * Fetches one of the site's own pages the way a visitor would, for `/cache/test` (three times:
   * prime, first, second). Only the host knows how to reach its own pages: the default cache answers
   * from what it holds and never contacts the network.
   */
  fetchPage(url: string, signal: AbortSignal): Promise<FetchedPage>;
}
