import type { SiteStore } from '../../store/types.js';
import { inProcessPageCache, type InProcessPageCache } from './in-process.js';
import { pageCacheRulesOn } from './rules.js';

/** One in-process cache per store in this process: the namespace and the adapters must hold the same pages. */
const caches = new WeakMap<SiteStore, InProcessPageCache>();

/**
 * The site store's in-process page cache, under the rules `page-cache/v1` keeps in that store:
 * what the namespace reports on, purges and tests when given no `cache`, and what an adapter
 * fills when given it as `pageCache` (`createNodeHandler(server, { pageCache: defaultPageCache(server.store) })`).
 * The same store always gives the same cache in one process.
 */
export function defaultPageCache(store: SiteStore): InProcessPageCache {
  let cache = caches.get(store);
  if (cache === undefined) {
    cache = inProcessPageCache(store, pageCacheRulesOn(store));
    caches.set(store, cache);
  }
  return cache;
}
