// `site-insights/v1`'s e-mail reporting group through `inject`: the site's switch, the eligible and
// subscribed users paged and searched, the invitation on the recorded mail double (failing, timing
// out, rate-limited across two servers on one store), the latest batch's error from the e-mail log,
// and each user's subscription with its confirmation filed for WP-Cron, per role and across a
// PGlite restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createRestServer,
  memoryStore,
  siteInsights,
  siteInsightsStorageOn,
  type OutgoingMail,
  type RestUser,
  type SiteInsightsOptions,
  type SiteStore,
} from '../src/index.js';
import { pgliteStore } from '../src/store.js';
import { packagedFixtures, serviceDoubles, serviceRecordings } from '../src/cli/fixtures.js';
import type { DoubleMode } from '../src/namespaces/recorded-double.js';
import { userWith } from './helpers/users.js';

const NS = '/site-insights/v1';
const SITE = { name: 'Garden', url: 'https://garden.test', home: 'https://garden.test', gmt_offset: '0' };
/** Wednesday 25 November 2026, 12:00 UTC. */
const NOW = Date.UTC(2026, 10, 25, 12);

const alice = userWith(1, 'administrator');
const bob = userWith(2, 'administrator');
const dave = userWith(4, 'editor');
const erin = userWith(5, 'author');
const sam = userWith(6, 'subscriber');

/** The packaged mail double, switched to `mode`, each mail it is handed kept in `outbox`. */
function mailDouble(outbox: OutgoingMail[], mode: DoubleMode = 'recorded') {
  const recorded = serviceRecordings(packagedFixtures());
  recorded['site-insights/mail'].mode = mode;
  const double = serviceDoubles(recorded)['site-insights/mail'];
  return (mail: OutgoingMail) => (outbox.push(mail), double(mail));
}

/**
 * A set-up site: Alice and Bob administrators signed in with Google, Carol an administrator who
 * never signed in, Dave an editor in the role Analytics is shared with (splash seen), Erin an
 * author, Sam a subscriber.
 */
async function seed(store: SiteStore): Promise<void> {
  const people: [string, string, string][] = [
    ['alice', 'Alice Admin', 'administrator'],
    ['bob', 'Bob Boss', 'administrator'],
    ['carol', 'Carol Never', 'administrator'],
    ['dave', 'Dave Editor', 'editor'],
    ['erin', 'Erin Author', 'author'],
    ['sam', 'Sam Reader', 'subscriber'],
  ];
  for (const [login, name, role] of people) {
    await store.users.insert({ user_login: login, display_name: name, user_email: `${login}@garden.test`, roles: [role] });
  }
  await store.options.set('googlesitekit_credentials', { oauth2_client_id: 'id', oauth2_client_secret: 'secret' });
  await store.options.set('googlesitekit_dashboard_sharing', { 'analytics-4': { sharedRoles: ['editor'], management: 'owner' } });
  await store.options.set('admin_email', 'owner@garden.test');
  for (const id of [1, 2]) {
    await store.userMeta.update(id, 'googlesitekit_access_token', 'token');
    await store.userMeta.update(id, 'googlesitekit_site_verified_meta', 'verified');
  }
  await store.userMeta.update(4, 'googlesitekitpersistent_dismissed_items', { shared_dashboard_splash: 0 });
}

/** A server mounting site-insights over `store`, its mail on the double unless the options say otherwise. */
function server(store: SiteStore, options: SiteInsightsOptions = {}, outbox: OutgoingMail[] = []) {
  return createRestServer({
    site: SITE,
    store,
    namespaces: [siteInsights({ now: () => NOW, sendMail: mailDouble(outbox), ...options })],
    onError: () => {},
  });
}

async function setup(options: SiteInsightsOptions = {}) {
  const store = memoryStore({ now: () => NOW });
  await seed(store);
  const outbox: OutgoingMail[] = [];
  return { store, outbox, rest: server(store, options, outbox) };
}

