// `GET /settings`: WP Super Cache's settings map (`WP_Super_Cache_Settings_Map::$map`) read as
// `WP_Super_Cache_Rest_Get_Settings` reads it: getters, options (false when absent) and config
// globals (false when unset), then 0/1 made booleans except the two integers.
import { isPhpArray, looseEqualsNumber, toBool, toPhpString } from '../../core/php/values.js';
import { setOwn } from '../../core/own-property.js';
import type { JsonValue } from '../../store/types.js';
import { CONTENT_DIR, globalOf, isSet, type WpCacheConfig } from './config.js';
import type { PageCacheOptionName } from './storage.js';

/** What the settings' getters read besides the config globals. */
interface SettingsFacts {
  /** The config globals. */
  config: WpCacheConfig;
  /** The plugin's options that the map reads, by name (absent ones left out). */
  options: Partial<Record<PageCacheOptionName, JsonValue>>;
  /** `wp_next_scheduled( 'wp_cache_gc' )`. */
  nextGc: number | false;
  /** Whether a preload is scheduled (`wpsc_is_preloading()`). */
  preloading: boolean;
  /** `wpsc_post_count()`. */
  postCount: number;
  /** `DISABLESUPERCACHEPRELOADING`: the host turned preloading off. */
  preloadDisabled: boolean;
  /** The site address (`site_url()`). */
  siteUrl: string;
}

/** The getters the map names, each a function of the facts. */
const GETTERS = {
  is_submit_enabled: () => true,
  is_preload_enabled: (f: SettingsFacts) => !f.preloadDisabled,
  cache_lock_down: (f: SettingsFacts) => (toBool(globalOf(f.config, 'WPLOCKDOWN')) ? 1 : 0),
  cache_next_gc: (f: SettingsFacts) => f.nextGc,
  // `site_url()` of the path below ABSPATH.
  cache_path_url: (f: SettingsFacts) => `${f.siteUrl}/${toPhpString(globalOf(f.config, 'cache_path')).replace(/^\/+/, '')}`,
  cache_type: (f: SettingsFacts) => (looseEqualsNumber(globalOf(f.config, 'wp_cache_mod_rewrite'), 1) ? 'mod_rewrite' : 'PHP'),
  is_preloading: (f: SettingsFacts) => f.preloading,
  // `$wpdb->get_var()` answers the count as a string.
  post_count: (f: SettingsFacts) => String(f.postCount),
  default_cache_path: () => `${CONTENT_DIR}/wp-cache/`,
  minimum_preload_interval: (f: SettingsFacts) => (f.postCount > 1000 ? 720 : 30),
  preload_active: (f: SettingsFacts) => f.preloading,
  wp_cache_debug_username: (f: SettingsFacts) => globalOf(f.config, 'wp_cache_debug_username') ?? '',
} satisfies Record<string, (facts: SettingsFacts) => JsonValue>;

/** Where a setting is read from (`new_direct_page` only has a setter, so reads leave it out). */
type Source = { get: keyof typeof GETTERS } | { option: PageCacheOptionName } | { global: string } | { setterOnly: true };

