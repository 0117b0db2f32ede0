// `POST /settings`: `WP_Super_Cache_Rest_Update_Settings` run over the config globals. Each key of
// the JSON body goes through the map's setter, in the body's order; then the time, preload and
// debug settings the setters collected are saved, as the plugin's admin forms save them.
import { randomHex } from '../../core/crypto/random.js';
import { isIpAddress } from '../../core/schema/formats.js';
import { escHtml, stripTags } from '../../core/schema/text.js';
import { setOwn } from '../../core/own-property.js';
import { mbStrlen, phpRtrim } from '../../core/php/strings.js';
import { isNumeric, isPhpArray, looseEqualsNumber, toBool, toInt, toPhpString } from '../../core/php/values.js';
import type { JsonValue } from '../../store/types.js';
import type { BoundStorage } from '../define.js';
import { CRON_SCHEDULES } from '../wp-cron.js';
import { CONTENT_DIR, freshConfig, globalOf, isSet, REJECTED_PAGE_KINDS, type WpCacheConfig } from './config.js';
import type { PageCacheStorage } from './storage.js';

/** What a settings update runs on. */
interface SettingsUpdateDeps {
  /** The namespace's storage, bound to the request. */
  storage: BoundStorage<PageCacheStorage>;
  /** Empties the page cache (`prune_super_cache( $cache_path, true )`); a failure is as silent as the plugin's `@unlink`. */
  purgeAll: () => Promise<void>;
  /** PHP's `zlib.output_compression`: the host compresses its responses itself. */
  outputCompression: boolean;
  /** The site address, which `new_direct_page` strips. */
  siteUrl: string;
}

/** A setter's outcome: an error message, nothing (`null`), `true` (`set_super_cache_enabled`), or a PHP fatal error. */
type SetterResult = string | null | true | typeof FATAL;

/** A setter that would end the request in a PHP `TypeError` (an `implode()` of a non-array). */
const FATAL = Symbol('fatal');

/** What a settings update answers: the errors (an array, nulls included, as the plugin collects them), or none, or a fatal error. */
type SettingsUpdateResult = { errors: Array<string | null> } | { errors: null } | { fatal: true };

/** A run of the setters: the globals as they change, what changed, and the `$_POST` they fill. */
interface Run {
  deps: SettingsUpdateDeps;
  config: WpCacheConfig;
  changes: WpCacheConfig;
  post: Record<string, unknown>;
  now: number;
}

/** `wp_cache_setting()`: a global changed for the rest of the run, and saved at its end. */
function write(run: Run, name: string, value: JsonValue): void {
  setOwn(run.config, name, value);
  setOwn(run.changes, name, value);
}

/** `wp_cache_sanitize_value()`: the text without tags, HTML-escaped, split on white space and commas. */
function sanitizeList(text: string): string[] {
  // PCRE's `\s` without the `u` flag: ASCII white space only.
  return phpRtrim(escHtml(stripTags(text))).split(/[ \t\n\v\f\r,]+/);
}

/** `implode( "\n", $value )`, or a fatal error for a value that is not an array. */
function imploded(value: unknown): string | typeof FATAL {
  if (!isPhpArray(value)) return FATAL;
  return Object.values(value).map(toPhpString).join('\n');
}

/** `wp_cache_update_rejected_strings()`: the rejected URIs a list given to `cache_rejected_uri` is saved as. */
function rejectedUris(value: unknown): string[] | typeof FATAL {
  const text = imploded(value);
  return text === FATAL ? FATAL : sanitizeList(text.replaceAll('\\\\', '\\'));
}

/** `wp_cache_update_rejected_ua()`: the rejected user agents a list given to `cache_rejected_user_agent` is saved as. */
function rejectedUserAgents(value: unknown): string[] | typeof FATAL {
  const text = imploded(value);
  // Spaces inside a user agent survive the split on white space.
  return text === FATAL ? FATAL : sanitizeList(text.replaceAll(' ', '___')).map((agent) => agent.replaceAll('___', ' '));
}

/**
 * The caps on the two lists every anonymous page view is checked against (WP Super Cache has
 * none). A site rejects a few URIs (the defaults are two; a shop adds its cart, checkout and
 * account pages) and a few user agents; a widely used bad-bot blocklist (nginx-ultimate-bad-bot-
 * blocker's, 7.5 KB) holds several hundred names of under 50 characters. An entry is a path
 * fragment or a user-agent token: WordPress's slugs are at most 200 characters.
 */