type Rest = ReturnType<typeof server>;
const get = (rest: Rest, path: string, user: RestUser | null, query?: Record<string, string>) =>
  rest.inject({ method: 'GET', path: NS + path, user, ...(query ? { query } : {}) });
const post = (rest: Rest, path: string, user: RestUser | null, body: unknown) =>
  rest.inject({ method: 'POST', path: NS + path, user, body });

describe('core/site/data/email-reporting', () => {
  it('answers {enabled: true} until an administrator turns it off, and keeps the change', async () => {
    const { rest, store } = await setup();
    expect((await get(rest, '/core/site/data/email-reporting', dave)).data).toEqual({ enabled: true });
    const off = await post(rest, '/core/site/data/email-reporting', alice, { data: { settings: { enabled: false } } });
    expect([off.status, off.data]).toEqual([200, { enabled: false }]);
    expect(await store.options.get('googlesitekit_email_reporting')).toEqual({ enabled: false });
    expect((await get(rest, '/core/site/data/email-reporting', alice)).data).toEqual({ enabled: false });
  });

  it('refuses settings that are empty, hold another key or a non-boolean', async () => {
    const { rest } = await setup();
    for (const settings of [{}, { enabled: true, other: 1 }, { enabled: 'maybe' }]) {
      const answer = await post(rest, '/core/site/data/email-reporting', alice, { data: { settings } });
      expect([answer.status, (answer.data as { code: string }).code]).toEqual([400, 'rest_invalid_param']);
    }
  });

  it('lets those who see the dashboard read it and only administrators change it', async () => {
    const { rest } = await setup();
    expect((await get(rest, '/core/site/data/email-reporting', null)).status).toBe(401);
    expect((await get(rest, '/core/site/data/email-reporting', sam)).status).toBe(403);
    expect((await get(rest, '/core/site/data/email-reporting', erin)).status).toBe(403);
    const body = { data: { settings: { enabled: false } } };
    expect((await post(rest, '/core/site/data/email-reporting', null, body)).status).toBe(401);
    expect((await post(rest, '/core/site/data/email-reporting', dave, body)).status).toBe(403);
  });
});

describe('core/site/data/email-reporting-eligible-subscribers', () => {
  const ROUTE = '/core/site/data/email-reporting-eligible-subscribers';

  it('lists signed-in administrators, then users of the shared roles, never the caller', async () => {
    const { rest } = await setup();
    const answer = await get(rest, ROUTE, alice);
    expect(answer.data).toEqual({
      users: [
        {
          id: 2,
          displayName: 'Bob Boss',
          email: 'bob@garden.test',
          role: 'administrator',
          roleDisplayName: 'Administrator',
          subscribed: false,
          invited: false,
        },
        {
          id: 4,
          displayName: 'Dave Editor',
          email: 'dave@garden.test',
          role: 'editor',
          roleDisplayName: 'Editor',
          subscribed: false,
          invited: false,
        },
      ],
      total: 2,
      totalPages: 1,
    });
  });

  it('searches display names, e-mail addresses and role names, and pages the result', async () => {
    const { rest } = await setup();
    const ids = async (query: Record<string, string>) =>
      ((await get(rest, ROUTE, alice, query)).data as { users: { id: number }[] }).users.map((user) => user.id);
    expect(await ids({ search: 'dave' })).toEqual([4]);
    expect(await ids({ search: 'BOB@GARDEN' })).toEqual([2]);
    expect(await ids({ search: 'Edit' })).toEqual([4]);
    expect(await ids({ search: 'administ' })).toEqual([2]);
    expect(await ids({ search: 'nobody' })).toEqual([]);
    expect(await ids({ search: 'x'.repeat(300) })).toEqual([]);
    const second = await get(rest, ROUTE, alice, { per_page: '1', page: '2' });
    expect(second.data).toMatchObject({ users: [{ id: 4 }], total: 2, totalPages: 2 });
    expect(((await get(rest, ROUTE, alice, { page: '9' })).data as { users: unknown[] }).users).toEqual([]);
  });

  it('leaves out subscribed users and marks invited ones', async () => {
    const { rest, store } = await setup();
    await store.userMeta.update(2, 'googlesitekit_email_reporting_settings', { subscribed: true, frequency: 'weekly' });
    await store.transients.set('googlesitekit_email_reporting_invite_user_4', 1, 60);
    expect((await get(rest, ROUTE, alice)).data).toMatchObject({ users: [{ id: 4, invited: true }], total: 1 });
  });

  it('refuses a page size over 100 or under 1, and a page under 1', async () => {
    const { rest } = await setup();
    for (const query of [{ per_page: '101' }, { per_page: '0' }, { page: '0' }] as Record<string, string>[]) {
      expect((await get(rest, ROUTE, alice, query)).status).toBe(400);
    }
  });

  it('answers administrators only', async () => {
    const { rest } = await setup();
    expect((await get(rest, ROUTE, null)).status).toBe(401);
    for (const user of [sam, erin, dave]) expect((await get(rest, ROUTE, user)).status).toBe(403);
  });
});

