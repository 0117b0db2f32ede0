// `site-insights/v1`'s user routes (Site Kit 1.184's `core/user/data/*`) through `inject`: the
// Google sign-in state and its scopes, disconnecting and refreshing a token on the recorded OAuth
// double (failing, timing out and unconfigured too), the set-up answers, the audience, conversion
// reporting, initial set-up, tracking and key metrics settings with Site Kit's merges and
// validation answers, the capabilities per role (an editor in a shared role before and after the
// splash), nonces, the `serve --fixtures` demo sign-in, and the settings on PGlite across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createRestServer,
  memoryStore,
  recordSiteKitSignIn,
  siteInsights,
  type ErrorInfo,
  type RestUser,
  type SiteInsightsOptions,
  type SiteKitOAuth,
  type SiteStore,
} from '../src/index.js';
import { packagedFixtures, serviceDoubles, serviceRecordings } from '../src/cli/fixtures.js';
import { signInSiteKitDemo } from '../src/cli/site-kit-demo.js';
import type { DoubleMode } from '../src/namespaces/recorded-double.js';
import { pgliteStore } from '../src/store.js';
import { userWith } from './helpers/users.js';

const NS = '/site-insights/v1/core/user/data';
const NOW = Date.UTC(2026, 10, 29, 14, 0, 0);
const SITE = { name: 'Insights', url: 'https://insights.example.test' };

const admin = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const author = userWith(3, 'author');
const subscriber = userWith(4, 'subscriber');
const otherAdmin = userWith(5, 'administrator');

/** The demo tokens the recordings and sign-ins use: none may reach an answer but get-token's own, or a report. */
const TOKENS = /sitekit-demo-|not-a-secret/;

const CLIENT = { clientId: 'test-client.apps.example.test', clientSecret: 'test-client-secret-not-a-secret' };
const BASE_SCOPES = [
  'openid',
  'https://www.googleapis.com/auth/userinfo.profile',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/siteverification',
  'https://www.googleapis.com/auth/webmasters',
];

/** The packaged OAuth double, switched to `mode`. */
function oauthDouble(mode: DoubleMode = 'recorded'): SiteKitOAuth {
  const recorded = serviceRecordings(packagedFixtures());
  recorded['site-insights/oauth'].mode = mode;
  return serviceDoubles(recorded)['site-insights/oauth'];
}

/** A store with the five users the tests sign in as, ids 1 to 5. */
async function siteStore(store: SiteStore = memoryStore()): Promise<SiteStore> {
  for (const [login, role] of [
    ['admin', 'administrator'],
    ['editor', 'editor'],
    ['author', 'author'],
    ['subscriber', 'subscriber'],
    ['second', 'administrator'],
  ] as const) {
    if ((await store.users.getBy('user_login', login)) === null) {
      await store.users.insert({ user_login: login, user_email: `${login}@insights.example.test`, roles: [role] });
    }
  }
  return store;
}

/** Signs `userId` in with Google (the host helper), the token issued `ageSeconds` ago, and sets the site up. */
async function signIn(store: SiteStore, userId = 1, ageSeconds = 0, refreshToken = 'sitekit-demo-refresh-token'): Promise<void> {
  await recordSiteKitSignIn(store, {
    userId,
    accessToken: `sitekit-demo-access-token-${userId}`,
    refreshToken,
    issuedAt: NOW - ageSeconds * 1000,
    scopes: BASE_SCOPES,
    client: CLIENT,
  });
}

/** A server mounting site-insights on `store`, its reports and every answer's text collected. */
function server(store: SiteStore, options: SiteInsightsOptions = { oauth: oauthDouble() }) {
  const reports: Array<{ error: unknown; info: ErrorInfo }> = [];
  const rest = createRestServer({
    site: SITE,
    store,
    namespaces: [siteInsights({ now: () => NOW, ...options })],
    onError: (error, info) => reports.push({ error, info }),
  });
  const answered: string[] = [];
  const call = async (method: string, path: string, body?: Record<string, unknown>, user: RestUser | null = admin) => {
    const response = await rest.inject({ method, path: `${NS}${path}`, ...(body ? { body } : {}), user });
    answered.push(JSON.stringify(response.data));
    return response;
  };
  return { rest, store, reports, call, answered };
}

