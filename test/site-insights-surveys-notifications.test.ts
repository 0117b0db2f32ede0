// `site-insights/v1`'s notifications and surveys (Site Kit 1.184's `Notifications` and
// `REST_User_Surveys_Controller`) through `inject`: each route on the recorded `siteKitProxy`
// double (the packaged fixtures/), Site Kit's validation and `missing_required_param`, refusals per
// role and connection state, no callback (a site not on the service), a service that throws, one
// that times out and one that answers errors, the queue and timeouts as user options kept across a
// PGlite restart, and the session token, site secret and access token in no answer or report.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRestServer, memoryStore, type RestServer, type RestUser, type SiteStore } from '../src/index.js';
import { packagedFixtures, serviceRecordings } from '../src/cli/fixtures.js';
import type { Recordings } from '../src/namespaces/recorded-double.js';
import { siteInsights, type SiteKitProxy, type SiteInsightsOptions } from '../src/namespaces/site-insights/index.js';
import { siteKitProxyService } from '../src/namespaces/site-insights/services.js';
import { pgliteStore } from '../src/store.js';
import { userWith } from './helpers/users.js';

const NS = '/site-insights/v1';
const SITE = { name: 'Crumb & Co Bakery', url: 'http://bakery.test' };
const NOW = Date.UTC(2026, 10, 29, 14, 0, 0);
const NOW_SECONDS = NOW / 1000;

const administrator = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const author = userWith(3, 'author');
const subscriber = userWith(5, 'subscriber');

const SITE_SECRET = 'site-secret-4c1d7e9b';
const PROXY_CREDENTIALS = { oauth2_client_id: '1234-bakery.apps.sitekit.withgoogle.com', oauth2_client_secret: SITE_SECRET };
const OWN_CREDENTIALS = { oauth2_client_id: '1234-bakery.apps.googleusercontent.com', oauth2_client_secret: SITE_SECRET };
const ACCESS_TOKEN = 'ya29.access-token-of-user';
const SESSION_TOKEN = 'recorded-session-token-7f3a9c';
const SESSION = { session_id: 'recorded-session-0001', session_token: SESSION_TOKEN };

/** The packaged recordings of the Site Kit service, fresh for each test so a flipped switch touches no other. */
function recorded(): Recordings {
  return serviceRecordings(packagedFixtures())['site-insights/site-kit-proxy'];
}

/** The recorded double, listing every call it gets. */
function recordingProxy(recordings: Recordings = recorded()) {
  const double = siteKitProxyService.double(recordings);
  const calls: { method: string; call: unknown }[] = [];
  const listed =
    <K extends keyof SiteKitProxy>(method: K): SiteKitProxy[K] =>
    (call: never, signal: AbortSignal) => {
      calls.push({ method, call });
      const send = double[method] as (call: never, signal: AbortSignal) => ReturnType<SiteKitProxy[K]>;
      return send(call, signal);
    };
  const proxy: SiteKitProxy = {
    notifications: listed('notifications'),
    markNotification: listed('markNotification'),
    surveyTrigger: listed('surveyTrigger'),
    surveyEvent: listed('surveyEvent'),
  };
  return { proxy, calls, recordings };
}

/**
 * A site on the Site Kit service (`credentials`), with `signedIn` users signed in with Google,
 * serving site-insights on `store`; its `onError` reports kept.
 */
async function site(
  options: SiteInsightsOptions & { credentials?: object | null; signedIn?: RestUser[]; store?: SiteStore; clock?: { now: number } } = {},
) {
  const {
    credentials = PROXY_CREDENTIALS,
    signedIn = [administrator, editor, author, subscriber],
    store = memoryStore(),
    clock,
    ...rest
  } = options;
  if (credentials !== null) await store.options.set('googlesitekit_credentials', credentials as never);
  for (const user of signedIn) await store.userMeta.update(user.id, 'googlesitekit_access_token', ACCESS_TOKEN);
  const reports: string[] = [];
  const server = createRestServer({
    site: SITE,
    store,
    namespaces: [siteInsights({ now: () => clock?.now ?? NOW, ...rest })],
    onError: (error) => reports.push(error instanceof Error ? error.message : String(error)),
  });
  return { rest: server, store, reports };
}

