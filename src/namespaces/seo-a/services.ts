// The outside service of seo-a/v1's content analysis: the post's rendered page, which SEOPress
// fetches over HTTP from the site itself (`RequestPreview::getDomById`, a loopback request of the
// post's preview link carrying the caller's cookies).
import { serviceLimits, type HostServiceLimits } from '../host-service.js';

/** A rendered page: the HTTP status the site answered and the page's HTML. */
export interface RenderedPage {
  /** The status code; 404 and 401 are answered with SEOPress's explanatory title, any other is analysed. */
  status: number;
  /** The page's HTML (an empty page is analysed as SEOPress's `no_data`). */
  html: string;
}

/**
 * Renders post `postId`'s preview as the site's theme would, for a signed-in editor: where SEOPress
 * fetches `get_preview_post_link(postId)` from the site. `signal` fires when the analysis gives up
 * (see {@link RENDER_PAGE_LIMITS}). A throw, a time-out or a page over the size cap is answered as
 * SEOPress answers a failed fetch: `{title: "...", meta_desc: "..."}`.
 */
export type RenderPage = (postId: number, signal: AbortSignal) => Promise<RenderedPage> | RenderedPage;

/** A page's budget: a loopback fetch's worth of time, and a cap on the HTML parsed. */
export const RENDER_PAGE_LIMITS: HostServiceLimits = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 };

/** The host's limits for `renderPage`, checked at mount. */
export function renderPageLimits(given: Partial<HostServiceLimits> | undefined): HostServiceLimits {
  return serviceLimits('seoA renderPageLimits', given, RENDER_PAGE_LIMITS);
}
