import type { BoundService } from '../../host-service.js';
import type { Handlers } from '../../define.js';
import { isSettingsObject, type SettingsObject } from '../../option-object.js';
import { CONNECTION_OPTIONS, isSetupCompleted } from '../connection.js';
import { consentApiNotInstalled } from '../errors.js';
import { activeModuleSlugs, storedModuleSettings } from '../module-state.js';
import { SITE_KIT_MODULES, siteKitModule } from '../registry.js';
import type { siteInsightsSiteRoutes } from '../routes/site.js';
import type { FetchHome, HealthCheck, HealthCheckResults, HealthChecks, PageUnavailable } from '../services.js';
import { siteSetting, type SiteInsightsBound } from '../settings.js';
import type { SiteInsightsStorage } from '../storage.js';
import { FETCH_FAILED, SNIPPET_DISABLED, describeModule, placesTag, snippetDisabled, tagOutcome } from '../tag-placement.js';

/** The transient of the set-up tag's token, printed as `<meta name="googlesitekit-setup">`, and how long it lives. */
const SETUP_TOKEN = { transient: 'googlesitekit_setup_token', ttlSeconds: 5 * 60 } as const;
/** The option caching whether some administrator signed in with Google (`Has_Connected_Admins`). */
const HAS_CONNECTED_ADMINS = 'googlesitekit_has_connected_admins';
/** The prefixes of Site Kit's keys: `Reset::KEY_PATTERN` and `Reset_Persistent::KEY_PATTERN`. */
const RESET_PREFIX = 'googlesitekit_';
const PERSISTENT_PREFIX = 'googlesitekitpersistent_';
/** Whether the admin bar shows Site Kit's menu (`Admin_Bar_Enabled`), true by default. */
const ADMIN_BAR_OPTION = 'googlesitekit_admin_bar_menu_enabled';

