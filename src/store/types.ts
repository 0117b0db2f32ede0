/**
 * The site store: WordPress's tables as a typed async API, one contract for every backend.
 *
 * Records use WordPress's own column names (`ID`, `post_title`, `post_date_gmt`, `meta_key`…)
 * rather than camelCase: the SQL backends map them one to one onto `wp_posts`-like tables, data
 * imported from a WordPress database needs no renaming, and a reader who knows WordPress knows
 * every field. Dates are MySQL-style text, `YYYY-MM-DD HH:MM:SS`, which sorts as it reads;
 * `0000-00-00 00:00:00` is WordPress's "no date" (a draft's `post_date_gmt`).
 *
 * Values a store keeps as JSON (options, transients, meta) come back deep-equal to what was
 * written (object key order is not promised) and are copies: mutating one never changes the store.
 * Text containing a NUL character (U+0000), which PostgreSQL text cannot hold, is refused with a
 * `StoreError` of code `invalid_value`, in every backend, so the REST layer can answer 400.
 * So are names longer than WordPress's columns hold them: option and counter names 191 characters,
 * transient names 172, meta keys 255.
 */

/** A value a store keeps as JSON: finite numbers only, no `undefined`. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A row of `wp_posts`, for posts of any `post_type`. */
export interface PostRow {
  /** Unique id, shared by all post types. */
  ID: number;
  /** Author's user id; 0 for none. */
  post_author: number;
  /** Publication date, site-local time. */
  post_date: string;
  /** Publication date, GMT; `0000-00-00 00:00:00` for a draft never dated. */
  post_date_gmt: string;
  /** Content as written. */
  post_content: string;
  /** Title as written. */
  post_title: string;
  /** Hand-written excerpt. */
  post_excerpt: string;
  /** Status: `publish`, `draft`, `inherit`, `auto-draft`, or a plugin's own. */
  post_status: string;
  /** `open` or `closed`. */
  comment_status: string;
  /** `open` or `closed`. */
  ping_status: string;
  /** Password protecting the post; empty for none. */
  post_password: string;
  /** Slug, unique per `post_type` (see {@link PostsTable.uniqueSlug}); empty for drafts never named. */
  post_name: string;
  /** Last modification, site-local time. */
  post_modified: string;
  /** Last modification, GMT. */
  post_modified_gmt: string;
  /** Parent post id; 0 for none. */
  post_parent: number;
  /** GUID given at creation. */
  guid: string;
  /** Order among siblings (pages, menu items). */
  menu_order: number;
  /** Post type: `post`, `page`, `attachment`, `revision`, `wpcf7_contact_form`… */
  post_type: string;
  /** MIME type of an attachment; empty otherwise. */
  post_mime_type: string;
  /** Number of approved comments. */
  comment_count: number;
}

/**
 * Fields of a new post. Defaults are `wp_insert_post`'s: type `post`, status `draft`, empty text,
 * `open` comments and pings, dates now (GMT date `0000-00-00 00:00:00` for a draft without one).
 * An `ID` is the id wanted, as `wp_insert_post`'s `import_id` (later posts get higher ids); a taken
 * one is a `conflict` StoreError.
 */
export type NewPostRow = Partial<PostRow>;

/** Columns posts can be sorted by; `include` keeps the order of the `include` filter, `relevance` the search's. */
export type PostOrderBy =
  | 'ID'
  | 'post_author'
  | 'post_date'
  | 'post_modified'
  | 'post_parent'
  | 'post_name'
  | 'post_title'
  | 'menu_order'
  | 'comment_count'
  | 'include'
  | 'slug_in'
  | 'relevance';

/** A date column compared with a bound (`YYYY-MM-DD HH:MM:SS`). */
export interface DateRange {
  /** Column compared. */
  column: 'post_date' | 'post_date_gmt' | 'post_modified' | 'post_modified_gmt';
  /** Only rows strictly after this date. */
  after?: string;
  /** Only rows strictly before this date. */
  before?: string;
}

