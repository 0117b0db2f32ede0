// seo-b/v1's indexables group (Yoast SEO 28.1's indexing, link indexing, importing, score and
// statistics routes) through `inject`: the indexables read from the store, batches walked to
// `next_url: false`, a post changed after indexing built again, link counts, the AIOSEO importer,
// the score counts and their five refusals, the statistics cache, who may call what, a failing
// store, and the walk kept on PGlite across a restart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRestServer, memoryStore, type RestServer, type RestUser, type SiteStore } from '../src/index.js';
import { seoB, seoBStorageOn, type SeoBOptions } from '../src/namespaces/seo-b/index.js';
import { pgliteStore } from '../src/store.js';
import { FIXTURES } from './helpers/peer.js';
import { userWith } from './helpers/users.js';

const NS = '/seo-b/v1';
const SITE = { name: 'Yoast Site', url: 'http://yoast.test' };
const admin = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const author = userWith(3, 'author');
const subscriber = userWith(4, 'subscriber');

interface Batch {
  objects: Array<Record<string, unknown>> | false;
  next_url: string | false;
}

function serverOn(store: SiteStore, options: SeoBOptions = {}): RestServer {
  return createRestServer({
    site: SITE,
    store,
    namespaces: [seoB({ now: () => Date.UTC(2026, 10, 29, 14), ...options })],
    onError: () => {},
  });
}

let store: SiteStore;
let rest: RestServer;

beforeEach(() => {
  store = memoryStore();
  rest = serverOn(store);
});

const post = <T = Batch>(path: string, as: RestUser | null = editor) => rest.inject<T>({ method: 'POST', path: `${NS}${path}`, user: as });
const get = <T = unknown>(path: string, as: RestUser | null = admin) => rest.inject<T>({ path: `${NS}${path}`, user: as });

async function publish(title: string, fields: Record<string, unknown> = {}, meta: Record<string, string> = {}): Promise<number> {
  const row = await store.posts.insert({
    post_title: title,
    post_name: title.toLowerCase().replaceAll(' ', '-'),
    post_status: 'publish',
    post_author: 3,
    ...fields,
  });
  for (const [key, value] of Object.entries(meta)) await store.postMeta.add(row.ID, key, value);
  return row.ID;
}

/** Walks a batched route to its end: each batch's object count. */
async function walk(path: string): Promise<number[]> {
  const sizes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const answer = await post(path);
    expect(answer.status).toBe(200);
    const objects = answer.data.objects;
    sizes.push(Array.isArray(objects) ? objects.length : 0);
    if (answer.data.next_url === false) return sizes;
    expect(answer.data.next_url).toBe(`http://yoast.test/wp-json${NS}${path}`);
  }
  throw new Error(`${path} never ended`);
}

describe('the route table', () => {
  it('lists the group’s routes exactly as routes.json', async () => {
    const spec = JSON.parse(readFileSync(join(FIXTURES, 'routes.json'), 'utf8')) as {
      routes: Array<{ route: string; endpoints: unknown[] }>;
    };
    const mine = ['/statistics', '/readability_scores', '/seo_scores', '/import/', '/indexing/', '/link-indexing/'];
    const wanted = spec.routes.filter((r) => mine.some((path) => r.route.startsWith(`${NS}${path}`)));
    const index = await rest.inject<{ routes: Record<string, { endpoints: unknown[] }> }>({ path: NS });
    expect(wanted).toHaveLength(6);
    for (const route of wanted) expect(index.data.routes[route.route]?.endpoints, route.route).toEqual(route.endpoints);
  });
});

