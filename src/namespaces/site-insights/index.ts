import type { SendMail } from '../../core/mail/message.js';
import type { MountableNamespace } from '../../core/types.js';
import { checkOptions, fn, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';
import { bindGroups, routeGroup, withDefaults, type RouteGroup } from '../define.js';
import { bindService, serviceLimits, serviceLimitsOptions, type GivenHostServiceLimits } from '../host-service.js';
import { siteInsightsChecks } from './checks.js';
import { siteInsightsEmailReportingHandlers } from './handlers/email-reporting.js';
import { siteInsightsEmailReportingRoutes } from './routes/email-reporting.js';
import { mailService } from './services.js';
import { siteInsightsRouteOrder } from './routes/index.js';
import { siteInsightsStorageOn } from './site-store.js';
import { siteInsightsStorageGroups, type SiteInsightsStorage } from './storage.js';

export { siteInsightsStorageOn } from './site-store.js';
export { siteInsightsStorageGroups } from './storage.js';
export type { EmailConfirmation, EmailLogEntry, SiteInsightsStorage } from './storage.js';

/** Options of {@link siteInsights}. */
export interface SiteInsightsOptions {
  /** The host's storage callbacks; the ones left out are the site store's, a group at a time. */
  storage?: Partial<SiteInsightsStorage>;
  /** The clock in milliseconds (default `Date.now`). */
  now?: () => number;
  /** Where e-mail reporting's invitations are mailed (variants pass their `sendMail`). Without one every invitation answers 500 `wp_mail_failed`. */
  sendMail?: SendMail;
  /** How long `sendMail` may take before the invitation counts as failed (default 15 s). */
  mailLimits?: Pick<GivenHostServiceLimits, 'timeoutMs'>;
}

/** The checks of {@link SiteInsightsOptions}. */
export const siteInsightsOptions = optionsObject({
  storage: hostObject('the Site Kit storage callbacks').optional(),
  now: fn('→ milliseconds').optional(),
  sendMail: fn('mail, signal → sent or not').optional(),
  mailLimits: serviceLimitsOptions.pick({ timeoutMs: true }).optional(),
} satisfies OptionsShape<SiteInsightsOptions>);

/**
 * The `site-insights/v1` namespace (Site Kit by Google 1.184's `google-site-kit/v1`): set-up and
 * connection state, per-user settings and dismissals, modules with their activation, sharing and
 * settings, e-mail reporting, surveys and notifications, and the gateway to Google's APIs, on the
 * server's site store as Site Kit keeps them.
 */
export function siteInsights(options: SiteInsightsOptions = {}): MountableNamespace {
  checkOptions(siteInsightsOptions, options, 'siteInsights');
  const now = options.now ?? Date.now;
  const mailLimits = serviceLimits('siteInsights mailLimits', options.mailLimits, mailService.limits);
  return ({ store, reportService }) => {
    const storage = withDefaults<SiteInsightsStorage>(
      () => siteInsightsStorageOn(store),
      options.storage,
      siteInsightsStorageGroups,
      'siteInsights storage',
    );
    const checks = siteInsightsChecks(now);
    const groups: RouteGroup<SiteInsightsStorage>[] = [
      routeGroup(
        siteInsightsEmailReportingRoutes,
        siteInsightsEmailReportingHandlers({ mail: bindService(mailService, options.sendMail, mailLimits, reportService), now }),
        checks,
      ),
    ];
    // TEMPORARY (lead removes once every group is merged): mount only the routes some group has.
    const order = siteInsightsRouteOrder.filter((path) => groups.some((group) => group.routes.some((route) => route.path === path)));
    return bindGroups('site-insights/v1', groups, { storage, order });
  };
}
