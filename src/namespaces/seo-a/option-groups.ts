// SEOPress's settings routes: which options each `options/{group}` answers, how it merges them,
// the license key as shown, and the role names.
import { isPhpArray, phpKeys } from '../../core/php/values.js';
import type { JsonValue } from '../../store/types.js';

/** The option each `options/{group}` answers (several merged, in order), or `null` for the shop group. */
export const OPTION_GROUPS: Record<string, readonly string[] | null> = {
  'advanced-settings': ['seopress_advanced_option_name'],
  'analytics-settings': ['seopress_google_analytics_option_name'],
  'bot-settings': ['seopress_bot_option_name'],
  'dashboard-settings': ['seopress_dashboard_option_name', 'seopress_toggle', 'seopress_notices'],
  'indexing-settings': ['seopress_instant_indexing_option_name', 'seopress_instant_indexing_log_option_name'],
  'license-settings': ['seopress_pro_license_key'],
  'pro-settings': ['seopress_pro_option_name'],
  'sitemaps-settings': ['seopress_xml_sitemap_option_name'],
  'social-settings': ['seopress_social_option_name'],
  'titles-settings': ['seopress_titles_option_name'],
  'shop-settings': null,
};

/** A license key as `license-settings` shows it: masked but its last 4 characters. */
export function maskLicenseKey(key: string): string {
  const chars = [...key];
  const shown = Math.min(4, chars.length);
  return '*'.repeat(chars.length - shown) + chars.slice(chars.length - shown).join('');
}

/**
 * Option arrays merged as SEOPress 9.6's `Options/*Settings::processGet` merges them (`foreach (
 * $options as $key => $value ) $data[ $key ] = $value;` per option): a later key replaces an
 * earlier one's value in its place, a value that is not an array adds nothing (PHP warns and goes on), and the result
 * is a JSON list when its keys are 0, 1, … in order, as `json_encode` writes a PHP array.
 */
export function mergedOptions(values: ReadonlyArray<JsonValue | undefined>): JsonValue {
  const data = new Map<string, JsonValue>();
  for (const value of values) {
    if (!isPhpArray(value)) continue;
    const members = value as Record<string, JsonValue>;
    for (const key of phpKeys(value)) data.set(key, members[key]!);
  }
  let index = 0;
  for (const key of data.keys()) if (key !== String(index++)) return Object.fromEntries(data);
  return [...data.values()];
}
