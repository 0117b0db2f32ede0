import type { JsonValue, PostRow, TermRow } from '../../store/types.js';
import type { SettingsObject } from '../option-object.js';
import type { StorageContext, StorageGroups } from '../define.js';

export type { PostRow, TermRow } from '../../store/types.js';

/** A post as Yoast's AI content planner reads it: the post, its `_yoast_wpseo_*` meta (first values) and its categories by name. */
export interface PlannerPost {
  /** The post. */
  post: PostRow;
  /** Its `_yoast_wpseo_*` meta, each key's first value. */
  meta: Record<string, JsonValue>;
  /** Its categories, ordered by name. */
  categories: TermRow[];
}

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
  /** A transient's value; undefined when absent or expired. */
  getTransient(name: string, context: StorageContext): Promise<JsonValue | undefined>;
  /** Stores a transient for some seconds. */
  setTransient(name: string, value: JsonValue, ttlSeconds: number, context: StorageContext): Promise<void>;
  /** Deletes a transient. */
  deleteTransient(name: string, context: StorageContext): Promise<void>;
  /**
   * The most recently modified posts of a type Yoast's indexables count as public (published, no
   * password, not set to noindex), newest first, at most `limit`: what the AI content planner
   * describes to Yoast AI.
   */
  recentPosts(postType: string, limit: number, context: StorageContext): Promise<PlannerPost[]>;
  /** The most recently modified public post of a type whose Yoast schema page type is `AboutPage`; null when none. */
  aboutPage(postType: string, context: StorageContext): Promise<PlannerPost | null>;
  /** The category named `name` (`get_term_by( 'name', $name, 'category' )`); null when none. */
  categoryByName(name: string, context: StorageContext): Promise<TermRow | null>;
}

/** The seo-b storage's callbacks, grouped by the data they share. */
export const seoBStorageGroups: StorageGroups<SeoBStorage> = [
  { data: 'options', callbacks: ['getOption', 'mergeOption'] },
  { data: 'user meta', callbacks: ['getUserMeta', 'setUserMeta'] },
  { data: 'posts and their meta', callbacks: ['getPost', 'getPostMeta', 'setPostMeta'] },
  { data: 'terms', callbacks: ['getTerm'] },
  { data: 'transients', callbacks: ['getTransient', 'setTransient', 'deleteTransient'] },
  { data: "the AI content planner's posts and categories", callbacks: ['recentPosts', 'aboutPage', 'categoryByName'] },
];
