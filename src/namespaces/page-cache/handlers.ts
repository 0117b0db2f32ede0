import { internal } from '../../core/errors/catalogue.js';
import { isNumeric, isPhpArray, toBool, toInt, toPhpString } from '../../core/php/values.js';
import type { RestContext } from '../../core/types.js';
import type { JsonValue } from '../../store/types.js';
import type { BoundStorage, Handlers } from '../define.js';
import { callHostService, type HostServiceLimits } from '../host-service.js';
import { addonList, addonToggles } from './addons.js';
import { cacheListing, cacheStats, type ExpiryRule } from './cache-report.js';
import { testCache } from './cache-test.js';
import { globalOf, type WpCacheConfig } from './config.js';
import { testError } from './errors.js';
import type { pageCacheRoutes } from './routes.js';
import type { CachedPage, PageCache, PurgeTarget } from './services.js';
import { SETTINGS_MAP, SETTINGS_OPTIONS, settingsAnswer } from './settings.js';
import type { PageCacheStorage } from './storage.js';
import { resetPreloadCounter, updateSettings } from './update-settings.js';

/** What the handlers run on. */
interface PageCacheHandlerDeps {
  /** The page cache the routes report on and purge. */
  cache: PageCache;
  /** How long and how much each call of the page cache may take. */
  limits: HostServiceLimits;
  /** `DISABLESUPERCACHEPRELOADING`. */
  preloadDisabled: boolean;
  /** PHP's `zlib.output_compression`: the host compresses its answers itself. */
  outputCompression: boolean;
}

const MAP_NAMES: ReadonlySet<string> = new Set(SETTINGS_MAP.map(([name]) => name));

const now = (): number => Math.floor(Date.now() / 1000);

/** The JSON body as `get_json_params()` gives it: an object or list, else nothing to read. */
function jsonParams(json: unknown): Record<string, unknown> {
  return isPhpArray(json) ? Object.fromEntries(Object.entries(json)) : {};
}

/** A body member as PHP's `isset()` sees it. */
function given(params: Record<string, unknown>, name: string): boolean {
  return params[name] !== undefined && params[name] !== null;
}

