/**
 * SEOPress's dynamic variables (`TagsToString::replace`): every `%%name%%` in a title or
 * description template becomes the post's, term's or site's value, `''` when it has none (an
 * unknown name too). One left-to-right scan, so linear in the template.
 */
import { phpDate } from '../../core/php/date.js';
import { stripAllTags, escHtml } from '../../core/schema/text.js';
import type { PostRow, TermRow } from './storage.js';

/** What the variables of one page are taken from. */
export interface VariableContext {
  /** Site title and tagline. */
  site: { name: string; description?: string };
  /** `seopress_titles_sep` (`-` when empty). */
  separator: string;
  /** The post of a singular page. */
  post?: PostRow;
  /** The post's permalink. */
  permalink?: string;
  /** The post's categories and tags, in their order. */
  categories?: readonly TermRow[];
  /** The post's tags. */
  tags?: readonly TermRow[];
  /** The post author's display name. */
  authorName?: string;
  /** WordPress's `time_format` option (`g:i a` by default), for `%%currenttime%%`. */
  timeFormat?: string;
  /** `_seopress_analysis_target_kw` of the post. */
  targetKeyword?: string;
  /** The term of a taxonomy page. */
  term?: TermRow;
  /** WordPress's `date_format` option (`F j, Y` by default). */
  dateFormat: string;
  /** Now, for the `current*` variables (milliseconds, site-local as UTC fields). */
  now: number;
}

/** A `YYYY-MM-DD HH:MM:SS` column as a date whose UTC fields are its own. */
const columnDate = (column: string): Date => new Date(`${column.replace(' ', 'T')}Z`);

/** `wp_trim_words`: the first `count` words, `…` after them when there were more. */
function trimWords(text: string, count: number): string {
  const words = text.split(/[\n\r\t ]+/).filter((word) => word !== '');
  return words.length > count ? `${words.slice(0, count).join(' ')}&hellip;` : words.join(' ');
}

/** Text of some HTML as SEOPress puts it in a meta: no tags, attribute-escaped. */
const plainText = (html: string): string => escHtml(stripAllTags(html.replaceAll('<br>', ' ')));

/** `%%post_excerpt%%`: the excerpt, else the content, as text cut to 50 words. */
function excerpt(c: VariableContext): string {
  return c.post ? trimWords(plainText(c.post.post_excerpt || c.post.post_content), 50) : '';
}

/** Each variable's value, by name and alias. */
const VARIABLES: Record<string, (context: VariableContext) => string> = {
  sep: (c) => c.separator || '-',
  sitetitle: (c) => c.site.name,
  sitename: (c) => c.site.name,
  tagline: (c) => c.site.description ?? '',
  sitedesc: (c) => c.site.description ?? '',
  post_title: (c) => (c.post ? plainText(c.post.post_title) : ''),
  title: (c) => (c.post ? plainText(c.post.post_title) : ''),
  post_author: (c) => escHtml(c.authorName ?? ''),
  wc_single_short_desc: excerpt,
  post_excerpt: excerpt,
  post_content: (c) => (c.post ? plainText(c.post.post_content) : ''),
  post_date: (c) => (c.post ? phpDate(c.dateFormat, columnDate(c.post.post_date)) : ''),
  date: (c) => (c.post ? phpDate(c.dateFormat, columnDate(c.post.post_date)) : ''),
  post_modified_date: (c) => (c.post ? phpDate(c.dateFormat, columnDate(c.post.post_modified)) : ''),
  post_url: (c) => c.permalink ?? '',
  post_category: (c) => c.categories?.[0]?.name ?? '',
  post_tag: (c) => c.tags?.[0]?.name ?? '',
  target_keyword: (c) => c.targetKeyword ?? '',
  term_title: (c) => c.term?.name ?? '',
  term_description: (c) => (c.term ? plainText(c.term.description) : ''),
  _category_title: (c) => (c.term?.taxonomy === 'category' ? c.term.name : ''),
  _category_description: (c) => (c.term?.taxonomy === 'category' ? plainText(c.term.description) : ''),
  tag_description: (c) => (c.term?.taxonomy === 'post_tag' ? plainText(c.term.description) : ''),
  tag_title: (c) => (c.term?.taxonomy === 'post_tag' ? c.term.name : ''),
  currentyear: (c) => phpDate('Y', new Date(c.now)),
  currentmonth: (c) => phpDate('F', new Date(c.now)),
  currentmonth_short: (c) => phpDate('M', new Date(c.now)),
  currentmonth_num: (c) => phpDate('n', new Date(c.now)),
  currentday: (c) => phpDate('j', new Date(c.now)),
  currentdate: (c) => phpDate(c.dateFormat, new Date(c.now)),
  currenttime: (c) => phpDate(c.timeFormat || 'g:i a', new Date(c.now)),
};

/** `TagsToString::replace`: each `%%name%%` (no line break inside) replaced by its value, `''` for none or `'0'`. */
export function replaceVariables(template: string, context: VariableContext): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = template.indexOf('%%', at);
    if (open < 0) break;
    const close = template.indexOf('%%', open + 2);
    if (close < 0) break;
    const name = template.slice(open + 2, close);
    if (name.includes('\n')) {
      // `.` stops at a line break: the match starts again after it.
      const cut = open + 2 + name.lastIndexOf('\n') + 1;
      out += template.slice(at, cut);
      at = cut;
      continue;
    }
    const value = Object.hasOwn(VARIABLES, name) ? VARIABLES[name]!(context) : '';
    out += template.slice(at, open) + (value === '0' ? '' : value);
    at = close + 2;
  }
  return out + template.slice(at);
}
