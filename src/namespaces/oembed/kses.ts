// `wp_kses` reduced to what oEmbed's filter needs: only the listed elements and attributes are
// kept, every other tag and comment is dropped (its text stays, as kses leaves it), and a URL
// attribute is kept only when it is an absolute http(s) URL. The HTML is read by the tokenizer,
// so where a browser and WordPress's patterns would split malformed markup differently, the
// output still holds no tag but the allowed ones: text is escaped, tags are rebuilt.
import { scanHtml, type HtmlAttribute } from '../html-tokens.js';
import { normalizeEntities } from './escape.js';

/** Elements kept, each with the attributes kept on it. */
export type AllowedHtml = ReadonlyMap<string, readonly string[]>;

const URL_ATTRIBUTES = new Set(['href', 'src']);

/** Whether a URL attribute's value is an absolute http(s) URL. */
function isHttpUrl(value: string): boolean {
  const url = value.trim().slice(0, 8).toLowerCase();
  return url.startsWith('http://') || url.startsWith('https://');
}

/** Text as kses leaves it: bare `&` escaped, and no `<` or `>` that could start or end a tag. */
function keptText(text: string): string {
  return normalizeEntities(text).replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The allowed attributes of a tag, the first of each name, rebuilt with double quotes. */
function keptAttributes(attributes: readonly HtmlAttribute[], allowed: readonly string[]): string {
  const seen = new Set<string>();
  let out = '';
  for (const { name, value } of attributes) {
    if (seen.has(name)) continue;
    seen.add(name);
    if (value === null || !allowed.includes(name)) continue;
    if (URL_ATTRIBUTES.has(name) && !isHttpUrl(value)) continue;
    out += ` ${name}="${keptText(value).replaceAll('"', '&quot;')}"`;
  }
  return out;
}

/** HTML with only the allowed elements and attributes left, and its text escaped. */
export function kses(html: string, allowed: AllowedHtml): string {
  let out = '';
  scanHtml(html, (token) => {
    if (token.kind === 'text') out += keptText(html.slice(token.start, token.end));
    else if (token.kind === 'open' || token.kind === 'close') {
      const attributes = allowed.get(token.name);
      if (attributes) out += token.kind === 'close' ? `</${token.name}>` : `<${token.name}${keptAttributes(token.attributes, attributes)}>`;
    }
  });
  return out;
}
