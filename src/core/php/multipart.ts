/**
 * PHP's rfc1867 handler (`main/rfc1867.c`) reduced to what WordPress sees of a
 * `multipart/form-data` POST in `$_POST`: the boundary, part headers, `Content-Disposition`
 * names, the field-name rules (`normalize_protected_variable`) and the limits.
 */
import { MAX_INPUT_VARS, PhpInputArray } from './query.js';
import { asciiLower, isCSpace, utf8Bytes, utf8Text } from './strings.js';

/** PHP's `max_file_uploads` default. */
const MAX_FILE_UPLOADS = 20;

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
    const decoded = utf8Text(bytes.subarray(pos, line.end));
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
    open >= 0 && name.endsWith(']') ? `${name.slice(0, open)}[tmp_name][${name.slice(open + 1, -1)}]` : `${normalized}[tmp_name]`;
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
export function readMultipart(bytes: Uint8Array, contentType: string): PhpInputArray {
  const vars = new PhpInputArray();
  const boundary = multipartBoundary(contentType);
  if (boundary === undefined) return vars;
  const delimiter = utf8Bytes(`--${boundary}`);
  const valueEnd = utf8Bytes(`\n--${boundary}`);
  const protectedNames = new Set<string>();
  let partsLeft = MAX_INPUT_VARS + MAX_FILE_UPLOADS;
  let uploadsLeft = MAX_FILE_UPLOADS;
  let fields = 0;
  let anonymous = 0;
  for (let pos = 0; pos < bytes.length;) {
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
      const value = utf8Text(bytes.subarray(pos, stop));
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
