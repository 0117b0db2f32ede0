// PHP's `filter_var( $value, FILTER_VALIDATE_URL )`, which CF7's url fields and Yoast's `get_head` check with.

/**
 * PHP's `FILTER_VALIDATE_URL`, approximately: printable ASCII only, a scheme, and a host after
 * `//` (mailto:, news: and file: need none).
 */
export function isUrl(value: string): boolean {
  if (!/^[\x21-\x7e]+$/.test(value)) return false;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):(.*)$/.exec(value);
  if (!scheme) return false;
  if (/^(mailto|news|file)$/i.test(scheme[1]!)) return scheme[2] !== '';
  return /^\/\/[^/?#]+/.test(scheme[2]!);
}
