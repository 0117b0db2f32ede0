// Type tests: the themeblocks route table names its handlers, types the single-layout `name`, and
// the public types a host writes its components and favourites storage with.
import { describe, expectTypeOf, it } from 'vitest';
import type { Handlers } from '../../src/namespaces/define.js';
import type { FavoriteList, FavoritesChange, LayoutCollection, LayoutComponent, ThemeblocksStorage } from '../../src/index.js';
import { type ThemeblocksHandlerName, themeblocksRoutes } from '../../src/namespaces/themeblocks/routes.js';

type RequestOf<H> = H extends (request: infer R, ...rest: never[]) => unknown ? R : never;

describe('themeblocks types', () => {
  it('names every handler and types the layout name from the route path', () => {
    expectTypeOf<ThemeblocksHandlerName>().toEqualTypeOf<
      'getFavorites' | 'addFavorite' | 'removeFavorite' | 'listAll' | 'listLayouts' | 'getLayout' | 'listSections'
    >();
    expectTypeOf<RequestOf<Handlers<typeof themeblocksRoutes>['getLayout']>['urlParams']>().toEqualTypeOf<{ name: string }>();
    expectTypeOf<RequestOf<Handlers<typeof themeblocksRoutes>['addFavorite']>['rawBody']>().toEqualTypeOf<Uint8Array | string>();
  });

  it('types a host component, its collection and the favourites storage', () => {
    expectTypeOf<LayoutComponent['type']>().toEqualTypeOf<'layout' | 'section'>();
    expectTypeOf<LayoutComponent['collection']>().toEqualTypeOf<LayoutCollection | undefined>();
    expectTypeOf<ThemeblocksStorage['changeFavorites']>().parameter(1).toEqualTypeOf<FavoritesChange>();
    expectTypeOf<FavoritesChange>().returns.toEqualTypeOf<FavoriteList | null>();
  });
});