/** A site on the recorded double. */
async function onDouble(options: Parameters<typeof site>[0] = {}, recordings: Recordings = recorded()) {
  const double = recordingProxy(recordings);
  return { ...(await site({ siteKitProxy: double.proxy, ...options })), ...double };
}

const get = (rest: RestServer, route: string, user: RestUser | null = administrator) => rest.inject({ path: `${NS}/${route}`, user });
const post = (rest: RestServer, route: string, body: unknown, user: RestUser | null = administrator) =>
  rest.inject({ method: 'POST', path: `${NS}/${route}`, body, user });

const trigger = (rest: RestServer, triggerID: string, ttl?: number, user: RestUser | null = administrator) =>
  post(rest, 'core/user/data/survey-trigger', { data: ttl === undefined ? { triggerID } : { triggerID, ttl } }, user);
const event = (rest: RestServer, name: string, user: RestUser | null = administrator) =>
  post(rest, 'core/user/data/survey-event', { data: { session: SESSION, event: { [name]: {} } } }, user);

/** Every text a test saw: answers and reports, to look for the secrets in. */
const seen = (...texts: unknown[]) => JSON.stringify(texts);

describe('core/site/data/notifications', () => {
  it("answers the service's notifications as Site Kit's Notification writes them, asked with the site id and the user's locale", async () => {
    const { rest, calls, store } = await onDouble();
    await store.userMeta.update(1, 'locale', 'de_DE');
    const response = await get(rest, 'core/site/data/notifications');
    expect(response.status).toBe(200);
    expect(response.data).toEqual([
      expect.objectContaining({ id: 'search-console-verification-2026', dismissible: true, dismissLabel: 'Got it', learnMoreURL: '' }),
      expect.objectContaining({ id: 'analytics-4-key-events-intro', ctaTarget: '_blank', dismissible: false }),
    ]);
    expect(Object.keys((response.data as object[])[0]!)).toEqual([
      'id',
      'title',
      'content',
      'ctaURL',
      'ctaLabel',
      'ctaTarget',
      'learnMoreURL',
      'learnMoreLabel',
      'dismissible',
      'dismissLabel',
    ]);
    expect(calls).toEqual([{ method: 'notifications', call: { siteId: PROXY_CREDENTIALS.oauth2_client_id, locale: 'de_DE' } }]);
  });

  it('answers [] without asking the service on a site set up with its own OAuth client, and without a callback', async () => {
    const own = await onDouble({ credentials: OWN_CREDENTIALS });
    expect((await get(own.rest, 'core/site/data/notifications')).data).toEqual([]);
    expect(own.calls).toEqual([]);
    const none = await site();
    const response = await get(none.rest, 'core/site/data/notifications');
    expect([response.status, response.data]).toEqual([200, []]);
  });

  it('is refused without credentials even to an administrator, and to editors, authors, subscribers (403) and anonymous callers (401)', async () => {
    const unset = await onDouble({ credentials: null });
    expect((await get(unset.rest, 'core/site/data/notifications')).status).toBe(403);
    const { rest, calls } = await onDouble();
    for (const user of [editor, author, subscriber]) {
      const response = await get(rest, 'core/site/data/notifications', user);
      expect([response.status, (response.data as { code: string }).code]).toEqual([403, 'rest_forbidden']);
    }
    expect((await get(rest, 'core/site/data/notifications', null)).status).toBe(401);
    expect(calls).toEqual([]);
  });

  it("answers a failing, slow or over-large service with WordPress's http_request_failed (500), reporting it without the site's secret", async () => {
    const failing = recorded();
    failing.mode = 'threw';
    const threw = await onDouble({}, failing);
    const response = await get(threw.rest, 'core/site/data/notifications');
    expect([response.status, response.data]).toEqual([
      500,
      { code: 'http_request_failed', message: "cURL error 7: Couldn't connect to server", data: null },
    ]);
    expect(threw.reports).toEqual([expect.stringContaining('site-insights site-kit-proxy')]);

    const hanging = recorded();
    hanging.mode = 'hang';
    const slow = await onDouble({ siteKitProxyLimits: { timeoutMs: 20 } }, hanging);
    const late = await get(slow.rest, 'core/site/data/notifications');
    expect([late.status, (late.data as { message: string }).message]).toEqual([500, 'cURL error 28: Operation timed out']);
    const huge = recorded();
    huge.mode = 'too-large';
    const large = await onDouble({}, huge);
    const tooLarge = await get(large.rest, 'core/site/data/notifications');
    expect([tooLarge.status, (tooLarge.data as { message: string }).message]).toEqual([500, 'cURL error 63: Maximum file size exceeded']);
    expect(seen(response.data, late.data, threw.reports, slow.reports)).not.toContain(SITE_SECRET);
  });

  it("answers the service's own error and a body that is not JSON with Site Kit's `exception` (500), the secret cut from the text", async () => {
    const answer = (body: string): SiteKitProxy => ({
      notifications: async () => ({ status: 200, body }),
      markNotification: async () => ({ status: 200, body }),
      surveyTrigger: async () => ({ status: 200, body }),
      surveyEvent: async () => ({ status: 200, body }),
    });
    const quoting = await site({ siteKitProxy: answer(JSON.stringify({ error: `Unknown site secret ${SITE_SECRET}.` })) });
    const refused = await get(quoting.rest, 'core/site/data/notifications');
    expect([refused.status, refused.data]).toEqual([500, { code: 'exception', message: 'Unknown site secret [redacted].', data: null }]);
    const garbled = await site({ siteKitProxy: answer('<html>Bad gateway</html>') });
    const response = await get(garbled.rest, 'core/site/data/notifications');
    expect([response.status, (response.data as { message: string }).message]).toEqual([500, 'Error while decoding response: 4']);
  });
});

