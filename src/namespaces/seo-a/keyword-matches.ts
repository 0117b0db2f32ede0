// SEOPress's keyword search, `preg_match_all('@(?<![\w-])' . preg_quote($kw) . '(?![\w-])@is', …)`
// on accent-free text, done without a regex built from client input: a Knuth–Morris–Pratt scan per
// keyword, so a page costs its length plus the keyword's, whatever either holds.
import { asciiLower } from '../../core/php/strings.js';
import { removeAccents } from '../../core/schema/remove-accents.js';

/** PCRE's `[\w-]` without the `u` flag: ASCII letters, digits, `_` and `-`. */
function isWordOrDash(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f || code === 0x2d
  );
}

/** A keyword ready to be searched: lower-cased, with its Knuth–Morris–Pratt failure table. */
interface Needle {
  key: string;
  lower: string;
  fail: Int32Array;
}

function needleOf(key: string): Needle {
  const lower = asciiLower(key);
  const fail = new Int32Array(lower.length);
  for (let i = 1, k = 0; i < lower.length; i++) {
    while (k > 0 && lower.charCodeAt(i) !== lower.charCodeAt(k)) k = fail[k - 1]!;
    if (lower.charCodeAt(i) === lower.charCodeAt(k)) k++;
    fail[i] = k;
  }
  return { key, lower, fail };
}

/** How many times the needle stands as a whole word in `haystack` (lower-cased, accent-free), matches not overlapping. */
function countWholeMatches(haystack: string, { lower: needle, fail }: Needle): number {
  const m = needle.length;
  if (m === 0 || m > haystack.length) return 0;
  let count = 0;
  for (let i = 0, k = 0; i < haystack.length; i++) {
    while (k > 0 && haystack.charCodeAt(i) !== needle.charCodeAt(k)) k = fail[k - 1]!;
    if (haystack.charCodeAt(i) === needle.charCodeAt(k)) k++;
    if (k < m) continue;
    const start = i - m + 1;
    const whole =
      (start === 0 || !isWordOrDash(haystack.charCodeAt(start - 1))) &&
      (i + 1 === haystack.length || !isWordOrDash(haystack.charCodeAt(i + 1)));
    if (whole) {
      count++;
      k = 0;
    } else k = fail[k - 1]!;
  }
  return count;
}

/** Each keyword found in a text, with its count, in keyword order. */
export type KeywordMatcher = (text: string) => Array<{ key: string; count: number }>;

/**
 * SEOPress's `getMatches` for some keywords, each prepared once: decoded of `&amp;`-style
 * references and accent-free (the key it is reported under), the first of equal keys kept.
 */
export function keywordMatcher(keywords: readonly string[]): KeywordMatcher {
  const keys = [...new Set(keywords.map((keyword) => removeAccents(specialCharsDecode(keyword))))];
  const needles = keys.map(needleOf);
  return (text) => {
    if (needles.length === 0) return [];
    const haystack = asciiLower(removeAccents(text));
    const found: Array<{ key: string; count: number }> = [];
    for (const needle of needles) {
      const count = countWholeMatches(haystack, needle);
      if (count > 0) found.push({ key: needle.key, count });
    }
    return found;
  };
}

const SPECIAL: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#039;': "'",
  '&#39;': "'",
  '&#x27;': "'",
};

/** `wp_specialchars_decode` / `htmlspecialchars_decode(…, ENT_QUOTES)`: the five special characters' references back to the characters. */
export function specialCharsDecode(text: string): string {
  return text.includes('&') ? text.replace(/&(?:amp|lt|gt|quot|#0?39|#x27);/g, (ref) => SPECIAL[ref] ?? ref) : text;
}
