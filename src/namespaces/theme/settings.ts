// The `genesis-settings` option as Genesis reads and writes it for its REST routes: which post
// types show singular images, which breadcrumbs are on, and what a PUT may change.
import type { RestError } from '../../core/errors/rest-error.js';
import { isPhpArray, phpCount, phpKeys, toBool, toPhpString } from '../../core/php/values.js';
import { decodeNumericEntities } from '../../core/schema/url.js';
import { setOwn } from '../../core/own-property.js';
import type { JsonValue } from '../../store/types.js';
import type { SettingsObject } from '../option-object.js';
import { tooManySettings } from './errors.js';

/** The option Genesis keeps its settings in (`GENESIS_SETTINGS_FIELD`). */
export const GENESIS_SETTINGS_FIELD = 'genesis-settings';

/** Genesis's theme settings, as stored in {@link GENESIS_SETTINGS_FIELD}. */
export type GenesisSettings = SettingsObject;

/**
 * What Genesis's installer (`insert_default_settings`, on theme activation) writes, in its order,
 * less the three version stamps of an installation. No `show_featured_image_<type>` key: the
 * Customizer's checkboxes default to off.
 */
export const GENESIS_DEFAULT_SETTINGS: GenesisSettings = {
  update: 1,
  update_email_address: '',
  blog_title: 'text',
  style_selection: '',
  site_layout: 'content-sidebar',
  superfish: 0,
  breadcrumb_home: 0,
  breadcrumb_front_page: 0,
  breadcrumb_posts_page: 0,
  breadcrumb_single: 0,
  breadcrumb_page: 0,
  breadcrumb_archive: 0,
  breadcrumb_404: 0,
  breadcrumb_attachment: 0,
  comments_pages: 0,
  comments_posts: 1,
  trackbacks_pages: 0,
  trackbacks_posts: 1,
  content_archive: 'full',
  content_archive_limit: 0,
  content_archive_thumbnail: 0,
  image_size: '',
  image_alignment: 'alignleft',
  posts_nav: 'numeric',
  header_scripts: '',
  footer_scripts: '',
  footer_text:
    '[footer_copyright before="Copyright "] · [footer_childtheme_link before="" after=" on"] [footer_genesis_link url="https://www.studiopress.com/" before=""] · [footer_wordpress_link] · [footer_loginout]',
};

/** Most keys a PUT body may name: Genesis has eight breadcrumb settings and a site a few post types. */
const MAX_SETTINGS_KEYS = 100;

const BREADCRUMB = 'breadcrumb_';
const SINGULAR_IMAGE = 'show_featured_image_';

/**
 * Whether a singular-images setting is on as `genesis_get_option` reads it: a scalar goes through
 * `wp_kses_decode_entities` before PHP's truth test, so `"&#48;"` reads as `"0"`, off.
 */
function singularImageOn(value: JsonValue | undefined): boolean {
  return isPhpArray(value) ? toBool(value) : toBool(decodeNumericEntities(toPhpString(value)));
}

/** `genesis_post_types_with_singular_images_enabled`: the supporting post types, in order, whose setting is on. */
export function singularImagesEnabled(settings: GenesisSettings, postTypes: readonly string[]): string[] {
  return postTypes.filter((type) => singularImageOn(settings[SINGULAR_IMAGE + type]));
}

/** `genesis_breadcrumb_options_enabled`: the `breadcrumb_*` keys whose value PHP reads as true, in the option's order. */
export function breadcrumbsEnabled(settings: GenesisSettings): string[] {
  return Object.keys(settings).filter((key) => key.startsWith(BREADCRUMB) && toBool(settings[key]));
}

/**
 * A PUT's JSON body as the `foreach` over `get_json_params()` walks it: its keys and values, none
 * for a body that is not an object or a list (PHP warns and walks nothing), refused past
 * {@link MAX_SETTINGS_KEYS}.
 */
function bodyEntries(json: unknown): Array<[string, JsonValue]> | RestError {
  if (!isPhpArray(json)) return [];
  if (phpCount(json) > MAX_SETTINGS_KEYS) return tooManySettings(MAX_SETTINGS_KEYS);
  const keys = phpKeys(json);
  // The body is parsed JSON, so its values are JSON values.
  const values = Object.values(json) as JsonValue[];
  return keys.map((key, i) => [key, values[i] as JsonValue]);
}

/** Settings to write, keys as the client named them (`__proto__` a setting like any other). */
function changesOf(entries: Iterable<[string, JsonValue]>): GenesisSettings {
  const changes: GenesisSettings = {};
  for (const [key, value] of entries) setOwn(changes, key, value);
  return changes;
}

/**
 * What a singular-images PUT writes: `show_featured_image_<type>` for each body key that is a
 * supporting post type, the value as sent (Genesis stores it unchecked). Genesis would also store
 * keys of other types, which its answer never lists; they are left out here, so the option keeps
 * only settings something reads.
 */
export function singularImageChanges(json: unknown, postTypes: readonly string[]): GenesisSettings | RestError {
  const entries = bodyEntries(json);
  if (!Array.isArray(entries)) return entries;
  const supported = new Set(postTypes);
  return changesOf(entries.filter(([type]) => supported.has(type)).map(([type, value]) => [SINGULAR_IMAGE + type, value]));
}

/**
 * What a breadcrumbs PUT writes: body keys that start with `breadcrumb_`, as Genesis filters them,
 * and that name a breadcrumb setting the option already has (Genesis's eight, or one a host put
 * there), the value as sent. Genesis would also store new `breadcrumb_*` keys; they are left out,
 * so a client cannot grow the option with keys no screen shows.
 */
export function breadcrumbChanges(json: unknown, settings: GenesisSettings): GenesisSettings | RestError {
  const entries = bodyEntries(json);
  if (!Array.isArray(entries)) return entries;
  return changesOf(entries.filter(([key]) => key.startsWith(BREADCRUMB) && Object.hasOwn(settings, key)));
}
