// The outside service of seo-a/v1's content analysis: the post's rendered page, which SEOPress
// fetches over HTTP from the site itself (`RequestPreview::getDomById`, a loopback request of the
// post's preview link carrying the caller's cookies).
import { serviceLimits, type HostServiceLimits, type ServiceDeclaration } from '../host-service.js';
import { recordedAnswer } from '../recorded-double.js';

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

/** What SEOPress answers, with status 200, when the page could not be fetched: `{title, meta_desc}`. */
export interface FetchFailure {
  /** A 404 and a 401 explained, anything else `...`. */
  title: string;
  /** Always `...`. */
  meta_desc: string;
}

/** What SEOPress answers, with status 200, when the page could not be fetched: a 404 and a 401 explained, anything else `...`. */
export function fetchFailure(status: number | null): FetchFailure {
  const title =
    status === 404
      ? 'To get your Google snippet preview, publish your post!'
      : status === 401
        ? 'Your site is protected by an authentication.'
        : '...';
  return { title, meta_desc: '...' };
}

/** SEOPress's answer to a fetch that failed without a status. */
const failed = (): FetchFailure => fetchFailure(null);

/**
 * The page renderer as a declared service: 10 s and 2 MiB of HTML by default; a throw, a time-out or
 * a page over the cap is SEOPress's failed fetch, `{title: "...", meta_desc: "..."}`. The stored
 * post's page renders where the host gives no renderer, so `unconfigured` is never answered; it is
 * the same failure. Its double answers a recorded `{status, html}` by post id (`when: {postId}`),
 * or a 404 page for a post nothing recorded.
 */
export const renderPageService: ServiceDeclaration<RenderPage, FetchFailure> = {
  namespace: 'seo-a',
  service: 'render-page',
  option: 'renderPage',
  limits: RENDER_PAGE_LIMITS,
  failures: { threw: failed, timeout: failed, 'too-large': failed, unconfigured: failed },
  double: (recorded) => async (postId, signal) => {
    const { answer, filler } = await recordedAnswer(recorded, 'seo-a/render-page', { postId }, signal);
    if (answer === undefined) return { status: 404, html: filler };
    const page = answer as unknown as RenderedPage;
    return { status: page.status, html: page.html + filler };
  },
};

/** The host's limits for `renderPage`, checked at mount. */
export function renderPageLimits(given: Partial<HostServiceLimits> | undefined): HostServiceLimits {
  return serviceLimits('seoA renderPageLimits', given, RENDER_PAGE_LIMITS);
}
