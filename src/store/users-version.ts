import type { SiteStore } from './types.js';

/**
 * Tells, without waiting, whether a store's users and user meta are as they were: a number that
 * changes with every write of them, or undefined while a write may be under way.
 */
type UsersVersion = () => number | undefined;

/**
 * The stores that see every write of their users and user meta (the memory store, a SQL store
 * that is its database's only writer), by store. A store shared with other processes has none: it
 * cannot see their writes, so whatever depends on its users must read them again.
 */
const versions = new WeakMap<SiteStore, UsersVersion>();

/** Registers how `store` tells that its users and user meta are unchanged; answers the store. */
export function withUsersVersion<Store extends SiteStore>(store: Store, version: UsersVersion): Store {
  versions.set(store, version);
  return store;
}

/** How `store` tells that its users and user meta are unchanged; undefined for a store that cannot tell. */
export const usersVersionOf = (store: SiteStore): UsersVersion | undefined => versions.get(store);
