// `site-insights/v1`'s modules routes (Site Kit 1.184's `core/modules/data/*`) through `inject`:
// the list and info in Site Kit's order and shape, activation with its dependency rule (a unit of
// the plan, since no 1.184 module has a dependency), check-access on the recorded `google-access`
// double and on a failing, a timing-out and a missing `google.checkAccess`, recovery of modules
// whose owner is gone, sharing settings dropping the keys a non-owner admin may not change and
// making the caller the owner of PageSpeed Insights, refusals per role, and the active modules
// kept on PGlite across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRestServer, memoryStore, type RestServer, type RestUser, type SiteStore } from '../src/index.js';
import { packagedFixtures, serviceRecordings } from '../src/cli/fixtures.js';
import {
  siteInsights,
  type GoogleApiError,
  type SiteInsightsOptions,
  type SiteKitAccessAnswer,
  type SiteKitAccessCall,
  type SiteKitGoogleAccess,
} from '../src/namespaces/site-insights/index.js';
import { activationPlan } from '../src/namespaces/site-insights/module-activation.js';
import { SITE_KIT_MODULES, type SiteKitModule } from '../src/namespaces/site-insights/registry.js';
import { googleAccessService } from '../src/namespaces/site-insights/services.js';
import type { Recordings } from '../src/namespaces/recorded-double.js';
import { pgliteStore } from '../src/store.js';
import { userWith } from './helpers/users.js';

const NS = '/site-insights/v1/core/modules/data';
const SITE = { name: 'Crumb & Co Bakery', url: 'http://bakery.test' };
const NOW = Date.UTC(2026, 10, 29, 14, 0, 0);

const owner = userWith(1, 'administrator');
const otherAdmin = userWith(2, 'administrator');
const editor = userWith(3, 'editor');
const subscriber = userWith(4, 'subscriber');

const OPTIONS = {
  active: 'googlesitekit_active_modules',
  sharing: 'googlesitekit_dashboard_sharing',
  disconnected: 'googlesitekit_disconnected_modules',
  sc: 'googlesitekit_search-console_settings',
  ga4: 'googlesitekit_analytics-4_settings',
  psi: 'googlesitekit_pagespeed-insights_settings',
  adsense: 'googlesitekit_adsense_settings',
  ads: 'googlesitekit_ads_settings',
  tagmanager: 'googlesitekit_tagmanager_settings',
  rrm: 'googlesitekit_reader-revenue-manager_settings',
} as const;

/** A store with the four users, Site Kit set up, and `signedIn` users signed in with Google (and verified). */
async function site(signedIn: number[] = [1, 2], store: SiteStore = memoryStore()): Promise<SiteStore> {
  for (const [login, role] of [
    ['owner', 'administrator'],
    ['other-admin', 'administrator'],
    ['editor', 'editor'],
    ['subscriber', 'subscriber'],
  ] as const) {
    if ((await store.users.getBy('user_login', login)) === null) await store.users.insert({ user_login: login, roles: [role] });
  }
  await store.options.set('googlesitekit_credentials', {
    oauth2_client_id: 'client.apps.googleusercontent.com',
    oauth2_client_secret: 'shh',
  });
  for (const id of signedIn) {
    await store.userMeta.update(id, 'googlesitekit_access_token', 'ya29.token');
    await store.userMeta.update(id, 'googlesitekit_site_verified_meta', 'verified');
  }
  return store;
}

/** The packaged recordings of `google-access`, fresh for each test. */
function recorded(): Recordings {
  return serviceRecordings(packagedFixtures())['site-insights/google-access'];
}

/** `google.checkAccess` on the recorded double, listing its calls. */
function onDouble(recordings: Recordings = recorded()) {
  const double = googleAccessService.double(recordings);
  const calls: SiteKitAccessCall[] = [];
  const google: SiteKitGoogleAccess = {
    checkAccess: (call, signal) => {
      calls.push(call);
      return double.checkAccess(call, signal);
    },
  };
  return { google, calls };
}

/** A server mounting only site-insights on `store`, its `onError` reports kept. */
function server(store: SiteStore, options: SiteInsightsOptions = {}) {
  const reports: string[] = [];
  const rest = createRestServer({
    site: SITE,
    store,
    namespaces: [siteInsights({ now: () => NOW, ...options })],
    onError: (error) => reports.push(error instanceof Error ? error.message : String(error)),
  });
  return { rest, reports };
}

