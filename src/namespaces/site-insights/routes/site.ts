import type { RouteSpecTable } from '../../define.js';
import { EDITABLE, STRICT, STRINGS, settingsBody } from './args.js';

/**
 * The `core/site/data/` routes of the site's set-up and connection: the set-up tag, connection
 * state, the two resets, the developer plugin, the admin bar, Site Health's tag placement test and
 * health checks, consent mode and the WP Consent API, Ads measurement and conversion tracking
 * (Site Kit's `Plugin`, `REST_Authentication_Controller`, `Reset`, `Reset_Persistent`,
 * `Developer_Plugin_Installer`, `Admin_Bar`, `REST_Site_Health_Controller`, `Health_Checks`,
 * `REST_Consent_Mode_Controller` and `REST_Conversion_Tracking_Controller`).
 */
export const siteInsightsSiteRoutes = [
  {
    path: '/core/site/data/setup-tag',
    endpoints: [
      { methods: EDITABLE, summary: 'Create a set-up token for the site’s set-up meta tag', check: 'setup', handler: 'createSetupTag' },
    ],
  },
  {
    path: '/core/site/data/connection',
    endpoints: [{ methods: ['GET'], summary: 'Retrieve the site’s connection to Google', check: 'setup', handler: 'getConnection' }],
  },
  {
    path: '/core/site/data/reset',
    endpoints: [
      { methods: EDITABLE, summary: 'Delete every Site Kit setting of the site and its users', check: 'setup', handler: 'reset' },
    ],
  },
  {
    path: '/core/site/data/reset-persistent',
    endpoints: [
      {
        methods: EDITABLE,
        summary: 'Delete every persistent Site Kit setting of the site and its users',
        check: 'setup',
        handler: 'resetPersistent',
      },
    ],
  },
  {
    path: '/core/site/data/developer-plugin',
    endpoints: [
      { methods: ['GET'], summary: 'Retrieve the state of Site Kit’s developer plugin', check: 'setup', handler: 'getDeveloperPlugin' },
    ],
  },
  {
    path: '/core/site/data/admin-bar-settings',
    endpoints: [
      { methods: ['GET'], summary: 'Retrieve whether the admin bar shows Site Kit', check: 'authenticate', handler: 'getAdminBarSettings' },
      {
        methods: ['POST'],
        summary: 'Show or hide Site Kit in the admin bar',
        args: { data: { type: 'object', properties: { enabled: { type: 'boolean' } }, required: true } },
        check: 'authenticate',
        handler: 'updateAdminBarSettings',
      },
    ],
  },
  {
    path: '/core/site/data/site-health-tag-placement-test',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Run Site Health’s tag placement test on the site’s pages',
        check: 'viewSiteHealthChecks',
        handler: 'tagPlacementTest',
      },
    ],
  },
  {
    path: '/core/site/data/health-checks',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Check that Google’s APIs and Site Kit’s service answer',
        check: 'sharedDashboardOrSetup',
        handler: 'getHealthChecks',
      },
    ],
  },
  {
    path: '/core/site/data/consent-mode',
    endpoints: [
      { methods: ['GET'], summary: 'Retrieve the consent mode settings', check: 'manageOptions', handler: 'getConsentMode' },
      {
        methods: EDITABLE,
        summary: 'Change the consent mode settings',
        args: settingsBody({ enabled: { type: 'boolean' }, regions: STRINGS }, STRICT),
        check: 'manageOptions',
        handler: 'updateConsentMode',
      },
    ],
  },
  {
    path: '/core/site/data/consent-api-info',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Retrieve whether the WP Consent API is available',
        check: 'manageOptions',
        handler: 'getConsentApiInfo',
      },
    ],
  },
  {
    path: '/core/site/data/consent-api-activate',
    endpoints: [
      { methods: EDITABLE, summary: 'Activate the WP Consent API plugin', check: 'updatePlugins', handler: 'activateConsentApi' },
    ],
  },
  {
    path: '/core/site/data/ads-measurement-status',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Retrieve whether Ads measurement is connected',
        check: 'manageOptions',
        handler: 'getAdsMeasurementStatus',
      },
    ],
  },
  {
    path: '/core/site/data/conversion-tracking',
    endpoints: [
      { methods: ['GET'], summary: 'Retrieve the conversion tracking settings', check: 'manageOptions', handler: 'getConversionTracking' },
      {
        methods: EDITABLE,
        summary: 'Turn conversion tracking on or off',
        args: settingsBody({ enabled: { type: 'boolean', required: true } }, {}),
        check: 'manageOptions',
        handler: 'updateConversionTracking',
      },
    ],
  },
] as const satisfies RouteSpecTable;
