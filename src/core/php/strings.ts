/**
 * PHP's string functions WordPress leans on (`trim`, `strtolower`, `mb_strlen`, C's `isspace`),
 * and the two views of a request body PHP does not tell apart: bytes and their UTF-8 text.
 */

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const encoder = new TextEncoder();

/** C's `isspace` in the "C" locale (also PCRE's `\s`). */
export function isCSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/** A body's text, its bytes read as UTF-8 (malformed sequences become U+FFFD). */
export function utf8Text(body: Uint8Array | string): string {
  return typeof body === 'string' ? body : utf8.decode(body);
}

/** A UTF-16 surrogate without its other half (the `u` flag makes a whole pair one code point, never matched). */
const LONE_SURROGATE = /[\ud800-\udfff]/gu;

/** Text as its UTF-8 bytes carry it: a lone surrogate, which has no UTF-8 form, becomes U+FFFD (as `TextEncoder` writes it). */
export function utf8Encodable(text: string): string {
  return text.replace(LONE_SURROGATE, '\ufffd');
}

/** A body's bytes, its text encoded as UTF-8. */
export function utf8Bytes(body: Uint8Array | string): Uint8Array {
  return typeof body === 'string' ? encoder.encode(body) : body;
}

/** Number of code points, as `mb_strlen` counts UTF-8 characters. */
export function mbStrlen(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** PHP's default `trim` character list: space, tab, LF, CR, NUL and vertical tab. */
const PHP_TRIM_CHARS = ' \t\n\r\0\v';

/** PHP `trim($value, $chars)` (a plain character list, no `a..z` ranges), in one pass from each end. */
export function phpTrim(value: string, chars: string = PHP_TRIM_CHARS): string {
  let start = 0;
  let end = value.length;
  while (start < end && chars.includes(value[start]!)) start++;
  while (end > start && chars.includes(value[end - 1]!)) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

/** PHP `ltrim($value, $chars)`. */
export function phpLtrim(value: string, chars: string = PHP_TRIM_CHARS): string {
  let start = 0;
  while (start < value.length && chars.includes(value[start]!)) start++;
  return start === 0 ? value : value.slice(start);
}

/** PHP `rtrim($value, $chars)`. */
export function phpRtrim(value: string, chars: string = PHP_TRIM_CHARS): string {
  let end = value.length;
  while (end > 0 && chars.includes(value[end - 1]!)) end--;
  return end === value.length ? value : value.slice(0, end);
}

/** PHP `strtolower`: ASCII letters only. */
export function asciiLower(value: string): string {
  return value.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}
