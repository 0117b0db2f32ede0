import type { MountableNamespace } from '../../core/types.js';
import { memoryStore } from '../../store/memory/index.js';
import type { SiteStore } from '../../store/types.js';
import { bindGroups, routeGroup, withDefaults } from '../define.js';
import { corePostsChecks, corePostsHandlers } from './handlers.js';
import { corePostsRoutes } from './routes.js';
import type { Clock } from './schedule.js';
import { postsStorageOn } from './site-store.js';
import { postsStorageGroups, type PostsStorage } from './storage.js';
import { checkOptions, fn, hostObject, number, text, optionsObject, type OptionsShape } from '../../core/options.js';

export { samplePosts } from './samples.js';
export { postsStorageOn, seedPosts, type PostsStoreOptions } from './site-store.js';
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
  /** Where posts live: the host's callbacks, all five or none (default: the server's site store). */
  storage?: PostsStorage;
  /** The namespace to mount under (default `core/v2`; links follow it). */
  namespace?: string;
  /**
   * The clock in milliseconds (default `Date.now`), also given to the default storage: a
   * `publish` dated a minute or more ahead is stored `future`, and reads as `publish` from its date on.
   */
  now?: Clock;
  /**
   * How many posts' rendered title, content, excerpt and link URLs to keep in this process
   * (default 2,000; 0 keeps none). An entry serves only the raw text it was rendered from, and
   * URLs only the author, revisions and site address they were made for, so it is never stale.
   */
  renderCacheSize?: number;
}

/** The checks of {@link CorePostsOptions}. */
export const corePostsOptions = optionsObject({
  storage: hostObject('the posts storage callbacks').optional(),
  namespace: text.optional(),
  now: fn('→ milliseconds').optional(),
  renderCacheSize: number.optional(),
} satisfies OptionsShape<CorePostsOptions>);

/**
 * The `core/v2` namespace: the posts collection (list, create) and single posts (read, update,
 * trash or delete), answered as WordPress 6.1's posts controller answers them.
 */
export function corePosts(options: CorePostsOptions = {}): MountableNamespace {
  checkOptions(corePostsOptions, options, 'corePosts');
  const namespace = options.namespace ?? 'core/v2';
  const now = options.now ?? Date.now;
  const storageOn = (store: SiteStore) =>
    withDefaults(() => postsStorageOn(store, { now }), options.storage, postsStorageGroups, 'corePosts storage');
  // Checked now too, so part of a group is refused where it is given rather than at mount.
  if (options.storage) storageOn(memoryStore());
  return ({ store }) => {
    const deps = { namespace, now, renderCacheSize: options.renderCacheSize ?? 2000 };
    return bindGroups(namespace, [routeGroup(corePostsRoutes, corePostsHandlers(deps), corePostsChecks(deps))], {
      storage: storageOn(store),
    });
  };
}