/** Posts having (or, with `exclude`, not having) any of some terms. */
export interface TermFilter {
  /** Term ids (`term_id`). */
  terms: number[];
  /** True: posts with none of the terms. */
  exclude?: boolean;
}

/** A posts query, as `WP_Query` reads it. Lists left out or empty do not filter. */
export interface PostQuery {
  /** Post types; default `['post']`; `'any'` for every type. */
  type?: string[] | 'any';
  /** Statuses (default: any). */
  status?: string[];
  /** Only these ids. */
  include?: number[];
  /** Not these ids. */
  exclude?: number[];
  /** Only these authors. */
  author?: number[];
  /** Not these authors. */
  authorExclude?: number[];
  /** Only children of these parents. */
  parent?: number[];
  /** Not children of these parents. */
  parentExclude?: number[];
  /** Only these slugs. */
  slug?: string[];
  /** MIME types: `image/png` matches exactly, `image` matches every `image/…`. */
  mimeType?: string[];
  /** Words (split on white space) each found, case-insensitively, in title, excerpt or content. */
  search?: string;
  /**
   * A MySQL `LIKE` pattern the slug or the title matches, case-insensitively (SEOPress's
   * `post_name LIKE … OR post_title LIKE …`): `%` any run of characters, `_` one character, `\`
   * the next character as written (`likeMatches` from `site-rest` answers it for one text).
   */
  nameOrTitleLike?: string;
  /** Only posts with (true) or without (false) a password. */
  hasPassword?: boolean;
  /** Date bounds, all of which must hold. */
  dates?: DateRange[];
  /** Term filters, all of which must hold. */
  terms?: TermFilter[];
  /** Only posts listed (true) or not listed (false) in the `sticky_posts` option. */
  sticky?: boolean;
  /**
   * A GMT date (`YYYY-MM-DD HH:MM:SS`): a `future` post whose `post_date_gmt` is not after it is
   * matched by `status` as `publish`, as WP-Cron's `publish_future_post` would have published it.
   */
  publishedBy?: string;
  /** Also answer, in the same query, the `sticky_posts` option and each answered post's revisions. */
  with?: { sticky?: boolean; revisions?: boolean };
  /**
   * Sort column; default `post_date`. Text compares by code point; `post_title` lower-cased first
   * (as JavaScript's `toLowerCase`), since WordPress's collation ignores case. Ties are broken by
   * `ID` in the same direction.
   */
  orderby?: PostOrderBy;
  /** Sort direction; default `desc`. */
  order?: 'asc' | 'desc';
  /** Rows to skip. */
  offset?: number;
  /** Rows to return after `offset`; absent: all. */
  limit?: number;
}

/** One page of posts and how many match the query in all. */
export interface PostPage {
  /** The page's posts, in order. */
  posts: PostRow[];
  /** Posts matching the query, ignoring offset and limit. */
  total: number;
  /** The `sticky_posts` option's post ids, when the query asked `with.sticky`. */
  sticky?: number[];
  /** Each answered post's revisions, when the query asked `with.revisions`. */
  revisions?: Map<number, RevisionSummary>;
}

/** A post's revisions (posts of type `revision` whose parent it is), as its `version-history` link counts them. */
export interface RevisionSummary {
  /** How many. */
  count: number;
  /** The newest one's id (by `post_date`, then `ID`, as `wp_get_post_revisions` orders them); 0 for none. */
  latest: number;
}

/** What `uniqueSlug` needs to know about the post the slug is for. */
export interface SlugFor {
  /** Post type. */
  post_type: string;
  /** Post status: drafts, pending and auto-drafts keep their slug as WordPress does. */
  post_status: string;
  /** The post's own id, so it never clashes with itself; 0 for a new post. */
  ID?: number;
}

