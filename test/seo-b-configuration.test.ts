// `seo-b/v1`'s configuration group through `inject`: the first-time configuration's writes and
// their validation as Yoast's options validate them, integrations, workouts, the task list and
// action tracking, the Site Kit consent and set-up tracking, and the Site Kit widgets on the
// recorded double (failing, timing out and answering too much), per role and across a PGlite restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createRestServer,
  memoryStore,
  seoB,
  type ErrorInfo,
  type RestUser,
  type SeoBOptions,
  type SiteInsights,
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

/** The day the recorded Site Kit data is for: its two 28-day periods end the day before. */
const NOW = Date.parse('2026-11-29T12:00:00Z');

/** The packaged Site Kit double, switched to `mode`. */
function insights(mode: DoubleMode = 'recorded'): SiteInsights {
  const recorded = serviceRecordings(packagedFixtures());
  recorded['seo-b/site-insights'].mode = mode;
  return serviceDoubles(recorded)['seo-b/site-insights'];
}

/** A server mounting seo-b over `store`, its service reports collected. */
function server(options: SeoBOptions = {}, store: SiteStore = memoryStore()) {
  const reports: Array<{ error: unknown; info: ErrorInfo }> = [];
  const rest = createRestServer({
    site: { name: 'Garden', url: 'https://site.example' },
    store,
    namespaces: [seoB({ now: () => NOW, ...options })],
    onError: (error, info) => reports.push({ error, info }),
  });
  return { rest, store, reports };
}

type Rest = ReturnType<typeof server>['rest'];

/** A call of a seo-b route as `user` (the administrator unless told; null: anonymous), a body sent as JSON. */
async function call(
  rest: Rest,
  method: string,
  route: string,
  body?: unknown,
  user: RestUser | null = administrator,
  query?: Record<string, unknown>,
) {
  const answer = await rest.inject({
    method,
    path: `/seo-b/v1${route}`,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    ...(query ? { query } : {}),
    ...(user ? { user } : {}),
  });
  return { status: answer.status, data: answer.data as Record<string, unknown> };
}

/** An option object as stored. */
const option = async (store: SiteStore, name: string) => (await store.options.get(name)) as Record<string, unknown> | undefined;

