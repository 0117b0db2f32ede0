import { setOwn } from '../own-property.js';
import { isIntegerKey } from './values.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Nesting deeper than this is refused: PHP's own limit is 4096, WordPress's values nest a few levels. */
const MAX_DEPTH = 512;

/** Thrown inside {@link phpUnserialize}'s reader: the text is no serialized value it reads. */
class NotSerialized extends Error {}

/** A reader over the value's UTF-8 bytes: PHP's string lengths count bytes. */
interface Cursor {
  bytes: Uint8Array;
  at: number;
}

/** The text up to (not including) the next `stop` byte; the cursor moves past `stop`. */
function readUntil(cursor: Cursor, stop: number): string {
  const end = cursor.bytes.indexOf(stop, cursor.at);
  if (end < 0) throw new NotSerialized();
  const text = decoder.decode(cursor.bytes.subarray(cursor.at, end));
  cursor.at = end + 1;
  return text;
}

function expect(cursor: Cursor, byte: number): void {
  if (cursor.bytes[cursor.at] !== byte) throw new NotSerialized();
  cursor.at += 1;
}

const INTEGER = /^[+-]?[0-9]+$/;
const FLOAT = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
const COLON = 0x3a;
const SEMICOLON = 0x3b;
const QUOTE = 0x22;
const OPEN = 0x7b;
const CLOSE = 0x7d;

function readInteger(text: string): number {
  if (!INTEGER.test(text)) throw new NotSerialized();
  return Number(text);
}

/** One value at the cursor: `s`, `i`, `d`, `b`, `N` and `a`; objects and references are not read. */
function readValue(cursor: Cursor, depth: number): unknown {
  const type = String.fromCharCode(cursor.bytes[cursor.at] ?? 0);
  cursor.at += 1;
  if (type === 'N') {
    expect(cursor, SEMICOLON);
    return null;
  }
  expect(cursor, COLON);
  switch (type) {
    case 'i':
      return readInteger(readUntil(cursor, SEMICOLON));
    case 'd': {
      const text = readUntil(cursor, SEMICOLON);
      if (!FLOAT.test(text)) throw new NotSerialized();
      // JSON keeps finite numbers only: PHP's NAN and INF (which FLOAT refuses) have no place in a stored value.
      const n = Number(text);
      if (!Number.isFinite(n)) throw new NotSerialized();
      return n;
    }
    case 'b': {
      const text = readUntil(cursor, SEMICOLON);
      if (text !== '0' && text !== '1') throw new NotSerialized();
      return text === '1';
    }
    case 's': {
      const length = readInteger(readUntil(cursor, COLON));
      expect(cursor, QUOTE);
      const end = cursor.at + length;
      if (length < 0 || end > cursor.bytes.length) throw new NotSerialized();
      const text = decoder.decode(cursor.bytes.subarray(cursor.at, end));
      cursor.at = end;
      expect(cursor, QUOTE);
      expect(cursor, SEMICOLON);
      return text;
    }
    case 'a':
      return readArray(cursor, readInteger(readUntil(cursor, COLON)), depth + 1);
    default:
      throw new NotSerialized();
  }
}

/** An array of `count` pairs: a list when its keys are 0, 1, 2…, else a record. */
function readArray(cursor: Cursor, count: number, depth: number): unknown {
  // Each pair takes at least 8 bytes (`i:0;N;`), so a count beyond the bytes left is a lie.
  if (depth > MAX_DEPTH || count < 0 || count > cursor.bytes.length - cursor.at) throw new NotSerialized();
  expect(cursor, OPEN);
  const keys: string[] = [];
  const values: unknown[] = [];
  for (let i = 0; i < count; i += 1) {
    const key = readValue(cursor, depth);
    if (typeof key !== 'string' && typeof key !== 'number') throw new NotSerialized();
    keys.push(String(key));
    values.push(readValue(cursor, depth));
  }
  expect(cursor, CLOSE);
  if (keys.every((key, index) => key === String(index))) return values;
  const record: Record<string, unknown> = {};
  keys.forEach((key, index) => setOwn(record, isIntegerKey(key) ? String(Number(key)) : key, values[index]));
  return record;
}

/**
 * WordPress's `maybe_unserialize` for what a WXR file holds in a meta value: a value PHP's
 * `serialize()` wrote (strings, ints, floats, booleans, null, arrays) read back as JS holds it
 * (arrays with keys 0, 1, 2… as lists, others as plain objects); any other text, or a serialized
 * object (which WordPress would instantiate), is answered unchanged. Linear in the text's length.
 */
export function phpUnserialize(text: string): unknown {
  const first = text[0];
  if (text.length < 2 || first === undefined || !'sidbNa'.includes(first) || (text[1] !== ':' && text !== 'N;')) return text;
  const cursor: Cursor = { bytes: encoder.encode(text.trim()), at: 0 };
  try {
    const value = readValue(cursor, 0);
    return cursor.at === cursor.bytes.length ? value : text;
  } catch (error) {
    if (error instanceof NotSerialized) return text;
    throw error;
  }
}
