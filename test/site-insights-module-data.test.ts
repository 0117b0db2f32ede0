// site-insights/v1's module data routes (Site Kit 1.184's `REST_Modules_Controller`): a module's
// notifications, settings, data-available state and datapoints through the `google` service, on
// its recorded double; and seo-b's Site Kit widgets reading them when both are mounted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createRestServer,
  memoryStore,
  siteInsights,
  variantB,
  type ErrorInfo,
  type GoogleApiCall,
  type RestUser,
  type SiteInsightsOptions,
  type SiteKitGoogleApi,
  type SiteStore,
} from '../src/index.js';
import { pgliteStore } from '../src/store.js';
import { packagedFixtures, serviceDoubles, serviceRecordings } from '../src/cli/fixtures.js';
import type { DoubleMode } from '../src/namespaces/recorded-double.js';
import { userWith } from './helpers/users.js';

const administrator = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const author = userWith(3, 'author');
const subscriber = userWith(4, 'subscriber');
const otherAdmin = userWith(5, 'administrator');

const NOW = Date.parse('2026-11-29T12:00:00Z');

/** The packaged Google double, switched to `mode`, its calls collected. */
function google(mode: DoubleMode = 'recorded'): { api: SiteKitGoogleApi; calls: GoogleApiCall[] } {
  const recorded = serviceRecordings(packagedFixtures());
  recorded['site-insights/google'].mode = mode;
  const double = serviceDoubles(recorded)['site-insights/google'];
  const calls: GoogleApiCall[] = [];
  return {
    calls,
    api: {
      request(call, signal) {
        calls.push(call);
        return double.request(call, signal);
      },
    },
  };
}

/**
 * A site set up with Site Kit: two signed-in, verified admins (1 and 5), Analytics, AdSense and
 * Tag Manager active, Analytics and Search Console owned by admin 1 and shared with editors, the
 * editor past the shared dashboard's splash screen.
 */
async function setUp(store: SiteStore = memoryStore()): Promise<SiteStore> {
  for (const [login, role] of [
    ['admin', 'administrator'],
    ['editor', 'editor'],
    ['author', 'author'],
    ['subscriber', 'subscriber'],
    ['admin2', 'administrator'],
  ]) {
    await store.users.insert({ user_login: login!, roles: [role!] });
  }
  await store.options.set('googlesitekit_credentials', { oauth2_client_id: 'client', oauth2_client_secret: 'secret' });
  for (const admin of [1, 5]) {
    await store.userMeta.update(admin, 'googlesitekit_access_token', 'token');
    await store.userMeta.update(admin, 'googlesitekit_site_verified_meta', 'verified');
  }
  await store.options.set('googlesitekit_active_modules', ['pagespeed-insights', 'analytics-4', 'adsense', 'tagmanager']);
  await store.options.set('googlesitekit_analytics-4_settings', {
    ownerID: 1,
    accountID: '123456789',
    propertyID: '987654321',
    webDataStreamID: '555',
    measurementID: 'G-ABC',
  });
  await store.options.set('googlesitekit_search-console_settings', { ownerID: 1, propertyID: 'sc-domain:site.example' });
  await store.options.set('googlesitekit_adsense_settings', { ownerID: 1, accountID: 'pub-1234567890123456' });
  await store.options.set('googlesitekit_dashboard_sharing', {
    'analytics-4': { sharedRoles: ['editor'], management: 'owner' },
    'search-console': { sharedRoles: ['editor'], management: 'owner' },
  });
  await store.userMeta.update(2, 'googlesitekitpersistent_dismissed_items', { shared_dashboard_splash: 0 });
  return store;
}

/** A server mounting site-insights over `store`, its service reports collected. */
function server(options: SiteInsightsOptions, store: SiteStore) {
  const reports: Array<{ error: unknown; info: ErrorInfo }> = [];
  const rest = createRestServer({
    site: { name: 'Garden', url: 'https://site.example' },
    store,
    namespaces: [siteInsights({ now: () => NOW, ...options })],
    onError: (error, info) => reports.push({ error, info }),
  });
  return { rest, reports };
}

type Rest = ReturnType<typeof server>['rest'];