describe('indexing', () => {
  it('builds the posts in batches of 25 until none is left, and a second run finds no work', async () => {
    for (let i = 0; i < 30; i++) await publish(`Post ${i}`);
    await store.posts.insert({ post_title: 'Never saved', post_status: 'auto-draft' });
    expect(await walk('/indexing/posts')).toEqual([25, 5]);
    expect(await walk('/indexing/posts')).toEqual([0]);
  });

  it("answers a post's facts and score groups from its Yoast meta", async () => {
    const id = await publish(
      'Scored',
      {},
      {
        _yoast_wpseo_focuskw: 'scores',
        _yoast_wpseo_linkdex: '75',
        _yoast_wpseo_content_score: '30',
        '_yoast_wpseo_meta-robots-noindex': '1',
      },
    );
    const [indexable] = (await post('/indexing/posts')).data.objects as Array<Record<string, unknown>>;
    expect(indexable).toMatchObject({
      object_id: id,
      object_type: 'post',
      object_sub_type: 'post',
      permalink: 'http://yoast.test/scored/',
      post_status: 'publish',
      primary_focus_keyword: 'scores',
      primary_focus_keyword_score: 75,
      readability_score: 30,
      is_robots_noindex: true,
      is_public: false,
      link_count: null,
      version: 2,
    });
  });

  it('builds a post again once it or its meta changed after indexing', async () => {
    const first = await publish('First');
    await publish('Second');
    expect(await walk('/indexing/posts')).toEqual([2]);

    await store.posts.update(first, { post_content: 'Rewritten', post_modified_gmt: '2026-11-29 15:00:00' });
    const again = await post('/indexing/posts');
    expect((again.data.objects as Array<Record<string, unknown>>).map((o) => o.object_id)).toEqual([first]);

    await store.postMeta.update(first, '_yoast_wpseo_linkdex', '80');
    await store.postMeta.update(first, '_yoast_wpseo_focuskw', 'rewrite');
    const rescored = (await post('/indexing/posts')).data.objects as Array<Record<string, unknown>>;
    expect(rescored).toMatchObject([{ object_id: first, primary_focus_keyword_score: 80 }]);
    expect(await walk('/indexing/posts')).toEqual([0]);
  });

  it('builds the terms of categories and tags with their wpseo_taxonomy_meta, once', async () => {
    const news = await store.terms.insert({ name: 'News', slug: 'news', taxonomy: 'category' });
    await store.terms.insert({ name: 'Tips', slug: 'tips', taxonomy: 'post_tag' });
    await store.options.set('wpseo_taxonomy_meta', {
      category: { [news.term_id]: { wpseo_focuskw: 'news', wpseo_linkdex: '55', wpseo_noindex: 'noindex' } },
    });
    const answer = await post('/indexing/terms');
    expect(answer.data).toMatchObject({ next_url: false });
    expect(answer.data.objects).toMatchObject([
      {
        object_id: news.term_id,
        object_type: 'term',
        object_sub_type: 'category',
        permalink: 'http://yoast.test/category/news/',
        primary_focus_keyword_score: 55,
        is_robots_noindex: true,
        is_public: false,
      },
      { object_sub_type: 'post_tag', permalink: 'http://yoast.test/tag/tips/', primary_focus_keyword_score: null, is_public: null },
    ]);
    expect(await walk('/indexing/terms')).toEqual([0]);
  });

  it("builds the archives of the host's post types that have one, and the general pages, once", async () => {
    rest = serverOn(store, {
      postTypes: [
        { name: 'product', label: 'Products', public: true, hasArchive: true },
        { name: 'note', label: 'Notes', public: true },
      ],
    });
    const archives = await post('/indexing/post-type-archives');
    expect(archives.data).toEqual({
      objects: [
        expect.objectContaining({ object_type: 'post-type-archive', object_sub_type: 'product', permalink: 'http://yoast.test/product/' }),
      ],
      next_url: false,
    });
    expect(await walk('/indexing/post-type-archives')).toEqual([0]);

    const general = await post('/indexing/general');
    expect(
      (general.data.objects as Array<Record<string, unknown>>).map((o) => `${String(o.object_type)}:${String(o.object_sub_type)}`),
    ).toEqual(['system-page:404', 'system-page:search-result', 'date-archive:null', 'home-page:null']);
    // Four objects are a full batch of the general action, so Yoast asks once more.
    expect(general.data.next_url).toBe(`http://yoast.test/wp-json${NS}/indexing/general`);
    expect(await walk('/indexing/general')).toEqual([0]);
  });

  it('records the start, the indexables and the end of indexing in the wpseo option', async () => {
    expect((await post('/indexing/prepare')).data).toEqual({ objects: [], next_url: false });
    expect(await store.options.get('wpseo')).toMatchObject({
      indexing_first_time: false,
      indexing_started: Date.UTC(2026, 10, 29, 14) / 1000,
    });
    await post('/indexing/indexables-complete');
    await store.options.update('wpseo', (value) => ({ ...(value as object), indexing_reason: 'permalink_settings_changed' }));
    expect((await post('/indexing/complete')).data).toEqual({ objects: [], next_url: false });
    expect(await store.options.get('wpseo')).toMatchObject({
      indexables_indexing_completed: true,
      indexing_reason: '',
      indexing_started: null,
    });
  });

  it('answers wpseo_error_indexing and records the failure when the store fails', async () => {
    const working = seoBStorageOn(store);
    const failing = { ...working, queryPosts: () => Promise.reject(new Error('disk on fire at /var/lib/secret')) };
    rest = serverOn(store, { storage: failing });
    const answer = await post('/indexing/posts');
    expect(answer.status).toBe(500);
    expect(answer.data).toEqual({ code: 'wpseo_error_indexing', message: 'The indexing failed.', data: { stackTrace: '#0 {main}' } });
    expect(await store.options.get('wpseo')).toMatchObject({ indexing_reason: 'indexing_failed', indexing_started: null });
  });

  it('lets authors index, and refuses subscribers (403) and anonymous callers (401)', async () => {
    expect((await post('/indexing/posts', author)).status).toBe(200);
    expect((await post('/link-indexing/terms', author)).status).toBe(200);
    expect((await post('/indexing/posts', subscriber)).data).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
    expect((await post('/link-indexing/posts', null)).data).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
    expect((await post('/indexing/elsewhere')).status).toBe(404);
  });
});

