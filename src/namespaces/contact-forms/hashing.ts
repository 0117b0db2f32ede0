import { createHmac, timingSafeEqual } from 'node:crypto';

/** WordPress's `wp_hash( $data, $scheme )`: an HMAC-MD5 keyed per scheme, here from the namespace's own key. */
export function keyedHash(data: string, scheme: string, key: string): string {
  return createHmac('md5', `${key}:${scheme}`).update(data).digest('hex');
}

/** PHP's `hash_equals()`: compares two hashes in constant time. */
export function hashesEqual(known: string, given: string): boolean {
  const a = Buffer.from(known);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** How {@link canonicalize} treats case and whitespace. */
export interface CanonicalizeOptions {
  /** Lower-case the text (CF7's default `strto: lower`). */
  lower: boolean;
  /** Drop whitespace instead of collapsing it to single spaces. */
  stripSeparators: boolean;
}

/**
 * CF7's `wpcf7_canonicalize()`. NFKC stands in for its `mb_convert_kana( 'asKV' )`: both turn
 * full-width letters, digits and spaces into ASCII and half-width katakana into full-width.
 */
export function canonicalize(text: string, options: CanonicalizeOptions): string {
  const normalized = text.normalize('NFKC').replace(/[\r\n\t ]+/g, options.stripSeparators ? '' : ' ');
  return (options.lower ? normalized.toLowerCase() : normalized).trim();
}
