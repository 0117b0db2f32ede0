// Type tests: the core-posts handlers and checks are typed by the route table they are bound to.
import { describe, expectTypeOf, it } from 'vitest';
import type { corePostsChecks, corePostsHandlers } from '../../src/namespaces/core-posts/handlers.js';
import type { CorePostsCheckName, CorePostsHandlerName, corePostsRoutes } from '../../src/namespaces/core-posts/routes.js';
import type { PostsStorage } from '../../src/namespaces/core-posts/storage.js';
import type { Checks, Handlers } from '../../src/namespaces/define.js';

type PostsHandlers = ReturnType<typeof corePostsHandlers>;
type PostsChecks = ReturnType<typeof corePostsChecks>;
type HandlerRequest<K extends CorePostsHandlerName> = Parameters<PostsHandlers[K]>[0];
type CheckRequest<K extends CorePostsCheckName> = Parameters<PostsChecks[K]>[0];

describe('core-posts handler types', () => {
  it('names every handler and check of the table, and nothing else', () => {
    expectTypeOf<PostsHandlers>().toEqualTypeOf<Handlers<typeof corePostsRoutes, PostsStorage>>();
    expectTypeOf<PostsChecks>().toEqualTypeOf<Checks<typeof corePostsRoutes, PostsStorage>>();
    expectTypeOf<CorePostsHandlerName>().toEqualTypeOf<'listPosts' | 'createPost' | 'getPost' | 'updatePost' | 'deletePost'>();
    // createPost's endpoint asks for a capability, so it names no check.
    expectTypeOf<CorePostsCheckName>().toEqualTypeOf<'readCollection' | 'readPost' | 'editPost' | 'deletePost'>();
  });

  it('types the list params and the path id as numbers', () => {
    expectTypeOf<HandlerRequest<'listPosts'>['params']['per_page']>().toEqualTypeOf<number>();
    expectTypeOf<HandlerRequest<'listPosts'>['params']['status']>().toEqualTypeOf<
      Array<
        | 'publish'
        | 'future'
        | 'draft'
        | 'pending'
        | 'private'
        | 'trash'
        | 'auto-draft'
        | 'inherit'
        | 'request-pending'
        | 'request-confirmed'
        | 'request-failed'
        | 'request-completed'
        | 'any'
      >
    >();
    expectTypeOf<HandlerRequest<'getPost'>['urlParams']['id']>().toEqualTypeOf<number>();
    expectTypeOf<HandlerRequest<'deletePost'>['urlParams']['id']>().toEqualTypeOf<number>();
    expectTypeOf<HandlerRequest<'getPost'>['params']['context']>().toEqualTypeOf<'view' | 'embed' | 'edit'>();
  });

  it('leaves title, content and excerpt as given, since their sanitizer keeps them as they came', () => {
    expectTypeOf<HandlerRequest<'createPost'>['params']['title']>().toEqualTypeOf<unknown>();
  });

  it('types a check by every endpoint of its route, as the Allow header asks it with any of their requests', () => {
    // GET declares password; DELETE does not, so a check may see anything there.
    expectTypeOf<CheckRequest<'readPost'>['params']['password']>().toEqualTypeOf<unknown>();
    expectTypeOf<CheckRequest<'editPost'>['params']['id']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<CheckRequest<'editPost'>['urlParams']>().toEqualTypeOf<{ id: number }>();
  });
});
