// Type tests: the host-toolkit route table names its two handlers and types the catch-all's slug.
import { describe, expectTypeOf, it } from 'vitest';
import type { Handlers } from '../../src/namespaces/define.js';
import { type HostToolkitHandlerName, hostToolkitRoutes } from '../../src/namespaces/host-toolkit/routes.js';

type RequestOf<H> = H extends (request: infer R, ...rest: never[]) => unknown ? R : never;

describe('host-toolkit handlers typed by their route table', () => {
  it('names the settings merge and the panel forward, and types the slug from the catch-all path', () => {
    expectTypeOf<HostToolkitHandlerName>().toEqualTypeOf<'mergeAnalyticsSettings' | 'forwardToPanel'>();
    expectTypeOf<RequestOf<Handlers<typeof hostToolkitRoutes>['forwardToPanel']>['urlParams']>().toEqualTypeOf<{ slug: string }>();
  });
});
