/**
 * Yoast SEO's data on the site store, where Yoast keeps it in WordPress: its option objects,
 * `_yoast_wpseo_*` post meta, its user meta and transients.
 */
import type { JsonValue, PostQuery, PostRow, SiteStore, TermRow } from '../../store/types.js';
import { firstValues } from '../meta-fields.js';
import { optionObject } from '../option-object.js';
import { keyedHash, siteSalt } from '../site-salt.js';
import { matchesBulkSearch, SEARCHED_META } from './bulk-editor.js';
import { customFieldsMatching } from './custom-fields.js';
import type { BulkEditorPage, BulkEditorQuery, SeoBStorage, PlannerPost } from './storage.js';
import { recordedSize } from './uploaded-files.js';

/** Posts read at a time where a page is found by looking at every candidate: a bound on what one read holds. */
const SCAN_BATCH = 500;

/** The meta an attachment's recorded file size is read from. */
const ATTACHMENT_FILE_META = ['_wp_attached_file', '_wp_attachment_metadata'];

/** Every post of a query, a batch at a time, newest id first: what the batch reads alongside them is `extra`'s. */
async function* inBatches<T>(store: SiteStore, query: PostQuery, extra: (posts: PostRow[]) => Promise<T>): AsyncGenerator<[PostRow[], T]> {
  for (let offset = 0; ; offset += SCAN_BATCH) {
    const { posts } = await store.posts.query({ ...query, orderby: 'ID', order: 'desc', offset, limit: SCAN_BATCH });
    if (posts.length > 0) yield [posts, await extra(posts)];
    if (posts.length < SCAN_BATCH) return;
  }
}

/** The bulk editor's page: a query of the store without a search, else every candidate read in batches and matched. */
async function bulkEditorPosts(store: SiteStore, query: BulkEditorQuery): Promise<BulkEditorPage> {
  const selection: PostQuery = {
    type: [query.type],
    status: [...query.statuses],
    hasPassword: false,
    ...(query.author === null ? {} : { author: [query.author] }),
  };
  const seoMeta = (batch: PostRow[]) =>
    store.postMeta.getMany(
      batch.map((post) => post.ID),
      [...SEARCHED_META],
    );
  if (query.search === '') {
    const page = await store.posts.query({ ...selection, orderby: 'ID', order: 'desc', offset: query.offset, limit: query.limit });
    const meta = page.posts.length === 0 ? new Map<number, Record<string, JsonValue[]>>() : await seoMeta(page.posts);
    return { posts: page.posts.map((post) => ({ post, meta: firstValues(meta.get(post.ID)) })), total: page.total };
  }
  const needle = query.search.toLowerCase();
  const posts: BulkEditorPage['posts'] = [];
  let total = 0;
  for await (const [batch, meta] of inBatches(store, selection, seoMeta)) {
    for (const post of batch) {
      const own = meta.get(post.ID);
      if (!matchesBulkSearch(post, own, needle)) continue;
      if (total >= query.offset && posts.length < query.limit) posts.push({ post, meta: firstValues(own) });
      total++;
    }
  }
  return { posts, total };
}

/** The size recorded for an uploaded file: the first attachment (newest first) naming it. */
async function uploadedFileSize(store: SiteStore, file: string): Promise<number | null> {
  const attachmentMeta = (batch: PostRow[]) =>
    store.postMeta.getMany(
      batch.map((post) => post.ID),
      ATTACHMENT_FILE_META,
    );
  for await (const [batch, meta] of inBatches(store, { type: ['attachment'] }, attachmentMeta)) {
    for (const post of batch) {
      const own = meta.get(post.ID);
      const size = recordedSize(file, own?._wp_attached_file?.[0], own?._wp_attachment_metadata?.[0]);
      if (size !== undefined) return size;
    }
  }
  return null;
}

