import type { JsonValue } from '../../store/types.js';
import type { CronRecurrence } from '../wp-cron.js';
import type { StorageContext, StorageGroups } from '../define.js';
import type { WpCacheConfig } from './config.js';

/** The WordPress options WP Super Cache keeps beside its config file, by their own names. */
export type PageCacheOptionName =
  | 'ossdl_cname'
  | 'ossdl_https'
  | 'ossdl_off_cdn_url'
  | 'ossdl_off_blog_url'
  | 'ossdl_off_exclude'
  | 'ossdl_off_include_dirs'
  | 'preload_cache_counter'
  | 'supercache_stats'
  | 'super_cache_meta';

/** The WP-Cron hooks WP Super Cache schedules (garbage collection, preload, the front-page check). */
export type PageCacheHook =
  'wp_cache_gc' | 'wp_cache_gc_watcher' | 'wp_cache_check_site_hook' | 'wp_cache_preload_hook' | 'wp_cache_full_preload_hook';

/**
 * Where `page-cache/v1` keeps WP Super Cache's state: its config globals, its WordPress options,
 * its scheduled events and the count of published posts it sizes preloading by. Every callback
 * is async and gets the request's {@link StorageContext} last.
 */
export interface PageCacheStorage {
  /** The config globals: the stored ones over a fresh install's. */
  readConfig(ctx: StorageContext): Promise<WpCacheConfig>;
  /** Writes `changes` over the stored globals in one step and answers the result. */
  mergeConfig(changes: WpCacheConfig, ctx: StorageContext): Promise<WpCacheConfig>;
  /** Puts the fresh install's globals back (`{reset}`), with `changes` over them. */
  resetConfig(changes: WpCacheConfig, ctx: StorageContext): Promise<WpCacheConfig>;
  /** `get_option`: undefined when absent (the settings show `false`, as WordPress's default). */
  getOption(name: PageCacheOptionName, ctx: StorageContext): Promise<JsonValue | undefined>;
  /** `update_option`. */
  setOption(name: PageCacheOptionName, value: JsonValue, ctx: StorageContext): Promise<void>;
  /** `delete_option`. */
  deleteOption(name: PageCacheOptionName, ctx: StorageContext): Promise<void>;
  /** `wp_next_scheduled`: when the hook's next event is due (Unix seconds), or false. */
  nextScheduled(hook: PageCacheHook, ctx: StorageContext): Promise<number | false>;
  /** `wp_schedule_single_event`, or `wp_schedule_event` with a recurrence. */
  schedule(hook: PageCacheHook, at: number, recurrence: CronRecurrence | undefined, ctx: StorageContext): Promise<void>;
  /** `wp_clear_scheduled_hook`. */
  unschedule(hook: PageCacheHook, ctx: StorageContext): Promise<void>;
  /** `wpsc_post_count()`: published posts, pages and attachments. */
  postCount(ctx: StorageContext): Promise<number>;
}

/** {@link PageCacheStorage}'s callbacks that share data: the config's three, the options', the schedule's, and the post count alone. */
export const pageCacheStorageGroups: StorageGroups<PageCacheStorage> = [
  { data: 'config globals', callbacks: ['readConfig', 'mergeConfig', 'resetConfig'] },
  { data: 'options', callbacks: ['getOption', 'setOption', 'deleteOption'] },
  { data: 'scheduled events', callbacks: ['nextScheduled', 'schedule', 'unschedule'] },
  { data: 'posts', callbacks: ['postCount'] },
];