/** `wp_posts` operations. */
export interface PostsTable {
  /** Stores a new post, its `post_name` made unique by `uniqueSlug` atomically; answers the row. */
  insert(post: NewPostRow): Promise<PostRow>;
  /** Changes some fields (slug made unique again when name, type or status change); null when absent. */
  update(id: number, changes: Partial<Omit<PostRow, 'ID'>>): Promise<PostRow | null>;
  /** A post by id; null when absent. */
  get(id: number): Promise<PostRow | null>;
  /** Posts by ids, in the order asked, absent ones left out (one query, no N+1). */
  getMany(ids: number[]): Promise<PostRow[]>;
  /** Deletes a post with its meta and term relationships; false when absent. */
  delete(id: number): Promise<boolean>;
  /** Posts matching a query, sorted and sliced, with the total. */
  query(query: PostQuery): Promise<PostPage>;
  /**
   * The slug `wp_unique_post_slug` would give: unchanged when free in its post type (every type for
   * attachments) and not a feed name or `embed`, else `slug-2`, `slug-3`…, truncated to 200
   * characters. Drafts, pending and auto-draft posts and inherited revisions keep it unchanged.
   */
  uniqueSlug(slug: string, post: SlugFor): Promise<string>;
}

/** A row of a meta table (`wp_postmeta`, `wp_usermeta`, `wp_termmeta`). */
export interface MetaRow {
  /** Unique id of the row. */
  meta_id: number;
  /** Id of the post, user or term. */
  object_id: number;
  /** Key, as plugins name it (`_yoast_wpseo_title`, `_application_passwords`). */
  meta_key: string;
  /** Value. */
  meta_value: JsonValue;
}

/** A meta table: several values per key, in insertion order, as `add_post_meta` keeps them. */
export interface MetaTable {
  /** Adds a value; with `unique`, only when the key has none (then answers null). Answers the meta id. */
  add(objectId: number, key: string, value: JsonValue, unique?: boolean): Promise<number | null>;
  /** The values of one key, in insertion order; empty when none. */
  get(objectId: number, key: string): Promise<JsonValue[]>;
  /** Every key's values of some objects, in one query: each object id asked → key → values (empty when none). */
  getMany(objectIds: number[], keys?: string[]): Promise<Map<number, Record<string, JsonValue[]>>>;
  /**
   * `update_metadata`: sets every value of the key (only those deep-equal to `previous` when given)
   * to `value`, or adds it when the key has none. Answers the number of rows written.
   */
  update(objectId: number, key: string, value: JsonValue, previous?: JsonValue): Promise<number>;
  /** Deletes the key's values (only those deep-equal to `value` when given); answers how many. */
  delete(objectId: number, key: string, value?: JsonValue): Promise<number>;
  /**
   * Deletes every row, of every object, whose key starts with `prefix`, compared as written: case counts, and `_` and `%` are
   * themselves, as in Site Kit's `LIKE 'googlesitekit\_%'`. Answers how many. An empty prefix is an
   * `invalid_value` StoreError.
   */
  deletePrefixed(prefix: string): Promise<number>;
}

/** A row of `wp_users`, with the roles WordPress keeps in the `{prefix}capabilities` user meta. */
export interface UserRow {
  /** Unique id. */
  ID: number;
  /** Login name, unique. */
  user_login: string;
  /** Password hash, never the password. */
  user_pass: string;
  /** URL-safe name (author slug), unique. */
  user_nicename: string;
  /** Email address, unique when not empty. */
  user_email: string;
  /** Website. */
  user_url: string;
  /** Registration date, GMT. */
  user_registered: string;
  /** Name shown. */
  display_name: string;
  /** Role names, in order (`administrator`, `editor`…). */
  roles: string[];
}

/** Fields of a new user: login required; `user_nicename` defaults to the login, the date to now. */
export type NewUserRow = Partial<Omit<UserRow, 'ID'>> & Pick<UserRow, 'user_login'>;

/** A users query, as `WP_User_Query` reads it. */
export interface UserQuery {
  /** Only these ids. */
  include?: number[];
  /** Not these ids. */
  exclude?: number[];
  /** Only users with any of these roles. */
  roles?: string[];
  /** Only these nicenames. */
  slug?: string[];
  /** Text found, case-insensitively, in login, nicename, email, URL or display name. */
  search?: string;
  /** Sort column; default `user_login`. Ties are broken by `ID`. */
  orderby?: 'ID' | 'user_login' | 'user_nicename' | 'user_email' | 'user_registered' | 'display_name' | 'include';
  /** Sort direction; default `asc`. */
  order?: 'asc' | 'desc';
  /** Rows to skip. */
  offset?: number;
  /** Rows to return after `offset`; absent: all. */
  limit?: number;
}

