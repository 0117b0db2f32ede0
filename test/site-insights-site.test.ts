// `site-insights/v1`'s site group through `inject`: the set-up tag, connection state, the two
// resets on every table they clear, the developer plugin and the WP Consent API as Site Kit answers
// without them, the admin bar, Site Health's tag placement test and the health checks on their
// recorded doubles (failing and timing out too), consent mode and conversion tracking with their
// validation, Ads measurement; per role, and across a PGlite restart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRestServer, memoryStore, siteInsights, type ErrorInfo, type RestUser, type SiteStore } from '../src/index.js';
import type { SiteInsightsOptions } from '../src/namespaces/site-insights/index.js';
import { pgliteStore } from '../src/store.js';
import { packagedFixtures, serviceDoubles, serviceRecordings } from '../src/cli/fixtures.js';
import type { DoubleMode } from '../src/namespaces/recorded-double.js';
import { FIXTURES } from './helpers/peer.js';
import { userWith } from './helpers/users.js';

const administrator = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const subscriber = userWith(4, 'subscriber');

const NOW = Date.parse('2026-11-29T12:00:00Z');

/** The packaged doubles of the two services, switched to `mode`. */
function doubles(mode: DoubleMode = 'recorded'): Pick<SiteInsightsOptions, 'fetchHome' | 'healthChecks'> {
  const recorded = serviceRecordings(packagedFixtures());
  recorded['site-insights/fetch-home'].mode = mode;
  recorded['site-insights/health-checks'].mode = mode;
  const made = serviceDoubles(recorded);
  return { fetchHome: made['site-insights/fetch-home'], healthChecks: made['site-insights/health-checks'] };
}

/** A server mounting site-insights over `store`, its service reports collected. */
function server(options: SiteInsightsOptions = {}, store: SiteStore = memoryStore({ now: () => NOW })) {
  const reports: Array<{ error: unknown; info: ErrorInfo }> = [];
  const rest = createRestServer({
    site: { name: 'Example Site', url: 'https://site.example' },
    store,
    namespaces: [siteInsights({ now: () => NOW, ...options })],
    onError: (error, info) => reports.push({ error, info }),
  });
  return { rest, store, reports };
}

type Rest = ReturnType<typeof server>['rest'];

/** A call of a `core/site/data/` route as `user` (the administrator unless told; null: anonymous), a body sent as JSON. */
async function call(rest: Rest, method: string, route: string, body?: unknown, user: RestUser | null = administrator) {
  const answer = await rest.inject({
    method,
    path: `/site-insights/v1/core/site/data/${route}`,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    ...(user ? { user } : {}),
  });
  return { status: answer.status, data: answer.data as Record<string, unknown> };
}

/** Site Kit set up, and `userId` signed in with Google and verified: what MANAGE_OPTIONS and UPDATE_PLUGINS need. */
async function signIn(store: SiteStore, userId = administrator.id): Promise<void> {
  await store.options.set('googlesitekit_credentials', {
    oauth2_client_id: 'client.apps.googleusercontent.com',
    oauth2_client_secret: 's',
  });
  await store.userMeta.update(userId, 'googlesitekit_access_token', 'ya29.token');
  await store.userMeta.update(userId, 'googlesitekit_site_verified_meta', 'verified');
}

/** The refusals of a route: 401 anonymous, 403 for each signed-in user given. */
async function expectRefused(rest: Rest, method: string, route: string, body: unknown, ...users: RestUser[]): Promise<void> {
  expect(await call(rest, method, route, body, null)).toMatchObject({ status: 401, data: { code: 'rest_forbidden' } });
  for (const user of users)
    expect(await call(rest, method, route, body, user)).toMatchObject({ status: 403, data: { code: 'rest_forbidden' } });
}

/** A WordPress 6.1 recording of an invalid consent-mode write (`test/fixtures/wp-6.1`). */
function recorded(id: string): { request: { method: string; body?: unknown }; status: number; body: unknown } {
  return JSON.parse(readFileSync(join(FIXTURES, 'wp-6.1', `${id}.json`), 'utf8')) as never;
}

