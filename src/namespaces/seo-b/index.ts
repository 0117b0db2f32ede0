import type { MountableNamespace } from '../../core/types.js';
import { checkedAtUse, checkOptions, fn, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';
import { contentTypes, type PostTypeDefinition, type TaxonomyDefinition } from '../content-types.js';
import { bindGroups, routeGroup, withDefaults, type RouteGroup } from '../define.js';
import { seoBHeadHandlers } from './handlers/head.js';
import { seoBHeadRoutes } from './routes/head.js';
import { seoBRouteOrder } from './routes/index.js';
import { seoBStorageOn } from './site-store.js';
import { seoBStorageGroups, type SeoBStorage } from './storage.js';

export { seoBStorageOn } from './site-store.js';
export { seoBStorageGroups } from './storage.js';
export type { SeoBStorage } from './storage.js';

/** Options of {@link seoB}. */
export interface SeoBOptions {
  /** The host's storage callbacks; the ones left out are the site store's, a group at a time. */
  storage?: Partial<SeoBStorage>;
  /** The clock in milliseconds (default `Date.now`). */
  now?: () => number;
  /**
   * Post types the site registers besides WordPress's `post`, `page` and `attachment` (as
   * `blocksuite`'s): their permalinks, and the archives of those with `hasArchive`, get Yoast's head.
   */
  postTypes?: readonly PostTypeDefinition[];
  /** Taxonomies besides WordPress's `category`, `post_tag` and `post_format`: their term archives get Yoast's head. */
  taxonomies?: readonly TaxonomyDefinition[];
}

/** The checks of {@link SeoBOptions}. */
export const seoBOptions = optionsObject({
  storage: hostObject('the Yoast SEO storage callbacks').optional(),
  now: fn('→ milliseconds').optional(),
  postTypes: checkedAtUse<unknown>(),
  taxonomies: checkedAtUse<unknown>(),
} satisfies OptionsShape<SeoBOptions>);

/**
 * The `seo-b/v1` namespace (Yoast SEO 28.1's `yoast/v1`): indexables and the head Yoast prints,
 * score counts, the editors' and the setup wizard's routes, the AI generator and content planner,
 * keyphrase research and rank tracking, on the server's site store as Yoast keeps them.
 */
export function seoB(options: SeoBOptions = {}): MountableNamespace {
  checkOptions(seoBOptions, options, 'seoB');
  const types = contentTypes('seoB', options.postTypes, options.taxonomies);
  const now = options.now ?? Date.now;
  return ({ store }) => {
    const storage = withDefaults<SeoBStorage>(() => seoBStorageOn(store), options.storage, seoBStorageGroups, 'seoB storage');
    const groups: RouteGroup<SeoBStorage>[] = [routeGroup(seoBHeadRoutes, seoBHeadHandlers({ types, now }))];
    // BASE-BRANCH ONLY: while the groups are built apart, each branch mounts the routes it has; the lead's merge passes `seoBRouteOrder` whole.
    const present = new Set(groups.flatMap((group) => group.routes.map((route) => route.path)));
    return bindGroups('seo-b/v1', groups, { storage, order: seoBRouteOrder.filter((path) => present.has(path)) });
  };
}