/** A call of a site-insights route as `user` (null: anonymous), a body sent as JSON. */
async function call(rest: Rest, method: string, route: string, user: RestUser | null, body?: unknown, query?: Record<string, unknown>) {
  const answer = await rest.inject({
    method,
    path: `/site-insights/v1${route}`,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    ...(query ? { query } : {}),
    ...(user ? { user } : {}),
  });
  return { status: answer.status, data: answer.data as Record<string, unknown> };
}

/** A server on the recorded double over a set-up site. */
async function onDouble(mode: DoubleMode = 'recorded', options: SiteInsightsOptions = {}) {
  const double = google(mode);
  const store = await setUp();
  return { ...server({ google: double.api, ...options }, store), store, calls: double.calls };
}

describe('modules/{slug}/data/{datapoint}', () => {
  it("answers each module's datapoints from Google's recorded shapes", async () => {
    const { rest, calls } = await onDouble();
    const daily = await call(rest, 'GET', '/modules/analytics-4/data/report', administrator, undefined, { dimensions: 'date' });
    expect(daily.status).toBe(200);
    expect((daily.data.rows as unknown[]).length).toBe(28);
    expect(calls[0]).toEqual({ module: 'analytics-4', datapoint: 'report', method: 'GET', params: { dimensions: 'date' }, userId: 1 });
    const queries = await call(rest, 'GET', '/modules/search-console/data/searchanalytics', administrator, undefined, {
      dimensions: 'query',
      limit: '2',
    });
    expect(queries.data).toEqual([
      expect.objectContaining({ keys: ['garden tools'], clicks: 182 }),
      expect.objectContaining({ keys: ['how to prune roses'] }),
    ]);
    const shapes: Array<[string, (data: unknown) => unknown]> = [
      ['/modules/search-console/data/matched-sites', (data) => (data as Array<{ siteURL: string }>)[0]!.siteURL],
      ['/modules/analytics-4/data/account-summaries', (data) => (data as { accountSummaries: unknown[] }).accountSummaries.length],
      ['/modules/analytics-4/data/properties', (data) => (data as Array<{ _id: string }>)[0]!._id],
      ['/modules/tagmanager/data/accounts', (data) => (data as Array<{ accountId: string }>)[0]!.accountId],
      ['/modules/tagmanager/data/containers', (data) => (data as Array<{ publicId: string }>)[0]!.publicId],
      ['/modules/adsense/data/accounts', (data) => (data as Array<{ _id: string }>)[0]!._id],
      ['/modules/adsense/data/report', (data) => (data as { totals: { cells: unknown[] } }).totals.cells.length],
      [
        '/modules/pagespeed-insights/data/pagespeed',
        (data) => (data as { loadingExperience: { overall_category: string } }).loadingExperience.overall_category,
      ],
    ];
    const answers = [];
    for (const [route, read] of shapes) {
      const answer = await call(rest, 'GET', route, administrator);
      answers.push([answer.status, read(answer.data)]);
    }
    expect(answers).toEqual([
      [200, 'sc-domain:site.example'],
      [200, 1],
      [200, '987654321'],
      [200, '6011223344'],
      [200, 'GTM-ABC1234'],
      [200, 'pub-1234567890123456'],
      [200, 4],
      [200, 'FAST'],
    ]);
  });

  it("reads a shared datapoint through the owner's Google access for an editor in a shared role, and refuses the others", async () => {
    const { rest, calls } = await onDouble();
    expect((await call(rest, 'GET', '/modules/analytics-4/data/report', editor)).status).toBe(200);
    expect(calls.at(-1)?.userId).toBe(1);
    // Not shareable: the editor's own Google access, which they never granted.
    expect(await call(rest, 'GET', '/modules/analytics-4/data/account-summaries', editor)).toEqual({
      status: 403,
      data: {
        code: 'missing_required_scopes',
        message:
          'Site Kit can’t access the relevant data from Analytics because you haven’t granted all permissions requested during setup.',
        data: { status: 403, scopes: ['https://www.googleapis.com/auth/analytics.readonly'] },
      },
    });
    expect((await call(rest, 'POST', '/modules/analytics-4/data/create-property', editor, { data: {} })).status).toBe(403);
    for (const [user, status] of [
      [author, 403],
      [subscriber, 403],
      [null, 401],
    ] as const) {
      const refused = await call(rest, 'GET', '/modules/analytics-4/data/report', user);
      expect([refused.status, refused.data.code]).toEqual([status, 'rest_forbidden']);
    }
  });

  it('writes through Google with the data given, as POST whatever the method', async () => {
    const { rest, calls } = await onDouble();
    const answer = await call(rest, 'PUT', '/modules/analytics-4/data/create-property', administrator, {
      data: { accountID: '123456789' },
    });
    expect(calls.at(-1)).toEqual({
      module: 'analytics-4',
      datapoint: 'create-property',
      method: 'POST',
      params: { accountID: '123456789' },
      userId: 1,
    });
    // Nothing recorded for it: Google's 404, its status as the code, as Site Kit answers a Google_Service_Exception.
    expect(answer).toEqual({
      status: 404,
      data: { code: 404, message: 'Requested entity was not found.', data: { status: 404, reason: 'notFound' } },
    });
  });

  it("refuses a write's data that is no array, an inactive module, an unknown module and an unknown datapoint", async () => {
    const { rest, calls } = await onDouble();
    const invalid = await call(rest, 'POST', '/modules/analytics-4/data/create-property', administrator, { data: 'x' });
    expect([invalid.status, invalid.data.code]).toEqual([400, 'rest_invalid_param']);
    expect(await call(rest, 'GET', '/modules/reader-revenue-manager/data/publications', administrator)).toEqual({
      status: 403,
      data: { code: 'module_not_active', message: 'Module must be active to request data.', data: { status: 403 } },
    });
    expect((await call(rest, 'GET', '/modules/no-such-module/data/report', administrator)).data).toEqual({
      code: 'invalid_module_slug',
      message: 'Invalid module slug.',
      data: { status: 404 },
    });
    expect(await call(rest, 'GET', '/modules/analytics-4/data/no-such-datapoint', administrator)).toEqual({
      status: 400,
      data: { code: 'invalid_datapoint', message: 'Invalid datapoint.', data: { status: 400 } },
    });
    // A datapoint known only for GET is unknown to a write.
    expect((await call(rest, 'POST', '/modules/analytics-4/data/report', administrator)).data.code).toBe('invalid_datapoint');
    expect(calls).toEqual([]);
  });

  it("answers 503 google_api_unavailable without a google callback, and Site Kit's transport failure when it throws, hangs or answers too much", async () => {
    const store = await setUp();
    expect(await call(server({}, store).rest, 'GET', '/modules/analytics-4/data/report', administrator)).toEqual({
      status: 503,
      data: { code: 'google_api_unavailable', message: 'Google’s APIs are not available on this site.', data: { status: 503 } },
    });
    const thrower: SiteKitGoogleApi = {
      request: () => {
        throw new Error('token=ya29.secret leaked');
      },
    };
    const threw = server({ google: thrower }, store);
    const failed = await call(threw.rest, 'GET', '/modules/analytics-4/data/report', administrator);
    expect(failed).toEqual({
      status: 500,
      data: { code: 'unknown', message: "cURL error 7: Couldn't connect to server", data: { status: 500, reason: '' } },
    });
    expect(threw.reports.map((report) => [report.info.phase, String(report.error).includes('ya29.secret')])).toEqual([['service', false]]);
    const hung = server({ google: google('hang').api, googleLimits: { timeoutMs: 20 } }, store);
    expect((await call(hung.rest, 'GET', '/modules/analytics-4/data/report', administrator)).data.message).toBe(
      'cURL error 28: Operation timed out',
    );
    const huge = server({ google: google('too-large').api }, store);
    expect((await call(huge.rest, 'GET', '/modules/analytics-4/data/report', administrator)).data.message).toBe(
      'cURL error 63: Maximum file size exceeded',
    );
  });
});