describe('the set-up tag', () => {
  it('keeps a new UUID in the setup-token transient for five minutes and answers it', async () => {
    let clock = NOW;
    const store = memoryStore({ now: () => clock });
    const { rest } = server({}, store);
    const first = await call(rest, 'POST', 'setup-tag');
    expect(first.status).toBe(200);
    expect(first.data.token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await store.transients.get('googlesitekit_setup_token')).toBe(first.data.token);
    const second = await call(rest, 'PUT', 'setup-tag');
    expect(second.data.token).not.toBe(first.data.token);
    clock += 301_000;
    expect(await store.transients.get('googlesitekit_setup_token')).toBeUndefined();
  });

  it('is refused to anonymous callers and to editors, who cannot set Site Kit up', async () => {
    const { rest, store } = server();
    await expectRefused(rest, 'POST', 'setup-tag', undefined, editor, subscriber);
    expect(await store.transients.get('googlesitekit_setup_token')).toBeUndefined();
  });
});

describe('the connection', () => {
  it('answers a site never set up as unconnected, with no connected or second administrator', async () => {
    const { rest } = server();
    expect(await call(rest, 'GET', 'connection')).toEqual({
      status: 200,
      data: { connected: false, resettable: false, setupCompleted: false, hasConnectedAdmins: false, hasMultipleAdmins: false },
    });
  });

  it('answers the credentials, a signed-in administrator and the number of administrators from the store', async () => {
    const { rest, store } = server();
    const [first] = await Promise.all([
      store.users.insert({ user_login: 'first', roles: ['administrator'] }),
      store.users.insert({ user_login: 'second', roles: ['administrator'] }),
      store.users.insert({ user_login: 'writer', roles: ['editor'] }),
    ]);
    await store.options.set('googlesitekit_credentials', { oauth2_client_id: 'id' });
    expect((await call(rest, 'GET', 'connection')).data).toEqual({
      connected: false,
      resettable: true,
      setupCompleted: false,
      hasConnectedAdmins: false,
      hasMultipleAdmins: true,
    });
    expect(await store.options.get('googlesitekit_has_connected_admins')).toBe(0);
    await signIn(store, first.ID);
    expect((await call(rest, 'GET', 'connection')).data).toEqual({
      connected: true,
      resettable: true,
      setupCompleted: true,
      hasConnectedAdmins: true,
      hasMultipleAdmins: true,
    });
    expect(await store.options.get('googlesitekit_has_connected_admins')).toBe(1);
  });

  it('does not count an editor’s Google sign-in as a connected administrator', async () => {
    const { rest, store } = server();
    const writer = await store.users.insert({ user_login: 'writer', roles: ['editor'] });
    await store.userMeta.update(writer.ID, 'googlesitekit_access_token', 'ya29.token');
    expect((await call(rest, 'GET', 'connection')).data.hasConnectedAdmins).toBe(false);
  });

  it('is refused to anonymous callers and to editors', async () => {
    const { rest } = server();
    await expectRefused(rest, 'GET', 'connection', undefined, editor);
  });
});

