// What SEOPress's DomFilterContent reads from a rendered page with DOMDocument and XPath, read here
// in one pass over htmlparser2's tokens (html-tokens.ts): no tree is built, and an element whose
// text is gathered (the title, a heading, a link, a JSON-LD script) is closed by the next of its
// kind, as libxml's HTML parser closes an open `<a>` or heading, so a text run feeds at most four
// open gatherers however deep or unbalanced the markup.
import { decodeHTML } from 'entities';
import { scanHtml, type HtmlAttribute } from '../html-tokens.js';

/** A link of the page: its `href`, `rel`, `id` and `class` as given (null when absent) and its text. */
export interface PageLink {
  href: string | null;
  rel: string | null;
  id: string | null;
  className: string | null;
  text: string;
}

/** An `<img>` outside `<noscript>`: its attributes (decoded), by lower-cased name, first of each. */
export type PageImage = ReadonlyMap<string, string>;

/** The page as SEOPress's XPath queries see it. */
export interface PageDom {
  /** The first `<title>`'s text; '' when none. */
  title: string;
  /** The last `<meta name="description">`'s content; '' when none. */
  description: string;
  /** Each `<meta property="og:…">`'s content, by property, in page order. */
  og: ReadonlyMap<string, string[]>;
  /** Each `<meta name="…">`'s content (twitter:…, robots, google), by name, in page order. */
  named: ReadonlyMap<string, string[]>;
  /** Each `<link rel="canonical">`'s href. */
  canonical: string[];
  /** The text of each `<h1>`, `<h2>`, `<h3>`. */
  headings: { h1: string[]; h2: string[]; h3: string[] };
  links: PageLink[];
  images: PageImage[];
  /** The text of each `<script type="application/ld+json">`, as written. */
  jsonLd: string[];
}

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Text gathered for one open element: raw slices, decoded when it closes. */
interface Gatherer {
  name: string;
  parts: string[];
  done(text: string): void;
}

/** The first value of each attribute name (as HTML keeps the first of repeated ones), entities decoded. */
function attributesOf(list: readonly HtmlAttribute[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const { name, value } of list) if (!map.has(name)) map.set(name, value === null ? '' : decodeHTML(value));
  return map;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Reads the page's title, metas, canonical links, headings, links, images and JSON-LD scripts. */
export function readPageDom(html: string): PageDom {
  const dom = {
    title: '',
    description: '',
    og: new Map<string, string[]>(),
    named: new Map<string, string[]>(),
    canonical: [] as string[],
    headings: { h1: [] as string[], h2: [] as string[], h3: [] as string[] },
    links: [] as PageLink[],
    images: [] as PageImage[],
    jsonLd: [] as string[],
  };
  let titleSeen = false;
  let noscript = 0;
  // One open gatherer of each kind: title, heading, link, script.
  const open = new Map<'title' | 'heading' | 'link' | 'script', Gatherer>();
  const close = (kind: 'title' | 'heading' | 'link' | 'script', decode = true) => {
    const gatherer = open.get(kind);
    if (!gatherer) return;
    open.delete(kind);
    const raw = gatherer.parts.join('');
    gatherer.done(decode ? decodeHTML(raw) : raw);
  };

  scanHtml(html, (token) => {
    if (token.kind === 'text') {
      const text = html.slice(token.start, token.end);
      for (const gatherer of open.values()) gatherer.parts.push(text);
      return;
    }
    if (token.kind === 'close') {
      const { name } = token;
      if (name === 'title') close('title');
      else if (HEADINGS.has(name) && open.get('heading')?.name === name) close('heading');
      else if (name === 'a') close('link');
      else if (name === 'script') close('script', false);
      else if (name === 'noscript') noscript = Math.max(0, noscript - 1);
      else if (name === 'body' || name === 'html') for (const kind of [...open.keys()]) close(kind, kind !== 'script');
      return;
    }
    if (token.kind !== 'open') return;
    const { name } = token;
    if (name === 'title') {
      if (titleSeen) return;
      titleSeen = true;
      open.set('title', { name, parts: [], done: (text) => (dom.title = text) });
    } else if (name === 'meta') {
      const attributes = attributesOf(token.attributes);
      const content = attributes.get('content');
      if (content === undefined) return;
      const property = attributes.get('property');
      const metaName = attributes.get('name');
      if (property?.startsWith('og:')) push(dom.og, property, content);
      if (metaName === 'description') dom.description = content;
      else if (metaName !== undefined) push(dom.named, metaName, content);
    } else if (name === 'link') {
      const attributes = attributesOf(token.attributes);
      const href = attributes.get('href');
      if (attributes.get('rel') === 'canonical' && href !== undefined) dom.canonical.push(href);
    } else if (HEADINGS.has(name)) {
      close('heading');
      const list = name === 'h1' || name === 'h2' || name === 'h3' ? dom.headings[name] : null;
      open.set('heading', { name, parts: [], done: (text) => list?.push(text) });
    } else if (name === 'a') {
      close('link');
      const attributes = attributesOf(token.attributes);
      const link: PageLink = {
        href: attributes.get('href') ?? null,
        rel: attributes.get('rel') ?? null,
        id: attributes.get('id') ?? null,
        className: attributes.get('class') ?? null,
        text: '',
      };
      dom.links.push(link);
      open.set('link', { name, parts: [], done: (text) => (link.text = text) });
    } else if (name === 'img') {
      if (noscript === 0) dom.images.push(attributesOf(token.attributes));
    } else if (name === 'noscript') {
      noscript++;
    } else if (name === 'script') {
      close('script', false);
      if (attributesOf(token.attributes).get('type') === 'application/ld+json')
        open.set('script', { name, parts: [], done: (text) => dom.jsonLd.push(text) });
    }
  });
  for (const kind of [...open.keys()]) close(kind, kind !== 'script');
  return dom;
}
