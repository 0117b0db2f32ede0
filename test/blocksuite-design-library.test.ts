// `blocksuite-design-library/v1` (Kadence Blocks 3.5's `kb-design-library/v1`) through `inject`:
// every route on the recorded double of the `designLibrary` service (the packaged fixtures/), the
// plugin's bare-string answers, caching in transients with `force_reload`, the options it keeps
// (also on PGlite across a restart), each failure of the service as the plugin answers it on that
// route, /reset's 500 before anything else, refusals per role, and no license key in any answer
// or report.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  blocksuiteDesignLibrary,
  CLOUD_OPTION,
  createRestServer,
  LICENSE_KEY_OPTION,
  memoryStore,
  PROMPTS_OPTION,
  PROPHECY_OPTION,
  type BlocksuiteDesignLibraryOptions,
  type DesignLibrary,
  type DesignLibraryCall,
  type RestServer,
  type RestUser,
  type SiteStore,
} from '../src/index.js';
import { packagedFixtures, serviceRecordings } from '../src/cli/fixtures.js';
import { designLibraryService } from '../src/namespaces/blocksuite-design-library/services.js';
import type { DoubleMode, Recordings } from '../src/namespaces/recorded-double.js';
import { pgliteStore } from '../src/store.js';
import { userWith } from './helpers/users.js';

const NS = '/blocksuite-design-library/v1';
const SITE = { name: 'Crumb & Co Bakery', url: 'http://bakery.test' };
const LICENSE = 'KB-LICENSE-7f3a9c21d4e8';
const REQUEST_API_KEY = 'REQUEST-API-KEY-55e1b0';

const administrator = userWith(1, 'administrator');
const author = userWith(3, 'author');
const contributor = userWith(4, 'contributor');
const subscriber = userWith(5, 'subscriber');

/** The packaged recordings of the design library, fresh for each test so a flipped switch touches no other. */
function recorded(): Recordings {
  return serviceRecordings(packagedFixtures())['blocksuite-design-library/design-library'];
}

/** A design library over `recordings` (the packaged ones unless given) that lists every call it gets. */
function recordingLibrary(recordings: Recordings = recorded()) {
  const double = designLibraryService.double(recordings);
  const calls: DesignLibraryCall[] = [];
  const library: DesignLibrary = {
    request: (call, signal) => {
      calls.push(call);
      return double.request(call, signal);
    },
  };
  return { library, calls, recordings, ofKind: (operation: string) => calls.filter((call) => call.operation === operation) };
}

/** A server mounting only the design library on `store`, its `onError` reports kept. */
function server(options: BlocksuiteDesignLibraryOptions = {}, store: SiteStore = memoryStore()) {
  const reports: string[] = [];
  const rest = createRestServer({
    site: SITE,
    store,
    namespaces: [blocksuiteDesignLibrary(options)],
    onError: (error) => reports.push(error instanceof Error ? error.message : String(error)),
  });
  return { rest, reports, store };
}

/** A licensed site on the recorded double. */
async function licensedSite(recordings?: Recordings, options: BlocksuiteDesignLibraryOptions = {}) {
  const store = memoryStore();
  await store.options.set(LICENSE_KEY_OPTION, LICENSE);
  const double = recordingLibrary(recordings);
  return { ...server({ designLibrary: double.library, ...options }, store), ...double };
}

const get = (rest: RestServer, route: string, query: Record<string, unknown> = {}, user: RestUser | null = administrator) =>
  rest.inject({ path: `${NS}/${route}`, query, user });
const post = (rest: RestServer, route: string, body: unknown, user: RestUser | null = administrator) =>
  rest.inject({ method: 'POST', path: `${NS}/${route}`, body, user });

const WIZARD = {
  name: 'Crumb & Co',
  entity_type: 'company',
  industry: 'Bakery',
  location: 'Leeds',
  description: 'A neighbourhood bakery.',
};

