/**
 * Request variables as PHP registers them (`php_register_variable_ex`, `php_default_treat_data`,
 * `add_post_vars` in php-src 8.2): what WordPress receives in `$_GET`, `$_POST` and from
 * `parse_str()`.
 */
import { setOwn } from '../own-property.js';
import { isCSpace } from './strings.js';

/** A PHP request value: a string, or a PHP array — a JS array when its keys are exactly 0..n-1 in order, else a plain object. */
export type PhpValue = string | PhpValue[] | { [key: string]: PhpValue };

/** PHP's `max_input_vars` default. */
export const MAX_INPUT_VARS = 1000;

/** PHP's `max_input_nesting_level` default. */
const MAX_INPUT_NESTING = 64;

const LONG_MAX = 9223372036854775807n;
const LONG_MIN = -9223372036854775808n;

type PhpNode = string | PhpInputArray;

/**
 * The integer a PHP array key string stands for (`ZEND_HANDLE_NUMERIC_STR`): canonical decimal
 * within 64 bits; `"05"`, `"-0"` and `"+5"` stay strings.
 */
function intKey(key: string): bigint | undefined {
  const n = key.length;
  let i = key.charCodeAt(0) === 45 ? 1 : 0;
  const first = key.charCodeAt(i);
  if (!(first >= 48 && first <= 57)) return undefined;
  if (first === 48) return n === 1 ? 0n : undefined;
  if (n - i > 19) return undefined;
  for (i++; i < n; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
  }
  const value = BigInt(key);
  return value >= LONG_MIN && value <= LONG_MAX ? value : undefined;
}

/** A PHP array being filled the way PHP registers request variables. */
export class PhpInputArray {
  // A Map keeps PHP's key order (a JS object moves integer keys first) and makes `__proto__`
  // an ordinary key.
  private readonly entries = new Map<string, PhpNode>();
  /** PHP's `nNextFreeElement`; undefined until an integer key is used. */
  private next: bigint | undefined;

  /** Registers one variable as `php_register_variable_ex` does; `name` is already percent-decoded. */
  register(name: string, value: string): void {
    const nul = name.indexOf('\0');
    // PHP names are C strings: a decoded NUL ends them.
    const raw = stripLeadingSpaces(nul < 0 ? name : name.slice(0, nul));
    let bracket = -1;
    let mangle = false;
    for (let i = 0; i < raw.length; i++) {
      const c = raw.charCodeAt(i);
      if (c === 91) {
        bracket = i;
        break;
      }
      if (c === 32 || c === 46) mangle = true;
    }
    const plain = bracket < 0 ? raw : raw.slice(0, bracket);
    const top = mangle ? plain.replace(/[ .]/g, '_') : plain;
    if (top === '') return;
    if (bracket >= 0) this.registerNested(raw, top, bracket, value);
    else if (!isForbidden(top, raw)) this.set(top, value);
  }

  /** The public representation of this array as a top-level map of variables. */
  toRecord(): Record<string, PhpValue> {
    return this.toObject();
  }

  /** `array_merge($first, $second)`: later string keys win in place, integer keys are renumbered from 0. */
  static merge(first: PhpInputArray, second: PhpInputArray): PhpInputArray {
    const merged = new PhpInputArray();
    for (const source of [first, second]) {
      for (const [key, node] of source.entries) {
        if (intKey(key) === undefined) merged.set(key, node);
        else merged.append(node);
      }
    }
    return merged;
  }

