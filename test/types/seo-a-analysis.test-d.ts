// Type tests: the seo-a route table names the analysis handlers and leaves the merged `id` param unknown.
import { describe, expectTypeOf, it } from 'vitest';
import type { Handlers } from '../../src/namespaces/define.js';
import { type SeoAHandlerName, seoARoutes } from '../../src/namespaces/seo-a/routes.js';

type RequestOf<H> = H extends (request: infer R, ...rest: never[]) => unknown ? R : never;

describe('seo-a analysis handlers typed by their route table', () => {
  it('names the analysis handlers and leaves `id` to be read as PHP casts it', () => {
    expectTypeOf<'getContentAnalysis' | 'saveContentAnalysis' | 'getPagePreview'>().toExtend<SeoAHandlerName>();
    // SEOPress reads `$request['id']`, checked only by `is_numeric`: the merged param stays unknown.
    expectTypeOf<RequestOf<Handlers<typeof seoARoutes>['getContentAnalysis']>['params']['id']>().toEqualTypeOf<unknown>();
  });
});
