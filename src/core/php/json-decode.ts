/**
 * PHP's `json_decode($body, true)` as WordPress's `parse_json_params()` runs it: the same values,
 * the same `json_last_error()` codes and messages (depth, control characters, malformed UTF-8,
 * unpaired surrogates).
 */
import { utf8Bytes } from './strings.js';

/** PHP's `json_decode` default depth; PHP counts the top level, so 511 nested containers fit. */
const JSON_MAX_DEPTH = 512;

const JSON_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  1: 'Maximum stack depth exceeded',
  2: 'State mismatch (invalid or malformed JSON)',
  3: 'Control character error, possibly incorrectly encoded',
  4: 'Syntax error',
  5: 'Malformed UTF-8 characters, possibly incorrectly encoded',
  10: 'Single unpaired UTF-16 surrogate in unicode escape',
};

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const TOKEN_VALUE = 1;
const TOKEN_STRING = 2;
const TOKEN_END = 3;

function isDigit(c: number | undefined): c is number {
  return c !== undefined && c >= 48 && c <= 57;
}

function isHexByte(c: number | undefined): c is number {
  return c !== undefined && ((c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102));
}

function inRange(c: number | undefined, low: number, high: number): boolean {
  return c !== undefined && c >= low && c <= high;
}

/** Length of the well-formed UTF-8 sequence at `i` (PHP's scanner rules), 0 when malformed. */
function utf8Length(b: Uint8Array, i: number): number {
  const c = b[i] ?? 0;
  const tail = (k: number) => inRange(b[i + k], 0x80, 0xbf);
  if (c < 0x80) return 1;
  if (c >= 0xc2 && c <= 0xdf) return tail(1) ? 2 : 0;
  if (c === 0xe0) return inRange(b[i + 1], 0xa0, 0xbf) && tail(2) ? 3 : 0;
  if (c === 0xed) return inRange(b[i + 1], 0x80, 0x9f) && tail(2) ? 3 : 0;
  if (c >= 0xe1 && c <= 0xef) return tail(1) && tail(2) ? 3 : 0;
  if (c === 0xf0) return inRange(b[i + 1], 0x90, 0xbf) && tail(2) && tail(3) ? 4 : 0;
  if (c >= 0xf1 && c <= 0xf3) return tail(1) && tail(2) && tail(3) ? 4 : 0;
  if (c === 0xf4) return inRange(b[i + 1], 0x80, 0x8f) && tail(2) && tail(3) ? 4 : 0;
  return 0;
}

/** `\uXXXX` at `i` (pointing at the backslash), or -1. */
function unicodeEscape(b: Uint8Array, i: number): number {
  if (b[i] !== 92 || b[i + 1] !== 117) return -1;
  let code = 0;
  for (let k = 2; k < 6; k++) {
    const c = b[i + k];
    if (!isHexByte(c)) return -1;
    code = code * 16 + (c <= 57 ? c - 48 : (c | 32) - 87);
  }
  return code;
}

/**
 * PHP's JSON scanner and parser (`json_scanner.re`, `json_parser.y`) as a validator: the
 * `json_last_error()` code `json_decode($bytes, true)` ends with, 0 when it decodes.
 * Only run on bodies `JSON.parse` rejects or that may break a PHP-only limit.
 */
