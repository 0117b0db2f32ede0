// This namespace's data layer as the Site Kit link hands it to `seo-b/v1`: a read of
// `modules/{module}/data/{datapoint}` made inside the server for the user asking, through the
// same permission, module and `google` checks as the REST route, on the same storage.
import { RestResponse } from '../../core/http/response.js';
import type { StorageContext } from '../define.js';
import type { SiteKitDataAnswer, SiteKitDataLayer } from '../site-kit-link.js';
import { siteKitDatapoint } from './datapoints.js';
import { moduleData, type ModuleDataDeps } from './module-data.js';
import { CAPS, siteKitCan, siteKitFacts } from './permissions.js';
import type { SiteInsightsBound } from './settings.js';
import type { SiteInsightsStorage } from './storage.js';

/** `storage` bound to one storage context, as a route's handler gets it. */
function boundTo(storage: SiteInsightsStorage, context: StorageContext): SiteInsightsBound {
  const bound: Record<string, unknown> = {};
  for (const [name, callback] of Object.entries(storage)) {
    if (typeof callback === 'function')
      bound[name] = (...args: unknown[]) => (callback as (...given: unknown[]) => unknown).apply(storage, [...args, context]);
  }
  return bound as unknown as SiteInsightsBound;
}

/** WordPress's refusal of a route's permission check (`rest_forbidden`), as the status Yoast passes on. */
const forbidden = (status: number): SiteKitDataAnswer => ({ ok: false, message: 'Sorry, you are not allowed to do that.', status });

/** The data layer of a mount on `storage`, for the Site Kit link. */
export function siteKitDataLayer(storage: SiteInsightsStorage, deps: ModuleDataDeps & { now: () => number }): SiteKitDataLayer {
  return async (request, asker) => {
    const user = asker.user;
    if (user === null) return forbidden(401);
    const bound = boundTo(storage, asker);
    const facts = await siteKitFacts(bound, user, deps.now);
    // The route's check: the datapoint's own (`Permission_Aware_Datapoint`), else viewing insights.
    const allowed = siteKitDatapoint(request.module, 'GET', request.datapoint)?.viewDashboard
      ? await siteKitCan(facts, CAPS.VIEW_DASHBOARD)
      : (await siteKitCan(facts, CAPS.SETUP)) || (await siteKitCan(facts, CAPS.VIEW_POSTS_INSIGHTS));
    if (!allowed) return forbidden(403);
    const call = {
      slug: request.module,
      method: 'GET',
      datapoint: request.datapoint,
      params: request.params,
      siteUrl: asker.site.url,
    } as const;
    const answer = await moduleData(deps, bound, { user, facts: async () => facts }, call);
    if (answer.ok) return answer;
    const { error } = answer;
    if (error instanceof RestResponse) {
      const message = (error.data as { message?: unknown }).message;
      return { ok: false, message: typeof message === 'string' ? message : '', status: error.status };
    }
    return { ok: false, message: error.message, status: error.status };
  };
}