const get = (rest: RestServer, route: string, query: Record<string, unknown> = {}, user: RestUser | null = owner) =>
  rest.inject({ path: `${NS}/${route}`, query, user });
const post = (rest: RestServer, route: string, body: unknown, user: RestUser | null = owner) =>
  rest.inject({ method: 'POST', path: `${NS}/${route}`, body, user });

/** Search Console connected and owned by `ownerID`, shared with editors. */
async function sharedSearchConsole(store: SiteStore, ownerID: number): Promise<void> {
  await store.options.set(OPTIONS.sc, { propertyID: 'sc-domain:bakery.test', ownerID });
  await store.options.set(OPTIONS.sharing, { 'search-console': { sharedRoles: ['editor'], management: 'owner' } });
}

describe('core/modules/data/list and info', () => {
  it("lists Site Kit's nine modules in its order, PageSpeed Insights active by default and shareable", async () => {
    const { rest } = server(await site());
    const response = await get(rest, 'list');
    expect(response.status).toBe(200);
    const modules = response.data as Array<Record<string, unknown>>;
    expect(modules.map((module) => module.slug)).toEqual([
      'site-verification',
      'search-console',
      'ads',
      'analytics-4',
      'tagmanager',
      'adsense',
      'pagespeed-insights',
      'sign-in-with-google',
      'reader-revenue-manager',
    ]);
    expect(modules.find((module) => module.slug === 'pagespeed-insights')).toEqual({
      slug: 'pagespeed-insights',
      name: 'PageSpeed Insights',
      description: 'Google PageSpeed Insights gives you metrics about performance, accessibility, SEO and PWA',
      homepage: 'https://pagespeed.web.dev',
      internal: false,
      order: 10,
      forceActive: false,
      recoverable: false,
      shareable: true,
      active: true,
      connected: true,
      disconnectedAt: null,
      dependencies: [],
      dependants: [],
      owner: null,
    });
    expect(modules.filter((module) => module.active).map((module) => module.slug)).toEqual([
      'site-verification',
      'search-console',
      'pagespeed-insights',
    ]);
    expect(modules.find((module) => module.slug === 'adsense')!.homepage).toBe(
      'https://adsense.google.com/start?source=site-kit&url=http://bakery.test',
    );
  });

  it('names the owner to admins (list_users), marks a module recoverable once its owner signed out, and a module connected by its settings', async () => {
    const store = await site([1]);
    await sharedSearchConsole(store, 2);
    await store.options.set(OPTIONS.active, ['analytics-4']);
    await store.options.set(OPTIONS.ga4, { accountID: '1', propertyID: '2', webDataStreamID: '3', measurementID: 'G-4', ownerID: 1 });
    const { rest } = server(store);
    const modules = (await get(rest, 'list')).data as Array<Record<string, unknown>>;
    const bySlug = new Map(modules.map((module) => [module.slug, module]));
    expect(bySlug.get('search-console')).toMatchObject({ owner: { id: 2, login: 'other-admin' }, recoverable: true, shareable: true });
    expect(bySlug.get('analytics-4')).toMatchObject({
      owner: { id: 1, login: 'owner' },
      recoverable: false,
      connected: true,
      active: true,
    });
    expect(bySlug.get('pagespeed-insights')).toMatchObject({ active: false, connected: false, shareable: false });

    // An editor in a shared role sees the list (the shared dashboard's splash), without owners.
    const asEditor = (await get(rest, 'list', {}, editor)).data as Array<Record<string, unknown>>;
    expect(asEditor.find((module) => module.slug === 'search-console')!.owner).toBeNull();
  });

  it('refuses the list to an anonymous caller, a subscriber and an editor in no shared role; an admin not signed in sees it', async () => {
    const { rest } = server(await site([]));
    expect((await get(rest, 'list', {}, null)).status).toBe(401);
    expect((await get(rest, 'list', {}, subscriber)).status).toBe(403);
    expect((await get(rest, 'list', {}, editor)).status).toBe(403);
    expect((await get(rest, 'list', {}, owner)).status).toBe(200);
  });

  it('answers one module by its slug as sanitize_key reads it, and an unknown one as Site Kit does (500 without a status)', async () => {
    const { rest } = server(await site());
    const one = await get(rest, 'info', { slug: 'Search-Console' });
    expect([one.status, (one.data as Record<string, unknown>).slug, (one.data as Record<string, unknown>).forceActive]).toEqual([
      200,
      'search-console',
      true,
    ]);
    const unknown = await get(rest, 'info', { slug: 'nope' });
    expect([unknown.status, unknown.data]).toEqual([
      500,
      { code: 'invalid_module_slug', message: 'Invalid module slug nope.', data: null },
    ]);
    expect(((await get(rest, 'info')).data as Record<string, unknown>).message).toBe('Invalid module slug .');
    expect((await get(rest, 'info', { slug: 'ads' }, editor)).status).toBe(403);
    expect((await get(rest, 'info', { slug: 'ads' }, null)).status).toBe(401);
  });
});

