// The text transformations WordPress applies when it renders a post, reduced to what plain
// posts need: block delimiters, paragraphs, typographic quotes and excerpts. Markup is
// read by the tokenizer (html-tokens.ts) and tags stripped by PHP's `strip_tags` state machine,
// so each step is a single pass over content however malformed.
import { stripAllTags } from '../../core/schema/text.js';
import { rewriteHtml, scanHtml } from '../html-tokens.js';

/** Elements `wpautop` leaves unwrapped when a paragraph starts with one of their tags. */
const BLOCK_ELEMENTS = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'pre',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'figure',
  'figcaption',
  'hr',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'nav',
  'form',
  'fieldset',
  'address',
  'details',
  'summary',
]);

/** What follows `<!--` in a block delimiter (`<!-- wp:name -->`, `<!-- /wp:name -->`), read at a comment's text. */
const BLOCK_DELIMITER_START = /[ \t\n\r\f\v]+\/?wp:/y;

/** Whether content holds block markup (`has_blocks`). */
export function hasBlocks(content: string): boolean {
  return content.includes('<!-- wp:');
}

/** Whether a paragraph starts with the start or end tag of a block element. */
function startsWithBlockTag(chunk: string): boolean {
  if (!chunk.startsWith('<')) return false;
  let block = false;
  scanHtml(chunk, (token) => {
    block = token.start === 0 && (token.kind === 'open' || token.kind === 'close') && BLOCK_ELEMENTS.has(token.name);
    return false;
  });
  return block;
}

/** `wpautop`: blank-line-separated text becomes paragraphs, single newlines `<br />`. */
function autop(text: string): string {
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  if (trimmed === '') return '';
  const chunks = trimmed
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk !== '');
  return `${chunks.map((chunk) => (startsWithBlockTag(chunk) ? chunk : `<p>${chunk.replaceAll('\n', '<br />\n')}</p>`)).join('\n')}\n`;
}

/** Block content without its delimiter comments (the block markup WordPress renders away). */
function withoutBlockDelimiters(html: string): string {
  return rewriteHtml(html, (token) => {
    if (token.kind !== 'comment' || !token.closed) return undefined;
    BLOCK_DELIMITER_START.lastIndex = token.body.start;
    return BLOCK_DELIMITER_START.test(html) ? '' : undefined;
  });
}

/** `the_content`: block delimiters removed from block content, `wpautop` for classic content. */
export function renderContent(raw: string): string {
  return hasBlocks(raw) ? withoutBlockDelimiters(raw) : autop(raw);
}

/** `wptexturize` + `convert_chars` for one run of a title's text; `quote` answers each `"` in turn. */
function texturize(text: string, quote: () => string): string {
  return text
    .replace(/&(?![#\w]+;)/g, '&#038;')
    .replaceAll('...', '&#8230;')
    .replaceAll(' -- ', ' &#8212; ')
    .replaceAll('--', '&#8211;')
    .replace(/(\w)'(\w)/g, '$1&#8217;$2')
    .replaceAll('"', quote);
}

/**
 * `wptexturize` + `convert_chars` for titles: dashes, ellipses, apostrophes and a lone `&` in
 * the text between tags, its double quotes curled in pairs across the whole title (an unpaired
 * last one stays straight); the tags as written.
 */
export function renderTitle(raw: string): string {
  let count = 0;
  scanHtml(raw, (token) => {
    if (token.kind === 'text') for (let i = token.start; i < token.end; i++) if (raw.charCodeAt(i) === 0x22) count++;
  });
  const paired = count - (count % 2);
  let seen = 0;
  const quote = () => {
    const i = seen++;
    return i >= paired ? '"' : i % 2 === 0 ? '&#8220;' : '&#8221;';
  };
  return rewriteHtml(raw, (token) => (token.kind === 'text' ? texturize(raw.slice(token.start, token.end), quote) : undefined)).trim();
}

/** `wp_trim_excerpt`'s generated excerpt: the rendered content without tags, cut to 55 words; empty when it has none. */
function trimmedContent(renderedContent: () => string): string {
  const words = stripAllTags(renderedContent())
    .split(/\s+/)
    .filter((word) => word !== '');
  return words.length > 55 ? `${words.slice(0, 55).join(' ')} [&hellip;]` : words.join(' ');
}

/**
 * `wp_trim_excerpt` as `the_excerpt` shows it: the hand-written excerpt, or the rendered content
 * without tags cut to 55 words, as a paragraph. `renderedContent` is asked for only when the
 * excerpt is empty, so a caller that also shows the content renders it once.
 */
export function renderExcerpt(rawExcerpt: string, renderedContent: () => string): string {
  return autop(rawExcerpt.trim() !== '' ? rawExcerpt : trimmedContent(renderedContent));
}

/**
 * `get_the_excerpt` of a post: the hand-written excerpt as written, else `wp_trim_excerpt`'s cut
 * of the rendered content, without `the_excerpt`'s paragraphs; WordPress's notice for a
 * password-protected post, whose text a reader without the password may not see.
 */
export function theExcerpt(post: { excerpt: string; password: string }, renderedContent: () => string): string {
  if (post.password !== '') return 'There is no excerpt because this is a protected post.';
  return post.excerpt !== '' ? post.excerpt : trimmedContent(renderedContent);
}
