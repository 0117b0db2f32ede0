// WP Super Cache's `wp-cache-config.php`, the PHP globals it writes with `wp_cache_setting()`, as
// one object in the `wp-cache-config` option keyed by the globals' names. A fresh install is the
// plugin's `wp-cache-config-sample.php`; the paths in it are WordPress's layout under an ABSPATH of
// `/`, since the in-process cache keeps no files.
import type { SettingsObject } from '../option-object.js';
import type { JsonValue } from '../../store/types.js';

/** The option the `wp-cache-config.php` globals live in. */
export const CONFIG_OPTION = 'wp-cache-config';

/** `WP_CONTENT_DIR` as the settings show it: there is no content directory on a Node host. */
export const CONTENT_DIR = '/wp-content';

/** The globals of `wp-cache-config.php`, by their PHP names (`cache_enabled`, `cache_max_time`, …). */
export type WpCacheConfig = SettingsObject;

/** `$wp_cache_pages`: the kinds of page never cached, each 0 or 1, in the sample file's order. */
export const REJECTED_PAGE_KINDS = [
  'search',
  'feed',
  'category',
  'home',
  'frontpage',
  'tag',
  'archives',
  'pages',
  'single',
  'author',
] as const;

/** `wp-cache-config-sample.php`, which activation copies into place: the fresh install's globals. */
export function freshConfig(): WpCacheConfig {
  return {
    cache_compression: 0,
    cache_enabled: false,
    super_cache_enabled: true,
    cache_max_time: 3600,
    cache_path: `${CONTENT_DIR}/cache/`,
    file_prefix: 'wp-cache-',
    ossdlcdn: 0,
    cache_acceptable_files: ['wp-comments-popup.php', 'wp-links-opml.php', 'wp-locations.php'],
    cache_rejected_uri: ['wp-.*\\.php', 'index\\.php'],
    cache_rejected_user_agent: [],
    cache_rebuild_files: 1,
    wp_cache_mutex_disabled: 1,
    wp_cache_mobile: 0,
    wp_cache_mobile_whitelist: 'Stand Alone/QNws',
    wp_cache_mobile_browsers:
      'Android, 2.0 MMP, 240x320, AvantGo, BlackBerry, Blazer, Cellphone, Danger, DoCoMo, Elaine/3.0, EudoraWeb, hiptop, IEMobile, iPhone, iPod, KYOCERA/WX310K, LG/U990, MIDP-2.0, MMEF20, MOT-V, NetFront, Newt, Nintendo Wii, Nitro, Nokia, Opera Mini, Palm, Playstation Portable, portalmmm, Proxinet, ProxiNet, SHARP-TQ-GX10, Small, SonyEricsson, Symbian OS, SymbianOS, TS21i-10, UP.Browser, UP.Link, Windows CE, WinWAP',
    wp_cache_shutdown_gc: 0,
    wp_super_cache_late_init: 0,
    wp_super_cache_advanced_debug: 0,
    wp_super_cache_front_page_text: '',
    wp_super_cache_front_page_clear: 0,
    wp_super_cache_front_page_check: 0,
    wp_super_cache_front_page_notification: '0',
    wp_cache_anon_only: 0,
    wp_supercache_cache_list: 0,
    wp_cache_debug_to_file: 0,
    wp_super_cache_debug: 0,
    wp_cache_debug_level: 5,
    wp_cache_debug_ip: '',
    wp_cache_debug_log: '',
    wp_cache_debug_email: '',
    wp_cache_pages: Object.fromEntries(REJECTED_PAGE_KINDS.map((kind) => [kind, 0])),
    wp_cache_hide_donation: 0,
    wp_cache_not_logged_in: 0,
    wp_cache_clear_on_post_edit: 0,
    wp_cache_hello_world: 0,
    wp_cache_mobile_enabled: 0,
    wp_cache_cron_check: 0,
    wp_cache_mfunc_enabled: 0,
    wp_cache_make_known_anon: 0,
    wp_cache_refresh_single_only: 0,
    wp_cache_mod_rewrite: 0,
    wp_supercache_304: 0,
    wp_cache_front_page_checks: 0,
    wp_cache_disable_utf8: 0,
    wp_cache_no_cache_for_get: 0,
    cache_scheduled_time: '00:00',
    wp_cache_preload_interval: 600,
    cache_schedule_type: 'interval',
    wp_cache_preload_posts: 0,
    wp_cache_preload_on: 0,
    wp_cache_preload_taxonomies: 0,
    wp_cache_preload_email_me: 0,
    wp_cache_preload_email_volume: 'none',
    wp_cache_mobile_prefixes: '',
    cached_direct_pages: [],
    wpsc_served_header: false,
    cache_gc_email_me: 0,
    wpsc_save_headers: 0,
    cache_schedule_interval: 'daily',
    wp_super_cache_comments: 1,
    wpsc_version: 169,
  };
}

/** A global as PHP's `isset()` sees it: absent and null are unset. */
export function isSet(config: WpCacheConfig, name: string): boolean {
  return Object.hasOwn(config, name) && config[name] !== null;
}

/** A global's value, undefined when unset. */
export function globalOf(config: WpCacheConfig, name: string): JsonValue | undefined {
  return Object.hasOwn(config, name) ? config[name] : undefined;
}
