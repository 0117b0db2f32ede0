// A streaming reader of WordPress eXtended RSS (WXR 1.0–1.2): the file's bytes in, its authors,
// terms and items out one record at a time, in the file's order, so a file of any size is read in
// the memory of one item. The XML is parsed by saxes, which expands no DTD entity (a DOCTYPE is
// refused outright: WordPress never writes one), so entity expansion and external entities cannot
// happen. Every text is capped before it is kept: the parser's pending text is measured after each
// slice of input, so a text node larger than its cap is refused having held one slice more.
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { isRestError, type RestError } from '../../core/errors/rest-error.js';
import { invalidWxr } from './errors.js';
import type { WxrAuthor, WxrMeta, WxrPost, WxrPostTerm, WxrRecord, WxrTerm } from './records.js';

/** Limits of {@link readWxr}, in characters. */
export interface WxrReadOptions {
  /** The longest post content, excerpt, meta value or any element not read (default 64 Mi characters). */
  maxContentLength?: number;
  /** The longest of every other field: titles, names, slugs, dates (default 1 Mi characters). */
  maxFieldLength?: number;
}

const MI = 1024 * 1024;
/** Elements nest 4 deep in a WXR file; deeper is no export. */
const MAX_DEPTH = 32;
/** The input is handed to the parser in slices of this many characters, the overshoot of a cap. */
const SLICE = 64 * 1024;

const WP_NAMESPACE = /^https?:\/\/wordpress\.org\/export\/1\.[0-2]\/$/;
const EXCERPT_NAMESPACE = /^https?:\/\/wordpress\.org\/export\/1\.[0-2]\/excerpt\/$/;
const PREFIXES = new Map([
  ['http://purl.org/rss/1.0/modules/content/', 'content'],
  ['http://purl.org/dc/elements/1.1/', 'dc'],
]);

/** An element's name as WordPress's parser reads it (`wp:post_id`, `content:encoded`, `title`); empty for a namespace it does not read. */
function qualifiedName(uri: string, local: string): string {
  if (uri === '') return local;
  if (WP_NAMESPACE.test(uri)) return `wp:${local}`;
  if (EXCERPT_NAMESPACE.test(uri)) return `excerpt:${local}`;
  const prefix = PREFIXES.get(uri);
  return prefix === undefined ? '' : `${prefix}:${local}`;
}

const RECORDS = new Set(['wp:author', 'wp:category', 'wp:tag', 'wp:term', 'item']);
const LONG_FIELDS = new Set(['content:encoded', 'excerpt:encoded', 'wp:meta_value']);

/** An element whose text is being read. */
interface Leaf {
  name: string;
  line: number;
  cap: number;
  length: number;
  texts: string[];
  cdata: string[];
  attributes: Map<string, string>;
}

/** An author, term or item being read. */
interface OpenRecord {
  name: string;
  line: number;
  fields: Map<string, string>;
  meta: WxrMeta[];
  terms: WxrPostTerm[];
  comments: number;
}

const int = (text: string | undefined): number => Number.parseInt(text?.trim() ?? '', 10) || 0;

/** A leaf's value: its CDATA sections with the text between them, the indentation around them left out. */
function leafValue(leaf: Leaf, parts: Array<{ cdata: boolean; text: string }>): string {
  if (leaf.cdata.length === 0) return leaf.texts.join('');
  return parts
    .filter((part) => part.cdata || part.text.trim() !== '')
    .map((part) => part.text)
    .join('');
}

function authorOf(fields: Map<string, string>): WxrAuthor {
  return {
    id: int(fields.get('wp:author_id')),
    login: fields.get('wp:author_login') ?? '',
    email: fields.get('wp:author_email') ?? '',
    displayName: fields.get('wp:author_display_name') ?? '',
    firstName: fields.get('wp:author_first_name') ?? '',
    lastName: fields.get('wp:author_last_name') ?? '',
  };
}

function termOf(record: OpenRecord): WxrTerm {
  const f = record.fields;
  const base = { id: int(f.get('wp:term_id')), meta: record.meta };
  if (record.name === 'wp:category')
    return {
      ...base,
      taxonomy: 'category',
      slug: f.get('wp:category_nicename') ?? '',
      name: f.get('wp:cat_name') ?? '',
      parent: f.get('wp:category_parent') ?? '',
      description: f.get('wp:category_description') ?? '',
    };
  if (record.name === 'wp:tag')
    return {
      ...base,
      taxonomy: 'post_tag',
      slug: f.get('wp:tag_slug') ?? '',
      name: f.get('wp:tag_name') ?? '',
      parent: '',
      description: f.get('wp:tag_description') ?? '',
    };
  return {
    ...base,
    taxonomy: f.get('wp:term_taxonomy') ?? '',
    slug: f.get('wp:term_slug') ?? '',
    name: f.get('wp:term_name') ?? '',
    parent: f.get('wp:term_parent') ?? '',
    description: f.get('wp:term_description') ?? '',
  };
}

