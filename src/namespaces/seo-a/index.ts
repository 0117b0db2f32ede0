import type { MountableNamespace } from '../../core/types.js';
import { bindGroups, routeGroup, withDefaults } from '../define.js';
import { seoAChecks } from './checks.js';
import { seoAAnalysisHandlers } from './handlers/analysis.js';
import { seoAHeadlessHandlers } from './handlers/headless.js';
import { seoAKeywordsHandlers } from './handlers/keywords.js';
import { seoAPostSettingsHandlers } from './handlers/post-settings.js';
import { seoASearchHandlers } from './handlers/search.js';
import { seoASettingsHandlers } from './handlers/settings.js';
import { headlessCache } from './headless-cache.js';
import { seoAAnalysisRoutes } from './routes/analysis.js';
import { seoAHeadlessRoutes } from './routes/headless.js';
import { seoARouteOrder } from './routes/index.js';
import { seoAKeywordsRoutes } from './routes/keywords.js';
import { seoAPostSettingsRoutes } from './routes/post-settings.js';
import { seoASearchRoutes } from './routes/search.js';
import { seoASettingsRoutes } from './routes/settings.js';
import { seoAStorageOn } from './site-store.js';
import { seoAStorageGroups, type SeoAStorage } from './storage.js';
import { renderPageLimits, type RenderPage } from './services.js';
import { serviceLimitsOptions, type GivenHostServiceLimits } from '../host-service.js';
import { checkOptions, fn, hostObject, number, optionsObject, type OptionsShape } from '../../core/options.js';

export { seoAStorageOn, SEO_GENERATION } from './site-store.js';
export { seoAStorageGroups } from './storage.js';
export type { PostWithMeta, SeoAStorage, UrlSearch } from './storage.js';
export { ANALYSIS_META } from './handlers/analysis.js';
export { RENDER_PAGE_LIMITS, type RenderedPage, type RenderPage } from './services.js';

/** Options of {@link seoA}. */
export interface SeoAOptions {
  /** The host's storage callbacks; the ones left out are the site store's, a group at a time. */
  storage?: Partial<SeoAStorage>;
  /** How many posts' headless answers each process keeps (default 5000). */
  headlessCacheSize?: number;
  /**
   * The post's rendered page for content-analysis and page-preview, where SEOPress fetches the
   * post's preview from the site; default: the stored post rendered as a minimal theme prints it.
   */
  renderPage?: RenderPage;
  /** `renderPage`'s time and size budget (default 10 s and 2 MiB of HTML). */
  renderPageLimits?: GivenHostServiceLimits;
  /** The clock in milliseconds (default `Date.now`), for the `current*` dynamic variables and whether a post is old. */
  now?: () => number;
}

/** The checks of {@link SeoAOptions}. */
export const seoAOptions = optionsObject({
  storage: hostObject('the SEO storage callbacks').optional(),
  headlessCacheSize: number.optional(),
  renderPage: fn('post id, signal → { status, html }').optional(),
  renderPageLimits: serviceLimitsOptions.optional(),
  now: fn('→ milliseconds').optional(),
} satisfies OptionsShape<SeoAOptions>);

/**
 * The `seo-a/v1` namespace (SEOPress 9.6's `seopress/v1`): per-post SEO fields, target keywords,
 * title and description previews, the headless SEO data of posts and terms, SEOPress's option
 * groups, roles and the URL search, on the server's site store as SEOPress keeps them.
 */
export function seoA(options: SeoAOptions = {}): MountableNamespace {
  const limits = renderPageLimits(checkOptions(seoAOptions, options, 'seoA').renderPageLimits);
  const now = options.now ?? Date.now;
  return ({ store, reportService }) => {
    const storage = withDefaults<SeoAStorage>(() => seoAStorageOn(store), options.storage, seoAStorageGroups, 'seoA storage');
    const analysis = { renderPageLimits: limits, reportService, now, ...(options.renderPage ? { renderPage: options.renderPage } : {}) };
    const groups = [
      routeGroup(seoAAnalysisRoutes, seoAAnalysisHandlers(analysis), seoAChecks),
      routeGroup(seoAKeywordsRoutes, seoAKeywordsHandlers, seoAChecks),
      routeGroup(seoAHeadlessRoutes, seoAHeadlessHandlers({ cache: headlessCache(options.headlessCacheSize), now })),
      routeGroup(seoAPostSettingsRoutes, seoAPostSettingsHandlers(now), seoAChecks),
      routeGroup(seoASettingsRoutes, seoASettingsHandlers),
      routeGroup(seoASearchRoutes, seoASearchHandlers),
    ];
    return bindGroups('seo-a/v1', groups, { storage, order: seoARouteOrder });
  };
}
