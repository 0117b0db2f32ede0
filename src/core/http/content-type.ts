/**
 * A request's `Content-Type` as WordPress reads it: `WP_REST_Request::get_content_type()` and
 * `wp_is_json_media_type()`.
 */
import { asciiLower, isCSpace, phpTrim } from '../php/strings.js';

/** What `WP_REST_Request::get_content_type()` returns: lower-cased media type, its halves, and the raw parameters. */
export interface ContentType {
  value: string;
  type: string;
  subtype: string;
  parameters: string;
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
