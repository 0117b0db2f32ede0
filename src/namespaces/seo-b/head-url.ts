/**
 * Which page a `get_head` URL is (Yoast 28.1's `Meta_Surface::for_url`): the home URL itself, or
 * the page whose permalink is the URL's path on this site's host (its query, fragment, scheme and
 * port ignored, as Yoast compares `<site scheme>://<host><path>` with the indexables' permalinks).
 * This reads the path as the site's `/%postname%/` permalinks write it; the handler then loads the
 * page and keeps it only when its permalink is that path.
 */
import { isUrl } from '../../core/php/filter-url.js';
import { escUrlRaw } from '../../core/schema/url.js';
import type { ContentTypes } from '../content-types.js';

/** The longest URL read; a longer one is no page of the site. */
const MAX_HEAD_URL = 2048;

/** Where a URL points on the site. */
export type HeadAddress =
  | { kind: 'home' }
  | { kind: 'post'; postTypes: readonly string[]; slugs: readonly string[]; permalink: string }
  | { kind: 'term'; taxonomy: string; slugs: readonly string[]; permalink: string }
  | { kind: 'post-type-archive'; postType: string };

/** `utf8_uri_encode`: each byte of a non-ASCII character as `%xx` (lower-case hex). */
function utf8UriEncode(text: string): string {
  let out = '';
  for (const c of text) {
    if (c.charCodeAt(0) < 0x80) out += c;
    else for (const byte of new TextEncoder().encode(c)) out += `%${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** Scheme, host (without port) and path of an absolute URL as `wp_parse_url` splits it; null without a host or a path. */
function urlParts(url: string): { scheme: string; host: string; path: string } | null {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//.exec(url);
  if (!scheme) return null;
  const rest = url.slice(scheme[0].length);
  let end = rest.length;
  for (const stop of ['/', '?', '#']) {
    const at = rest.indexOf(stop);
    if (at >= 0 && at < end) end = at;
  }
  const authority = rest.slice(0, end);
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
  let path = rest.slice(end);
  for (const stop of ['?', '#']) {
    const at = path.indexOf(stop);
    if (at >= 0) path = path.slice(0, at);
  }
  if (host === '' || path === '') return null;
  return { scheme: scheme[1]!, host, path };
}

/**
 * Yoast's `is_valid_url` (the `url` arg's `validate_callback`): a string that, its non-ASCII
 * characters percent-encoded, is an http or https URL with a host that `FILTER_VALIDATE_URL` takes.
 */
export function isHeadUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > MAX_HEAD_URL * 4) return false;
  const encoded = utf8UriEncode(value);
  const scheme = /^(https?):\/\/([^/?#]*)/i.exec(encoded);
  if (!scheme) return false;
  const host = scheme[2]!.slice(scheme[2]!.lastIndexOf('@') + 1).toLowerCase();
  const name = host.replace(/:\d*$/, '');
  if (!/^[a-z0-9.[\]:%-]+$/.test(name) || name.startsWith('.') || name.startsWith('-')) return false;
  return isUrl(escUrlRaw(encoded));
}

/** The permalink base of a taxonomy's terms (`rewrite.slug`): `category`, `tag`, `type`, or the taxonomy's name. */
function taxonomyBase(taxonomy: string): string {
  return taxonomy === 'post_tag' ? 'tag' : taxonomy === 'post_format' ? 'type' : taxonomy;
}

/** `get_term_link`: the taxonomy's base, then the ancestors' slugs (root first) and the term's. */
export function termLink(home: string, taxonomy: string, slugs: readonly string[]): string {
  return `${home}/${taxonomyBase(taxonomy)}/${slugs.join('/')}/`;
}

/** The URL as Yoast reads it (`esc_url_raw( utf8_uri_encode( $url ) )`). */
export const headUrl = (url: string): string => escUrlRaw(utf8UriEncode(url));

/**
 * Where a URL points: the home page for the home URL (or its path), a term archive under a
 * taxonomy's base, a post type's archive, a post of a type with its own base, else a post or page
 * by its slugs; null for another host, a path outside the site or one no permalink has.
 */
export function headAddress(url: string, site: { home: string; url: string }, types: ContentTypes): HeadAddress | null {
  if (url.length > MAX_HEAD_URL) return null;
  if (url === `${site.home}/`) return { kind: 'home' };
  const target = urlParts(url);
  const siteParts = urlParts(`${site.url}/`);
  const homeParts = urlParts(`${site.home}/`);
  if (!target || !siteParts || !homeParts || target.host !== siteParts.host) return null;
  if (!target.path.startsWith(homeParts.path)) return null;
  const rest = target.path.slice(homeParts.path.length);
  if (rest === '') return { kind: 'home' };
  if (!rest.endsWith('/')) return null;
  const segments = rest.slice(0, -1).split('/');
  if (segments.some((segment) => segment === '')) return null;
  const [first, ...more] = segments as [string, ...string[]];
  // The permalink the page must have: the home URL and the path below it.
  const permalink = `${site.home}/${rest}`;
  for (const taxonomy of types.taxonomies.values())
    if (taxonomy.public && taxonomyBase(taxonomy.name) === first && more.length > 0) {
      if (!taxonomy.hierarchical && more.length > 1) return null;
      return { kind: 'term', taxonomy: taxonomy.name, slugs: more, permalink };
    }
  for (const type of types.postTypes.values()) {
    if (type.name === 'post' || type.name === 'page' || type.name === 'attachment' || type.rewrite !== first) continue;
    if (more.length === 0) return type.hasArchive && type.public ? { kind: 'post-type-archive', postType: type.name } : null;
    if (!type.hierarchical && more.length > 1) return null;
    return { kind: 'post', postTypes: [type.name], slugs: more, permalink };
  }
  return { kind: 'post', postTypes: segments.length === 1 ? ['post', 'page'] : ['page'], slugs: segments, permalink };
}
