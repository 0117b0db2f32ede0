import type { SendMail } from '../../core/mail/message.js';
import type { MountableNamespace } from '../../core/types.js';
import { checkOptions, fn, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';
import { bindGroups, routeGroup, withDefaults, type RouteGroup } from '../define.js';
import { bindService, serviceLimits, serviceLimitsOptions, type GivenHostServiceLimits } from '../host-service.js';
import { siteInsightsChecks } from './checks.js';
import { siteInsightsSiteHandlers } from './handlers/site.js';
import { siteInsightsSiteRoutes } from './routes/site.js';
import {
  fetchHomeService,
  healthChecksService,
  type FetchHome,
  type HealthChecks,
  googleAccessService,
  type SiteKitGoogleAccess,
  oauthService,
  type SiteKitOAuth,
  siteKitProxyService,
  type SiteKitProxy,
  mailService,
  googleApiService,
  type SiteKitGoogleApi,
} from './services.js';
import { siteInsightsModulesHandlers } from './handlers/modules.js';
import { siteInsightsDismissalsHandlers } from './handlers/dismissals.js';
import { siteInsightsSearchHandlers } from './handlers/search.js';
import { siteInsightsDismissalsRoutes } from './routes/dismissals.js';
import { siteInsightsSearchRoutes } from './routes/search.js';
import { siteInsightsEmailReportingHandlers } from './handlers/email-reporting.js';
import { siteInsightsEmailReportingRoutes } from './routes/email-reporting.js';
import type { SiteKitLink } from '../site-kit-link.js';
import { siteInsightsModuleDataChecks, siteInsightsModuleDataHandlers } from './handlers/module-data.js';
import { siteKitDataLayer } from './data-layer.js';
import { siteInsightsModuleDataRoutes } from './routes/module-data.js';
import { siteInsightsRouteOrder } from './routes/index.js';
import { siteInsightsModulesRoutes } from './routes/modules.js';
import { siteSalt } from '../site-salt.js';
import { siteInsightsUserHandlers } from './handlers/user.js';
import { siteInsightsUserRoutes } from './routes/user.js';
import { siteInsightsSurveysNotificationsHandlers } from './handlers/surveys-notifications.js';
import { siteInsightsSurveysNotificationsRoutes } from './routes/surveys-notifications.js';
import { siteInsightsStorageOn } from './site-store.js';
import { siteInsightsStorageGroups, type SiteInsightsStorage } from './storage.js';

export { siteInsightsStorageOn } from './site-store.js';
export { siteInsightsStorageGroups } from './storage.js';
export type { FetchHome, HealthCheck, HealthCheckResults, HealthChecks } from './services.js';
export type { SiteKitAccessAnswer, SiteKitAccessCall, SiteKitGoogleAccess } from './services.js';
export { SITE_KIT_OAUTH_LIMITS } from './services.js';
export type { OAuthRefreshCall, OAuthRevokeCall, OAuthTokenAnswer, SiteKitOAuth } from './services.js';
export { recordSiteKitSignIn, type SiteKitSignIn } from './sign-in.js';
export type { MarkNotificationCall, NotificationsCall, SiteKitProxy, SurveyEventCall, SurveyTriggerCall } from './services.js';
export type { EmailConfirmation, EmailLogEntry, SiteInsightsStorage } from './storage.js';
export type { GoogleApiAnswer, GoogleApiCall, GoogleApiError, SiteKitGoogleApi } from './services.js';

/** Options of {@link siteInsights}. */
export interface SiteInsightsOptions {
  /** The host's storage callbacks; the ones left out are the site store's, a group at a time. */
  storage?: Partial<SiteInsightsStorage>;
  /** The clock in milliseconds (default `Date.now`). */
  now?: () => number;
  /**
   * Fetches a page of the site for Site Health's tag placement test. Default: none, so each module's
   * line reads Site Kit's "There was an error while trying to get the status, please try again later."
   */
  fetchHome?: FetchHome;
  /** `fetchHome`'s time and size budget (default 5 s, 2 MiB). */
  fetchHomeLimits?: GivenHostServiceLimits;
  /**
   * Checks that Google's APIs and Site Kit's service answer, for `core/site/data/health-checks`.
   * Default: none, so both checks fail as on a server without a network.
   */
  healthChecks?: HealthChecks;
  /** `healthChecks`' time and size budget (default 10 s, 4 KiB). */
  healthChecksLimits?: GivenHostServiceLimits;
  /**
   * Google's APIs as the host reaches them with a user's token: `request(call, signal)`, which each
   * module's datapoints read and write (`modules/{slug}/data/{datapoint}`), and
   * `checkAccess(call, signal)` for `check-access` and `recover-modules`. Without one of them, the
   * routes it serves answer 503 `google_api_unavailable`.
   */
  google?: Partial<SiteKitGoogleApi & SiteKitGoogleAccess>;
  /** `google.request`'s time and size budget per datapoint call (default 30 s and 4 MiB). */
  googleLimits?: GivenHostServiceLimits;
  /** `google.checkAccess`' time and size budget (default 15 s and 64 KiB). */
  googleAccessLimits?: GivenHostServiceLimits;
  /**
   * Google's OAuth endpoints, to refresh a user's expiring token (`get-token`) and revoke it on a
   * disconnect. Default: none, so a refresh fails as Site Kit's does without a network (the
   * stale token answered) and a disconnect revokes nothing.
   */
  oauth?: SiteKitOAuth;
  /** How long each OAuth call may take and how much it may answer (default 10 s, 64 KiB). */
  oauthLimits?: GivenHostServiceLimits;
  /** The Site Kit service (notifications, surveys); without it the site answers as one not on the service. */
  siteKitProxy?: SiteKitProxy;
  /** `siteKitProxy`'s time and size budget (default 15 s and 512 KiB). */
  siteKitProxyLimits?: GivenHostServiceLimits;
  /** Where e-mail reporting's invitations are mailed (variants pass their `sendMail`). Without one every invitation answers 500 `wp_mail_failed`. */
  sendMail?: SendMail;
  /** How long `sendMail` may take before the invitation counts as failed (default 15 s). */
  mailLimits?: Pick<GivenHostServiceLimits, 'timeoutMs'>;
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
  fetchHome: fn('(url, signal) → the page’s HTML').optional(),
  fetchHomeLimits: serviceLimitsOptions.optional(),
  healthChecks: fn('(signal) → { googleAPI, skService }').optional(),
  healthChecksLimits: serviceLimitsOptions.optional(),
  google: hostObject("Google's APIs: { request(call, signal), checkAccess(call, signal) }").optional(),
  googleLimits: serviceLimitsOptions.optional(),
  googleAccessLimits: serviceLimitsOptions.optional(),
  oauth: hostObject('{ refresh(call, signal) → token, revoke(call, signal) }').optional(),
  oauthLimits: serviceLimitsOptions.optional(),
  siteKitProxy: hostObject(
    'the Site Kit service: { notifications, markNotification, surveyTrigger, surveyEvent }(call, signal)',
  ).optional(),
  siteKitProxyLimits: serviceLimitsOptions.optional(),
  sendMail: fn('mail, signal → sent or not').optional(),
  mailLimits: serviceLimitsOptions.pick({ timeoutMs: true }).optional(),
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
  const fetchHomeLimits = serviceLimits('siteInsights fetchHomeLimits', checked.fetchHomeLimits, fetchHomeService.limits);
  const healthChecksLimits = serviceLimits('siteInsights healthChecksLimits', checked.healthChecksLimits, healthChecksService.limits);
  const googleAccessLimits = serviceLimits('siteInsights googleAccessLimits', checked.googleAccessLimits, googleAccessService.limits);
  const oauthLimits = serviceLimits('siteInsights oauthLimits', checked.oauthLimits, oauthService.limits);
  const proxyLimits = serviceLimits('siteInsights siteKitProxyLimits', checked.siteKitProxyLimits, siteKitProxyService.limits);
  const mailLimits = serviceLimits('siteInsights mailLimits', options.mailLimits, mailService.limits);
  const googleLimits = serviceLimits('siteInsights googleLimits', checked.googleLimits, googleApiService.limits);
  return ({ store, reportService }) => {
    const storage = withDefaults<SiteInsightsStorage>(
      () => siteInsightsStorageOn(store),
      options.storage,
      siteInsightsStorageGroups,
      'siteInsights storage',
    );
    const checks = siteInsightsChecks(now);
    const site = {
      fetchHome: bindService(fetchHomeService, options.fetchHome, fetchHomeLimits, reportService),
      healthChecks: bindService(healthChecksService, options.healthChecks, healthChecksLimits, reportService),
      now,
    };
    // Each of `google`'s two callbacks is its own service: an object without one of them is that one unconfigured.
    const googleAccess = bindService(
      googleAccessService,
      options.google?.checkAccess ? (options.google as SiteKitGoogleAccess) : null,
      googleAccessLimits,
      reportService,
    );
    const oauth = bindService(oauthService, options.oauth, oauthLimits, reportService);
    const proxy = bindService(siteKitProxyService, options.siteKitProxy, proxyLimits, reportService);
    const google = bindService(
      googleApiService,
      options.google?.request ? (options.google as SiteKitGoogleApi) : null,
      googleLimits,
      reportService,
    );
    options.siteKitLink?.attach(store, siteKitDataLayer(storage, { google, now }));
    const groups: RouteGroup<SiteInsightsStorage>[] = [
      routeGroup(siteInsightsSiteRoutes, siteInsightsSiteHandlers(site), checks),
      routeGroup(siteInsightsModulesRoutes, siteInsightsModulesHandlers({ now, google: googleAccess }), checks),
      routeGroup(siteInsightsUserRoutes, siteInsightsUserHandlers({ now, oauth, nonceSalt: siteSalt(store, 'nonce') }), checks),
      routeGroup(siteInsightsSurveysNotificationsRoutes, siteInsightsSurveysNotificationsHandlers({ proxy, now }), checks),
      routeGroup(siteInsightsDismissalsRoutes, siteInsightsDismissalsHandlers({ now }), checks),
      routeGroup(siteInsightsSearchRoutes, siteInsightsSearchHandlers, checks),
      routeGroup(
        siteInsightsEmailReportingRoutes,
        siteInsightsEmailReportingHandlers({ mail: bindService(mailService, options.sendMail, mailLimits, reportService), now }),
        checks,
      ),
      routeGroup(siteInsightsModuleDataRoutes, siteInsightsModuleDataHandlers({ google, now }), siteInsightsModuleDataChecks(checks, now)),
    ];
    return bindGroups('site-insights/v1', groups, { storage, order: siteInsightsRouteOrder });
  };
}