/** Shares Search Console with editors and, when `dismissed`, has the editor dismiss the shared dashboard's splash. */
async function shareWithEditors(store: SiteStore, dismissed: boolean): Promise<void> {
  await store.options.set('googlesitekit_dashboard_sharing', {
    'search-console': { sharedRoles: ['subscriber', 'editor'], management: 'owner' },
  });
  if (dismissed) await store.userMeta.update(2, 'googlesitekitpersistent_dismissed_items', { shared_dashboard_splash: 0 });
}

describe('site-insights/v1 core/user/data/authentication', () => {
  it('answers an administrator before set-up: not signed in, the five scopes always required', async () => {
    const { call } = server(await siteStore());
    const response = await call('GET', '/authentication');
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      authenticated: false,
      requiredScopes: BASE_SCOPES,
      grantedScopes: [],
      unsatisfiedScopes: [],
      needsReauthentication: false,
      disconnectedReason: '',
      connectedProxyURL: false,
    });
  });

  it('answers the granted scopes once signed in, and asks again when Analytics needs more', async () => {
    const store = await siteStore();
    await signIn(store);
    const { call, answered } = server(store);
    expect((await call('GET', '/authentication')).data).toMatchObject({
      authenticated: true,
      grantedScopes: BASE_SCOPES,
      unsatisfiedScopes: [],
      needsReauthentication: false,
    });
    await store.options.set('googlesitekit_active_modules', ['pagespeed-insights', 'analytics-4']);
    const analytics = (await call('GET', '/authentication')).data as Record<string, unknown>;
    const more = [
      'https://www.googleapis.com/auth/analytics.readonly',
      'https://www.googleapis.com/auth/analytics.edit',
      'https://www.googleapis.com/auth/tagmanager.readonly',
    ];
    expect(analytics.requiredScopes).toEqual([...BASE_SCOPES, ...more]);
    expect(analytics).toMatchObject({ unsatisfiedScopes: more, needsReauthentication: true });
    expect(answered.join('')).not.toMatch(TOKENS);
  });

  it('refuses anonymous callers 401, and subscribers and editors without a shared role 403', async () => {
    const store = await siteStore();
    await signIn(store);
    const { call } = server(store);
    expect((await call('GET', '/authentication', undefined, null)).status).toBe(401);
    for (const user of [subscriber, author, editor]) {
      const response = await call('GET', '/authentication', undefined, user);
      expect(response.status, user.username).toBe(403);
      expect(response.data).toMatchObject({ code: 'rest_forbidden' });
    }
  });

  it('lets an editor in a shared role see it, on the splash before dismissing it too', async () => {
    const store = await siteStore();
    await signIn(store);
    await shareWithEditors(store, false);
    const { call } = server(store);
    expect((await call('GET', '/authentication', undefined, editor)).data).toMatchObject({ authenticated: false });
    expect((await call('GET', '/authentication', undefined, subscriber)).status).toBe(403);
  });
});