describe('the resets', () => {
  /** Keys of each table: Site Kit's, its persistent ones, and names that only look like them. */
  const KEYS = {
    reset: ['googlesitekit_credentials', 'googlesitekit_x'],
    persistent: ['googlesitekitpersistent_dismissed_items'],
    kept: ['googlesitekit', 'googlesitekitx', 'GOOGLESITEKIT_X', 'other_googlesitekit_x', 'wpseo_titles', 'googlesitekit-other'],
  };
  const ALL = [...KEYS.reset, ...KEYS.persistent, ...KEYS.kept];

  async function seed(store: SiteStore): Promise<{ log: number; page: number; term: number }> {
    for (const key of ALL) {
      await store.options.set(key, key);
      await store.transients.set(key, key, 0);
      await store.userMeta.add(1, key, key);
      await store.userMeta.add(7, key, 'another user');
      await store.postMeta.add(3, key, key);
      await store.termMeta.add(5, key, key);
    }
    await store.options.set('googlesitekit-active-modules', ['analytics']);
    const log = (await store.posts.insert({ post_type: 'googlesitekit_email', post_status: 'email_sent' })).ID;
    await store.postMeta.add(log, 'email_meta', 'x');
    const page = (await store.posts.insert({ post_type: 'page', post_status: 'publish', post_title: 'About' })).ID;
    return { log, page, term: 5 };
  }

  /** Which of `ALL` each table still has. */
  async function left(store: SiteStore): Promise<Record<string, string[]>> {
    const has = async (read: (key: string) => Promise<unknown>) => {
      const kept: string[] = [];
      for (const key of ALL) {
        const value = await read(key);
        if (value !== undefined && !(Array.isArray(value) && value.length === 0)) kept.push(key);
      }
      return kept;
    };
    return {
      options: await has((key) => store.options.get(key)),
      transients: await has((key) => store.transients.get(key)),
      userMeta: await has((key) => store.userMeta.get(1, key)),
      otherUserMeta: await has((key) => store.userMeta.get(7, key)),
      postMeta: await has((key) => store.postMeta.get(3, key)),
      termMeta: await has((key) => store.termMeta.get(5, key)),
    };
  }

  const everywhere = (keys: string[]) => ({
    options: keys,
    transients: keys,
    userMeta: keys,
    otherUserMeta: keys,
    postMeta: keys,
    termMeta: keys,
  });

  it('reset deletes exactly the googlesitekit_ keys of the five tables, the legacy option and the e-mail log', async () => {
    const { rest, store } = server();
    const { log, page } = await seed(store);
    expect(await call(rest, 'POST', 'reset')).toEqual({ status: 200, data: true });
    expect(await left(store)).toEqual(everywhere([...KEYS.persistent, ...KEYS.kept]));
    expect(await store.options.get('googlesitekit-active-modules')).toBeUndefined();
    expect(await store.posts.get(log)).toBeNull();
    expect(await store.postMeta.get(log, 'email_meta')).toEqual([]);
    expect(await store.posts.get(page)).not.toBeNull();
  });

  it('reset-persistent deletes exactly the googlesitekitpersistent_ keys', async () => {
    const { rest, store } = server();
    await seed(store);
    expect(await call(rest, 'PATCH', 'reset-persistent')).toEqual({ status: 200, data: true });
    expect(await left(store)).toEqual(everywhere([...KEYS.reset, ...KEYS.kept]));
  });

  it('deletes nothing when one of its deletions fails: the reset is one transaction', async () => {
    const store = memoryStore({ now: () => NOW });
    await seed(store);
    const failing: SiteStore = {
      ...store,
      transaction: (fn) =>
        store.transaction((tx) =>
          fn({
            ...tx,
            termMeta: {
              ...tx.termMeta,
              deletePrefixed: () => Promise.reject(new Error('disk full')),
            },
          }),
        ),
    };
    const { rest } = server({}, failing);
    expect((await call(rest, 'POST', 'reset')).status).toBe(500);
    expect(await left(store)).toEqual(everywhere(ALL));
  });

  it('is refused to anonymous callers and to editors, and deletes nothing then', async () => {
    const { rest, store } = server();
    await seed(store);
    await expectRefused(rest, 'POST', 'reset', undefined, editor);
    await expectRefused(rest, 'POST', 'reset-persistent', undefined, editor);
    expect(await left(store)).toEqual(everywhere(ALL));
  });
});

describe('the developer plugin and the WP Consent API, which no site-rest host has', () => {
  it('answers the developer plugin as neither active nor installed, with no screen to install it from', async () => {
    const { rest } = server();
    expect(await call(rest, 'GET', 'developer-plugin')).toEqual({
      status: 200,
      data: { active: false, installed: false, activateURL: false, installURL: false, configureURL: false },
    });
    await expectRefused(rest, 'GET', 'developer-plugin', undefined, editor);
  });

  it('answers that there is no Consent API, and refuses to activate its plugin as WordPress does a missing one', async () => {
    const { rest, store } = server();
    await signIn(store);
    expect(await call(rest, 'GET', 'consent-api-info')).toEqual({
      status: 200,
      data: { hasConsentAPI: false, wpConsentPlugin: { installed: false, installURL: false, activateURL: false } },
    });
    expect(await call(rest, 'POST', 'consent-api-activate')).toEqual({
      status: 500,
      data: { code: 'invalid_module_slug', message: 'Plugin file does not exist.', data: null },
    });
  });

  it('refuses the Consent API routes to an administrator not signed in with Google, to editors and to anonymous callers', async () => {
    const { rest } = server();
    await expectRefused(rest, 'GET', 'consent-api-info', undefined, administrator, editor);
    await expectRefused(rest, 'POST', 'consent-api-activate', undefined, administrator, editor);
  });
});