describe('modules/{slug}/data/settings', () => {
  it('answers an admin the settings over their defaults, a shared editor the view-only keys only', async () => {
    const { rest } = await onDouble();
    const full = await call(rest, 'GET', '/modules/analytics-4/data/settings', administrator);
    expect(full.data).toMatchObject({ ownerID: 1, propertyID: '987654321', useSnippet: true, trackingDisabled: ['loggedinUsers'] });
    expect(Object.keys(full.data).slice(0, 5)).toEqual(['ownerID', 'accountID', 'propertyID', 'webDataStreamID', 'measurementID']);
    expect((await call(rest, 'GET', '/modules/analytics-4/data/settings', editor)).data).toEqual({
      availableCustomDimensions: null,
      adSenseLinked: false,
      detectedEvents: [],
      newConversionEventsLastUpdateAt: 0,
      lostConversionEventsLastUpdateAt: 0,
    });
    expect(await call(rest, 'GET', '/modules/tagmanager/data/settings', editor)).toEqual({
      status: 500,
      data: { code: 'no_view_only_settings', message: '', data: null },
    });
    expect((await call(rest, 'GET', '/modules/site-verification/data/settings', administrator)).data).toEqual({
      code: 'invalid_module_slug',
      message: 'Module does not support settings.',
      data: { status: 400 },
    });
    expect((await call(rest, 'GET', '/modules/no-such-module/data/settings', administrator)).status).toBe(404);
    expect((await call(rest, 'GET', '/modules/analytics-4/data/settings', subscriber)).status).toBe(403);
    expect((await call(rest, 'GET', '/modules/analytics-4/data/settings', null)).status).toBe(401);
  });

  it('merges a write into the settings, dropping unknown keys and nulls, and makes the admin changing an owned key the owner', async () => {
    const { rest, store } = await onDouble();
    const written = await call(rest, 'POST', '/modules/analytics-4/data/settings', otherAdmin, {
      data: { propertyID: '111', useSnippet: null, notASetting: 1 },
    });
    expect(written.status).toBe(200);
    expect(written.data).toMatchObject({ propertyID: '111', useSnippet: true, ownerID: 5 });
    expect(written.data).not.toHaveProperty('notASetting');
    // A key that is not owned leaves the owner as it is.
    await call(rest, 'PATCH', '/modules/analytics-4/data/settings', administrator, { data: { useSnippet: false } });
    expect(await store.options.get('googlesitekit_analytics-4_settings')).toMatchObject({ ownerID: 5, useSnippet: false });
    // The first write of a module's settings compares with the defaults.
    await call(rest, 'POST', '/modules/tagmanager/data/settings', administrator, { data: { containerID: 'GTM-ABC1234' } });
    expect(await store.options.get('googlesitekit_tagmanager_settings')).toMatchObject({ ownerID: 1, containerID: 'GTM-ABC1234' });
  });

  it('refuses a write that is no array, and writers who may not manage options', async () => {
    const { rest } = await onDouble();
    const invalid = await call(rest, 'POST', '/modules/analytics-4/data/settings', administrator, { data: 'x' });
    expect([invalid.status, invalid.data.code]).toEqual([400, 'rest_invalid_param']);
    expect((await call(rest, 'POST', '/modules/analytics-4/data/settings', editor, { data: {} })).status).toBe(403);
    expect((await call(rest, 'POST', '/modules/analytics-4/data/settings', null, { data: {} })).status).toBe(401);
  });
});