describe('who may call the design library', () => {
  const GETS = [
    'get',
    'get_all_items',
    'get-all-ai',
    'get_remaining_jobs',
    'get_library',
    'get_library_categories',
    'get_local_contexts',
    'get_verticals',
    'get_initial_jobs',
    'get_images',
    'get_image_collections',
    'get_pattern_content',
    'get_remaining_credits',
  ];
  const POSTS = ['get_keywords', 'get_search_query', 'handle_event'];

  it('refuses anonymous callers 401 and subscribers 403 (rest_forbidden), and lets anyone with edit_posts in', async () => {
    const { rest } = await licensedSite();
    for (const route of GETS) {
      expect((await get(rest, route, {}, null)).status, route).toBe(401);
      const refused = await get(rest, route, {}, subscriber);
      expect([refused.status, (refused.data as { code: string }).code], route).toEqual([403, 'rest_forbidden']);
      expect((await get(rest, route, {}, contributor)).status, route).toBe(200);
    }
    for (const route of POSTS) {
      expect((await post(rest, route, {}, null)).status, route).toBe(401);
      expect((await post(rest, route, {}, subscriber)).status, route).toBe(403);
    }
    expect((await post(rest, 'get_keywords', WIZARD, author)).status).toBe(200);
    expect((await post(rest, 'handle_event', { event_label: 'ai_wizard_started' }, author)).status).toBe(200);
  });

  it('answers /reset 500 rest_invalid_handler to everyone, before its params are checked and before permission', async () => {
    const { rest, calls } = await licensedSite();
    for (const [user, query] of [
      [null, {}],
      [subscriber, {}],
      [administrator, {}],
      [administrator, { page: '0', per_page: '500', force_reload: 'maybe' }],
    ] as const) {
      const answer = await get(rest, 'reset', query, user);
      expect(answer.status).toBe(500);
      expect(answer.data).toEqual({
        code: 'rest_invalid_handler',
        message: 'The handler for the route is invalid.',
        data: { status: 500 },
      });
    }
    expect(calls).toEqual([]);
  });
});

describe('params as the plugin declares them', () => {
  it("checks WordPress's page, per_page and the force_reload boolean (400 rest_invalid_param), before permission", async () => {
    const { rest } = await licensedSite();
    for (const query of [{ page: '0' }, { per_page: '101' }, { force_reload: 'maybe' }]) {
      const answer = await get(rest, 'get_library', query);
      expect(answer.status).toBe(400);
      expect((answer.data as { code: string }).code).toBe('rest_invalid_param');
      expect((await get(rest, 'get_library', query, subscriber)).status).toBe(400);
    }
    const event = await post(rest, 'handle_event', { event_label: 'ai_wizard_started', event_data: 'not an object' });
    expect([event.status, (event.data as { code: string }).code]).toEqual([400, 'rest_invalid_param']);
  });

  it('takes any value for the text and array params: sanitize_text_field and the sanitizers replace the type check', async () => {
    const { rest, ofKind } = await licensedSite();
    const answer = await get(rest, 'get_images', { industries: 'bakery', image_type: ['JPEG'] });
    expect(answer.data).toBe('error');
    const sized = await get(rest, 'get_images', {
      industries: ['<b>bakery</b>'],
      image_sizes: [{ id: 'large<script>', width: '-640', height: 'x', crop: 'yes' }],
    });
    expect(sized.status).toBe(200);
    const [call] = ofKind('images-collection');
    expect(call).toMatchObject({
      body: { industries: ['bakery'], image_type: 'JPEG', sizes: [{ id: 'large', width: 640, height: 0, crop: true }] },
    });
  });
});