describe('core/site/data/mark-notification', () => {
  it("marks a notification at the service and answers its success, sending the site's id and secret", async () => {
    const { rest, calls } = await onDouble();
    const response = await post(rest, 'core/site/data/mark-notification', {
      data: { notificationID: 'analytics-4-key-events-intro', notificationState: 'dismissed' },
    });
    expect([response.status, response.data]).toEqual([200, { success: true }]);
    expect(calls).toEqual([
      {
        method: 'markNotification',
        call: {
          siteId: PROXY_CREDENTIALS.oauth2_client_id,
          siteSecret: SITE_SECRET,
          notificationId: 'analytics-4-key-events-intro',
          notificationState: 'dismissed',
        },
      },
    ]);
    expect(seen(response.data)).not.toContain(SITE_SECRET);
  });

  it('answers an empty notificationID or notificationState with missing_required_param as Site Kit words it', async () => {
    const { rest, calls } = await onDouble();
    const noId = await post(rest, 'core/site/data/mark-notification', { data: { notificationID: '', notificationState: 'dismissed' } });
    expect([noId.status, noId.data]).toEqual([
      400,
      { code: 'missing_required_param', message: 'Request parameter is empty: data.notificationID.', data: { status: 400 } },
    ]);
    const noState = await post(rest, 'core/site/data/mark-notification', { data: { notificationID: 'x', notificationState: '0' } });
    expect((noState.data as { message: string }).message).toBe('Request parameter is empty: data.notificationState.');
    const noData = await post(rest, 'core/site/data/mark-notification', {});
    expect([noData.status, (noData.data as { code: string }).code]).toEqual([400, 'rest_missing_callback_param']);
    const notObject = await post(rest, 'core/site/data/mark-notification', { data: 'seen' });
    expect([notObject.status, (notObject.data as { code: string }).code]).toEqual([400, 'rest_invalid_param']);
    expect(calls).toEqual([]);
  });

  it('validates before it refuses, and refuses non-administrators and anonymous callers', async () => {
    const { rest } = await onDouble();
    expect((await post(rest, 'core/site/data/mark-notification', { data: 'seen' }, subscriber)).status).toBe(400);
    const body = { data: { notificationID: 'x', notificationState: 'accepted' } };
    expect((await post(rest, 'core/site/data/mark-notification', body, editor)).status).toBe(403);
    expect((await post(rest, 'core/site/data/mark-notification', body, null)).status).toBe(401);
  });

  it('answers {success:false} without a callback, and http_request_failed when the service throws or times out', async () => {
    const body = { data: { notificationID: 'x', notificationState: 'accepted' } };
    const none = await site();
    expect((await post(none.rest, 'core/site/data/mark-notification', body)).data).toEqual({ success: false });
    const failing = recorded();
    failing.mode = 'threw';
    const threw = await onDouble({}, failing);
    const response = await post(threw.rest, 'core/site/data/mark-notification', body);
    expect([response.status, (response.data as { code: string }).code]).toEqual([500, 'http_request_failed']);
    const hanging = recorded();
    hanging.mode = 'hang';
    const slow = await onDouble({ siteKitProxyLimits: { timeoutMs: 20 } }, hanging);
    expect((await post(slow.rest, 'core/site/data/mark-notification', body)).status).toBe(500);
    expect(seen(threw.reports, slow.reports)).not.toContain(SITE_SECRET);
  });
});