describe('modules/{slug}/data/data-available and notifications', () => {
  it("marks a connected module's data available, and refuses modules not connected or without the state", async () => {
    const { rest, store } = await onDouble();
    expect(await call(rest, 'POST', '/modules/analytics-4/data/data-available', editor)).toEqual({ status: 200, data: true });
    expect(await store.transients.get('googlesitekit_analytics-4_data_available')).toBe(true);
    expect(await call(rest, 'POST', '/modules/tagmanager/data/data-available', administrator)).toEqual({
      status: 500,
      data: { code: 'module_not_connected', message: 'Module is not connected.', data: { status: 500 } },
    });
    expect((await call(rest, 'POST', '/modules/pagespeed-insights/data/data-available', administrator)).data).toEqual({
      code: 'invalid_module_slug',
      message: 'Module does not support setting data available state.',
      data: { status: 500 },
    });
    expect((await call(rest, 'POST', '/modules/analytics-4/data/data-available', subscriber)).status).toBe(403);
  });

  it("answers AdSense's severe alerts as notifications, none for other or inactive modules, and refuses non-admins", async () => {
    const { rest } = await onDouble();
    expect((await call(rest, 'GET', '/modules/adsense/data/notifications', administrator)).data).toEqual([
      {
        id: 'adsense::accounts/pub-1234567890123456/alerts/ALERT_1',
        description: 'Your account has a payment hold. Verify your address to receive payments.',
        isDismissible: true,
        severity: 'win-info',
        ctaURL:
          'https://www.google.com/adsense/new/pub-1234567890123456/home?source=site-kit&utm_source=site-kit&utm_medium=wordpress_signup&url=https%3A%2F%2Fsite.example',
        ctaLabel: 'Go to AdSense',
        ctaTarget: '_blank',
      },
    ]);
    expect(await call(rest, 'GET', '/modules/analytics-4/data/notifications', administrator)).toEqual({ status: 200, data: [] });
    expect(await call(rest, 'GET', '/modules/reader-revenue-manager/data/notifications', administrator)).toEqual({ status: 200, data: [] });
    expect((await call(rest, 'GET', '/modules/no-such-module/data/notifications', administrator)).status).toBe(404);
    expect((await call(rest, 'GET', '/modules/adsense/data/notifications', editor)).status).toBe(403);
  });
});