describe('site-insights/v1 core/user/data/permissions', () => {
  it("answers every capability and the shareable modules' sharing capabilities for a signed-in owner", async () => {
    const store = await siteStore();
    await signIn(store);
    await store.options.set('googlesitekit_search-console_settings', { propertyID: 'https://insights.example.test/', ownerID: 1 });
    const response = await server(store).call('GET', '/permissions');
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      googlesitekit_authenticate: true,
      googlesitekit_setup: true,
      googlesitekit_view_posts_insights: true,
      googlesitekit_view_dashboard: true,
      googlesitekit_manage_options: true,
      googlesitekit_update_plugins: true,
      googlesitekit_view_splash: true,
      googlesitekit_view_authenticated_dashboard: true,
      googlesitekit_view_wp_dashboard_widget: true,
      googlesitekit_view_admin_bar_menu: true,
      googlesitekit_view_shared_dashboard: false,
      'googlesitekit_read_shared_module_data::["search-console"]': false,
      'googlesitekit_read_shared_module_data::["pagespeed-insights"]': false,
      'googlesitekit_manage_module_sharing_options::["search-console"]': true,
      // PageSpeed Insights is a shared-ownership module: its sharing reads as managed by all admins.
      'googlesitekit_manage_module_sharing_options::["pagespeed-insights"]': true,
      'googlesitekit_delegate_module_sharing_management::["search-console"]': true,
      'googlesitekit_delegate_module_sharing_management::["pagespeed-insights"]': false,
    });
  });

  it('withholds the options an unverified administrator would manage', async () => {
    const store = await siteStore();
    await signIn(store);
    await store.userMeta.delete(1, 'googlesitekit_site_verified_meta');
    const { call } = server(store);
    const data = (await call('GET', '/permissions')).data as Record<string, boolean>;
    expect(data).toMatchObject({ googlesitekit_setup: true, googlesitekit_manage_options: false, googlesitekit_view_dashboard: false });
    // Site Kit asks whether the verification is stored (`metadata_exists`), not what it holds.
    await store.userMeta.update(1, 'googlesitekit_site_verified_meta', '');
    expect((await call('GET', '/permissions')).data).toMatchObject({ googlesitekit_manage_options: true });
  });

  it("gives an editor in a shared role the shared dashboard once the splash is dismissed, never a subscriber's role", async () => {
    const store = await siteStore();
    await signIn(store);
    await shareWithEditors(store, false);
    const { call } = server(store);
    const before = (await call('GET', '/permissions', undefined, editor)).data as Record<string, boolean>;
    expect(before).toMatchObject({
      googlesitekit_view_splash: true,
      googlesitekit_view_dashboard: false,
      googlesitekit_view_shared_dashboard: false,
    });
    await shareWithEditors(store, true);
    const after = (await call('GET', '/permissions', undefined, editor)).data as Record<string, boolean>;
    expect(after).toMatchObject({
      googlesitekit_view_splash: false,
      googlesitekit_view_dashboard: true,
      googlesitekit_view_shared_dashboard: true,
      googlesitekit_view_wp_dashboard_widget: true,
      googlesitekit_manage_options: false,
      'googlesitekit_read_shared_module_data::["search-console"]': true,
      'googlesitekit_read_shared_module_data::["pagespeed-insights"]': false,
      'googlesitekit_manage_module_sharing_options::["search-console"]': false,
    });
    // `subscriber` cannot edit posts, so Site Kit drops it from the shared roles.
    await store.users.update(4, { roles: ['subscriber', 'contributor'] });
    await store.options.set('googlesitekit_dashboard_sharing', { 'search-console': { sharedRoles: ['subscriber'] } });
    await store.userMeta.update(4, 'googlesitekitpersistent_dismissed_items', { shared_dashboard_splash: 0 });
    const contributor = { ...userWith(4, 'contributor') };
    expect((await call('GET', '/permissions', undefined, contributor)).status).toBe(403);
  });

  it('refuses anonymous callers 401 and subscribers 403', async () => {
    const { call } = server(await siteStore());
    expect((await call('GET', '/permissions', undefined, null)).status).toBe(401);
    expect((await call('GET', '/permissions', undefined, subscriber)).status).toBe(403);
  });
});

