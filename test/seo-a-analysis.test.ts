// seo-a/v1's content analysis and page preview (SEOPress 9.6's ContentAnalysis and PagePreview)
// through `inject`: the page data read from a rendered page, keyword matches and the score, what
// each route stores and deletes, the fetch-failure answers of a host renderer that fails, who may
// call, batching, hostile markup, and the saved analysis kept across a PGlite restart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createRestServer,
  memoryStore,
  seoA,
  SEO_GENERATION,
  variantA,
  type RestServer,
  type RestUser,
  type SeoAOptions,
  type SiteStore,
} from '../src/index.js';
import { ANALYSIS_META } from '../src/namespaces/seo-a/index.js';
import { pgliteStore } from '../src/store.js';
import { FIXTURES } from './helpers/peer.js';
import { userWith } from './helpers/users.js';

const NS = '/seo-a/v1';
const SITE = { name: 'Analysis Site', url: 'http://analysis.test' };
const PGLITE_MS = 60_000;
const THEME_PAGE = readFileSync(join(FIXTURES, 'seo-a-analysis', 'theme-page.html'), 'utf8');
const FAILED = { title: '...', meta_desc: '...' };

const admin = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const author = userWith(3, 'author');
const contributor = userWith(4, 'contributor');
const subscriber = userWith(5, 'subscriber');

const serverOn = (store: SiteStore, options: SeoAOptions = {}): RestServer =>
  createRestServer({ site: SITE, store, namespaces: [seoA(options)], onError: () => {} });

/** A published post by the author, with SEOPress's target keywords. */
async function seedPost(store: SiteStore, fields: Record<string, unknown> = {}): Promise<number> {
  const post = await store.posts.insert({
    post_title: 'The Café Guide',
    post_name: 'cafe-guide',
    post_status: 'publish',
    post_author: author.id,
    post_content: '<h2>Best coffee spots</h2>\n\nOur <a href="https://roasters.example/">roasters</a>.',
    ...fields,
  });
  await store.postMeta.add(post.ID, '_seopress_analysis_target_kw', 'Coffee,café');
  return post.ID;
}

type Analysis = Record<string, { value?: unknown; matches?: unknown; class?: string; options?: unknown }> & {
  link_preview: string;
  score: unknown;
};

const analyse = (rest: RestServer, id: number, query: Record<string, string> = {}, user: RestUser | null = editor) =>
  rest.inject<Analysis>({ path: `${NS}/posts/${id}/content-analysis`, query, user });