/** First values of each object's keys from a meta table's answer for several objects. */
function firstValuesOf(all: Map<number, Record<string, JsonValue[]>>): Map<number, Record<string, JsonValue>> {
  const out = new Map<number, Record<string, JsonValue>>();
  for (const [id, values] of all) out.set(id, firstValues(values));
  return out;
}

/** How many posts {@link focusKeyphrasesOn} reads at a time. */
const FOCUS_PAGE = 500;

/** Every non-trashed post's focus keyphrase, each once, read a page of posts at a time. */
async function focusKeyphrasesOn(store: SiteStore): Promise<string[]> {
  const found = new Set<string>();
  for (let offset = 0; ; offset += FOCUS_PAGE) {
    const { posts } = await store.posts.query({ type: 'any', orderby: 'ID', order: 'asc', offset, limit: FOCUS_PAGE });
    const ids = posts.filter((post) => post.post_status !== 'trash' && post.post_type !== 'revision').map((post) => post.ID);
    const meta =
      ids.length > 0 ? await store.postMeta.getMany(ids, ['_yoast_wpseo_focuskw']) : new Map<number, Record<string, JsonValue[]>>();
    for (const id of ids) {
      const value = meta.get(id)?._yoast_wpseo_focuskw?.[0];
      if (typeof value === 'string' && value !== '' && value !== '0') found.add(value);
    }
    if (posts.length < FOCUS_PAGE) return [...found];
  }
}

/** Posts read per query while looking for the content planner's. */
const PLANNER_PAGE = 100;

/** Most posts looked through for an about page: a bound on the scan, as Yoast's query is one indexed lookup. */
const ABOUT_SCAN = 1000;

/** Orders terms by name, as `wp_get_object_terms` does by default. */
const byName = (a: TermRow, b: TermRow): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.term_id - b.term_id);

/**
 * Published posts of a type without a password, newest modified first, with their Yoast meta and
 * categories: those not set to noindex that `wanted` keeps, at most `limit`, from the first `scan`.
 */
async function plannerPosts(
  store: SiteStore,
  postType: string,
  wanted: (post: PlannerPost) => boolean,
  limit: number,
  scan: number,
): Promise<PlannerPost[]> {
  const found: PlannerPost[] = [];
  for (let offset = 0; found.length < limit && offset < scan; offset += PLANNER_PAGE) {
    const { posts } = await store.posts.query({
      type: [postType],
      status: ['publish'],
      hasPassword: false,
      orderby: 'post_modified',
      order: 'desc',
      offset,
      limit: PLANNER_PAGE,
    });
    const ids = posts.map((post) => post.ID);
    const [meta, terms] = await Promise.all([store.postMeta.getMany(ids), store.terms.getObjectTerms(ids, ['category'])]);
    const categories = new Map<number, TermRow[]>();
    for (const { object_id: id, term } of terms) categories.set(id, [...(categories.get(id) ?? []), term]);
    for (const post of posts) {
      const all = firstValues(meta.get(post.ID));
      const yoast = Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith('_yoast_wpseo_')));
      const item: PlannerPost = { post, meta: yoast, categories: (categories.get(post.ID) ?? []).sort(byName) };
      if (yoast['_yoast_wpseo_meta-robots-noindex'] !== '1' && wanted(item) && found.push(item) === limit) break;
    }
    if (posts.length < PLANNER_PAGE) break;
  }
  return found;
}

