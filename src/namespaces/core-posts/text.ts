// The text transformations WordPress applies when it renders a post, reduced to what plain
// posts need: block delimiters, paragraphs, typographic quotes, excerpts and slugs.

const BLOCK_DELIMITER = /<!--\s+\/?wp:[^>]*?-->/g;
const BLOCK_TAGS = /^<\/?(?:p|div|h[1-6]|ul|ol|li|dl|dt|dd|blockquote|pre|table|thead|tbody|tr|td|th|figure|figcaption|hr|section|article|aside|header|footer|nav|form|fieldset|address|details|summary)\b/i;

/** Whether content holds block markup (`has_blocks`). */
export function hasBlocks(content: string): boolean {
  return content.includes('<!-- wp:');
}

/** `wpautop`: blank-line-separated text becomes paragraphs, single newlines `<br />`. */
export function autop(text: string): string {
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  if (trimmed === '') return '';
  const chunks = trimmed.split(/\n\s*\n/).map((chunk) => chunk.trim()).filter((chunk) => chunk !== '');
  return `${chunks.map((chunk) => (BLOCK_TAGS.test(chunk) ? chunk : `<p>${chunk.replace(/\n/g, '<br />\n')}</p>`)).join('\n')}\n`;
}

/** `the_content`: block delimiters removed from block content, `wpautop` for classic content. */
export function renderContent(raw: string): string {
  return hasBlocks(raw) ? raw.replace(BLOCK_DELIMITER, '') : autop(raw);
}

/** `wptexturize` + `convert_chars` for titles: curly quotes, dashes, ellipses, and a lone `&` escaped. */
export function renderTitle(raw: string): string {
  return raw
    .replace(/&(?![#\w]+;)/g, '&#038;')
    .replace(/\.\.\./g, '&#8230;')
    .replace(/ -- /g, ' &#8212; ')
    .replace(/--/g, '&#8211;')
    .replace(/(\w)'(\w)/g, '$1&#8217;$2')
    .replace(/"([^"]*)"/g, '&#8220;$1&#8221;')
    .trim();
}

/** `wp_trim_excerpt`: the rendered content without tags, cut to 55 words, as a paragraph. */
export function renderExcerpt(rawExcerpt: string, rawContent: string): string {
  if (rawExcerpt.trim() !== '') return autop(rawExcerpt);
  const text = renderContent(rawContent)
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .trim();
  const words = text.split(/\s+/).filter((word) => word !== '');
  if (words.length === 0) return '';
  const cut = words.length > 55 ? `${words.slice(0, 55).join(' ')} [&hellip;]` : words.join(' ');
  return autop(cut);
}

/** `sanitize_title`: a lower-case, dash-separated slug of plain letters and digits. */
export function slugify(title: string): string {
  return title
    .replace(/<[^>]*>/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&[#\w]+;/g, '')
    .replace(/[^a-z0-9_\s-]/g, '')
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}