  private registerNested(raw: string, top: string, firstBracket: number, value: string): void {
    let container: PhpInputArray = this;
    let key: string | null = top;
    let open = firstBracket;
    for (let level = 1; ; level++) {
      if (level > MAX_INPUT_NESTING) {
        this.entries.delete(top);
        return;
      }
      let ip = open + 1;
      if (isCSpace(raw.charCodeAt(ip))) ip++;
      let nextKey: string | null = null;
      let close = ip;
      if (raw.charCodeAt(ip) !== 93) {
        close = raw.indexOf(']', ip);
        if (close < 0) {
          // Not an index: at the top the '[' and the rest become part of the name; deeper, PHP's
          // earlier NUL-terminated ']' cuts the rest off.
          if (level === 1) key = `${top}_${mangleName(raw.slice(open + 1))}`;
          break;
        }
        nextKey = raw.slice(open + 1, close);
      }
      const child: PhpInputArray | undefined =
        key === null ? container.appendArray() : isForbidden(key, raw) ? undefined : container.arrayAt(key);
      if (child === undefined) return;
      container = child;
      key = nextKey;
      if (raw.charCodeAt(close + 1) !== 91) break;
      open = close + 1;
    }
    if (key === null) container.append(value);
    else if (!isForbidden(key, raw)) container.set(key, value);
  }

  /** The array stored at `key`, replacing a string there (in place) or adding a new one. */
  private arrayAt(key: string): PhpInputArray {
    const existing = this.entries.get(key);
    if (existing instanceof PhpInputArray) return existing;
    const created = new PhpInputArray();
    this.set(key, created);
    return created;
  }

  private appendArray(): PhpInputArray | undefined {
    const created = new PhpInputArray();
    return this.append(created) ? created : undefined;
  }

  /** `zend_hash_next_index_insert`: fails when the next index is taken (after PHP_INT_MAX). */
  private append(node: PhpNode): boolean {
    const key = String(this.next ?? 0n);
    if (this.entries.has(key)) return false;
    this.set(key, node);
    return true;
  }

  private set(key: string, node: PhpNode): void {
    this.entries.set(key, node);
    const index = intKey(key);
    if (index !== undefined && (this.next === undefined || index >= this.next)) {
      this.next = index < LONG_MAX ? index + 1n : LONG_MAX;
    }
  }

  private toObject(): Record<string, PhpValue> {
    const out: Record<string, PhpValue> = {};
    for (const [key, node] of this.entries) {
      setOwn(out, key, PhpInputArray.value(node));
    }
    return out;
  }

  private isList(): boolean {
    let i = 0;
    for (const key of this.entries.keys()) {
      if (key !== String(i++)) return false;
    }
    return true;
  }

  private static value(node: PhpNode): PhpValue {
    if (typeof node === 'string') return node;
    return node.isList() ? Array.from(node.entries.values(), PhpInputArray.value) : node.toObject();
  }
}

function stripLeadingSpaces(name: string): string {
  let i = 0;
  while (name.charCodeAt(i) === 32) i++;
  return i === 0 ? name : name.slice(i);
}

/** The rest of an unterminated `[`: PHP variable names cannot hold ' ', '.' or '['. */
function mangleName(rest: string): string {
  return rest.replace(/[ .[]/g, '_');
}

/**
 * php-src's guard against cookie-prefix spoofing (8.2.24+): a key that mangling turned into
 * `__Host-…`/`__Secure-…` drops the whole variable. PHP compares the key with the start of the
 * full raw name, so nested `a[__Host-x]` is dropped too.
 */
function isForbidden(key: string, raw: string): boolean {
  if (key.charCodeAt(0) !== 95) return false;
  return (key.startsWith('__Host-') && !raw.startsWith('__Host-')) || (key.startsWith('__Secure-') && !raw.startsWith('__Secure-'));
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

function hexValue(c: number): number {
  return c <= 57 ? c - 48 : (c | 32) - 87;
}

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const encoder = new TextEncoder();

/**
 * `php_url_decode` byte by byte, for input `decodeURIComponent` rejects: a `%` without two hex
 * digits stays literal, and bytes that are not UTF-8 become U+FFFD.
 */
function decodePercentBytes(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 37 && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2))) {
      bytes.push(hexValue(s.charCodeAt(i + 1)) * 16 + hexValue(s.charCodeAt(i + 2)));
      i += 2;
    } else if (c < 0x80) {
      bytes.push(c);
    } else {
      const cp = s.codePointAt(i) ?? c;
      if (cp > 0xffff) i++;
      for (const b of encoder.encode(String.fromCodePoint(cp))) bytes.push(b);
    }
  }
  return utf8.decode(Uint8Array.from(bytes));
}

