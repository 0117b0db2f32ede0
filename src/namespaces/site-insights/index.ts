import type { MountableNamespace } from '../../core/types.js';
import { checkOptions, fn, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';
import { bindGroups, routeGroup, withDefaults, type RouteGroup } from '../define.js';
import { bindService, serviceLimits, serviceLimitsOptions, type GivenHostServiceLimits } from '../host-service.js';
import { siteSalt } from '../site-salt.js';
import { siteInsightsChecks } from './checks.js';
import { siteInsightsUserHandlers } from './handlers/user.js';
import { siteInsightsRouteOrder } from './routes/index.js';
import { siteInsightsUserRoutes } from './routes/user.js';
import { oauthService, type SiteKitOAuth } from './services.js';
import { siteInsightsStorageOn } from './site-store.js';
import { siteInsightsStorageGroups, type SiteInsightsStorage } from './storage.js';

export { siteInsightsStorageOn } from './site-store.js';
export { siteInsightsStorageGroups } from './storage.js';
export type { SiteInsightsStorage } from './storage.js';
export { SITE_KIT_OAUTH_LIMITS } from './services.js';
export type { OAuthRefreshCall, OAuthRevokeCall, OAuthTokenAnswer, SiteKitOAuth } from './services.js';
export { recordSiteKitSignIn, type SiteKitSignIn } from './sign-in.js';

/** Options of {@link siteInsights}. */
export interface SiteInsightsOptions {
  /** The host's storage callbacks; the ones left out are the site store's, a group at a time. */
  storage?: Partial<SiteInsightsStorage>;
  /** The clock in milliseconds (default `Date.now`). */
  now?: () => number;
  /**
   * Google's OAuth endpoints, to refresh a user's expiring token (`get-token`) and revoke it on a
   * disconnect. Default: none, so a refresh fails as Site Kit's does without a network (the
   * stale token answered) and a disconnect revokes nothing.
   */
  oauth?: SiteKitOAuth;
  /** How long each OAuth call may take and how much it may answer (default 10 s, 64 KiB). */
  oauthLimits?: GivenHostServiceLimits;
}

/** The checks of {@link SiteInsightsOptions}. */
export const siteInsightsOptions = optionsObject({
  storage: hostObject('the Site Kit storage callbacks').optional(),
  now: fn('→ milliseconds').optional(),
  oauth: hostObject('{ refresh(call, signal) → token, revoke(call, signal) }').optional(),
  oauthLimits: serviceLimitsOptions.optional(),
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
  const oauthLimits = serviceLimits('siteInsights oauthLimits', checked.oauthLimits, oauthService.limits);
  return ({ store, reportService }) => {
    const storage = withDefaults<SiteInsightsStorage>(
      () => siteInsightsStorageOn(store),
      options.storage,
      siteInsightsStorageGroups,
      'siteInsights storage',
    );
    const checks = siteInsightsChecks(now);
    const oauth = bindService(oauthService, options.oauth, oauthLimits, reportService);
    const groups: RouteGroup<SiteInsightsStorage>[] = [
      routeGroup(siteInsightsUserRoutes, siteInsightsUserHandlers({ now, oauth, nonceSalt: siteSalt(store, 'nonce') }), checks),
    ];
    // TEMPORARY (lead removes once every group is merged): mount only the routes some group has.
    const order = siteInsightsRouteOrder.filter((path) => groups.some((group) => group.routes.some((route) => route.path === path)));
    return bindGroups('site-insights/v1', groups, { storage, order });
  };
}