describe('core/modules/data/activation', () => {
  it('activates and deactivates in one write of the active list, recording and clearing the disconnection time', async () => {
    const store = await site();
    await store.options.set(OPTIONS.psi, { ownerID: 1 });
    await store.options.set(OPTIONS.sharing, { 'pagespeed-insights': { sharedRoles: ['editor'], management: 'all_admins' } });
    await store.userMeta.update(1, 'googlesitekitpersistent_dismissed_items', { 'key-metrics-connect-ga4-cta-widget': 0, 'some-tour': 0 });
    const { rest } = server(store);

    expect((await post(rest, 'activation', { data: { slug: 'analytics-4', active: true } })).data).toEqual({ success: true });
    expect(await store.options.get(OPTIONS.active)).toEqual(['pagespeed-insights', 'analytics-4']);
    // Analytics' activation clears the activating user's dismissal of its key-metrics call to action.
    expect(await store.userMeta.get(1, 'googlesitekitpersistent_dismissed_items')).toEqual([{ 'some-tour': 0 }]);

    expect((await post(rest, 'activation', { data: { slug: 'pagespeed-insights', active: false } })).data).toEqual({ success: true });
    expect(await store.options.get(OPTIONS.active)).toEqual(['analytics-4']);
    expect(await store.options.get(OPTIONS.disconnected)).toEqual({ 'pagespeed-insights': NOW / 1000 });
    expect(await store.options.get(OPTIONS.psi)).toBeUndefined();
    expect(await store.options.get(OPTIONS.sharing)).toEqual({});
    const info = (await get(rest, 'info', { slug: 'pagespeed-insights' })).data as Record<string, unknown>;
    expect([info.active, info.disconnectedAt]).toEqual([false, NOW / 1000]);

    // PHP's `! empty()`: the string "false" activates.
    expect((await post(rest, 'activation', { data: { slug: 'pagespeed-insights', active: 'false' } })).data).toEqual({ success: true });
    expect(await store.options.get(OPTIONS.active)).toEqual(['analytics-4', 'pagespeed-insights']);
    expect(await store.options.get(OPTIONS.disconnected)).toEqual({});
  });

  it('answers a force-active module: deactivated already unless the list names it, then 500', async () => {
    const store = await site();
    const { rest } = server(store);
    expect((await post(rest, 'activation', { data: { slug: 'search-console', active: false } })).data).toEqual({ success: true });
    expect(await store.options.get(OPTIONS.active)).toBeUndefined();
    await store.options.set(OPTIONS.active, ['search-console']);
    const refused = await post(rest, 'activation', { data: { slug: 'search-console', active: 0 } });
    expect([refused.status, (refused.data as Record<string, unknown>).code]).toEqual([500, 'cannot_deactivate_module']);
    expect(await store.options.get(OPTIONS.active)).toEqual(['search-console']);
  });

  it('refuses an unknown module, a missing or malformed data, and callers who cannot set up or manage options', async () => {
    const { rest } = server(await site([]));
    const unknown = await post(rest, 'activation', { data: { slug: 'nope', active: true } });
    expect([unknown.status, unknown.data]).toEqual([
      500,
      { code: 'invalid_module_slug', message: 'Invalid module slug nope.', data: null },
    ]);
    expect(((await post(rest, 'activation', {})).data as Record<string, unknown>).code).toBe('rest_missing_callback_param');
    expect(((await post(rest, 'activation', { data: 'analytics-4' })).data as Record<string, unknown>).code).toBe('rest_invalid_param');
    expect((await post(rest, 'activation', { data: { slug: 'ads', active: true } }, editor)).status).toBe(403);
    expect((await post(rest, 'activation', { data: { slug: 'ads', active: true } }, null)).status).toBe(401);
    // Set-up needs no Google sign-in.
    expect((await post(rest, 'activation', { data: { slug: 'ads', active: true } }, owner)).status).toBe(200);
  });

  it('keeps the active modules on PGlite across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'site-rest-site-insights-modules-'));
    try {
      const first = await site([1], await pgliteStore({ dataDir }));
      expect((await post(server(first).rest, 'activation', { data: { slug: 'tagmanager', active: true } })).status).toBe(200);
      await first.close();
      const reopened = await pgliteStore({ dataDir });
      const modules = (await get(server(reopened).rest, 'list')).data as Array<Record<string, unknown>>;
      expect(modules.filter((module) => module.active).map((module) => module.slug)).toEqual([
        'site-verification',
        'search-console',
        'tagmanager',
        'pagespeed-insights',
      ]);
      await reopened.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("activation's dependency rule (no 1.184 module depends on another, so a registry of two)", () => {
  const base = SITE_KIT_MODULES.find((module) => module.slug === 'ads')!;
  const parent: SiteKitModule = { ...base, slug: 'parent', name: 'Parent' };
  const child: SiteKitModule = { ...base, slug: 'child', name: 'Child', dependsOn: ['parent'] };

  it('refuses to activate a module whose dependency is inactive, naming it', () => {
    const plan = activationPlan([parent, child], [], child, true);
    expect(plan.list).toBeNull();
    expect(plan.error?.toJSON()).toEqual({
      code: 'inactive_dependencies',
      message: 'Module cannot be activated because of inactive dependency Parent.',
      data: { status: 500 },
    });
    expect(activationPlan([parent, child], ['parent'], child, true).list).toEqual(['parent', 'child']);
  });

  it('deactivates the active dependants first, and stops at a dependant that is force-active', () => {
    expect(activationPlan([parent, child], ['parent', 'child'], parent, false)).toEqual({
      list: [],
      activated: [],
      deactivated: ['child', 'parent'],
    });
    const forced = { ...child, forceActive: true };
    const plan = activationPlan([parent, forced], ['parent', 'child'], parent, false);
    expect([plan.list, plan.error?.code, plan.error?.message]).toEqual([
      null,
      'cannot_deactivate_dependant',
      'Module cannot be deactivated because deactivation of dependant Child failed.',
    ]);
  });
});

describe('core/modules/data/check-access', () => {
  it("answers Google's answer on the recorded double: access, a 403 read as none, Google's own error", async () => {
    const store = await site();
    await store.options.set(OPTIONS.active, ['analytics-4', 'adsense', 'reader-revenue-manager', 'tagmanager']);
    await store.options.set(OPTIONS.adsense, { accountID: 'pub-1', accountSetupComplete: true, siteSetupComplete: true, ownerID: 1 });
    await store.options.set(OPTIONS.rrm, { publicationID: 'CAow', ownerID: 1 });
    await store.options.set(OPTIONS.tagmanager, { accountID: '9', containerID: 'GTM-ABC', ownerID: 1 });
    await store.options.set(OPTIONS.sc, { propertyID: 'sc-domain:bakery.test', ownerID: 1 });
    const { google, calls } = onDouble();
    const { rest } = server(store, { google });
    expect((await post(rest, 'check-access', { data: { slug: 'search-console' } })).data).toEqual({ access: true });
    expect(calls[0]).toEqual({ module: 'search-console', userId: 1, settings: { propertyID: 'sc-domain:bakery.test', ownerID: 1 } });
    expect((await post(rest, 'check-access', { data: { slug: 'adsense' } })).data).toEqual({ access: false });
    expect((await post(rest, 'check-access', { data: { slug: 'tagmanager' } })).data).toEqual({ access: false });
    const failed = await post(rest, 'check-access', { data: { slug: 'reader-revenue-manager' } });
    expect([failed.status, failed.data]).toEqual([
      500,
      { code: '500', message: 'Internal error encountered.', data: { status: 500, reason: 'backendError' } },
    ]);
    // Shareable without a service entity: no question to Google.
    expect((await post(rest, 'check-access', { data: { slug: 'pagespeed-insights' } })).data).toEqual({ access: true });
    expect(calls).toHaveLength(4);
  });

  it("reads Tag Manager's 404 (and only its) as no access", async () => {
    const store = await site();
    await store.options.set(OPTIONS.tagmanager, { accountID: '9', containerID: 'GTM-ABC' });
    await store.options.set(OPTIONS.sc, { propertyID: 'sc-domain:bakery.test' });
    const notFound: GoogleApiError = { status: 404, message: 'Not found.', reason: 'notFound' };
    const answer: SiteKitAccessAnswer = { error: notFound };
    const google: SiteKitGoogleAccess = { checkAccess: () => answer };
    const { rest } = server(store, { google });
    expect((await post(rest, 'check-access', { data: { slug: 'tagmanager' } })).data).toEqual({ access: false });
    expect((await post(rest, 'check-access', { data: { slug: 'search-console' } })).status).toBe(404);
  });

  it('answers an unknown module 404, an unconnected one 500, and a module with no entity that cannot be shared 500', async () => {
    const store = await site();
    await store.options.set(OPTIONS.ads, { conversionID: 'AW-1' });
    const { rest } = server(store, { google: onDouble().google });
    const unknown = await post(rest, 'check-access', { data: { slug: 'nope' } });
    expect([unknown.status, unknown.data]).toEqual([
      404,
      { code: 'invalid_module_slug', message: 'Invalid module slug.', data: { status: 404 } },
    ]);
    // The top-level `slug` arg is registered but never read: Site Kit reads `data.slug`.
    expect((await post(rest, 'check-access', { slug: 'search-console' })).status).toBe(404);
    const unconnected = await post(rest, 'check-access', { data: { slug: 'analytics-4' } });
    expect([unconnected.status, (unconnected.data as Record<string, unknown>).code]).toEqual([500, 'module_not_connected']);
    const ads = await post(rest, 'check-access', { data: { slug: 'ads' } });
    expect([ads.status, ads.data]).toEqual([
      500,
      { code: 'invalid_module', message: 'Module access cannot be checked.', data: { status: 500 } },
    ]);
  });

  it('answers 503 google_api_unavailable without a callback, and a fixed 500 for a callback that throws or times out', async () => {
    const store = await site();
    await store.options.set(OPTIONS.sc, { propertyID: 'sc-domain:bakery.test' });
    const none = await post(server(store).rest, 'check-access', { data: { slug: 'search-console' } });
    expect([none.status, (none.data as Record<string, unknown>).code]).toEqual([503, 'google_api_unavailable']);
    // A `google` object with Google's data alone (no `checkAccess`) is no access check either.
    const dataOnly = { request: () => [] } as unknown as SiteKitGoogleAccess;
    expect((await post(server(store, { google: dataOnly }).rest, 'check-access', { data: { slug: 'search-console' } })).status).toBe(503);

    const throwing = server(store, { google: { checkAccess: () => Promise.reject(new Error('socket hang up at 10.0.0.7')) } });
    const threw = await post(throwing.rest, 'check-access', { data: { slug: 'search-console' } });
    expect([threw.status, threw.data]).toEqual([
      500,
      { code: 'unknown', message: 'The request to Google failed.', data: { status: 500, reason: '' } },
    ]);
    expect(JSON.stringify(threw.data)).not.toContain('10.0.0.7');
    expect(throwing.reports.join('\n')).toContain('site-insights google-access');

    const recordings = recorded();
    recordings.mode = 'hang';
    const hanging = server(store, { google: onDouble(recordings).google, googleAccessLimits: { timeoutMs: 30 } });
    const timedOut = await post(hanging.rest, 'check-access', { data: { slug: 'search-console' } });
    expect([timedOut.status, (timedOut.data as Record<string, unknown>).message]).toEqual([500, 'The request to Google timed out.']);

    const huge = recorded();
    huge.mode = 'too-large';
    const tooLarge = await post(server(store, { google: onDouble(huge).google }).rest, 'check-access', {
      data: { slug: 'search-console' },
    });
    expect([tooLarge.status, (tooLarge.data as Record<string, unknown>).message]).toEqual([500, 'The answer from Google was too large.']);
  });

  it('is for callers who can set up Site Kit, signed in with Google or not', async () => {
    const store = await site([]);
    await store.options.set(OPTIONS.sc, { propertyID: 'sc-domain:bakery.test' });
    const { rest } = server(store, { google: onDouble().google });
    expect((await post(rest, 'check-access', { data: { slug: 'search-console' } }, owner)).status).toBe(200);
    expect((await post(rest, 'check-access', { data: { slug: 'search-console' } }, editor)).status).toBe(403);
    expect((await post(rest, 'check-access', { data: { slug: 'search-console' } }, null)).status).toBe(401);
  });
});

describe('core/modules/data/recover-modules', () => {
  it('takes over a module whose owner signed out where Google lets the caller in, reporting each other slug', async () => {
    const store = await site([1]);
    await store.options.set(OPTIONS.active, ['adsense', 'analytics-4']);
    await store.options.set(OPTIONS.sc, { propertyID: 'sc-domain:bakery.test', ownerID: 2 });
    await store.options.set(OPTIONS.adsense, { accountSetupComplete: true, siteSetupComplete: true, ownerID: 99 });
    await store.options.set(OPTIONS.ga4, { accountID: '1', propertyID: '2', webDataStreamID: '3', measurementID: 'G-4', ownerID: 1 });
    await store.options.set(OPTIONS.sharing, {
      'search-console': { sharedRoles: ['editor'] },
      adsense: { sharedRoles: ['editor'] },
      'analytics-4': { sharedRoles: ['editor'] },
    });
    const { rest } = server(store, { google: onDouble().google });
    const response = await post(rest, 'recover-modules', { data: { slugs: ['search-console', 'adsense', 'analytics-4', 'ads', 'nope'] } });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      success: { 'search-console': true, adsense: false, 'analytics-4': false, ads: false, nope: false },
      error: {
        adsense: { code: 'module_not_accessible', message: 'Module is not accessible by current user.', data: { status: 403 } },
        'analytics-4': { code: 'module_not_recoverable', message: 'Module is not recoverable.', data: { status: 403 } },
        ads: { code: 'module_not_shareable', message: 'Module is not shareable.', data: { status: 404 } },
        nope: { code: 'invalid_module_slug', message: 'Invalid module slug nope.', data: { status: 404 } },
      },
    });
    expect(await store.options.get(OPTIONS.sc)).toEqual({ propertyID: 'sc-domain:bakery.test', ownerID: 1 });
    expect(await store.options.get(OPTIONS.adsense)).toMatchObject({ ownerID: 99 });
  });

  it('answers 400 invalid_param without a list of slugs, an empty success as a list, and refuses non-admins', async () => {
    const { rest } = server(await site());
    const missing = await post(rest, 'recover-modules', { data: {} });
    expect([missing.status, missing.data]).toEqual([
      400,
      { code: 'invalid_param', message: 'Request parameter slugs is not valid.', data: { status: 400 } },
    ]);
    expect((await post(rest, 'recover-modules', { data: { slugs: 'search-console' } })).status).toBe(400);
    expect((await post(rest, 'recover-modules', { data: { slugs: ['nope'] } })).data).toMatchObject({ success: { nope: false } });
    expect((await post(rest, 'recover-modules', { data: { slugs: ['x'] } }, editor)).status).toBe(403);
    expect((await post(rest, 'recover-modules', { data: { slugs: ['x'] } }, null)).status).toBe(401);
  });
});

describe('core/modules/data/sharing-settings', () => {
  it("drops the keys a non-owner admin may not change, filters roles that cannot edit posts, and makes the caller PageSpeed Insights' owner", async () => {
    const store = await site();
    await store.options.set(OPTIONS.sc, { propertyID: 'sc-domain:bakery.test', ownerID: 1 });
    await store.options.set(OPTIONS.psi, { ownerID: 1 });
    const { rest } = server(store);
    const change = {
      'search-console': { sharedRoles: ['editor'], management: 'all_admins' },
      'pagespeed-insights': { sharedRoles: ['editor', 'subscriber', 'no-such-role'], management: 'owner' },
    };
    const byOther = await post(rest, 'sharing-settings', { data: change }, otherAdmin);
    expect(byOther.status).toBe(200);
    expect(byOther.data).toEqual({
      settings: { 'pagespeed-insights': { sharedRoles: ['editor'], management: 'all_admins' } },
      newOwnerIDs: { 'pagespeed-insights': 2 },
    });
    expect(await store.options.get(OPTIONS.psi)).toEqual({ ownerID: 2 });

    const byOwner = await post(rest, 'sharing-settings', { data: change }, owner);
    expect(byOwner.data).toEqual({
      settings: {
        'pagespeed-insights': { sharedRoles: ['editor'], management: 'all_admins' },
        'search-console': { sharedRoles: ['editor'], management: 'all_admins' },
      },
      newOwnerIDs: {},
    });
    // Search Console's owner (who reads its property) stays; only shared-ownership modules change hands.
    expect(await store.options.get(OPTIONS.sc)).toMatchObject({ ownerID: 1 });

    expect((await rest.inject({ method: 'DELETE', path: `${NS}/sharing-settings`, user: owner })).data).toBe(true);
    expect((await rest.inject({ method: 'DELETE', path: `${NS}/sharing-settings`, user: owner })).data).toBe(false);
  });

  it('refuses a missing data, admins not signed in with Google, editors and anonymous callers', async () => {
    const { rest } = server(await site([1]));
    expect(((await post(rest, 'sharing-settings', {})).data as Record<string, unknown>).code).toBe('rest_missing_callback_param');
    expect((await post(rest, 'sharing-settings', { data: {} }, otherAdmin)).status).toBe(403);
    expect((await post(rest, 'sharing-settings', { data: {} }, editor)).status).toBe(403);
    expect((await post(rest, 'sharing-settings', { data: {} }, null)).status).toBe(401);
    expect((await rest.inject({ method: 'DELETE', path: `${NS}/sharing-settings`, user: editor })).status).toBe(403);
  });
});

describe('who may call each modules route', () => {
  /** Each endpoint with a request every caller may send, and its status for: an admin signed in with Google, one not signed in, an editor in a shared role, a subscriber, an anonymous caller. */
  const MATRIX: Array<[string, string, unknown, number[]]> = [
    ['GET', 'list', undefined, [200, 200, 200, 403, 401]],
    ['GET', 'info?slug=ads', undefined, [200, 200, 403, 403, 401]],
    ['POST', 'activation', { data: { slug: 'ads', active: false } }, [200, 200, 403, 403, 401]],
    ['POST', 'check-access', { data: { slug: 'pagespeed-insights' } }, [200, 200, 403, 403, 401]],
    ['POST', 'recover-modules', { data: { slugs: ['ads'] } }, [200, 200, 403, 403, 401]],
    ['POST', 'sharing-settings', { data: {} }, [200, 403, 403, 403, 401]],
    ['DELETE', 'sharing-settings', undefined, [200, 403, 403, 403, 401]],
  ];

  it('answers each caller as Site Kit checks them', async () => {
    const store = await site([1]);
    await sharedSearchConsole(store, 1);
    const { rest } = server(store);
    const callers = [owner, otherAdmin, editor, subscriber, null];
    const answered: Array<[string, number[]]> = [];
    for (const [method, route, body] of MATRIX) {
      const [path, query] = route.split('?');
      const statuses: number[] = [];
      for (const user of callers) {
        const response = await rest.inject({
          method,
          path: `${NS}/${path}`,
          query: query ? Object.fromEntries(new URLSearchParams(query)) : {},
          ...(body === undefined ? {} : { body }),
          user,
        });
        statuses.push(response.status);
      }
      answered.push([`${method} ${route}`, statuses]);
    }
    expect(answered).toEqual(MATRIX.map(([method, route, , statuses]) => [`${method} ${route}`, statuses]));
  });
});