const REJECTED_LIST_CAPS = { entries: 1000, length: 255 } as const;

/** The lists of a body, as they would be saved, beyond the caps: one message each, or none. */
function rejectedListErrors(parameters: Record<string, unknown>): string[] {
  const errors: string[] = [];
  const lists = [
    ['cache_rejected_uri', 'URIs', 'URI', rejectedUris],
    ['cache_rejected_user_agent', 'user agents', 'user agent', rejectedUserAgents],
  ] as const;
  for (const [name, plural, singular, saved] of lists) {
    if (parameters[name] === undefined || parameters[name] === null) continue;
    const list = saved(parameters[name]);
    if (list === FATAL) continue;
    // Characters as a reader counts them: an emoji is one, though JavaScript's length counts two.
    const longest = list.reduce((most, entry) => Math.max(most, mbStrlen(entry)), 0);
    if (list.length > REJECTED_LIST_CAPS.entries)
      errors.push(`You attempted to reject ${list.length} ${plural} but at most ${REJECTED_LIST_CAPS.entries} can be rejected.`);
    else if (longest > REJECTED_LIST_CAPS.length)
      errors.push(
        `You attempted to reject a ${singular} of ${longest} characters but each can be at most ${REJECTED_LIST_CAPS.length} characters long.`,
      );
  }
  return errors;
}

/** `wp_cache_enable()`: caching on, and garbage collection scheduled when it is not. */
async function cacheEnable(run: Run): Promise<void> {
  if (toBool(run.config.cache_enabled)) return;
  write(run, 'cache_enabled', true);
  if ((await setDefaultGc(run, false)) && (await run.deps.storage.nextScheduled('wp_cache_gc')) === false) {
    await run.deps.storage.schedule('wp_cache_gc', run.now + 600, undefined);
  }
}

/** `wp_cache_disable()`: caching off, with its scheduled checks and garbage collection. */
async function cacheDisable(run: Run): Promise<void> {
  if (!toBool(run.config.cache_enabled)) return;
  write(run, 'cache_enabled', false);
  for (const hook of ['wp_cache_check_site_hook', 'wp_cache_gc', 'wp_cache_gc_watcher'] as const) await run.deps.storage.unschedule(hook);
}

/** `wpsc_set_default_gc()`: garbage collection's defaults when no schedule is set (or `force`d). */
async function setDefaultGc(run: Run, force: boolean): Promise<boolean> {
  if (looseEqualsNumber(globalOf(run.config, 'wp_cache_shutdown_gc'), 1)) return false;
  let typeSet = isSet(run.config, 'cache_schedule_type');
  if (force) {
    typeSet = false;
    await run.deps.storage.unschedule('wp_cache_gc');
  }
  if (!typeSet && (await run.deps.storage.nextScheduled('wp_cache_gc')) === false) {
    write(run, 'cache_schedule_type', 'interval');
    write(run, 'cache_time_interval', 600);
    write(run, 'cache_max_time', 1800);
    write(run, 'cache_schedule_interval', 'hourly');
    write(run, 'cache_gc_email_me', 0);
    await run.deps.storage.schedule('wp_cache_gc', run.now + 600, undefined);
  }
  return true;
}

/** `set_super_cache_enabled()`: 0 or `wpcache` turns the static cache off, 1 or `mod_rewrite` and 2 or `PHP` on. */
async function setSuperCacheEnabled(run: Run, given: unknown): Promise<SetterResult> {
  let value = given;
  if (isPhpArray(value)) return FATAL;
  if (!isNumeric(value)) {
    const types: Record<string, number> = { wpcache: 0, mod_rewrite: 1, PHP: 2 };
    if (typeof value !== 'string' || !Object.hasOwn(types, value)) return null;
    value = types[value];
  }
  if (value === 0) {
    if (toBool(run.config.super_cache_enabled)) {
      write(run, 'super_cache_enabled', false);
      await run.deps.purgeAll();
    }
    return true;
  }
  if (!toBool(run.config.super_cache_enabled)) write(run, 'super_cache_enabled', true);
  write(run, 'wp_cache_mod_rewrite', looseEqualsNumber(value, 1) ? 1 : 0);
  return true;
}

