/**
 * Reading SEOPress's option arrays: `seopress_titles_option_name` (separator, templates and
 * robots per post type and taxonomy) and `seopress_social_option_name` (Open Graph and X cards).
 */
import { isPlainObject } from '../../core/own-property.js';
import { isEmpty, toPhpString } from '../../core/php/values.js';
import type { JsonValue } from '../../store/types.js';

/** An option array as stored; anything that is not an object reads as empty. */
export type OptionArray = { readonly [key: string]: JsonValue };

/** An option value as an option array (`[]` when absent or not one). */
export function asOptionArray(value: JsonValue | undefined): OptionArray {
  return isPlainObject(value) ? value : {};
}

/** A member of an option array, or undefined. */
function member(array: OptionArray, key: string): JsonValue | undefined {
  return Object.hasOwn(array, key) ? array[key] : undefined;
}

/** A member as text (`''` when absent or not a scalar). */
export function text(array: OptionArray, key: string): string {
  const value = member(array, key);
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Whether a member is set (PHP's `! empty()`, as SEOPress's `TitleOption` getters test them). */
export const isOn = (array: OptionArray, key: string): boolean => !isEmpty(member(array, key));

/** The templates and robots settings of a post type (`seopress_titles_single_titles`) or a taxonomy (`seopress_titles_tax_titles`). */
export function entryOf(
  titles: OptionArray,
  list: 'seopress_titles_single_titles' | 'seopress_titles_tax_titles',
  name: string,
): OptionArray {
  return asOptionArray(member(asOptionArray(member(titles, list)), name));
}

/** A meta or option value as text (`get_post_meta( …, true )`), `''` for none or a non-scalar. */
export const textOf = (value: JsonValue | undefined): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? toPhpString(value) : '';
