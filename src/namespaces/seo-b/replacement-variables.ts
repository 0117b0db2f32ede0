/**
 * Yoast SEO's replacement variables (`WPSEO_Replace_Vars::replace`, 28.1): every `%%name%%` of a
 * title or description template becomes the page's value, and the ones without a value are
 * removed. Read as a REST request reads them (`get_head`): no main query, so `%%page%%` is always
 * empty and the page number and total are 1. One left-to-right scan: linear in the template.
 */
import { phpDate } from '../../core/php/date.js';
import { mbStrlen } from '../../core/php/strings.js';
import { sanitizeTextField, stripAllTags } from '../../core/schema/text.js';
import type { JsonValue } from '../../store/types.js';
import type { PostRow, TermRow } from './storage.js';

/** The longest template (after tags are stripped) whose variables are read; the rest is kept as written. */
const MAX_TEMPLATE = 4096;
/** How much of a post's content the excerpt and the other content variables read. */
const MAX_CONTENT = 65_536;
/** `%%excerpt%%`'s length in characters (80 for Japanese). */
const EXCERPT_LIMIT = 156;

/** A post author's facts the variables read (`get_the_author_meta`). */
export interface AuthorFacts {
  /** `display_name`. */
  displayName: string;
  /** `first_name` user meta. */
  firstName: string;
  /** `last_name` user meta. */
  lastName: string;
  /** `description` user meta (the biography). */
  description: string;
}

/** A post type's labels, for `%%pt_single%%` and `%%pt_plural%%`. */
export interface PostTypeLabels {
  /** `labels->singular_name`. */
  singular: string;
  /** `labels->name`. */
  plural: string;
}

/** What `presentation->source` is, the object the variables are read from. */
export type ReplacementSource =
  | {
      kind: 'post';
      /** The post. */
      post: PostRow;
      /** Its permalink. */
      permalink: string;
      /** Its author; null when the user is gone. */
      author: AuthorFacts | null;
      /** Its terms by taxonomy, each list in `get_the_terms` order (by name). */
      terms: ReadonlyMap<string, readonly TermRow[]>;
      /** Which taxonomies are hierarchical, in registration order (`%%category_title%%`). */
      hierarchical: readonly string[];
      /** Its primary category (`_yoast_wpseo_primary_category`), else null. */
      primaryCategory: TermRow | null;
      /** The parent post's `get_the_title`, else null. */
      parentTitle: string | null;
      /** Post meta read by `%%cf_<key>%%` and `%%focuskw%%`: each key's first value. */
      meta: Readonly<Record<string, JsonValue>>;
      /** Its post type's labels. */
      labels: PostTypeLabels;
    }
  | { kind: 'term'; term: TermRow; focusKeyword: string }
  | { kind: 'post-type-archive'; labels: PostTypeLabels }
  | { kind: 'none' };

/** The site's facts the variables read. */
export interface ReplacementSite {
  /** `get_bloginfo('name')` without tags. */
  name: string;
  /** `get_bloginfo('description')`. */
  description: string;
  /** The separator `%%sep%%` stands for (see `titleSeparator`). */
  separator: string;
  /** WordPress's `date_format` option. */
  dateFormat: string;
  /** WordPress's `time_format` option. */
  timeFormat: string;
  /** Now, in milliseconds, as site-local time in UTC fields. */
  now: number;
}

/** A `YYYY-MM-DD HH:MM:SS` column as a date whose UTC fields are its own. */
const columnDate = (column: string): Date => new Date(`${column.replace(' ', 'T')}Z`);

/** Yoast's `strip_shortcode`: registered shortcodes go with `strip_shortcodes`, then every `[…]`. */
function stripShortcodes(text: string): string {
  let out = '';
  let kept = 0;
  for (let open = text.indexOf('['); open >= 0; open = text.indexOf('[', kept)) {
    const close = text.indexOf(']', open + 1);
    if (close < 0) break;
    if (close === open + 1) {
      out += text.slice(kept, close + 1);
      kept = close + 1;
      continue;
    }
    out += text.slice(kept, open);
    kept = close + 1;
  }
  return kept === 0 ? text : out + text.slice(kept);
}

/** `get_terms` of the replace vars: the names joined with `, `, or only the first. */
function termNames(terms: readonly TermRow[] | undefined, single = false): string {
  if (!terms || terms.length === 0) return '';
  return single ? terms[0]!.name : terms.map((term) => term.name).join(', ');
}

/** `wp_html_excerpt`: the first characters of a text, without a character reference cut in two. */
function htmlExcerpt(text: string, length: number): string {
  const cut = [...text.slice(0, length * 2)].slice(0, length).join('');
  const amp = cut.lastIndexOf('&');
  return amp >= 0 && !cut.includes(';', amp) ? cut.slice(0, amp) : cut;
}