describe('the pattern library', () => {
  it('answers the section library as the pattern cloud sends it (a JSON string), then from the cache until force_reload', async () => {
    const { rest, ofKind } = await licensedSite();
    const first = await get(rest, 'get_library', { library: 'section', key: 'section', api_key: REQUEST_API_KEY });
    expect(first.status).toBe(200);
    expect(typeof first.data).toBe('string');
    expect(JSON.parse(first.data as string)).toHaveProperty('hero-bakery-01.name', 'Hero with image and call to action');
    const [call] = ofKind('library');
    expect(call).toMatchObject({
      method: 'GET',
      url: 'https://patterns.startertemplatecloud.com/wp-json/kadence-cloud/v1/get/',
      query: { key: 'section', site: 'bakery.test', api_key: LICENSE, api_email: '', product_id: '' },
    });
    expect((await get(rest, 'get_library', { library: 'section', key: 'section' })).data).toBe(first.data);
    expect(ofKind('library')).toHaveLength(1);
    await get(rest, 'get_library', { library: 'section', key: 'section', force_reload: true });
    expect(ofKind('library')).toHaveLength(2);
  });

  it('answers the pages library and a Kadence Cloud library (its own address, its key, no license args)', async () => {
    const { rest, ofKind } = await licensedSite();
    const pages = await get(rest, 'get_library', { library: 'pages' });
    expect(JSON.parse(pages.data as string)).toHaveProperty('bakery-home');
    expect(ofKind('library')[0]).toMatchObject({
      url: 'https://patterns.startertemplatecloud.com/wp-json/kadence-cloud/v1/pages/',
      query: { key: 'new-pages' },
    });
    const cloud = await get(rest, 'get_library', { library: 'studio', library_url: 'https://cloud.example.test/', key: 'cloud-demo-key' });
    expect(JSON.parse(cloud.data as string)).toHaveProperty('studio-hero-01');
    expect(ofKind('library')[1]).toEqual({
      operation: 'library',
      method: 'GET',
      url: 'https://cloud.example.test/wp-json/kadence-cloud/v1/get/',
      query: { key: 'cloud-demo-key', site: 'bakery.test' },
    });
  });

  it('reloads a cloud library whose connection expired, pushing the expiry forward by its refresh period', async () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    const { rest, ofKind, store } = await licensedSite(undefined, { now: () => now });
    const query = { library: 'studio', library_url: 'https://cloud.example.test', key: 'cloud-demo-key' };
    await get(rest, 'get_library', query);
    await get(rest, 'get_library', query);
    expect(ofKind('library')).toHaveLength(1);
    await store.options.set(CLOUD_OPTION, JSON.stringify({ connections: { studio: { expires: '2026-03-01 00:00:00', refresh: 'week' } } }));
    await get(rest, 'get_library', query);
    expect(ofKind('library')).toHaveLength(2);
    expect(JSON.parse((await store.options.get(CLOUD_OPTION)) as string)).toEqual({
      connections: { studio: { expires: '2026-03-17 12:00:00', refresh: 'week' } },
    });
    await get(rest, 'get_library_categories', query);
    await get(rest, 'get_library_categories', query);
    expect(ofKind('library-categories')).toHaveLength(1);
  });

  it('answers an unreachable pattern cloud with the WP_Error itself (500, no status) and a refusing one with error 400', async () => {
    const failing = await licensedSite();
    failing.recordings.mode = 'threw';
    const thrown = await get(failing.rest, 'get_library', { library: 'section' });
    expect(thrown.status).toBe(500);
    expect(thrown.data).toEqual({ code: 'http_request_failed', message: "cURL error 7: Couldn't connect to server", data: null });
    expect(failing.reports.join('\n')).toContain('blocksuite-design-library design-library');

    const slow = await licensedSite(undefined, { designLibraryLimits: { timeoutMs: 20 } });
    slow.recordings.mode = 'hang';
    const late = await get(slow.rest, 'get_library', { library: 'section' });
    expect([late.status, (late.data as { code: string; message: string }).message]).toEqual([500, 'cURL error 28: Operation timed out']);

    const refusing = server({ designLibrary: { request: async () => ({ status: 503, body: 'Service Unavailable' }) } });
    const answer = await get(refusing.rest, 'get_library', { library: 'section' });
    expect([answer.status, answer.data]).toEqual([400, { code: 'error', message: 'Response Code Error: 503', data: { status: 400 } }]);
    expect((await get(refusing.rest, 'get_library_categories', { library: 'section' })).data).toBe('error');
  });

  it('answers the categories, and "error" when the cloud fails or times out', async () => {
    const { rest, recordings } = await licensedSite(undefined, { designLibraryLimits: { timeoutMs: 20 } });
    expect(JSON.parse((await get(rest, 'get_library_categories', { library: 'section', key: 'section' })).data as string)).toHaveProperty(
      'hero',
      'Hero',
    );
    recordings.mode = 'hang';
    expect((await get(rest, 'get_library_categories', { library: 'pages', force_reload: true })).data).toBe('error');
  });

  it('answers one pattern\'s content, 401 invalid_access for a refused key, and "error" without a library or an answer', async () => {
    const { rest, ofKind, recordings } = await licensedSite();
    const content = await get(rest, 'get_pattern_content', {
      library: 'section',
      key: 'section',
      pattern_id: 'hero-bakery-01',
      pattern_style: 'dark',
    });
    expect(content.data).toMatch(/^<!-- wp:kadence\/rowlayout/);
    expect(ofKind('pattern-content')[0]).toMatchObject({
      query: {
        type: 'pattern',
        key: 'section',
        id: 'hero-bakery-01',
        site: 'bakery.test',
        style: 'dark',
        api_key: LICENSE,
        product: 'kadence-blocks',
      },
    });
    const refused = await get(rest, 'get_pattern_content', {
      library: 'studio',
      library_url: 'https://cloud.example.test',
      key: 'wrong-key',
      pattern_id: '31',
    });
    expect([refused.status, refused.data]).toEqual([
      401,
      { code: 'invalid_access', message: 'Invalid Request, Incorrect Access Key', data: { status: 401 } },
    ]);
    expect((await get(rest, 'get_pattern_content', { pattern_id: 'hero-bakery-01' })).data).toBe('error');
    recordings.mode = 'threw';
    expect((await get(rest, 'get_pattern_content', { library: 'section', pattern_id: 'hero-bakery-01' })).data).toBe('error');
  });
});

