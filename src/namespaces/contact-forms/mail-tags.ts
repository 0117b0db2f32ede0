/** Resolves one mail-tag name to its text, or null to leave the tag as written (CF7 does so for unknown tags). */
export type MailTagResolver = (name: string) => string | null;

const MAIL_TAG = /(\[?)\[[\t ]*([a-zA-Z_][0-9a-zA-Z:._-]*)((?:[\t ]+"[^"]*"|[\t ]+'[^']*')*)[\t ]*\](\]?)/g;

/**
 * CF7's `wpcf7_mail_replace_tags()`: replaces `[name]` mail-tags line by line; `[[name]]`
 * stands for a literal `[name]`. With `excludeBlank`, a line whose mail-tags all came out
 * empty is left out.
 */
export function replaceMailTags(text: string, resolve: MailTagResolver, excludeBlank = false): string {
  const lines = text.split('\n').flatMap((line) => {
    const replaced: string[] = [];
    const out = line.replace(MAIL_TAG, (whole: string, open: string, name: string, _values: string, close: string) => {
      if (open === '[' && close === ']') return whole.slice(1, -1);
      const value = resolve(name);
      if (value === null) return whole;
      replaced.push(value);
      return value;
    });
    return excludeBlank && replaced.length > 0 && replaced.every((value) => value === '') ? [] : [out];
  });
  return lines.join('\n');
}

/** WordPress's `esc_html()` for a mail body. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
}
