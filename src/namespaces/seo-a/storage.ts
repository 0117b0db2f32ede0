import type { JsonValue, PostRow, TermRow } from '../../store/types.js';
import type { StorageContext, StorageGroups } from '../define.js';

export type { PostRow, TermRow } from '../../store/types.js';

/** A post whose meta holds a key, with that meta's first value (`_seopress_analysis_target_kw`). */
export interface PostWithMeta {
  /** The post. */
  post: PostRow;
  /** The key's first value. */
  value: JsonValue;
}

/** What `/search-url` looks for: published posts of some types whose slug or title matches a `LIKE` pattern. */
export interface UrlSearch {
  /**
   * A MySQL `LIKE` pattern (SEOPress's `'%' . $url . '%'`: `%` any run of characters, `_` one,
   * `\` the next as written), matched case-insensitively; `likeMatches` from `site-rest` answers it.
   */
  like: string;
  /** Post types searched. */
  types: string[];
  /** Most posts answered. */
  limit: number;
}

/**
 * Where `seo-a/v1` keeps its data: posts and their `_seopress_*` meta, terms and their meta,
 * SEOPress's option arrays and transients, as SEOPress keeps them in WordPress's tables.
 * Every callback gets the request's storage context last.
 */
export interface SeoAStorage {
  /** A post by id; null when absent. */
  getPost(id: number, context: StorageContext): Promise<PostRow | null>;
  /** Posts by ids, absent ones left out. */
  getPosts(ids: readonly number[], context: StorageContext): Promise<PostRow[]>;
  /** Some meta keys of a post: each key's first value, absent keys left out. */
  getPostMeta(id: number, keys: readonly string[], context: StorageContext): Promise<Record<string, JsonValue>>;
  /**
   * Writes meta of a post in one step: a value replaces the key's, null deletes it. A write to a key
   * the headless data reads bumps {@link SeoAStorage.seoGeneration} in the same step.
   */
  setPostMeta(id: number, changes: ReadonlyMap<string, JsonValue | null>, context: StorageContext): Promise<void>;
  /** Posts of every type and some statuses whose meta has the key, with its first value, in id order. */
  postsWithMeta(key: string, statuses: readonly string[], context: StorageContext): Promise<PostWithMeta[]>;
  /** Published posts whose slug or title matches a `LIKE` pattern, in id order. */
  searchPosts(search: UrlSearch, context: StorageContext): Promise<PostRow[]>;
  /** Published posts and pages whose title, excerpt or content holds a text (WP_Query's `s`, its first page of 10). */
  linkingPosts(text: string, context: StorageContext): Promise<PostRow[]>;
  /** The published post of some types with a slug; null when none. */
  publishedBySlug(slug: string, types: readonly string[], context: StorageContext): Promise<PostRow | null>;
  /** Terms of a post in a taxonomy, in the order they were set. */
  postTerms(id: number, taxonomy: string, context: StorageContext): Promise<TermRow[]>;
  /**
   * A number that changes on every write the headless data reads (its meta through this storage,
   * SEOPress's options): with a post's `post_modified`, what a cached headless answer is checked
   * against, in every process.
   */
  seoGeneration(context: StorageContext): Promise<number>;
  /** A term by id; null when absent. */
  getTerm(id: number, context: StorageContext): Promise<TermRow | null>;
  /** Terms of a taxonomy, sorted by name then id. */
  listTerms(taxonomy: string, context: StorageContext): Promise<TermRow[]>;
  /** Some meta keys of a term: each key's first value, absent keys left out. */
  getTermMeta(id: number, keys: readonly string[], context: StorageContext): Promise<Record<string, JsonValue>>;
  /** A user's display name (`%%post_author%%`); `''` when there is no such user. */
  authorName(userId: number, context: StorageContext): Promise<string>;
  /** An option's value; undefined when absent. */
  getOption(name: string, context: StorageContext): Promise<JsonValue | undefined>;
  /** A transient's value; undefined when absent or expired. */
  getTransient(name: string, context: StorageContext): Promise<JsonValue | undefined>;
  /** Stores a transient for some seconds. */
  setTransient(name: string, value: JsonValue, ttlSeconds: number, context: StorageContext): Promise<void>;
}

/** The seo-a storage's callbacks, grouped by the data they share. */
export const seoAStorageGroups: StorageGroups<SeoAStorage> = [
  {
    data: 'posts and their SEO meta',
    callbacks: [
      'getPost',
      'getPosts',
      'getPostMeta',
      'setPostMeta',
      'postsWithMeta',
      'searchPosts',
      'linkingPosts',
      'publishedBySlug',
      'postTerms',
      'seoGeneration',
    ],
  },
  { data: 'terms', callbacks: ['getTerm', 'listTerms', 'getTermMeta'] },
  { data: 'users', callbacks: ['authorName'] },
  { data: 'options', callbacks: ['getOption'] },
  { data: 'transients', callbacks: ['getTransient', 'setTransient'] },
];
