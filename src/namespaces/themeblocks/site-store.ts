// Favourites kept on the site store as Genesis Blocks keeps them: one user meta row,
// `genesis_blocks_favorite_layouts`, holding the list of keys, so a WordPress database's
// favourites read as they are and every process on the store sees the same list.
import type { JsonValue, SiteStore, StoreTables } from '../../store/types.js';
import type { FavoriteList, ThemeblocksStorage } from './storage.js';

/** The user meta key of the favourites. */
const FAVORITES_META_KEY = 'genesis_blocks_favorite_layouts';

/**
 * PHP's `(array)` of `get_user_meta( …, true )`: `''` when nothing is stored, hence `['']`; a
 * scalar as a list of itself; a list as it is. A stored map (which only another writer leaves)
 * reads as its values.
 */
function favoritesFrom(stored: JsonValue | undefined): FavoriteList {
  if (stored === undefined) return [''];
  if (stored === null) return [];
  if (Array.isArray(stored)) return stored;
  return typeof stored === 'object' ? Object.values(stored) : [stored];
}

async function readFavorites(tables: StoreTables, userId: number): Promise<FavoriteList> {
  const [stored] = await tables.userMeta.get(userId, FAVORITES_META_KEY);
  return favoritesFrom(stored);
}

/** The default themeblocks storage: favourites in the site store's user meta, changed in one transaction each. */
export function themeblocksStorageOn(store: SiteStore): ThemeblocksStorage {
  return {
    getFavorites: (userId) => readFavorites(store, userId),
    changeFavorites: (userId, change) =>
      store.transaction(async (tx) => {
        const current = await readFavorites(tx, userId);
        const next = change(current);
        if (next === null) return current;
        await tx.userMeta.update(userId, FAVORITES_META_KEY, next);
        return next;
      }),
  };
}
