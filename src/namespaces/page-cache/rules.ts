// The caching rules WP Super Cache's settings make, for a page cache to follow: read from the
// config globals in the site store each time, since another process may change them.
import { looseEqualsNumber, toBool, toInt } from '../../core/php/values.js';
import type { SiteStore } from '../../store/types.js';
import { optionObject } from '../option-object.js';
import { CONFIG_OPTION, freshConfig } from './config.js';
import type { PageCacheRulesSource } from './services.js';

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];
}

/** The rules from the `wp-cache-config` option of `store`, a fresh install's where nothing is stored. */
export function pageCacheRulesOn(store: SiteStore): PageCacheRulesSource {
  const config = optionObject(store.options, CONFIG_OPTION, freshConfig());
  return async () => {
    const globals = await config.read();
    return {
      enabled: toBool(globals.cache_enabled),
      maxAgeSeconds: Math.max(0, toInt(globals.cache_max_time)),
      rejectedUris: strings(globals.cache_rejected_uri),
      rejectedUserAgents: strings(globals.cache_rejected_user_agent),
      bypassLoggedIn: !looseEqualsNumber(globals.wp_cache_not_logged_in, 0),
      noCacheForQuery: toBool(globals.wp_cache_no_cache_for_get),
    };
  };
}