/** `%%excerpt%%`: the hand-written excerpt, else the content cut at a word before 156 characters. */
function excerptOf(post: PostRow): string | null {
  if (post.post_password !== '') return null;
  if (post.post_excerpt !== '') return stripAllTags(stripShortcodes(post.post_excerpt));
  if (post.post_content === '') return null;
  const content = stripAllTags(stripShortcodes(post.post_content.slice(0, MAX_CONTENT)));
  if (mbStrlen(content) <= EXCERPT_LIMIT) return content;
  const excerpt = htmlExcerpt(content, EXCERPT_LIMIT);
  const space = excerpt.lastIndexOf(' ');
  return space > 0 ? excerpt.slice(0, space) : excerpt;
}

type Variable = (source: ReplacementSource, site: ReplacementSite) => string | null | undefined;

const nonEmpty = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);
const post = (source: ReplacementSource): PostRow | null => (source.kind === 'post' ? source.post : null);
const author = (source: ReplacementSource): AuthorFacts | null => (source.kind === 'post' ? source.author : null);
const postDate = (source: ReplacementSource, format: string): string | null => {
  const row = post(source);
  return row ? phpDate(format, columnDate(row.post_date)) : null;
};
const termDescription = (source: ReplacementSource): string | null =>
  source.kind === 'term' ? nonEmpty(stripAllTags(source.term.description)) : null;
const labels = (source: ReplacementSource): PostTypeLabels | null =>
  source.kind === 'post' || source.kind === 'post-type-archive' ? source.labels : null;

/** Each variable Yoast defines (`retrieve_<name>`), by name. */
const VARIABLES: ReadonlyMap<string, Variable> = new Map<string, Variable>([
  ['category', (s) => (s.kind === 'post' ? nonEmpty(termNames(s.terms.get('category'))) : null)],
  ['category_description', termDescription],
  ['date', (s, site) => postDate(s, site.dateFormat)],
  ['excerpt', (s) => (s.kind === 'post' ? excerptOf(s.post) : null)],
  [
    'excerpt_only',
    (s) => (s.kind === 'post' && s.post.post_excerpt !== '' && s.post.post_password === '' ? stripAllTags(s.post.post_excerpt) : null),
  ],
  [
    'caption',
    (s) => (s.kind === 'post' && s.post.post_excerpt !== '' && s.post.post_password === '' ? stripAllTags(s.post.post_excerpt) : null),
  ],
  ['parent_title', (s) => (s.kind === 'post' ? s.parentTitle : null)],
  ['searchphrase', () => null],
  ['sep', (_, site) => site.separator],
  ['sitedesc', (_, site) => nonEmpty(stripAllTags(site.description))],
  ['sitename', (_, site) => nonEmpty(site.name)],
  ['tag', (s) => (s.kind === 'post' ? nonEmpty(termNames(s.terms.get('post_tag'))) : null)],
  ['tag_description', termDescription],
  ['term_description', termDescription],
  ['term_title', (s) => (s.kind === 'term' ? nonEmpty(s.term.name) : null)],
  ['title', (s) => (s.kind === 'post' ? nonEmpty(s.post.post_title) : null)],
  ['primary_category', (s) => (s.kind === 'post' ? (s.primaryCategory?.name ?? null) : null)],
  ['archive_title', () => 'Archives'],
  ['currentdate', (_, site) => phpDate(site.dateFormat, new Date(site.now))],
  ['currentday', (_, site) => phpDate('j', new Date(site.now))],
  ['currentmonth', (_, site) => phpDate('F', new Date(site.now))],
  ['currenttime', (_, site) => phpDate(site.timeFormat, new Date(site.now))],
  ['currentyear', (_, site) => phpDate('Y', new Date(site.now))],
  [
    'focuskw',
    (s) => {
      if (s.kind === 'term') return nonEmpty(s.focusKeyword);
      const value = s.kind === 'post' ? s.meta._yoast_wpseo_focuskw : undefined;
      return typeof value === 'string' ? nonEmpty(value) : null;
    },
  ],
  ['id', (s) => (s.kind === 'post' ? String(s.post.ID) : null)],
  ['modified', (s, site) => (s.kind === 'post' ? phpDate(site.dateFormat, columnDate(s.post.post_modified)) : null)],
  ['name', (s) => nonEmpty(author(s)?.displayName)],
  ['user_description', (s) => nonEmpty(author(s)?.description)],
  ['page', () => null],
  ['pagenumber', () => '1'],
  ['pagetotal', () => '1'],
  ['pt_plural', (s) => nonEmpty(labels(s)?.plural)],
  ['pt_single', (s) => nonEmpty(labels(s)?.singular)],
  ['term404', () => null],
  ['userid', (s) => String(post(s)?.post_author || '')],
  ['post_year', (s) => postDate(s, 'Y')],
  ['post_month', (s) => postDate(s, 'F')],
  ['post_day', (s) => postDate(s, 'd')],
  ['author_first_name', (s) => nonEmpty(author(s)?.firstName)],
  ['author_last_name', (s) => nonEmpty(author(s)?.lastName)],
  ['permalink', (s) => (s.kind === 'post' ? s.permalink : null)],
  [
    'post_content',
    (s) =>
      s.kind === 'post' && s.post.post_content !== '' && s.post.post_password === ''
        ? stripAllTags(stripShortcodes(s.post.post_content.slice(0, MAX_CONTENT)))
        : null,
  ],
  [
    'category_title',
    (s) => {
      if (s.kind !== 'post') return null;
      for (const taxonomy of s.hierarchical) {
        const first = s.terms.get(taxonomy)?.[0];
        if (first) return first.name;
      }
      return null;
    },
  ],
]);

