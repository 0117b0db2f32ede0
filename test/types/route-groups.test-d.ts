// Type tests: a route group's handlers and checks are checked against the group's own table, and
// each gets the namespace's storage bound to the request (its callbacks without the storage context).
import { describe, expectTypeOf, it } from 'vitest';
import { bindGroups, routeGroup, type BoundStorage, type Handlers, type StorageContext } from '../../src/namespaces/define.js';
import { seoAChecks } from '../../src/namespaces/seo-a/checks.js';
import { seoASearchHandlers } from '../../src/namespaces/seo-a/handlers/search.js';
import { seoASettingsHandlers } from '../../src/namespaces/seo-a/handlers/settings.js';
import { seoASearchRoutes } from '../../src/namespaces/seo-a/routes/search.js';
import { seoASettingsRoutes } from '../../src/namespaces/seo-a/routes/settings.js';
import type { SeoAStorage } from '../../src/namespaces/seo-a/storage.js';

interface NoteStorage {
  getNote(id: number, context: StorageContext): Promise<string | null>;
  saveNote(id: number, text: string, context: StorageContext): Promise<void>;
}

describe('route groups', () => {
  it('refuses a group whose handlers miss, misname or add a name its table has not', () => {
    routeGroup(seoASettingsRoutes, seoASettingsHandlers);
    // @ts-expect-error getRoles is missing
    routeGroup(seoASettingsRoutes, { getOptionGroup: seoASettingsHandlers.getOptionGroup });
    // @ts-expect-error getRole is not a handler of the settings table (getRoles is)
    routeGroup(seoASettingsRoutes, { getOptionGroup: seoASettingsHandlers.getOptionGroup, getRole: () => ({}) });
    // @ts-expect-error the search group's handlers answer another table
    routeGroup(seoASettingsRoutes, seoASearchHandlers);
    // @ts-expect-error the search table names no check
    routeGroup(seoASearchRoutes, seoASearchHandlers, { canEditPost: seoAChecks.canEditPost });
  });

  it('gives handlers the storage bound to the request, and binds groups only to the storage they were written for', () => {
    expectTypeOf<BoundStorage<NoteStorage>>().toEqualTypeOf<{
      getNote: (id: number) => Promise<string | null>;
      saveNote: (id: number, text: string) => Promise<void>;
    }>();
    expectTypeOf<Parameters<Handlers<typeof seoASearchRoutes, SeoAStorage>['searchUrl']>[2]>().toEqualTypeOf<BoundStorage<SeoAStorage>>();
    const notes = {} as NoteStorage;
    const seoStorage = {} as SeoAStorage;
    bindGroups('seo-a/v1', [routeGroup(seoASearchRoutes, seoASearchHandlers)], { storage: seoStorage });
    // @ts-expect-error the search handlers read SEO storage, not notes
    bindGroups('seo-a/v1', [routeGroup(seoASearchRoutes, seoASearchHandlers)], { storage: notes });
  });
});
