import type { JsonValue, PostPage, PostQuery, PostRow, TermRow, UserRow } from '../../store/types.js';
import type { SettingsObject } from '../option-object.js';
import type { StorageContext, StorageGroups } from '../define.js';

export type { PostRow, TermRow, UserRow } from '../../store/types.js';

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
  /**
   * Reads and writes one user meta key in one atomic step: `update` gets the key's value (undefined
   * when absent) and answers the value to store, or undefined to leave it as it is.
   */
  updateUserMeta(
    userId: number,
    key: string,
    update: (current: JsonValue | undefined) => JsonValue | undefined,
    context: StorageContext,
  ): Promise<void>;
  /** A post by id; null when absent. */
  getPost(id: number, context: StorageContext): Promise<PostRow | null>;
  /** Some meta keys of a post: each key's first value, absent keys left out. */
  getPostMeta(id: number, keys: readonly string[], context: StorageContext): Promise<Record<string, JsonValue>>;
  /** Writes meta of a post in one step: a value replaces the key's, null deletes it. */
  setPostMeta(id: number, changes: ReadonlyMap<string, JsonValue | null>, context: StorageContext): Promise<void>;
  /** Posts matching a query, sorted and sliced, with the total (the site store's `posts.query`). */
  queryPosts(query: PostQuery, context: StorageContext): Promise<PostPage>;
  /** Some meta keys of several posts in one read: each post id asked → each key's first value, absent keys left out. */
  getPostsMeta(ids: readonly number[], keys: readonly string[], context: StorageContext): Promise<Map<number, Record<string, JsonValue>>>;
  /**
   * The bulk editor's page of posts (Yoast's `Post_Meta_Posts_Collector`): one post type, some
   * statuses, no password, optionally one author's, newest id first; a search matches the title or
   * one of the five SEO meta values (`LIKE '%search%'`, case-insensitive). Answers the page, each
   * post with the first values of its SEO meta (`SEO_META`), and the total.
   */
  bulkEditorPosts(query: BulkEditorQuery, context: StorageContext): Promise<BulkEditorPage>;
  /**
   * `/available_posts`' `get_posts`: up to `limit` published posts of a type without a password, most
   * recently modified first; a search matches each of its words in the title, excerpt or content.
   */
  availablePosts(type: string, search: string, limit: number, context: StorageContext): Promise<PostRow[]>;
  /**
   * `get_post_custom` for `/meta/search`: a post's custom fields whose key starts with `prefix`, in
   * the order they were added, each key's first value as WordPress's text (arrays and objects, which
   * WordPress keeps serialized, are left out; so is every key starting with `_` when `prefix` is
   * empty), at most `limit` of them.
   */
  searchPostMeta(postId: number, prefix: string, limit: number, context: StorageContext): Promise<CustomField[]>;
  /**
   * The size in bytes the media library recorded for a file below the uploads folder (`2026/11/a.jpg`,
   * as `_wp_attached_file` holds it, or one of its intermediate sizes), from the attachment's
   * `_wp_attachment_metadata`; null when no attachment has that file or its size was not recorded.
   */
  uploadedFileSize(file: string, context: StorageContext): Promise<number | null>;
  /**
   * Every post's focus keyphrase (`_yoast_wpseo_focuskw`, Yoast's indexables' `primary_focus_keyword`),
   * each once, empty ones and those of trashed posts and revisions left out: what Wincher's
   * ranking data is asked for when the editor names no keyphrases.
   */
  focusKeyphrases(context: StorageContext): Promise<string[]>;
  /** A term by id; null when absent. */
  getTerm(id: number, context: StorageContext): Promise<TermRow | null>;
  /** The terms of a taxonomy, by name then id. */
  listTerms(taxonomy: string, context: StorageContext): Promise<TermRow[]>;
  /** Some term meta keys of several terms in one read: each term id asked → each key's first value, absent keys left out. */
  getTermsMeta(ids: readonly number[], keys: readonly string[], context: StorageContext): Promise<Map<number, Record<string, JsonValue>>>;
  /** Writes meta of a term in one step: a value replaces the key's, null deletes it. */
  setTermMeta(id: number, changes: ReadonlyMap<string, JsonValue | null>, context: StorageContext): Promise<void>;
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
  /** The posts a query matches, sorted and sliced as it says (the task list's checks). */
  findPosts(query: PostQuery, context: StorageContext): Promise<PostRow[]>;
  /**
   * `wp_delete_post` without `force` on a post or page: moves it to the trash (status `trash`,
   * slug suffixed `__trashed`, `_wp_trash_meta_status` and `_wp_trash_meta_time` kept), or deletes
   * it when it is in the trash already; false when there is no such post.
   */
  trashPost(id: number, context: StorageContext): Promise<boolean>;
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

/** What {@link SeoBStorage.bulkEditorPosts} selects. */
export interface BulkEditorQuery {
  /** The post type. */
  type: string;
  /** Post statuses. */
  statuses: readonly string[];
  /** Only this author's posts; null for every author's. */
  author: number | null;
  /** Text the title or an SEO meta value contains; '' for no search. */
  search: string;
  /** Posts to skip. */
  offset: number;
  /** Posts to answer at most. */
  limit: number;
}

/** The bulk editor's page of posts: each with its SEO meta's first values, and how many match in all. */
export interface BulkEditorPage {
  /** The page's posts, in order. */
  posts: Array<{ post: PostRow; meta: Record<string, JsonValue> }>;
  /** Posts matching the query, ignoring offset and limit. */
  total: number;
}

/** A custom field as `/meta/search` answers it. */
export interface CustomField {
  /** Its meta key. */
  key: string;
  /** Its first value as WordPress's text. */
  value: string;
}

/** The seo-b storage's callbacks, grouped by the data they share. */
export const seoBStorageGroups: StorageGroups<SeoBStorage> = [
  { data: 'options', callbacks: ['getOption', 'mergeOption'] },
  { data: 'user meta', callbacks: ['getUserMeta', 'setUserMeta', 'updateUserMeta'] },
  {
    data: 'posts and their meta',
    callbacks: [
      'getPost',
      'getPostMeta',
      'setPostMeta',
      'queryPosts',
      'getPostsMeta',
      'bulkEditorPosts',
      'availablePosts',
      'searchPostMeta',
      'uploadedFileSize',
      'focusKeyphrases',
      'findPostBySlug',
      'findPosts',
      'trashPost',
      'recentPosts',
      'aboutPage',
    ],
  },
  {
    data: 'terms',
    callbacks: ['getTerm', 'listTerms', 'getTermsMeta', 'setTermMeta', 'getTermBySlug', 'getPostTerms', 'categoryByName'],
  },
  { data: 'users', callbacks: ['getUser'] },
  { data: 'the site salt', callbacks: ['wpHash'] },
  { data: 'transients', callbacks: ['getTransient', 'setTransient', 'deleteTransient'] },
];