describe('the AI content jobs', () => {
  it('starts a context\'s job ("processing"), answers "processing" while it runs, then its content, then from the cache', async () => {
    const { rest, store, ofKind } = await licensedSite();
    await store.options.set(
      PROPHECY_OPTION,
      JSON.stringify({ companyName: 'Crumb & Co', industry: 'Other', industryOther: 'Bakery', tone: 'friendly' }),
    );
    expect((await get(rest, 'get', { context: 'about' })).data).toBe('processing');
    expect(await store.options.get(PROMPTS_OPTION)).toEqual({ about: 'kb-job-about' });
    expect(ofKind('ai-create')[0]).toMatchObject({
      url: 'https://content.startertemplatecloud.com/wp-json/prophecy/v1/content/create',
      body: {
        context: 'kadence',
        company: 'Crumb & Co',
        industry: 'Bakery',
        tone: 'friendly',
        lang: '',
        prompts: ['about', 'about-hero', 'about-columns', 'about-list', 'about-videos'],
      },
    });
    expect((await get(rest, 'get', { context: 'about' })).data).toBe('processing');
    const done = await get(rest, 'get', { context: 'about' });
    expect(JSON.parse(done.data as string)).toHaveProperty('about-hero.title', 'Bread Worth Waking Up For');
    expect((await get(rest, 'get', { context: 'about' })).data).toBe(done.data);
    expect(ofKind('ai-job')).toHaveLength(2);
    expect(ofKind('credits')).toHaveLength(1);
    expect(ofKind('event').map((call) => 'body' in call && call.body.name)).toEqual([
      'Context Generation Requested',
      'Context Generation Requested',
      'Context Generation Completed',
    ]);
    expect((await get(rest, 'get', { context: 'about', force_reload: true })).data).toBe('processing');
    expect(ofKind('ai-create')).toHaveLength(2);
  });

  it('answers "credits" when the AI service has none left, and "error" (forgetting the job) when it cannot be reached', async () => {
    const { rest, store, recordings } = await licensedSite();
    expect((await get(rest, 'get', { context: 'podcast' })).data).toBe('credits');
    await get(rest, 'get', { context: 'faq' });
    recordings.mode = 'threw';
    expect((await get(rest, 'get', { context: 'faq' })).data).toBe('error');
    expect(await store.options.get(PROMPTS_OPTION)).toEqual({});
    expect((await get(rest, 'get', { context: 'faq' })).data).toBe('error');
  });

  it('starts the 20 initial contexts afresh, then the 8 of the 27 still missing, and lists the contexts with a job', async () => {
    const { rest, store } = await licensedSite();
    expect((await get(rest, 'get_local_contexts')).data).toBe('failed');
    await store.options.set(PROMPTS_OPTION, { blog: 'kb-job-old' });
    const initial = (await get(rest, 'get_initial_jobs')).data as string[];
    expect(initial).toHaveLength(20);
    expect(initial).toContain('product-details');
    expect(Object.keys((await store.options.get(PROMPTS_OPTION)) as object)).toEqual(initial);
    const remaining = await get(rest, 'get_remaining_jobs');
    expect(remaining.data).toEqual(['blog', 'careers', 'history', 'news', 'partners', 'profile', 'support', 'volunteer']);
    expect((await get(rest, 'get_local_contexts')).data).toHaveLength(28);
    expect((await get(rest, 'get_remaining_jobs', { force_reload: true })).data).toHaveLength(27);
  });

  it('answers "failed" when no job could be started, and the started ones with error:true when only some were', async () => {
    const failing = await licensedSite();
    failing.recordings.mode = 'threw';
    expect((await get(failing.rest, 'get_initial_jobs')).data).toBe('failed');
    expect((await get(failing.rest, 'get_remaining_jobs')).data).toBe('failed');
    const partly = server({
      designLibrary: {
        request: async (call) =>
          'context' in call && call.context === 'blog'
            ? { status: 500, body: '' }
            : { status: 200, body: JSON.stringify({ data: { job_id: `j-${'context' in call ? call.context : ''}` } }) },
      },
    });
    const answer = (await get(partly.rest, 'get_remaining_jobs')).data as { context: string[]; error: boolean };
    expect(answer.error).toBe(true);
    expect(answer.context).toHaveLength(26);
    expect((await get(partly.rest, 'get_initial_jobs')).data).toEqual(expect.arrayContaining(['about']));
  });

  it('answers get-all-ai "loading" while a job runs, then the 19 of the 27 contexts started (the 20 initial ones with force_reload); "error" when one fails', async () => {
    const { rest, recordings } = await licensedSite();
    expect((await get(rest, 'get-all-ai')).data).toEqual([]);
    await get(rest, 'get_initial_jobs');
    expect((await get(rest, 'get-all-ai')).data).toBe('loading');
    const all = (await get(rest, 'get-all-ai')).data as Record<string, unknown>;
    expect(Object.keys(all)).toHaveLength(19);
    expect(all).toHaveProperty('about.about.title', 'Baked Fresh Since 1998');
    // product-details is an initial context the 27 leave out: its job is asked for the first time here.
    expect((await get(rest, 'get-all-ai', { force_reload: true })).data).toBe('loading');
    expect(Object.keys((await get(rest, 'get-all-ai', { force_reload: true })).data as object)).toHaveLength(20);
    await get(rest, 'get', { context: 'news' });
    recordings.mode = 'threw';
    expect((await get(rest, 'get-all-ai')).data).toBe('error');
  });

  it('answers get_all_items "empty" with no job, and the content of every job done, skipping the others', async () => {
    const { rest, recordings } = await licensedSite();
    expect((await get(rest, 'get_all_items')).data).toBe('empty');
    await get(rest, 'get', { context: 'about' });
    await get(rest, 'get', { context: 'team' });
    expect((await get(rest, 'get_all_items')).data).toBe('empty');
    const items = (await get(rest, 'get_all_items')).data as Record<string, unknown>;
    expect(Object.keys(items)).toEqual(['about', 'team']);
    recordings.mode = 'threw';
    expect((await get(rest, 'get_all_items')).data).toEqual(items);
  });
});