describe('site-insights/v1 core/user/data/get-token on the recorded OAuth double', () => {
  it('answers a fresh token as it is, without calling Google', async () => {
    const store = await siteStore();
    await signIn(store, 1, 60);
    let calls = 0;
    const counting: SiteKitOAuth = { refresh: () => (calls++, { access_token: 'other' }), revoke: () => undefined };
    const response = await server(store, { oauth: counting }).call('POST', '/get-token');
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ token: 'sitekit-demo-access-token-1' });
    expect(calls).toBe(0);
  });

  it('refreshes a token expiring within five minutes and keeps the new one, the refresh token kept', async () => {
    const store = await siteStore();
    await signIn(store, 1, 3600 - 200);
    const { call, reports } = server(store);
    expect((await call('POST', '/get-token')).data).toEqual({ token: 'sitekit-demo-access-token-refreshed' });
    expect(await store.userMeta.get(1, 'googlesitekit_access_token_expires_in')).toEqual([3599]);
    expect(await store.userMeta.get(1, 'googlesitekit_access_token_created_at')).toEqual([NOW / 1000]);
    expect(await store.userMeta.get(1, 'googlesitekit_refresh_token')).toEqual(['sitekit-demo-refresh-token']);
    expect(reports).toEqual([]);
  });

  it("deletes the token on Google's invalid_grant and answers no token", async () => {
    const store = await siteStore();
    await signIn(store, 1, 7200, 'sitekit-demo-refresh-token-revoked');
    const { call } = server(store);
    expect((await call('POST', '/get-token')).data).toEqual({ token: false });
    expect(await store.userMeta.get(1, 'googlesitekit_access_token')).toEqual([]);
    expect(await store.userMeta.get(1, 'googlesitekit_error_code')).toEqual(['invalid_grant']);
    expect((await call('GET', '/authentication')).data).toMatchObject({ authenticated: false });
  });

  it.each([
    ['without a callback', {}, "cURL error 7: Couldn't connect to server", 0],
    ['when the callback throws', { oauth: oauthDouble('threw') }, "cURL error 7: Couldn't connect to server", 1],
    [
      'when the callback times out',
      { oauth: oauthDouble('hang'), oauthLimits: { timeoutMs: 20 } },
      'cURL error 28: Operation timed out',
      1,
    ],
    ['when the callback answers too much', { oauth: oauthDouble('too-large') }, 'cURL error 63: Maximum file size exceeded', 1],
  ] as const)('answers the stale token and records why %s', async (_case, options, code, reported) => {
    const store = await siteStore();
    await signIn(store, 1, 7200);
    const { call, reports } = server(store, options);
    const response = await call('POST', '/get-token');
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ token: 'sitekit-demo-access-token-1' });
    expect(await store.userMeta.get(1, 'googlesitekit_error_code')).toEqual([code]);
    expect(reports).toHaveLength(reported);
    for (const { error, info } of reports) {
      expect(info).toMatchObject({ phase: 'service', service: 'site-insights/oauth' });
      expect((error as Error).message).not.toMatch(TOKENS);
    }
  });

  it('refuses anonymous callers 401, editors 403, and an administrator not signed in 403', async () => {
    const store = await siteStore();
    await signIn(store);
    const { call } = server(store);
    expect((await call('POST', '/get-token', undefined, null)).status).toBe(401);
    expect((await call('POST', '/get-token', undefined, editor)).status).toBe(403);
    expect((await call('POST', '/get-token', undefined, otherAdmin)).status).toBe(403);
  });
});

