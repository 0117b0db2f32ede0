import type { RouteSpecTable } from '../../define.js';
import { EDITABLE, STRICT, STRINGS, settingsBody } from './args.js';

/**
 * The `site-insights/v1` routes of a user's Google sign-in, settings and capabilities (Site Kit's
 * `REST_Authentication_Controller`, `REST_User_Input_Controller`, the audience, conversion
 * reporting and initial set-up controllers, `Permissions`, `Nonces`, `REST_Tracking_Consent_Controller`
 * and `REST_Key_Metrics_Controller`).
 */
export const siteInsightsUserRoutes = [
  {
    path: '/core/user/data/authentication',
    endpoints: [
      {
        methods: ['GET'],
        summary: "The user's Google sign-in and its scopes",
        check: 'viewSplashOrDashboard',
        handler: 'getAuthentication',
      },
    ],
  },
  {
    path: '/core/user/data/disconnect',
    endpoints: [
      {
        methods: EDITABLE,
        summary: "Disconnect the user from Google: revoke the token, delete the user's Site Kit data",
        check: 'authenticate',
        handler: 'disconnect',
      },
    ],
  },
  {
    path: '/core/user/data/get-token',
    endpoints: [
      {
        methods: ['POST'],
        summary: "The user's access token, refreshed when it expires within five minutes",
        check: 'viewAuthenticatedDashboard',
        handler: 'getToken',
      },
    ],
  },
  {
    path: '/core/user/data/user-input-settings',
    endpoints: [
      { methods: ['GET'], summary: "The answers to Site Kit's set-up questions", check: 'viewSplashOrDashboard', handler: 'getUserInput' },
      {
        methods: ['POST'],
        summary: "Answer Site Kit's set-up questions",
        args: settingsBody({ purpose: STRINGS, postFrequency: STRINGS, goals: STRINGS, includeConversionEvents: STRINGS }, {}),
        check: 'authenticate',
        handler: 'setUserInput',
      },
    ],
  },
  {
    path: '/core/user/data/audience-settings',
    endpoints: [
      { methods: ['GET'], summary: "The user's audience segmentation settings", check: 'viewDashboard', handler: 'getAudienceSettings' },
      {
        methods: EDITABLE,
        summary: "Change the user's audience segmentation settings",
        args: settingsBody(
          { configuredAudiences: STRINGS, isAudienceSegmentationWidgetHidden: { type: 'boolean' }, didSetAudiences: { type: 'boolean' } },
          STRICT,
        ),
        check: 'viewDashboard',
        handler: 'setAudienceSettings',
      },
    ],
  },
  {
    path: '/core/user/data/conversion-reporting-settings',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'When the user dismissed the conversion events callouts',
        check: 'viewDashboard',
        handler: 'getConversionReportingSettings',
      },
      {
        methods: EDITABLE,
        summary: 'Record when the user dismissed the conversion events callouts',
        args: settingsBody({ newEventsCalloutDismissedAt: { type: 'integer' }, lostEventsCalloutDismissedAt: { type: 'integer' } }, STRICT),
        check: 'viewDashboard',
        handler: 'setConversionReportingSettings',
      },
    ],
  },
  {
    path: '/core/user/data/initial-setup-settings',
    endpoints: [
      { methods: ['GET'], summary: "The user's initial set-up progress", check: 'setup', handler: 'getInitialSetupSettings' },
      {
        methods: EDITABLE,
        summary: "Record the user's initial set-up progress",
        args: settingsBody({ hasSitePurposeAnswer: { type: 'boolean' }, isAnalyticsSetupComplete: { type: 'boolean' } }, STRICT),
        check: 'setup',
        handler: 'setInitialSetupSettings',
      },
    ],
  },
  {
    path: '/core/user/data/permissions',
    endpoints: [
      {
        methods: ['GET'],
        summary: "The user's Site Kit capabilities, per shareable module too",
        check: 'viewSplashOrDashboard',
        handler: 'getPermissions',
      },
    ],
  },
  {
    path: '/core/user/data/nonces',
    endpoints: [{ methods: ['GET'], summary: "Site Kit's nonces for the user", check: 'signedIn', handler: 'getNonces' }],
  },
  {
    path: '/core/user/data/tracking',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Whether the user consented to Site Kit's usage tracking",
        check: 'viewSplashOrDashboard',
        handler: 'getTracking',
      },
      {
        methods: ['POST'],
        summary: "Give or withdraw consent to Site Kit's usage tracking",
        args: { data: { type: 'object', properties: { enabled: { type: 'boolean', required: true } }, required: true } },
        check: 'viewSplashOrDashboard',
        handler: 'setTracking',
      },
    ],
  },
  {
    path: '/core/user/data/key-metrics',
    endpoints: [
      { methods: ['GET'], summary: 'The key metrics widgets the user picked', check: 'viewSplashOrDashboard', handler: 'getKeyMetrics' },
      {
        methods: ['POST'],
        summary: 'Pick the key metrics widgets (one to eight)',
        args: settingsBody({ isWidgetHidden: { type: 'boolean', required: true }, widgetSlugs: { ...STRINGS, maxItems: 8 } }, {}),
        check: 'viewSplashOrDashboard',
        handler: 'setKeyMetrics',
      },
    ],
  },
] as const satisfies RouteSpecTable;