describe("the AI wizard's helpers", () => {
  it('answers the industries from the cache until force_reload, and "error" when they cannot be had', async () => {
    const { rest, ofKind, recordings } = await licensedSite();
    const verticals = await get(rest, 'get_verticals');
    expect(JSON.parse(verticals.data as string)).toHaveProperty('data.0.vertical', 'Food & Drink');
    await get(rest, 'get_verticals');
    expect(ofKind('verticals')).toHaveLength(1);
    recordings.mode = 'threw';
    expect((await get(rest, 'get_verticals', { force_reload: true })).data).toBe('error');
    expect((await get(rest, 'get_verticals')).data).toBe(verticals.data);
  });

  it('answers keyword and search-query suggestions as the proxy sends them, 400 {error} without the five fields, "" when unreachable', async () => {
    const { rest, ofKind, recordings } = await licensedSite();
    const keywords = await post(rest, 'get_keywords', WIZARD);
    expect(JSON.parse(keywords.data as string)).toHaveProperty('data.0', 'sourdough bread');
    expect(ofKind('keywords')[0]).toMatchObject({ body: { ...WIZARD, lang: '', count: null } });
    const query = await post(rest, 'get_search_query', WIZARD);
    expect(JSON.parse(query.data as string)).toEqual({ data: 'artisan bakery bread' });
    for (const route of ['get_keywords', 'get_search_query']) {
      const missing = await post(rest, route, { ...WIZARD, location: '' });
      expect([missing.status, missing.data]).toEqual([400, { error: 'Missing parameters' }]);
      const asQuery = await rest.inject({ method: 'POST', path: `${NS}/${route}`, query: WIZARD, user: administrator });
      expect(asQuery.status).toBe(400);
    }
    recordings.mode = 'threw';
    expect((await post(rest, 'get_keywords', WIZARD)).data).toBe('');
  });

  it('answers the remaining credits (the credits server\'s body), asked with the stored license, and "error" on failure', async () => {
    const { rest, ofKind, recordings } = await licensedSite();
    expect((await get(rest, 'get_remaining_credits', { api_key: REQUEST_API_KEY })).data).toBe('1250');
    expect(ofKind('credits')[0]).toMatchObject({
      url: 'https://content.startertemplatecloud.com/wp-json/kadence-credits/v1/get-remaining',
      query: { site: 'bakery.test', key: LICENSE, plugin_slug: 'kadence-blocks' },
    });
    recordings.mode = 'too-large';
    expect((await get(rest, 'get_remaining_credits')).data).toBe('error');
  });
});

