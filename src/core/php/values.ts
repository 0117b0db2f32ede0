/**
 * PHP value semantics that WordPress's schema code relies on: what counts as a PHP array,
 * numeric strings, and the `(int)`, `(float)`, `(string)` and `(bool)` casts.
 *
 * JSON and query values arrive as JS values; PHP sees both JS arrays and plain objects as
 * one kind, the PHP array. A JS number stands for a PHP int when it is a safe integer and
 * for a PHP float otherwise, which is as close as JSON.parse lets us get.
 */
import { isPlainObject } from '../own-property.js';
import { phpRtrim } from './strings.js';

/** A PHP array as JS holds it: a list or a string-keyed record. */
export type PhpArray = unknown[] | Record<string, unknown>;

/** True for a JS array or a plain object (what `json_decode($x, true)` makes an array of). */
export function isPhpArray(value: unknown): value is PhpArray {
  return Array.isArray(value) || isPlainObject(value);
}

/** PHP `is_scalar`: strings, numbers and booleans. */
export function isScalar(value: unknown): value is string | number | boolean {
  const t = typeof value;
  return t === 'string' || t === 'number' || t === 'boolean';
}

/** Whether a number would be a PHP int rather than a float. */
export function isPhpInt(n: number): boolean {
  return Number.isSafeInteger(n);
}

/** The keys of a PHP array in order, as strings. */
export function phpKeys(array: PhpArray): string[] {
  return Array.isArray(array) ? array.map((_, i) => String(i)) : Object.keys(array);
}

/** The number of elements of a PHP array. */
export function phpCount(array: PhpArray): number {
  return Array.isArray(array) ? array.length : Object.keys(array).length;
}

/** PHP `array_key_exists` with a string key. */
export function phpKeyExists(array: PhpArray, key: string): boolean {
  if (!Array.isArray(array)) return Object.hasOwn(array, key);
  return isIntegerKey(key) && Number(key) >= 0 && Number(key) < array.length;
}

const INTEGER_KEY = /^(?:0|-?[1-9][0-9]*)$/;

/** Whether PHP turns this string key into an int key (a canonical decimal integer in range). */
export function isIntegerKey(key: string): boolean {
  return INTEGER_KEY.test(key) && Number.isSafeInteger(Number(key));
}

/** WordPress's `wp_is_numeric_array`: a PHP array without string keys. */
export function isNumericArray(value: unknown): value is PhpArray {
  if (!isPhpArray(value)) return false;
  if (Array.isArray(value)) return true;
  for (const key in value) {
    if (!isIntegerKey(key)) return false;
  }
  return true;
}

/** PHP `array_values`. */
export function phpValues(array: PhpArray): unknown[] {
  return Array.isArray(array) ? array.slice() : Object.values(array);
}

const WS = '[ \\t\\n\\r\\v\\f]*';
const NUMBER_BODY = '[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?';
const NUMERIC_STRING = new RegExp(`^${WS}${NUMBER_BODY}${WS}$`);
const LEADING_NUMBER = new RegExp(`^${WS}(${NUMBER_BODY})`);

/** PHP 8 `is_numeric`: numbers, and strings that are numbers with optional surrounding whitespace. */
export function isNumeric(value: unknown): boolean {
  return numericValue(value) !== undefined;
}

/** The number an `is_numeric` value stands for, or undefined when it is not numeric. */
export function numericValue(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  // JS's Number() reads exactly PHP's numeric strings once the pattern has vetted them.
  return typeof value === 'string' && NUMERIC_STRING.test(value) ? Number(value) : undefined;
}

/** PHP `(float)`. */
export function toFloat(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return value;
    case 'string':
      return numericValue(value) ?? leadingNumber(value);
    case 'boolean':
      return value ? 1 : 0;
    default:
      return isPhpArray(value) ? (phpCount(value) > 0 ? 1 : 0) : 0;
  }
}

const TWO_63 = 2 ** 63;

