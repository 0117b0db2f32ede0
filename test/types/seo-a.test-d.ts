// Type tests: the seo-a route table names its handlers and types the option group from the route path.
import { describe, expectTypeOf, it } from 'vitest';
import type { Handlers } from '../../src/namespaces/define.js';
import { type SeoAHandlerName, seoARoutes } from '../../src/namespaces/seo-a/routes.js';

type RequestOf<H> = H extends (request: infer R, ...rest: never[]) => unknown ? R : never;

describe('seo-a handlers typed by their route table', () => {
  it('names every handler, types the option group from the path and leaves the validate_callback-only id unknown', () => {
    expectTypeOf<SeoAHandlerName>().toEqualTypeOf<
      | 'getContentAnalysis'
      | 'saveContentAnalysis'
      | 'countTargetKeywordsUse'
      | 'getHeadlessPost'
      | 'getHeadlessPostByUrl'
      | 'getHeadlessTerm'
      | 'getRedirectionSettings'
      | 'putRedirectionSettings'
      | 'getRobotSettings'
      | 'putRobotSettings'
      | 'getSocialSettings'
      | 'putSocialSettings'
      | 'getTargetKeywords'
      | 'putTargetKeywords'
      | 'getTitleDescription'
      | 'putTitleDescription'
      | 'getPagePreview'
      | 'previewTitleDescription'
      | 'getOptionGroup'
      | 'getRoles'
      | 'searchUrl'
    >();
    expectTypeOf<RequestOf<Handlers<typeof seoARoutes>['getOptionGroup']>['urlParams']>().toEqualTypeOf<{ group: string }>();
    expectTypeOf<RequestOf<Handlers<typeof seoARoutes>['getHeadlessPost']>['params']['id']>().toEqualTypeOf<unknown>();
  });
});