/** `set_cache_compression()`: the one setter that answers an error, when PHP (here: the host) already compresses. */
async function setCacheCompression(run: Run, value: unknown): Promise<SetterResult> {
  const wanted = looseEqualsNumber(value, 1) ? 1 : 0;
  if (run.deps.outputCompression) {
    return 'You attempted to enable compression but `zlib.output_compression` is enabled. See #21 in the Troubleshooting section of the readme file.';
  }
  if (wanted !== toInt(run.config.cache_compression)) {
    write(run, 'cache_compression', wanted);
    await run.deps.purgeAll();
    await run.deps.storage.deleteOption('super_cache_meta');
  }
  return null;
}

/** `set_wp_cache_location()`: a new cache directory, its last segment stripped of `..` and `\`; anything unusable is the default. */
function setCacheLocation(run: Run, value: unknown): SetterResult {
  const text = toPhpString(value);
  const current = toPhpString(globalOf(run.config, 'cache_path'));
  let next = `${CONTENT_DIR}/cache/`;
  if (text !== '' && text !== current) {
    const cut = phpRtrim(text, '/');
    const slash = cut.lastIndexOf('/');
    const parent = cut.slice(0, slash + 1);
    // `wpsc_deep_replace( array( '..', '\\' ) )` in one pass: without backslashes, a run of dots
    // loses its pairs, an odd one keeping a single dot.
    const base = cut
      .slice(slash + 1)
      .replaceAll('\\', '')
      .replace(/\.+/g, (dots) => (dots.length % 2 === 1 ? '.' : ''));
    // There is no file system to `realpath()` the parent in: an absolute one without `..` stands.
    const usable = parent.startsWith('/') && !parent.split('/').includes('..') && base !== '' && base !== '.';
    if (usable) next = `${parent}${base}/`;
  } else if (text !== '') next = current;
  if (next !== current) write(run, 'cache_path', next);
  return null;
}

