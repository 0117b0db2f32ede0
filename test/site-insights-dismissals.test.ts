// site-insights/v1's dismissals (Site Kit 1.184's Core/Dismissals, Core/Expirables,
// Core/Feature_Tours and Core/Prompts) through `inject`: each route's answer and its refusals as
// Site Kit writes them, expiry on an injected clock, who may call each route (an administrator
// before and after the Google sign-in, an editor with and without a shared dashboard, a
// subscriber, nobody), concurrent dismissals all kept, and the user options across a PGlite restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createRestServer, memoryStore, siteInsights, type RestServer, type RestUser, type SiteStore } from '../src/index.js';
import { pgliteStore } from '../src/store.js';
import { userWith } from './helpers/users.js';

const NS = '/site-insights/v1/core/user/data';
const SITE = { name: 'Insights', url: 'https://insights.example' };
/** The injected clock, in seconds; tests move it. */
let clock = Date.UTC(2026, 10, 29, 12) / 1000;
const START = clock;

const admin = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const author = userWith(3, 'author');
const subscriber = userWith(4, 'subscriber');

function serverOn(store: SiteStore): RestServer {
  return createRestServer({ site: SITE, store, namespaces: [siteInsights({ now: () => clock * 1000 })], onError: () => {} });
}

/** Site Kit set up, and `user` signed in with Google and (as an administrator must be) verified. */
async function signIn(store: SiteStore, user: RestUser): Promise<void> {
  await store.options.set('googlesitekit_credentials', { oauth2_client_id: 'client', oauth2_client_secret: 'secret' });
  await store.userMeta.update(user.id, 'googlesitekit_access_token', 'token');
  await store.userMeta.update(user.id, 'googlesitekit_site_verified_meta', 'verified');
}

/** Search Console's data shared with editors on the dashboard (set-up complete, the admin its owner). */
async function shareWithEditors(store: SiteStore): Promise<void> {
  await signIn(store, admin);
  await store.options.set('googlesitekit_dashboard_sharing', { 'search-console': { sharedRoles: ['editor'], management: 'owner' } });
}

/** The four users, ids 1 to 4 in the order of `admin`, `editor`, `author` and `subscriber`. */
async function addUsers(on: SiteStore): Promise<void> {
  for (const role of ['administrator', 'editor', 'author', 'subscriber'])
    await on.users.insert({ user_login: role, user_email: `${role}@insights.example`, roles: [role] });
}

let store: SiteStore;
let rest: RestServer;

beforeEach(async () => {
  clock = START;
  store = memoryStore();
  await addUsers(store);
  rest = serverOn(store);
});

/** A call as `user` (null: anonymous), a body sent as JSON. */
async function call<T = unknown>(method: string, route: string, user: RestUser | null = admin, body?: unknown) {
  const answer = await rest.inject({
    method,
    path: `${NS}/${route}`,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    ...(user ? { user } : {}),
  });
  return { status: answer.status, data: answer.data as T };
}

const userOption = async (id: number, name: string) => (await store.userMeta.get(id, name))[0];