describe('the admin bar settings', () => {
  it('shows Site Kit by default, and keeps a change in its option', async () => {
    const { rest, store } = server();
    expect(await call(rest, 'GET', 'admin-bar-settings')).toEqual({ status: 200, data: { enabled: true } });
    expect(await call(rest, 'POST', 'admin-bar-settings', { data: { enabled: false } })).toEqual({ status: 200, data: { enabled: false } });
    expect(await store.options.get('googlesitekit_admin_bar_menu_enabled')).toBe(false);
    expect(await call(rest, 'POST', 'admin-bar-settings', { data: {} })).toEqual({ status: 200, data: { enabled: false } });
    expect(await call(rest, 'GET', 'admin-bar-settings')).toEqual({ status: 200, data: { enabled: false } });
  });

  it('validates `data` before anything is written', async () => {
    const { rest, store } = server();
    expect(await call(rest, 'POST', 'admin-bar-settings', {})).toMatchObject({
      status: 400,
      data: { code: 'rest_missing_callback_param' },
    });
    expect(await call(rest, 'POST', 'admin-bar-settings', { data: { enabled: 'maybe' } })).toMatchObject({
      status: 400,
      data: { code: 'rest_invalid_param', data: { params: { data: 'data[enabled] is not of type boolean.' } } },
    });
    expect(await store.options.get('googlesitekit_admin_bar_menu_enabled')).toBeUndefined();
  });

  it('is refused to anonymous callers and to editors', async () => {
    const { rest } = server();
    await expectRefused(rest, 'GET', 'admin-bar-settings', undefined, editor);
    await expectRefused(rest, 'POST', 'admin-bar-settings', { data: { enabled: false } }, editor);
  });
});