/** One page of users and how many match in all. */
export interface UserPage {
  /** The page's users, in order. */
  users: UserRow[];
  /** Users matching the query, ignoring offset and limit. */
  total: number;
}

/** `wp_users` operations. A login, nicename or non-empty email already taken is a `conflict` StoreError. */
export interface UsersTable {
  /** Stores a new user; answers the row. */
  insert(user: NewUserRow): Promise<UserRow>;
  /** Changes some fields; null when absent. */
  update(id: number, changes: Partial<Omit<UserRow, 'ID'>>): Promise<UserRow | null>;
  /** A user by id; null when absent. */
  get(id: number): Promise<UserRow | null>;
  /**
   * A user by a unique field; null when absent. Login and email compare regardless of case, as
   * WordPress's `_ci` collation compares them (the lowest id wins should two differ only in case).
   */
  getBy(field: 'user_login' | 'user_email' | 'user_nicename', value: string): Promise<UserRow | null>;
  /** Deletes a user with their meta; false when absent. */
  delete(id: number): Promise<boolean>;
  /** Users matching a query, sorted and sliced, with the total. */
  query(query: UserQuery): Promise<UserPage>;
}

/** A term in its taxonomy: `wp_terms` and `wp_term_taxonomy` as one row (`term_taxonomy_id` is `term_id`, as since WordPress 4.4 no term is shared). */
export interface TermRow {
  /** Unique id across taxonomies. */
  term_id: number;
  /** Name shown. */
  name: string;
  /** Slug, unique in its taxonomy. */
  slug: string;
  /** Taxonomy: `category`, `post_tag`, or a plugin's own. */
  taxonomy: string;
  /** Description. */
  description: string;
  /** Parent term id; 0 for none. */
  parent: number;
  /** Number of objects related to the term. */
  count: number;
}

/** Fields of a new term: name and taxonomy required; the slug defaults to the name as given. */
export type NewTermRow = Partial<Omit<TermRow, 'term_id' | 'count'>> & Pick<TermRow, 'name' | 'taxonomy'>;

/** A term related to an object (`wp_term_relationships`). */
export interface ObjectTerm {
  /** The post (or other object) id. */
  object_id: number;
  /** The term. */
  term: TermRow;
}

/** Terms, taxonomies and relationships. */
export interface TermsTable {
  /** Stores a new term, its slug made unique in the taxonomy (`slug-2`…); answers the row. */
  insert(term: NewTermRow): Promise<TermRow>;
  /** Changes some fields; a slug already taken in the taxonomy is a `conflict` StoreError; null when absent. */
  update(id: number, changes: Partial<Omit<TermRow, 'term_id' | 'count'>>): Promise<TermRow | null>;
  /** A term by id; null when absent. */
  get(id: number): Promise<TermRow | null>;
  /** A term by slug in a taxonomy; null when absent. */
  getBySlug(taxonomy: string, slug: string): Promise<TermRow | null>;
  /** Terms of a taxonomy, sorted by name then id. */
  list(taxonomy: string): Promise<TermRow[]>;
  /** Deletes a term with its meta and relationships; false when absent. */
  delete(id: number): Promise<boolean>;
  /** `wp_set_object_terms`: replaces an object's terms of one taxonomy; ids of other taxonomies are a `invalid_value` StoreError. */
  setObjectTerms(objectId: number, taxonomy: string, termIds: number[]): Promise<void>;
  /** Terms of some objects in one query, by object then term order given at set; optionally of some taxonomies only. */
  getObjectTerms(objectIds: number[], taxonomies?: string[]): Promise<ObjectTerm[]>;
}

