import type { MountableNamespace } from '../../core/types.js';
import { bindGroups, routeGroup, withDefaults } from '../define.js';
import { serviceLimits, serviceLimitsOptions, type GivenHostServiceLimits, type HostServiceLimits } from '../host-service.js';
import { checkOptions, flag, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';
import { defaultPageCache } from './default-cache.js';
import { pageCacheHandlers } from './handlers.js';
import { pageCacheRoutes } from './routes.js';
import { pageCacheStorageOn } from './site-store.js';
import { pageCacheStorageGroups, type PageCacheStorage } from './storage.js';
import type { PageCache } from './services.js';

export { defaultPageCache } from './default-cache.js';
export { pageCacheRulesOn } from './rules.js';
export { pageCacheStorageOn } from './site-store.js';
export { pageCacheStorageGroups } from './storage.js';
export type { PageCacheHook, PageCacheOptionName, PageCacheStorage } from './storage.js';
export type { WpCacheConfig } from './config.js';
export type { CachedPage, CacheType, FetchedPage, PageCache, PageCacheRules, PageCacheRulesSource, PurgeTarget } from './services.js';

/** The page cache's default budget per call: a page fetch's time, and room for a long list of pages. */
export const PAGE_CACHE_LIMITS: HostServiceLimits = { timeoutMs: 10_000, maxBytes: 4 * 1024 * 1024 };

/** Options of {@link pageCache}. */
export interface PageCacheOptions {
  /** The page cache the routes report on, purge and test (default: {@link defaultPageCache}, the store's in-process cache an adapter fills). */
  cache?: PageCache;
  /** The host's storage callbacks, each group all or none; the rest are the site store's. */
  storage?: Partial<PageCacheStorage>;
  /** How long each call of `cache` may take and how much it may answer (default 10 s, 4 MiB). */
  serviceLimits?: GivenHostServiceLimits;
  /** WP Super Cache's `DISABLESUPERCACHEPRELOADING`: `/preload` refuses, and the settings and status say so. */
  disablePreloading?: boolean;
  /** PHP's `zlib.output_compression`: the host compresses its answers itself, so turning on `cache_compression` answers the plugin's error. */
  outputCompression?: boolean;
}

/** The checks of {@link PageCacheOptions}. */
export const pageCacheOptions = optionsObject({
  cache: hostObject('a page cache (inProcessPageCache)').optional(),
  storage: hostObject('the page cache storage callbacks').optional(),
  serviceLimits: serviceLimitsOptions.optional(),
  disablePreloading: flag.optional(),
  outputCompression: flag.optional(),
} satisfies OptionsShape<PageCacheOptions>);

/**
 * The `page-cache/v1` namespace (WP Super Cache's REST API): its settings, status, statistics,
 * cache listing and purge, preload switch, cache test and add-ons, all for `manage_options`. The
 * settings live in the server's site store; the cache itself is `options.cache`.
 */
export function pageCache(options: PageCacheOptions = {}): MountableNamespace {
  const limits = serviceLimits(
    'pageCache serviceLimits',
    checkOptions(pageCacheOptions, options, 'pageCache').serviceLimits,
    PAGE_CACHE_LIMITS,
  );
  return ({ store }) => {
    const storage = withDefaults<PageCacheStorage>(
      () => pageCacheStorageOn(store),
      options.storage,
      pageCacheStorageGroups,
      'pageCache storage',
    );
    const handlers = pageCacheHandlers({
      cache: options.cache ?? defaultPageCache(store),
      limits,
      preloadDisabled: options.disablePreloading === true,
      outputCompression: options.outputCompression === true,
    });
    return bindGroups('page-cache/v1', [routeGroup(pageCacheRoutes, handlers)], { storage });
  };
}
