// SEOPress's DomFilterContent::getData: the page's SEO elements in the shape its admin screen reads,
// each entry `{class, value}` (`options` too where the plugin passes some) as the plugin answers it,
// class names included, then `id`, `permalink` and `id_homepage`.
import { phpJsonDecode } from '../../core/php/json-decode.js';
import { urlHost } from '../../core/php/parse-url.js';
import { asciiLower } from '../../core/php/strings.js';
import { isPhpArray, numericValue } from '../../core/php/values.js';
import { setOwn } from '../../core/own-property.js';
import type { JsonValue } from '../../store/types.js';
import type { PageDom, PageImage, PageLink } from './page-dom.js';

/** A post that links to the analysed one (SEOPress's InternalLinks: a search for its permalink). */
export interface InternalLink {
  id: number;
  edit_post_link: string;
  url: string;
  value: string;
}

/** What the page data needs besides the page. */
export interface PageFacts {
  /** The analysed post's id. */
  id: number;
  /** Its permalink (`get_permalink`). */
  permalink: string;
  /** `get_option('page_on_front')`, as the option holds it. */
  frontPage: string;
  /** The site's home URL, without a trailing slash. */
  home: string;
  /** Posts whose text holds the permalink. */
  internalLinks: InternalLink[];
}

/** The page data: each key's entry, in SEOPress's order. */
export type PageData = Record<string, { [key: string]: JsonValue }>;

const NS = '\\SEOPress\\Services\\ContentAnalysis\\GetContent\\';

/** Where SEOPress's Image looks for a picture's address, in its order (lazy loaders' attributes after `src`). */
const IMAGE_SOURCES = [
  'src',
  'data-src',
  'data-lazy-src',
  'data-original',
  'data-lazy',
  'data-defer-src',
  'data-delayed-src',
  'data-srcset',
  'data-cache-src',
  'data-cdn-src',
  'data-retina-src',
  'data-fallback-src',
];
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'bmp', 'ico']);

/** PHP 8's `$attribute <= 1`: a numeric string by its number, any other compared as text with `"1"`. */
function atMostOne(value: string): boolean {
  const n = numericValue(value);
  return n === undefined ? value <= '1' : n <= 1;
}

/** PHP's `\b(word)\b` with `i`: `word` with no ASCII word character on either side. */
function hasWord(text: string, word: string): boolean {
  const haystack = asciiLower(text);
  const isWord = (code: number) =>
    (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
  for (let at = haystack.indexOf(word); at >= 0; at = haystack.indexOf(word, at + 1)) {
    const end = at + word.length;
    if ((at === 0 || !isWord(haystack.charCodeAt(at - 1))) && (end === haystack.length || !isWord(haystack.charCodeAt(end)))) return true;
  }
  return false;
}

/** `FILTER_VALIDATE_URL` as far as a picture's address needs it: a scheme, a host for web addresses, no spaces or non-ASCII. */
function isUrl(url: string): boolean {
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code <= 0x20 || code >= 0x7f) return false;
  }
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return !(parsed.protocol === 'http:' || parsed.protocol === 'https:') || parsed.hostname !== '';
}

/** Image::get_image_source: the first source attribute holding a valid picture address, made absolute; '' when none. */
function imageSource(image: PageImage, home: string): string {
  for (const name of IMAGE_SOURCES) {
    let src = image.get(name);
    if (src === undefined) continue;
    if (name === 'data-srcset' && src.includes(',')) src = src.split(',')[0]!.trim().split(' ')[0]!;
    src = src.trim();
    if (!src.startsWith('data:')) {
      if (src.startsWith('//')) src = `https:${src}`;
      else if (src.startsWith('/')) src = `${home}${src}`;
    }
    if (src === '' || !isUrl(src)) continue;
    if (src.startsWith('data:')) return src;
    const path = new URL(src).pathname;
    const base = path.slice(path.lastIndexOf('/') + 1);
    const dot = base.lastIndexOf('.');
    const extension = dot < 0 ? '' : base.slice(dot + 1).toLowerCase();
    if (extension === '' || IMAGE_EXTENSIONS.has(extension)) return src;
  }
  return '';
}

/**
 * SEOPress's Image: pictures with a source, leaving out avatars and 1-pixel trackers (a width or
 * height given makes both count, so a missing one reads as `'' <= 1`, as in PHP). The plugin also
 * downloads each picture to drop those under 100 bytes; that fetch is left out, as no default
 * reaches the network.
 */
