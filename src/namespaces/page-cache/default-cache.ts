import type { SiteStore } from '../../store/types.js';
import type { PageCache } from './services.js';

/**
 * The page cache a site has when no adapter attached one: nothing cached, nothing to purge, and
 * no page to fetch for the test.
 */
export function defaultPageCache(_store: SiteStore): PageCache {
  return {
    list: async () => [],
    purge: async () => 0,
    fetchPage: async () => {
      throw new Error('site-rest: no page cache is attached');
    },
  };
}