/** The handlers of the page-cache route table. */
export function pageCacheHandlers(deps: PageCacheHandlerDeps): Handlers<typeof pageCacheRoutes, PageCacheStorage> {
  const { cache, limits } = deps;

  /** The cache's pages; an unreadable cache lists as an empty one, as the plugin's walk of a missing directory. */
  const pages = async (): Promise<CachedPage[]> => {
    const outcome = await callHostService((signal) => cache.list(signal), limits);
    return outcome.ok && Array.isArray(outcome.value) ? outcome.value : [];
  };
  /** Purges; a failure is as silent as the plugin's `@unlink`. */
  const purge = async (target: PurgeTarget): Promise<void> => {
    await callHostService((signal) => cache.purge(target, signal), limits);
  };
  const expiry = (config: WpCacheConfig): ExpiryRule => ({
    maxAgeSeconds: toInt(config.cache_max_time),
    preloadOn: toBool(config.wp_cache_preload_on),
    now: now(),
  });

  const settings = async (storage: BoundStorage<PageCacheStorage>, context: RestContext) => {
    const config = await storage.readConfig();
    const options: Record<string, JsonValue> = {};
    for (const name of SETTINGS_OPTIONS) {
      const value = await storage.getOption(name);
      if (value !== undefined) options[name] = value;
    }
    const preloading =
      (await storage.nextScheduled('wp_cache_preload_hook')) !== false ||
      (await storage.nextScheduled('wp_cache_full_preload_hook')) !== false;
    return settingsAnswer({
      config,
      options,
      nextGc: await storage.nextScheduled('wp_cache_gc'),
      preloading,
      postCount: await storage.postCount(),
      preloadDisabled: deps.preloadDisabled,
      siteUrl: context.site.url,
    });
  };

  return {
    async getSettings(_request, context, storage) {
      return settings(storage, context);
    },

    async updateSettings(request, context, storage) {
      const result = await updateSettings(request.json, MAP_NAMES, {
        storage,
        purgeAll: () => purge({ kind: 'all', legacy: false }),
        outputCompression: deps.outputCompression,
        siteUrl: context.site.url,
      });
      if ('fatal' in result) return internal();
      return result.errors ?? settings(storage, context);
    },

    async getStatus(_request, _context, storage) {
      const config = await storage.readConfig();
      const status: Record<string, true> = {};
      const on = (name: string) => toBool(globalOf(config, name));
      if (on('cache_enabled') && on('super_cache_enabled') && on('wp_cache_mod_rewrite')) {
        // There is no Apache here: no .htaccess holds the rules, none can be written, and mod_rewrite is missing.
        status.mod_rewrite_rules = true;
        status.mod_rewrite_missing = true;
        status.htaccess_ro = true;
      }
      if (!on('cache_enabled')) status.preload_disabled_cache_off = true;
      if (!on('super_cache_enabled')) status.preload_disabled_supercache_off = true;
      if (deps.preloadDisabled) status.preload_disabled_by_admin = true;
      return status;
    },

    async getStats(_request, _context, storage) {
      const stats = cacheStats(await pages(), expiry(await storage.readConfig()));
      await storage.setOption('supercache_stats', stats as unknown as JsonValue);
      return stats;
    },

    async getCache(_request, _context, storage) {
      return cacheListing(await pages(), expiry(await storage.readConfig()));
    },

    async deleteCache(request, _context, storage) {
      const params = jsonParams(request.json);
      const config = await storage.readConfig();
      if (given(params, 'id') && isNumeric(params.id)) await purge({ kind: 'post', id: toInt(params.id) });
      else if (toBool(params.expired)) {
        const maxAgeSeconds = toInt(config.cache_max_time);
        if (maxAgeSeconds !== 0) await purge({ kind: 'expired', maxAgeSeconds });
      } else if (given(params, 'url')) {
        const path = cachePath(toPhpString(params.url));
        if (path !== null) await purge({ kind: 'path', path });
      } else await purge({ kind: 'all', legacy: toBool(params.all) });
      return { 'Cache Cleared': true };
    },

    async preload(request, _context, storage) {
      if (deps.preloadDisabled) return { error: 'preload disabled by admin' };
      const params = jsonParams(request.json);
      if (!given(params, 'enable')) return null;
      if (toBool(params.enable)) {
        // `wpsc_enable_preload()`: a fresh counter, and the full preload due in 10 seconds.
        await resetPreloadCounter(storage, now());
        await storage.schedule('wp_cache_full_preload_hook', now() + 10, undefined);
        return { enabled: true };
      }
      // `wpsc_cancel_preload()`.
      await resetPreloadCounter(storage, now());
      await storage.unschedule('wp_cache_preload_hook');
      await storage.unschedule('wp_cache_full_preload_hook');
      return { enabled: false };
    },

    async testCache(_request, context) {
      const result = await testCache(cache, `${context.site.home}/`, limits);
      return result.status ? result : testError(['Timestamps do not match']);
    },

    async getPlugins(_request, _context, storage) {
      return addonList(await storage.readConfig());
    },

    async updatePlugins(request, _context, storage) {
      const changes = addonToggles(jsonParams(request.json));
      const config = Object.keys(changes).length > 0 ? await storage.mergeConfig(changes) : await storage.readConfig();
      return addonList(config);
    },
  };
}

/**
 * The supercache directory a `{url}` names, cleaned: its segments without empty ones, `.`, `..`
 * and backslashes, so it stays inside the cache (the plugin joins it to the cache path as it is).
 * Null when nothing is left: the plugin's delete of the cache's top directory removes no page.
 */
function cachePath(url: string): string | null {
  const segments = url
    .replaceAll('\\', '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  return segments.length === 0 ? null : `${segments.join('/')}/`;
}
