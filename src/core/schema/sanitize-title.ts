/**
 * WordPress 6.1's `sanitize_title( $title, $fallback )` in its default 'save' context: the slug
 * WordPress makes of a post's or a form's title. `remove_accents`, then the `sanitize_title`
 * filter WordPress adds by default, `sanitize_title_with_dashes( $title, $raw, 'save' )`
 * (`wp-includes/formatting.php`, with `utf8_uri_encode` and `seems_utf8`), then the fallback
 * when nothing is left.
 *
 * Every step after the percent-encoding works on at most 200 characters (`utf8_uri_encode`'s
 * limit), and the steps before it are single passes, so a title of any length costs its length.
 */
import { stripTags } from './text.js';
import { removeAccents } from './remove-accents.js';
import { utf8Encodable } from '../php/strings.js';

/** `utf8_uri_encode`'s limit in `sanitize_title_with_dashes`: the length of the encoded slug, each `%xx` counting 3. */
const ENCODED_LENGTH_LIMIT = 200;

const OCTET = /%([0-9A-Fa-f]{2})/g;
const MARKED_OCTET = /---([0-9A-Fa-f]{2})---/g;

/** No-break space, en dash and em dash, encoded: become hyphens. */
const ENCODED_DASHES = ['%c2%a0', '%e2%80%93', '%e2%80%94'];

/** The same as HTML entities: become hyphens. */
const ENTITY_DASHES = ['&nbsp;', '&#160;', '&ndash;', '&#8211;', '&mdash;', '&#8212;'];

/** Encoded characters dropped from a slug, in WordPress's order (each removal may join two halves of a later one). */
const DROPPED = [
  // Soft hyphen; inverted exclamation and question marks.
  '%c2%ad',
  '%c2%a1',
  '%c2%bf',
  // Angle quotes.
  '%c2%ab',
  '%c2%bb',
  '%e2%80%b9',
  '%e2%80%ba',
  // Curly quotes.
  '%e2%80%98',
  '%e2%80%99',
  '%e2%80%9c',
  '%e2%80%9d',
  '%e2%80%9a',
  '%e2%80%9b',
  '%e2%80%9e',
  '%e2%80%9f',
  // Bullet.
  '%e2%80%a2',
  // Copyright, registered, degree, ellipsis, trade mark.
  '%c2%a9',
  '%c2%ae',
  '%c2%b0',
  '%e2%80%a6',
  '%e2%84%a2',
  // Acute accents.
  '%c2%b4',
  '%cb%8a',
  '%cc%81',
  '%cd%81',
  // Grave accent, macron, caron.
  '%cc%80',
  '%cc%84',
  '%cc%8c',
  // Invisible characters without a width: zero-width space, non-joiner and joiner, direction marks,
  // embeddings and overrides, byte order mark, object replacement character.
  '%e2%80%8b',
  '%e2%80%8c',
  '%e2%80%8d',
  '%e2%80%8e',
  '%e2%80%8f',
  '%e2%80%aa',
  '%e2%80%ab',
  '%e2%80%ac',
  '%e2%80%ad',
  '%e2%80%ae',
  '%ef%bb%bf',
  '%ef%bf%bc',
];

/** Encoded spaces with a width (en quad … hair space, line and paragraph separators, narrow no-break space): become hyphens. */
const WIDE_SPACES = [
  '%e2%80%80',
  '%e2%80%81',
  '%e2%80%82',
  '%e2%80%83',
  '%e2%80%84',
  '%e2%80%85',
  '%e2%80%86',
  '%e2%80%87',
  '%e2%80%88',
  '%e2%80%89',
  '%e2%80%8a',
  '%e2%80%a8',
  '%e2%80%a9',
  '%e2%80%af',
];

/** PHP's `str_replace( $needles, $replacement, $subject )`: each needle in turn over the whole result so far. */
function replaceEach(subject: string, needles: readonly string[], replacement: string): string {
  let out = subject;
  for (const needle of needles) out = out.replaceAll(needle, replacement);
  return out;
}

/** `%xx` of each of a byte's two hex digits, lower case, as `'%' . dechex( $byte )` writes a byte of 0x80 or more. */
function percent(byte: number): string {
  return `%${byte.toString(16)}`;
}

