import { BODY_METHODS } from '../http/methods.js';
/**
 * Request bodies read as WordPress reads them: `WP_REST_Request::get_content_type()`,
 * `parse_json_params()` (PHP's `json_decode`) and `parse_body_params()`, on top of what PHP
 * itself puts in `$_POST` for a POST.
 */
import { invalidJson } from '../errors/catalogue.js';
import type { RestError } from '../errors/rest-error.js';
import { MAX_INPUT_VARS, PhpInputArray, readUrlencoded, type PhpValue } from '../php/query.js';
import { asciiLower, phpTrim } from '../php/values.js';

/** What `WP_REST_Request::get_content_type()` returns: lower-cased media type, its halves, and the raw parameters. */
export interface ContentType {
  value: string;
  type: string;
  subtype: string;
  parameters: string;
}

/** What {@link parseBody} reads from. */
export interface BodyInput {
  /** The effective method, after `_method` / `X-HTTP-Method-Override`. */
  method: string;
  /** The method on the wire when `method` is an override; PHP fills `$_POST` only for a real POST. Defaults to `method`. */
  httpMethod?: string;
  /** The raw `Content-Type` header. */
  contentType: string | undefined;
  /** The raw body; bytes are read as UTF-8. */
  body: Uint8Array | string | undefined;
}

/** A body as WordPress sees it: its JSON source, its body-params source and its content type. */
export interface ParsedBody {
  /** The decoded JSON body when the content type is JSON and the body is not empty (`null` for a literal `null`), else `undefined`. */
  json: unknown;
  /** Body params (WordPress's `POST` source); always empty for methods other than POST, PUT, PATCH and DELETE. */
  form: Record<string, PhpValue>;
  /** `get_content_type()`: null without a Content-Type or when it has no `/`. */
  contentType: ContentType | null;
}

/** Methods whose body params WordPress merges into the request params (`get_parameter_order`). */

/** PHP's `max_file_uploads` default. */
const MAX_FILE_UPLOADS = 20;

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

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** C's `isspace` in the "C" locale (also PCRE's `\s`). */
function isCSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/** `WP_REST_Request::get_content_type()` for a raw `Content-Type` header. */
export function parseContentType(header: string | undefined): ContentType | null {
  // PHP's empty(): '0' counts as no header.
  if (header === undefined || header === '' || header === '0') return null;
  const semicolon = header.indexOf(';');
  // strpos() at 0 is falsy, so a leading ';' is not split off.
  const split = semicolon > 0;
  const value = asciiLower(split ? header.slice(0, semicolon) : header);
  const slash = value.indexOf('/');
  if (slash < 0) return null;
  return {
    value: phpTrim(value),
    type: phpTrim(value.slice(0, slash)),
    subtype: phpTrim(value.slice(slash + 1)),
    parameters: phpTrim(split ? header.slice(semicolon + 1) : ''),
  };
}

/** A character of `[\w!#\$&-\^\.\+]` in `wp_is_json_media_type`'s pattern. */
function isSubtypeChar(c: number): boolean {
  return c === 0x21 || c === 0x23 || c === 0x24 || (c >= 0x26 && c <= 0x5f) || (c >= 0x61 && c <= 0x7a);
}

function endsMediaType(s: string, at: number): boolean {
  if (at === s.length) return true;
  const c = s.charCodeAt(at);
  return isCSpace(c) || c === 59 || c === 44;
}

/** `json(\+oembed)?($|\s|;|,)` at `at`. */
function jsonAt(s: string, at: number): boolean {
  if (!s.startsWith('json', at)) return false;
  return endsMediaType(s, at + 4) || (s.startsWith('+oembed', at + 4) && endsMediaType(s, at + 11));
}

