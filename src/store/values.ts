import { isPlainObject, setOwn } from '../core/own-property.js';
import { StoreError } from './errors.js';
import type { JsonValue } from './types.js';

/**
 * Checks on what a store is given, shared by every backend so they refuse the same values the
 * same way: text without NUL or lone surrogates (PostgreSQL text cannot hold them), MySQL-style dates, whole ids.
 */

const DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * The text itself, or an `invalid_value` StoreError naming `what` when it is not text, holds a NUL,
 * or holds a lone surrogate (PostgreSQL keeps UTF-8, which would silently turn it into U+FFFD).
 */
export function checkText(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new StoreError('invalid_value', `${what} must be text.`);
  if (value.includes('\u0000')) throw new StoreError('invalid_value', `${what} must not contain a NUL character.`);
  if (hasLoneSurrogate(value)) throw new StoreError('invalid_value', `${what} must not contain a lone UTF-16 surrogate.`);
  return value;
}

/** Whether `text` has a high surrogate without its low half, or a low one without its high half. */
function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c > 0xdbff) return true;
    const next = text.charCodeAt(i + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
    i++;
  }
  return false;
}

/**
 * Longest names, in characters, as WordPress's columns hold them (`option_name` 191, `meta_key`
 * 255; a transient's name is 172 once `_transient_timeout_` is added): the SQL backends index them.
 */
const NAME_LIMITS = { 'option name': 191, 'transient name': 172, meta_key: 255, 'counter name': 191 } as const;

/** A name checked as text and against its column's length; too long is an `invalid_value` StoreError. */
export function checkName(value: unknown, kind: keyof typeof NAME_LIMITS): string {
  const name = checkText(value, kind);
  const limit = NAME_LIMITS[kind];
  if (name.length > limit && [...name].length > limit) {
    throw new StoreError('invalid_value', `${kind} must be at most ${limit} characters long.`);
  }
  return name;
}

/**
 * A name prefix to delete by (`deletePrefixed`), checked as a name of its kind; an empty one, which
 * would delete every row, is an `invalid_value` StoreError.
 */
export function checkPrefix(value: unknown, kind: keyof typeof NAME_LIMITS): string {
  const prefix = checkName(value, kind);
  if (prefix === '') throw new StoreError('invalid_value', `A ${kind} prefix to delete by must not be empty.`);
  return prefix;
}

/** The date itself, or an `invalid_value` StoreError when it is not `YYYY-MM-DD HH:MM:SS`. */
export function checkDate(value: unknown, what: string): string {
  if (typeof value !== 'string' || !DATE.test(value)) {
    throw new StoreError('invalid_value', `${what} must be a date written YYYY-MM-DD HH:MM:SS.`);
  }
  return value;
}

/** The number itself, or an `invalid_value` StoreError when it is not a safe integer (≥ 0 unless `signed`). */
export function checkInteger(value: unknown, what: string, signed = false): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || (!signed && value < 0)) {
    throw new StoreError('invalid_value', `${what} must be a whole number${signed ? '' : ' of at least 0'}.`);
  }
  return value;
}

/**
 * An id to look up, filter by, change or delete: a safe whole number ≥ 0 as it is; a whole number
 * beyond that (a client's `?include=99999999999999999999` arrives so) as -1, which no row has, so
 * it finds nothing, as WordPress's query for such an id does; anything else an `invalid_value`
 * StoreError. Ids a row is given (an insert's wanted id, a relationship) stay {@link checkInteger}'s.
 */
export function lookupId(value: unknown, what: string): number {
  if (typeof value === 'number' && Number.isInteger(value) && value > Number.MAX_SAFE_INTEGER) return -1;
  return checkInteger(value, what);
}

/**
 * A deep copy of a JSON value, checked on the way: finite numbers, text without NUL, plain arrays
 * and objects only. Keys are written as own properties (`__proto__` included), so a copy never
 * gains a prototype from the data, and the caller's object and the store's never alias.
 */
export function copyJson(value: unknown, what: string): JsonValue {
  return copyChecked(value, what, 0);
}

/** A deep copy of a value the store checked when it was written: a read needs no second check. */
export function copyStored(value: JsonValue): JsonValue {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyStored);
  const copy: Record<string, JsonValue> = {};
  for (const key of Object.keys(value)) setOwn(copy, key, copyStored(value[key] as JsonValue));
  return copy;
}

// JSON.stringify refuses deeper nesting with a RangeError; a store says so in its own words.
const MAX_DEPTH = 512;

function copyChecked(value: unknown, what: string, depth: number): JsonValue {
  if (depth > MAX_DEPTH) throw new StoreError('invalid_value', `${what} is nested more than ${MAX_DEPTH} levels deep.`);
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'string') return checkText(value, what);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new StoreError('invalid_value', `${what} must hold finite numbers only.`);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => copyChecked(item, what, depth + 1));
  if (isPlainObject(value)) {
    const copy: Record<string, JsonValue> = {};
    for (const key of Object.keys(value)) {
      checkText(key, `A key in ${what}`);
      setOwn(copy, key, copyChecked(value[key], what, depth + 1));
    }
    return copy;
  }
  throw new StoreError('invalid_value', `${what} must be JSON: null, booleans, numbers, text, arrays and plain objects.`);
}

/** Whether two JSON values are deep-equal, object key order aside (as PostgreSQL's jsonb compares). */
export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i] as JsonValue));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && jsonEqual(a[key] as JsonValue, b[key] as JsonValue));
}
