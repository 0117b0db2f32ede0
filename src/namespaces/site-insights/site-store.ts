/**
 * Site Kit's data on the site store, where Site Kit keeps it in WordPress: its options, its user
 * options (user meta under the option's name) and transients.
 */
import type { SiteStore, JsonValue, StoreTables } from '../../store/types.js';
import { optionObject } from '../option-object.js';
import { failStaleEmailLogs, fileEmailConfirmation, latestEmailBatch } from './email-log.js';
import type { SiteInsightsStorage } from './storage.js';

const ADMINISTRATOR = 'administrator';
/** Rows read at a time where a callback walks a table (administrators, e-mail log posts), as Site Kit's reset deletes its posts. */
const PAGE = 100;
/** The option Site Kit kept its active modules in before `googlesitekit_active_modules`, which its reset deletes too. */
const LEGACY_ACTIVE_MODULES = 'googlesitekit-active-modules';
/** Site Kit's e-mail log (`Email_Log`): its post type and the statuses its reset deletes. */
const EMAIL_LOG = { type: 'googlesitekit_email', statuses: ['email_sent', 'email_failed', 'email_scheduled'] } as const;

/**
 * The types a search without `post_type` reads (`'any'`: those not excluded from search): WordPress's
 * posts and pages (attachments are never `publish`).
 */
const SEARCHED_TYPES = ['post', 'page'];

/** Leaves a value as it is: what an atomic update's callback answers to write nothing. */
class Unchanged extends Error {}

/** Sets each of `changes`' user options of a user in a transaction's tables, deleting those whose value is undefined. */
export async function writeUserMeta(
  tx: StoreTables,
  userId: number,
  changes: Readonly<Record<string, JsonValue | undefined>>,
): Promise<void> {
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) await tx.userMeta.delete(userId, name);
    else await tx.userMeta.update(userId, name, value);
  }
}

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
    writeUserOptions: (userId, changes) => store.transaction((tx) => writeUserMeta(tx, userId, changes)),
    deleteUserOptionsWithPrefix: (userId, prefix) =>
      store.transaction(async (tx) => {
        const keys = Object.keys((await tx.userMeta.getMany([userId])).get(userId) ?? {}).filter((key) => key.startsWith(prefix));
        let deleted = 0;
        for (const key of keys) deleted += await tx.userMeta.delete(userId, key);
        return deleted;
      }),
    getTransient: (name) => store.transients.get(name),
    setTransient: (name, value, ttlSeconds) => store.transients.set(name, value, ttlSeconds),
    deleteTransient: async (name) => {
      await store.transients.delete(name);
    },
    getUser: (id) => store.users.get(id),
    countAdministrators: async () => (await store.users.query({ roles: [ADMINISTRATOR], limit: 1 })).total,
    administratorHasUserOption: async (metaKey) => {
      for (let offset = 0; ; offset += PAGE) {
        const { users } = await store.users.query({ roles: [ADMINISTRATOR], orderby: 'ID', offset, limit: PAGE });
        const meta = await store.userMeta.getMany(
          users.map((user) => user.ID),
          [metaKey],
        );
        for (const byKey of meta.values()) if (Object.hasOwn(byKey, metaKey)) return true;
        if (users.length < PAGE) return false;
      }
    },
    resetData: (prefix) =>
      store.transaction(async (tx) => {
        await tx.options.deletePrefixed(prefix);
        await tx.options.delete(LEGACY_ACTIVE_MODULES);
        await tx.transients.deletePrefixed(prefix);
        await tx.userMeta.deletePrefixed(prefix);
        await tx.postMeta.deletePrefixed(prefix);
        await tx.termMeta.deletePrefixed(prefix);
        for (;;) {
          const { posts } = await tx.posts.query({
            type: [EMAIL_LOG.type],
            status: [...EMAIL_LOG.statuses],
            orderby: 'ID',
            order: 'asc',
            limit: PAGE,
          });
          for (const post of posts) await tx.posts.delete(post.ID);
          if (posts.length < PAGE) return;
        }
      }),
    searchPosts: async (search, limit) =>
      (
        await store.posts.query(
          search === ''
            ? { type: ['post'], status: ['publish'], orderby: 'post_date', order: 'desc', limit }
            : { type: SEARCHED_TYPES, status: ['publish'], search, orderby: 'relevance', order: 'desc', limit },
        )
      ).posts,
    getPost: (id) => store.posts.get(id),
    publishedBySlug: async (slug, types) =>
      (await store.posts.query({ type: [...types], status: ['publish'], slug: [slug], orderby: 'ID', order: 'asc' })).posts,
    getTerm: (id) => store.terms.get(id),
    getTermBySlug: (taxonomy, slug) => store.terms.getBySlug(taxonomy, slug),
    getUserBySlug: (nicename) => store.users.getBy('user_nicename', nicename),
    queryUsers: (query) => store.users.query(query),
    userOptionOfUsers: async (userIds, name) => {
      const values = new Map<number, JsonValue>();
      if (userIds.length === 0) return values;
      for (const [id, meta] of await store.userMeta.getMany(userIds, [name])) {
        const value = meta[name]?.[0];
        if (value !== undefined) values.set(id, value);
      }
      return values;
    },
    scheduleEmailConfirmation: (confirmation) => fileEmailConfirmation(store, confirmation),
    failStaleEmailLogs: (nowSeconds, errorDetails) => failStaleEmailLogs(store, nowSeconds, errorDetails),
    latestEmailBatch: () => latestEmailBatch(store),
  };
}