describe('site-insights/v1 core/user/data/disconnect on the recorded OAuth double', () => {
  it("revokes the refresh token, deletes the user's googlesitekit_ options and keeps the persistent ones", async () => {
    const store = await siteStore();
    await signIn(store);
    await store.userMeta.update(1, 'googlesitekitpersistent_dismissed_items', { tour: 0 });
    await store.userMeta.update(1, 'googlesitekit_key_metrics_settings', { widgetSlugs: ['a'], isWidgetHidden: false });
    await store.options.set('googlesitekit_has_connected_admins', '1');
    const revoked: unknown[] = [];
    const double = oauthDouble();
    const oauth: SiteKitOAuth = { refresh: double.refresh, revoke: (call, signal) => (revoked.push(call), double.revoke(call, signal)) };
    const { call, answered } = server(store, { oauth });
    const response = await call('POST', '/disconnect');
    expect(response.status).toBe(200);
    expect(response.data).toBe(true);
    expect(revoked).toEqual([{ userId: 1, token: 'sitekit-demo-refresh-token', clientId: CLIENT.clientId }]);
    const left = (await store.userMeta.getMany([1])).get(1) ?? {};
    expect(Object.keys(left).filter((key) => key.startsWith('googlesitekit'))).toEqual(['googlesitekitpersistent_dismissed_items']);
    expect(await store.options.get('googlesitekit_has_connected_admins')).toBeUndefined();
    expect(answered.join('')).not.toMatch(TOKENS);
  });

  it('disconnects all the same when the revocation fails or times out', async () => {
    for (const options of [{ oauth: oauthDouble('threw') }, { oauth: oauthDouble('hang'), oauthLimits: { timeoutMs: 20 } }]) {
      const store = await siteStore();
      await signIn(store);
      const { call, reports } = server(store, options);
      expect((await call('PUT', '/disconnect')).data).toBe(true);
      expect(await store.userMeta.get(1, 'googlesitekit_access_token')).toEqual([]);
      expect(reports).toHaveLength(1);
      expect((reports[0]!.error as Error).message).not.toMatch(TOKENS);
    }
  });

  it('refuses anonymous callers 401 and editors 403', async () => {
    const store = await siteStore();
    await signIn(store, 2);
    const { call } = server(store);
    expect((await call('POST', '/disconnect', undefined, null)).status).toBe(401);
    expect((await call('POST', '/disconnect', undefined, editor)).status).toBe(403);
    expect(await store.userMeta.get(2, 'googlesitekit_access_token')).toHaveLength(1);
  });
});

describe('site-insights/v1 core/user/data/user-input-settings', () => {
  it('answers every question unanswered at first', async () => {
    const { call } = server(await siteStore());
    expect((await call('GET', '/user-input-settings')).data).toEqual({
      purpose: { scope: 'site', values: [] },
      postFrequency: { scope: 'user', values: [] },
      goals: { scope: 'user', values: [] },
      includeConversionEvents: { scope: 'site', values: [] },
    });
  });

  it("keeps the site's answers credited to who gave them and each user's own, and records the key metrics set-up", async () => {
    const store = await siteStore();
    await signIn(store);
    await signIn(store, 5);
    await store.userMeta.update(1, 'googlesitekit_survey_queue', [
      { survey_id: 'user_input_answered_other_survey' },
      { survey_id: 'kept' },
    ]);
    const { call } = server(store);
    const settings = { purpose: ['publish_blog'], postFrequency: ['daily'], goals: ['retaining_visitors'], includeConversionEvents: [] };
    const saved = await call('POST', '/user-input-settings', { data: { settings } });
    expect(saved.status).toBe(200);
    expect(saved.data).toEqual({
      purpose: { scope: 'site', values: ['publish_blog'], answeredBy: 1 },
      includeConversionEvents: { scope: 'site', values: [], answeredBy: 1 },
      postFrequency: { scope: 'user', values: ['daily'] },
      goals: { scope: 'user', values: ['retaining_visitors'] },
    });
    expect(await store.options.get('googlesitekit_key_metrics_setup_completed_by')).toBe(1);
    expect(await store.userMeta.get(1, 'googlesitekit_survey_queue')).toEqual([[{ survey_id: 'kept' }]]);
    // Another administrator sees who answered for the site, and has no answers of their own.
    const seen = (await call('GET', '/user-input-settings', undefined, otherAdmin)).data as Record<string, Record<string, unknown>>;
    expect(seen.purpose).toEqual({
      scope: 'site',
      values: ['publish_blog'],
      answeredBy: 1,
      author: { photo: expect.stringMatching(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?s=96&d=mm&r=g$/), login: 'admin' },
    });
    expect(seen.postFrequency).toEqual({ scope: 'user', values: [] });
    // Changing the purpose credits it to them; the first set-up user stays recorded.
    await call('POST', '/user-input-settings', { data: { settings: { purpose: ['sell_products'] } } }, otherAdmin);
    expect((await store.options.get('googlesitekit_user_input_settings')) as object).toEqual({
      purpose: { scope: 'site', values: ['sell_products'], answeredBy: 5 },
    });
    expect(await store.options.get('googlesitekit_key_metrics_setup_completed_by')).toBe(1);
  });

  it('hides who answered from a caller who cannot list users', async () => {
    const store = await siteStore();
    await signIn(store);
    await shareWithEditors(store, true);
    const { call } = server(store);
    await call('POST', '/user-input-settings', { data: { settings: { purpose: ['publish_news'] } } });
    const seen = (await call('GET', '/user-input-settings', undefined, editor)).data as Record<string, Record<string, unknown>>;
    expect(seen.purpose).toEqual({ scope: 'site', values: ['publish_news'], answeredBy: 1 });
  });

  it("answers WordPress's validation errors before Site Kit's handler", async () => {
    const store = await siteStore();
    await signIn(store);
    const { call } = server(store);
    const missing = await call('POST', '/user-input-settings', {});
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): data' });
    const noSettings = await call('POST', '/user-input-settings', { data: {} });
    expect(noSettings.data).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { data: 'settings is a required property of data.' } },
    });
    const notStrings = await call('POST', '/user-input-settings', { data: { settings: { goals: [{}] } } });
    expect(notStrings.data).toMatchObject({ code: 'rest_invalid_param' });
  });

  it('refuses anonymous callers 401 and an editor in a shared role 403 to answer', async () => {
    const store = await siteStore();
    await signIn(store);
    await shareWithEditors(store, true);
    const { call } = server(store);
    const body = { data: { settings: { purpose: ['x'] } } };
    expect((await call('GET', '/user-input-settings', undefined, null)).status).toBe(401);
    expect((await call('POST', '/user-input-settings', body, null)).status).toBe(401);
    expect((await call('POST', '/user-input-settings', body, editor)).status).toBe(403);
    expect((await call('GET', '/user-input-settings', undefined, subscriber)).status).toBe(403);
  });
});