/** `wp_is_json_media_type()`: `application/json`, `application/…+json`, optionally `+oembed`, any case. */
export function isJsonMediaType(mediaType: string): boolean {
  // WordPress's `(^|\s|,)application\/([\w!#\$&-\^\.\+]+\+)?json(\+oembed)?($|\s|;|,)` as a
  // linear scan: the regex backtracks quadratically on crafted headers.
  const s = asciiLower(mediaType);
  let scannedTo = -1;
  for (let at = s.indexOf('application/'); at >= 0; at = s.indexOf('application/', at + 1)) {
    if (at > 0 && !isCSpace(s.charCodeAt(at - 1)) && s.charCodeAt(at - 1) !== 44) continue;
    const start = at + 12;
    if (jsonAt(s, start)) return true;
    // Inside a run an earlier candidate already searched, every `+json` was already tried.
    if (start < scannedTo) continue;
    let end = start;
    while (end < s.length && isSubtypeChar(s.charCodeAt(end))) {
      end++;
      if (end - start >= 2 && s.charCodeAt(end - 1) === 43 && jsonAt(s, end)) return true;
    }
    scannedTo = end;
  }
  return false;
}

/** PHP's `empty()` on a body string: `''` and `'0'`. */
function isPhpEmpty(body: Uint8Array | string): boolean {
  if (body.length === 0) return true;
  return body.length === 1 && (typeof body === 'string' ? body === '0' : body[0] === 0x30);
}

function textOf(body: Uint8Array | string): string {
  return typeof body === 'string' ? body : utf8.decode(body);
}

function bytesOf(body: Uint8Array | string): Uint8Array {
  return typeof body === 'string' ? encoder.encode(body) : body;
}

/* ---------------------------------------------------------------- JSON */

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
    for (i++; ; ) {
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

type JsonResult = { ok: true; value: unknown } | { ok: false; code: number };

/**
 * `json_decode($body, true)`. `JSON.parse` does the work; PHP's own scanner only runs where
 * the two can disagree: invalid input (for PHP's error code), invalid UTF-8, deep nesting
 * and `\uD800`-style escapes, which JSON.parse accepts unpaired.
 */
function decodePhpJson(body: Uint8Array | string): JsonResult {
  let text: string;
  try {
    text = typeof body === 'string' ? body : strictUtf8.decode(body);
  } catch {
    return { ok: false, code: phpJsonErrorCode(bytesOf(body)) || 5 };
  }
  let value: unknown;
  try {
    // No reviver: JSON.parse defines `__proto__` as an own key, never a prototype.
    value = JSON.parse(text);
  } catch {
    return { ok: false, code: phpJsonErrorCode(bytesOf(body)) || 4 };
  }
  if (nestsTooDeep(text) || /\\u[dD][89a-fA-F]/.test(text)) {
    const code = phpJsonErrorCode(bytesOf(body));
    if (code !== 0) return { ok: false, code };
  }
  return { ok: true, value };
}

function invalidJsonBody(code: number): RestError {
  return invalidJson(code, JSON_ERROR_MESSAGES[code] ?? 'Syntax error');
}

/* ----------------------------------------------------------- multipart */

function indexOfBytes(hay: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0] ?? 0;
  for (let at = hay.indexOf(first, from); at >= 0; at = hay.indexOf(first, at + 1)) {
    let k = 1;
    while (k < needle.length && hay[at + k] === needle[k]) k++;
    if (k === needle.length) return at;
  }
  return -1;
}

/** Where the body ends with a proper prefix of `needle` (PHP takes it for a boundary), else the end. */
function partialTail(bytes: Uint8Array, from: number, needle: Uint8Array): number {
  for (let at = Math.max(from, bytes.length - needle.length + 1); at < bytes.length; at++) {
    let k = 0;
    while (at + k < bytes.length && bytes[at + k] === needle[k]) k++;
    if (at + k === bytes.length) return at;
  }
  return bytes.length;
}