/** PHP's float to int conversion on 64-bit builds: truncation, wrapping out of range, 0 for NaN/INF. */
function floatToInt(d: number): number {
  if (!Number.isFinite(d)) return 0;
  const t = Math.trunc(d);
  if (Number.isSafeInteger(t)) return t || 0;
  return Number(BigInt.asIntN(64, BigInt(t)));
}

/** A numeric string's number as an int: saturating out of range, 0 for INF (`zend_dval_to_lval_cap`). */
function cappedInt(n: number): number {
  if (!Number.isFinite(n)) return 0;
  if (n >= TWO_63) return TWO_63;
  if (n < -TWO_63) return -TWO_63;
  return Math.trunc(n) || 0;
}

/** The number at the start of a string, as PHP's casts read it; 0 when there is none. */
function leadingNumber(value: string): number {
  const m = LEADING_NUMBER.exec(value);
  return m ? Number(m[1]) : 0;
}

/** PHP `(int)`. */
export function toInt(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return floatToInt(value);
    case 'string':
      return cappedInt(numericValue(value) ?? leadingNumber(value));
    case 'boolean':
      return value ? 1 : 0;
    default:
      return isPhpArray(value) ? (phpCount(value) > 0 ? 1 : 0) : 0;
  }
}

/** WordPress's `absint`: `abs( (int) $value )`, a non-negative whole number. */
export function absint(value: unknown): number {
  return Math.abs(toInt(value));
}

/** PHP `(bool)`. */
export function toBool(value: unknown): boolean {
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'number':
      return value !== 0;
    case 'string':
      return value !== '' && value !== '0';
    default:
      if (value === null || value === undefined) return false;
      return isPhpArray(value) ? phpCount(value) > 0 : true;
  }
}

/** PHP's float to string conversion with the default `precision` of 14 (`%.14G`). */
function floatToString(d: number): string {
  if (Number.isNaN(d)) return 'NAN';
  if (!Number.isFinite(d)) return d > 0 ? 'INF' : '-INF';
  if (d === 0) return Object.is(d, -0) ? '-0' : '0';
  const [mantissa = '', exponentText = '0'] = d.toExponential(13).split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const significand = mantissa.replace('-', '').replace('.', '');
  const digits = phpRtrim(significand, '0');
  const sign = negative ? '-' : '';
  if (exponent < -4 || exponent >= 14) {
    const fraction = digits.slice(1) || '0';
    return `${sign}${digits[0]}.${fraction}E${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  const fraction = digits.slice(exponent + 1);
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/** PHP's number to string conversion: ints print as digits, floats as {@link floatToString}. */
function numberToString(n: number): string {
  return isPhpInt(n) ? String(n === 0 ? 0 : n) : floatToString(n);
}

/** PHP `(string)`; arrays become `"Array"` as PHP does (with a notice). */
export function toPhpString(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return numberToString(value);
    case 'boolean':
      return value ? '1' : '';
    default:
      return value === null || value === undefined ? '' : 'Array';
  }
}

/** PHP's `empty()`: missing, null, false, 0, '', '0' or an empty array. */
export function isEmpty(value: unknown): boolean {
  return !toBool(value);
}

/** PHP `json_encode` with default flags: slashes and non-ASCII characters escaped. */
export function phpJsonEncode(value: unknown): string {
  const json = JSON.stringify(value) ?? 'null';
  return json.replace(/[/\u0080-\uffff]/g, (c) => (c === '/' ? '\\/' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** PHP 8's loose `$value == $number`: a numeric string by its number, any other string never, a bool by its truth, null as false. */
export function looseEqualsNumber(value: unknown, number: number): boolean {
  switch (typeof value) {
    case 'number':
      return value === number;
    case 'boolean':
      return value === (number !== 0);
    case 'string':
      return numericValue(value) === number;
    default:
      return value === null || value === undefined ? number === 0 : false;
  }
}