describe('the first-time configuration', () => {
  it('saves the site representation into wpseo_titles and clears the cached logos', async () => {
    const { rest, store } = server();
    const answer = await call(rest, 'POST', '/configuration/site_representation', {
      company_or_person: 'company',
      company_name: 'Green <b>Thumbs</b>',
      company_logo: 'https://site.example/logo.png',
      company_logo_id: 12,
      website_name: 'Green Thumbs',
    });
    expect(answer).toEqual({
      status: 500,
      data: { success: false, status: 500, error: 'Could not save some options in the database', failures: ['company_name'] },
    });
    expect(await option(store, 'wpseo_titles')).toMatchObject({
      company_or_person: 'company',
      company_name: 'Green Thumbs',
      company_logo: 'https://site.example/logo.png',
      company_logo_id: 12,
      website_name: 'Green Thumbs',
      company_logo_meta: false,
      person_logo_meta: false,
    });
    const clean = await call(rest, 'POST', '/configuration/site_representation', {
      company_or_person: 'person',
      company_or_person_user_id: 1,
    });
    expect(clean).toEqual({ status: 200, data: { success: true, status: 200 } });
  });

  it('lists the fields Yoast could not keep: a logo that is no URL, and `description`, which no Yoast option holds', async () => {
    const { rest, store } = server();
    const answer = await call(rest, 'POST', '/configuration/site_representation', {
      company_or_person: 'company',
      person_logo: 'not a url',
      description: 'A tagline',
    });
    expect(answer.data.failures).toEqual(['person_logo', 'description']);
    expect((await option(store, 'wpseo_titles'))?.person_logo).toBe('');
  });

  it("refuses a `company_or_person` outside the args' enum before Yoast's action runs", async () => {
    const { rest, store } = server();
    const answer = await call(rest, 'POST', '/configuration/site_representation', { company_or_person: 'robot' });
    expect(answer.status).toBe(400);
    expect(answer.data.code).toBe('rest_invalid_param');
    expect(await option(store, 'wpseo_titles')).toBeUndefined();
  });

  it('saves valid social profiles, an X profile URL kept as its handle', async () => {
    const { rest, store } = server();
    const answer = await call(rest, 'POST', '/configuration/social_profiles', {
      facebook_site: 'https://facebook.com/greenthumbs',
      twitter_site: 'https://x.com/greenthumbs',
      other_social_urls: ['https://instagram.com/greenthumbs', ''],
    });
    expect(answer).toEqual({ status: 200, data: { json: { success: true, status: 200 } } });
    expect(await option(store, 'wpseo_social')).toMatchObject({
      facebook_site: 'https://facebook.com/greenthumbs',
      twitter_site: 'greenthumbs',
      other_social_urls: ['https://instagram.com/greenthumbs'],
    });
  });

  it('lists every profile that fails validation, with 200, and saves none of them', async () => {
    const { rest, store } = server();
    const answer = await call(rest, 'POST', '/configuration/social_profiles', {
      facebook_site: 'facebook.com/no-scheme',
      twitter_site: '@handle',
      other_social_urls: ['https://ok.example/', 'javascript:alert(1)', 'ftp://files.example/'],
    });
    expect(answer).toEqual({
      status: 200,
      data: {
        json: {
          success: false,
          status: 200,
          error: 'Could not save some options in the database',
          failures: ['facebook_site', 'twitter_site', 'other_social_urls-1', 'other_social_urls-2'],
        },
      },
    });
    expect(await option(store, 'wpseo_social')).toBeUndefined();
  });

  it('tells whether the user may edit a user: themselves, or anyone with edit_users', async () => {
    const { rest } = server();
    expect((await call(rest, 'GET', '/configuration/check_capability', undefined, administrator, { user_id: '7' })).data).toEqual({
      success: true,
      status: 200,
    });
    const manager = { ...userWith(9, 'editor'), can: (cap: string) => cap === 'wpseo_manage_options' || editor.can(cap) };
    expect((await call(rest, 'GET', '/configuration/check_capability', undefined, manager, { user_id: '7' })).data).toEqual({
      success: false,
      status: 403,
    });
    expect((await call(rest, 'GET', '/configuration/check_capability', undefined, manager, { user_id: '9' })).data).toEqual({
      success: true,
      status: 200,
    });
    expect((await call(rest, 'GET', '/configuration/check_capability', undefined, administrator)).data.code).toBe(
      'rest_missing_callback_param',
    );
  });

  it('switches tracking on, marking it toggled', async () => {
    const { rest, store } = server();
    expect(await call(rest, 'POST', '/configuration/enable_tracking', { tracking: true })).toEqual({
      status: 200,
      data: { success: true, status: 200 },
    });
    expect(await option(store, 'wpseo')).toMatchObject({ tracking: true, toggled_tracking: true });
    expect((await call(rest, 'POST', '/configuration/enable_tracking', { tracking: 'sometimes' })).status).toBe(400);
  });

  it('saves the finished steps, ends the first install at three, and answers them back', async () => {
    const { rest, store } = server();
    await store.options.set('wpseo', { first_time_install: true });
    expect((await call(rest, 'GET', '/configuration/get_configuration_state')).data).toEqual({ success: true, status: 200, data: [] });
    await call(rest, 'POST', '/configuration/save_configuration_state', { finishedSteps: ['siteRepresentation', 'socialProfiles'] });
    expect((await option(store, 'wpseo'))?.first_time_install).toBe(true);
    const saved = await call(rest, 'POST', '/configuration/save_configuration_state', {
      finishedSteps: ['siteRepresentation', 'socialProfiles', '<i>x</i>'],
    });
    expect(saved).toEqual({ status: 200, data: { success: true, status: 200 } });
    expect(await option(store, 'wpseo')).toMatchObject({
      first_time_install: false,
      configuration_finished_steps: ['siteRepresentation', 'socialProfiles', 'x'],
    });
    expect((await call(rest, 'GET', '/configuration/get_configuration_state')).data.data).toEqual([
      'siteRepresentation',
      'socialProfiles',
      'x',
    ]);
  });

  it('answers 400 without finishedSteps in the JSON body, and 500 where the stored state is missing', async () => {
    const { rest, store } = server();
    expect((await call(rest, 'POST', '/configuration/save_configuration_state', {})).data.code).toBe('rest_missing_callback_param');
    const asForm = await rest.inject({
      method: 'POST',
      path: '/seo-b/v1/configuration/save_configuration_state',
      body: 'finishedSteps[]=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      user: administrator,
    });
    expect([asForm.status, asForm.data]).toEqual([400, { success: false, status: 400, error: 'Bad request' }]);
    await store.options.set('wpseo', { configuration_finished_steps: null });
    expect(await call(rest, 'GET', '/configuration/get_configuration_state')).toEqual({
      status: 500,
      data: { success: false, status: 500, error: 'Could not get data from the database' },
    });
  });
});