describe('core/user/data/survey-trigger and survey', () => {
  it("queues the survey the service hands out once, by its id, and answers it first, sending the user's token and language", async () => {
    const { rest, calls, store } = await onDouble();
    expect((await get(rest, 'core/user/data/survey')).data).toEqual({ survey: null });
    expect((await trigger(rest, 'view_dashboard')).data).toEqual({ success: true });
    expect((await trigger(rest, 'view_dashboard')).data).toEqual({ success: true });
    const survey = (await get(rest, 'core/user/data/survey')).data as {
      survey: { survey_id: string; session: object; survey_payload: object };
    };
    expect(survey.survey.survey_id).toBe('sk-satisfaction-2026-11');
    expect(survey.survey.session).toEqual(SESSION);
    expect(survey.survey.survey_payload).toHaveProperty('question.0.question_type', 'rating');
    expect(await store.userMeta.get(1, 'googlesitekit_survey_queue')).toEqual([[survey.survey]]);
    expect(calls[0]).toEqual({
      method: 'surveyTrigger',
      call: {
        siteId: PROXY_CREDENTIALS.oauth2_client_id,
        siteSecret: SITE_SECRET,
        accessToken: ACCESS_TOKEN,
        triggerId: 'view_dashboard',
        language: 'en_US',
      },
    });
  });

  it("keeps each user's queue to themselves", async () => {
    const { rest } = await onDouble();
    await trigger(rest, 'view_dashboard', undefined, editor);
    expect((await get(rest, 'core/user/data/survey', editor)).data).toHaveProperty('survey.survey_id', 'sk-satisfaction-2026-11');
    expect((await get(rest, 'core/user/data/survey', administrator)).data).toEqual({ survey: null });
  });

  it('queues nothing for a trigger with no survey due, and rests a trigger for its ttl', async () => {
    const clock = { now: NOW };
    const { rest, store } = await onDouble({ clock });
    expect((await trigger(rest, 'view_key_metrics', 3600)).data).toEqual({ success: true });
    expect((await get(rest, 'core/user/data/survey')).data).toEqual({ survey: null });
    expect((await get(rest, 'core/user/data/survey-timeouts')).data).toEqual(['view_key_metrics']);
    expect(await store.userMeta.get(1, 'googlesitekit_survey_timeouts')).toEqual([{ view_key_metrics: NOW_SECONDS + 3600 }]);
    await trigger(rest, 'view_dashboard', 0);
    expect((await get(rest, 'core/user/data/survey-timeouts')).data).toEqual(['view_key_metrics']);
    clock.now = NOW + 3600_000;
    expect((await get(rest, 'core/user/data/survey-timeouts')).data).toEqual([]);
  });

  it('answers success but queues nothing and rests nothing when the service throws, times out, answers an error or is not configured', async () => {
    const failing = recorded();
    failing.mode = 'threw';
    const hanging = recorded();
    hanging.mode = 'hang';
    const refusing: SiteKitProxy = {
      ...recordingProxy().proxy,
      surveyTrigger: async () => ({ status: 403, body: JSON.stringify({ error: 'Invalid site.', error_code: 'invalid_site' }) }),
    };
    const sites = [
      await onDouble({}, failing),
      await onDouble({ siteKitProxyLimits: { timeoutMs: 20 } }, hanging),
      await site({ siteKitProxy: refusing }),
      await site(),
    ];
    for (const { rest, store } of sites) {
      expect((await trigger(rest, 'view_dashboard', 600)).data).toEqual({ success: true });
      expect((await get(rest, 'core/user/data/survey')).data).toEqual({ survey: null });
      expect((await get(rest, 'core/user/data/survey-timeouts')).data).toEqual([]);
      expect(await store.userMeta.get(1, 'googlesitekit_survey_queue')).toEqual([]);
    }
    expect(seen(sites.map((one) => one.reports))).not.toContain(ACCESS_TOKEN);
    expect(seen(sites.map((one) => one.reports))).not.toContain(SITE_SECRET);
  });

  it('refuses a missing triggerID, a ttl below 0 and a missing data with WordPress validation errors', async () => {
    const { rest, calls } = await onDouble();
    const missing = await post(rest, 'core/user/data/survey-trigger', { data: { ttl: 5 } });
    expect([missing.status, (missing.data as { code: string }).code, (missing.data as { data: { params: object } }).data.params]).toEqual([
      400,
      'rest_invalid_param',
      { data: 'triggerID is a required property of data.' },
    ]);
    expect((await trigger(rest, 'view_dashboard', -1)).status).toBe(400);
    expect((await post(rest, 'core/user/data/survey-trigger', {})).status).toBe(400);
    expect(calls).toEqual([]);
  });

  it('lets any user signed in with Google on a site on the service, whatever their role, and refuses everyone else', async () => {
    const { rest } = await onDouble({ signedIn: [subscriber] });
    expect((await trigger(rest, 'view_dashboard', undefined, subscriber)).status).toBe(200);
    expect((await get(rest, 'core/user/data/survey', subscriber)).status).toBe(200);
    for (const user of [administrator, editor, author]) expect((await get(rest, 'core/user/data/survey', user)).status).toBe(403);
    expect((await trigger(rest, 'view_dashboard', undefined, null)).status).toBe(401);
    const own = await onDouble({ credentials: OWN_CREDENTIALS });
    for (const route of ['survey', 'survey-timeouts']) expect((await get(own.rest, `core/user/data/${route}`)).status).toBe(403);
    expect((await trigger(own.rest, 'view_dashboard')).status).toBe(403);
    expect((await event(own.rest, 'survey_shown')).status).toBe(403);
  });
});

