/**
 * WordPress's loose type checks and conversions for REST values (`rest_is_*`,
 * `rest_sanitize_*`, `wp_parse_list`, `rest_get_best_type_for_value`, unique items).
 */
import {
  isNumeric,
  isNumericArray,
  isIntegerKey,
  isPhpArray,
  isPhpInt,
  isScalar,
  numericValue,
  phpCount,
  phpKeyExists,
  phpKeys,
  phpValues,
  toBool,
  toPhpString,
  type PhpArray,
} from '../php/values.js';
import { asciiLower } from '../php/strings.js';
import { SCHEMA_TYPES } from './keywords.js';

/** The types WordPress validates; any other `type` name accepts everything. */
export const BUILT_IN_TYPES: ReadonlySet<string> = new Set(SCHEMA_TYPES);

const LIST_SEPARATOR = /[\t\n\v\f\r ,]+/;

/** `wp_parse_list` of a scalar: its text split on commas and whitespace. */
export function parseList(value: string | number | boolean): string[] {
  return toPhpString(value)
    .split(LIST_SEPARATOR)
    .filter((part) => part !== '');
}

/** `rest_is_integer`: numeric and without a fractional part. */
export function isIntegerLike(value: unknown): boolean {
  const n = numericValue(value);
  return n !== undefined && Math.round(n) === n;
}

const BOOLEAN_STRINGS: ReadonlySet<string> = new Set(['false', 'true', '0', '1']);

/** `rest_is_boolean`: booleans, `0`/`1`, and `true`/`false`/`0`/`1` strings in any case. */
export function isBooleanLike(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value === 'string') return BOOLEAN_STRINGS.has(asciiLower(value));
  if (typeof value === 'number') return isPhpInt(value) && (value === 0 || value === 1);
  return false;
}

/** `rest_sanitize_boolean`. */
export function sanitizeBoolean(value: unknown): boolean {
  if (typeof value === 'string') {
    const lower = asciiLower(value);
    if (lower === 'false' || lower === '0') return false;
  }
  return toBool(value);
}

/** `rest_is_array`: lists, and any scalar (which `wp_parse_list` turns into one). */
export function isArrayLike(value: unknown): boolean {
  return isScalar(value) || isNumericArray(value);
}

/** `rest_sanitize_array`: a scalar as a parsed list, an array's values, else `[]`. */
export function sanitizeArray(value: unknown): unknown[] {
  if (isScalar(value)) return parseList(value);
  return isPhpArray(value) ? phpValues(value) : [];
}

/** `rest_is_object`: any PHP array, and the empty string. */
export function isObjectLike(value: unknown): boolean {
  return value === '' || isPhpArray(value);
}

/** `rest_sanitize_object`: the array itself, or an empty one for anything else. */
export function sanitizeObject(value: unknown): PhpArray {
  return isPhpArray(value) ? value : {};
}

const TYPE_CHECKS: Readonly<Record<string, (value: unknown) => boolean>> = {
  array: isArrayLike,
  object: isObjectLike,
  integer: isIntegerLike,
  number: isNumeric,
  boolean: isBooleanLike,
  string: (value) => typeof value === 'string',
  null: (value) => value === null,
};

/** `rest_get_best_type_for_value`: the first listed type the value fits, or `''`. */
function bestTypeForValue(value: unknown, types: readonly string[]): string {
  // Arrays and objects both accept "", but a string is the better answer.
  if (value === '' && types.includes('string')) return 'string';
  for (const type of types) {
    const check = TYPE_CHECKS[type];
    if (check !== undefined && check(value)) return type;
  }
  return '';
}

/**
 * `rest_handle_multi_type_schema`: the best type, else (for backward compatibility) the
 * first non-built-in type listed, else `''`.
 */
export function handleMultiType(value: unknown, types: readonly string[]): string {
  const best = bestTypeForValue(value, types);
  if (best !== '') return best;
  return types.find((type) => !BUILT_IN_TYPES.has(type)) ?? '';
}

/** `rest_are_values_equal`: JSON Schema equality, ignoring key order of arrays. */
export function valuesEqual(a: unknown, b: unknown): boolean {
  if (isPhpArray(a) && isPhpArray(b)) {
    if (phpCount(a) !== phpCount(b)) return false;
    const aRecord = a as Record<string, unknown>;
    const bRecord = b as Record<string, unknown>;
    for (const key of phpKeys(a)) {
      if (!phpKeyExists(b, key) || !valuesEqual(aRecord[key], bRecord[key])) return false;
    }
    return true;
  }
  return a === b;
}

/** `rest_validate_array_contains_unique_items`, with PHP `serialize` as the identity. */
export function hasUniqueItems(items: readonly unknown[]): boolean {
  const seen = new Set<string>();
  for (const item of items) {
    const key = stableKey(item);
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

/** A string that is equal for two values exactly when PHP's serialized stabilized forms are. */
function stableKey(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `s${JSON.stringify(value)}`;
    case 'number':
      return `${isPhpInt(value) ? 'i' : 'd'}${value}`;
    case 'boolean':
      return value ? 'b1' : 'b0';
    default:
      if (isPhpArray(value)) {
        const keys = phpKeys(value).sort(compareKeys);
        const record = value as Record<string, unknown>;
        return `a{${keys.map((k) => `${JSON.stringify(k)}:${stableKey(record[k])}`).join(',')}}`;
      }
      return 'N';
  }
}

/** A total order for `ksort`'s role here: only sorting equal key sets alike matters. */
function compareKeys(a: string, b: string): number {
  const aInt = isIntegerKey(a);
  const bInt = isIntegerKey(b);
  if (aInt && bInt) return Number(a) - Number(b);
  if (aInt !== bInt) return aInt ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
