import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escHtml } from '../src/core/schema/text.js';
import { propertyRuns } from './helpers/property-runs.js';

/** WordPress's `_wp_specialchars` with ENT_QUOTES, as its regex form reads: the reference the one-pass escHtml must equal. */
function escHtmlByRegex(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#[0-9]+|#[xX][0-9a-fA-F]+);)/g, '&amp;')
    .replace(/[<>"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' })[c]!);
}

describe('esc_html', () => {
  it('escapes markup characters and bare ampersands, keeping character references', () => {
    expect(escHtml(`<a href="x">Tom & Jerry's &amp; &#38; &#x26; &#x; &#1x; &a1;</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#039;s &amp; &#38; &#x26; &amp;#x; &amp;#1x; &a1;&lt;/a&gt;',
    );
  });

  it('answers what the regex form answers, for any text made of the characters that matter', () => {
    const pieces = fc.constantFrom('&', '#', 'x', 'X', 'a', 'Z', '1', 'f', ';', '<', '>', '"', "'", ' ', 'é');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (chars) => {
        const text = chars.join('');
        expect(escHtml(text)).toBe(escHtmlByRegex(text));
      }),
      { numRuns: propertyRuns({ ci: 1_000, deep: 5_000 }) },
    );
  });
});