function phpJsonErrorCode(b: Uint8Array): number {
  let i = 0;
  let error = 0;
  const fail = (code: number): number => {
    error = code;
    return 0;
  };

  const scanString = (): number => {
    for (i++; ;) {
      const c = b[i];
      // The end of input is PHP's terminating NUL: a control character.
      if (c === undefined || c < 0x20) return fail(3);
      if (c === 34) {
        i++;
        return TOKEN_STRING;
      }
      if (c === 92) {
        const e = b[i + 1] ?? 0;
        if (e === 34 || e === 92 || e === 47 || e === 98 || e === 102 || e === 110 || e === 114 || e === 116) {
          i += 2;
          continue;
        }
        const code = unicodeEscape(b, i);
        if (code < 0) return fail(4);
        if (code >= 0xd800 && code <= 0xdbff) {
          const low = unicodeEscape(b, i + 6);
          if (low < 0xdc00 || low > 0xdfff) return fail(10);
          i += 12;
        } else if (code >= 0xdc00 && code <= 0xdfff) {
          return fail(10);
        } else {
          i += 6;
        }
        continue;
      }
      const length = utf8Length(b, i);
      if (length === 0) return fail(5);
      i += length;
    }
  };

  const scanNumber = (): number => {
    if (b[i] === 45) i++;
    if (!isDigit(b[i])) return fail(4);
    if (b[i] === 48) i++;
    else while (isDigit(b[i])) i++;
    if (b[i] === 46 && isDigit(b[i + 1])) {
      i += 2;
      while (isDigit(b[i])) i++;
    }
    if (b[i] === 101 || b[i] === 69) {
      let j = i + 1;
      if (b[j] === 43 || b[j] === 45) j++;
      if (isDigit(b[j])) {
        i = j + 1;
        while (isDigit(b[i])) i++;
      }
    }
    return TOKEN_VALUE;
  };

  const literal = (word: string): boolean => {
    for (let k = 0; k < word.length; k++) if (b[i + k] !== word.charCodeAt(k)) return false;
    i += word.length;
    return true;
  };

  /** The next token: a punctuation byte, TOKEN_*, or 0 with `error` set. */
  const next = (): number => {
    for (;;) {
      const c = b[i];
      if (c === undefined) return TOKEN_END;
      if (c === 32 || c === 9 || c === 10 || c === 13) {
        i++;
        continue;
      }
      if (c === 123 || c === 125 || c === 91 || c === 93 || c === 58 || c === 44) {
        i++;
        return c;
      }
      if (c === 34) return scanString();
      if (c === 45 || isDigit(c)) return scanNumber();
      if (literal('null') || literal('true') || literal('false')) return TOKEN_VALUE;
      // A stray NUL before the end is a control character too.
      if (c < 0x20) return fail(3);
      return fail(utf8Length(b, i) > 0 ? 4 : 5);
    }
  };

  // Parser states.
  const VALUE = 0; // a value must follow
  const ARRAY_FIRST = 1; // after '[': a value or ']'
  const OBJECT_FIRST = 2; // after '{': a key or '}'
  const KEY = 3; // after ',' in an object
  const COLON = 4; // after a key
  const AFTER = 5; // after a complete value
  const open: number[] = [];
  let state = VALUE;
  for (;;) {
    const token = next();
    if (token === 0) return error;
    const inside = open[open.length - 1];
    switch (state) {
      case VALUE:
      case ARRAY_FIRST:
        if (token === TOKEN_VALUE || token === TOKEN_STRING) state = AFTER;
        else if (token === 123 || token === 91) {
          // PHP's depth starts at 1 for the top level.
          if (open.length + 1 >= JSON_MAX_DEPTH) return 1;
          open.push(token);
          state = token === 123 ? OBJECT_FIRST : ARRAY_FIRST;
        } else if (state === ARRAY_FIRST && (token === 93 || token === 125)) {
          if (token === 125) return 2;
          open.pop();
          state = AFTER;
        } else return 4;
        break;
      case OBJECT_FIRST:
      case KEY:
        if (token === TOKEN_STRING) state = COLON;
        else if (state === OBJECT_FIRST && (token === 125 || token === 93)) {
          if (token === 93) return 2;
          open.pop();
          state = AFTER;
        } else return 4;
        break;
      case COLON:
        if (token !== 58) return 4;
        state = VALUE;
        break;
      default:
        if (inside === undefined) return token === TOKEN_END ? 0 : 4;
        if (token === 44) state = inside === 91 ? VALUE : KEY;
        else if (token === 93 || token === 125) {
          if ((token === 93) !== (inside === 91)) return 2;
          open.pop();
        } else return 4;
    }
  }
}

/** True when valid JSON `text` nests at least PHP's maximum depth of arrays/objects. */
function nestsTooDeep(text: string): boolean {
  // Cheap necessary condition first: that many containers must be opened somewhere.
  let openers = 0;
  for (const opener of ['[', '{']) {
    for (let at = text.indexOf(opener); at >= 0 && openers < JSON_MAX_DEPTH; at = text.indexOf(opener, at + 1)) openers++;
  }
  if (openers < JSON_MAX_DEPTH) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 91 || c === 123) {
      if (++depth >= JSON_MAX_DEPTH) return true;
    } else if (c === 93 || c === 125) {
      depth--;
    }
  }
  return false;
}

/** What `json_decode` ends with: the value, or the `json_last_error()` code. */
type JsonResult = { ok: true; value: unknown } | { ok: false; code: number };

/**
 * `json_decode($body, true)`. `JSON.parse` does the work; PHP's own scanner only runs where
 * the two can disagree: invalid input (for PHP's error code), invalid UTF-8, deep nesting
 * and `\uD800`-style escapes, which JSON.parse accepts unpaired.
 */
export function phpJsonDecode(body: Uint8Array | string): JsonResult {
  let text: string;
  try {
    text = typeof body === 'string' ? body : strictUtf8.decode(body);
  } catch {
    return { ok: false, code: phpJsonErrorCode(utf8Bytes(body)) || 5 };
  }
  let value: unknown;
  try {
    // No reviver: JSON.parse defines `__proto__` as an own key, never a prototype.
    value = JSON.parse(text);
  } catch {
    return { ok: false, code: phpJsonErrorCode(utf8Bytes(body)) || 4 };
  }
  if (nestsTooDeep(text) || /\\u[dD][89a-fA-F]/.test(text)) {
    const code = phpJsonErrorCode(utf8Bytes(body));
    if (code !== 0) return { ok: false, code };
  }
  return { ok: true, value };
}

/** `json_last_error_msg()` for a `json_last_error()` code. */
export function jsonErrorMessage(code: number): string {
  return JSON_ERROR_MESSAGES[code] ?? 'Syntax error';
}