describe('integrations and workouts', () => {
  it("sets a known integration's option, and fails one Yoast has no option for", async () => {
    const { rest, store } = server();
    expect((await call(rest, 'POST', '/integrations/set_active', { integration: 'semrush', active: false })).data).toEqual({
      json: { success: true, status: 200 },
    });
    expect((await option(store, 'wpseo'))?.semrush_integration_active).toBe(false);
    expect((await call(rest, 'POST', '/integrations/set_active', { integration: 'nothing', active: true })).data).toEqual({
      json: { success: false, status: 500, error: 'Could not save the option in the database' },
    });
  });

  it('answers the workouts for editors, and saves nothing in the free plugin', async () => {
    const { rest } = server();
    expect((await call(rest, 'GET', '/workouts', undefined, editor)).data).toEqual({ json: { configuration: { finishedSteps: [] } } });
    expect((await call(rest, 'POST', '/workouts', { configuration: { finishedSteps: ['one'] } }, editor)).data).toEqual({ json: null });
    expect((await call(rest, 'GET', '/workouts', undefined, author)).status).toBe(403);
    expect((await call(rest, 'GET', '/workouts', undefined, null)).status).toBe(401);
  });
});

/** A store with WordPress's sample content: "Hello world!" and the "Sample Page", both untouched. */
async function sampleContent(store: SiteStore = memoryStore()): Promise<SiteStore> {
  const date = '2026-01-01 10:00:00';
  await store.posts.insert({
    ID: 1,
    post_name: 'hello-world',
    post_title: 'Hello world!',
    post_status: 'publish',
    post_date: date,
    post_modified: date,
  });
  await store.posts.insert({
    ID: 2,
    post_type: 'page',
    post_name: 'sample-page',
    post_title: 'Sample Page',
    post_status: 'publish',
    post_date: date,
    post_modified: date,
  });
  return store;
}

