import type { MountableNamespace } from '../../core/types.js';
import { checkOptions, fn, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';
import { bindGroups, routeGroup, withDefaults, type RouteGroup } from '../define.js';
import { bindService, serviceLimits, serviceLimitsOptions, type GivenHostServiceLimits } from '../host-service.js';
import { seoBAiChecks, seoBAiHandlers } from './handlers/ai.js';
import { seoBAiRoutes } from './routes/ai.js';
import { seoBRouteOrder } from './routes/index.js';
import { yoastAiService, type YoastAi } from './services.js';
import { seoBStorageOn } from './site-store.js';
import { seoBStorageGroups, type SeoBStorage } from './storage.js';

export { seoBStorageOn } from './site-store.js';
export { seoBStorageGroups } from './storage.js';
export type { PlannerPost, SeoBStorage } from './storage.js';
export type {
  YoastAi,
  YoastAiAnswer,
  YoastAiCall,
  YoastAiCallBack,
  YoastAiCallbackAnswer,
  YoastAiCallbackParams,
  YoastAiFailure,
} from './services.js';

/** Options of {@link seoB}. */
export interface SeoBOptions {
  /** The host's storage callbacks; the ones left out are the site store's, a group at a time. */
  storage?: Partial<SeoBStorage>;
  /** The clock in milliseconds (default `Date.now`). */
  now?: () => number;
  /**
   * Yoast AI (`https://ai.yoa.st/api/v1`), which the AI generator, the content planner and AI
   * consent call. Default: none, so those routes answer 503 `SERVICE_UNAVAILABLE`.
   */
  yoastAi?: YoastAi;
  /** How long each Yoast AI call may take and how much it may answer (default 60 s, 1 MiB). */
  yoastAiLimits?: GivenHostServiceLimits;
}

/** The checks of {@link SeoBOptions}. */
export const seoBOptions = optionsObject({
  storage: hostObject('the Yoast SEO storage callbacks').optional(),
  now: fn('→ milliseconds').optional(),
  yoastAi: hostObject('Yoast AI: { request(call, signal, callBack) }').optional(),
  yoastAiLimits: serviceLimitsOptions.optional(),
} satisfies OptionsShape<SeoBOptions>);

/**
 * The `seo-b/v1` namespace (Yoast SEO 28.1's `yoast/v1`): indexables and the head Yoast prints,
 * score counts, the editors' and the setup wizard's routes, the AI generator and content planner,
 * keyphrase research and rank tracking, on the server's site store as Yoast keeps them.
 */
export function seoB(options: SeoBOptions = {}): MountableNamespace {
  const checked = checkOptions(seoBOptions, options, 'seoB');
  const yoastAiLimits = serviceLimits('seoB yoastAiLimits', checked.yoastAiLimits, yoastAiService.limits);
  const now = options.now ?? Date.now;
  return ({ store, reportService }) => {
    const storage = withDefaults<SeoBStorage>(() => seoBStorageOn(store), options.storage, seoBStorageGroups, 'seoB storage');
    const yoastAi = bindService(yoastAiService, options.yoastAi, yoastAiLimits, reportService);
    const groups: RouteGroup<SeoBStorage>[] = [routeGroup(seoBAiRoutes, seoBAiHandlers({ service: yoastAi, now }), seoBAiChecks)];
    // BASE-BRANCH ONLY: while the groups are built apart, each branch mounts the routes it has; the lead's merge passes `seoBRouteOrder` whole.
    const present = new Set(groups.flatMap((group) => group.routes.map((route) => route.path)));
    // Yoast registers args typed `bool`, which WordPress accepts at registration and does not check: so does seo-b.
    return { ...bindGroups('seo-b/v1', groups, { storage, order: seoBRouteOrder.filter((path) => present.has(path)) }), strict: false };
  };
}