describe('core/site/data/email-reporting-subscribed-users and -unsubscribe-user', () => {
  it('lists subscribed users and lets an administrator unsubscribe one', async () => {
    const { rest, store } = await setup();
    await store.userMeta.update(4, 'googlesitekit_email_reporting_settings', { subscribed: true, frequency: 'monthly' });
    const listed = await get(rest, '/core/site/data/email-reporting-subscribed-users', alice);
    expect(listed.data).toMatchObject({ users: [{ id: 4, subscribed: true }], total: 1, totalPages: 1 });
    const done = await post(rest, '/core/site/data/email-reporting-unsubscribe-user', alice, { data: { userID: 4 } });
    expect([done.status, done.data]).toEqual([200, { success: true }]);
    expect((await store.userMeta.get(4, 'googlesitekit_email_reporting_settings'))[0]).toEqual({ subscribed: false, frequency: 'monthly' });
    expect((await get(rest, '/core/site/data/email-reporting-subscribed-users', alice)).data).toMatchObject({
      users: [],
      total: 0,
      totalPages: 0,
    });
  });

  it('refuses an unknown or missing user id, and callers who are not administrators', async () => {
    const { rest } = await setup();
    const unknown = await post(rest, '/core/site/data/email-reporting-unsubscribe-user', alice, { data: { userID: 99 } });
    expect([unknown.status, (unknown.data as { code: string }).code]).toEqual([400, 'email_reporting_invalid_user_id']);
    expect((await post(rest, '/core/site/data/email-reporting-unsubscribe-user', alice, { data: {} })).status).toBe(400);
    expect((await post(rest, '/core/site/data/email-reporting-unsubscribe-user', null, { data: { userID: 4 } })).status).toBe(401);
    expect((await post(rest, '/core/site/data/email-reporting-unsubscribe-user', dave, { data: { userID: 4 } })).status).toBe(403);
    expect((await get(rest, '/core/site/data/email-reporting-subscribed-users', dave)).status).toBe(403);
  });
});