/** `php_url_decode`: `+` is a space, `%XX` a byte; the bytes are read as UTF-8. */
export function phpUrlDecode(s: string): string {
  const plus = s.indexOf('+') >= 0;
  const spaced = plus ? s.replaceAll('+', ' ') : s;
  if (s.indexOf('%') < 0) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return decodePercentBytes(spaced);
  }
}

/** `rawurldecode`: `%XX` a byte, `+` kept; the bytes are read as UTF-8. */
export function phpRawUrlDecode(s: string): string {
  if (s.indexOf('%') < 0) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return decodePercentBytes(s);
  }
}

/** How PHP splits a urlencoded string: `query` (`$_GET`, `parse_str()`) or `post` (`$_POST`). */
type UrlencodedFlavor = 'query' | 'post';

/** Reads a urlencoded string into a {@link PhpInputArray} as PHP does for `flavor`. */
export function readUrlencoded(input: string, flavor: UrlencodedFlavor = 'query'): PhpInputArray {
  const vars = new PhpInputArray();
  const n = input.length;
  let count = 0;
  for (let start = 0; start < n;) {
    let end = input.indexOf('&', start);
    if (end < 0) end = n;
    // php_default_treat_data (query) skips empty pairs and stops after 1000; add_post_vars (post)
    // counts empty pairs and still registers the pair that crosses the limit: 1001 get through.
    if (end > start || flavor === 'post') {
      if (flavor === 'query' && ++count > MAX_INPUT_VARS) break;
      const pair = input.slice(start, end);
      const eq = pair.indexOf('=');
      const name = phpUrlDecode(eq < 0 ? pair : pair.slice(0, eq));
      vars.register(name, eq < 0 ? '' : phpUrlDecode(pair.slice(eq + 1)));
      if (flavor === 'post' && ++count > MAX_INPUT_VARS) break;
    }
    start = end + 1;
  }
  return vars;
}

/** Parses a query string (without `?`) exactly as PHP fills `$_GET`. */
export function parsePhpQuery(query: string): Record<string, PhpValue> {
  return parseSimpleQuery(query) ?? readUrlencoded(query, 'query').toRecord();
}

// Names PHP stores as they are: no brackets, dots, spaces or escapes to mangle, no integer key,
// and no leading `__` (prototype keys, PHP's cookie-prefix guard).
const SIMPLE_NAME = /^[A-Za-z-][A-Za-z0-9_-]*$/;

/**
 * The common `a=b&c=d` query with simple names, read in one pass without PHP's bracket rules;
 * null when any name needs them, so the full reader decides. Same result as the full reader.
 */
function parseSimpleQuery(query: string): Record<string, PhpValue> | null {
  const out: Record<string, PhpValue> = {};
  const n = query.length;
  let count = 0;
  // The next '=' at or after the pair's start, searched again only once a pair has passed it:
  // a fresh search per pair would rescan a long '='-free stretch once for every pair before it.
  let eq = -2;
  for (let start = 0; start < n;) {
    let end = query.indexOf('&', start);
    if (end < 0) end = n;
    if (end > start) {
      if (++count > MAX_INPUT_VARS) return null;
      if (eq !== -1 && eq < start) eq = query.indexOf('=', start);
      const hasValue = eq >= 0 && eq < end;
      const name = query.slice(start, hasValue ? eq : end);
      if (!SIMPLE_NAME.test(name)) return null;
      out[name] = hasValue ? phpUrlDecode(query.slice(eq + 1, end)) : '';
    }
    start = end + 1;
  }
  return out;
}