/** The end of the LF-terminated line at `pos` without its CR, and where the next line starts; null without a LF. */
function lineAt(bytes: Uint8Array, pos: number): { end: number; next: number } | null {
  const lf = bytes.indexOf(10, pos);
  if (lf < 0) return null;
  return { end: lf > pos && bytes[lf - 1] === 13 ? lf - 1 : lf, next: lf + 1 };
}

function bytesEqualAt(bytes: Uint8Array, at: number, expected: Uint8Array): boolean {
  for (let k = 0; k < expected.length; k++) if (bytes[at + k] !== expected[k]) return false;
  return true;
}

/** PHP's `find_boundary`: the position after the next line that is exactly `--boundary`, or -1. */
function skipPastDelimiter(bytes: Uint8Array, pos: number, delimiter: Uint8Array): number {
  for (let line = lineAt(bytes, pos); line !== null; line = lineAt(bytes, pos)) {
    const start = pos;
    pos = line.next;
    if (line.end - start === delimiter.length && bytesEqualAt(bytes, start, delimiter)) return pos;
  }
  return -1;
}

/** PHP's `multipart_buffer_headers`: header lines up to an empty line, folded lines appended. */
function readPartHeaders(bytes: Uint8Array, pos: number): { headers: Array<[string, string]>; end: number } {
  const headers: Array<[string, string]> = [];
  let key: string | undefined;
  let value = '';
  for (let line = lineAt(bytes, pos); line !== null; line = lineAt(bytes, pos)) {
    const decoded = utf8.decode(bytes.subarray(pos, line.end));
    pos = line.next;
    const nul = decoded.indexOf('\0');
    const text = nul < 0 ? decoded : decoded.slice(0, nul);
    if (text === '') break;
    const colon = isCSpace(text.charCodeAt(0)) ? -1 : text.indexOf(':');
    if (colon >= 0) {
      if (key !== undefined) headers.push([key, value]);
      key = text.slice(0, colon);
      let start = colon + 1;
      while (isCSpace(text.charCodeAt(start))) start++;
      value = text.slice(start);
    } else if (key !== undefined) {
      value += text;
    }
  }
  if (key !== undefined) headers.push([key, value]);
  return { headers, end: pos };
}

/** PHP's `php_ap_getword`: up to `stop` outside quotes, then past any run of `stop`. */
function getWord(line: string, stop: string): [string, string] {
  let pos = 0;
  while (pos < line.length && line[pos] !== stop) {
    const quote = line[pos];
    pos++;
    if (quote !== '"' && quote !== "'") continue;
    while (pos < line.length && line[pos] !== quote) pos += line[pos] === '\\' && line[pos + 1] === quote ? 2 : 1;
    if (pos < line.length) pos++;
  }
  if (pos >= line.length) return [line, ''];
  const word = line.slice(0, pos);
  while (line[pos] === stop) pos++;
  return [word, line.slice(pos)];
}

/** PHP's `php_ap_getword_conf`: a quoted value with `\\` and `\"` escapes, or a bare word. */
function getWordConf(text: string): string {
  let start = 0;
  while (isCSpace(text.charCodeAt(start))) start++;
  const quote = text[start];
  let end = text.length;
  if (quote === '"' || quote === "'") start++;
  else {
    end = start;
    while (end < text.length && !isCSpace(text.charCodeAt(end))) end++;
  }
  const closing = quote === '"' || quote === "'" ? quote : undefined;
  let out = '';
  for (let i = start; i < end && text[i] !== closing; i++) {
    const escaped = text[i] === '\\' && (text[i + 1] === '\\' || (closing !== undefined && text[i + 1] === closing));
    out += escaped ? text[++i] : text[i];
  }
  return out;
}

