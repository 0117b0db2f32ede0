/**
 * Yoast SEO's data on the site store, where Yoast keeps it in WordPress: its option objects,
 * `_yoast_wpseo_*` post meta, its user meta and transients.
 */
import type { JsonValue, SiteStore } from '../../store/types.js';
import { optionObject } from '../option-object.js';
import type { SeoBStorage } from './storage.js';

/** First values of some keys from a meta table's answer for one object. */
function firstValues(all: Record<string, JsonValue[]> | undefined): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const [key, values] of Object.entries(all ?? {})) if (values.length > 0) out[key] = values[0]!;
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
    focusKeyphrases: () => focusKeyphrasesOn(store),
    getTerm: (id) => store.terms.get(id),
    getTransient: (name) => store.transients.get(name),
    setTransient: (name, value, ttlSeconds) => store.transients.set(name, value, ttlSeconds),
    deleteTransient: async (name) => {
      await store.transients.delete(name);
    },
  };
}
