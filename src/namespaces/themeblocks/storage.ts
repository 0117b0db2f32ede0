import type { JsonValue } from '../../store/types.js';
import type { StorageContext, StorageGroups } from '../define.js';

/** A user's favourites as the plugin answers them: component keys, or `['']` when none was ever stored. */
export type FavoriteList = JsonValue[];

/** What a change of favourites answers: the new list to store, or null to keep the current one. */
export type FavoritesChange = (current: FavoriteList) => FavoriteList | null;

/**
 * Where the layout library's per-user favourites live. Every callback is async, gets the
 * request's {@link StorageContext} last and may throw a `RestError`, which is answered as it is.
 * The components themselves are the registry's (the factory's options), not storage.
 */
export interface ThemeblocksStorage {
  /** A user's favourites, as `(array) get_user_meta( $id, 'genesis_blocks_favorite_layouts', true )` reads them. */
  getFavorites(userId: number, ctx: StorageContext): Promise<FavoriteList>;
  /**
   * Reads a user's favourites, stores what `change` answers for them (nothing when it answers
   * null) and answers the list now kept; atomic per user, so changes made at once all land.
   */
  changeFavorites(userId: number, change: FavoritesChange, ctx: StorageContext): Promise<FavoriteList>;
}

/** {@link ThemeblocksStorage}'s callbacks that share data: both read and write the favourites. */
export const themeblocksStorageGroups: StorageGroups<ThemeblocksStorage> = [
  { data: 'favourites', callbacks: ['getFavorites', 'changeFavorites'] },
];