describe('seo-a/v1 content-analysis GET', () => {
  it('answers the page data of a host-rendered page as SEOPress reads it with its XPath queries', async () => {
    const store = memoryStore();
    const id = await seedPost(store);
    const rest = serverOn(store, { renderPage: () => ({ status: 200, html: THEME_PAGE }) });
    const { status, data } = await analyse(rest, id);
    expect(status).toBe(200);
    expect(data.title).toEqual({
      class: '\\SEOPress\\Services\\ContentAnalysis\\GetContent\\Title',
      value: 'Café Guide – Analysis Site',
      matches: [{ key: 'cafe', count: 1 }],
    });
    expect(data.description!.value).toBe('Where to drink coffee in town: our café guide.');
    expect(data.description!.matches).toEqual([
      { key: 'coffee', count: 1 },
      { key: 'cafe', count: 1 },
    ]);
    expect(data['og:title']!.value).toEqual(['Café Guide']);
    expect(data['og:site_name']!.value).toEqual(['Analysis Site']);
    expect(data['twitter:image']!.value).toEqual(['http://analysis.test/wp-content/uploads/cup-x.jpg']);
    expect(data['twitter:image:src']!.value).toEqual(['http://analysis.test/wp-content/uploads/cup-x.jpg']);
    expect(data.canonical!.value).toEqual(['http://analysis.test/cafe-guide/']);
    expect(data.h1).toEqual({
      class: '\\SEOPress\\Services\\ContentAnalysis\\GetContent\\Hn',
      value: ['The Café Guide'],
      options: { hn: 'h1' },
      matches: [{ key: 'cafe', count: 1 }],
    });
    expect(data.h2!.value).toEqual(['Best coffee spots', 'Opening hours & prices']);
    expect(data.h2!.matches).toEqual([{ key: 'coffee', count: 1 }]);
    // "Decaf-friendly" holds no whole "cafe": a dash is part of a word for SEOPress.
    expect(data.h3!.matches).toEqual([]);
    expect(data.images!.value).toEqual([
      { src: 'http://analysis.test/wp-content/uploads/cup.jpg', alt: 'A cup of coffee' },
      { src: 'http://analysis.test/wp-content/uploads/beans.png', alt: '' },
      { src: 'https://cdn.example/latte.webp', alt: 'Latte art' },
    ]);
    expect(data.meta_robots!.value).toEqual(['index, follow, max-snippet:-1']);
    expect(data.meta_google!.value).toEqual(['nositelinkssearchbox']);
    expect(data.links_no_follow!.value).toEqual([{ value: 'sponsor', url: 'https://ads.example/' }]);
    expect(data.outbound_links!.value).toEqual([
      { value: 'roasters', url: 'https://roasters.example/beans' },
      { value: 'sponsor', url: 'https://ads.example/' },
    ]);
    expect(data.schemas!.value).toEqual(['Article']);
    expect(data.id).toEqual({ value: id });
    expect(data.permalink).toEqual({ value: 'http://analysis.test/cafe-guide/' });
    expect(data.id_homepage).toEqual({ value: '0' });
    expect(data.kws_permalink).toEqual({ matches: [{ key: 'cafe', count: 1 }] });
    expect(data.old_post).toEqual({ value: false });
    expect(data.link_preview).toBe('http://analysis.test/cafe-guide/?no_admin_bar=1&preview=true');
    expect(Object.keys(data).slice(-2)).toEqual(['link_preview', 'score']);
  });

  it('lists as internal links the published posts whose text holds the permalink, with their edit links', async () => {
    const store = memoryStore();
    const id = await seedPost(store);
    const other = await store.posts.insert({
      post_title: 'Morning routine',
      post_name: 'morning',
      post_status: 'publish',
      post_content: 'Read <a href="http://analysis.test/cafe-guide/">the guide</a>.',
    });
    await store.posts.insert({ post_title: 'Draft', post_status: 'draft', post_content: 'http://analysis.test/cafe-guide/' });
    const { data } = await analyse(serverOn(store), id);
    expect(data.internal_links).toEqual({
      class: '\\SEOPress\\Services\\ContentAnalysis\\GetContent\\InternalLinks',
      value: [
        {
          id: other.ID,
          edit_post_link: `http://analysis.test/wp-admin/post.php?post=${other.ID}&action=edit`,
          url: 'http://analysis.test/morning/',
          value: 'Morning routine',
        },
      ],
      options: { id },
    });
  });

  it('renders the stored post by default: its SEO title, description, social tags and content as core/v2 renders it', async () => {
    const store = memoryStore();
    const id = await seedPost(store);
    await store.postMeta.add(id, '_seopress_titles_desc', 'Coffee & cake, reviewed.');
    await store.postMeta.add(id, '_seopress_social_fb_title', 'Share the café guide');
    const { data } = await analyse(serverOn(store), id);
    expect(data.title!.value).toBe('The Café Guide – Analysis Site');
    expect(data.description!.value).toBe('Coffee & cake, reviewed.');
    expect(data['og:title']!.value).toEqual(['Share the café guide']);
    expect(data['og:url']!.value).toEqual(['http://analysis.test/cafe-guide/']);
    expect(data['twitter:title']!.value).toEqual(['Share the café guide']);
    expect(data.canonical!.value).toEqual(['http://analysis.test/cafe-guide/']);
    expect(data.h1!.value).toEqual(['The Café Guide']);
    expect(data.h2!.value).toEqual(['Best coffee spots']);
    expect(data.outbound_links!.value).toEqual([{ value: 'roasters', url: 'https://roasters.example/' }]);
    expect(data.images!.value).toEqual([]);
  });

  it('analyses a draft through its preview, and answers SEOPress 404 title for a post in the trash', async () => {
    const store = memoryStore();
    const draft = await seedPost(store, { post_status: 'draft', post_name: '' });
    const trashed = await seedPost(store, { post_status: 'trash', post_name: 'old' });
    const rest = serverOn(store);
    const drafted = await analyse(rest, draft);
    expect(drafted.data.link_preview).toBe(`http://analysis.test/?p=${draft}&no_admin_bar=1&preview=true`);
    expect(drafted.data.h1!.value).toEqual(['The Café Guide']);
    const gone = await analyse(rest, trashed);
    expect(gone).toMatchObject({
      status: 200,
      data: { title: 'To get your Google snippet preview, publish your post!', meta_desc: '...' },
    });
  });

  it('uses the target_keywords param over the saved keywords, even an empty one', async () => {
    const store = memoryStore();
    const id = await seedPost(store);
    const rest = serverOn(store, { renderPage: () => ({ status: 200, html: THEME_PAGE }) });
    const given = await analyse(rest, id, { target_keywords: 'Prices,Opening Hours' });
    expect(given.data.h2!.matches).toEqual([
      { key: 'prices', count: 1 },
      { key: 'opening hours', count: 1 },
    ]);
    const empty = await analyse(rest, id, { target_keywords: '' });
    expect(empty.data.title!.matches).toEqual([]);
    expect(empty.data.kws_permalink).toEqual({ matches: [] });
  });

  it('deletes the legacy metas, saves the analysis row, and scores the row the previous analysis saved, as SEOPress does', async () => {
    const store = memoryStore();
    const id = await seedPost(store);
    await store.postMeta.add(id, '_seopress_content_analysis_api', { score: ['good'] });
    await store.postMeta.add(id, '_seopress_analysis_data', { title: 'old' });
    const rest = serverOn(store, { renderPage: () => ({ status: 200, html: THEME_PAGE }) });
    const first = await analyse(rest, id);
    // No row yet: no canonical, schema, heading, social tags or links to credit.
    expect(first.data.score).toEqual(['high', 'medium', 'good']);
    expect(await store.postMeta.get(id, '_seopress_content_analysis_api')).toEqual([]);
    expect(await store.postMeta.get(id, '_seopress_analysis_data')).toEqual([]);
    const [row] = (await store.postMeta.get(id, ANALYSIS_META)) as Array<Record<string, unknown>>;
    expect(row).toMatchObject({
      title: 'Café Guide – Analysis Site',
      h1: ['The Café Guide'],
      keywords: ['coffee', 'cafe'],
      post_id: id,
      score: ['high', 'medium', 'good'],
      permalink: { value: 'http://analysis.test/cafe-guide/' },
      json_schemas: ['Article'],
    });
    const second = await analyse(rest, id);
    // The saved row: an h3 without a keyword is low, the image without alt text high, no internal links medium.
    expect(second.data.score).toEqual({ 0: 'good', 4: 'low', 9: 'high', 12: 'medium' });
  });
});