describe('dismissed items', () => {
  it('lists the slugs dismissed for ever and those whose time has not passed, and drops the others at the next write', async () => {
    expect(await call('GET', 'dismissed-items')).toEqual({ status: 200, data: [] });
    expect((await call('POST', 'dismiss-item', admin, { data: { slug: 'forever' } })).data).toEqual(['forever']);
    expect((await call('POST', 'dismiss-item', admin, { data: { slug: 'hour', expiration: 3600 } })).data).toEqual(['forever', 'hour']);
    expect(await userOption(1, 'googlesitekitpersistent_dismissed_items')).toEqual({ forever: 0, hour: START + 3600 });

    clock = START + 3600;
    expect((await call('GET', 'dismissed-items')).data).toEqual(['forever']);
    // Read-only: the expired item stays stored until a write filters it out.
    expect(await userOption(1, 'googlesitekitpersistent_dismissed_items')).toEqual({ forever: 0, hour: START + 3600 });
    await call('POST', 'dismiss-item', admin, { data: { slug: 'next', expiration: '60' } });
    expect(await userOption(1, 'googlesitekitpersistent_dismissed_items')).toEqual({ forever: 0, next: clock + 60 });
  });

  it('dismisses for ever when the expiration is not a positive number, and answers a numeric slug as PHP keys it', async () => {
    for (const expiration of [0, -5, 'soon', '0.5', null, []])
      await call('POST', 'dismiss-item', admin, { data: { slug: `s${String(expiration)}`, expiration } });
    const stored = (await userOption(1, 'googlesitekitpersistent_dismissed_items')) as Record<string, number>;
    expect(Object.values(stored)).toEqual([0, 0, 0, 0, 0, 0]);
    expect((await call('POST', 'dismiss-item', admin, { data: { slug: 42 } })).data).toEqual(expect.arrayContaining([42]));
  });

  it('refuses a dismissal without a slug as Site Kit does', async () => {
    const missing = { code: 'missing_required_param', message: 'Request parameter is empty: slug.', data: { status: 400 } };
    for (const data of [{}, { slug: '' }, { slug: '0' }, { expiration: 10 }, ['slug']])
      expect(await call('POST', 'dismiss-item', admin, { data })).toEqual({ status: 400, data: missing });
    expect((await call('POST', 'dismiss-item', admin, {})).data).toMatchObject({ code: 'rest_missing_callback_param' });
    expect((await call('POST', 'dismiss-item', admin, { data: 'x' })).data).toMatchObject({ code: 'rest_invalid_param' });
    // A list or object where PHP wants an array key (a fatal error there) is refused as invalid.
    expect(await call('POST', 'dismiss-item', admin, { data: { slug: ['a'] } })).toEqual({
      status: 400,
      data: { code: 'rest_invalid_param', message: 'Invalid parameter: slug.', data: { status: 400 } },
    });
    expect((await call('POST', 'dismiss-item', admin, { data: { slug: 'a', expiration: [1] } })).data).toMatchObject({
      message: 'Invalid parameter: expiration.',
    });
    expect(await userOption(1, 'googlesitekitpersistent_dismissed_items')).toBeUndefined();
  });

  it('removes the listed slugs and answers the rest', async () => {
    for (const slug of ['a', 'b', 'c']) await call('POST', 'dismiss-item', admin, { data: { slug } });
    expect(await call('DELETE', 'dismissed-items', admin, { data: { slugs: ['a', 'c', 'never-dismissed'] } })).toEqual({
      status: 200,
      data: ['b'],
    });
    expect(await userOption(1, 'googlesitekitpersistent_dismissed_items')).toEqual({ b: 0 });
  });

  it("refuses a removal without slugs: WordPress's schema first (slugs required), then Site Kit's own check of an empty list", async () => {
    expect(await call('DELETE', 'dismissed-items', admin, { data: { slugs: [] } })).toEqual({
      status: 400,
      data: { code: 'rest_invalid_param', message: 'Invalid parameter: data.', data: { status: 400 } },
    });
    expect((await call('DELETE', 'dismissed-items', admin, { data: {} })).data).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { data: 'slugs is a required property of data.' } },
    });
    expect((await call('DELETE', 'dismissed-items', admin, { data: { slug: ['a'] } })).data).toMatchObject({ code: 'rest_invalid_param' });
    expect((await call('DELETE', 'dismissed-items', admin, { data: { slugs: [1] } })).data).toMatchObject({ code: 'rest_invalid_param' });
    expect((await call('DELETE', 'dismissed-items', admin)).data).toMatchObject({ code: 'rest_missing_callback_param' });
  });

  it('keeps both of two dismissals sent at once', async () => {
    const slugs = Array.from({ length: 8 }, (_, i) => `item-${i}`);
    await Promise.all(slugs.map((slug) => call('POST', 'dismiss-item', admin, { data: { slug } })));
    expect((await call<string[]>('GET', 'dismissed-items')).data.sort()).toEqual(slugs);
  });
});