/** The `name` and `filename` of a Content-Disposition value, as PHP's rfc1867 handler reads them. */
function parseDisposition(value: string): { name: string | undefined; filename: string | undefined } {
  let name: string | undefined;
  let filename: string | undefined;
  let rest = value.replace(/^[\t\n\v\f\r ]+/, '');
  while (rest !== '') {
    const [pair, after] = getWord(rest, ';');
    rest = after.replace(/^[\t\n\v\f\r ]+/, '');
    if (!pair.includes('=')) continue;
    const [key, raw] = getWord(pair, '=');
    const lowered = asciiLower(key);
    if (lowered === 'name') name = getWordConf(raw);
    else if (lowered === 'filename') filename = getWordConf(raw);
  }
  return { name, filename };
}

/**
 * PHP's `normalize_protected_variable`, which rewrites every multipart field name before it is
 * registered: leading spaces go, whitespace at the start of an index goes, and anything after
 * the last `]` that is not followed by `[` is cut off.
 */
function normalizeFieldName(name: string): string {
  const s = name.replace(/^ +/, '');
  const open = s.indexOf('[');
  if (open < 0) return s.replace(/[ .]/g, '_');
  let out = `${s.slice(0, open).replace(/[ .]/g, '_')}[`;
  let i = open + 1;
  for (;;) {
    while (i < s.length && ' \r\n\t'.includes(s[i] ?? '')) i++;
    const close = s.indexOf(']', i);
    const end = close < 0 ? s.length : close + 1;
    out += s.slice(i, end);
    i = end;
    if (s[i] !== '[') return out;
    out += '[';
    i++;
  }
}