describe("seo-b's Site Kit widgets with site-insights on the same server", () => {
  /** A variant-B server of seo-b and site-insights over a set-up site, the consent to Site Kit given. */
  async function linked(options: { google?: SiteKitGoogleApi; seoB?: Record<string, unknown> } = {}) {
    const store = await setUp();
    await store.options.set('wpseo', { site_kit_connected: true });
    const rest = createRestServer({
      site: { name: 'Garden', url: 'https://site.example' },
      store,
      namespaces: variantB({
        only: ['seo-b/v1', 'site-insights/v1'],
        seoB: { now: () => NOW, ...options.seoB },
        siteInsights: { now: () => NOW, ...(options.google ? { google: options.google } : {}) },
      }),
      onError: () => undefined,
    });
    const metrics = async (widget: string, user: RestUser = administrator) => {
      const answer = await rest.inject({ method: 'GET', path: '/seo-b/v1/time_based_seo_metrics', query: { options: { widget } }, user });
      return { status: answer.status, data: answer.data };
    };
    return { rest, metrics };
  }

  it("answer /time_based_seo_metrics from site-insights' google double, through its module and permission checks", async () => {
    const double = google();
    const { metrics } = await linked({ google: double.api });
    expect(await metrics('organicSessionsCompare')).toEqual({
      status: 200,
      data: [{ current: { sessions: 1432 }, previous: { sessions: 1187 } }],
    });
    expect(double.calls.at(-1)).toMatchObject({ module: 'analytics-4', datapoint: 'report', method: 'GET', userId: 1 });
    expect(((await metrics('query')).data as unknown[]).length).toBe(5);
    // Search Console is force-active; without a google callback Site Kit's 503 reaches Yoast's widget.
    const { metrics: unconfigured } = await linked();
    expect(await unconfigured('query')).toEqual({
      status: 503,
      data: { error: 'The Search Console request failed: Google’s APIs are not available on this site.' },
    });
  });

  it("leave a host's own siteInsights in charge, and never answer through another server's data layer", async () => {
    const hosts = { report: () => ({ error: { message: "the host's own", status: 418 } }) };
    const { metrics } = await linked({ google: google().api, seoB: { siteInsights: hosts } });
    expect((await metrics('query')).data).toEqual({ error: "The Search Console request failed: the host's own" });
    const failing = await linked({ google: google('threw').api });
    const working = await linked({ google: google().api });
    expect((await failing.metrics('organicSessionsCompare')).status).toBe(500);
    expect((await working.metrics('organicSessionsCompare')).status).toBe(200);
  });
});

describe('module settings on PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-rest-site-insights-module-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('are answered after the store is closed and opened again', async () => {
    const first = await setUp(await pgliteStore({ dataDir }));
    try {
      const { rest } = server({}, first);
      await call(rest, 'POST', '/modules/analytics-4/data/settings', otherAdmin, { data: { propertyID: '222' } });
    } finally {
      await first.close();
    }
    const reopened = await pgliteStore({ dataDir });
    try {
      const { rest } = server({}, reopened);
      expect((await call(rest, 'GET', '/modules/analytics-4/data/settings', administrator)).data).toMatchObject({
        propertyID: '222',
        ownerID: 5,
      });
    } finally {
      await reopened.close();
    }
  });
});