/** The settings map's names and sources, in its order (the order of the answer's keys). */
export const SETTINGS_MAP: ReadonlyArray<readonly [string, Source]> = [
  ['is_submit_enabled', { get: 'is_submit_enabled' }],
  ['is_preload_enabled', { get: 'is_preload_enabled' }],
  ['cache_lock_down', { get: 'cache_lock_down' }],
  ['cache_next_gc', { get: 'cache_next_gc' }],
  ['cache_gc_email_me', { global: 'cache_gc_email_me' }],
  ['cache_path_url', { get: 'cache_path_url' }],
  ['cache_type', { get: 'cache_type' }],
  ['is_preloading', { get: 'is_preloading' }],
  ['post_count', { get: 'post_count' }],
  ['is_cache_enabled', { global: 'cache_enabled' }],
  ['is_super_cache_enabled', { global: 'super_cache_enabled' }],
  ['is_mobile_enabled', { global: 'wp_cache_mobile_enabled' }],
  ['is_mfunc_enabled', { global: 'wp_cache_mfunc_enabled' }],
  ['cache_list', { global: 'wp_supercache_cache_list' }],
  ['clear_cache_on_post_edit', { global: 'wp_cache_clear_on_post_edit' }],
  ['wpsc_save_headers', { global: 'wpsc_save_headers' }],
  ['cache_rebuild', { global: 'cache_rebuild_files' }],
  ['dont_cache_logged_in', { global: 'wp_cache_not_logged_in' }],
  ['make_known_anon', { global: 'wp_cache_make_known_anon' }],
  ['cache_path', { global: 'cache_path' }],
  ['default_cache_path', { get: 'default_cache_path' }],
  ['use_object_cache', { global: 'wp_cache_object_cache' }],
  ['refresh_current_only_on_comments', { global: 'wp_cache_refresh_single_only' }],
  ['cache_compression', { global: 'cache_compression' }],
  ['cache_mod_rewrite', { global: 'wp_cache_mod_rewrite' }],
  ['use_304_headers', { global: 'wp_supercache_304' }],
  ['cache_late_init', { global: 'wp_super_cache_late_init' }],
  ['front_page_checks', { global: 'wp_cache_front_page_checks' }],
  ['cache_page_secret', { global: 'cache_page_secret' }],
  ['disable_utf8', { global: 'wp_cache_disable_utf8' }],
  ['no_cache_for_get', { global: 'wp_cache_no_cache_for_get' }],
  ['cache_schedule_type', { global: 'cache_schedule_type' }],
  ['cache_scheduled_time', { global: 'cache_scheduled_time' }],
  ['cache_max_time', { global: 'cache_max_time' }],
  ['cache_time_interval', { global: 'cache_time_interval' }],
  ['shutdown_garbage_collector', { global: 'wp_cache_shutdown_gc' }],
  ['pages', { global: 'wp_cache_pages' }],
  ['minimum_preload_interval', { get: 'minimum_preload_interval' }],
  ['preload_interval', { global: 'wp_cache_preload_interval' }],
  ['preload_posts', { global: 'wp_cache_preload_posts' }],
  ['preload_on', { global: 'wp_cache_preload_on' }],
  ['preload_active', { get: 'preload_active' }],
  ['preload_taxonomies', { global: 'wp_cache_preload_taxonomies' }],
  ['preload_email_me', { global: 'wp_cache_preload_email_me' }],
  ['preload_email_volume', { global: 'wp_cache_preload_email_volume' }],
  ['cache_mobile_browsers', { global: 'wp_cache_mobile_browsers' }],
  ['cache_mobile_prefixes', { global: 'wp_cache_mobile_prefixes' }],
  ['cache_disable_locking', { global: 'wp_cache_mutex_disabled' }],
  ['cache_hello_world', { global: 'wp_cache_hello_world' }],
  ['cache_schedule_interval', { global: 'cache_schedule_interval' }],
  ['cache_acceptable_files', { global: 'cache_acceptable_files' }],
  ['cache_rejected_uri', { global: 'cache_rejected_uri' }],
  ['cache_rejected_user_agent', { global: 'cache_rejected_user_agent' }],
  ['cache_direct_pages', { global: 'cached_direct_pages' }],
  ['new_direct_page', { setterOnly: true }],
  ['ossdl_cname', { option: 'ossdl_cname' }],
  ['ossdl_https', { option: 'ossdl_https' }],
  ['ossdl_off_cdn_url', { option: 'ossdl_off_cdn_url' }],
  ['ossdl_off_blog_url', { option: 'ossdl_off_blog_url' }],
  ['ossdl_off_exclude', { option: 'ossdl_off_exclude' }],
  ['ossdl_off_include_dirs', { option: 'ossdl_off_include_dirs' }],
  ['ossdlcdn', { global: 'ossdlcdn' }],
  ['wp_super_cache_debug', { global: 'wp_super_cache_debug' }],
  ['wp_cache_debug_username', { get: 'wp_cache_debug_username' }],
  ['wp_cache_debug_log', { global: 'wp_cache_debug_log' }],
  ['wp_cache_debug_ip', { global: 'wp_cache_debug_ip' }],
  ['wp_super_cache_comments', { global: 'wp_super_cache_comments' }],
  ['wp_super_cache_front_page_check', { global: 'wp_super_cache_front_page_check' }],
  ['wp_super_cache_front_page_clear', { global: 'wp_super_cache_front_page_clear' }],
  ['wp_super_cache_front_page_text', { global: 'wp_super_cache_front_page_text' }],
  ['wp_super_cache_front_page_notification', { global: 'wp_super_cache_front_page_notification' }],
];

/** The options the map reads. */
export const SETTINGS_OPTIONS = SETTINGS_MAP.flatMap(([, source]) => ('option' in source ? [source.option] : []));

/** Settings that stay integers, and lists of strings that are not made booleans. */
const INTEGERS = new Set(['cache_max_time', 'preload_interval']);
const STRING_ARRAYS = new Set([
  'cache_stats',
  'cache_acceptable_files',
  'cache_rejected_uri',
  'cache_rejected_user_agent',
  'cache_direct_pages',
]);
const STRINGS_TO_BOOL = ['ossdl_https', 'refresh_current_only_on_comments'];

/** `make_array_bool`: a member loosely equal to 0 or 1 becomes a boolean. */
function arrayBools(value: JsonValue[] | { [key: string]: JsonValue }): JsonValue {
  const made = (member: JsonValue): JsonValue => (looseEqualsNumber(member, 0) || looseEqualsNumber(member, 1) ? toBool(member) : member);
  if (Array.isArray(value)) return value.map(made);
  const out: { [key: string]: JsonValue } = {};
  for (const [key, member] of Object.entries(value)) setOwn(out, key, made(member));
  return out;
}

/** `prepare_item_for_response`: the settings as the route answers them. */
function present(settings: Array<[string, JsonValue]>): { [key: string]: JsonValue } {
  const out: { [key: string]: JsonValue } = {};
  for (const [key, value] of settings) {
    if (isPhpArray(value) && !STRING_ARRAYS.has(key)) setOwn(out, key, arrayBools(value));
    else if ((value === 0 || value === 1) && !INTEGERS.has(key)) setOwn(out, key, value === 1);
    else setOwn(out, key, value);
  }
  for (const key of STRINGS_TO_BOOL) if (Object.hasOwn(out, key)) out[key] = toBool(out[key]);
  return out;
}

/** The settings object of `GET /settings` (and of a `POST` that changed nothing in error). */
export function settingsAnswer(facts: SettingsFacts): { [key: string]: JsonValue } {
  const read = SETTINGS_MAP.flatMap(([name, source]): Array<[string, JsonValue]> => {
    if ('get' in source) return [[name, GETTERS[source.get](facts)]];
    if ('option' in source) return [[name, facts.options[source.option] ?? false]];
    if ('setterOnly' in source) return [];
    return [[name, isSet(facts.config, source.global) ? (globalOf(facts.config, source.global) as JsonValue) : false]];
  });
  return present(read);
}