describe('core/site/data/email-reporting-invite-user', () => {
  const ROUTE = '/core/site/data/email-reporting-invite-user';

  it('mails the invitation on the recorded double and answers {success: true}', async () => {
    const { rest, outbox } = await setup();
    const answer = await post(rest, ROUTE, alice, { data: { userID: 4 } });
    expect([answer.status, answer.data]).toEqual([200, { success: true }]);
    expect(outbox).toHaveLength(1);
    const mail = outbox[0]!;
    expect(mail).toMatchObject({
      sender: 'Site Kit <owner@garden.test>',
      recipient: 'dave@garden.test',
      subject: 'Invitation to receive Site Kit reports for garden.test',
      useHtml: true,
    });
    expect(mail.body).toContain(
      '<a href="mailto:alice@garden.test">alice@garden.test</a> invited you to receive periodic performance reports',
    );
    expect(mail.body).toContain(
      'https://garden.test/wp-admin/index.php?action=googlesitekit_go&amp;to=manage-subscription-email-reporting',
    );
  });

  it('escapes what users wrote into the mail', async () => {
    const { rest, store, outbox } = await setup();
    await store.users.update(1, { user_email: '<b>@x' });
    await store.options.set('admin_email', 'a"<script>@garden.test');
    await post(rest, ROUTE, alice, { data: { userID: 4 } });
    expect(outbox[0]!.body).not.toContain('<script>');
    expect(outbox[0]!.body).toContain('a&quot;&lt;script&gt;@garden.test');
  });

  it('answers each of Site Kit\u2019s four refusals', async () => {
    const { rest, store } = await setup();
    await store.userMeta.update(2, 'googlesitekit_email_reporting_settings', { subscribed: true });
    const refusal = async (userID: number) => {
      const answer = await post(rest, ROUTE, alice, { data: { userID } });
      return [answer.status, answer.data];
    };
    expect(await refusal(99)).toEqual([
      400,
      { code: 'email_reporting_invalid_user_id', message: 'Invalid user ID.', data: { status: 400, success: false } },
    ]);
    expect(await refusal(2)).toEqual([
      400,
      {
        code: 'email_reporting_user_already_subscribed',
        message: 'The user is already subscribed to email reports.',
        data: { status: 400, success: false },
      },
    ]);
    for (const ineligible of [3, 5, 6, 1]) {
      expect(await refusal(ineligible)).toEqual([
        400,
        {
          code: 'email_reporting_ineligible_user',
          message: 'The provided user is not eligible for invitation.',
          data: { status: 400, success: false },
        },
      ]);
    }
    expect(await refusal(4)).toEqual([200, { success: true }]);
    expect(await refusal(4)).toEqual([
      429,
      {
        code: 'email_reporting_invite_rate_limited',
        message: 'An invitation has already been sent to this user recently.',
        data: { status: 429, success: false },
      },
    ]);
  });

  it('rate-limits through the store, so a second server on it answers 429 for a day', async () => {
    let clock = NOW;
    const store = memoryStore({ now: () => clock });
    await seed(store);
    const outbox: OutgoingMail[] = [];
    const [one, two] = [server(store, {}, outbox), server(store, {}, outbox)];
    expect((await post(one, ROUTE, alice, { data: { userID: 4 } })).status).toBe(200);
    expect((await post(two, ROUTE, bob, { data: { userID: 4 } })).status).toBe(429);
    expect(
      ((await get(two, '/core/site/data/email-reporting-eligible-subscribers', bob)).data as { users: { invited: boolean }[] }).users,
    ).toMatchObject([
      { id: 1, invited: false },
      { id: 4, invited: true },
    ]);
    clock += 86_399_000;
    expect((await post(two, ROUTE, bob, { data: { userID: 4 } })).status).toBe(429);
    clock += 2_000;
    expect((await post(two, ROUTE, bob, { data: { userID: 4 } })).status).toBe(200);
    expect(outbox.map((mail) => mail.recipient)).toEqual(['dave@garden.test', 'dave@garden.test']);
  });

  it('answers 500 wp_mail_failed when the mail fails, times out or has nowhere to go, and sets no rate limit', async () => {
    const failed = { code: 'wp_mail_failed', message: 'Failed to send email.', data: { status: 500, success: false } };
    for (const options of [
      { sendMail: mailDouble([], 'threw') },
      { sendMail: mailDouble([], 'hang'), mailLimits: { timeoutMs: 20 } },
      { sendMail: async () => false },
    ] as SiteInsightsOptions[]) {
      const { rest, store } = await setup(options);
      const answer = await post(rest, ROUTE, alice, { data: { userID: 4 } });
      expect([answer.status, answer.data]).toEqual([500, failed]);
      expect(await store.transients.get('googlesitekit_email_reporting_invite_user_4')).toBeUndefined();
    }
    const store = memoryStore();
    await seed(store);
    const unconfigured = createRestServer({ site: SITE, store, namespaces: [siteInsights()], onError: () => {} });
    expect((await post(unconfigured, ROUTE, alice, { data: { userID: 4 } })).data).toEqual(failed);
  });

  it('validates the user id before anything else, and answers administrators only', async () => {
    const { rest } = await setup();
    for (const data of [{}, { userID: 0 }, { userID: 'x' }]) {
      expect((await post(rest, ROUTE, alice, { data })).status).toBe(400);
    }
    expect((await post(rest, ROUTE, null, { data: { userID: 4 } })).status).toBe(401);
    for (const user of [sam, erin, dave]) expect((await post(rest, ROUTE, user, { data: { userID: 4 } })).status).toBe(403);
  });
});