describe('link indexing', () => {
  it('counts internal links in batches of 5, the incoming links of their targets, and counts a changed post again', async () => {
    const target = await publish('Target');
    const source = await publish('Source', {
      post_content:
        '<p><a href="http://yoast.test/target/">in</a> <a href="/target/">again</a> <a href="https://elsewhere.test/">out</a> <a href="mailto:x@y.z">mail</a></p>',
    });
    for (let i = 0; i < 6; i++) await publish(`Filler ${i}`);
    await store.posts.insert({ post_title: 'Draft', post_status: 'draft', post_content: '<a href="/target/">x</a>' });
    expect(await walk('/link-indexing/posts')).toEqual([5, 3]);
    expect(await walk('/link-indexing/posts')).toEqual([0]);

    const built = async () => {
      await store.postMeta.update(target, '_yoast_wpseo_focuskw', String(Math.random()));
      await store.postMeta.update(source, '_yoast_wpseo_focuskw', String(Math.random()));
      const objects = (await post('/indexing/posts')).data.objects as Array<Record<string, unknown>>;
      return new Map(objects.map((o) => [o.object_id, o]));
    };
    let now = await built();
    expect(now.get(source)).toMatchObject({ link_count: 2, incoming_link_count: 0 });
    expect(now.get(target)).toMatchObject({ link_count: 0, incoming_link_count: 1 });

    await store.posts.update(source, { post_content: 'No links any more.' });
    const recount = await post('/link-indexing/posts');
    expect((recount.data.objects as Array<Record<string, unknown>>).map((o) => o.object_id)).toEqual([source]);
    now = await built();
    expect(now.get(source)).toMatchObject({ link_count: 0 });
    expect(now.get(target)).toMatchObject({ incoming_link_count: 0 });
  });

  it("counts the links of terms' descriptions", async () => {
    await publish('Target');
    await store.terms.insert({
      name: 'Linked',
      slug: 'linked',
      taxonomy: 'category',
      description: 'See <a href="http://yoast.test/target/">this</a>.',
    });
    const answer = await post('/link-indexing/terms');
    expect(answer.data.objects).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ object_sub_type: 'category', permalink: 'http://yoast.test/category/linked/', link_count: 1 }),
      ]),
    );
    expect(await walk('/link-indexing/terms')).toEqual([0]);
  });
});

