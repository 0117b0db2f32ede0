/**
 * SEOPress's data on the site store, where SEOPress keeps it in WordPress: `_seopress_*` post and
 * term meta, its option arrays (`seopress_titles_option_name`, …) and transients. The headless
 * answers' generation is the counter `seopress_seo_generation`, bumped by every meta write here
 * that the headless data reads (the content analysis's own meta does not change its answer).
 */
import type { SiteStore } from '../../store/types.js';
import { firstValues } from '../meta-fields.js';
import { HEADLESS_KEYS } from './headless.js';
import type { SeoAStorage } from './storage.js';

/** The counter bumped on every SEO write, so each process's cached headless answers see it. */
export const SEO_GENERATION = 'seopress_seo_generation';

const HEADLESS_META = new Set(HEADLESS_KEYS);

/** The seo-a storage on a site store. */
export function seoAStorageOn(store: SiteStore): SeoAStorage {
  return {
    getPost: (id) => store.posts.get(id),
    getPosts: (ids) => store.posts.getMany([...ids]),
    getPostMeta: async (id, keys) => firstValues((await store.postMeta.getMany([id], [...keys])).get(id)),
    setPostMeta: async (id, changes) => {
      await store.transaction(async (tx) => {
        for (const [key, value] of changes) {
          if (value === null) await tx.postMeta.delete(id, key);
          else await tx.postMeta.update(id, key, value);
        }
        if ([...changes.keys()].some((key) => HEADLESS_META.has(key))) await tx.counters.increment(SEO_GENERATION);
      });
    },
    postsWithMeta: async (key, statuses) => {
      const { posts } = await store.posts.query({ type: 'any', status: [...statuses], orderby: 'ID', order: 'asc' });
      const meta = await store.postMeta.getMany(
        posts.map((post) => post.ID),
        [key],
      );
      return posts.flatMap((post) => {
        const values = meta.get(post.ID)?.[key] ?? [];
        return values.length > 0 ? [{ post, value: values[0]! }] : [];
      });
    },
    searchPosts: async ({ like, types, limit }) =>
      (await store.posts.query({ type: types, status: ['publish'], nameOrTitleLike: like, orderby: 'ID', order: 'asc', limit })).posts,
    linkingPosts: async (text) =>
      (await store.posts.query({ type: ['post', 'page'], status: ['publish'], search: text, orderby: 'relevance', limit: 10 })).posts,
    publishedBySlug: async (slug, types) =>
      (await store.posts.query({ type: [...types], status: ['publish'], slug: [slug], limit: 1 })).posts[0] ?? null,
    postTerms: async (id, taxonomy) => (await store.terms.getObjectTerms([id], [taxonomy])).map(({ term }) => term),
    seoGeneration: () => store.counters.get(SEO_GENERATION),
    getTerm: (id) => store.terms.get(id),
    listTerms: (taxonomy) => store.terms.list(taxonomy),
    getTermMeta: async (id, keys) => firstValues((await store.termMeta.getMany([id], [...keys])).get(id)),
    authorName: async (userId) => (userId > 0 ? ((await store.users.get(userId))?.display_name ?? '') : ''),
    getOption: (name) => store.options.get(name),
    getTransient: (name) => store.transients.get(name),
    setTransient: (name, value, ttlSeconds) => store.transients.set(name, value, ttlSeconds),
  };
}