describe('Site Health’s tag placement test', () => {
  const BASE = { label: 'Tag Placement', status: 'good', badge: { label: 'Site Kit', color: 'blue' }, actions: '', test: 'tag_placement' };

  /** A store where Analytics and AdSense are active and connected. */
  async function tagging(): Promise<SiteStore> {
    const store = memoryStore({ now: () => NOW });
    await store.options.set('googlesitekit_active_modules', ['analytics-4', 'adsense', 'tagmanager']);
    await store.options.set('googlesitekit_analytics-4_settings', {
      accountID: '1',
      propertyID: '2',
      webDataStreamID: '3',
      measurementID: 'G-1',
    });
    return store;
  }

  it('says no module places tags while none that does is active', async () => {
    const { rest } = server(doubles());
    expect(await call(rest, 'GET', 'site-health-tag-placement-test')).toEqual({
      status: 200,
      data: { ...BASE, description: '<p>Tag status not available: no modules that place tags are connected.</p>' },
    });
  });

  it('reports each active module’s tag on the home page the double answers', async () => {
    const { rest } = server(doubles(), await tagging());
    expect(await call(rest, 'GET', 'site-health-tag-placement-test')).toEqual({
      status: 200,
      data: {
        ...BASE,
        description:
          '<ul><li><strong>Analytics</strong>: Tag detected and placed by Site Kit.</li>\n' +
          '<li><strong>Tag Manager</strong>: No tag detected.</li>\n' +
          '<li><strong>AdSense</strong>: Tag detected and placed by Site Kit.</li></ul>',
      },
    });
  });

  it('tells a tag Site Kit did not mark, and a module whose snippet is off', async () => {
    const store = await tagging();
    await store.options.set('googlesitekit_tagmanager_settings', { containerID: 'GTM-1', canUseSnippet: true, useSnippet: false });
    const page = '<html><head><script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123"></script></head></html>';
    const { rest } = server({ fetchHome: () => page }, store);
    expect((await call(rest, 'GET', 'site-health-tag-placement-test')).data.description).toBe(
      '<ul><li><strong>Analytics</strong>: Tag detected but could not verify that Site Kit placed the tag.</li>\n' +
        '<li><strong>Tag Manager</strong>: Tag placement disabled in settings.</li>\n' +
        '<li><strong>AdSense</strong>: No tag detected.</li></ul>',
    );
  });

  it('fetches the home page with a timestamp', async () => {
    const urls: string[] = [];
    const { rest } = server(
      {
        fetchHome: (url) => {
          urls.push(url);
          return '';
        },
      },
      await tagging(),
    );
    await call(rest, 'GET', 'site-health-tag-placement-test');
    expect(urls).toEqual(Array(3).fill(`https://site.example/?timestamp=${NOW / 1000}`));
  });

  it.each<[string, SiteInsightsOptions]>([
    ['without a fetch', {}],
    ['when the fetch throws', doubles('threw')],
    ['when the fetch times out', { ...doubles('hang'), fetchHomeLimits: { timeoutMs: 20 } }],
    ['when the page is over the cap', { ...doubles('too-large'), fetchHomeLimits: { maxBytes: 1000 } }],
  ])('answers Site Kit’s error line for each module %s', async (_, options) => {
    const { rest, reports } = server(options, await tagging());
    const answer = await call(rest, 'GET', 'site-health-tag-placement-test');
    expect(answer.status).toBe(200);
    const line = 'There was an error while trying to get the status, please try again later.';
    expect(answer.data.description).toBe(
      `<ul><li><strong>Analytics</strong>: ${line}</li>\n<li><strong>Tag Manager</strong>: ${line}</li>\n<li><strong>AdSense</strong>: ${line}</li></ul>`,
    );
    expect(reports.length).toBe(options.fetchHome ? 3 : 0);
  });

  it('reads a hostile page in linear time: tags left open, addresses without ids, sources without quotes', async () => {
    const store = await tagging();
    await store.options.set('googlesitekit_active_modules', ['analytics-4', 'tagmanager', 'adsense', 'ads', 'reader-revenue-manager']);
    const page = [
      '<script src="https://www.googletagmanager.com/gtag/js?id=G-1" '.repeat(8000),
      `<script>${'www.googletagmanager.com/gtm "GTM-'.repeat(8000)}`,
      '<script src="?client=ca-pub-x '.repeat(8000),
      `<script src="https://news.google.com/swg/js/v1/swg-basic.js" ${'<script src="https://news.google.com/swg/js/v1/swg-basic.js" '.repeat(4000)}`,
      `gtag(${' '.repeat(100_000)}`,
    ].join('');
    const { rest } = server({ fetchHome: () => page, fetchHomeLimits: { maxBytes: 4 * 1024 * 1024 } }, store);
    const answer = await call(rest, 'GET', 'site-health-tag-placement-test');
    expect(answer.data.description).toBe(
      `<ul>${['Ads', 'Analytics', 'Tag Manager', 'AdSense', 'Reader Revenue Manager'].map((name) => `<li><strong>${name}</strong>: No tag detected.</li>`).join('\n')}</ul>`,
    );
  });

  it('is WordPress’s view_site_health_checks: whoever may install plugins, not editors', async () => {
    const { rest } = server(doubles());
    await expectRefused(rest, 'GET', 'site-health-tag-placement-test', undefined, editor, subscriber);
  });
});