describe('the task list', () => {
  it("lists Yoast's site tasks with their tracking links, and records when the list was first opened", async () => {
    const { rest, store } = server({}, await sampleContent());
    const answer = await call(rest, 'GET', '/get_tasks');
    const tasks = answer.data.tasks as Record<string, Record<string, unknown>>;
    expect(Object.keys(tasks)).toEqual([
      'complete-ftc',
      'create-new-content',
      'delete-hello-world',
      'delete-sample-page',
      'enable-llms-txt',
    ]);
    expect(tasks['complete-ftc']).toMatchObject({
      id: 'complete-ftc',
      duration: 15,
      priority: 'high',
      badge: null,
      isCompleted: false,
      title: 'Complete the first time configuration',
    });
    expect((tasks['complete-ftc']!.callToAction as { href: string }).href).toMatch(
      /^https:\/\/site\.example\/wp-admin\/admin\.php\?page=wpseo_dashboard&wpseo_tracked_action=task_first_actioned_on&wpseo_tracking_nonce=[0-9a-f]{10}#\/first-time-configuration$/,
    );
    expect(tasks['delete-hello-world']).toMatchObject({
      isCompleted: false,
      callToAction: { label: 'Delete for me', type: 'delete', href: null },
    });
    expect(tasks['create-new-content']!.isCompleted).toBe(false);
    expect((await option(store, 'wpseo_tracking_only'))?.task_list_first_opened_on).toBe('28.1');
    expect(await store.transients.get('wpseo_task_list_tasks')).toBeTypeOf('string');
  });

  it('completes the tasks Yoast can carry out, trashing the sample page, and refuses an unknown task', async () => {
    const { rest, store } = server({}, await sampleContent());
    await call(rest, 'GET', '/get_tasks');
    expect(await call(rest, 'POST', '/complete_task', { options: { task: 'delete-sample-page' } })).toEqual({
      status: 200,
      data: { success: true },
    });
    expect(await store.posts.get(2)).toMatchObject({ post_status: 'trash', post_name: 'sample-page__trashed' });
    expect(await store.transients.get('wpseo_task_list_tasks')).toBeUndefined();
    await call(rest, 'POST', '/complete_task', { options: { task: 'enable-llms-txt' } });
    const tasks = (await call(rest, 'GET', '/get_tasks')).data.tasks as Record<string, { isCompleted: boolean }>;
    expect([tasks['delete-sample-page']!.isCompleted, tasks['enable-llms-txt']!.isCompleted]).toEqual([true, true]);
    expect(await call(rest, 'POST', '/complete_task', { options: { task: 'complete-ftc' } })).toEqual({
      status: 404,
      data: { success: false, error: 'Task not found' },
    });
    expect((await call(rest, 'POST', '/complete_task', { options: { other: 'x' } })).data.code).toBe('rest_invalid_param');
    expect((await option(store, 'wpseo_tracking_only'))?.task_first_actioned_on).toBe('28.1');
  });

  it('records a tracking-only action once, and refuses any other name', async () => {
    const { rest, store } = server();
    expect((await call(rest, 'POST', '/action_tracking', { action: 'frontend_inspector_first_actioned_on' })).data).toEqual({
      success: true,
      action: 'frontend_inspector_first_actioned_on',
    });
    await store.options.set('wpseo_tracking_only', { frontend_inspector_first_actioned_on: '27.0' });
    await call(rest, 'POST', '/action_tracking', { action: 'frontend_inspector_first_actioned_on' });
    expect((await option(store, 'wpseo_tracking_only'))?.frontend_inspector_first_actioned_on).toBe('27.0');
    expect(await call(rest, 'POST', '/action_tracking', { action: 'tracking' })).toEqual({
      status: 400,
      data: { success: false, error: 'The tracked action is invalid' },
    });
  });
});

describe('Site Kit consent and set-up tracking', () => {
  it('keeps the consent and the dismissal, a `bool` arg read by rest_sanitize_boolean', async () => {
    const { rest, store } = server();
    expect(await call(rest, 'POST', '/insights_manage_consent', { consent: 'maybe' })).toEqual({ status: 200, data: { success: true } });
    expect(await call(rest, 'POST', '/insights_configuration_permanent_dismissal', { is_dismissed: 'false' })).toEqual({
      status: 200,
      data: { success: true },
    });
    expect(await option(store, 'wpseo')).toMatchObject({ site_kit_connected: true, site_kit_configuration_permanently_dismissed: false });
  });

  it('reads the camelCase params its handler reads, not the snake_case args it declares', async () => {
    const { rest, store } = server();
    expect(await call(rest, 'POST', '/setup_steps_tracking', { setup_widget_loaded: 'yes' })).toEqual({
      status: 400,
      data: { code: 'wpseo_set_site_kit_usage_tracking', message: 'No valid parameters were passed.', data: { status: 400 } },
    });
    expect(await call(rest, 'POST', '/setup_steps_tracking', { setupWidgetLoaded: 'yes', firstInteractionStage: 'install' })).toEqual({
      status: 200,
      data: { success: true },
    });
    expect(await option(store, 'wpseo')).toMatchObject({
      site_kit_tracking_setup_widget_loaded: 'yes',
      site_kit_tracking_first_interaction_stage: 'install',
    });
    expect((await call(rest, 'POST', '/setup_steps_tracking', { setup_widget_loaded: 'maybe' })).data.code).toBe('rest_invalid_param');
  });
});

