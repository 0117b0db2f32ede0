import type { MountableNamespace } from '../../core/types.js';
import { checkOptions, fn, hostObject, optionsObject, type OptionsShape, checkedAtUse } from '../../core/options.js';
import { bindGroups, routeGroup, withDefaults, type RouteGroup } from '../define.js';
import { seoBChecks } from './checks.js';
import { seoBIndexablesHandlers } from './handlers/indexables.js';
import { seoBIndexablesRoutes } from './routes/indexables.js';
import { seoBEditorsChecks, seoBEditorsHandlers } from './handlers/editors.js';
import { seoBEditorsRoutes } from './routes/editors.js';
import { bindService, serviceLimits, serviceLimitsOptions, type GivenHostServiceLimits } from '../host-service.js';
import { seoBKeyphrasesChecks, seoBKeyphrasesHandlers } from './handlers/keyphrases.js';
import { seoBKeyphrasesRoutes } from './routes/keyphrases.js';
import {
  semrushService,
  wincherService,
  type Semrush,
  type Wincher,
  siteInsightsLimits,
  siteInsightsService,
  linkedSiteInsights,
  type SiteInsights,
  yoastAiService,
  type YoastAi,
} from './services.js';
import { seoBAiChecks, seoBAiHandlers } from './handlers/ai.js';
import { seoBAiRoutes } from './routes/ai.js';
import { contentTypes, type PostTypeDefinition, type TaxonomyDefinition } from '../content-types.js';
import { seoBHeadHandlers } from './handlers/head.js';
import { seoBHeadRoutes } from './routes/head.js';
import { seoBRouteOrder } from './routes/index.js';
import { seoBStorageOn } from './site-store.js';
import { seoBStorageGroups, type SeoBStorage } from './storage.js';
import { siteSalt } from '../site-salt.js';
import type { SiteKitLink } from '../site-kit-link.js';
import { seoBConfigurationRoutes } from './routes/configuration.js';
import { seoBConfigurationHandlers } from './handlers/configuration.js';

export { seoBStorageOn } from './site-store.js';
export { seoBStorageGroups } from './storage.js';
export type { PlannerPost, SeoBStorage } from './storage.js';
export { SITE_INSIGHTS_LIMITS } from './services.js';
export type { SiteInsights, SiteInsightsQuery, SiteInsightsAnswer } from './services.js';
export { SEMRUSH_URLS, WINCHER_URLS } from './services.js';
export type {
  OAuthApiAnswer,
  OAuthGrant,
  OAuthTokenCall,
  Semrush,
  SemrushCall,
  SemrushPhrasesQuery,
  Wincher,
  WincherCall,
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
   * Site Kit's Search Console and Analytics 4 data for the dashboard widgets (`/time_based_seo_metrics`).
   * Default: none, so the widgets answer as Yoast does when Site Kit is not set up.
   */
  siteInsights?: SiteInsights;
  /** `siteInsights`' time and size budget (default 15 s and 1 MiB). */
  siteInsightsLimits?: GivenHostServiceLimits;
  /**
   * The link `variantB()` shares with `site-insights/v1` when both are mounted: without a
   * `siteInsights` of the host's, the widgets read that namespace's data layer.
   */
  siteKitLink?: SiteKitLink;
  /** The host's way to Semrush, for keyphrase research (default: none, so the code exchange answers Yoast's 401 `Authentication failed`). */
  semrush?: Semrush;
  /** How long Semrush may take and how much it may answer (default 5 s, 1 MiB). */
  semrushLimits?: GivenHostServiceLimits;
  /** The host's way to Wincher, for rank tracking (default: none, so the code exchange answers Yoast's 401 `Authentication failed`). */
  wincher?: Wincher;
  /** How long Wincher may take and how much it may answer (default 60 s, 4 MiB). */
  wincherLimits?: GivenHostServiceLimits;
  /**
   * Yoast AI (`https://ai.yoa.st/api/v1`), which the AI generator, the content planner and AI
   * consent call. Default: none, so those routes answer 503 `SERVICE_UNAVAILABLE`.
   */
  yoastAi?: YoastAi;
  /** How long each Yoast AI call may take and how much it may answer (default 60 s, 1 MiB). */
  yoastAiLimits?: GivenHostServiceLimits;
  /**
   * Post types the site registers besides WordPress's `post`, `page` and `attachment` (as
   * `blocksuite`'s): Yoast indexes and scores the public ones, their permalinks and the archives of
   * those with `hasArchive` get Yoast's head.
   */
  postTypes?: readonly PostTypeDefinition[];
  /** Taxonomies besides WordPress's `category`, `post_tag` and `post_format`: their term archives get Yoast's head. */
  taxonomies?: readonly TaxonomyDefinition[];
}