describe('site-insights/v1 core/user/data audience, conversion reporting and initial set-up settings', () => {
  it('merges the audience settings, marking audiences set the first time some are chosen', async () => {
    const store = await siteStore();
    await signIn(store);
    const { call } = server(store);
    expect((await call('GET', '/audience-settings')).data).toEqual({
      configuredAudiences: null,
      isAudienceSegmentationWidgetHidden: false,
      didSetAudiences: false,
    });
    const audiences = ['properties/100000001/audiences/1'];
    expect((await call('POST', '/audience-settings', { data: { settings: { configuredAudiences: audiences } } })).data).toEqual({
      configuredAudiences: audiences,
      isAudienceSegmentationWidgetHidden: false,
      didSetAudiences: true,
    });
    expect((await call('PATCH', '/audience-settings', { data: { settings: { isAudienceSegmentationWidgetHidden: true } } })).data).toEqual({
      configuredAudiences: audiences,
      isAudienceSegmentationWidgetHidden: true,
      didSetAudiences: true,
    });
  });

  it('refuses an empty or unknown audience setting 400 and callers without the dashboard 401/403', async () => {
    const store = await siteStore();
    await signIn(store);
    const { call } = server(store);
    const empty = await call('POST', '/audience-settings', { data: { settings: {} } });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ code: 'rest_invalid_param' });
    expect((await call('POST', '/audience-settings', { data: { settings: { other: true } } })).status).toBe(400);
    expect((await call('GET', '/audience-settings', undefined, null)).status).toBe(401);
    expect((await call('GET', '/audience-settings', undefined, editor)).status).toBe(403);
    await shareWithEditors(store, true);
    expect((await call('GET', '/audience-settings', undefined, editor)).status).toBe(200);
  });

  it('merges when the conversion events callouts were dismissed, refusing a non-integer 400', async () => {
    const store = await siteStore();
    await signIn(store);
    const { call } = server(store);
    const saved = await call('PUT', '/conversion-reporting-settings', { data: { settings: { newEventsCalloutDismissedAt: 1764424800 } } });
    expect(saved.data).toEqual({ newEventsCalloutDismissedAt: 1764424800, lostEventsCalloutDismissedAt: 0 });
    const bad = await call('POST', '/conversion-reporting-settings', { data: { settings: { lostEventsCalloutDismissedAt: 'soon' } } });
    expect(bad.status).toBe(400);
    expect((await call('GET', '/conversion-reporting-settings')).data).toEqual(saved.data);
    expect((await call('GET', '/conversion-reporting-settings', undefined, author)).status).toBe(403);
  });

  it('keeps the initial set-up progress for an administrator before Google sign-in, for no editor', async () => {
    const { call } = server(await siteStore());
    expect((await call('GET', '/initial-setup-settings')).data).toEqual({ isAnalyticsSetupComplete: null, hasSitePurposeAnswer: null });
    expect((await call('POST', '/initial-setup-settings', { data: { settings: { hasSitePurposeAnswer: true } } })).data).toEqual({
      isAnalyticsSetupComplete: null,
      hasSitePurposeAnswer: true,
    });
    expect((await call('POST', '/initial-setup-settings', { data: { settings: { hasSitePurposeAnswer: 'yes' } } })).status).toBe(400);
    expect((await call('GET', '/initial-setup-settings', undefined, editor)).status).toBe(403);
    expect((await call('GET', '/initial-setup-settings', undefined, null)).status).toBe(401);
  });
});

