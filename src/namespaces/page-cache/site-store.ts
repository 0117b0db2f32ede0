// WP Super Cache's state on the site store, as a WordPress database would hold it if the config
// file were an option: the globals in `wp-cache-config`, the plugin's own options under their
// names, and its scheduled events in WordPress's `cron` option.
import { randomHex } from '../../core/crypto/random.js';
import type { SiteStore } from '../../store/types.js';
import { isSettingsObject, optionObject } from '../option-object.js';
import { clearScheduledHook, nextScheduled, scheduleEvent } from '../wp-cron.js';
import { CONFIG_OPTION, freshConfig, type WpCacheConfig } from './config.js';
import type { PageCacheStorage } from './storage.js';

/** Post types `wpsc_get_post_types()` counts: the public ones of a default site. */
const PUBLIC_TYPES = ['post', 'page', 'attachment'];

/**
 * The globals the plugin makes on first use (`cache_page_secret` on the settings page,
 * `wp_cache_debug_username` on first read): added once, kept by every later reader and process.
 */
const MADE_ON_FIRST_USE = ['cache_page_secret', 'wp_cache_debug_username'] as const;

/** The default page-cache storage, on the site store. */
export function pageCacheStorageOn(store: SiteStore): PageCacheStorage {
  const config = optionObject<WpCacheConfig>(store.options, CONFIG_OPTION, freshConfig());
  const withSecrets = async (read: WpCacheConfig): Promise<WpCacheConfig> => {
    if (MADE_ON_FIRST_USE.every((name) => typeof read[name] === 'string' && read[name] !== '')) return read;
    await store.options.update(CONFIG_OPTION, (current) => {
      const stored = isSettingsObject(current) ? { ...current } : {};
      for (const name of MADE_ON_FIRST_USE) if (typeof stored[name] !== 'string' || stored[name] === '') stored[name] = randomHex(16);
      return stored;
    });
    return config.read();
  };
  return {
    readConfig: async () => withSecrets(await config.read()),
    mergeConfig: (changes) => config.merge(changes),
    async resetConfig(changes) {
      // One write, so no reader sees the defaults without `changes`.
      await store.options.set(CONFIG_OPTION, changes);
      return config.read();
    },
    getOption: (name) => store.options.get(name),
    setOption: (name, value) => store.options.set(name, value),
    async deleteOption(name) {
      await store.options.delete(name);
    },
    nextScheduled: (hook) => nextScheduled(store.options, hook),
    schedule: (hook, at, recurrence) => scheduleEvent(store.options, hook, at, recurrence),
    unschedule: (hook) => clearScheduledHook(store.options, hook),
    async postCount() {
      return (await store.posts.query({ type: PUBLIC_TYPES, status: ['publish'], limit: 0 })).total;
    },
  };
}
