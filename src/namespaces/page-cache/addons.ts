// WP Super Cache's bundled add-ons (`plugins/*.php`), each switched by a `cache_<key>` global:
// the list `/plugins` answers, in the order the plugin loads their files.
import { setOwn } from '../../core/own-property.js';
import { looseEqualsNumber, toInt } from '../../core/php/values.js';
import { CONTENT_DIR, type WpCacheConfig } from './config.js';

/** An add-on as `/plugins` lists it. */
interface Addon {
  key: string;
  url: string;
  title: string;
  desc: string;
  enabled: boolean;
}

/** The add-ons' `wpsc_filter_list` entries. */
const ADDONS: ReadonlyArray<Omit<Addon, 'enabled'>> = [
  {
    key: 'awaitingmoderation',
    url: '',
    title: 'Awaiting Moderation',
    desc: 'Enables or disables plugin to Remove the text "Your comment is awaiting moderation." when someone leaves a moderated comment.',
  },
  {
    key: 'badbehaviour',
    url: 'http://www.bad-behavior.ioerror.us/',
    title: 'Bad Behavior',
    desc: `Support for Bad Behavior. (Only WPCache caching supported, disabled compression and requires Bad Behavior in "${CONTENT_DIR}/plugins/bad-behavior/") `,
  },
  {
    key: 'domain_mapping',
    url: 'https://wordpress.org/plugins/wordpress-mu-domain-mapping/',
    title: 'Domain Mapping',
    desc: 'Provides support for Domain Mapping plugin to map multiple domains to a blog.',
  },
  {
    key: 'jetpack',
    url: 'https://wordpress.org/plugins/jetpack/',
    title: 'Jetpack Mobile Theme',
    desc: 'Provides support for the Jetpack mobile theme and plugin. PHP caching mode and mobile support will be enabled too.',
  },
  {
    key: 'wptouch',
    url: 'https://wordpress.org/plugins/wptouch/',
    title: 'WPTouch',
    desc: 'Provides support for WPTouch mobile theme and plugin.',
  },
];

const KEYS = new Set(ADDONS.map((addon) => addon.key));

/** `wpsc_get_plugin_list()`: the add-ons keyed by id, each on when its `cache_<key>` global is 1. */
export function addonList(config: WpCacheConfig): Record<string, Addon> {
  const list: Record<string, Addon> = {};
  for (const addon of ADDONS) list[addon.key] = { ...addon, enabled: looseEqualsNumber(config[`cache_${addon.key}`], 1) };
  return list;
}

/**
 * `wpsc_update_plugin_list()`: each add-on id of the body set to `(int)` its value. The plugin also
 * takes any key whose `cache_<key>` global exists, so `{"enabled":0}` would switch the cache off
 * and `{"path":1}` overwrite the cache path: only add-on ids are taken here.
 */
export function addonToggles(body: Record<string, unknown>): WpCacheConfig {
  const changes: WpCacheConfig = {};
  for (const [key, enabled] of Object.entries(body)) if (KEYS.has(key)) setOwn(changes, `cache_${key}`, toInt(enabled));
  return changes;
}