describe('the health checks', () => {
  const unreachable = {
    googleAPI: {
      pass: false,
      errorMsg:
        'cURL error 6: Could not resolve host: searchconsole.googleapis.com (see https://curl.haxx.se/libcurl/c/libcurl-errors.html) for https://searchconsole.googleapis.com/webmasters/v3/sites',
    },
    skService: { pass: false, errorMsg: 'cURL error 6: Could not resolve host: sitekit.withgoogle.com' },
  };

  it('answers both checks passing on the recorded double', async () => {
    const { rest } = server(doubles());
    expect(await call(rest, 'GET', 'health-checks')).toEqual({
      status: 200,
      data: { checks: { googleAPI: { pass: true, errorMsg: '' }, skService: { pass: true, errorMsg: '' } } },
    });
  });

  it('answers as Site Kit on a server without a network when there is no callback or it throws', async () => {
    expect((await call(server().rest, 'GET', 'health-checks')).data).toEqual({ checks: unreachable });
    const failing = server(doubles('threw'));
    expect((await call(failing.rest, 'GET', 'health-checks')).data).toEqual({ checks: unreachable });
    expect(failing.reports).toHaveLength(1);
  });

  it('answers a timed-out check as cURL error 28', async () => {
    const { rest } = server({ ...doubles('hang'), healthChecksLimits: { timeoutMs: 20 } });
    const answer = await call(rest, 'GET', 'health-checks');
    expect(answer.data).toEqual({
      checks: {
        googleAPI: {
          pass: false,
          errorMsg:
            'cURL error 28: Operation timed out (see https://curl.haxx.se/libcurl/c/libcurl-errors.html) for https://searchconsole.googleapis.com/webmasters/v3/sites',
        },
        skService: { pass: false, errorMsg: 'cURL error 28: Operation timed out' },
      },
    });
  });

  it('answers only Site Kit’s two fields of what the host answered', async () => {
    const { rest } = server({
      healthChecks: () =>
        ({ googleAPI: { pass: true, errorMsg: '', extra: 1 }, skService: { pass: false, errorMsg: 'connection_fail' } }) as never,
    });
    expect((await call(rest, 'GET', 'health-checks')).data).toEqual({
      checks: { googleAPI: { pass: true, errorMsg: '' }, skService: { pass: false, errorMsg: 'connection_fail' } },
    });
  });

  it('is refused to anonymous callers and to editors in no shared role', async () => {
    const { rest } = server(doubles());
    await expectRefused(rest, 'GET', 'health-checks', undefined, editor);
  });
});

describe('consent mode', () => {
  it('answers Site Kit’s defaults: off, in the countries of Google’s EU user consent policy', async () => {
    const { rest, store } = server();
    await signIn(store);
    const answer = await call(rest, 'GET', 'consent-mode');
    expect(answer.status).toBe(200);
    expect(answer.data.enabled).toBe(false);
    expect(answer.data.regions).toHaveLength(32);
    expect(answer.data.regions).toEqual(expect.arrayContaining(['AT', 'CH', 'GB', 'IS', 'LI', 'NO', 'SK']));
  });

  it('keeps the regions upper-cased, ISO 3166-2 codes only, each once, and ignores an empty list', async () => {
    const { rest, store } = server();
    await signIn(store);
    const written = await call(rest, 'POST', 'consent-mode', {
      data: { settings: { enabled: true, regions: ['de', 'es-ct', 'DE', 'ß', 'fr-75', 'usa'] } },
    });
    expect(written).toEqual({ status: 200, data: { enabled: true, regions: ['DE', 'ES-CT'] } });
    expect(await call(rest, 'PUT', 'consent-mode', { data: { settings: { regions: [] } } })).toEqual({
      status: 200,
      data: { enabled: true, regions: ['DE', 'ES-CT'] },
    });
    expect(await store.options.get('googlesitekit_consent_mode')).toEqual({ enabled: true, regions: ['DE', 'ES-CT'] });
  });

  it.each([
    'spec-site-insights-consent-missing-data',
    'spec-site-insights-consent-empty-settings',
    'spec-site-insights-consent-extra',
    'spec-site-insights-consent-bad-bool',
  ])('answers WordPress’s recorded refusal of an invalid write, even to an anonymous caller (%s)', async (id) => {
    const recording = recorded(id);
    const { rest, store } = server();
    const answer = await call(rest, recording.request.method, 'consent-mode', recording.request.body, null);
    expect({ status: answer.status, data: answer.data }).toEqual({ status: recording.status, data: recording.body });
    expect(await store.options.get('googlesitekit_consent_mode')).toBeUndefined();
  });

  it('is refused to an administrator not signed in with Google, to editors and to anonymous callers', async () => {
    const { rest } = server();
    await expectRefused(rest, 'GET', 'consent-mode', undefined, administrator, editor);
    await expectRefused(rest, 'POST', 'consent-mode', { data: { settings: { enabled: true } } }, administrator, editor);
  });
});

