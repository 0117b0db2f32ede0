import type { BoundStorage } from '../define.js';
import type { PostRecord, PostsStorage } from './storage.js';
import { postAddress } from '../url-to-post.js';

/**
 * `url_to_postid` for a site with `/%postname%/` permalinks: the post a URL of this site
 * addresses, by `?p=N` or by its slug (see `postAddress`); null for anything else or a
 * slug no published post has.
 */
export async function findPost(url: string, home: string, posts: BoundStorage<PostsStorage>): Promise<PostRecord | null> {
  const address = postAddress(url, home);
  if (address === null) return null;
  if ('id' in address) return posts.getPost(address.id);
  const found = await posts.queryPosts({
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
  });
  return found.posts[0] ?? null;
}