function postOf(record: OpenRecord): WxrPost {
  const f = record.fields;
  const text = (name: string) => f.get(name) ?? '';
  return {
    line: record.line,
    id: int(f.get('wp:post_id')),
    title: text('title'),
    guid: text('guid'),
    creator: text('dc:creator'),
    content: text('content:encoded'),
    excerpt: text('excerpt:encoded'),
    date: text('wp:post_date').trim(),
    dateGmt: text('wp:post_date_gmt').trim(),
    modified: text('wp:post_modified').trim(),
    modifiedGmt: text('wp:post_modified_gmt').trim(),
    commentStatus: text('wp:comment_status'),
    pingStatus: text('wp:ping_status'),
    name: text('wp:post_name'),
    status: text('wp:status'),
    parent: int(f.get('wp:post_parent')),
    menuOrder: int(f.get('wp:menu_order')),
    type: text('wp:post_type'),
    password: text('wp:post_password'),
    sticky: int(f.get('wp:is_sticky')) === 1,
    attachmentUrl: text('wp:attachment_url'),
    terms: record.terms,
    meta: record.meta,
    comments: record.comments,
  };
}

function recordOf(record: OpenRecord): WxrRecord {
  if (record.name === 'wp:author') return { kind: 'author', author: authorOf(record.fields) };
  if (record.name === 'item') return { kind: 'post', post: postOf(record) };
  return { kind: 'term', term: termOf(record) };
}

