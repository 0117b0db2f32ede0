// Type tests: the theme route table names its handlers and types the layouts route's path param.
import { describe, expectTypeOf, it } from 'vitest';
import type { Handlers } from '../../src/namespaces/define.js';
import { type ThemeHandlerName, themeRoutes } from '../../src/namespaces/theme/routes.js';

type RequestOf<H> = H extends (request: infer R, ...rest: never[]) => unknown ? R : never;

describe('theme handlers typed by their route table', () => {
  it('names every handler and types the layout type from the route path', () => {
    expectTypeOf<ThemeHandlerName>().toEqualTypeOf<
      'getLayouts' | 'getSingularImages' | 'setSingularImages' | 'getBreadcrumbs' | 'setBreadcrumbs' | 'getReadingSettings'
    >();
    expectTypeOf<RequestOf<Handlers<typeof themeRoutes>['getLayouts']>['urlParams']>().toEqualTypeOf<{ type: string }>();
    // Genesis reads `$params['type']`, WordPress's merged params, which no declared arg types.
    expectTypeOf<RequestOf<Handlers<typeof themeRoutes>['getLayouts']>['params']['type']>().toEqualTypeOf<unknown>();
  });
});
