/**
 * Posts on the site store, kept as WordPress keeps them, so a WordPress database could be read as
 * is: a `post` row of `wp_posts` (GMT dates in `post_date_gmt`, local ones from the site's
 * `gmt_offset`), `sticky` in the `sticky_posts` option, the template in `_wp_page_template`, the
 * featured image in `_thumbnail_id`, the trash's previous status in `_wp_trash_meta_status` (and
 * its time in `_wp_trash_meta_time`) as `wp_trash_post` writes them, categories and tags as term
 * relationships, and the format as the `post-format-<format>` term of `post_format`. An update
 * that changes title, content or excerpt stores a revision, as `wp_save_post_revision` does.
 */
import type {
  JsonValue,
  NewPostRow,
  ObjectTerm,
  PostRow,
  PostQuery as StoreQuery,
  RevisionSummary,
  SiteStore,
  StoreTables,
} from '../../store/types.js';
import type { StorageContext } from '../define.js';
import { gmtInstant, gmtText, type Clock } from './schedule.js';
import type { NewPost, PostQuery, PostRecord, PostsStorage, PostStatus } from './storage.js';
import { checkOptions, fn, optionsObject, type OptionsShape } from '../../core/options.js';

const TEMPLATE = '_wp_page_template';
const THUMBNAIL = '_thumbnail_id';
const TRASH_STATUS = '_wp_trash_meta_status';
const TRASH_TIME = '_wp_trash_meta_time';
const META_KEYS = [TEMPLATE, THUMBNAIL, TRASH_STATUS];
const FORMAT_PREFIX = 'post-format-';
const TAXONOMIES = ['category', 'post_tag', 'post_format'];
const REVISED_FIELDS = ['title', 'content', 'excerpt'] as const;

/** Options of {@link postsStorageOn}. */
export interface PostsStoreOptions {
  /** The clock in milliseconds (default `Date.now`): stamps `modified_gmt` and decides when a `future` post reads as published. */
  now?: Clock;
}

const postsStoreOptions = optionsObject({ now: fn('→ milliseconds').optional() } satisfies OptionsShape<PostsStoreOptions>);

/** The site's offset from GMT in hours, as the request's site facts give it. */
const offsetOf = (context: Pick<StorageContext, 'site'>): number => Number(context.site.gmt_offset ?? 0) || 0;

/** A record's GMT date (`YYYY-MM-DDTHH:MM:SS`) as `wp_posts` keeps it, GMT and local. */
function columnDates(gmt: string, offset: number): { gmt: string; local: string } {
  return { gmt: gmt.replace('T', ' '), local: gmtText(gmtInstant(gmt) + offset * 3_600_000).replace('T', ' ') };
}

/** The `wp_posts` columns of a record's fields (those given). */
function columnsOf(fields: Partial<PostRecord>, offset: number): NewPostRow {
  const row: NewPostRow = {};
  if (fields.date_gmt !== undefined) {
    const { gmt, local } = columnDates(fields.date_gmt, offset);
    row.post_date_gmt = gmt;
    row.post_date = local;
  }
  if (fields.modified_gmt !== undefined) {
    const { gmt, local } = columnDates(fields.modified_gmt, offset);
    row.post_modified_gmt = gmt;
    row.post_modified = local;
  }
  if (fields.slug !== undefined) row.post_name = fields.slug;
  if (fields.status !== undefined) row.post_status = fields.status;
  if (fields.title !== undefined) row.post_title = fields.title;
  if (fields.content !== undefined) row.post_content = fields.content;
  if (fields.excerpt !== undefined) row.post_excerpt = fields.excerpt;
  if (fields.author !== undefined) row.post_author = fields.author;
  if (fields.password !== undefined) row.post_password = fields.password;
  if (fields.comment_status !== undefined) row.comment_status = fields.comment_status;
  if (fields.ping_status !== undefined) row.ping_status = fields.ping_status;
  if (fields.guid !== undefined) row.guid = fields.guid;
  return row;
}