describe('Ads measurement and conversion tracking', () => {
  it('answers Ads measurement connected through a connected Ads module, or Analytics linked to Ads', async () => {
    const { rest, store } = server();
    await signIn(store);
    expect(await call(rest, 'GET', 'ads-measurement-status')).toEqual({ status: 200, data: { connected: false } });
    await store.options.set('googlesitekit_active_modules', ['analytics-4']);
    const analytics = { accountID: '1', propertyID: '2', webDataStreamID: '3', measurementID: 'G-1' };
    await store.options.set('googlesitekit_analytics-4_settings', { ...analytics, googleTagContainerDestinationIDs: ['G-1', 'aw-12'] });
    expect((await call(rest, 'GET', 'ads-measurement-status')).data).toEqual({ connected: true });
    await store.options.set('googlesitekit_analytics-4_settings', { ...analytics, adsLinked: false });
    expect((await call(rest, 'GET', 'ads-measurement-status')).data).toEqual({ connected: false });
    await store.options.set('googlesitekit_active_modules', ['ads']);
    await store.options.set('googlesitekit_ads_settings', { conversionID: 'AW-1' });
    expect((await call(rest, 'GET', 'ads-measurement-status')).data).toEqual({ connected: true });
    await expectRefused(rest, 'GET', 'ads-measurement-status', undefined, editor);
  });

  it('turns conversion tracking on in its option, over its default', async () => {
    const { rest, store } = server();
    await signIn(store);
    expect(await call(rest, 'GET', 'conversion-tracking')).toEqual({ status: 200, data: { enabled: false } });
    expect(await call(rest, 'POST', 'conversion-tracking', { data: { settings: { enabled: true } } })).toEqual({
      status: 200,
      data: { enabled: true },
    });
    expect(await store.options.get('googlesitekit_conversion_tracking')).toEqual({ enabled: true });
  });

  it('refuses a conversion tracking write without `enabled`, or with one that is no boolean', async () => {
    const { rest, store } = server();
    await signIn(store);
    expect(await call(rest, 'POST', 'conversion-tracking', { data: { settings: {} } })).toMatchObject({
      status: 400,
      data: { code: 'rest_invalid_param' },
    });
    expect(await call(rest, 'POST', 'conversion-tracking', { data: { settings: { enabled: 'yes please' } } })).toMatchObject({
      status: 400,
      data: { code: 'rest_invalid_param' },
    });
    expect(await store.options.get('googlesitekit_conversion_tracking')).toBeUndefined();
  });

  it('refuses conversion tracking to an administrator not signed in, to editors and to anonymous callers', async () => {
    const { rest } = server();
    await expectRefused(rest, 'GET', 'conversion-tracking', undefined, administrator, editor);
    await expectRefused(rest, 'PATCH', 'conversion-tracking', { data: { settings: { enabled: true } } }, administrator, editor);
  });
});

describe('the site settings on PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-rest-site-insights-site-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('are answered after the store is closed and opened again, and reset there', async () => {
    const first = await pgliteStore({ dataDir });
    try {
      await signIn(first);
      const { rest } = server({}, first);
      await call(rest, 'POST', 'consent-mode', { data: { settings: { enabled: true, regions: ['ch'] } } });
      await call(rest, 'POST', 'admin-bar-settings', { data: { enabled: false } });
      await call(rest, 'POST', 'conversion-tracking', { data: { settings: { enabled: true } } });
    } finally {
      await first.close();
    }
    const reopened = await pgliteStore({ dataDir });
    try {
      const { rest } = server({}, reopened);
      expect((await call(rest, 'GET', 'consent-mode')).data).toEqual({ enabled: true, regions: ['CH'] });
      expect((await call(rest, 'GET', 'admin-bar-settings')).data).toEqual({ enabled: false });
      expect((await call(rest, 'GET', 'conversion-tracking')).data).toEqual({ enabled: true });
      await reopened.userMeta.add(1, 'googlesitekitpersistent_dismissed_items', { tour: 0 });
      expect(await call(rest, 'POST', 'reset')).toEqual({ status: 200, data: true });
      expect(await reopened.options.get('googlesitekit_consent_mode')).toBeUndefined();
      expect(await reopened.userMeta.get(1, 'googlesitekit_access_token')).toEqual([]);
      expect(await reopened.userMeta.get(1, 'googlesitekitpersistent_dismissed_items')).toEqual([{ tour: 0 }]);
    } finally {
      await reopened.close();
    }
  });
});