/** `wpsc_update_direct_pages()`: the direct pages given (or kept) and a new one, cleaned of quotes, brackets and `..`. */
function updateDirectPages(run: Run): void {
  const clean = (page: unknown) =>
    toPhpString(page)
      .replace(/[ <>'"\r\n\t()$[\];#]/g, '')
      .replaceAll('..', '');
  const given = run.post.direct_pages;
  const written: string[] = [];
  let kept = Array.isArray(run.config.cached_direct_pages) ? run.config.cached_direct_pages : [];
  if (isPhpArray(given) && Object.keys(given).length > 0) {
    for (const page of Object.values(given).map(clean)) if (page !== '') written.push(page);
    kept = [...written];
  }
  const added = run.post.new_direct_page;
  if (toBool(added)) {
    let page = clean(toPhpString(added).replaceAll(run.deps.siteUrl, ''));
    if (!page.startsWith('/')) page = `/${page}`;
    if (page !== '/' || !kept.includes(page)) written.push(page);
  }
  write(run, 'cached_direct_pages', written);
}

/** The setters by map name; map names absent here have none (getters), or a generic one that refuses them. */
const SETTERS: Record<string, (run: Run, value: unknown, name: string) => SetterResult | Promise<SetterResult>> = {
  async cache_lock_down(run, value) {
    const lockDown = toInt(value) === 1 ? '1' : '0';
    write(run, 'WPLOCKDOWN', lockDown);
    if (lockDown === '0') await run.deps.purgeAll();
    return null;
  },
  cache_type: (run, value) => setSuperCacheEnabled(run, value),
  is_super_cache_enabled: (run, value) => setSuperCacheEnabled(run, value),
  async is_cache_enabled(run, value) {
    if (looseEqualsNumber(value, 1)) await cacheEnable(run);
    else await cacheDisable(run);
    return null;
  },
  // `set_global()` is called with the map name, and its whitelist holds global names: only this one is both.
  wpsc_save_headers(run, value) {
    write(run, 'wpsc_save_headers', toInt(value));
    return null;
  },
  async dont_cache_logged_in(run, value) {
    if (!looseEqualsNumber(value, 0)) {
      if (looseEqualsNumber(globalOf(run.config, 'wp_cache_not_logged_in'), 0)) await run.deps.purgeAll();
      write(run, 'wp_cache_not_logged_in', toInt(value));
    } else write(run, 'wp_cache_not_logged_in', 0);
    return null;
  },
  async make_known_anon(run, value) {
    if (looseEqualsNumber(value, 1)) {
      if (looseEqualsNumber(globalOf(run.config, 'wp_cache_make_known_anon'), 0)) await run.deps.purgeAll();
      write(run, 'wp_cache_make_known_anon', 1);
    } else write(run, 'wp_cache_make_known_anon', 0);
    return null;
  },
  // Without an external object cache (`$_wp_using_ext_object_cache`) the setter does nothing.
  use_object_cache: () => null,
  cache_path: setCacheLocation,
  cache_compression: (run, value) => setCacheCompression(run, value),
  pages(run, value) {
    if (!isPhpArray(value)) return null;
    const chosen = new Set(Object.entries(value).flatMap(([page, on]) => (toBool(on) ? [page] : [])));
    write(run, 'wp_cache_pages', Object.fromEntries(REJECTED_PAGE_KINDS.map((kind) => [kind, chosen.has(kind) ? 1 : 0])));
    return null;
  },
  cache_rejected_uri(run, value) {
    const list = rejectedUris(value);
    if (list === FATAL) return FATAL;
    write(run, 'cache_rejected_uri', list);
    return null;
  },
  cache_acceptable_files(run, value) {
    const text = imploded(value);
    if (text === FATAL) return FATAL;
    write(run, 'cache_acceptable_files', sanitizeList(text));
    return null;
  },
  cache_rejected_user_agent(run, value) {
    const list = rejectedUserAgents(value);
    if (list === FATAL) return FATAL;
    write(run, 'cache_rejected_user_agent', list);
    return null;
  },
  cache_direct_pages(run, value) {
    if (!isPhpArray(value)) return null;
    run.post.direct_pages = value;
    updateDirectPages(run);
    return null;
  },
  new_direct_page(run, value) {
    if (!Object.hasOwn(run.post, 'direct_pages')) run.post.direct_pages = globalOf(run.config, 'cached_direct_pages');
    run.post.new_direct_page = value;
    updateDirectPages(run);
    return null;
  },
  ossdlcdn(run, value) {
    write(run, 'ossdlcdn', toBool(value) ? 1 : 0);
    return null;
  },
};

/** The settings whose setters only collect values for the time or preload save at the end. */
const TIME_SETTINGS = [
  'cache_max_time',
  'cache_schedule_type',
  'cache_scheduled_time',
  'cache_schedule_interval',
  'cache_time_interval',
  'cache_gc_email_me',
];
const PRELOAD_SETTINGS: Record<string, string> = {
  preload_interval: 'wp_cache_preload_interval',
  preload_on: 'wp_cache_preload_on',
  preload_taxonomies: 'wp_cache_preload_taxonomies',
  preload_email_volume: 'wp_cache_preload_email_volume',
  preload_posts: 'wp_cache_preload_posts',
};
const PRELOAD_COLLECTED = new Set([...Object.keys(PRELOAD_SETTINGS), 'preload_email_me']);

/** The CDN options' setters, each an `update_option`; a PHP fatal for a value `untrailingslashit` cannot take. */
async function setOssdlOption(run: Run, name: string, value: unknown): Promise<SetterResult | undefined> {
  const { storage } = run.deps;
  const json = value as JsonValue;
  switch (name) {
    case 'ossdl_cname':
    case 'ossdl_off_cdn_url':
    case 'ossdl_off_exclude':
      await storage.setOption(name, json);
      return null;
    case 'ossdl_off_blog_url':
      if (isPhpArray(value)) return FATAL;
      await storage.setOption(name, phpRtrim(toPhpString(value), '/\\'));
      return null;
    case 'ossdl_off_include_dirs':
      await storage.setOption(name, value === null || value === false || value === '' ? 'wp-content,wp-includes' : json);
      return null;
    case 'ossdl_https':
      await storage.setOption(name, toBool(value) ? 1 : 0);
      return null;
    default:
      return undefined;
  }
}

/** `set_value_by_key()`: a map name's setter run on the value; null for a name the map lacks or a setter-less one. */
async function setValueByKey(run: Run, name: string, value: unknown, mapNames: ReadonlySet<string>): Promise<SetterResult> {
  if (!mapNames.has(name)) return null;
  if (TIME_SETTINGS.includes(name)) {
    setOwn(run.post, name, value);
    run.post._time_setting = true;
    return null;
  }
  if (PRELOAD_COLLECTED.has(name)) {
    setOwn(run.post, name, value);
    run.post._preload_setting = true;
    return null;
  }
  const cdn = await setOssdlOption(run, name, value);
  if (cdn !== undefined) return cdn;
  const setter = Object.hasOwn(SETTERS, name) ? SETTERS[name] : undefined;
  const result = setter ? await setter(run, value, name) : null;
  // `if ( ! empty( $has_error ) ) return $has_error; return null;`
  return result === FATAL || result === true || (typeof result === 'string' && result !== '' && result !== '0') ? result : null;
}

/** `save_time_settings()` and `wp_cache_time_update()`: expiry and garbage-collection schedule. */
async function saveTimeSettings(run: Run, parameters: Record<string, unknown>): Promise<void> {
  if (run.post._time_setting !== true) return;
  const { storage } = run.deps;
  const post = run.post;
  for (const name of TIME_SETTINGS) if (post[name] === undefined || post[name] === null) post[name] = globalOf(run.config, name) ?? null;
  if (
    parameters.cache_gc_email_me !== undefined &&
    parameters.cache_gc_email_me !== null &&
    looseEqualsNumber(parameters.cache_gc_email_me, 0)
  ) {
    delete post.cache_gc_email_me;
  }
  if (!isSet(run.config, 'cache_schedule_type')) write(run, 'cache_schedule_type', 'interval');
  if (!isSet(run.config, 'cache_scheduled_time')) write(run, 'cache_scheduled_time', '00:00');
  if (!isSet(run.config, 'cache_max_time')) write(run, 'cache_max_time', 3600);
  if (!isSet(run.config, 'cache_time_interval')) write(run, 'cache_time_interval', toPhpString(run.config.cache_max_time));
  if (post.cache_max_time !== null) {
    write(run, 'cache_max_time', toInt(post.cache_max_time));
    if ((await storage.nextScheduled('wp_cache_gc_watcher')) === false) {
      await storage.schedule('wp_cache_gc_watcher', run.now + 600, { schedule: 'hourly', interval: 3600 });
    }
  }
  write(run, 'cache_gc_email_me', post.cache_gc_email_me !== undefined && post.cache_gc_email_me !== null ? 1 : 0);
  await storage.unschedule('wp_cache_gc');
  const type = post.cache_schedule_type;
  if ((type === 'interval' || type === true) && post.cache_time_interval !== null) {
    const interval = toInt(post.cache_time_interval) === 0 ? 600 : toInt(post.cache_time_interval);
    write(run, 'cache_schedule_type', 'interval');
    // The plugin writes this one global quoted, so it reads back as a string.
    write(run, 'cache_time_interval', String(interval));
    await storage.schedule('wp_cache_gc', run.now + interval, undefined);
    return;
  }
  const given = post.cache_scheduled_time;
  const time = typeof given === 'string' && /^[0-9][0-9]:[0-9][0-9]$/.test(given) ? given : '00:00';
  const wanted = post.cache_schedule_interval;
  const schedule =
    typeof wanted === 'string' && Object.hasOwn(CRON_SCHEDULES, wanted)
      ? wanted
      : toPhpString(globalOf(run.config, 'cache_schedule_interval') ?? 'daily');
  write(run, 'cache_schedule_type', 'time');
  write(run, 'cache_schedule_interval', schedule);
  write(run, 'cache_scheduled_time', time);
  const [hours, minutes] = time.split(':').map(Number);
  const day = new Date(run.now * 1000);
  const at = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hours, minutes) / 1000;
  await storage.schedule('wp_cache_gc', at, { schedule, interval: CRON_SCHEDULES[schedule] ?? 86400 });
}

/** `wpsc_reset_preload_counter()`. */
export async function resetPreloadCounter(storage: BoundStorage<PageCacheStorage>, now: number): Promise<void> {
  await storage.setOption('preload_cache_counter', { c: 0, t: now });
}

/** `save_preload_settings()` and `wpsc_preload_settings()`: the preload options and its schedule. */
async function savePreloadSettings(run: Run): Promise<void> {
  if (run.post._preload_setting !== true) return;
  const { storage } = run.deps;
  const post: Record<string, unknown> = {};
  for (const [key, original] of Object.entries(PRELOAD_SETTINGS)) {
    const given = run.post[key];
    if (given === undefined || given === null) post[original] = globalOf(run.config, original) ?? null;
    else if (key === 'preload_interval' || (given !== 0 && given !== false)) post[original] = given;
  }
  const isset = (name: string) => post[name] !== undefined && post[name] !== null;
  let reschedule = false;
  const interval = post.wp_cache_preload_interval;
  if (isset('wp_cache_preload_interval') && (looseEqualsNumber(interval, 0) || (isNumeric(interval) && Number(interval) >= 10))) {
    if (toInt(interval) !== toInt(run.config.wp_cache_preload_interval)) reschedule = true;
    write(run, 'wp_cache_preload_interval', toInt(interval));
  }
  write(run, 'wp_cache_preload_posts', post.wp_cache_preload_posts === 'all' ? 'all' : toInt(post.wp_cache_preload_posts));
  const volume = post.wp_cache_preload_email_volume;
  const emailVolume = typeof volume === 'string' && ['none', 'less', 'medium', 'many'].includes(volume) ? volume : 'none';
  write(run, 'wp_cache_preload_email_volume', emailVolume);
  write(run, 'wp_cache_preload_email_me', emailVolume === 'none' ? 0 : 1);
  write(run, 'wp_cache_preload_taxonomies', isset('wp_cache_preload_taxonomies') ? 1 : 0);
  const on = isset('wp_cache_preload_on') ? 1 : 0;
  write(run, 'wp_cache_preload_on', on);
  let next = await storage.nextScheduled('wp_cache_full_preload_hook');
  const should = on === 1 && toInt(run.config.wp_cache_preload_interval) > 0;
  if (next !== false && (!should || reschedule)) {
    await resetPreloadCounter(storage, run.now);
    await storage.unschedule('wp_cache_full_preload_hook');
    next = false;
  }
  if (next === false && should) {
    await storage.schedule('wp_cache_full_preload_hook', run.now + toInt(run.config.wp_cache_preload_interval) * 60, undefined);
  }
}

const DEBUG_SETTINGS = [
  'wp_super_cache_debug',
  'wp_cache_debug_ip',
  'wp_super_cache_comments',
  'wp_super_cache_front_page_check',
  'wp_super_cache_front_page_clear',
  'wp_super_cache_front_page_text',
  'wp_super_cache_front_page_notification',
  'wpsc_delete_log',
];

/**
 * `set_debug_settings()` and `wpsc_update_debug_settings()`. As in the plugin, a debug setting
 * left out of a request that names another is filled from its current value, which `isset()`
 * then reads as on.
 */
async function saveDebugSettings(run: Run, parameters: Record<string, unknown>): Promise<void> {
  const post: Record<string, unknown> = {};
  let debugGiven = false;
  for (const name of DEBUG_SETTINGS) {
    const given = parameters[name];
    if (given !== undefined && given !== null) {
      if (toBool(given)) post[name] = given;
      debugGiven = true;
    } else post[name] = globalOf(run.config, name) ?? 0;
  }
  const isset = (name: string) => post[name] !== undefined && post[name] !== null;
  const strip = (text: unknown) => escHtml(toPhpString(text).replace(/[ <>'"\r\n\t()$[\];#]/g, ''));
  if (!isSet(run.config, 'wp_cache_debug_log') || run.config.wp_cache_debug_log === '')
    write(run, 'wp_cache_debug_log', `${randomHex(16)}.php`);
  write(run, 'wp_super_cache_debug', isset('wp_super_cache_debug') && looseEqualsNumber(post.wp_super_cache_debug, 1) ? 1 : 0);
  if (!debugGiven) return;
  write(run, 'wp_super_cache_comments', isset('wp_super_cache_comments') ? 1 : 0);
  write(run, 'wp_cache_debug_ip', isset('wp_cache_debug_ip') && isIpAddress(post.wp_cache_debug_ip) ? strip(post.wp_cache_debug_ip) : '');
  write(run, 'wp_super_cache_front_page_check', isset('wp_super_cache_front_page_check') ? 1 : 0);
  write(run, 'wp_super_cache_front_page_clear', isset('wp_super_cache_front_page_clear') ? 1 : 0);
  write(run, 'wp_super_cache_front_page_text', isset('wp_super_cache_front_page_text') ? strip(post.wp_super_cache_front_page_text) : '');
  write(run, 'wp_super_cache_front_page_notification', isset('wp_super_cache_front_page_notification') ? 1 : 0);
  if (run.config.wp_super_cache_front_page_check === 1 && (await run.deps.storage.nextScheduled('wp_cache_check_site_hook')) === false) {
    await run.deps.storage.schedule('wp_cache_check_site_hook', run.now + 360, undefined);
  }
}

/** `toggle_easy_caching()`: on turns both caches on; off turns caching off and its schedules with it. */
async function toggleEasyCaching(run: Run, enabled: boolean, mapNames: ReadonlySet<string>): Promise<void> {
  let settings: Array<[string, unknown]>;
  if (enabled) {
    // The plugin names globals here, most of which are not map names and so change nothing.
    settings = [
      ['wp_cache_mobile_enabled', 1],
      ['is_cache_enabled', 1],
      ['cache_rebuild_files', 1],
      ['cache_compression', 0],
      ['wp_cache_not_logged_in', 2],
    ];
    await cacheEnable(run);
    if (!toBool(run.config.super_cache_enabled)) write(run, 'super_cache_enabled', true);
    await setDefaultGc(run, false);
  } else {
    await cacheDisable(run);
    settings = [['is_cache_enabled', 0]];
    for (const hook of ['wp_cache_check_site_hook', 'wp_cache_gc', 'wp_cache_gc_watcher'] as const) await run.deps.storage.unschedule(hook);
  }
  for (const [name, value] of settings) await setValueByKey(run, name, value, mapNames);
  await setValueByKey(run, 'cache_compression', looseEqualsNumber(run.config.cache_compression, 1) ? 1 : 0, mapNames);
}

/**
 * Runs a `POST /settings` body over the stored globals and saves what changed. Answers the
 * errors array the plugin answers (one entry for each key whose setter gave no `true`: null, or
 * its message), `{errors: null}` when there is none, or `{fatal: true}` where PHP would stop.
 */
export async function updateSettings(
  json: unknown,
  mapNames: ReadonlySet<string>,
  deps: SettingsUpdateDeps,
): Promise<SettingsUpdateResult> {
  const run: Run = {
    deps,
    config: { ...(await deps.storage.readConfig()) },
    changes: {},
    post: {},
    now: Math.floor(Date.now() / 1000),
  };
  const parameters: Record<string, unknown> = isPhpArray(json) ? Object.fromEntries(Object.entries(json)) : {};
  const present = (name: string) => parameters[name] !== undefined && parameters[name] !== null;
  try {
    if (present('easy')) {
      await toggleEasyCaching(run, toBool(parameters.easy), mapNames);
      return { errors: null };
    }
    if (present('reset')) {
      const secret: WpCacheConfig = { cache_page_secret: randomHex(16) };
      run.config = { ...freshConfig(), ...secret };
      run.changes = {};
      await setDefaultGc(run, true);
      await deps.storage.resetConfig({ ...secret, ...run.changes });
      run.changes = {};
      return { errors: null };
    }
    // Lists beyond the caps refuse the whole body before any setter runs, so nothing of it is saved.
    const refused = rejectedListErrors(parameters);
    if (refused.length > 0) return { errors: refused };
    const errors: Array<string | null> = [];
    for (const [name, value] of Object.entries(parameters)) {
      const result = await setValueByKey(run, name, value, mapNames);
      if (result === FATAL) return { fatal: true };
      if (result !== true) errors.push(result);
    }
    await saveTimeSettings(run, parameters);
    await savePreloadSettings(run);
    await saveDebugSettings(run, parameters);
    return errors.length > 0 ? { errors } : { errors: null };
  } finally {
    if (Object.keys(run.changes).length > 0) await deps.storage.mergeConfig(run.changes);
  }
}
