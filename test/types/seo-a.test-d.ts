// Type tests: each seo-a route group names its handlers, and types the option group from the route path.
import { describe, expectTypeOf, it } from 'vitest';
import type { Handlers, HandlerNameOf } from '../../src/namespaces/define.js';
import type { seoAAnalysisRoutes } from '../../src/namespaces/seo-a/routes/analysis.js';
import type { seoAHeadlessRoutes } from '../../src/namespaces/seo-a/routes/headless.js';
import type { seoAKeywordsRoutes } from '../../src/namespaces/seo-a/routes/keywords.js';
import type { seoAPostSettingsRoutes } from '../../src/namespaces/seo-a/routes/post-settings.js';
import type { seoASearchRoutes } from '../../src/namespaces/seo-a/routes/search.js';
import type { seoASettingsRoutes } from '../../src/namespaces/seo-a/routes/settings.js';

type RequestOf<H> = H extends (request: infer R, ...rest: never[]) => unknown ? R : never;

describe('seo-a handlers typed by their route groups', () => {
  it('names every handler in its group, types the option group from the path and leaves the validate_callback-only id unknown', () => {
    expectTypeOf<HandlerNameOf<typeof seoAAnalysisRoutes>>().toEqualTypeOf<
      'getContentAnalysis' | 'saveContentAnalysis' | 'getPagePreview'
    >();
    expectTypeOf<HandlerNameOf<typeof seoAKeywordsRoutes>>().toEqualTypeOf<
      'countTargetKeywordsUse' | 'getTargetKeywords' | 'putTargetKeywords'
    >();
    expectTypeOf<HandlerNameOf<typeof seoAHeadlessRoutes>>().toEqualTypeOf<
      'getHeadlessPost' | 'getHeadlessPostByUrl' | 'getHeadlessTerm'
    >();
    expectTypeOf<HandlerNameOf<typeof seoAPostSettingsRoutes>>().toEqualTypeOf<
      | 'getRedirectionSettings'
      | 'putRedirectionSettings'
      | 'getRobotSettings'
      | 'putRobotSettings'
      | 'getSocialSettings'
      | 'putSocialSettings'
      | 'getTitleDescription'
      | 'putTitleDescription'
      | 'previewTitleDescription'
    >();
    expectTypeOf<HandlerNameOf<typeof seoASettingsRoutes>>().toEqualTypeOf<'getOptionGroup' | 'getRoles'>();
    expectTypeOf<HandlerNameOf<typeof seoASearchRoutes>>().toEqualTypeOf<'searchUrl'>();
    expectTypeOf<RequestOf<Handlers<typeof seoASettingsRoutes>['getOptionGroup']>['urlParams']>().toEqualTypeOf<{ group: string }>();
    expectTypeOf<RequestOf<Handlers<typeof seoAHeadlessRoutes>['getHeadlessPost']>['params']['id']>().toEqualTypeOf<unknown>();
    // SEOPress reads `$request['id']`, checked only by `is_numeric`: the merged param stays unknown.
    expectTypeOf<RequestOf<Handlers<typeof seoAAnalysisRoutes>['getContentAnalysis']>['params']['id']>().toEqualTypeOf<unknown>();
  });
});