const firstText = (values: JsonValue[] | undefined): string | undefined => {
  const value = values?.[0];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

/** A record from its row, meta, terms, the sticky list and its revisions. */
function recordOf(
  row: PostRow,
  meta: Record<string, JsonValue[]>,
  terms: readonly ObjectTerm[],
  sticky: ReadonlySet<number>,
  revisions: RevisionSummary | undefined,
): PostRecord {
  // One pass over the post's terms, in their order: a page of posts reads every post's.
  const categories: number[] = [];
  const tags: number[] = [];
  let format: ObjectTerm | undefined;
  for (const related of terms) {
    const { taxonomy, term_id, slug } = related.term;
    if (taxonomy === 'category') categories.push(term_id);
    else if (taxonomy === 'post_tag') tags.push(term_id);
    else if (taxonomy === 'post_format' && format === undefined && slug.startsWith(FORMAT_PREFIX)) format = related;
  }
  const trashedFrom = firstText(meta[TRASH_STATUS]);
  const record: PostRecord = {
    id: row.ID,
    date_gmt: row.post_date_gmt.replace(' ', 'T'),
    modified_gmt: row.post_modified_gmt.replace(' ', 'T'),
    slug: row.post_name,
    status: row.post_status as PostStatus,
    title: row.post_title,
    content: row.post_content,
    excerpt: row.post_excerpt,
    author: row.post_author,
    password: row.post_password,
    comment_status: row.comment_status === 'closed' ? 'closed' : 'open',
    ping_status: row.ping_status === 'closed' ? 'closed' : 'open',
    sticky: sticky.has(row.ID),
    template: firstText(meta[TEMPLATE]) ?? '',
    format: format ? format.term.slug.slice(FORMAT_PREFIX.length) : 'standard',
    categories,
    tags,
    featured_media: Number(firstText(meta[THUMBNAIL]) ?? 0) || 0,
    guid: row.guid,
  };
  if (trashedFrom !== undefined) record.trashed_from = trashedFrom as PostStatus;
  if (revisions && revisions.count > 0) record.revisions = { ...revisions };
  return record;
}

/** The records of a page of rows: one meta read and one terms read for the whole page. */
async function recordsOf(
  tables: StoreTables,
  rows: readonly PostRow[],
  sticky: readonly number[] = [],
  revisions?: ReadonlyMap<number, RevisionSummary>,
): Promise<PostRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.ID);
  const [meta, terms] = await Promise.all([tables.postMeta.getMany(ids, META_KEYS), tables.terms.getObjectTerms(ids, TAXONOMIES)]);
  const stickySet = new Set(sticky);
  const termsByPost = new Map<number, ObjectTerm[]>();
  for (const related of terms) {
    const list = termsByPost.get(related.object_id);
    if (list) list.push(related);
    else termsByPost.set(related.object_id, [related]);
  }
  return rows.map((row) => recordOf(row, meta.get(row.ID) ?? {}, termsByPost.get(row.ID) ?? [], stickySet, revisions?.get(row.ID)));
}

/** One post by id, in any status, with everything its record holds: three reads. */
async function readPost(tables: StoreTables, id: number): Promise<PostRecord | null> {
  const page = await tables.posts.query({ include: [id], limit: 1, with: { sticky: true, revisions: true } });
  const [record] = await recordsOf(tables, page.posts, page.sticky, page.revisions);
  return record ?? null;
}

const ORDER_COLUMNS: Record<PostQuery['orderby'], NonNullable<StoreQuery['orderby']>> = {
  author: 'post_author',
  date: 'post_date',
  id: 'ID',
  include: 'include',
  modified: 'post_modified',
  parent: 'post_parent',
  relevance: 'relevance',
  slug: 'post_name',
  include_slugs: 'slug_in',
  title: 'post_title',
};

const mysqlOf = (instant: Date | undefined): string | undefined => (instant ? gmtText(instant.getTime()).replace('T', ' ') : undefined);

/** A store query for a posts query: one statement on SQL, with the page's sticky list and revisions. */
function storeQuery(query: PostQuery, now: number): StoreQuery {
  const orderby = ORDER_COLUMNS[query.orderby];
  const dates: NonNullable<StoreQuery['dates']> = [];
  if (query.after || query.before) dates.push({ column: 'post_date_gmt', after: mysqlOf(query.after), before: mysqlOf(query.before) });
  if (query.modifiedAfter || query.modifiedBefore)
    dates.push({ column: 'post_modified_gmt', after: mysqlOf(query.modifiedAfter), before: mysqlOf(query.modifiedBefore) });
  return {
    type: ['post'],
    status: query.status,
    publishedBy: gmtText(now).replace('T', ' '),
    search: query.search,
    hasPassword: query.hasPassword,
    dates,
    author: query.author,
    authorExclude: query.authorExclude,
    include: query.include,
    exclude: query.exclude,
    slug: query.slug,
    sticky: query.sticky,
    orderby,
    // Listed orders are the list's, whatever `order` says, as `WP_Query`'s `FIELD()` ordering.
    order: orderby === 'include' || orderby === 'slug_in' ? 'asc' : query.order,
    offset: query.offset,
    limit: query.limit,
    with: { sticky: true, revisions: true },
  };
}