describe('core/user/data/survey-event and survey-timeouts', () => {
  it("rests every survey for twelve hours once one is shown, and passes the service's answer on as PHP writes it", async () => {
    const { rest, calls } = await onDouble();
    const response = await event(rest, 'survey_shown');
    expect([response.status, response.data]).toEqual([200, []]);
    expect((await get(rest, 'core/user/data/survey-timeouts')).data).toEqual(['__global']);
    expect(calls[0]).toEqual({
      method: 'surveyEvent',
      call: {
        siteId: PROXY_CREDENTIALS.oauth2_client_id,
        siteSecret: SITE_SECRET,
        accessToken: ACCESS_TOKEN,
        session: SESSION,
        event: { survey_shown: {} },
      },
    });
  });

  it('dequeues the survey of the session once it is closed or its completion shown, and keeps it on other events', async () => {
    const { rest } = await onDouble();
    await trigger(rest, 'view_dashboard');
    await event(rest, 'question_answered');
    expect((await get(rest, 'core/user/data/survey')).data).toHaveProperty('survey.survey_id', 'sk-satisfaction-2026-11');
    await event(rest, 'completion_shown');
    expect((await get(rest, 'core/user/data/survey')).data).toEqual({ survey: null });
    await trigger(rest, 'view_dashboard');
    await event(rest, 'survey_closed');
    expect((await get(rest, 'core/user/data/survey')).data).toEqual({ survey: null });
  });

  it("answers a failed call with the WP_Error inside a 200, as Site Kit's `new WP_REST_Response( $wp_error )` does, keeping the survey queued", async () => {
    const refusing: SiteKitProxy = {
      ...recordingProxy().proxy,
      surveyEvent: async () => ({
        status: 403,
        body: JSON.stringify({ error: `Session ${SESSION_TOKEN} expired.`, error_code: 'session_expired' }),
      }),
    };
    const { rest } = await site({ siteKitProxy: refusing });
    const answered = await event(rest, 'survey_closed');
    expect([answered.status, answered.data]).toEqual([
      200,
      { errors: { session_expired: ['Session [redacted] expired.'] }, error_data: { session_expired: { status: 403 } } },
    ]);

    const failing = recorded();
    const threw = await onDouble({}, failing);
    await trigger(threw.rest, 'view_dashboard');
    failing.mode = 'threw';
    const response = await event(threw.rest, 'survey_closed');
    expect([response.status, response.data]).toEqual([
      200,
      { errors: { http_request_failed: ["cURL error 7: Couldn't connect to server"] }, error_data: [] },
    ]);
    expect((await get(threw.rest, 'core/user/data/survey')).data).toHaveProperty('survey.survey_id', 'sk-satisfaction-2026-11');

    const hanging = recorded();
    hanging.mode = 'hang';
    const slow = await onDouble({ siteKitProxyLimits: { timeoutMs: 20 } }, hanging);
    expect((await event(slow.rest, 'survey_shown')).data).toEqual({
      errors: { http_request_failed: ['cURL error 28: Operation timed out'] },
      error_data: [],
    });
    expect((await get(slow.rest, 'core/user/data/survey-timeouts')).data).toEqual(['__global']);

    const none = await site();
    expect((await event(none.rest, 'survey_shown')).data).toEqual({
      errors: { http_request_failed: ['A valid URL was not provided.'] },
      error_data: [],
    });
    expect(seen(answered.data, response.data, threw.reports, slow.reports)).not.toContain(SESSION_TOKEN);
  });

  it('never puts the session token in an answer, an error or a report, whatever the service does with it', async () => {
    const throwing: SiteKitProxy = {
      ...recordingProxy().proxy,
      surveyEvent: async (call) => {
        throw new Error(`rejected session ${JSON.stringify(call.session)} with ${call.accessToken}`);
      },
    };
    const { rest, reports } = await site({ siteKitProxy: throwing });
    const response = await event(rest, 'question_answered');
    const invalid = await post(rest, 'core/user/data/survey-event', {
      data: { session: { session_id: 1, session_token: SESSION_TOKEN }, event: {} },
    });
    expect(invalid.status).toBe(400);
    expect(reports).toHaveLength(1);
    expect(seen(response.data, invalid.data, reports)).not.toContain(SESSION_TOKEN);
    expect(seen(reports)).not.toContain(ACCESS_TOKEN);
  });

  it('refuses a session without its token or id, an event that is no object, and an event value that is no object', async () => {
    const { rest, calls } = await onDouble();
    const noToken = await post(rest, 'core/user/data/survey-event', { data: { session: { session_id: 'a' }, event: {} } });
    expect([noToken.status, (noToken.data as { data: { params: object } }).data.params]).toEqual([
      400,
      { data: 'session_token is a required property of data[session].' },
    ]);
    expect((await post(rest, 'core/user/data/survey-event', { data: { session: SESSION } })).status).toBe(400);
    expect((await post(rest, 'core/user/data/survey-event', { data: { session: SESSION, event: 'shown' } })).status).toBe(400);
    expect((await post(rest, 'core/user/data/survey-event', { data: { session: SESSION, event: { survey_shown: 'yes' } } })).status).toBe(
      400,
    );
    expect(calls).toEqual([]);
  });

  it('refuses anonymous callers (401) and users not signed in with Google (403)', async () => {
    const { rest } = await onDouble({ signedIn: [] });
    expect((await event(rest, 'survey_shown', null)).status).toBe(401);
    expect((await get(rest, 'core/user/data/survey-timeouts', null)).status).toBe(401);
    expect((await event(rest, 'survey_shown', administrator)).status).toBe(403);
    expect((await get(rest, 'core/user/data/survey-timeouts', editor)).status).toBe(403);
  });
});

describe('surveys on the PGlite store', () => {
  it('keeps the queue and the timeouts across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'site-rest-site-insights-surveys-'));
    try {
      const first = await pgliteStore({ dataDir });
      const before = await onDouble({ store: first });
      await trigger(before.rest, 'view_dashboard', 600);
      await event(before.rest, 'survey_shown');
      await first.close();

      const reopened = await pgliteStore({ dataDir });
      const after = await site({ store: reopened });
      expect((await get(after.rest, 'core/user/data/survey')).data).toHaveProperty('survey.survey_id', 'sk-satisfaction-2026-11');
      expect((await get(after.rest, 'core/user/data/survey-timeouts')).data).toEqual(['view_dashboard', '__global']);
      await reopened.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