/** `retrieve_cf_…`, `retrieve_ct_desc_…`, `retrieve_ct_…` and the named variables: a variable's value, null when it has none. */
function valueOf(name: string, single: boolean, source: ReplacementSource, site: ReplacementSite): string | null {
  if (name.startsWith('cf_')) {
    if (source.kind !== 'post') return null;
    const value = source.meta[name.slice(3)];
    return typeof value === 'string' || typeof value === 'number' ? nonEmpty(sanitizeTextField(String(value))) : null;
  }
  if (name.startsWith('ct_desc_')) {
    const first = source.kind === 'post' ? source.terms.get(name.slice(8))?.[0] : undefined;
    return first ? nonEmpty(stripAllTags(first.description)) : null;
  }
  if (name.startsWith('ct_')) {
    if (source.kind !== 'post') return null;
    return nonEmpty(termNames(source.terms.get(name.slice(3)), single));
  }
  return VARIABLES.get(name)?.(source, site) ?? null;
}

/** One `%%…%%` the template holds: its name as Yoast's pattern captures it, and where it is. */
interface Found {
  name: string;
  single: boolean;
  start: number;
  end: number;
}

/**
 * `preg_match_all('`%%([^%]+(%%single)?)%%?`iu')`: each match from `%%` over a run without `%`,
 * an optional `%%single`, and one or two closing `%`.
 */
function findVariables(text: string): Found[] {
  const found: Found[] = [];
  for (let start = text.indexOf('%%'); start >= 0;) {
    let run = start + 2;
    while (run < text.length && text[run] !== '%') run++;
    if (run === start + 2) {
      start = text.indexOf('%%', start + 1);
      continue;
    }
    if (run >= text.length) break;
    let nameEnd = run;
    let single = false;
    if (text.slice(run, run + 8).toLowerCase() === '%%single' && text[run + 8] === '%') {
      nameEnd = run + 8;
      single = true;
    }
    let end = nameEnd + 1;
    if (text[end] === '%') end++;
    found.push({ name: text.slice(start + 2, nameEnd), single, start, end });
    start = text.indexOf('%%', end);
  }
  return found;
}

/** `str_replace` of `%%sep%%`'s doubles: a separator followed by more, only spaces between, becomes one. */
function undoubleSeparators(text: string, separator: string): string {
  let out = '';
  let kept = 0;
  for (let at = text.indexOf(separator); at >= 0; at = text.indexOf(separator, kept)) {
    let end = at + separator.length;
    for (;;) {
      let next = end;
      while (next < text.length && ' \t\n\r\v\f'.includes(text[next]!)) next++;
      if (!text.startsWith(separator, next)) break;
      end = next + separator.length;
    }
    out += text.slice(kept, at) + separator;
    kept = end;
  }
  return kept === 0 ? text : out + text.slice(kept);
}

/** The string helper's `standardize_whitespace`: tabs and line breaks as spaces, double spaces halved once, trimmed. */
function standardizeWhitespace(text: string): string {
  return text
    .replace(/[\t\n\r\f]/g, ' ')
    .replaceAll('  ', ' ')
    .trim();
}

/**
 * `WPSEO_Replace_Vars::replace( $text, $source )`: tags stripped, each variable replaced by its
 * value or removed, separators left side by side merged, white space standardised. A value that
 * itself holds a variable is kept as written (Yoast's `str_replace` of every variable in turn may
 * replace it again).
 */
export function replaceVariables(template: string, source: ReplacementSource, site: ReplacementSite): string {
  const text = stripAllTags(template);
  if (!text.includes('%%')) return standardizeWhitespace(text);
  const head = text.length > MAX_TEMPLATE ? text.slice(0, MAX_TEMPLATE) : text;
  const values = new Map<string, string | null>();
  let out = '';
  let kept = 0;
  for (const found of findVariables(head)) {
    const key = `${found.name}${found.single ? '/single' : ''}`;
    if (!values.has(key)) values.set(key, valueOf(found.name, found.single, source, site));
    const value = values.get(key);
    // Yoast replaces (or, without a value, removes) `%%name%%`: a match closed by one `%` stays as written.
    if (found.end - found.start !== found.name.length + 4) continue;
    out += text.slice(kept, found.start) + (value ?? '');
    kept = found.end;
  }
  let replaced = out + text.slice(kept);
  if (site.separator !== '' && values.has('sep')) replaced = undoubleSeparators(replaced, site.separator);
  return standardizeWhitespace(replaced);
}

/** The `%%cf_<key>%%` custom fields some templates read, so their meta can be loaded with the post's. */
export function customFieldKeys(templates: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const template of templates)
    for (const found of findVariables(template.slice(0, MAX_TEMPLATE))) if (found.name.startsWith('cf_')) keys.add(found.name.slice(3));
  return [...keys];
}