/** Term ids of a taxonomy among those asked, in the order asked; others are skipped, as `wp_set_object_terms` skips unknown ids. */
async function knownTerms(tables: StoreTables, taxonomy: string, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  // One read of the taxonomy, however many ids a client lists.
  const known = new Set((await tables.terms.list(taxonomy)).map((term) => term.term_id));
  return [...new Set(ids)].filter((id) => known.has(id));
}

/** WordPress's install-time category, "Uncategorized" (term 1 in a fresh store), made when absent. */
async function ensureDefaultCategory(tables: StoreTables): Promise<void> {
  if (!(await tables.terms.getBySlug('category', 'uncategorized')))
    await tables.terms.insert({ name: 'Uncategorized', slug: 'uncategorized', taxonomy: 'category' });
}

/** Writes what a record keeps outside `wp_posts`: the fields given in `fields`. */
async function writeRelated(tables: StoreTables, id: number, fields: Partial<PostRecord>, now: number): Promise<void> {
  if (fields.template !== undefined) {
    if (fields.template === '') await tables.postMeta.delete(id, TEMPLATE);
    else await tables.postMeta.update(id, TEMPLATE, fields.template);
  }
  if (fields.featured_media !== undefined) {
    if (fields.featured_media === 0) await tables.postMeta.delete(id, THUMBNAIL);
    else await tables.postMeta.update(id, THUMBNAIL, String(fields.featured_media));
  }
  if (fields.trashed_from !== undefined) {
    await tables.postMeta.update(id, TRASH_STATUS, fields.trashed_from);
    await tables.postMeta.update(id, TRASH_TIME, String(Math.floor(now / 1000)));
  }
  if (fields.categories !== undefined) {
    if (fields.categories.length > 0) await ensureDefaultCategory(tables);
    await tables.terms.setObjectTerms(id, 'category', await knownTerms(tables, 'category', fields.categories));
  }
  if (fields.tags !== undefined) await tables.terms.setObjectTerms(id, 'post_tag', await knownTerms(tables, 'post_tag', fields.tags));
  if (fields.format !== undefined) {
    const slug = `${FORMAT_PREFIX}${fields.format}`;
    const term =
      fields.format === 'standard'
        ? null
        : ((await tables.terms.getBySlug('post_format', slug)) ??
          (await tables.terms.insert({ name: slug, slug, taxonomy: 'post_format' })));
    await tables.terms.setObjectTerms(id, 'post_format', term ? [term.term_id] : []);
  }
  if (fields.sticky !== undefined) await setSticky(tables, [id], fields.sticky);
}

/** `stick_post` / `unstick_post` of some posts: the `sticky_posts` option lists each once, in the order stuck. */
export async function setSticky(tables: StoreTables, ids: readonly number[], sticky: boolean): Promise<void> {
  const changed = new Set(ids);
  await tables.options.update('sticky_posts', (current) => {
    const kept = Array.isArray(current) ? current.filter((other) => typeof other !== 'number' || !changed.has(other)) : [];
    return sticky ? [...kept, ...changed] : kept;
  });
}

/** The revisions of a post, newest first (`wp_get_post_revisions`' order). */
function revisionsQuery(id: number, limit?: number): StoreQuery {
  return { type: ['revision'], parent: [id], orderby: 'post_date', order: 'desc', limit };
}

/**
 * `wp_save_post_revision` after an update: a revision of the post as it now is, when its title,
 * content or excerpt differ from the latest revision's (or, with none yet, from the post before).
 */
async function saveRevision(tables: StoreTables, before: PostRow, after: PostRow): Promise<void> {
  const [latest] = (await tables.posts.query(revisionsQuery(after.ID, 1))).posts;
  const compared = latest ?? before;
  const changed = REVISED_FIELDS.some((field) => {
    const column = `post_${field}` as const;
    return after[column] !== compared[column];
  });
  if (!changed) return;
  await tables.posts.insert({
    post_type: 'revision',
    post_status: 'inherit',
    post_parent: after.ID,
    post_name: `${after.ID}-revision-v1`,
    post_author: after.post_author,
    post_title: after.post_title,
    post_content: after.post_content,
    post_excerpt: after.post_excerpt,
    post_date: after.post_modified,
    post_date_gmt: after.post_modified_gmt,
  });
}