/** The checks of {@link SeoBOptions}. */
export const seoBOptions = optionsObject({
  storage: hostObject('the Yoast SEO storage callbacks').optional(),
  now: fn('→ milliseconds').optional(),
  siteInsights: hostObject('{ report(query, signal) → Site Kit data }').optional(),
  siteInsightsLimits: serviceLimitsOptions.optional(),
  siteKitLink: hostObject('the Site Kit link variantB() makes').optional(),
  semrush: hostObject('the Semrush client: { request(call, signal) }').optional(),
  semrushLimits: serviceLimitsOptions.optional(),
  wincher: hostObject('the Wincher client: { request(call, signal) }').optional(),
  wincherLimits: serviceLimitsOptions.optional(),
  yoastAi: hostObject('Yoast AI: { request(call, signal, callBack) }').optional(),
  yoastAiLimits: serviceLimitsOptions.optional(),
  postTypes: checkedAtUse<unknown>(),
  taxonomies: checkedAtUse<unknown>(),
} satisfies OptionsShape<SeoBOptions>);

/**
 * The `seo-b/v1` namespace (Yoast SEO 28.1's `yoast/v1`): indexables and the head Yoast prints,
 * score counts, the editors' and the setup wizard's routes, the AI generator and content planner,
 * keyphrase research and rank tracking, on the server's site store as Yoast keeps them.
 */
export function seoB(options: SeoBOptions = {}): MountableNamespace {
  const checked = checkOptions(seoBOptions, options, 'seoB');
  const types = contentTypes('seoB', options.postTypes, options.taxonomies);
  const insightsLimits = siteInsightsLimits(checked.siteInsightsLimits);
  const semrushLimits = serviceLimits('seoB semrushLimits', checked.semrushLimits, semrushService.limits);
  const wincherLimits = serviceLimits('seoB wincherLimits', checked.wincherLimits, wincherService.limits);
  const yoastAiLimits = serviceLimits('seoB yoastAiLimits', checked.yoastAiLimits, yoastAiService.limits);
  const now = options.now ?? Date.now;
  return ({ store, reportService }) => {
    const storage = withDefaults<SeoBStorage>(() => seoBStorageOn(store), options.storage, seoBStorageGroups, 'seoB storage');
    const linked = options.siteKitLink ? linkedSiteInsights(options.siteKitLink, store) : undefined;
    const insights = bindService(siteInsightsService, options.siteInsights ?? linked, insightsLimits, reportService);
    const yoastAi = bindService(yoastAiService, options.yoastAi, yoastAiLimits, reportService);
    const keyphrases = {
      semrush: bindService(semrushService, options.semrush, semrushLimits, reportService),
      wincher: bindService(wincherService, options.wincher, wincherLimits, reportService),
      now,
    };
    const groups: RouteGroup<SeoBStorage>[] = [
      routeGroup(seoBIndexablesRoutes, seoBIndexablesHandlers({ now, types }), seoBChecks),
      routeGroup(seoBHeadRoutes, seoBHeadHandlers({ types, now })),
      routeGroup(seoBEditorsRoutes, seoBEditorsHandlers({ now }), seoBEditorsChecks),
      routeGroup(seoBConfigurationRoutes, seoBConfigurationHandlers({ now, insights, nonceSalt: siteSalt(store, 'nonce') }), seoBChecks),
      routeGroup(seoBAiRoutes, seoBAiHandlers({ service: yoastAi, now }), seoBAiChecks),
      routeGroup(seoBKeyphrasesRoutes, seoBKeyphrasesHandlers(keyphrases), seoBKeyphrasesChecks),
    ];
    // `strict: false`: Yoast declares args of types WordPress does not know (`bool`, `int`), which WordPress registers and then checks nothing of.
    return { ...bindGroups('seo-b/v1', groups, { storage, order: seoBRouteOrder }), strict: false };
  };
}
