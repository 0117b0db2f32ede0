/**
 * WordPress's message formatting: `wp_sprintf`'s `%l` lists, `_n` plurals,
 * `number_format_i18n`, `%d`, and how enum values print.
 */
import { isScalar, phpJsonEncode, toInt, toPhpString } from '../php/values.js';

/** `wp_sprintf_l`: `a`, `a and b`, `a, b, and c`. */
export function formatList(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1] as string}`;
}

/** `_n` in English: the singular form only for exactly one. */
export function plural(count: unknown, singular: string, pluralForm: string): string {
  return toInt(count) === 1 ? singular : pluralForm;
}

/** `number_format_i18n` in English: rounded, with `,` between thousands. */
export function formatCount(value: unknown): string {
  const n = Math.round(Math.abs(Number(value)));
  const digits = Number.isFinite(n) ? String(n) : '0';
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return Number(value) <= -0.5 ? `-${grouped}` : grouped;
}

/** `sprintf('%d', $value)`. */
export function formatInt(value: unknown): string {
  return String(toInt(value));
}

/** How `rest_validate_enum` prints an allowed value: scalars as PHP strings, the rest as JSON. */
export function formatEnumValue(value: unknown): string {
  return isScalar(value) ? toPhpString(value) : phpJsonEncode(value);
}