/**
 * The fields of a new post that write something outside `wp_posts`: a post just inserted has no
 * meta, terms or sticky mark, so an empty template, no featured image, no categories or tags, the
 * standard format and not sticky have nothing to clear (a sample post's write went from 26 statements to 11).
 */
function addedRelated(post: NewPost): Partial<PostRecord> {
  const added: Partial<PostRecord> = { trashed_from: post.trashed_from };
  if (post.categories.length > 0) added.categories = post.categories;
  if (post.template !== '') added.template = post.template;
  if (post.featured_media !== 0) added.featured_media = post.featured_media;
  if (post.tags.length > 0) added.tags = post.tags;
  if (post.format !== 'standard') added.format = post.format;
  if (post.sticky) added.sticky = true;
  return added;
}

/** Stores a new post (with a wanted id, or the next one) and what it keeps outside `wp_posts`. */
async function insertPost(tables: StoreTables, post: NewPost & { id?: number; modified_gmt: string }, offset: number, now: number) {
  const row = await tables.posts.insert({
    ...columnsOf(post, offset),
    post_type: 'post',
    guid: post.guid ?? '',
    ...(post.id ? { ID: post.id } : {}),
  });
  await writeRelated(tables, row.ID, addedRelated(post), now);
  return row.ID;
}

/**
 * The default posts storage, written once on the site store so every backend has it: a list is
 * one store query (its sticky list and revision counts with it), one meta read and one terms
 * read. A scheduled post is kept `future` and read as `publish` from its date on (`schedule.ts`).
 */
export function postsStorageOn(store: SiteStore, options: PostsStoreOptions = {}): PostsStorage {
  checkOptions(postsStoreOptions, options, 'postsStorageOn');
  const now = options.now ?? Date.now;
  return {
    async queryPosts(query) {
      // No status asks for no post, where the store would read an empty list as any status.
      if (query.status.length === 0) return { posts: [], total: 0 };
      const page = await store.posts.query(storeQuery(query, now()));
      return { posts: await recordsOf(store, page.posts, page.sticky, page.revisions), total: page.total };
    },
    getPost: (id) => readPost(store, id),
    createPost: (fields, context) =>
      store.transaction(async (tx) => {
        const at = now();
        const id = await insertPost(tx, { ...fields, modified_gmt: gmtText(at) }, offsetOf(context), at);
        return (await readPost(tx, id))!;
      }),
    updatePost: (id, changes, context) =>
      store.transaction(async (tx) => {
        const before = await tx.posts.get(id);
        if (!before || before.post_type !== 'post') return null;
        const at = now();
        const offset = offsetOf(context);
        const after = await tx.posts.update(id, columnsOf({ ...changes, modified_gmt: changes.modified_gmt ?? gmtText(at) }, offset));
        await writeRelated(tx, id, changes, at);
        if (after && REVISED_FIELDS.some((field) => changes[field] !== undefined)) await saveRevision(tx, before, after);
        return readPost(tx, id);
      }),
    deletePost: (id) =>
      store.transaction(async (tx) => {
        const post = await tx.posts.get(id);
        if (!post || post.post_type !== 'post') return false;
        // `wp_delete_post` deletes the post's revisions with it.
        for (const revision of (await tx.posts.query(revisionsQuery(id))).posts) await tx.posts.delete(revision.ID);
        if ((await tx.options.get('sticky_posts')) !== undefined) await writeRelated(tx, id, { sticky: false }, now());
        return tx.posts.delete(id);
      }),
  };
}

/**
 * Stores posts with their own ids (as `wp_insert_post`'s `import_id`), as the demo site and the
 * tests start from `samplePosts()`; `gmtOffset` is the site's, for the local dates. Give it a
 * transaction's tables (`store.transaction(tx => seedPosts(tx, posts))`) to store all or none.
 */
export async function seedPosts(tables: StoreTables, posts: readonly PostRecord[], gmtOffset = 0): Promise<void> {
  await ensureDefaultCategory(tables);
  for (const post of posts) await insertPost(tables, post, gmtOffset, Date.now());
}
