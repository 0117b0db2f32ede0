/**
 * Yoast SEO's data on the site store, where Yoast keeps it in WordPress: its option objects,
 * `_yoast_wpseo_*` post meta, its user meta and transients.
 */
import type { JsonValue, SiteStore } from '../../store/types.js';
import { optionObject } from '../option-object.js';
import { keyedHash, siteSalt } from '../site-salt.js';
import type { SeoBStorage } from './storage.js';

/** First values of some keys from a meta table's answer for one object. */
function firstValues(all: Record<string, JsonValue[]> | undefined): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const [key, values] of Object.entries(all ?? {})) if (values.length > 0) out[key] = values[0]!;
  return out;
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
  };
}
