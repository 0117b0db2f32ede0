import type { MountableNamespace } from '../../core/types.js';
import { checkOptions, fn, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';
import { bindGroups, routeGroup, withDefaults, type RouteGroup } from '../define.js';
import { seoBEditorsChecks, seoBEditorsHandlers } from './handlers/editors.js';
import { seoBEditorsRoutes } from './routes/editors.js';
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
}

/** The checks of {@link SeoBOptions}. */
export const seoBOptions = optionsObject({
  storage: hostObject('the Yoast SEO storage callbacks').optional(),
  now: fn('→ milliseconds').optional(),
} satisfies OptionsShape<SeoBOptions>);

/**
 * The `seo-b/v1` namespace (Yoast SEO 28.1's `yoast/v1`): indexables and the head Yoast prints,
 * score counts, the editors' and the setup wizard's routes, the AI generator and content planner,
 * keyphrase research and rank tracking, on the server's site store as Yoast keeps them.
 */
export function seoB(options: SeoBOptions = {}): MountableNamespace {
  checkOptions(seoBOptions, options, 'seoB');
  return ({ store }) => {
    const storage = withDefaults<SeoBStorage>(() => seoBStorageOn(store), options.storage, seoBStorageGroups, 'seoB storage');
    const groups: RouteGroup<SeoBStorage>[] = [
      routeGroup(seoBEditorsRoutes, seoBEditorsHandlers({ now: options.now ?? Date.now }), seoBEditorsChecks),
    ];
    // BASE-BRANCH ONLY: while the groups are built apart, each branch mounts the routes it has; the lead's merge passes `seoBRouteOrder` whole.
    const present = new Set(groups.flatMap((group) => group.routes.map((route) => route.path)));
    const module = bindGroups('seo-b/v1', groups, { storage, order: seoBRouteOrder.filter((path) => present.has(path)) });
    // Yoast declares args of the type `bool`, which WordPress registers (and never checks): not strict.
    return { ...module, strict: false };
  };
}