/** A widget's metrics as `user`. */
const metrics = (rest: Rest, widget: string, user: RestUser | null = administrator, limit?: string) =>
  call(rest, 'GET', '/time_based_seo_metrics', undefined, user, { options: { widget }, ...(limit ? { limit } : {}) });

describe('the Site Kit widgets', () => {
  it('answer as Yoast does when Site Kit is not set up (no service), or not consented to', async () => {
    expect(await metrics(server().rest, 'query')).toEqual({
      status: 400,
      data: { error: 'Top queries repository is not available yet. Not all prerequisites have been met.' },
    });
    expect((await metrics(server({ siteInsights: insights() }).rest, 'organicSessionsDaily')).data.error).toBe(
      'Daily organic sessions repository is not available yet. Not all prerequisites have been met.',
    );
  });

  /** A server on the recorded double with the consent given, over the sample content. */
  async function consented(options: SeoBOptions = { siteInsights: insights() }) {
    const store = await sampleContent();
    await store.options.set('wpseo', { site_kit_connected: true });
    await store.postMeta.update(1, '_yoast_wpseo_focuskw', 'hello');
    await store.postMeta.update(1, '_yoast_wpseo_linkdex', '77');
    return server(options, store);
  }

  it("answer Search Console's top queries and pages, the pages with their SEO score and edit link", async () => {
    const { rest } = await consented();
    const queries = await metrics(rest, 'query', administrator, '2');
    expect([queries.status, (queries.data as unknown as unknown[]).length]).toEqual([200, 2]);
    expect((queries.data as unknown as unknown[])[0]).toEqual({
      clicks: 182,
      ctr: 0.04323,
      impressions: 4210,
      position: 6.4,
      subject: 'garden tools',
    });
    const pages = (await metrics(rest, 'page')).data as unknown as Array<Record<string, unknown>>;
    expect(pages.map((page) => [page.subject, page.seoScore, page.links])).toEqual([
      ['https://site.example/hello-world/', 'good', { edit: 'https://site.example/wp-admin/post.php?post=1&action=edit' }],
      ['https://site.example/sample-page/', 'notAnalyzed', { edit: 'https://site.example/wp-admin/post.php?post=2&action=edit' }],
      ['https://site.example/no-such-page/', 'notAnalyzed', []],
    ]);
  });

  it('answer the organic sessions per day and compared, and the search ranking compared by period', async () => {
    const { rest } = await consented();
    const daily = (await metrics(rest, 'organicSessionsDaily')).data as unknown as unknown[];
    expect([daily.length, daily[0]]).toEqual([28, { date: '20261101', sessions: 40 }]);
    expect((await metrics(rest, 'organicSessionsCompare')).data).toEqual([{ current: { sessions: 1432 }, previous: { sessions: 1187 } }]);
    const [ranking] = (await metrics(rest, 'searchRankingCompare')).data as unknown as Array<Record<string, Record<string, number>>>;
    expect(Object.keys(ranking!)).toEqual(['current', 'previous']);
    expect(ranking!.current!.total_clicks).toBeGreaterThan(ranking!.previous!.total_clicks!);
    expect(Object.keys(ranking!.current!)).toEqual(['total_clicks', 'total_impressions', 'average_ctr', 'average_position']);
  });

  it("answer an unknown widget with Yoast's Repository_Not_Found, and a missing widget with WordPress's 400", async () => {
    const { rest } = await consented();
    expect(await metrics(rest, 'bounceRate')).toEqual({ status: 404, data: { error: 'Repository not found' } });
    expect((await call(rest, 'GET', '/time_based_seo_metrics', undefined, administrator, { options: { other: 'x' } })).data.code).toBe(
      'rest_invalid_param',
    );
  });

  it("answer a Site Kit that throws as Yoast's failed request, its text only in onError", async () => {
    const { rest, reports } = await consented({ siteInsights: insights('threw') });
    const answer = await metrics(rest, 'query');
    expect(answer).toEqual({ status: 500, data: { error: 'The Search Console request failed: Site Kit could not get the data.' } });
    expect(JSON.stringify(answer.data)).not.toContain('made to fail');
    expect(reports.map(({ info }) => [info.phase, info.service])).toEqual([['service', 'seo-b/site-insights']]);
  });

  it('answer a Site Kit that does not answer in time with a 504, and one answering too much as an unexpected response', async () => {
    const slow = await consented({ siteInsights: insights('hang'), siteInsightsLimits: { timeoutMs: 20 } });
    expect(await metrics(slow.rest, 'organicSessionsCompare')).toEqual({
      status: 504,
      data: { error: 'The Analytics 4 request failed: Site Kit did not answer in time.' },
    });
    const huge = await consented({ siteInsights: insights('too-large') });
    expect(await metrics(huge.rest, 'page')).toEqual({
      status: 400,
      data: { error: 'The response from Google Site Kit did not have an expected format.' },
    });
  });

  it("pass on Site Kit's own error with its status", async () => {
    const failing: SiteInsights = { report: () => ({ error: { message: 'User lacks permission', status: 403 } }) };
    const { rest } = await consented({ siteInsights: failing });
    expect(await metrics(rest, 'searchRankingCompare')).toEqual({
      status: 403,
      data: { error: 'The Search Console request failed: User lacks permission' },
    });
  });
});