describe('images', () => {
  it("answers an industry collection's images, a search for aiGenerated with an industry, from the cache until force_reload", async () => {
    const { rest, ofKind } = await licensedSite();
    expect((await get(rest, 'get_images')).data).toBe('error');
    const images = await get(rest, 'get_images', { industries: ['bakery'] });
    expect(JSON.parse(images.data as string)).toHaveProperty('data.0.collection_slug', 'bakery');
    expect(ofKind('images-collection')[0]).toMatchObject({
      url: 'https://content.startertemplatecloud.com/wp-json/prophecy/v1/images/collections',
      body: { industries: ['bakery'], image_type: 'JPEG', sizes: [{ id: '2048x2048', width: 2048, height: 2048, crop: false }] },
    });
    await get(rest, 'get_images', { industries: ['bakery'] });
    expect(ofKind('images-collection')).toHaveLength(1);
    await get(rest, 'get_images', { industries: ['bakery'], force_reload: true });
    expect(ofKind('images-collection')).toHaveLength(2);
    const found = await get(rest, 'get_images', { industries: ['aiGenerated'], industry: 'sourdough', image_type: 'WEBP' });
    expect(JSON.parse(found.data as string)).toHaveProperty('data.0.collection_slug', 'aiGenerated');
    expect(ofKind('images-search')[0]).toMatchObject({ body: { query: 'sourdough', image_type: 'WEBP', page: 1, per_page: 24 } });
  });

  it('answers "error" for an answer without data or a failing service, and caches neither', async () => {
    let body = JSON.stringify({ message: 'no data' });
    const { rest } = server({ designLibrary: { request: async () => ({ status: 200, body }) } });
    expect((await get(rest, 'get_images', { industries: ['bakery'] })).data).toBe('error');
    body = JSON.stringify({ data: [] });
    expect((await get(rest, 'get_images', { industries: ['bakery'] })).data).toBe(body);
    const { rest: down } = server();
    expect((await get(down, 'get_images', { industries: ['bakery'] })).data).toBe('error');
    expect((await get(down, 'get_image_collections')).data).toBe('error');
  });

  it('answers the image collections, then from the cache', async () => {
    const { rest, ofKind } = await licensedSite();
    const collections = await get(rest, 'get_image_collections');
    expect(JSON.parse(collections.data as string)).toHaveProperty('data.0.slug', 'bakery');
    expect((await get(rest, 'get_image_collections')).data).toBe(collections.data);
    expect(ofKind('image-collections')).toHaveLength(1);
  });
});

