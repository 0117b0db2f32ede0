import type { MountableNamespace } from '../../core/types.js';
import { bindGroups, routeGroup, withDefaults } from '../define.js';
import { allowedPostTypes, contentTypes, type PostTypeDefinition, type TaxonomyDefinition } from '../content-types.js';
import { blocksuiteHandlers } from './handlers.js';
import { blocksuiteRoutes } from './routes.js';
import { blocksuiteStorageOn } from './site-store.js';
import { blocksuiteStorageGroups, type BlocksuiteStorage } from './storage.js';
import { checkedAtUse, checkOptions, fn, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';

export { blocksuiteStorageOn } from './site-store.js';
export { blocksuiteStorageGroups } from './storage.js';
export { MAX_UNPAGED_POSTS } from './post-query.js';
export type { PostTypeDefinition, PostTypeFeature, TaxonomyDefinition } from '../content-types.js';
export type { AuthorRow, BlocksuiteStorage } from './storage.js';

/** Options of {@link blocksuite}. */
export interface BlocksuiteOptions {
  /**
   * Post types the site registers besides WordPress's `post`, `page` and `attachment` (one with
   * their name replaces it): the public ones shown in REST are those the query block may list.
   */
  postTypes?: readonly PostTypeDefinition[];
  /** Taxonomies besides WordPress's `category`, `post_tag` and `post_format` (one with their name replaces it). */
  taxonomies?: readonly TaxonomyDefinition[];
  /** The host's storage callbacks, each group whole or not at all; default the site store. */
  storage?: Partial<BlocksuiteStorage>;
  /** The clock in milliseconds (default `Date.now`): a scheduled post whose date has come is listed as published. */
  now?: () => number;
}

/** The checks of {@link BlocksuiteOptions}. */
export const blocksuiteOptions = optionsObject({
  postTypes: checkedAtUse<unknown>(),
  taxonomies: checkedAtUse<unknown>(),
  storage: hostObject('the blocksuite storage callbacks').optional(),
  now: fn('→ milliseconds').optional(),
} satisfies OptionsShape<BlocksuiteOptions>);

/**
 * The `blocksuite/v1` namespace (Kadence Blocks' `kbp/v1`): the posts a query or post block
 * lists, and the taxonomies and terms its pickers offer, read from the site's posts, post types
 * and taxonomies. Host post types and taxonomies are checked when this is called.
 */
export function blocksuite(options: BlocksuiteOptions = {}): MountableNamespace {
  checkOptions(blocksuiteOptions, options, 'blocksuite');
  const types = contentTypes('blocksuite', options.postTypes, options.taxonomies);
  const allowed = new Set(allowedPostTypes(types).map((type) => type.name));
  const routes = blocksuiteRoutes((value) => typeof value === 'string' && allowed.has(value));
  const handlers = blocksuiteHandlers({ types, now: options.now ?? Date.now });
  return ({ store }) => {
    const storage = withDefaults<BlocksuiteStorage>(
      () => blocksuiteStorageOn(store),
      options.storage,
      blocksuiteStorageGroups,
      'blocksuite storage',
    );
    return bindGroups('blocksuite/v1', [routeGroup(routes, handlers)], { storage });
  };
}
