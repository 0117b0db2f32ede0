import type { JsonValue, PostRow, TermRow, UserRow } from '../../store/types.js';
import type { SettingsObject } from '../option-object.js';
import type { StorageContext, StorageGroups } from '../define.js';

export type { PostRow, TermRow, UserRow } from '../../store/types.js';

/**
 * Where `seo-b/v1` keeps its data, as Yoast SEO keeps it in WordPress: its option objects
 * (`wpseo`, `wpseo_titles`, `wpseo_social`), `_yoast_wpseo_*` post and term meta, its user meta
 * (AI tokens and consent, introductions, dismissed alerts, …) and transients.
 * Every callback gets the request's storage context last.
 */
export interface SeoBStorage {
  /** An option's value; undefined when absent. */
  getOption(name: string, context: StorageContext): Promise<JsonValue | undefined>;
  /**
   * Writes `changes` over the settings object an option holds (a stored value that is not an
   * object counts as none), in one atomic step, and answers the stored result.
   */
  mergeOption(name: string, changes: SettingsObject, context: StorageContext): Promise<SettingsObject>;
  /** A user's meta value under a key (its first); undefined when absent. */
  getUserMeta(userId: number, key: string, context: StorageContext): Promise<JsonValue | undefined>;
  /** Writes a user's meta values in one step: a value replaces the key's, null deletes it. */
  setUserMeta(userId: number, changes: ReadonlyMap<string, JsonValue | null>, context: StorageContext): Promise<void>;
  /** A post by id; null when absent. */
  getPost(id: number, context: StorageContext): Promise<PostRow | null>;
  /** Some meta keys of a post: each key's first value, absent keys left out. */
  getPostMeta(id: number, keys: readonly string[], context: StorageContext): Promise<Record<string, JsonValue>>;
  /** Writes meta of a post in one step: a value replaces the key's, null deletes it. */
  setPostMeta(id: number, changes: ReadonlyMap<string, JsonValue | null>, context: StorageContext): Promise<void>;
  /** A term by id; null when absent. */
  getTerm(id: number, context: StorageContext): Promise<TermRow | null>;
  /** A term by its slug in a taxonomy; null when absent. */
  getTermBySlug(taxonomy: string, slug: string, context: StorageContext): Promise<TermRow | null>;
  /** A post's terms of some taxonomies, in the order they were set. */
  getPostTerms(postId: number, taxonomies: readonly string[], context: StorageContext): Promise<TermRow[]>;
  /** The published or private post of some post types with a slug (the newest when several); null when none. */
  findPostBySlug(slug: string, postTypes: readonly string[], context: StorageContext): Promise<PostRow | null>;
  /** A user by id; null when absent. */
  getUser(id: number, context: StorageContext): Promise<UserRow | null>;
  /** WordPress's `wp_hash( $data )`: HMAC-MD5 keyed with the site's `auth` salt (Yoast's schema ids of people). */
  wpHash(data: string, context: StorageContext): Promise<string>;
  /** A transient's value; undefined when absent or expired. */
  getTransient(name: string, context: StorageContext): Promise<JsonValue | undefined>;
  /** Stores a transient for some seconds. */
  setTransient(name: string, value: JsonValue, ttlSeconds: number, context: StorageContext): Promise<void>;
  /** Deletes a transient. */
  deleteTransient(name: string, context: StorageContext): Promise<void>;
}

/** The seo-b storage's callbacks, grouped by the data they share. */
export const seoBStorageGroups: StorageGroups<SeoBStorage> = [
  { data: 'options', callbacks: ['getOption', 'mergeOption'] },
  { data: 'user meta', callbacks: ['getUserMeta', 'setUserMeta'] },
  { data: 'posts and their meta', callbacks: ['getPost', 'getPostMeta', 'setPostMeta'] },
  { data: 'terms', callbacks: ['getTerm', 'getTermBySlug', 'getPostTerms'] },
  { data: 'published posts by slug', callbacks: ['findPostBySlug'] },
  { data: 'users', callbacks: ['getUser'] },
  { data: 'the site salt', callbacks: ['wpHash'] },
  { data: 'transients', callbacks: ['getTransient', 'setTransient', 'deleteTransient'] },
];
