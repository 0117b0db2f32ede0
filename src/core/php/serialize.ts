import { isIntegerKey, isPhpArray, isPhpInt, phpKeys } from './values.js';

const encoder = new TextEncoder();

/** A PHP float as `serialize` prints it (`serialize_precision` -1: the shortest form that reads back). */
function phpFloat(n: number): string {
  if (Number.isNaN(n)) return 'NAN';
  if (!Number.isFinite(n)) return n > 0 ? 'INF' : '-INF';
  const [mantissa, exponent] = String(n).split('e');
  if (exponent === undefined) return mantissa!;
  return `${mantissa!.includes('.') ? mantissa : `${mantissa}.0`}E${exponent.startsWith('-') ? exponent : `+${exponent.replace('+', '')}`}`;
}

/** An array key as PHP keeps it: a decimal integer string is an int key. */
function phpKey(key: string): string {
  return isIntegerKey(key) ? `i:${key};` : `s:${encoder.encode(key).length}:"${key}";`;
}

/**
 * PHP's `serialize()` of a value as JS holds PHP's: strings (lengths in UTF-8 bytes), safe
 * integers as ints, other numbers as floats, booleans, null, and lists and plain objects as arrays.
 * Anything else is serialized as null. Linear in the value's size.
 */
export function phpSerialize(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `s:${encoder.encode(value).length}:"${value}";`;
    case 'number':
      return isPhpInt(value) ? `i:${value};` : `d:${phpFloat(value)};`;
    case 'boolean':
      return `b:${value ? 1 : 0};`;
    default: {
      if (!isPhpArray(value)) return 'N;';
      const record = value as Record<string, unknown>;
      const keys = phpKeys(value);
      return `a:${keys.length}:{${keys.map((key) => phpKey(key) + phpSerialize(record[key])).join('')}}`;
    }
  }
}
