/**
 * Which entity a URL of the site addresses, as Site Kit's `WP_Query_Factory::from_url` reads it
 * through WordPress's rewrite rules for `/%postname%/` permalinks, reduced to the entities Site
 * Kit's entity search answers (those with an id): a post or page, a term archive, an author archive,
 * or the front page. Date, search, feed and post type archives and the posts page's own pages have
 * no id there, so they resolve to nothing here.
 */
import { postAddress } from '../url-to-post.js';

/** Where a URL points. */
export type EntityAddress =
  /** The home URL: the static front page when the site shows one. */
  | { kind: 'front' }
  /** `?p=N`, `?page_id=N` or `?attachment_id=N`. */
  | { kind: 'id'; id: number }
  /** A page by its path (its ancestors' slugs, then its own), else a post by `slug` when the path names one. */
  | { kind: 'path'; segments: readonly string[]; slug: string | null }
  /** A term archive: the taxonomy and the term's slug (the leaf of a category path). */
  | { kind: 'term'; taxonomy: 'category' | 'post_tag' | 'post_format'; slug: string }
  /** An author archive by the author's `user_nicename`. */
  | { kind: 'author'; nicename: string };

/** First path segments whose archives have no id in Site Kit's entities (search, feeds, the blog's pages). */
const ID_LESS = new Set(['search', 'feed', 'comments', 'page', 'embed']);
/** A year: the start of a date archive's path. */
const YEAR = /^[0-9]{4}$/;

/** A host as Site Kit compares it: without `www.`. */
const bareHost = (host: string): string => host.replaceAll('www.', '');

/** The address of `url` on the site at `home` (no trailing slash); null for another site or nothing with an id. */
export function entityAddress(url: string, home: string): EntityAddress | null {
  let target: URL;
  let base: URL;
  try {
    base = new URL(`${home}/`);
    target = new URL(url);
  } catch {
    return null;
  }
  if (bareHost(target.hostname) !== bareHost(base.hostname)) return null;
  const post = postAddress(url, home);
  if (post !== null && 'id' in post) return { kind: 'id', id: post.id };

  const homePath = base.pathname.slice(0, -1);
  let path = target.pathname;
  if (homePath !== '') {
    if (path !== homePath && !path.startsWith(`${homePath}/`)) return null;
    path = path.slice(homePath.length);
  }
  const segments = path
    .replace(/^\/index\.php(?=\/|$)/, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => segment.toLowerCase());
  if (segments.length === 0) return { kind: 'front' };
  const [first, ...rest] = segments as [string, ...string[]];
  if (first === 'category' && rest.length > 0) return { kind: 'term', taxonomy: 'category', slug: rest.at(-1)! };
  if (rest.length === 1) {
    if (first === 'tag') return { kind: 'term', taxonomy: 'post_tag', slug: rest[0]! };
    // `/type/aside/` is the format `post-format-aside` (`_post_format_request`).
    if (first === 'type') return { kind: 'term', taxonomy: 'post_format', slug: `post-format-${rest[0]!}` };
    if (first === 'author') return { kind: 'author', nicename: rest[0]! };
  }
  if (ID_LESS.has(first) || YEAR.test(first)) return null;
  return { kind: 'path', segments, slug: post === null ? null : post.slug };
}
