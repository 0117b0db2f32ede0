// Type tests: the blocksuite route tables name their handlers, and Kadence's sanitizers decide the
// types the post query's handler gets (its inverted booleans, its id lists, its capped numbers).
import { describe, expectTypeOf, it } from 'vitest';
import type { Handlers } from '../../src/namespaces/define.js';
import { type BlocksuiteHandlerName, blocksuiteRoutes } from '../../src/namespaces/blocksuite/routes.js';
import { type BlocksuiteAnimationHandlerName, blocksuiteAnimationRoutes } from '../../src/namespaces/blocksuite-animation/routes.js';

type RequestOf<H> = H extends (request: infer R, ...rest: never[]) => unknown ? R : never;
type PostQueryParams = RequestOf<Handlers<ReturnType<typeof blocksuiteRoutes>>['postQuery']>['params'];

describe('blocksuite handlers typed by their route tables', () => {
  it('names every handler', () => {
    expectTypeOf<BlocksuiteHandlerName>().toEqualTypeOf<'postQuery' | 'taxonomiesSelect' | 'termSelect'>();
    expectTypeOf<BlocksuiteAnimationHandlerName>().toEqualTypeOf<'getAnimation' | 'createAnimation'>();
  });

  it('types the post query params as Kadence sanitizes them', () => {
    expectTypeOf<PostQueryParams['per_page']>().toEqualTypeOf<number>();
    expectTypeOf<PostQueryParams['allow_sticky']>().toEqualTypeOf<0 | 1 | undefined>();
    expectTypeOf<PostQueryParams['category']>().toEqualTypeOf<number[] | undefined>();
    expectTypeOf<PostQueryParams['include']>().toEqualTypeOf<number[] | undefined>();
  });

  it('leaves the animation id untyped, as Kadence reads it from the merged params', () => {
    type GetRequest = RequestOf<Handlers<typeof blocksuiteAnimationRoutes>['getAnimation']>;
    expectTypeOf<GetRequest['urlParams']>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<GetRequest['params']['id']>().toEqualTypeOf<unknown>();
  });
});