/** PHP's check before accepting an upload: brackets balanced, each `]` followed by `[` or the end. */
function hasWellFormedBrackets(name: string): boolean {
  let depth = 0;
  for (let i = 0; i < name.length; i++) {
    if (name[i] === '[') depth++;
    else if (name[i] === ']') {
      depth--;
      if (i + 1 < name.length && name[i + 1] !== '[') return false;
    }
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** The names an accepted upload protects from later text fields: the field and its `[tmp_name]` entry. */
function uploadNames(name: string): string[] {
  const normalized = normalizeFieldName(name);
  const open = name.indexOf('[');
  const tmpName =
    open >= 0 && name.endsWith(']')
      ? `${name.slice(0, open)}[tmp_name][${name.slice(open + 1, -1)}]`
      : `${normalized}[tmp_name]`;
  return [normalized, normalizeFieldName(tmpName)];
}

/** The boundary of a multipart Content-Type as PHP finds it, or undefined (PHP then reads nothing). */
function multipartBoundary(header: string): string | undefined {
  let at = header.indexOf('boundary');
  if (at < 0) at = asciiLower(header).indexOf('boundary');
  const eq = at < 0 ? -1 : header.indexOf('=', at);
  if (eq < 0) return undefined;
  let boundary = header.slice(eq + 1);
  if (boundary.startsWith('"')) {
    const close = boundary.indexOf('"', 1);
    if (close < 0) return undefined;
    boundary = boundary.slice(1, close);
  } else {
    const end = boundary.search(/[,;]/);
    if (end >= 0) boundary = boundary.slice(0, end);
  }
  // FILLUNIT - strlen("\r\n--"): PHP refuses longer boundaries. One with a line break can
  // never equal a line, so PHP finds no part: returning none also keeps the byte search linear.
  return boundary.length > 5116 || boundary.includes('\n') ? undefined : boundary;
}

/**
 * PHP's rfc1867 handler reduced to `$_POST`: text fields are registered with the PHP key rules,
 * file parts (a `filename` parameter) are not params, and a malformed body stops at the first
 * part PHP could not read, keeping the fields before it.
 */
function readMultipart(bytes: Uint8Array, contentType: string): PhpInputArray {
  const vars = new PhpInputArray();
  const boundary = multipartBoundary(contentType);
  if (boundary === undefined) return vars;
  const delimiter = encoder.encode(`--${boundary}`);
  const valueEnd = encoder.encode(`\n--${boundary}`);
  const protectedNames = new Set<string>();
  let partsLeft = MAX_INPUT_VARS + MAX_FILE_UPLOADS;
  let uploadsLeft = MAX_FILE_UPLOADS;
  let fields = 0;
  let anonymous = 0;
  for (let pos = 0; pos < bytes.length; ) {
    pos = skipPastDelimiter(bytes, pos, delimiter);
    if (pos < 0) break;
    const part = readPartHeaders(bytes, pos);
    pos = part.end;
    const disposition = part.headers.find(([key]) => asciiLower(key) === 'content-disposition')?.[1];
    if (disposition === undefined) continue;
    if (--partsLeft < 0) break;
    const { name, filename } = parseDisposition(disposition);
    if (filename === undefined) {
      // PHP: "File Upload Mime headers garbled" ends the parse.
      if (name === undefined) break;
      let end = indexOfBytes(bytes, valueEnd, pos);
      if (end < 0) end = partialTail(bytes, pos, valueEnd);
      const stop = end < bytes.length && end > pos && bytes[end - 1] === 13 ? end - 1 : end;
      const value = utf8.decode(bytes.subarray(pos, stop));
      pos = end;
      const field = normalizeFieldName(name);
      if (++fields <= MAX_INPUT_VARS && !protectedNames.has(field)) vars.register(field, value);
      continue;
    }
    const param = name ?? String(anonymous++);
    if (uploadsLeft > 0 && hasWellFormedBrackets(param)) {
      if (filename !== '') uploadsLeft--;
      for (const protectedName of uploadNames(param)) protectedNames.add(protectedName);
    }
  }
  return vars;
}

/* ---------------------------------------------------------------- body */

/** PHP's post handler lookup: the Content-Type up to the first `;`, `,` or space, lower-cased. */
function phpPostMediaType(header: string): string {
  const end = header.search(/[;, ]/);
  return asciiLower(end < 0 ? header : header.slice(0, end));
}

/** What PHP puts in `$_POST`: only for a real POST with a urlencoded or multipart body. */
function phpPostVars(httpMethod: string, header: string | undefined, body: Uint8Array | string): PhpInputArray {
  if (httpMethod !== 'POST' || header === undefined) return new PhpInputArray();
  const type = phpPostMediaType(header);
  if (type === 'application/x-www-form-urlencoded') return readUrlencoded(textOf(body), 'post');
  if (type === 'multipart/form-data') return readMultipart(bytesOf(body), header);
  return new PhpInputArray();
}

/** Reads a request body as WordPress does, or answers WordPress's `rest_invalid_json` error. */
export function parseBody(input: BodyInput): ParsedBody | RestError {
  // JSON is read for any method whose Content-Type is JSON. Body params follow
  // parse_body_params(): PHP's `$_POST` for a real POST, plus parse_str() of the raw body for
  // other methods when the Content-Type is urlencoded or missing, so a PUT multipart body has no
  // params.
  const method = input.method.toUpperCase();
  const contentType = parseContentType(input.contentType);
  const body = input.body ?? '';
  // WordPress skips bodies PHP's empty() is true for ('' and '0'); PHP's own $_POST does not.
  const emptyForWordPress = isPhpEmpty(body);
  let json: unknown;
  if (!emptyForWordPress && contentType !== null && isJsonMediaType(contentType.value)) {
    const decoded = decodePhpJson(body);
    if (!decoded.ok) return invalidJsonBody(decoded.code);
    json = decoded.value;
  }
  if (!BODY_METHODS.has(method)) return { json, form: {}, contentType };
  let form = phpPostVars((input.httpMethod ?? method).toUpperCase(), input.contentType, body);
  const urlencoded = contentType === null || contentType.value === 'application/x-www-form-urlencoded';
  if (method !== 'POST' && !emptyForWordPress && urlencoded) {
    // parse_body_params(): array_merge(parse_str($body), $_POST), which renumbers integer keys.
    form = PhpInputArray.merge(readUrlencoded(textOf(body), 'query'), form);
  }
  return { json, form: form.toRecord(), contentType };
}