describe('seo-a/v1 content-analysis POST', () => {
  it('stores the counts and score the admin screen sends and deletes the legacy analysis meta', async () => {
    const store = memoryStore();
    const id = await seedPost(store);
    await store.postMeta.add(id, '_seopress_analysis_data', { title: 'old' });
    const rest = serverOn(store);
    const answer = await rest.inject({
      method: 'POST',
      path: `${NS}/posts/${id}/content-analysis`,
      body: { internal_links: 2, outbound_links: 5, score: ['good', 'medium'] },
      user: editor,
    });
    expect(answer).toMatchObject({ status: 200, data: { success: true } });
    expect(await store.postMeta.get(id, '_seopress_content_analysis_api')).toEqual([
      { internal_links: 2, outbound_links: 5, score: ['good', 'medium'] },
    ]);
    expect(await store.postMeta.get(id, '_seopress_analysis_data')).toEqual([]);
    const bare = await rest.inject({ method: 'POST', path: `${NS}/posts/${id}/content-analysis`, user: editor });
    expect(bare.status).toBe(200);
    expect(await store.postMeta.get(id, '_seopress_content_analysis_api')).toEqual([
      { internal_links: null, outbound_links: null, score: null },
    ]);
  });

  it('refuses a body that is not JSON with rest_invalid_json', async () => {
    const store = memoryStore();
    const id = await seedPost(store);
    const answer = await serverOn(store).inject<{ code: string }>({
      method: 'POST',
      path: `${NS}/posts/${id}/content-analysis`,
      body: '{"score": [',
      headers: { 'Content-Type': 'application/json' },
      user: editor,
    });
    expect(answer.status).toBe(400);
    expect(answer.data.code).toBe('rest_invalid_json');
    expect(await store.postMeta.get(id, '_seopress_content_analysis_api')).toEqual([]);
  });

  it('leaves the headless answers’ generation alone when an analysis is saved, which a title write bumps', async () => {
    const store = memoryStore();
    const id = await seedPost(store);
    const rest = serverOn(store);
    const before = await store.counters.get(SEO_GENERATION);
    expect((await analyse(rest, id)).status).toBe(200);
    await rest.inject({ method: 'POST', path: `${NS}/posts/${id}/content-analysis`, body: { score: ['good'] }, user: editor });
    expect(await store.postMeta.get(id, ANALYSIS_META)).toHaveLength(1);
    expect(await store.counters.get(SEO_GENERATION)).toBe(before);
    await rest.inject({ method: 'PUT', path: `${NS}/posts/${id}/title-description-metas`, body: { title: 'New' }, user: editor });
    expect(await store.counters.get(SEO_GENERATION)).toBe(before + 1);
  });
});

