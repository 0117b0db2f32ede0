// Text as WXR writes it. WordPress's `wxr_cdata` wraps text in CDATA and splits `]]>` across two
// sections; it leaves characters XML 1.0 forbids (C0 controls other than tab, LF and CR, lone
// surrogates, U+FFFE and U+FFFF), which no character reference can carry either, so its file then
// fails in every XML parser, its own importer's included. Here each such character becomes U+FFFD,
// counted, so the file always parses and the export says how many it replaced.

/** A character XML 1.0 forbids, wherever it stands: one code unit (or an unpaired surrogate) at a time, linear. */
const FORBIDDEN = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const MARKUP = /[&<>"]/g;
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Counts the characters replaced while a file is written. */
export interface Replacements {
  /** Characters XML 1.0 forbids, written as U+FFFD. */
  forbidden: number;
}

/** `text` with every character XML 1.0 forbids as U+FFFD, counted in `replaced`. */
function xmlChars(text: string, replaced: Replacements): string {
  FORBIDDEN.lastIndex = 0;
  if (!FORBIDDEN.test(text)) return text;
  return text.replace(FORBIDDEN, () => {
    replaced.forbidden++;
    return '\uFFFD';
  });
}

/** `wxr_cdata`: the text in a CDATA section, `]]>` split as `]]]]><![CDATA[>`. */
export function cdata(text: string, replaced: Replacements): string {
  return `<![CDATA[${xmlChars(text, replaced).split(']]>').join(']]]]><![CDATA[>')}]]>`;
}

/** Text as element content or a double-quoted attribute value. */
export function escapeXml(text: string, replaced: Replacements): string {
  return xmlChars(text, replaced).replace(MARKUP, (char) => ENTITIES[char]!);
}
