/**
 * Yoast SEO's data on the site store, where Yoast keeps it in WordPress: its option objects,
 * `_yoast_wpseo_*` post meta, its user meta and transients.
 */
import type { JsonValue, SiteStore, TermRow } from '../../store/types.js';
import { optionObject } from '../option-object.js';
import type { PlannerPost, SeoBStorage } from './storage.js';

/** First values of some keys from a meta table's answer for one object. */
function firstValues(all: Record<string, JsonValue[]> | undefined): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const [key, values] of Object.entries(all ?? {})) if (values.length > 0) out[key] = values[0]!;
  return out;
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
    getTerm: (id) => store.terms.get(id),
    getTransient: (name) => store.transients.get(name),
    setTransient: (name, value, ttlSeconds) => store.transients.set(name, value, ttlSeconds),
    deleteTransient: async (name) => {
      await store.transients.delete(name);
    },
    recentPosts: (postType, limit) => plannerPosts(store, postType, () => true, limit, limit * 10),
    aboutPage: async (postType) =>
      (await plannerPosts(store, postType, ({ meta }) => meta._yoast_wpseo_schema_page_type === 'AboutPage', 1, ABOUT_SCAN))[0] ?? null,
    categoryByName: async (name) => {
      const wanted = name.toLowerCase();
      return (await store.terms.list('category')).find((term) => term.name.toLowerCase() === wanted) ?? null;
    },
  };
}