describe('seo-a/v1 page-preview', () => {
  it('answers the page data with the saved target keywords, lower-cased as strtolower does (ASCII only), empty ones dropped as array_filter leaves them', async () => {
    const store = memoryStore();
    const id = await seedPost(store);
    await store.postMeta.update(id, '_seopress_analysis_target_kw', 'Coffee,,CAFÉ');
    const rest = serverOn(store, { renderPage: () => ({ status: 200, html: THEME_PAGE }) });
    const { status, data } = await rest.inject<Analysis & { analysis_target_kw: unknown }>({
      path: `${NS}/posts/${id}/page-preview`,
      user: editor,
    });
    expect(status).toBe(200);
    expect(data.title!.value).toBe('Café Guide – Analysis Site');
    expect(data.title!.matches).toBeUndefined();
    expect(data.analysis_target_kw).toEqual({ value: { 0: 'coffee', 2: 'cafÉ' } });
    expect(Object.keys(data).slice(-4)).toEqual(['id', 'permalink', 'id_homepage', 'analysis_target_kw']);
  });

  it('answers {code: "no_data"} and the keywords for an empty page', async () => {
    const store = memoryStore();
    const id = await seedPost(store);
    const rest = serverOn(store, { renderPage: () => ({ status: 500, html: '' }) });
    const { data } = await rest.inject({ path: `${NS}/posts/${id}/page-preview`, user: editor });
    expect(data).toEqual({ code: 'no_data', analysis_target_kw: { value: ['coffee', 'café'] } });
  });
});

describe('seo-a/v1 analysis arguments', () => {
  it.each([
    ['GET', 'content-analysis'],
    ['POST', 'content-analysis'],
    ['GET', 'page-preview'],
  ] as const)('refuses a non-numeric id param on %s %s with rest_invalid_param', async (method, route) => {
    const store = memoryStore();
    const id = await seedPost(store);
    const answer = await serverOn(store).inject<{ code: string; data: { params: Record<string, string> } }>({
      method,
      path: `${NS}/posts/${id}/${route}`,
      query: { id: 'abc' },
      user: editor,
    });
    expect(answer.status).toBe(400);
    expect(answer.data.code).toBe('rest_invalid_param');
    expect(Object.keys(answer.data.data.params)).toEqual(['id']);
  });

  it('answers an array of target keywords with the 500 PHP fatal error strtolower makes of it', async () => {
    const store = memoryStore();
    const id = await seedPost(store);
    const answer = await serverOn(store).inject<{ code: string }>({
      path: `${NS}/posts/${id}/content-analysis`,
      query: { 'target_keywords[]': 'coffee' },
      user: editor,
    });
    expect(answer.status).toBe(500);
    expect(answer.data.code).toBe('internal_server_error');
  });
});

