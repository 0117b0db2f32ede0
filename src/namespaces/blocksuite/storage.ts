import type { JsonValue, ObjectTerm, PostPage, PostQuery, PostRow, TermRow, UserRow } from '../../store/types.js';
import type { StorageContext, StorageGroups } from '../define.js';

export type { JsonValue, ObjectTerm, PostPage, PostQuery, PostRow, TermFilter, TermRow } from '../../store/types.js';

/** What an item's `author_info` reads of its author. */
export type AuthorRow = Pick<UserRow, 'ID' | 'display_name' | 'user_nicename'>;

/**
 * Where `blocksuite/v1` reads the site's content: posts of every type with their meta and terms,
 * the terms of a taxonomy, authors and options, as WordPress keeps them. It writes nothing. Every
 * callback gets the request's storage context last.
 */
export interface BlocksuiteStorage {
  /** Posts matching a query (`WP_Query`'s filters as the store reads them), sorted and sliced, with the total. */
  queryPosts(query: PostQuery, context: StorageContext): Promise<PostPage>;
  /** Posts of any type by id, in the order asked, absent ones left out. */
  getPosts(ids: readonly number[], context: StorageContext): Promise<PostRow[]>;
  /** Some meta keys of some posts: each post asked → key → its values (empty when none). */
  getPostMeta(ids: readonly number[], keys: readonly string[], context: StorageContext): Promise<Map<number, Record<string, JsonValue[]>>>;
  /** The terms of some posts in some taxonomies. */
  getPostTerms(ids: readonly number[], taxonomies: readonly string[], context: StorageContext): Promise<ObjectTerm[]>;
  /** Every term of a taxonomy, sorted by name then id. */
  listTerms(taxonomy: string, context: StorageContext): Promise<TermRow[]>;
  /** Users by id, absent ones left out. */
  getAuthors(ids: readonly number[], context: StorageContext): Promise<AuthorRow[]>;
  /** An option's value (`sticky_posts`, `posts_per_page`); undefined when absent. */
  getOption(name: string, context: StorageContext): Promise<JsonValue | undefined>;
}

/** The blocksuite storage's callbacks, grouped by the data they share. */
export const blocksuiteStorageGroups: StorageGroups<BlocksuiteStorage> = [
  { data: 'posts, their meta and their terms', callbacks: ['queryPosts', 'getPosts', 'getPostMeta', 'getPostTerms'] },
  { data: 'terms', callbacks: ['listTerms'] },
  { data: 'users', callbacks: ['getAuthors'] },
  { data: 'options', callbacks: ['getOption'] },
];
