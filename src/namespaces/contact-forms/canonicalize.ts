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
