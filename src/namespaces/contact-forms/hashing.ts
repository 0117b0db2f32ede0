import { hmacMd5 } from '../../core/crypto/digest.js';
import { constantTimeEqual } from '../../core/crypto/random.js';

/** WordPress's `wp_hash( $data, $scheme )`: an HMAC-MD5 keyed per scheme, here from the namespace's own key. */
export function keyedHash(data: string, scheme: string, key: string): string {
  return hmacMd5(data, `${key}:${scheme}`);
}

/** PHP's `hash_equals()`: compares two hashes in constant time. */
export function hashesEqual(known: string, given: string): boolean {
  return constantTimeEqual(known, given);
}

/** How {@link canonicalize} treats case and whitespace. */
interface CanonicalizeOptions {
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
