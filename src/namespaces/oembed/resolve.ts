import type { StorageContext } from '../define.js';
import type { PostRecord, PostsStorage } from './storage.js';
import { phpRtrim, phpTrim } from '../../core/php/strings.js';

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

/**
 * `url_to_postid` for a site with `/%postname%/` permalinks: the post a URL of this site
 * addresses, by `?p=N` or by its slug (see {@link postAddress}); null for anything else or a
 * slug no published post has.
 */
export async function findPost(url: string, home: string, posts: PostsStorage, context: StorageContext): Promise<PostRecord | null> {
  const address = postAddress(url, home);
  if (address === null) return null;
  if ('id' in address) return posts.getPost(address.id, context);
  const found = await posts.queryPosts(
    {
      status: ['publish'],
      slug: [address.slug],
      author: [],
      authorExclude: [],
      include: [],
      exclude: [],
      orderby: 'date',
      order: 'desc',
      offset: 0,
      limit: 1,
    },
    context,
  );
  return found.posts[0] ?? null;
}