describe('core/site/data/email-reporting-errors', () => {
  const ROUTE = '/core/site/data/email-reporting-errors';
  const logAt = async (store: SiteStore, batch: string, status: string, attempts: number, date: string, details?: string) => {
    const post = await store.posts.insert({
      post_type: 'googlesitekit_email',
      post_status: status,
      post_title: batch,
      post_date: date,
      post_date_gmt: date,
    });
    await store.postMeta.add(post.ID, '_batch_id', batch);
    await store.postMeta.add(post.ID, '_send_attempts', attempts);
    if (details !== undefined) await store.postMeta.add(post.ID, '_error_details', details);
    return post.ID;
  };

  it('answers [] without a batch, or while some mail of the latest batch is not given up', async () => {
    const { rest, store } = await setup();
    expect((await get(rest, ROUTE, alice)).data).toEqual([]);
    await logAt(store, 'b1', 'email_failed', 3, '2026-11-25 10:00:00', '{"errors":{"x":["one"]}}');
    await logAt(store, 'b1', 'email_failed', 2, '2026-11-25 10:00:00');
    expect((await get(rest, ROUTE, alice)).data).toEqual([]);
  });

  it('answers the first log\u2019s error when every mail of the latest batch failed three times', async () => {
    const { rest, store } = await setup();
    await logAt(store, 'old', 'email_sent', 1, '2026-11-20 10:00:00');
    await logAt(store, 'b2', 'email_failed', 3, '2026-11-25 10:00:00', '{"errors":{"permissions":["No access."]},"error_data":[]}');
    await logAt(store, 'b2', 'email_failed', 3, '2026-11-25 10:00:00', '{"errors":{"other":["later"]}}');
    expect((await get(rest, ROUTE, alice)).data).toEqual({ errors: { permissions: ['No access.'] }, error_data: [] });
  });

  it('marks mails scheduled over a day ago failed with the cron error, and answers it', async () => {
    const { rest, store } = await setup();
    const id = await logAt(store, 'b3', 'email_scheduled', 0, '2026-11-23 10:00:00');
    expect((await get(rest, ROUTE, alice)).data).toEqual({
      errors: { cron_scheduler_error: ['Email report generation could not be completed due to a cron scheduling issue.'] },
      error_data: { cron_scheduler_error: { category_id: 'cron_scheduler_error' } },
    });
    expect((await store.posts.get(id))?.post_status).toBe('email_failed');
    expect(await store.postMeta.get(id, '_send_attempts')).toEqual([3]);
  });

  it('marks the latest batch failed when a report initiator is over a day late', async () => {
    const { rest, store } = await setup();
    await logAt(store, 'b4', 'email_scheduled', 0, '2026-11-25 11:00:00');
    const late = Math.floor(NOW / 1000) - 2 * 86_400;
    await store.options.set('cron', {
      [late]: { googlesitekit_email_reporting_initiator: { k: { schedule: false, args: ['weekly', late] } } },
      version: 2,
    });
    expect((await get(rest, ROUTE, alice)).data).toMatchObject({ errors: { cron_scheduler_error: [expect.any(String)] } });
  });

  it('answers administrators only', async () => {
    const { rest } = await setup();
    expect((await get(rest, ROUTE, null)).status).toBe(401);
    for (const user of [sam, erin, dave]) expect((await get(rest, ROUTE, user)).status).toBe(403);
  });
});