/** The seo-b storage on a site store. */
export function seoBStorageOn(store: SiteStore): SeoBStorage {
  const authSalt = siteSalt(store, 'auth');
  return {
    getOption: (name) => store.options.get(name),
    mergeOption: (name, changes) => optionObject(store.options, name, {}).merge(changes),
    getUserMeta: async (userId, key) => (await store.userMeta.get(userId, key))[0],
    setUserMeta: async (userId, changes) => {
      await store.transaction(async (tx) => {
        for (const [key, value] of changes) {
          if (value === null) await tx.userMeta.delete(userId, key);
          else await tx.userMeta.update(userId, key, value);
        }
      });
    },
    updateUserMeta: async (userId, key, update) => {
      await store.transaction(async (tx) => {
        const next = update((await tx.userMeta.get(userId, key))[0]);
        if (next !== undefined) await tx.userMeta.update(userId, key, next);
      });
    },
    getPost: (id) => store.posts.get(id),
    getPostMeta: async (id, keys) => firstValues((await store.postMeta.getMany([id], [...keys])).get(id)),
    setPostMeta: async (id, changes) => {
      await store.transaction(async (tx) => {
        for (const [key, value] of changes) {
          if (value === null) await tx.postMeta.delete(id, key);
          else await tx.postMeta.update(id, key, value);
        }
      });
    },
    queryPosts: (query) => store.posts.query(query),
    getPostsMeta: async (ids, keys) => firstValuesOf(await store.postMeta.getMany([...ids], [...keys])),
    bulkEditorPosts: (query) => bulkEditorPosts(store, query),
    availablePosts: async (type, search, limit) =>
      (
        await store.posts.query({
          type: [type],
          status: ['publish'],
          hasPassword: false,
          ...(search === '' ? {} : { search }),
          orderby: 'post_modified',
          order: 'desc',
          limit,
        })
      ).posts,
    searchPostMeta: async (postId, prefix, limit) =>
      customFieldsMatching((await store.postMeta.getMany([postId])).get(postId) ?? {}, prefix, limit),
    uploadedFileSize: (file) => uploadedFileSize(store, file),
    focusKeyphrases: () => focusKeyphrasesOn(store),
    getTerm: (id) => store.terms.get(id),
    listTerms: (taxonomy) => store.terms.list(taxonomy),
    getTermsMeta: async (ids, keys) => firstValuesOf(await store.termMeta.getMany([...ids], [...keys])),
    setTermMeta: async (id, changes) => {
      await store.transaction(async (tx) => {
        for (const [key, value] of changes) {
          if (value === null) await tx.termMeta.delete(id, key);
          else await tx.termMeta.update(id, key, value);
        }
      });
    },
    getTermBySlug: (taxonomy, slug) => store.terms.getBySlug(taxonomy, slug),
    getPostTerms: async (postId, taxonomies) =>
      (await store.terms.getObjectTerms([postId], [...taxonomies])).map((related) => related.term),
    findPostBySlug: async (slug, postTypes) =>
      (
        await store.posts.query({
          type: [...postTypes],
          status: ['publish', 'private'],
          slug: [slug],
          orderby: 'post_date',
          order: 'desc',
          limit: 1,
        })
      ).posts[0] ?? null,
    getUser: (id) => store.users.get(id),
    wpHash: async (data) => keyedHash(data, 'auth', await authSalt()),
    getTransient: (name) => store.transients.get(name),
    setTransient: (name, value, ttlSeconds) => store.transients.set(name, value, ttlSeconds),
    deleteTransient: async (name) => {
      await store.transients.delete(name);
    },
    findPosts: async (query) => (await store.posts.query(query)).posts,
    trashPost: (id) =>
      store.transaction(async (tx) => {
        const post = await tx.posts.get(id);
        if (!post) return false;
        if (post.post_status === 'trash') return tx.posts.delete(id);
        await tx.postMeta.update(id, '_wp_trash_meta_status', post.post_status);
        await tx.postMeta.update(id, '_wp_trash_meta_time', Math.floor(Date.now() / 1000));
        await tx.posts.update(id, { post_status: 'trash', post_name: `${post.post_name}__trashed` });
        return true;
      }),
    recentPosts: (postType, limit) => plannerPosts(store, postType, () => true, limit, limit * 10),
    aboutPage: async (postType) =>
      (await plannerPosts(store, postType, ({ meta }) => meta._yoast_wpseo_schema_page_type === 'AboutPage', 1, ABOUT_SCAN))[0] ?? null,
    categoryByName: async (name) => {
      const wanted = name.toLowerCase();
      return (await store.terms.list('category')).find((term) => term.name.toLowerCase() === wanted) ?? null;
    },
  };
}