describe('importing', () => {
  it('answers rest_no_route for an unknown importer, and for AIOSEO while its option is absent', async () => {
    for (const path of [
      '/import/rankmath/posts',
      '/import/aioseo/nothing',
      '/import/aioseo/posts',
      '/import/conflicting-plugins/deactivation',
    ]) {
      const answer = await post(path, admin);
      expect(answer.status, path).toBe(404);
      expect(answer.data).toEqual({ code: 'rest_no_route', message: 'Requested importer not found', data: { status: 404 } });
    }
  });

  it("runs AIOSEO's importers: no post table to import, a failed validation, a cleanup of its post meta once", async () => {
    await store.options.set('aioseo_options', '{"searchAppearance":{}}');
    const id = await publish(
      'Imported',
      {},
      { _aioseo_title: 'Old title', _aioseo_description: 'Old description', _yoast_wpseo_title: 'Kept' },
    );

    expect((await post('/import/aioseo/posts', admin)).data).toEqual({ objects: false, next_url: false });

    const validation = await post('/import/aioseo/validate_data', admin);
    expect(validation.status).toBe(500);
    expect(validation.data).toMatchObject({
      code: 'wpseo_error_validation',
      message: 'The validation of the AIOSEO data structure has failed.',
    });

    const cleanup = await post('/import/aioseo/cleanup', admin);
    expect(cleanup.data).toEqual({
      objects: { metadata_cleanup: 2, indexables_cleanup: false },
      next_url: 'seo-b/v1/import/aioseo/cleanup',
    });
    expect(await store.postMeta.get(id, '_aioseo_title')).toEqual([]);
    expect(await store.postMeta.get(id, '_yoast_wpseo_title')).toEqual(['Kept']);
    expect((await post('/import/aioseo/cleanup', admin)).data).toEqual({ objects: [], next_url: false });
    expect(await store.options.get('wpseo')).toMatchObject({ importing_completed: { aioseo_cleanup: true } });
  });

  it("imports AIOSEO's general settings into wpseo_titles, 25 at a time after a cursor, its smart tags as Yoast's variables", async () => {
    const global = {
      separator: '&raquo;',
      siteTitle: '#site_title #separator_sa #tagline',
      metaDescription: 'All about #site_title &amp; <b>#custom_field-mood</b> #categories 100% %41sure',
      schema: { siteRepresents: 'person', person: 5, organizationName: 'Acme', organizationLogo: 'http://yoast.test/logo.png' },
      keywords: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${String(i).padStart(2, '0')}`, 'x'])),
    };
    await store.options.set('aioseo_options', JSON.stringify({ searchAppearance: { global } }));
    const first = await post('/import/aioseo/general_settings', admin);
    expect(first.data.objects).toHaveLength(25);
    expect(first.data.next_url).toBe('seo-b/v1/import/aioseo/general_settings');
    expect(await store.options.get('wpseo_titles')).toMatchObject({
      'metadesc-home-wpseo': 'All about %%sitename%% & %%cf_mood%% %%category%% 100% sure',
      company_or_person: 'person',
      company_or_person_user_id: 5,
      company_name: 'Acme',
      company_logo: 'http://yoast.test/logo.png',
    });
    expect(await store.options.get('wpseo')).toMatchObject({ import_cursors: { aioseo_general_settings: '/schema/siteRepresents' } });
    expect((await post('/import/aioseo/general_settings', admin)).data).toEqual({
      objects: ['/separator', '/siteTitle'],
      next_url: 'seo-b/v1/import/aioseo/general_settings',
    });
    expect((await post('/import/aioseo/general_settings', admin)).data).toEqual({ objects: [], next_url: false });
    expect(await store.options.get('wpseo')).toMatchObject({ importing_completed: { aioseo_general_settings: true } });
  });

  it('needs activate_plugins: editors get 403, anonymous callers 401', async () => {
    await store.options.set('aioseo_options', '{}');
    expect((await post('/import/aioseo/posts', editor)).status).toBe(403);
    expect((await post('/import/aioseo/posts', null)).status).toBe(401);
  });
});

describe('scores', () => {
  async function scoredSite(): Promise<{ news: number; good: number; okNoindex: number; bad: number; none: number }> {
    const category = await store.terms.insert({ name: 'News', slug: 'news', taxonomy: 'category' });
    const good = await publish('Good one', {}, { _yoast_wpseo_focuskw: 'a', _yoast_wpseo_linkdex: '90', _yoast_wpseo_content_score: '80' });
    const okNoindex = await publish(
      'Hidden',
      {},
      { _yoast_wpseo_focuskw: 'b', _yoast_wpseo_linkdex: '50', '_yoast_wpseo_meta-robots-noindex': '1', _yoast_wpseo_content_score: '50' },
    );
    const bad = await publish(
      'Bad one',
      {},
      { _yoast_wpseo_focuskw: 'c', _yoast_wpseo_linkdex: '20', '_yoast_wpseo_estimated-reading-time-minutes': '3' },
    );
    const none = await publish('Unscored');
    await publish('A draft', { post_status: 'draft' }, { _yoast_wpseo_focuskw: 'd', _yoast_wpseo_linkdex: '95' });
    await store.terms.setObjectTerms(good, 'category', [category.term_id]);
    await store.terms.setObjectTerms(bad, 'category', [category.term_id]);
    return { news: category.term_id, good, okNoindex, bad, none };
  }

  const amounts = (body: unknown) =>
    Object.fromEntries((body as { scores: Array<{ name: string; amount: number }> }).scores.map((s) => [s.name, s.amount]));

  it("counts a content type's published posts per SEO score group, noindexed ones left out, and caches the counts a minute", async () => {
    await scoredSite();
    const first = await get<{ scores: unknown[]; cacheUsed: boolean; queryTime: number }>('/seo_scores?contentType=post');
    expect(first.status).toBe(200);
    expect(amounts(first.data)).toEqual({ good: 1, ok: 0, bad: 1, notAnalyzed: 1 });
    expect(first.data.scores[0]).toEqual({
      name: 'good',
      amount: 1,
      links: { view: 'http://yoast.test/wp-admin/edit.php?post_status=publish&post_type=post&seo_filter=good' },
    });
    expect(first.data.cacheUsed).toBe(false);
    await publish('Later', {}, { _yoast_wpseo_focuskw: 'e', _yoast_wpseo_linkdex: '99' });
    const second = await get<{ cacheUsed: boolean; queryTime: number }>('/seo_scores?contentType=post');
    expect(second.data).toMatchObject({ cacheUsed: true, queryTime: 0 });
    expect(amounts(second.data)).toEqual({ good: 1, ok: 0, bad: 1, notAnalyzed: 1 });
  });

  it('counts readability groups (noindexed posts included; a zero score with a reading time is bad) and lists ids when troubleshooting', async () => {
    const site = await scoredSite();
    const answer = await get<{ scores: Array<Record<string, unknown>>; cacheUsed: boolean }>(
      '/readability_scores?contentType=post&troubleshooting=true',
    );
    expect(amounts(answer.data)).toEqual({ good: 1, ok: 1, bad: 1, notAnalyzed: 1 });
    expect(answer.data.scores.map((s) => s.ids)).toEqual([String(site.good), String(site.okNoindex), String(site.bad), String(site.none)]);
    expect(answer.data.scores[2]!.links).toEqual({
      view: 'http://yoast.test/wp-admin/edit.php?post_status=publish&post_type=post&readability_filter=bad',
    });
    expect(answer.data.cacheUsed).toBe(false);
  });

  it('counts the posts of one category, with the category in the view links', async () => {
    const { news } = await scoredSite();
    const answer = await get<{ scores: Array<Record<string, unknown>> }>(`/seo_scores?contentType=post&taxonomy=category&term=${news}`);
    expect(amounts(answer.data)).toEqual({ good: 1, ok: 0, bad: 1, notAnalyzed: 0 });
    expect(answer.data.scores[3]).toEqual({
      name: 'notAnalyzed',
      amount: 0,
      links: { view: 'http://yoast.test/wp-admin/edit.php?post_status=publish&post_type=post&seo_filter=na&category_name=news' },
    });
  });

  it('refuses a bad content type, taxonomy or term with a plain {error} and 400, in Yoast’s order', async () => {
    const tag = await store.terms.insert({ name: 'Tagged', taxonomy: 'post_tag' });
    const cases: Array<[string, string]> = [
      ['contentType=nope', 'Invalid content type.'],
      ['contentType=attachment', 'Invalid content type.'],
      ['contentType=page&taxonomy=category&term=1', 'Invalid taxonomy.'],
      ['contentType=post&term=1', 'Term needs a provided taxonomy.'],
      ['contentType=post&taxonomy=category', 'Taxonomy needs a provided term.'],
      ['contentType=post&taxonomy=category&term=999', 'Invalid term.'],
      [`contentType=post&taxonomy=category&term=${tag.term_id}`, 'Invalid term.'],
      ['contentType=post&taxonomy=category&term=abc', 'Invalid term.'],
    ];
    for (const [query, error] of cases) {
      const answer = await get(`/seo_scores?${query}`);
      expect([answer.status, answer.data], query).toEqual([400, { error }]);
    }
    expect((await get('/readability_scores')).data).toMatchObject({ code: 'rest_missing_callback_param', data: { status: 400 } });
  });

  it('needs wpseo_manage_options: editors get 403, anonymous callers 401', async () => {
    expect((await get('/seo_scores?contentType=post', editor)).data).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
    expect((await get('/readability_scores?contentType=post', null)).data).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
  });
});

describe('statistics', () => {
  it('counts published posts per rank for those who edit others’ posts, with escaped links, cached a day per user', async () => {
    await publish('Good', {}, { _yoast_wpseo_focuskw: 'a', _yoast_wpseo_linkdex: '90' });
    await publish('Okay', {}, { _yoast_wpseo_focuskw: 'b', _yoast_wpseo_linkdex: '60', '_yoast_wpseo_meta-robots-noindex': '1' });
    await publish('Plain');
    const answer = await get<{ header: string; seo_scores: unknown[] }>('/statistics', editor);
    expect(answer.data).toEqual({
      header: "Below are your published posts' SEO scores. Now is as good a time as any to start improving some of your posts!",
      seo_scores: [
        {
          seo_rank: 'ok',
          label: 'Posts with the SEO score: <strong>OK</strong>',
          count: 1,
          link: 'http://yoast.test/wp-admin/edit.php?post_status=publish&#038;post_type=post&#038;seo_filter=ok',
        },
        {
          seo_rank: 'good',
          label: 'Posts with the SEO score: <strong>Good</strong>',
          count: 1,
          link: 'http://yoast.test/wp-admin/edit.php?post_status=publish&#038;post_type=post&#038;seo_filter=good',
        },
        {
          seo_rank: 'na',
          label: 'Posts <strong>without</strong> a focus keyphrase',
          count: 1,
          link: 'http://yoast.test/wp-admin/edit.php?post_status=publish&#038;post_type=post&#038;seo_filter=na',
        },
        {
          seo_rank: 'noindex',
          label: 'Posts that should not show up in search results',
          count: 1,
          link: 'http://yoast.test/wp-admin/edit.php?post_status=publish&#038;post_type=post&#038;seo_filter=noindex',
        },
      ],
    });
    await publish('Another plain one');
    expect((await get('/statistics', editor)).data).toEqual(answer.data);
    expect(Object.keys((await store.transients.get('wpseo-statistics-totals')) as object)).toEqual(['2']);
  });

  it('counts only their own posts for authors, and tells a user without posts so; anonymous callers get 401', async () => {
    await publish('Mine', { post_author: 3 }, { _yoast_wpseo_focuskw: 'x', _yoast_wpseo_linkdex: '80' });
    const own = await get<{ header: string; seo_scores: Array<{ link: string }> }>('/statistics', author);
    expect(own.data.header).toBe('Hey, your SEO is doing pretty well! Check out the stats:');
    expect(own.data.seo_scores.map((s) => s.link)).toEqual([
      'http://yoast.test/wp-admin/edit.php?post_status=publish&#038;post_type=post&#038;seo_filter=good&#038;author=3',
    ]);
    expect((await get('/statistics', subscriber)).data).toEqual({
      header: "You don't have any published posts, your SEO scores will appear here once you make your first post!",
      seo_scores: [],
    });
    expect((await get('/statistics', null)).status).toBe(401);
  });
});

describe('on PGlite', () => {
  it('keeps what indexing walked across a restart: the second process finds no work left', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'seo-b-indexables-'));
    try {
      const first = await pgliteStore({ dataDir });
      store = first;
      rest = serverOn(first);
      await publish('Kept');
      await publish('Also kept', { post_content: '<a href="/kept/">kept</a>' });
      expect(await walk('/indexing/posts')).toEqual([2]);
      expect(await walk('/link-indexing/posts')).toEqual([2]);
      await first.close();

      const second = await pgliteStore({ dataDir });
      store = second;
      rest = serverOn(second);
      try {
        expect(await walk('/indexing/posts')).toEqual([0]);
        expect(await walk('/link-indexing/posts')).toEqual([0]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
