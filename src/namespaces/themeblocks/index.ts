import type { MountableNamespace } from '../../core/types.js';
import { bindGroups, routeGroup, withDefaults } from '../define.js';
import { componentRegistry, type LayoutComponent } from './components.js';
import { DEFAULT_COMPONENTS } from './default-components.js';
import { themeblocksHandlers } from './handlers.js';
import { themeblocksRoutes } from './routes.js';
import { themeblocksStorageOn } from './site-store.js';
import { themeblocksStorageGroups, type ThemeblocksStorage } from './storage.js';
import { checkedAtUse, checkOptions, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';

export { themeblocksStorageOn } from './site-store.js';
export { themeblocksStorageGroups } from './storage.js';
export { MAX_FAVORITES, MAX_FAVORITE_KEY_LENGTH } from './favorites.js';
export type { LayoutCollection, LayoutComponent } from './components.js';
export type { FavoriteList, FavoritesChange, ThemeblocksStorage } from './storage.js';

/** Options of {@link themeblocks}. */
export interface ThemeblocksOptions {
  /**
   * Layouts and sections the host adds to the shipped ones, as `genesis_blocks_register_layout_component`
   * registers them: listed by `/layouts` or `/sections` and by `/layouts/all`. One with a shipped
   * component's key replaces it.
   */
  components?: readonly LayoutComponent[];
  /** The keys `/layouts/all?filter=allowed` keeps (the `genesis_blocks_allowed_layout_components` filter): default every key; `[]` answers `[]`. */
  allowed?: readonly string[];
  /** The host's favourites storage, both callbacks or neither; default the site store's user meta. */
  storage?: ThemeblocksStorage;
}

/** The checks of {@link ThemeblocksOptions}. */
export const themeblocksOptions = optionsObject({
  components: checkedAtUse<unknown>(),
  allowed: checkedAtUse<unknown>(),
  storage: hostObject('the favourites storage callbacks').optional(),
} satisfies OptionsShape<ThemeblocksOptions>);

/**
 * The `themeblocks/v1` namespace (Genesis Blocks' layout library): the registered layouts and
 * sections, and each user's favourites. Host components are checked when this is called: one
 * the plugin's registry would refuse is a TypeError naming it.
 */
export function themeblocks(options: ThemeblocksOptions = {}): MountableNamespace {
  checkOptions(themeblocksOptions, options, 'themeblocks');
  const registry = componentRegistry(DEFAULT_COMPONENTS, options.components ?? [], options.allowed);
  return ({ store }) => {
    const storage = withDefaults<ThemeblocksStorage>(
      () => themeblocksStorageOn(store),
      options.storage,
      themeblocksStorageGroups,
      'themeblocks storage',
    );
    return bindGroups('themeblocks/v1', [routeGroup(themeblocksRoutes, themeblocksHandlers({ registry }))], { storage });
  };
}
