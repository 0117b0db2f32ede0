import type { StorageContext, StorageGroups } from '../define.js';

/** Post statuses WordPress keeps. */
export type PostStatus = 'publish' | 'future' | 'draft' | 'pending' | 'private' | 'trash';

/** A post as storage keeps it: raw fields, dates in GMT (`YYYY-MM-DDTHH:MM:SS`). */
export interface PostRecord {
  /** Unique id. */
  id: number;
  /** Publication date, GMT. */
  date_gmt: string;
  /** Last modification, GMT. */
  modified_gmt: string;
  /** URL-safe name; empty for drafts that were never given one. */
  slug: string;
  /** Status. */
  status: PostStatus;
  /** Title as written. */
  title: string;
  /** Content as written (block markup or HTML). */
  content: string;
  /** Hand-written excerpt; empty to derive it from the content. */
  excerpt: string;
  /** Author's user id. */
  author: number;
  /** Password protecting content and excerpt; empty for none. */
  password: string;
  /** `open` or `closed`. */
  comment_status: 'open' | 'closed';
  /** `open` or `closed`. */
  ping_status: 'open' | 'closed';
  /** Shown first on the front page. */
  sticky: boolean;
  /** Theme template file; empty for the default. */
  template: string;
  /** Post format (`standard`, `aside`, …). */
  format: string;
  /** Category ids. */
  categories: number[];
  /** Tag ids. */
  tags: number[];
  /** Featured image attachment id; 0 for none. */
  featured_media: number;
  /** The GUID given at creation; empty shows the permalink. */
  guid: string;
  /** The status before it went to the trash (WordPress's `_wp_trash_meta_status`). */
  trashed_from?: PostStatus;
  /** Its revisions, read-only (the `version-history` and `predecessor-version` links); absent: none. */
  revisions?: { count: number; latest: number };
}

/** A post collection query, already validated: what WordPress's `WP_Query` args say. */
export interface PostQuery {
  /** Statuses to include. */
  status: PostStatus[];
  /** Words every match must contain in title, excerpt or content. */
  search?: string;
  /**
   * Only posts with a password (true) or only posts without one (false); absent: both
   * (`WP_Query`'s `has_password`). A logged-out search asks for `false`, as `WP_Query` leaves
   * password-protected posts out of it: a host storage must honour it, or a post's protected
   * text could be found word by word (the handler also drops such a match it is given).
   */
  hasPassword?: boolean;
  /** Only posts published after this instant (exclusive). */
  after?: Date;
  /** Only posts published before this instant (exclusive). */
  before?: Date;
  /** Only posts modified after this instant (exclusive). */
  modifiedAfter?: Date;
  /** Only posts modified before this instant (exclusive). */
  modifiedBefore?: Date;
  /** Only these authors (empty: any). */
  author: number[];
  /** Not these authors. */
  authorExclude: number[];
  /** Only these ids (empty: any). */
  include: number[];
  /** Not these ids. */
  exclude: number[];
  /** Only these slugs (empty: any). */
  slug: string[];
  /** Only sticky (true) or only non-sticky (false) posts. */
  sticky?: boolean;
  /** Sort field. */
  orderby: 'author' | 'date' | 'id' | 'include' | 'modified' | 'parent' | 'relevance' | 'slug' | 'include_slugs' | 'title';
  /** Sort direction. */
  order: 'asc' | 'desc';
  /** Items to skip. */
  offset: number;
  /** Items to return (after `offset`). */
  limit: number;
}

/** One page of posts and how many match in all. */
export interface PostPage {
  /** The page's posts, in order. */
  posts: PostRecord[];
  /** Number of posts matching the query, ignoring offset and limit. */
  total: number;
}

/** Fields of a new post; storage fills the rest (id, dates when absent, guid, revisions). */
export type NewPost = Omit<PostRecord, 'id' | 'guid' | 'modified_gmt' | 'revisions'> & { guid?: string };

/** Where `core/v2` posts live. Every callback may throw a RestError, which is answered as it is. */
export interface PostsStorage {
  /**
   * Posts matching a query, sorted and sliced, with the total count. A `future` post whose date has
   * come counts as `publish` (WordPress's cron would have published it): the handlers read such a
   * post as published, but only the query decides which posts a status filter matches.
   */
  queryPosts(query: PostQuery, context: StorageContext): Promise<PostPage>;
  /** A post by id, in any status; null when there is none. */
  getPost(id: number, context: StorageContext): Promise<PostRecord | null>;
  /**
   * Stores a new post and answers it with its id. A slug is the one the post asks for: a published,
   * scheduled or private post's is made unique among its type's as `wp_unique_post_slug` does
   * (`slug-2`, `slug-3`…), atomically, so concurrent writers never share one; the same on update.
   */
  createPost(post: NewPost, context: StorageContext): Promise<PostRecord>;
  /** Changes some fields of a post (a slug made unique, as on create) and answers the post as stored; null when there is none. */
  updatePost(id: number, changes: Partial<Omit<PostRecord, 'id'>>, context: StorageContext): Promise<PostRecord | null>;
  /** Deletes a post for good; false when there was none. */
  deletePost(id: number, context: StorageContext): Promise<boolean>;
}

/** {@link PostsStorage}'s callbacks all read and write the same posts, so a host replaces all of them or none. */
export const postsStorageGroups: StorageGroups<PostsStorage> = [
  { data: 'posts', callbacks: ['getPost', 'queryPosts', 'createPost', 'updatePost', 'deletePost'] },
];
