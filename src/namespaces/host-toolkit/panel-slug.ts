// Which slugs the catch-all hands the host's control panel. A panel client joins the slug onto its
// own base (`new URL(slug, base)`, `${base}/${slug}`, a file path), so a slug that such a join could
// carry out of the base is refused before the panel is called: a `.` or `..` segment, an empty one
// (`//host` is a network-path reference), a scheme, a query or fragment, a backslash (read as `/`
// by URL parsers), a control character (dropped by them, so `.\t.` becomes `..`).
//
// The slug is checked as the route matched it, percent-decoded, and in Unicode NFKC form (which
// folds `．` into `.`), so a panel that decodes or normalises it before use gets the same
// guarantees. An encoded `%` or `/` and a `%` that starts no escape are refused as well: then
// decoding the slug once is decoding it completely, and its segments are the same either way.

const SLASH = 0x2f;
const BACKSLASH = 0x5c;
const PERCENT = 0x25;
const DOT = 0x2e;
const COLON = 0x3a;
const SEMICOLON = 0x3b;
const QUESTION = 0x3f;
const HASH = 0x23;
const SPACE = 0x20;
const DELETE = 0x7f;

/** The value of a hex digit's UTF-16 code, or -1 when it is none. */
function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

/** Whether every `%` starts an escape of two hex digits, and none encodes `%` or `/`. */
function hasPlainEscapes(slug: string): boolean {
  for (let at = slug.indexOf('%'); at >= 0; at = slug.indexOf('%', at + 3)) {
    const high = hexDigit(slug.charCodeAt(at + 1));
    const low = hexDigit(slug.charCodeAt(at + 2));
    if (high < 0 || low < 0) return false;
    const byte = high * 16 + low;
    if (byte === PERCENT || byte === SLASH) return false;
  }
  return true;
}

/**
 * Whether the segment from `from` to `to` names something: not empty, no space at either end
 * (URL parsers trim the whole input), and not `.` or `..`, also with a path parameter after it
 * (`..;x`, which servers such as Tomcat read as `..`).
 */
function isNamedSegment(text: string, from: number, to: number): boolean {
  if (to === from || text.charCodeAt(from) === SPACE || text.charCodeAt(to - 1) === SPACE) return false;
  if (text.charCodeAt(from) !== DOT) return true;
  let end = from + 1;
  if (end < to && text.charCodeAt(end) === DOT) end++;
  return end !== to && text.charCodeAt(end) !== SEMICOLON;
}

/** Whether one reading of the slug is a relative path of named segments without a character a URL join treats specially. */
function isRelativePath(text: string): boolean {
  let segmentStart = 0;
  for (let at = 0; at <= text.length; at++) {
    const c = at < text.length ? text.charCodeAt(at) : SLASH;
    if (c === SLASH) {
      if (!isNamedSegment(text, segmentStart, at)) return false;
      segmentStart = at + 1;
    } else if (c < SPACE || c === DELETE || c === BACKSLASH || c === QUESTION || c === HASH || c === PERCENT) {
      return false;
    } else if (c === COLON && segmentStart === 0) {
      // RFC 3986 4.2: a colon in the first segment reads as a scheme (`http:`, `javascript:`, `C:`).
      return false;
    }
  }
  return true;
}

/** The slug percent-decoded as UTF-8, or null when its bytes are not UTF-8 (an overlong `%C0%AE` among them). */
function decoded(slug: string): string | null {
  if (!slug.includes('%')) return slug;
  try {
    return decodeURIComponent(slug);
  } catch {
    return null;
  }
}

/**
 * Whether the catch-all may hand `slug` to the panel: as matched, percent-decoded and in NFKC
 * form, a relative path of named segments (see the module comment). Linear in the slug's length.
 */
export function isPanelSlug(slug: string): boolean {
  if (!hasPlainEscapes(slug)) return false;
  const text = decoded(slug);
  if (text === null || !isRelativePath(text)) return false;
  const folded = text.normalize('NFKC');
  return folded === text || isRelativePath(folded);
}