describe('expirable items', () => {
  it('starts timers in seconds from now and answers every stored timer, expired ones too', async () => {
    await signIn(store, admin);
    expect(await call('GET', 'expirable-items')).toEqual({ status: 200, data: [] });
    const set = await call('POST', 'set-expirable-item-timers', admin, {
      data: [
        { slug: 'a', expiration: 10 },
        { slug: 'b', expiration: '20' },
      ],
    });
    expect(set).toEqual({ status: 200, data: { a: START + 10, b: START + 20 } });
    clock = START + 100;
    expect((await call('GET', 'expirable-items')).data).toEqual({ a: START + 10, b: START + 20 });
    expect((await call('POST', 'set-expirable-item-timers', admin, { data: [{ slug: 'a', expiration: 5 }] })).data).toEqual({
      a: clock + 5,
      b: START + 20,
    });
  });

  it('refuses items as Site Kit does, keeping the ones before a refused item as its one write per item does', async () => {
    await signIn(store, admin);
    expect(await call('POST', 'set-expirable-item-timers', admin, { data: [] })).toEqual({
      status: 400,
      data: { code: 'missing_required_param', message: 'Request parameter is empty: items.', data: { status: 400 } },
    });
    expect(
      await call('POST', 'set-expirable-item-timers', admin, {
        data: [
          { slug: 'kept', expiration: 5 },
          { slug: '', expiration: 5 },
        ],
      }),
    ).toEqual({
      status: 400,
      data: { code: 'missing_required_param', message: 'Request parameter is empty: slug.', data: { status: 400 } },
    });
    expect(await call('POST', 'set-expirable-item-timers', admin, { data: [{ slug: 'zero', expiration: 0 }] })).toEqual({
      status: 400,
      data: { code: 'missing_required_param', message: 'Request parameter is invalid: expiration.', data: { status: 400 } },
    });
    expect(await userOption(1, 'googlesitekitpersistent_expirable_items')).toEqual({ kept: START + 5 });
    for (const data of [
      [{ slug: 'a' }],
      [{ slug: 'a', expiration: 1.5 }],
      [{ slug: 'a', expiration: 1, extra: 1 }],
      [{ expiration: 1 }],
      { slug: 'a' },
    ])
      expect((await call('POST', 'set-expirable-item-timers', admin, { data })).data).toMatchObject({ code: 'rest_invalid_param' });
  });
});

describe('dismissed tours', () => {
  it('adds each tour once and lists them in the order dismissed', async () => {
    expect(await call('GET', 'dismissed-tours')).toEqual({ status: 200, data: [] });
    await call('POST', 'dismiss-tour', admin, { data: { slug: 'dashboard' } });
    await call('POST', 'dismiss-tour', admin, { data: { slug: 7 } });
    expect(await call('POST', 'dismiss-tour', admin, { data: { slug: 'dashboard' } })).toEqual({ status: 200, data: ['dashboard', 7] });
    expect((await call('POST', 'dismiss-tour', admin, { data: { slug: '7' } })).data).toEqual(['dashboard', 7]);
    expect(await call('POST', 'dismiss-tour', admin, { data: { slug: '' } })).toEqual({
      status: 400,
      data: { code: 'missing_required_param', message: 'Request parameter is empty: slug.', data: { status: 400 } },
    });
    expect((await call('POST', 'dismiss-tour', admin, { data: { slug: { a: 1 } } })).data).toMatchObject({
      message: 'Invalid parameter: slug.',
    });
  });
});

describe('dismissed prompts', () => {
  it('counts each dismissal and sets its expiry from now, 0 for ever', async () => {
    expect(await call('GET', 'dismissed-prompts')).toEqual({ status: 200, data: [] });
    expect((await call('POST', 'dismiss-prompt', admin, { data: { slug: 'ads', expiration: 600 } })).data).toEqual({
      ads: { expires: START + 600, count: 1 },
    });
    clock = START + 1000;
    expect((await call('POST', 'dismiss-prompt', admin, { data: { slug: 'ads' } })).data).toEqual({ ads: { expires: 0, count: 2 } });
    await call('POST', 'dismiss-prompt', admin, { data: { slug: 'other', expiration: 5 } });
    clock = START + 2000;
    // Expired prompts stay listed: the dashboard compares `expires` itself.
    expect((await call('GET', 'dismissed-prompts')).data).toEqual({
      ads: { expires: 0, count: 2 },
      other: { expires: START + 1005, count: 1 },
    });
    expect((await call('POST', 'dismiss-prompt', admin, { data: {} })).data).toMatchObject({ code: 'missing_required_param' });
  });

  it('keeps every count of dismissals sent at once', async () => {
    await Promise.all(Array.from({ length: 6 }, () => call('POST', 'dismiss-prompt', admin, { data: { slug: 'busy' } })));
    expect((await call('GET', 'dismissed-prompts')).data).toEqual({ busy: { expires: 0, count: 6 } });
  });
});

