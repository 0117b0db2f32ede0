import type { RestContext } from '../../core/types.js';
import type { Handlers } from '../define.js';
import type { ComponentRegistry, LayoutComponent } from './components.js';
import { layoutNotFound } from './errors.js';
import { favoriteKeyOf, withFavorite, withoutFavorite } from './favorites.js';
import type { themeblocksRoutes } from './routes.js';
import type { ThemeblocksStorage } from './storage.js';

/** What the handlers run on. */
interface ThemeblocksHandlerDeps {
  /** The layouts and sections. */
  registry: ComponentRegistry;
}

/** Components by key as PHP encodes an array of them: an object, or `[]` when there are none. */
function keyed(components: Iterable<[string, LayoutComponent]>): Record<string, LayoutComponent> | [] {
  const entries = [...components];
  return entries.length === 0 ? [] : Object.fromEntries(entries);
}

/** `get_current_user_id()`: every route needs `edit_posts`, so someone is signed in. */
const userId = (context: RestContext): number => context.user?.id ?? 0;

/** The handlers of the themeblocks route table. */
export function themeblocksHandlers({ registry }: ThemeblocksHandlerDeps): Handlers<typeof themeblocksRoutes, ThemeblocksStorage> {
  return {
    getFavorites: (_request, context, storage) => storage.getFavorites(userId(context)),

    addFavorite(request, context, storage) {
      const key = favoriteKeyOf(request.rawBody);
      return storage.changeFavorites(userId(context), (list) => withFavorite(list, key));
    },

    removeFavorite(request, context, storage) {
      const key = favoriteKeyOf(request.rawBody);
      return storage.changeFavorites(userId(context), (list) => withoutFavorite(list, key));
    },

    listAll(request) {
      // Only the exact string `allowed` filters; without an allowed list every key is allowed.
      const { all, allowed } = registry;
      if (request.params.filter !== 'allowed' || allowed === null) return keyed(all);
      return keyed([...all].filter(([key]) => allowed.has(key)));
    },

    listLayouts: () => keyed(registry.layouts),

    getLayout: (request) => registry.layouts.get(request.urlParams.name) ?? layoutNotFound(),

    listSections: () => keyed(registry.sections),
  };
}
