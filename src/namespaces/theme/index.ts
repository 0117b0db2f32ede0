import type { MountableNamespace } from '../../core/types.js';
import { bindGroups, routeGroup, withDefaults } from '../define.js';
import { themeHandlers } from './handlers.js';
import { layoutRegistry, type GivenThemeLayout } from './layouts.js';
import { themeRoutes } from './routes.js';
import { themeStorageOn } from './site-store.js';
import { themeStorageGroups, type GivenThemeStorage, type ThemeStorage } from './storage.js';
import { checkedAtUse, checkOptions, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';

export { themeStorageOn } from './site-store.js';
export { themeStorageGroups } from './storage.js';
export { GENESIS_DEFAULT_SETTINGS, GENESIS_SETTINGS_FIELD } from './settings.js';
export type { GivenThemeLayout, ThemeLayout } from './layouts.js';
export type { GenesisSettings, GivenThemeStorage, ReadingOptions, ThemeStorage } from './storage.js';

/** Options of {@link theme}. */
export interface ThemeOptions {
  /** The host's storage callbacks; the ones left out are the site store's, but the settings' two come together or not at all. */
  storage?: GivenThemeStorage;
  /** Layouts by id over Genesis's six: a new id is added after them, a known one replaced, `false` unregisters one. */
  layouts?: Readonly<Record<string, GivenThemeLayout | false>>;
  /** The post types that support Genesis's singular images, in order (default `post`, `page`, as a Genesis child theme adds them). */
  singularImageTypes?: readonly string[];
}

/** The checks of {@link ThemeOptions}. */
export const themeOptions = optionsObject({
  storage: hostObject('the theme storage callbacks').optional(),
  layouts: checkedAtUse<unknown>(),
  singularImageTypes: checkedAtUse<unknown>(),
} satisfies OptionsShape<ThemeOptions>);

/** The post types option, checked at mount. */
function postTypes(given: readonly string[] = ['post', 'page']): readonly string[] {
  const types: unknown = given;
  if (!Array.isArray(types) || !types.every((type) => typeof type === 'string' && type !== ''))
    throw new TypeError('site-rest: theme singularImageTypes must be a list of post type names');
  return given.slice();
}

/**
 * The `theme/v1` namespace (the Genesis Framework's `genesis/v1`): layouts by comma-listed type,
 * singular images and breadcrumbs on the `genesis-settings` option, and the reading settings.
 * Settings live in the server's site store unless the host gives their callbacks.
 */
export function theme(options: ThemeOptions = {}): MountableNamespace {
  checkOptions(themeOptions, options, 'theme');
  const layouts = layoutRegistry(options.layouts);
  const singularImageTypes = postTypes(options.singularImageTypes);
  return ({ store }) => {
    const storage = withDefaults<ThemeStorage>(() => themeStorageOn(store), options.storage, themeStorageGroups, 'theme storage');
    return bindGroups('theme/v1', [routeGroup(themeRoutes, themeHandlers({ layouts, singularImageTypes }))], { storage });
  };
}