describe('who may call the configuration routes', () => {
  it.each([
    [null, 401],
    [subscriber, 403],
    [author, 403],
    [editor, 403],
  ] as const)('refuses %o with %i where Yoast asks wpseo_manage_options', async (user, status) => {
    const { rest, store } = server();
    const routes: Array<[string, string, unknown?]> = [
      ['POST', '/configuration/enable_tracking', { tracking: true }],
      ['GET', '/configuration/get_configuration_state'],
      ['POST', '/integrations/set_active', { integration: 'semrush', active: false }],
      ['GET', '/get_tasks'],
      ['POST', '/insights_manage_consent', { consent: true }],
    ];
    for (const [method, route, body] of routes) {
      const answer = await call(rest, method, route, body, user);
      expect([route, answer.status, answer.data.code]).toEqual([route, status, 'rest_forbidden']);
    }
    expect(await option(store, 'wpseo')).toBeUndefined();
  });

  it('lets a user with Yoast own capability in, without manage_options', async () => {
    const seoManager = { ...editor, can: (cap: string) => cap === 'wpseo_manage_options' || editor.can(cap) };
    expect((await call(server().rest, 'GET', '/configuration/get_configuration_state', undefined, seoManager)).status).toBe(200);
  });
});

describe('the configuration on PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-rest-seo-b-configuration-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is answered after the store is closed and opened again', async () => {
    const first = await pgliteStore({ dataDir });
    try {
      const { rest } = server({}, first);
      await call(rest, 'POST', '/configuration/save_configuration_state', { finishedSteps: ['a', 'b', 'c'] });
      await call(rest, 'POST', '/configuration/social_profiles', { facebook_site: 'https://facebook.com/greenthumbs' });
      await call(rest, 'POST', '/insights_manage_consent', { consent: true });
    } finally {
      await first.close();
    }
    const reopened = await pgliteStore({ dataDir });
    try {
      const { rest } = server({ siteInsights: insights() }, reopened);
      expect((await call(rest, 'GET', '/configuration/get_configuration_state')).data.data).toEqual(['a', 'b', 'c']);
      expect((await option(reopened, 'wpseo_social'))?.facebook_site).toBe('https://facebook.com/greenthumbs');
      expect((await metrics(rest, 'organicSessionsCompare')).status).toBe(200);
    } finally {
      await reopened.close();
    }
  });
});
