/**
 * Yoast SEO's settings as its options helper reads them (`YoastSEO()->helpers->options->get`):
 * one key looked up in `wpseo_titles`, `wpseo_social` and `wpseo`, else Yoast 28.1's default for
 * it (`WPSEO_Option_Titles` with its translated and per-type defaults, `WPSEO_Option_Social`,
 * `WPSEO_Option_Wpseo`); the defaults of the keys the configuration group writes are the options
 * helper's own (`wpseo-options.ts`), so each default is written once.
 */
import { isPlainObject } from '../../core/own-property.js';
import type { JsonValue } from '../../store/types.js';
import { wpseoDefault } from './wpseo-options.js';

/** The three option objects, as stored (a stored value that is not an object counts as none). */
export interface YoastSettings {
  /** `wpseo_titles`. */
  titles: Readonly<Record<string, JsonValue>>;
  /** `wpseo_social`. */
  social: Readonly<Record<string, JsonValue>>;
  /** `wpseo`. */
  wpseo: Readonly<Record<string, JsonValue>>;
}

/** The option names {@link YoastSettings} is read from. */
export const SETTINGS_OPTIONS = ['wpseo_titles', 'wpseo_social', 'wpseo'] as const;

/** The settings from the three options' stored values, in {@link SETTINGS_OPTIONS} order. */
export function yoastSettings(values: readonly (JsonValue | undefined)[]): YoastSettings {
  const object = (value: JsonValue | undefined): Record<string, JsonValue> => (isPlainObject(value) ? value : {});
  return { titles: object(values[0]), social: object(values[1]), wpseo: object(values[2]) };
}

/** Defaults of the fixed keys the head reads that the options helper (`wpseo-options.ts`) does not declare. */
const FIXED_DEFAULTS: Readonly<Record<string, JsonValue>> = {
  separator: 'sc-dash',
  'title-home-wpseo': '%%sitename%% %%page%% %%sep%% %%sitedesc%%',
  'title-404-wpseo': 'Page not found %%sep%% %%sitename%%',
  'metadesc-home-wpseo': '',
  'breadcrumbs-home': 'Home',
  'breadcrumbs-404crumb': 'Error 404: Page not found',
  'breadcrumbs-enable': true,
  alternate_website_name: '',
  company_alternate_name: '',
  open_graph_frontpage_title: '%%sitename%%',
  open_graph_frontpage_desc: '',
  'disable-author': false,
  opengraph: true,
  twitter: true,
  enable_enhanced_slack_sharing: true,
};

/** Defaults Yoast derives per post type, taxonomy or archive from the key's prefix. */
function derivedDefault(key: string): JsonValue | undefined {
  if (key.startsWith('title-tax-')) return '%%term_title%% Archives %%page%% %%sep%% %%sitename%%';
  if (key.startsWith('title-ptarchive-')) return '%%pt_plural%% Archive %%page%% %%sep%% %%sitename%%';
  if (key.startsWith('noindex-tax-')) return key === 'noindex-tax-post_format';
  if (key.startsWith('schema-page-type-')) return 'WebPage';
  if (key.startsWith('schema-article-type-')) return key === 'schema-article-type-post' ? 'Article' : 'None';
  if (key.startsWith('title-')) return '%%title%% %%page%% %%sep%% %%sitename%%';
  if (key.startsWith('metadesc-') || key.startsWith('bctitle-ptarchive-')) return '';
  if (key.startsWith('noindex-')) return false;
  return undefined;
}

/** A setting's stored value, else its default; undefined when Yoast has none. */
export function setting(settings: YoastSettings, key: string): JsonValue | undefined {
  for (const option of [settings.titles, settings.social, settings.wpseo]) if (Object.hasOwn(option, key)) return option[key];
  return Object.hasOwn(FIXED_DEFAULTS, key) ? FIXED_DEFAULTS[key] : (wpseoDefault(key) ?? derivedDefault(key));
}

/** A setting as text: strings as they are, numbers written out, anything else empty. */
export function textSetting(settings: YoastSettings, key: string): string {
  const value = setting(settings, key);
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** `$options->get_title_default( $key )`: Yoast's default template for a title key, `''` when none. */
export function titleDefault(key: string): string {
  const value = Object.hasOwn(FIXED_DEFAULTS, key) ? FIXED_DEFAULTS[key] : derivedDefault(key);
  return typeof value === 'string' ? value : '';
}

/** The separators Yoast offers (`get_separator_option_list`), as `%%sep%%` prints them. */
const SEPARATORS: Readonly<Record<string, string>> = {
  'sc-dash': '-',
  'sc-ndash': '&#8211;',
  'sc-mdash': '&#8212;',
  'sc-colon': ':',
  'sc-middot': '&#183;',
  'sc-bull': '&#8226;',
  'sc-star': '*',
  'sc-smstar': '&#8902;',
  'sc-pipe': '|',
  'sc-tilde': '~',
  'sc-laquo': '&#171;',
  'sc-raquo': '&#187;',
  'sc-lt': '&#062;',
  'sc-gt': '&#060;',
};

/** `get_title_separator`: the chosen separator, the default's (`-`) for an unknown choice. */
export function titleSeparator(settings: YoastSettings): string {
  const chosen = textSetting(settings, 'separator');
  return Object.hasOwn(SEPARATORS, chosen) ? SEPARATORS[chosen]! : '-';
}