describe('who may dismiss', () => {
  const reads = ['dismissed-items', 'dismissed-prompts', 'dismissed-tours', 'expirable-items'];
  const writes: Array<[string, unknown]> = [
    ['dismiss-item', { data: { slug: 'x' } }],
    ['dismiss-prompt', { data: { slug: 'x' } }],
    ['dismiss-tour', { data: { slug: 'x' } }],
    ['set-expirable-item-timers', { data: [{ slug: 'x', expiration: 5 }] }],
  ];
  const statuses = async (user: RestUser | null) => {
    const answers = await Promise.all([
      ...reads.map((route) => call('GET', route, user)),
      ...writes.map(([route, body]) => call('POST', route, user, body)),
      call('DELETE', 'dismissed-items', user, { data: { slugs: ['x'] } }),
    ]);
    return answers.map((answer) => answer.status);
  };
  //                     items prompts tours expirable | item prompt tour timers | undismiss

  it('refuses nobody with 401 and a subscriber or author with 403', async () => {
    await shareWithEditors(store);
    expect(await statuses(null)).toEqual(Array(9).fill(401));
    const anonymous = await call('GET', 'dismissed-items', null);
    expect(anonymous.data).toMatchObject({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.' });
    expect(await statuses(subscriber)).toEqual(Array(9).fill(403));
    expect(await statuses(author)).toEqual(Array(9).fill(403));
  });

  it('lets an administrator dismiss before signing in with Google, and use expirable items only after', async () => {
    expect(await statuses(admin)).toEqual([200, 200, 200, 403, 200, 200, 200, 403, 200]);
    await signIn(store, admin);
    expect(await statuses(admin)).toEqual(Array(9).fill(200));
  });

  it('lets an editor in a shared role dismiss the splash, then use the shared dashboard', async () => {
    expect(await statuses(editor)).toEqual(Array(9).fill(403));
    await shareWithEditors(store);
    // Splash not yet dismissed: items and prompts (view_splash) only.
    expect(await statuses(editor)).toEqual([200, 200, 403, 403, 200, 200, 403, 403, 200]);
    await call('POST', 'dismiss-item', editor, { data: { slug: 'shared_dashboard_splash' } });
    expect(await statuses(editor)).toEqual(Array(9).fill(200));
  });
});

describe('on PGlite', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps dismissed items, expirable items, tours and prompts across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'site-insights-dismissals-'));
    dirs.push(dataDir);
    const first = await pgliteStore({ dataDir });
    store = first;
    await addUsers(first);
    rest = serverOn(first);
    await signIn(first, admin);
    await call('POST', 'dismiss-item', admin, { data: { slug: 'kept', expiration: 60 } });
    await call('POST', 'set-expirable-item-timers', admin, { data: [{ slug: 'timer', expiration: 30 }] });
    await call('POST', 'dismiss-tour', admin, { data: { slug: 'tour' } });
    await call('POST', 'dismiss-prompt', admin, { data: { slug: 'prompt' } });
    await first.close();

    const second = await pgliteStore({ dataDir });
    try {
      store = second;
      rest = serverOn(second);
      expect((await call('GET', 'dismissed-items')).data).toEqual(['kept']);
      expect((await call('GET', 'expirable-items')).data).toEqual({ timer: START + 30 });
      expect((await call('GET', 'dismissed-tours')).data).toEqual(['tour']);
      expect((await call('POST', 'dismiss-prompt', admin, { data: { slug: 'prompt' } })).data).toEqual({
        prompt: { expires: 0, count: 2 },
      });
      clock = START + 61;
      expect((await call('GET', 'dismissed-items')).data).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