/** The parser's state over one file: `write` its text slice by slice, `end` it, `take` the records read so far. */
function wxrParser(options: WxrReadOptions) {
  const maxContent = options.maxContentLength ?? 64 * MI;
  const maxField = options.maxFieldLength ?? MI;
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: string[] = [];
  const done: WxrRecord[] = [];
  let version = '';
  let record: OpenRecord | null = null;
  let meta: { key: string; value: string } | null = null;
  let leaf: Leaf | null = null;
  let leafDepth = -1;
  let parts: Array<{ cdata: boolean; text: string }> = [];
  /** Where the last event left the parser: what lies after it is text the parser holds. */
  let settled = 0;
  let recordLength = 0;

  const fail = (message: string, line = parser.line): RestError => invalidWxr(line, message);

  function addText(text: string, cdata: boolean): void {
    settled = parser.position;
    if (!leaf) return;
    leaf.length += text.length;
    recordLength += text.length;
    if (leaf.length > leaf.cap) throw fail(`<${leaf.name}> is longer than ${leaf.cap} characters`, leaf.line);
    if (recordLength > 4 * maxContent) throw fail(`the <${record?.name}> is longer than ${4 * maxContent} characters`, record?.line);
    (cdata ? leaf.cdata : leaf.texts).push(text);
    parts.push({ cdata, text });
  }

  function openLeaf(name: string, tag: SaxesTagNS): void {
    const attributes = new Map<string, string>();
    for (const attribute of Object.values(tag.attributes)) attributes.set(attribute.local, attribute.value);
    leafDepth = stack.length - 1;
    leaf = { name, line: parser.line, cap: LONG_FIELDS.has(name) ? maxContent : maxField, length: 0, texts: [], cdata: [], attributes };
    parts = [];
  }

  function closeLeaf(closed: Leaf): void {
    const value = leafValue(closed, parts);
    parts = [];
    if (closed.name === 'wp:wxr_version') {
      if (!/^\d+\.\d+$/.test(value.trim())) throw fail(`<wp:wxr_version> is "${value.slice(0, 20)}", not a version number`);
      version = value.trim();
    } else if (meta) {
      if (closed.name === 'wp:meta_key') meta.key = value;
      else if (closed.name === 'wp:meta_value') meta.value = value;
    } else if (record?.name === 'item' && closed.name === 'category') {
      const taxonomy = closed.attributes.get('domain');
      const slug = closed.attributes.get('nicename');
      // WordPress's parser reads a category element only with its slug (RSS's bare `category` has none).
      if (taxonomy !== undefined && slug !== undefined) record.terms.push({ taxonomy, slug, name: value });
    } else if (record && !record.fields.has(closed.name)) {
      record.fields.set(closed.name, value);
    }
  }

  parser.on('doctype', () => {
    throw fail('the file has a DOCTYPE, which a WordPress export never has (its entities are not read)');
  });
  parser.on('text', (text) => addText(text, false));
  parser.on('cdata', (text) => addText(text, true));
  parser.on('comment', () => {
    settled = parser.position;
  });
  parser.on('processinginstruction', () => {
    settled = parser.position;
  });
  parser.on('opentag', (tag) => {
    settled = parser.position;
    const name = qualifiedName(tag.uri, tag.local);
    const depth = stack.length;
    stack.push(name);
    if (depth >= MAX_DEPTH) throw fail(`elements nest deeper than ${MAX_DEPTH} levels`);
    if (depth === 0) {
      if (name !== 'rss') throw fail(`not a WordPress export: the root element is <${tag.name}>, not <rss>`);
      return;
    }
    const parent = stack[depth - 1];
    if (depth === 2 && parent === 'channel') {
      if (RECORDS.has(name)) {
        if (version === '') throw fail(`not a WordPress export: <${tag.name}> before any <wp:wxr_version> (an RSS feed?)`);
        record = { name, line: parser.line, fields: new Map(), meta: [], terms: [], comments: 0 };
        recordLength = 0;
      } else if (name === 'wp:wxr_version') openLeaf(name, tag);
      return;
    }
    if (!record || leaf) return;
    if (depth === 3) {
      if ((record.name === 'item' && name === 'wp:postmeta') || name === 'wp:termmeta') meta = { key: '', value: '' };
      else if (record.name === 'item' && name === 'wp:comment') record.comments += 1;
      else if (name !== '') openLeaf(name, tag);
    } else if (depth === 4 && meta && (name === 'wp:meta_key' || name === 'wp:meta_value')) openLeaf(name, tag);
  });
  parser.on('closetag', () => {
    settled = parser.position;
    const depth = stack.length - 1;
    stack.pop();
    if (leaf && depth === leafDepth) {
      const closed = leaf;
      leaf = null;
      closeLeaf(closed);
    } else if (depth === 3 && meta && record) {
      record.meta.push(meta);
      meta = null;
    } else if (depth === 2 && record) {
      done.push(recordOf(record));
      record = null;
    }
  });

  /** Feeds the parser, turning its errors into ours with the line. */
  function feed(step: () => void): void {
    try {
      step();
    } catch (error) {
      if (isRestError(error)) throw error;
      const message = (error as Error).message.replace(/^\d+:\d+: /, '');
      throw fail(`not well-formed XML: ${message}`);
    }
    const pending = parser.position - settled;
    const cap = leaf ? leaf.cap - leaf.length : maxContent;
    if (pending > cap)
      throw fail(`<${leaf?.name ?? stack.at(-1) ?? 'text'}> is longer than ${leaf?.cap ?? maxContent} characters`, leaf?.line);
  }

  /** Lines before the first character that is not white space; -1 once it is seen. */
  let blankLines = 0;

  /** A file not starting with markup is refused at its first character, not at its end. */
  function checkStart(text: string): void {
    const first = text.search(/\S/);
    if (first < 0) {
      blankLines += text.split('\n').length - 1;
      return;
    }
    if (text[first] !== '<')
      throw fail('not XML: the file starts with text, not with markup', blankLines + text.slice(0, first).split('\n').length);
    blankLines = -1;
  }

  return {
    write(text: string): void {
      if (blankLines >= 0) checkStart(text);
      feed(() => parser.write(text));
    },
    end(): void {
      if (stack.length > 0) throw fail(`the file ends inside <${stack.at(-1) || 'an element'}>: it is cut short`);
      feed(() => parser.close());
      if (version === '') throw fail('not a WordPress export: no <wp:wxr_version>');
    },
    take: (): WxrRecord[] => done.splice(0),
  };
}

/** The slices of `text` at most {@link SLICE} long, never splitting a surrogate pair. */
function* slices(text: string): Generator<string> {
  for (let at = 0; at < text.length;) {
    let end = Math.min(at + SLICE, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
    yield text.slice(at, end);
    at = end;
  }
}

/**
 * Reads a WXR file (chunks of UTF-8 bytes or text: a Node stream, a web `ReadableStream`) into its
 * records, in the file's order. A file that is not a WordPress export, not well-formed XML, cut
 * short, holds a DOCTYPE or a text over its cap throws a `wxr_invalid` RestError naming the line.
 */
export async function* readWxr(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options: WxrReadOptions = {},
): AsyncGenerator<WxrRecord> {
  const parser = wxrParser(options);
  const decoder = new TextDecoder();
  let first = true;
  // A string is iterable too, one character at a time: it is read as one chunk.
  for await (const chunk of typeof source === 'string' ? [source] : source) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && text !== '') {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    for (const slice of slices(text)) {
      parser.write(slice);
      yield* parser.take();
    }
  }
  parser.write(decoder.decode());
  parser.end();
  yield* parser.take();
}
