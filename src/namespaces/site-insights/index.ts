import type { MountableNamespace } from '../../core/types.js';
import { checkOptions, fn, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';
import { bindGroups, routeGroup, withDefaults, type RouteGroup } from '../define.js';
import { bindService, serviceLimits, serviceLimitsOptions, type GivenHostServiceLimits } from '../host-service.js';
import type { SiteKitLink } from '../site-kit-link.js';
import { siteInsightsChecks } from './checks.js';
import { googleApiService, type SiteKitGoogleApi } from './services.js';
import { siteInsightsModuleDataChecks, siteInsightsModuleDataHandlers } from './handlers/module-data.js';
import { siteKitDataLayer } from './data-layer.js';
import { siteInsightsModuleDataRoutes } from './routes/module-data.js';
import { siteInsightsRouteOrder } from './routes/index.js';
import { siteInsightsStorageOn } from './site-store.js';
import { siteInsightsStorageGroups, type SiteInsightsStorage } from './storage.js';

export { siteInsightsStorageOn } from './site-store.js';
export { siteInsightsStorageGroups } from './storage.js';
export type { SiteInsightsStorage } from './storage.js';
export type { GoogleApiAnswer, GoogleApiCall, GoogleApiError, SiteKitGoogleApi } from './services.js';

/** Options of {@link siteInsights}. */
export interface SiteInsightsOptions {
  /** The host's storage callbacks; the ones left out are the site store's, a group at a time. */
  storage?: Partial<SiteInsightsStorage>;
  /** The clock in milliseconds (default `Date.now`). */
  now?: () => number;
  /**
   * Google's APIs, which each module's datapoints read and write (`modules/{slug}/data/{datapoint}`).
   * Default: none, so every datapoint answers 503 `google_api_unavailable`.
   */
  google?: SiteKitGoogleApi;
  /** `google`'s time and size budget per datapoint call (default 30 s and 4 MiB). */
  googleLimits?: GivenHostServiceLimits;
  /**
   * The link `variantB()` shares with `seo-b/v1` when both are mounted: this namespace's data layer
   * is attached to it, so Yoast's Site Kit widgets read it as Yoast reads Site Kit.
   */
  siteKitLink?: SiteKitLink;
}

/** The checks of {@link SiteInsightsOptions}. */
export const siteInsightsOptions = optionsObject({
  storage: hostObject('the Site Kit storage callbacks').optional(),
  now: fn('→ milliseconds').optional(),
  google: hostObject("Google's APIs: { request(call, signal) }").optional(),
  googleLimits: serviceLimitsOptions.optional(),
  siteKitLink: hostObject('the Site Kit link variantB() makes').optional(),
} satisfies OptionsShape<SiteInsightsOptions>);

/**
 * The `site-insights/v1` namespace (Site Kit by Google 1.184's `google-site-kit/v1`): set-up and
 * connection state, per-user settings and dismissals, modules with their activation, sharing and
 * settings, e-mail reporting, surveys and notifications, and the gateway to Google's APIs, on the
 * server's site store as Site Kit keeps them.
 */
export function siteInsights(options: SiteInsightsOptions = {}): MountableNamespace {
  const checked = checkOptions(siteInsightsOptions, options, 'siteInsights');
  const now = options.now ?? Date.now;
  const googleLimits = serviceLimits('siteInsights googleLimits', checked.googleLimits, googleApiService.limits);
  return ({ store, reportService }) => {
    const storage = withDefaults<SiteInsightsStorage>(
      () => siteInsightsStorageOn(store),
      options.storage,
      siteInsightsStorageGroups,
      'siteInsights storage',
    );
    const checks = siteInsightsChecks(now);
    const google = bindService(googleApiService, options.google, googleLimits, reportService);
    options.siteKitLink?.attach(store, siteKitDataLayer(storage, { google, now }));
    const groups: RouteGroup<SiteInsightsStorage>[] = [
      routeGroup(siteInsightsModuleDataRoutes, siteInsightsModuleDataHandlers({ google, now }), siteInsightsModuleDataChecks(checks, now)),
    ];
    // TEMPORARY (lead removes once every group is merged): mount only the routes some group has.
    const order = siteInsightsRouteOrder.filter((path) => groups.some((group) => group.routes.some((route) => route.path === path)));
    return bindGroups('site-insights/v1', groups, { storage, order });
  };
}