describe('site-insights/v1 core/user/data/key-metrics and tracking', () => {
  it('keeps one to eight widgets and the first user who set them up', async () => {
    const store = await siteStore();
    await signIn(store);
    await signIn(store, 5);
    const { call } = server(store);
    expect((await call('GET', '/key-metrics')).data).toEqual({ widgetSlugs: [], isWidgetHidden: false });
    const widgets = ['kmAnalyticsTopTrafficSource', 'kmSearchConsolePopularKeywords'];
    const saved = await call('POST', '/key-metrics', { data: { settings: { widgetSlugs: widgets, isWidgetHidden: false } } });
    expect(saved.data).toEqual({ widgetSlugs: widgets, isWidgetHidden: false });
    await call(
      'POST',
      '/key-metrics',
      { data: { settings: { widgetSlugs: ['kmAnalyticsNewVisitors'], isWidgetHidden: true } } },
      otherAdmin,
    );
    expect(await store.options.get('googlesitekit_key_metrics_setup_completed_by')).toBe(1);
    expect((await call('POST', '/key-metrics', { data: { settings: { isWidgetHidden: true } } })).data).toEqual({
      widgetSlugs: widgets,
      isWidgetHidden: true,
    });
  });

  it("refuses no widgets with Site Kit's 400, more than eight and a missing isWidgetHidden with WordPress's", async () => {
    const store = await siteStore();
    await signIn(store);
    const { call } = server(store);
    const empty = await call('POST', '/key-metrics', { data: { settings: { widgetSlugs: [], isWidgetHidden: false } } });
    expect(empty.status).toBe(400);
    expect(empty.data).toEqual({ code: 'rest_invalid_param', message: 'Selected metrics cannot be empty.', data: { status: 400 } });
    const nine = Array.from({ length: 9 }, (_, i) => `km${i}`);
    const many = await call('POST', '/key-metrics', { data: { settings: { widgetSlugs: nine, isWidgetHidden: false } } });
    expect(many.data).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { data: 'data[settings][widgetSlugs] must contain at most 8 items.' } },
    });
    const hidden = await call('POST', '/key-metrics', { data: { settings: { widgetSlugs: ['a'] } } });
    expect(hidden.data).toMatchObject({ code: 'rest_invalid_param' });
    expect(await store.options.get('googlesitekit_key_metrics_setup_completed_by')).toBeUndefined();
    expect((await call('GET', '/key-metrics', undefined, null)).status).toBe(401);
    expect((await call('POST', '/key-metrics', { data: { settings: { isWidgetHidden: true } } }, subscriber)).status).toBe(403);
  });

  it('keeps the tracking consent, refusing a missing enabled 400 and subscribers 403', async () => {
    const store = await siteStore();
    const { call } = server(store);
    expect((await call('GET', '/tracking')).data).toEqual({ enabled: false });
    expect((await call('POST', '/tracking', { data: { enabled: true } })).data).toEqual({ enabled: true });
    expect((await call('GET', '/tracking')).data).toEqual({ enabled: true });
    expect((await call('POST', '/tracking', { data: {} })).data).toMatchObject({ code: 'rest_invalid_param' });
    expect((await call('POST', '/tracking', { data: { enabled: false } }, subscriber)).status).toBe(403);
    expect((await call('GET', '/tracking', undefined, null)).status).toBe(401);
  });
});

