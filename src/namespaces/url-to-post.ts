// WordPress's `url_to_postid` for `/%postname%/` permalinks, without the lookup: which post id or
// slug a URL of the site addresses. oEmbed and SEOPress's headless `posts/by-url` share it.
import { phpRtrim, phpTrim } from '../core/php/strings.js';

/** `?p=N`, `?page_id=N` or `?attachment_id=N` anywhere in the URL, as `url_to_postid` looks for it first. */
const ID_QUERY = /[?&](?:p|page_id|attachment_id)=(\d+)/;

/**
 * The `%postname%` rewrite rules that address a single post: the post, one of its pages, its
 * embed, trackback and feed endpoints, or a page of its comments.
 */
const POST_PATH = /^([^/]+)(?:\/(?:embed|trackback|\d+|page\/?\d+|comment-page-\d+|(?:feed\/)?(?:feed|rdf|rss|rss2|atom)))?$/;

/** A host name as `url_to_postid` compares it: without `www.`, and without the port. */
function bareHost(hostname: string): string {
  return hostname.replaceAll('www.', '');
}

/** Where a URL of this site points under `/%postname%/` permalinks: a post id (`?p=N`), a slug, or nothing. */
type PostAddress = { id: number } | { slug: string } | null;

/**
 * The address part of `url_to_postid` for a site with `/%postname%/` permalinks: the id or slug a
 * URL of this site addresses, whatever its scheme, `www.` or trailing slash; null for anything
 * else (another site, the home page, an archive).
 */
export function postAddress(url: string, home: string): PostAddress {
  let base: URL;
  let target: URL;
  try {
    base = new URL(`${home}/`);
    target = new URL(url, base);
  } catch {
    return null;
  }
  if (bareHost(target.hostname) !== bareHost(base.hostname)) return null;

  const byId = ID_QUERY.exec(url);
  const id = byId ? Number(byId[1]) : 0;
  if (id > 0) return { id };

  const homePath = phpRtrim(base.pathname, '/');
  const path = target.pathname;
  if (homePath !== '' && path !== homePath && !path.startsWith(`${homePath}/`)) return null;
  const match = POST_PATH.exec(phpTrim(path.slice(homePath.length), '/'));
  if (!match) return null;
  // Slugs are stored lower-case, non-ASCII ones percent-encoded, as `sanitize_title` leaves them.
  return { slug: match[1]!.toLowerCase() };
}