/** The UTF-8 bytes of a code point above U+007F as `%xx` escapes. */
function encodeCodePoint(cp: number): string {
  if (cp < 0x800) return percent(0xc0 | (cp >> 6)) + percent(0x80 | (cp & 0x3f));
  if (cp < 0x10000) return percent(0xe0 | (cp >> 12)) + percent(0x80 | ((cp >> 6) & 0x3f)) + percent(0x80 | (cp & 0x3f));
  return (
    percent(0xf0 | (cp >> 18)) + percent(0x80 | ((cp >> 12) & 0x3f)) + percent(0x80 | ((cp >> 6) & 0x3f)) + percent(0x80 | (cp & 0x3f))
  );
}

function utf8Length(cp: number): number {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/**
 * `utf8_uri_encode( mb_strtolower( $title ), 200 )`: lower-cased (each code point on its own,
 * as PHP 8.2's `mb_strtolower` maps them, without JavaScript's word-final sigma), every
 * character outside ASCII as the `%xx` of its UTF-8 bytes, stopping before the first character
 * that would take the result past 200.
 */
function lowerEncoded(text: string): string {
  let out = '';
  for (const char of text) {
    const lower = char.length === 1 && char.charCodeAt(0) < 0x80 ? char : char.toLowerCase();
    for (const unit of lower) {
      const cp = unit.codePointAt(0)!;
      const size = cp < 0x80 ? 1 : utf8Length(cp) * 3;
      if (out.length + size > ENCODED_LENGTH_LIMIT) return out;
      out += cp < 0x80 ? (cp >= 0x41 && cp <= 0x5a ? String.fromCharCode(cp + 32) : unit) : encodeCodePoint(cp);
    }
  }
  return out;
}

/**
 * `preg_replace( '/&.+?;/', '', $text )`: each `&` with the first `;` after at least one more
 * character, none of them a newline, removed. One pass: the next `;` and newline found for one
 * `&` are still the next ones for a later `&` until it passes them.
 */
function removeEntities(text: string): string {
  let out = '';
  let from = 0;
  let semicolon = -1;
  // The first newline at or after the last search's start; the text's length when there is none.
  let newline = -1;
  for (let amp = text.indexOf('&'); amp >= 0; amp = text.indexOf('&', amp + 1)) {
    if (semicolon < amp + 2) semicolon = text.indexOf(';', amp + 2);
    if (semicolon < 0) break;
    if (newline < amp + 1) {
      const next = text.indexOf('\n', amp + 1);
      newline = next < 0 ? text.length : next;
    }
    if (newline < semicolon) continue;
    out += text.slice(from, amp);
    from = semicolon + 1;
    amp = semicolon;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * The last steps: `.` to `-`, anything but `%`, `a-z`, `0-9`, space, `_` and `-` removed, runs
 * of spaces and hyphens one hyphen, hyphens trimmed from both ends.
 */
function dashed(text: string): string {
  let out = '';
  let dash = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2e || c === 0x20 || c === 0x2d) {
      dash = true;
      continue;
    }
    const kept = c === 0x25 || c === 0x5f || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
    if (!kept) continue;
    if (dash && out !== '') out += '-';
    dash = false;
    out += text[i];
  }
  return out;
}

/** `sanitize_title_with_dashes( $title, '', 'save' )`. */
function sanitizeTitleWithDashes(title: string): string {
  // Escaped octets are kept, and every other `%` dropped.
  const octets = stripTags(title).replace(OCTET, '---$1---').replaceAll('%', '').replace(MARKED_OCTET, '%$1');
  let slug = lowerEncoded(octets);
  if (slug.includes('%')) slug = replaceEach(slug, ENCODED_DASHES, '-');
  if (slug.includes('&')) slug = replaceEach(slug, ENTITY_DASHES, '-');
  slug = slug.replaceAll('/', '-');
  if (slug.includes('%')) {
    slug = replaceEach(slug, DROPPED, '');
    slug = replaceEach(slug, WIDE_SPACES, '-');
    slug = slug.replaceAll('%c3%97', 'x');
  }
  return dashed(removeEntities(slug));
}

/**
 * WordPress's `sanitize_title( $title, $fallback )` ('save' context, default locale): the slug of
 * a title, lower-case ASCII letters, digits, `_`, `-` and the `%xx` of other characters' UTF-8
 * bytes; `fallback` when that is empty.
 */
export function sanitizeTitle(title: string, fallback = ''): string {
  const slug = sanitizeTitleWithDashes(removeAccents(utf8Encodable(title)));
  return slug === '' ? fallback : slug;
}