/** Options (`wp_options`). */
export interface OptionsTable {
  /** An option's value; undefined when absent (null is a value). */
  get(name: string): Promise<JsonValue | undefined>;
  /** Sets an option (autoload `true` unless told, kept when the option exists and none is given). */
  set(name: string, value: JsonValue, autoload?: boolean): Promise<void>;
  /** `add_option`: stores only when absent; answers whether it did. */
  add(name: string, value: JsonValue, autoload?: boolean): Promise<boolean>;
  /** Atomic read-modify-write: `fn` gets the current value (undefined when absent), its answer is stored and returned. */
  update(name: string, fn: (current: JsonValue | undefined) => JsonValue): Promise<JsonValue>;
  /** Deletes an option; false when absent. */
  delete(name: string): Promise<boolean>;
  /** Every autoloaded option, as `wp_load_alloptions` reads them. */
  autoloaded(): Promise<Record<string, JsonValue>>;
  /**
   * Deletes every option whose name starts with `prefix`, compared as written: case counts, and `_` and `%` are
   * themselves, as in Site Kit's `LIKE 'googlesitekit\_%'`. Answers how many. An empty prefix is an
   * `invalid_value` StoreError.
   */
  deletePrefixed(prefix: string): Promise<number>;
}

/** Transients: values with a lifetime; an expired one is never returned. */
export interface TransientsTable {
  /** A transient's value; undefined when absent or expired. */
  get(name: string): Promise<JsonValue | undefined>;
  /** Stores a transient for `ttlSeconds` (0: no expiry). */
  set(name: string, value: JsonValue, ttlSeconds: number): Promise<void>;
  /** Deletes a transient; false when absent or expired. */
  delete(name: string): Promise<boolean>;
  /**
   * Deletes every transient whose name starts with `prefix`, compared as written: case counts, and `_` and `%` are
   * themselves, as in Site Kit's `LIKE 'googlesitekit\_%'`. Answers how many (expired ones counted too). An empty prefix is an
   * `invalid_value` StoreError.
   */
  deletePrefixed(prefix: string): Promise<number>;
}

/** How `CountersTable.increment` starts a counter. */
export interface CounterOptions {
  /**
   * A counter started by this increment (absent or expired) lives this many whole seconds, then
   * reads as 0 and is purged: a fixed window, which later increments keep. Absent or 0: no expiry.
   */
  ttlSeconds?: number;
}

/** Named integer counters (rate limits, login attempts) that concurrent writers share. */
export interface CountersTable {
  /** Adds `by` (default 1, may be negative) atomically; answers the new value. An absent or expired counter starts at 0. */
  increment(name: string, by?: number, options?: CounterOptions): Promise<number>;
  /** A counter's value; 0 when absent or expired. */
  get(name: string): Promise<number>;
  /** Deletes a counter; false when absent or expired. */
  delete(name: string): Promise<boolean>;
}

/** Every table of a store, as a transaction sees them. */
export interface StoreTables {
  /** `wp_options`. */
  options: OptionsTable;
  /** Transients. */
  transients: TransientsTable;
  /** `wp_posts`. */
  posts: PostsTable;
  /** `wp_postmeta`. */
  postMeta: MetaTable;
  /** `wp_users`. */
  users: UsersTable;
  /** `wp_usermeta`. */
  userMeta: MetaTable;
  /** `wp_terms`, `wp_term_taxonomy`, `wp_term_relationships`. */
  terms: TermsTable;
  /** `wp_termmeta`. */
  termMeta: MetaTable;
  /** Counters. */
  counters: CountersTable;
}

/** A site store: WordPress's tables behind one async API, whatever the backend. */
export interface SiteStore extends StoreTables {
  /**
   * Runs `fn` with the tables as one transaction: every write is kept when it resolves, none when it
   * throws (the error is rethrown). Transactions are serialised with other writes; inside `fn`, use
   * only the tables it is given (the store's own would wait for the transaction to end).
   */
  transaction<T>(fn: (tx: StoreTables) => Promise<T>): Promise<T>;
  /** Releases the backend (connections, files); the store answers no call after. */
  close(): Promise<void>;
}

/** What a store's callers can tell apart: a bad value (400), a unique key taken (409), a closed store, a database out of reach (503). */
export type StoreErrorCode = 'invalid_value' | 'conflict' | 'closed' | 'unavailable';
