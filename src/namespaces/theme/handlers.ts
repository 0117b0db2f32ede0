import { internal } from '../../core/errors/catalogue.js';
import { isRestError } from '../../core/errors/rest-error.js';
import { toInt } from '../../core/php/values.js';
import type { Handlers } from '../define.js';
import { layoutsOf, layoutTypes, type LayoutRegistry } from './layouts.js';
import type { themeRoutes } from './routes.js';
import { breadcrumbChanges, breadcrumbsEnabled, singularImageChanges, singularImagesEnabled } from './settings.js';
import type { ThemeStorage } from './storage.js';

/** What the handlers run on. */
interface ThemeHandlerDeps {
  /** The registered layouts. */
  layouts: LayoutRegistry;
  /** The post types with `genesis-singular-images` support, in order. */
  singularImageTypes: readonly string[];
}

/** The handlers of the theme route table. */
export function themeHandlers(deps: ThemeHandlerDeps): Handlers<typeof themeRoutes, ThemeStorage> {
  const { layouts, singularImageTypes } = deps;

  return {
    getLayouts(request, context) {
      const types = layoutTypes(request.params.type);
      return types ? layoutsOf(layouts, types, context.site.url) : internal();
    },

    async getSingularImages(_request, _context, storage) {
      return singularImagesEnabled(await storage.readSettings(), singularImageTypes);
    },

    async setSingularImages(request, _context, storage) {
      const changes = singularImageChanges(request.json, singularImageTypes);
      if (isRestError(changes)) return changes;
      const settings = Object.keys(changes).length > 0 ? await storage.mergeSettings(changes) : await storage.readSettings();
      return singularImagesEnabled(settings, singularImageTypes);
    },

    async getBreadcrumbs(_request, _context, storage) {
      return breadcrumbsEnabled(await storage.readSettings());
    },

    async setBreadcrumbs(request, _context, storage) {
      const current = await storage.readSettings();
      const changes = breadcrumbChanges(request.json, current);
      if (isRestError(changes)) return changes;
      return breadcrumbsEnabled(Object.keys(changes).length > 0 ? await storage.mergeSettings(changes) : current);
    },

    async getReadingSettings(_request, context, storage) {
      const stored = await storage.readingOptions();
      const { site } = context;
      // WordPress's own defaults (`populate_options`) where neither the store nor the site facts say.
      return {
        show_on_front: stored.show_on_front ?? site.show_on_front ?? 'posts',
        page_on_front: toInt(stored.page_on_front ?? site.page_on_front ?? 0),
        page_for_posts: toInt(stored.page_for_posts ?? site.page_for_posts ?? 0),
      };
    },
  };
}