describe('analytics events', () => {
  it('answers a known label "Event handled." and pings the analytics endpoint with its context when licensed', async () => {
    const { rest, ofKind } = await licensedSite();
    const answer = await post(rest, 'handle_event', {
      event_label: 'ai_wizard_update',
      event_data: { entityType: 'company', industry: 'Bakery', keywords: ['bread'] },
    });
    expect([answer.status, answer.data]).toEqual([200, { message: 'Event handled.' }]);
    expect(ofKind('event')[0]).toMatchObject({
      url: 'https://content.startertemplatecloud.com/wp-json/prophecy/v1/analytics/event',
      body: {
        name: 'AI Wizard Update',
        context: { organization_type: 'company', industry: 'Bakery', keywords: ['bread'], location: '', goals: '' },
      },
    });
    const collection = await post(rest, 'handle_event', {
      event_label: 'collection_updated',
      event_data: { customCollections: [{ label: 'My Bakes', value: 'c-1' }], photoLibrary: 'c-1' },
    });
    expect(collection.status).toBe(200);
    expect(ofKind('event')[1]).toMatchObject({
      body: { name: 'Collection Updated', context: { collection_name: 'My Bakes', is_custom: true } },
    });
  });

  it('answers an unknown label 500 "Event not handled.", and pings nothing for an unlicensed site', async () => {
    const { library, ofKind } = recordingLibrary();
    const { rest } = server({ designLibrary: library });
    const unknown = await post(rest, 'handle_event', { event_label: 'pattern_removed' });
    expect([unknown.status, unknown.data]).toEqual([500, { message: 'Event not handled.' }]);
    expect((await post(rest, 'handle_event', { event_label: 'ai_wizard_started' })).status).toBe(200);
    expect(ofKind('event')).toEqual([]);
  });

  it('answers without waiting for the ping: a ping that never ends does not hold the answer', async () => {
    const recordings = recorded();
    recordings.mode = 'hang' satisfies DoubleMode;
    const { rest, ofKind } = await licensedSite(recordings, { designLibraryLimits: { timeoutMs: 600_000 } });
    const answer = await post(rest, 'handle_event', {
      event_label: 'pattern_added_to_page',
      event_data: { id: 1101, slug: 'hero-bakery-01' },
    });
    expect(answer.data).toEqual({ message: 'Event handled.' });
    expect(ofKind('event')).toHaveLength(1);
  });
});

describe('the license', () => {
  it('never answers or reports the license key or the api_key param, on any route, whatever the service does', async () => {
    const store = memoryStore();
    await store.options.set(LICENSE_KEY_OPTION, LICENSE);
    const leaky: DesignLibrary = {
      request: async (call) => {
        throw new Error(`refused ${JSON.stringify(call)} ${'token' in call ? call.token : ''}`);
      },
    };
    const { rest, reports } = server({ designLibrary: leaky }, store);
    const ok = recordingLibrary();
    const { rest: working } = server({ designLibrary: ok.library }, store);
    const query = {
      api_key: REQUEST_API_KEY,
      api_email: 'owner@bakery.test',
      library: 'section',
      context: 'about',
      industries: ['bakery'],
    };
    const texts: string[] = [];
    for (const target of [rest, working]) {
      for (const route of [
        'get',
        'get_all_items',
        'get-all-ai',
        'get_remaining_jobs',
        'get_library',
        'get_library_categories',
        'get_verticals',
        'get_initial_jobs',
        'get_images',
        'get_image_collections',
        'get_pattern_content',
        'get_remaining_credits',
        'reset',
      ]) {
        texts.push(JSON.stringify((await get(target, route, query)).data));
      }
      for (const route of ['get_keywords', 'get_search_query', 'handle_event']) {
        texts.push(JSON.stringify((await post(target, route, { ...WIZARD, ...query, event_label: 'ai_wizard_complete' })).data));
      }
    }
    expect(reports.length).toBeGreaterThan(10);
    const token = 'token' in ok.ofKind('ai-create')[0]! ? (ok.ofKind('ai-create')[0] as { token: string }).token : '';
    expect(JSON.parse(Buffer.from(token, 'base64').toString())).toMatchObject({
      key: LICENSE,
      domain: 'bakery.test',
      site_name: 'crumb-co-bakery',
    });
    for (const text of [...texts, ...reports]) {
      expect(text).not.toContain(LICENSE);
      expect(text).not.toContain(REQUEST_API_KEY);
      expect(text).not.toContain(token);
    }
  });
});

describe('state on the PGlite store', () => {
  it('keeps the AI jobs and the cached answers across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'site-rest-design-library-'));
    try {
      const first = await pgliteStore({ dataDir });
      await first.options.set(LICENSE_KEY_OPTION, LICENSE);
      const before = recordingLibrary();
      const { rest } = server({ designLibrary: before.library }, first);
      const started = (await get(rest, 'get_initial_jobs')).data;
      const library = (await get(rest, 'get_library', { library: 'section', key: 'section' })).data;
      await first.close();

      const reopened = await pgliteStore({ dataDir });
      const after = recordingLibrary();
      const { rest: again } = server({ designLibrary: after.library }, reopened);
      expect((await get(again, 'get_local_contexts')).data).toEqual(started);
      expect((await get(again, 'get_library', { library: 'section', key: 'section' })).data).toBe(library);
      expect(after.calls).toEqual([]);
      await reopened.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
