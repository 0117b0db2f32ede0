// oEmbed keeps nothing of its own: it reads the site's posts through core posts' storage, and
// asks the host who wrote them.
import type { StorageContext } from '../define.js';
import type { PostsStorage } from '../core-posts/storage.js';

export { postsStorageGroups, type PostRecord, type PostsStorage } from '../core-posts/storage.js';

/** A post's author as the oEmbed document names and links it. */
export interface OembedAuthor {
  /** Display name (`author_name`). */
  name: string;
  /** URL-safe name of the author's archive, `{home}/author/{slug}/` (WordPress's `user_nicename`). */
  slug: string;
}

/** Finds the author of a post by user id; null when there is none. */
export type AuthorLookup = (id: number, context: StorageContext) => Promise<OembedAuthor | null>;

/** What the oEmbed handlers read: the site's posts and who wrote them, bound to each request like any namespace's storage. */
export interface OembedStorage extends PostsStorage {
  /** The author of a post, by user id. */
  authorOf: AuthorLookup;
}