describe('core/user/data/email-reporting-settings', () => {
  const ROUTE = '/core/user/data/email-reporting-settings';

  it('answers the defaults, merges a change and files one confirmation when the user subscribes', async () => {
    const { rest, store } = await setup();
    expect((await get(rest, ROUTE, dave)).data).toEqual({ subscribed: false, frequency: 'weekly' });
    const on = await post(rest, ROUTE, dave, { data: { settings: { subscribed: true } } });
    expect([on.status, on.data]).toEqual([200, { subscribed: true, frequency: 'weekly' }]);
    const logs = await store.posts.query({ type: ['googlesitekit_email'] });
    expect(logs.posts).toHaveLength(1);
    const log = logs.posts[0]!;
    expect(log).toMatchObject({ post_author: 4, post_status: 'email_scheduled' });
    const meta = (await store.postMeta.getMany([log.ID])).get(log.ID)!;
    expect(meta._batch_id).toEqual([log.post_title]);
    expect(meta._template_type).toEqual(['subscribe-success']);
    expect(meta._report_frequency).toEqual(['weekly']);
    // The first report is Monday 30 November: the week of 23-29 November, compared with 16-22.
    expect(JSON.parse(meta._report_reference_dates![0] as string)).toEqual({
      startDate: Date.UTC(2026, 10, 23) / 1000,
      endDate: Date.UTC(2026, 10, 29) / 1000,
      compareStartDate: Date.UTC(2026, 10, 16) / 1000,
      compareEndDate: Date.UTC(2026, 10, 22) / 1000,
    });
    const at = Math.floor(NOW / 1000);
    const cron = (await store.options.get('cron')) as Record<string, Record<string, Record<string, { args: unknown[] }>>>;
    for (const hook of ['googlesitekit_email_reporting_worker', 'googlesitekit_email_reporting_fallback']) {
      expect(Object.values(cron[String(at)]![hook]!)[0]!.args).toEqual([log.post_title, 'weekly', at]);
    }
    const monthly = await post(rest, ROUTE, dave, { data: { settings: { frequency: 'monthly' } } });
    expect(monthly.data).toEqual({ subscribed: true, frequency: 'monthly' });
    expect((await store.posts.query({ type: ['googlesitekit_email'] })).total).toBe(1);
  });

  it('refuses an unknown frequency, a non-boolean, another key and empty settings', async () => {
    const { rest } = await setup();
    for (const settings of [{ frequency: 'daily' }, { subscribed: 'yes' }, { other: true }, {}]) {
      expect((await post(rest, ROUTE, dave, { data: { settings } })).status).toBe(400);
    }
  });

  it('answers those who see the dashboard only', async () => {
    const { rest } = await setup();
    expect((await get(rest, ROUTE, null)).status).toBe(401);
    expect((await post(rest, ROUTE, null, { data: { settings: { subscribed: true } } })).status).toBe(401);
    for (const user of [sam, erin]) {
      expect((await get(rest, ROUTE, user)).status).toBe(403);
      expect((await post(rest, ROUTE, user, { data: { settings: { subscribed: true } } })).status).toBe(403);
    }
    expect((await get(rest, ROUTE, alice)).status).toBe(200);
  });

  it('answers a confirmation that could not be filed as a WP_Error, the subscription kept', async () => {
    const store = memoryStore({ now: () => NOW });
    await seed(store);
    const own = siteInsightsStorageOn(store);
    const rest = server(store, {
      storage: {
        scheduleEmailConfirmation: () => Promise.reject(new Error('database gone')),
        failStaleEmailLogs: own.failStaleEmailLogs,
        latestEmailBatch: own.latestEmailBatch,
      },
    });
    const answer = await post(rest, ROUTE, dave, { data: { settings: { subscribed: true } } });
    expect([answer.status, answer.data]).toEqual([
      500,
      { code: 'db_insert_error', message: 'Could not insert post into the database.', data: null },
    ]);
    expect((await get(rest, ROUTE, dave)).data).toEqual({ subscribed: true, frequency: 'weekly' });
  });
});