function images(list: readonly PageImage[], home: string): JsonValue[] {
  const out: JsonValue[] = [];
  for (const image of list) {
    const src = imageSource(image, home);
    if (src === '' || hasWord(image.get('class') ?? '', 'avatar')) continue;
    if ((image.has('width') || image.has('height')) && (atMostOne(image.get('width') ?? '') || atMostOne(image.get('height') ?? '')))
      continue;
    out.push({ src, alt: image.get('alt') ?? '' });
  }
  return out;
}

/** LinkNoFollow: links whose `rel` holds `nofollow` but not `ugc`, but for the comment reply links. */
function noFollowLinks(links: readonly PageLink[]): JsonValue[] {
  return links
    .filter((link) => link.rel !== null && link.rel.includes('nofollow') && !link.rel.includes('ugc'))
    .filter((link) => !hasWord(link.id ?? '', 'cancel-comment-reply-link') && !hasWord(link.className ?? '', 'comment-reply-link'))
    .map((link) => ({ value: link.text, url: link.href ?? '' }));
}

/** OutboundLinks: links whose `href` does not hold the site's host and names a host of its own. */
function outboundLinks(links: readonly PageLink[], siteHost: string): JsonValue[] {
  return links
    .filter((link) => !(link.href ?? '').includes(siteHost) && urlHost(link.href ?? '') !== '')
    .map((link) => ({ value: link.text, url: link.href ?? '' }));
}

/** Schema: the `@type` of each JSON-LD script that decodes to an object having one. */
function schemaTypes(scripts: readonly string[]): JsonValue[] {
  const types: JsonValue[] = [];
  for (const script of scripts) {
    const decoded = phpJsonDecode(script);
    if (!decoded.ok || !isPhpArray(decoded.value) || Array.isArray(decoded.value)) continue;
    const type = (decoded.value as Record<string, JsonValue>)['@type'];
    if (Object.hasOwn(decoded.value, '@type') && type !== null && type !== undefined) types.push(type);
  }
  return types;
}

/** The page data SEOPress's DomFilterContent answers for a rendered page; `{code: 'no_data'}` for an empty one. */
export function pageData(html: string, dom: PageDom | null, facts: PageFacts): PageData | { code: 'no_data' } {
  if (html === '' || dom === null) return { code: 'no_data' };
  const siteHost = urlHost(facts.home);
  const entries: Array<[string, string, JsonValue, JsonValue?]> = [
    ['title', 'Title', dom.title],
    ['description', 'Description', dom.description],
    ['og:title', 'OG\\Title', dom.og.get('og:title') ?? []],
    ['og:description', 'OG\\Description', dom.og.get('og:description') ?? []],
    ['og:image', 'OG\\Image', dom.og.get('og:image') ?? []],
    ['og:url', 'OG\\Url', dom.og.get('og:url') ?? []],
    ['og:site_name', 'OG\\Sitename', dom.og.get('og:site_name') ?? []],
    ['twitter:title', 'Twitter\\Title', dom.named.get('twitter:title') ?? []],
    ['twitter:description', 'Twitter\\Description', dom.named.get('twitter:description') ?? []],
    ['twitter:image', 'Twitter\\Image', dom.named.get('twitter:image') ?? dom.named.get('twitter:image:src') ?? []],
    ['twitter:image:src', 'Twitter\\ImageSrc', dom.named.get('twitter:image:src') ?? []],
    ['canonical', 'Canonical', dom.canonical],
    ['h1', 'Hn', dom.headings.h1, { hn: 'h1' }],
    ['h2', 'Hn', dom.headings.h2, { hn: 'h2' }],
    ['h3', 'Hn', dom.headings.h3, { hn: 'h3' }],
    ['images', 'Image', images(dom.images, facts.home)],
    ['meta_robots', 'Metas\\Robot', dom.named.get('robots') ?? []],
    ['meta_google', 'Metas\\Google', dom.named.get('google') ?? []],
    ['links_no_follow', 'LinkNoFollow', noFollowLinks(dom.links)],
    ['outbound_links', 'OutboundLinks', outboundLinks(dom.links, siteHost)],
    ['internal_links', 'InternalLinks', facts.internalLinks as unknown as JsonValue[], { id: facts.id }],
    ['schemas', 'Schema', schemaTypes(dom.jsonLd)],
  ];
  const data: PageData = {};
  for (const [key, className, value, options] of entries)
    setOwn(data, key, options === undefined ? { class: `${NS}${className}`, value } : { class: `${NS}${className}`, value, options });
  data.id = { value: facts.id };
  data.permalink = { value: facts.permalink };
  data.id_homepage = { value: facts.frontPage };
  return data;
}
