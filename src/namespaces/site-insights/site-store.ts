/**
 * Site Kit's data on the site store, where Site Kit keeps it in WordPress: its options, its user
 * options (user meta under the option's name) and transients.
 */
import type { SiteStore } from '../../store/types.js';
import { optionObject } from '../option-object.js';
import type { SiteInsightsStorage } from './storage.js';

/** Leaves a value as it is: what an atomic update's callback answers to write nothing. */
class Unchanged extends Error {}

/** {@link SiteInsightsStorage} on a site store. */
export function siteInsightsStorageOn(store: SiteStore): SiteInsightsStorage {
  return {
    getOption: (name) => store.options.get(name),
    setOption: (name, value) => store.options.set(name, value),
    deleteOption: (name) => store.options.delete(name),
    updateOption: async (name, update) => {
      const unchanged = new Unchanged();
      try {
        return await store.options.update(name, (current) => {
          const next = update(current);
          if (next === undefined) throw unchanged;
          return next;
        });
      } catch (error) {
        if (error === unchanged) return store.options.get(name);
        throw error;
      }
    },
    mergeOption: (name, changes) => optionObject(store.options, name, {}).merge(changes),
    getUserOption: async (userId, name) => (await store.userMeta.get(userId, name))[0],
    setUserOption: async (userId, name, value) => {
      await store.userMeta.update(userId, name, value);
    },
    deleteUserOption: async (userId, name) => (await store.userMeta.delete(userId, name)) > 0,
    updateUserOption: (userId, name, update) =>
      store.transaction(async (tx) => {
        const current = (await tx.userMeta.get(userId, name))[0];
        const next = update(current);
        if (next === undefined) return current;
        await tx.userMeta.update(userId, name, next);
        return next;
      }),
    getTransient: (name) => store.transients.get(name),
    setTransient: (name, value, ttlSeconds) => store.transients.set(name, value, ttlSeconds),
    deleteTransient: async (name) => {
      await store.transients.delete(name);
    },
    getUser: (id) => store.users.get(id),
  };
}