describe('core/user/data/email-reporting-next-report', () => {
  const ROUTE = '/core/user/data/email-reporting-next-report';

  it('answers the next report time of the user\u2019s frequency at 09:00 on the site\u2019s clock', async () => {
    const { rest, store } = await setup();
    expect((await get(rest, ROUTE, dave)).data).toEqual({ timestamp: Date.UTC(2026, 10, 30, 9) / 1000 });
    await store.options.set('start_of_week', 3);
    expect((await get(rest, ROUTE, dave)).data).toEqual({ timestamp: Date.UTC(2026, 11, 2, 9) / 1000 });
    await store.userMeta.update(4, 'googlesitekit_email_reporting_settings', { subscribed: true, frequency: 'monthly' });
    expect((await get(rest, ROUTE, dave)).data).toEqual({ timestamp: Date.UTC(2026, 11, 1, 9) / 1000 });
    await store.userMeta.update(4, 'googlesitekit_email_reporting_settings', { subscribed: true, frequency: 'quarterly' });
    expect((await get(rest, ROUTE, dave)).data).toEqual({ timestamp: Date.UTC(2027, 0, 1, 9) / 1000 });
  });

  it('keeps Site Kit\u2019s month arithmetic: on 31 January the next quarter starts on 1 May', async () => {
    const store = memoryStore();
    await seed(store);
    await store.userMeta.update(4, 'googlesitekit_email_reporting_settings', { frequency: 'quarterly' });
    const rest = server(store, { now: () => Date.UTC(2027, 0, 31, 12) });
    expect((await get(rest, ROUTE, dave)).data).toEqual({ timestamp: Date.UTC(2027, 4, 1, 9) / 1000 });
    const east = createRestServer({
      site: { ...SITE, gmt_offset: '5.5' },
      store,
      namespaces: [siteInsights({ now: () => Date.UTC(2027, 0, 15, 12) })],
    });
    expect((await get(east, ROUTE, dave)).data).toEqual({ timestamp: Date.UTC(2027, 3, 1, 9) / 1000 - 5.5 * 3600 });
  });

  it('answers those who see the dashboard only', async () => {
    const { rest } = await setup();
    expect((await get(rest, ROUTE, null)).status).toBe(401);
    for (const user of [sam, erin]) expect((await get(rest, ROUTE, user)).status).toBe(403);
  });
});

describe('e-mail reporting on PGlite', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('keeps subscriptions, the site switch and the invitation\u2019s rate limit across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'si-email-'));
    dirs.push(dataDir);
    let store = await pgliteStore({ dataDir });
    await seed(store);
    let rest = server(store);
    expect((await post(rest, '/core/user/data/email-reporting-settings', dave, { data: { settings: { subscribed: true } } })).status).toBe(
      200,
    );
    expect((await post(rest, '/core/site/data/email-reporting', alice, { data: { settings: { enabled: false } } })).status).toBe(200);
    expect((await post(rest, '/core/site/data/email-reporting-invite-user', alice, { data: { userID: 2 } })).status).toBe(200);
    await store.close();

    store = await pgliteStore({ dataDir });
    try {
      rest = server(store);
      expect((await get(rest, '/core/user/data/email-reporting-settings', dave)).data).toEqual({ subscribed: true, frequency: 'weekly' });
      expect((await get(rest, '/core/site/data/email-reporting', alice)).data).toEqual({ enabled: false });
      expect((await post(rest, '/core/site/data/email-reporting-invite-user', alice, { data: { userID: 2 } })).status).toBe(429);
      expect((await get(rest, '/core/site/data/email-reporting-subscribed-users', alice)).data).toMatchObject({
        users: [{ id: 4 }],
        total: 1,
      });
      expect((await store.posts.query({ type: ['googlesitekit_email'] })).total).toBe(1);
    } finally {
      await store.close();
    }
  });
});