describe('site-insights/v1 core/user/data/nonces', () => {
  it("answers the updates nonce to any signed-in user, each user's own", async () => {
    const { call } = server(await siteStore());
    const mine = (await call('GET', '/nonces', undefined, subscriber)).data as { updates: string };
    expect(mine.updates).toMatch(/^[0-9a-f]{10}$/);
    expect((await call('GET', '/nonces', undefined, subscriber)).data).toEqual(mine);
    expect(((await call('GET', '/nonces', undefined, editor)).data as { updates: string }).updates).not.toBe(mine.updates);
    expect((await call('GET', '/nonces', undefined, null)).status).toBe(401);
  });
});

describe('site-insights/v1 with serve --fixtures', () => {
  it('starts with the demo administrator signed in, the site set up, and the token refreshed on the double', async () => {
    const store = memoryStore();
    await store.users.insert({ user_login: 'admin', user_email: 'admin@example.test', roles: ['administrator'] });
    expect(await signInSiteKitDemo(store, 'http://127.0.0.1:9000', NOW - 2 * 3600 * 1000)).toMatch(/signed in/);
    const { call, answered } = server(store);
    expect((await call('GET', '/authentication')).data).toMatchObject({ authenticated: true, unsatisfiedScopes: [] });
    const permissions = (await call('GET', '/permissions')).data as Record<string, boolean>;
    expect(permissions).toMatchObject({
      googlesitekit_view_authenticated_dashboard: true,
      'googlesitekit_manage_module_sharing_options::["search-console"]': true,
    });
    expect(answered.join('')).not.toMatch(TOKENS);
    expect((await call('POST', '/get-token')).data).toEqual({ token: 'sitekit-demo-access-token-refreshed' });
    expect(await store.options.get('googlesitekit_search-console_settings')).toEqual({ propertyID: 'http://127.0.0.1:9000/', ownerID: 1 });
  });
});

describe('site-insights/v1 user settings on PGlite', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the sign-in, the answers and the settings across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'site-insights-user-'));
    dirs.push(dataDir);
    const first = await siteStore(await pgliteStore({ dataDir }));
    await signIn(first);
    const one = server(first);
    await one.call('POST', '/key-metrics', { data: { settings: { widgetSlugs: ['kmAnalyticsNewVisitors'], isWidgetHidden: false } } });
    await one.call('POST', '/user-input-settings', { data: { settings: { purpose: ['publish_blog'], goals: ['grow'] } } });
    await one.call('POST', '/tracking', { data: { enabled: true } });
    await first.close();

    const second = await pgliteStore({ dataDir });
    try {
      const { call } = server(second);
      expect((await call('GET', '/authentication')).data).toMatchObject({ authenticated: true, grantedScopes: BASE_SCOPES });
      expect((await call('GET', '/key-metrics')).data).toEqual({ widgetSlugs: ['kmAnalyticsNewVisitors'], isWidgetHidden: false });
      expect((await call('GET', '/user-input-settings')).data).toMatchObject({
        purpose: { values: ['publish_blog'], answeredBy: 1 },
        goals: { values: ['grow'] },
      });
      expect((await call('GET', '/tracking')).data).toEqual({ enabled: true });
      expect(await second.options.get('googlesitekit_key_metrics_setup_completed_by')).toBe(1);
    } finally {
      await second.close();
    }
  });
});