/** The countries where Google's EU user consent policy applies: consent mode's default regions (`Regions::EU_USER_CONSENT_POLICY`). */
const EU_USER_CONSENT_POLICY = [
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

/** Consent mode's option and defaults (`Consent_Mode_Settings`). */
const consentMode = (storage: SiteInsightsBound) =>
  siteSetting(storage, 'googlesitekit_consent_mode', { enabled: false, regions: EU_USER_CONSENT_POLICY });
/** Conversion tracking's option and defaults (`Conversion_Tracking_Settings`). */
const conversionTracking = (storage: SiteInsightsBound) => siteSetting(storage, 'googlesitekit_conversion_tracking', { enabled: false });

/** An ISO 3166-2 code as Site Kit keeps a region (`AB` or `CD-EF`). */
const REGION = /^[A-Z]{2}(?:-[A-Z]{2})?$/;

/** PHP's `strtoupper`: ASCII letters only, so `ß` stays as it is (JavaScript would make it `SS`). */
const asciiUpper = (text: string): string => text.replace(/[a-z]+/g, (letters) => letters.toUpperCase());

/** Consent mode's regions as its sanitizer keeps them: upper-cased, ISO 3166-2 codes only, each once, in the order given. */
function consentRegions(given: readonly string[]): string[] {
  const kept = new Set<string>();
  for (const region of given) {
    const code = asciiUpper(region);
    if (REGION.test(code)) kept.add(code);
  }
  return [...kept];
}

/**
 * Whether some administrator signed in with Google (`Has_Connected_Admins::get`): Site Kit's cached
 * option when it says so, else the users asked and the answer cached. A cached "no" is asked again,
 * as site-rest has no `added_user_meta` hook to turn it to "yes" when an administrator signs in.
 */
async function hasConnectedAdmins(storage: SiteInsightsBound): Promise<boolean> {
  if (await storage.getOption(HAS_CONNECTED_ADMINS)) return true;
  const connected = await storage.administratorHasUserOption(CONNECTION_OPTIONS.accessToken);
  await storage.setOption(HAS_CONNECTED_ADMINS, connected ? 1 : 0);
  return connected;
}

/** A health check as Site Kit answers it, from whatever the host answered. */
function healthCheck(given: unknown): HealthCheck {
  const check = isSettingsObject(given as never) ? (given as SettingsObject) : {};
  return { pass: check.pass === true, errorMsg: typeof check.errorMsg === 'string' ? check.errorMsg : '' };
}

/** Whether Ads measurement is connected (`googlesitekit_ads_measurement_connection_checks`), by the active modules' checks in their filters' order. */
async function adsMeasurementConnected(storage: SiteInsightsBound): Promise<boolean> {
  const active = await activeModuleSlugs(storage);
  const connected = async (slug: string): Promise<SettingsObject | null> => {
    const module = siteKitModule(slug);
    if (!module || !active.has(slug)) return null;
    const settings = await storedModuleSettings(storage, module);
    return module.connected(settings) ? settings : null;
  };
  if (await connected('ads')) return true;
  const analytics = await connected('analytics-4');
  if (analytics) {
    if (analytics.adsLinked) return true;
    const destinations = Array.isArray(analytics.googleTagContainerDestinationIDs) ? analytics.googleTagContainerDestinationIDs : [];
    if (destinations.some((id) => typeof id === 'string' && id.slice(0, 3).toUpperCase() === 'AW-')) return true;
  }
  // Tag Manager's check asks Google for the live container's tags; a Google API site-rest does not
  // reach from here, so it answers as Site Kit's check does when that request fails: not connected.
  return false;
}

/**
 * The handlers of the site's set-up and connection routes, given the site's page fetch (the tag
 * placement test), the health checks and the clock in milliseconds.
 */
export function siteInsightsSiteHandlers({
  fetchHome,
  healthChecks,
  now,
}: {
  fetchHome: BoundService<FetchHome, PageUnavailable>;
  healthChecks: BoundService<HealthChecks, HealthCheckResults>;
  now: () => number;
}): Handlers<typeof siteInsightsSiteRoutes, SiteInsightsStorage> {
  return {
    createSetupTag: async (_request, _context, storage) => {
      // `wp_generate_uuid4`, from Web Crypto (the root entry reaches no `node:crypto`).
      const token = crypto.randomUUID();
      await storage.setTransient(SETUP_TOKEN.transient, token, SETUP_TOKEN.ttlSeconds);
      return { token };
    },

    getConnection: async (_request, _context, storage) => {
      const [credentials, setupCompleted, connectedAdmins, administrators] = await Promise.all([
        storage.getOption(CONNECTION_OPTIONS.credentials),
        isSetupCompleted(storage),
        hasConnectedAdmins(storage),
        storage.countAdministrators(),
      ]);
      return {
        // Site Kit 1.184 answers `connected` and `setupCompleted` from the same credentials check.
        connected: setupCompleted,
        resettable: credentials !== undefined,
        setupCompleted,
        hasConnectedAdmins: connectedAdmins,
        hasMultipleAdmins: administrators > 1,
      };
    },

    reset: async (_request, _context, storage) => {
      await storage.resetData(RESET_PREFIX);
      return true;
    },

    resetPersistent: async (_request, _context, storage) => {
      await storage.resetData(PERSISTENT_PREFIX);
      return true;
    },

    // No plugins on a site-rest host: Site Kit's answer when its developer plugin is neither active
    // nor installed, to a caller who may not install or activate plugins (there is no plugin screen).
    getDeveloperPlugin: () => ({ active: false, installed: false, activateURL: false, installURL: false, configureURL: false }),

    getAdminBarSettings: async (_request, _context, storage) => {
      const stored = await storage.getOption(ADMIN_BAR_OPTION);
      return { enabled: stored === undefined ? true : Boolean(stored) };
    },

    updateAdminBarSettings: async (request, _context, storage) => {
      const { enabled } = request.params.data;
      if (enabled !== undefined) await storage.setOption(ADMIN_BAR_OPTION, enabled);
      const stored = await storage.getOption(ADMIN_BAR_OPTION);
      return { enabled: stored === undefined ? true : Boolean(stored) };
    },

    tagPlacementTest: async (_request, context, storage) => {
      const result: Record<string, unknown> = {
        label: 'Tag Placement',
        status: 'good',
        badge: { label: 'Site Kit', color: 'blue' },
        actions: '',
        test: 'tag_placement',
      };
      const active = await activeModuleSlugs(storage);
      const modules = SITE_KIT_MODULES.filter((module) => active.has(module.slug) && placesTag(module.slug));
      if (modules.length === 0) {
        result.description = '<p>Tag status not available: no modules that place tags are connected.</p>';
        return result;
      }
      const lines: string[] = [];
      const timestamp = Math.floor(now() / 1000);
      for (const module of modules) {
        if (snippetDisabled(await storedModuleSettings(storage, module))) {
          lines.push(describeModule(module.name, SNIPPET_DISABLED));
          continue;
        }
        const page = new URL(module.slug === 'sign-in-with-google' ? 'wp-login.php' : '', withSlash(context.site.home));
        page.searchParams.set('timestamp', String(timestamp));
        const fetched = await fetchHome.call((fetch, signal) => fetch(page.href, signal), { url: page.href });
        const html = fetched.ok && typeof fetched.value === 'string' ? fetched.value : null;
        lines.push(describeModule(module.name, html === null ? FETCH_FAILED : tagOutcome(module.slug, module.name, html)));
      }
      result.description = `<ul>${lines.join('\n')}</ul>`;
      return result;
    },

    getHealthChecks: async () => {
      const outcome = await healthChecks.call((check, signal) => check(signal));
      const results = outcome.ok ? outcome.value : outcome.answer;
      return { checks: { googleAPI: healthCheck(results.googleAPI), skService: healthCheck(results.skService) } };
    },

    getConsentMode: (_request, _context, storage) => consentMode(storage).read(),

    updateConsentMode: (request, _context, storage) => {
      const { enabled, regions } = request.params.data.settings;
      const changes: SettingsObject = {};
      if (enabled !== undefined) changes.enabled = enabled;
      if (regions !== undefined && regions.length > 0) changes.regions = consentRegions(regions);
      return consentMode(storage).merge(changes);
    },

    // There is no WP Consent API on a site-rest host (`wp_set_consent` never exists), nor a plugin
    // screen to install it from: Site Kit's answer to a caller who may not install plugins.
    getConsentApiInfo: () => ({ hasConsentAPI: false, wpConsentPlugin: { installed: false, installURL: false, activateURL: false } }),

    activateConsentApi: () => consentApiNotInstalled(),

    getAdsMeasurementStatus: async (_request, _context, storage) => ({ connected: await adsMeasurementConnected(storage) }),

    getConversionTracking: (_request, _context, storage) => conversionTracking(storage).read(),

    updateConversionTracking: (request, _context, storage) =>
      conversionTracking(storage).merge({ enabled: request.params.data.settings.enabled }),
  };
}

/** An address as a base for relative ones: with its trailing slash, so `wp-login.php` lands beside the home page. */
function withSlash(home: string): string {
  return home.endsWith('/') ? home : `${home}/`;
}
