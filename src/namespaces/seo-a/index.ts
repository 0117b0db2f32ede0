import type { MountableNamespace } from '../../core/types.js';
import { bindRoutes } from '../define.js';
import type { GivenHostServiceLimits } from '../host-service.js';
import { seoAAnalysisStorageOn } from './analysis-site-store.js';
import { seoAChecks, seoAHandlers } from './handlers.js';
import { seoARoutes } from './routes.js';
import { renderPageLimits, type RenderPage } from './services.js';

export { ANALYSIS_META } from './analysis-storage.js';
export { RENDER_PAGE_LIMITS, type RenderedPage, type RenderPage } from './services.js';

/** Options of {@link seoA}. */
export interface SeoAOptions {
  /**
   * The post's rendered page for content-analysis and page-preview, where SEOPress fetches the
   * post's preview from the site; default: the stored post rendered as a minimal theme prints it.
   */
  renderPage?: RenderPage;
  /** `renderPage`'s time and size budget (default 10 s and 2 MiB of HTML). */
  renderPageLimits?: GivenHostServiceLimits;
  /** The clock in milliseconds (default `Date.now`): a post last modified over a year ago is old. */
  now?: () => number;
}

/** The `seo-a/v1` namespace: SEOPress 9.6's REST API on the site store. */
export function seoA(options: SeoAOptions = {}): MountableNamespace {
  const limits = renderPageLimits(options.renderPageLimits);
  const now = options.now ?? Date.now;
  return ({ store }) => {
    const deps = {
      storage: seoAAnalysisStorageOn(store),
      renderPageLimits: limits,
      now,
      ...(options.renderPage ? { renderPage: options.renderPage } : {}),
    };
    return bindRoutes('seo-a/v1', seoARoutes, seoAHandlers(deps), seoAChecks(deps));
  };
}
