import { phpTrim } from '../../core/php/strings.js';
import { stripTags } from '../../core/schema/text.js';

const encoder = new TextEncoder();

/** UTF-8 bytes of a character as lower-case `%xx` escapes, as WordPress's `utf8_uri_encode` leaves them in slugs. */
function percentEncode(char: string): string {
  return [...encoder.encode(char)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

/**
 * WordPress's `sanitize_title()` for a new post: tags and accents go, other non-ASCII letters
 * stay percent-encoded, everything else becomes dashes; an empty result falls back to `fallback`.
 */
export function titleSlug(title: string, fallback: string): string {
  const slug = stripTags(title)
    .replace(/%(?![0-9a-fA-F]{2})/g, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\x00-\x7f]/gu, percentEncode)
    .replace(/\./g, '-')
    .replace(/[^%a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
  const trimmed = phpTrim(slug, '-');
  return trimmed === '' ? fallback : trimmed;
}