describe('seo-a/v1 analysis permissions', () => {
  const cases: Array<[string, RestUser | null, 'own' | 'other' | 'missing', number]> = [
    ['anonymous', null, 'other', 401],
    ['a subscriber', subscriber, 'other', 403],
    ['a contributor, on a published post of their own', contributor, 'own', 403],
    ['an author, on another author’s post', author, 'other', 403],
    ['an author, on their own published post', author, 'own', 200],
    ['an editor', editor, 'other', 200],
    ['an administrator, on a post that does not exist', admin, 'missing', 403],
  ];
  for (const [who, user, whose, expected] of cases) {
    it(`answers ${expected} to ${who} on every analysis route`, async () => {
      const store = memoryStore();
      const id = await seedPost(store, { post_author: whose === 'own' && user ? user.id : 99 });
      const target = whose === 'missing' ? id + 100 : id;
      const rest = serverOn(store, { renderPage: () => ({ status: 200, html: '<title>t</title>' }) });
      for (const [method, route] of [
        ['GET', 'content-analysis'],
        ['POST', 'content-analysis'],
        ['GET', 'page-preview'],
      ] as const) {
        const answer = await rest.inject<{ code?: string; message?: string }>({ method, path: `${NS}/posts/${target}/${route}`, user });
        expect(answer.status, `${method} ${route}`).toBe(expected);
        if (expected !== 200)
          expect(answer.data).toMatchObject({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.' });
      }
    });
  }
});

describe('seo-a/v1 renderPage failures', () => {
  const page = async (options: SeoAOptions) => {
    const store = memoryStore();
    const id = await seedPost(store);
    const rest = serverOn(store, options);
    return {
      store,
      id,
      analysis: await analyse(rest, id),
      preview: await rest.inject({ path: `${NS}/posts/${id}/page-preview`, user: editor }),
    };
  };

  it('answers SEOPress fetch-failure object for a renderer that throws, and saves nothing', async () => {
    const { store, id, analysis, preview } = await page({
      renderPage: () => {
        throw new Error('connection refused: secret host detail');
      },
    });
    expect(analysis).toMatchObject({ status: 200, data: FAILED });
    expect(preview).toMatchObject({ status: 200, data: FAILED });
    expect(await store.postMeta.get(id, ANALYSIS_META)).toEqual([]);
  });

  it('gives up on a renderer that never answers at its time limit, aborting its signal', async () => {
    let aborted = false;
    const { analysis } = await page({
      renderPageLimits: { timeoutMs: 30 },
      renderPage: (_id, signal) =>
        new Promise(() => {
          signal.addEventListener('abort', () => (aborted = true));
        }),
    });
    expect(analysis).toMatchObject({ status: 200, data: FAILED });
    expect(aborted).toBe(true);
  });

  it('refuses a page over the size cap before parsing it', async () => {
    const { analysis } = await page({
      renderPageLimits: { maxBytes: 1000 },
      renderPage: () => ({ status: 200, html: `<h1>${'x'.repeat(2000)}</h1>` }),
    });
    expect(analysis).toMatchObject({ status: 200, data: FAILED });
  });

  it('explains a 404 and a 401 as SEOPress does, and analyses any other status', async () => {
    const missing = await page({ renderPage: () => ({ status: 404, html: 'Not found' }) });
    expect(missing.analysis.data).toEqual({ title: 'To get your Google snippet preview, publish your post!', meta_desc: '...' });
    const locked = await page({ renderPage: () => ({ status: 401, html: '' }) });
    expect(locked.preview.data).toEqual({ title: 'Your site is protected by an authentication.', meta_desc: '...' });
    const broken = await page({ renderPage: () => ({ status: 500, html: '<title>Error</title>' }) });
    expect(broken.analysis.data.title!.value).toBe('Error');
  });

  it('answers the failure object for a renderer that answers no page', async () => {
    const { analysis } = await page({ renderPage: () => ({ status: 200 }) as unknown as { status: number; html: string } });
    expect(analysis).toMatchObject({ status: 200, data: FAILED });
  });

  it('refuses a bad renderPage limit when the namespace is created', () => {
    expect(() => seoA({ renderPageLimits: { timeoutMs: 0 } })).toThrow(/seoA renderPageLimits timeoutMs must be a number of at least 1/);
  });
});

describe('seo-a/v1 analysis on hostile markup', () => {
  it('reads a page of 1 MB of unclosed links, each closing the last, in one pass', async () => {
    const store = memoryStore();
    const id = await seedPost(store);
    const links = 40_000;
    const html = `<title>Links</title>${'<a href="https://x.example/">x'.repeat(links)}`;
    expect(html.length).toBeGreaterThan(1_000_000);
    const rest = serverOn(store, { renderPage: () => ({ status: 200, html }) });
    const { data } = await analyse(rest, id);
    const outbound = data.outbound_links!.value as Array<{ value: string }>;
    expect(outbound).toHaveLength(links);
    expect(outbound[links - 1]).toEqual({ value: 'x', url: 'https://x.example/' });
  });

  it('reads deeply nested markup and unclosed headings without a tree', async () => {
    const store = memoryStore();
    const id = await seedPost(store);
    const depth = 50_000;
    const html = `${'<div>'.repeat(depth)}<h1>Deep coffee</h1>${'<h2>coffee'.repeat(depth)}${'</div>'.repeat(depth)}`;
    const rest = serverOn(store, { renderPage: () => ({ status: 200, html }) });
    const { data } = await analyse(rest, id);
    expect(data.h1!.value).toEqual(['Deep coffee']);
    expect(data.h2!.value).toHaveLength(depth);
    expect((data.h2!.matches as unknown[]).length).toBe(depth);
  });

  it('finds a long keyword in a long heading without a regex', async () => {
    const store = memoryStore();
    const id = await seedPost(store);
    const html = `<h2>${'a'.repeat(500_000)}</h2>`;
    const rest = serverOn(store, { renderPage: () => ({ status: 200, html }) });
    const { status, data } = await analyse(rest, id, { target_keywords: `${'a'.repeat(199)}b,${'a,'.repeat(100)}` });
    expect(status).toBe(200);
    expect(data.h2!.matches).toEqual([]);
  });
});

describe('seo-a/v1 analysis in batches', () => {
  it('refuses the analysis POST in /batch/v1 with rest_batch_not_allowed, as the route does not allow batching', async () => {
    const store = memoryStore();
    const id = await seedPost(store);
    const rest = serverOn(store);
    const answer = await rest.inject<{ responses: Array<{ status: number; body: { code: string } }> }>({
      method: 'POST',
      path: '/batch/v1',
      body: { requests: [{ path: `/seo-a/v1/posts/${id}/content-analysis`, body: { score: ['good'] } }] },
      user: editor,
    });
    expect(answer.status).toBe(207);
    expect(answer.data.responses.map((r) => [r.status, r.body.code])).toEqual([[400, 'rest_batch_not_allowed']]);
    expect(await store.postMeta.get(id, '_seopress_content_analysis_api')).toEqual([]);
  });
});

describe('seo-a/v1 analysis in variant A', () => {
  it('is mounted by variantA, with its renderer given as seoA', async () => {
    const store = memoryStore();
    const id = await seedPost(store);
    const rest = createRestServer({ site: SITE, store, namespaces: variantA({ seoA: { renderPage: () => ({ status: 401, html: '' }) } }) });
    const answer = await analyse(rest, id);
    expect(answer.data).toEqual({ title: 'Your site is protected by an authentication.', meta_desc: '...' });
  });
});

describe('seo-a/v1 saved analysis on PGlite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-rest-seo-a-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'scores, after a restart, the analysis saved before it, as a memory store does without one',
    async () => {
      const render: SeoAOptions = { renderPage: () => ({ status: 200, html: THEME_PAGE }) };
      const memory = memoryStore();
      const memoryId = await seedPost(memory);
      await analyse(serverOn(memory, render), memoryId);
      const expected = (await analyse(serverOn(memory, render), memoryId)).data.score;

      const dataDir = join(dir, 'analysis');
      let id: number;
      const first = await pgliteStore({ dataDir });
      try {
        id = await seedPost(first);
        const answer = await analyse(serverOn(first, render), id);
        expect(answer.data.score).toEqual(['high', 'medium', 'good']);
        await serverOn(first).inject({
          method: 'POST',
          path: `${NS}/posts/${id}/content-analysis`,
          body: { score: ['good'] },
          user: editor,
        });
      } finally {
        await first.close();
      }
      const reopened = await pgliteStore({ dataDir });
      try {
        expect(await reopened.postMeta.get(id, '_seopress_content_analysis_api')).toEqual([
          { internal_links: null, outbound_links: null, score: ['good'] },
        ]);
        const answer = await analyse(serverOn(reopened, render), id);
        expect(answer.data.score).toEqual(expected);
        expect(answer.data.score).not.toEqual(['high', 'medium', 'good']);
        expect(await reopened.postMeta.get(id, '_seopress_content_analysis_api')).toEqual([]);
      } finally {
        await reopened.close();
      }
    },
    PGLITE_MS * 2,
  );
});
