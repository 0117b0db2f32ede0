import type { MountableNamespace } from '../../core/types.js';
import { bindRoutes, withDefaults } from '../define.js';
import { seoAChecks } from './checks.js';
import { seoAHandlers } from './handlers.js';
import { headlessCache } from './headless-cache.js';
import { seoARoutes } from './routes.js';
import { seoAStorageOn } from './site-store.js';
import { seoAStorageGroups, type SeoAStorage } from './storage.js';

export { seoAStorageOn, SEO_GENERATION } from './site-store.js';
export { seoAStorageGroups } from './storage.js';
export type { PostWithMeta, SeoAStorage, UrlSearch } from './storage.js';

/** Options of {@link seoA}. */
export interface SeoAOptions {
  /** The host's storage callbacks; the ones left out are the site store's, a group at a time. */
  storage?: Partial<SeoAStorage>;
  /** How many posts' headless answers each process keeps (default 5000). */
  headlessCacheSize?: number;
  /** The clock in milliseconds (default `Date.now`), for the `current*` dynamic variables. */
  now?: () => number;
}

/**
 * The `seo-a/v1` namespace (SEOPress 9.6's `seopress/v1`): per-post SEO fields, target keywords,
 * title and description previews, the headless SEO data of posts and terms, SEOPress's option
 * groups, roles and the URL search, on the server's site store as SEOPress keeps them.
 */
export function seoA(options: SeoAOptions = {}): MountableNamespace {
  return ({ store }) => {
    const storage = withDefaults<SeoAStorage>(() => seoAStorageOn(store), options.storage, seoAStorageGroups, 'seoA storage');
    const cache = headlessCache(options.headlessCacheSize);
    return bindRoutes('seo-a/v1', seoARoutes, seoAHandlers({ storage, cache, now: options.now ?? Date.now }), seoAChecks(storage));
  };
}
