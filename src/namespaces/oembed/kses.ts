// `wp_kses` reduced to what oEmbed's filter needs: only the listed elements and attributes are
// kept, every other tag and comment is dropped (its text stays, as kses leaves it), and a URL
// attribute is kept only when it is an absolute http(s) URL.
import { normalizeEntities } from './escape.js';

/** Elements kept, each with the attributes kept on it. */
export type AllowedHtml = ReadonlyMap<string, readonly string[]>;

/** One attribute as written in a tag. */
export interface TagAttribute {
  /** Its name, lower-cased. */
  name: string;
  /** Its value as written (references not decoded); null when it has none. */
  value: string | null;
  /** The attribute as written. */
  whole: string;
}

/** Comments, tags (a `<` up to the next `>` or the end) and stray `>`, as `wp_kses_split` finds them. */
const TOKEN = /<!--[\s\S]*?(?:-->|$)|<[^>]*(?:>|$)|>/g;
const TAG = /^<\s*(\/\s*)?([a-zA-Z0-9-]+)([^>]*)>?$/;
const ATTRIBUTE = /([_a-zA-Z][-_a-zA-Z0-9:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+)))?/g;
const URL_ATTRIBUTES = new Set(['href', 'src']);

/** The attributes of a tag's text (`wp_kses_hair`), in order. */
export function tagAttributes(text: string): TagAttribute[] {
  return Array.from(text.matchAll(ATTRIBUTE), (m) => ({ name: m[1]!.toLowerCase(), value: m[2] ?? m[3] ?? m[4] ?? null, whole: m[0] }));
}

/** The allowed attributes of a tag, the first of each name, rebuilt with double quotes. */
function keptAttributes(text: string, allowed: readonly string[]): string {
  const seen = new Set<string>();
  let out = '';
  for (const { name, value } of tagAttributes(text)) {
    if (seen.has(name)) continue;
    seen.add(name);
    if (value === null || !allowed.includes(name)) continue;
    if (URL_ATTRIBUTES.has(name) && !/^https?:\/\//i.test(value.trim())) continue;
    out += ` ${name}="${normalizeEntities(value).replaceAll('"', '&quot;').replaceAll('<', '&lt;')}"`;
  }
  return out;
}

/** A token as kses leaves it. */
function keptToken(token: string, allowed: AllowedHtml): string {
  if (token === '>') return '&gt;';
  const tag = TAG.exec(token);
  if (!tag) return '';
  const name = tag[2]!.toLowerCase();
  const attributes = allowed.get(name);
  if (!attributes) return '';
  return tag[1] ? `</${name}>` : `<${name}${keptAttributes(tag[3]!, attributes)}>`;
}

/** HTML with only the allowed elements and attributes left, and bare `&` escaped in its text. */
export function kses(html: string, allowed: AllowedHtml): string {
  let out = '';
  let at = 0;
  for (const m of html.matchAll(TOKEN)) {
    out += normalizeEntities(html.slice(at, m.index)) + (m[0].startsWith('<!--') ? '' : keptToken(m[0], allowed));
    at = m.index + m[0].length;
  }
  return out + normalizeEntities(html.slice(at));
}
