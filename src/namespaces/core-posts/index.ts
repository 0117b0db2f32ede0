import type { NamespaceModule } from '../../core/types.js';
import { bindRoutes, withDefaults } from '../define.js';
import { corePostsChecks, corePostsHandlers } from './handlers.js';
import { memoryPostsStorage } from './memory.js';
import { corePostsRoutes } from './routes.js';
import type { Clock } from './schedule.js';
import { postsStorageGroups, type PostsStorage } from './storage.js';

export { memoryPostsStorage, samplePosts, type MemoryPostsOptions } from './memory.js';
export {
  postsStorageGroups,
  type NewPost,
  type PostPage,
  type PostQuery,
  type PostRecord,
  type PostsStorage,
  type PostStatus,
} from './storage.js';

/** Options of {@link corePosts}. */
export interface CorePostsOptions {
  /** Where posts live: the host's callbacks, all five or none (default: an empty memory store). */
  storage?: PostsStorage;
  /** The namespace to mount under (default `core/v2`; links follow it). */
  namespace?: string;
  /**
   * The clock in milliseconds (default `Date.now`), also given to the default memory store: a
   * `publish` dated a minute or more ahead is stored `future`, and reads as `publish` from its date on.
   */
  now?: Clock;
}

/**
 * The `core/v2` namespace: the posts collection (list, create) and single posts (read, update,
 * trash or delete), answered as WordPress 6.1's posts controller answers them.
 */
export function corePosts(options: CorePostsOptions = {}): NamespaceModule {
  const namespace = options.namespace ?? 'core/v2';
  const now = options.now ?? Date.now;
  const storage = withDefaults(() => memoryPostsStorage({ now }), options.storage, postsStorageGroups, 'corePosts storage');
  const deps = { storage, namespace, now };
  return bindRoutes(namespace, corePostsRoutes, corePostsHandlers(deps), corePostsChecks(deps));
}
