// seo-a/v1 (SEOPress 9.6's seopress/v1) through the server's public entry points: the per-post
// field descriptors and their writes, keywords, previews, the headless data and its cache, the
// option groups, roles and the URL search, who may call each route, batches, and persistence on
// PGlite across a restart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { capabilitiesOf } from '../src/core/auth/roles.js';
import { createRestServer, memoryStore, seoA, type RestServer, type RestUser, type SiteStore } from '../src/index.js';
import { pgliteStore } from '../src/store.js';
import { FIXTURES } from './helpers/peer.js';

const NS = '/seo-a/v1';
const SITE = { name: 'SEO Site', description: 'Just testing', url: 'http://seo.test' };

function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(join(FIXTURES, 'seo-a', name), 'utf8')) as T;
}

function user(id: number, role: string): RestUser {
  const caps = capabilitiesOf([role]);
  return { id, username: role, can: (cap) => caps.has(cap) };
}

const admin = user(1, 'administrator');
const editor = user(2, 'editor');
const author = user(3, 'author');
const subscriber = user(4, 'subscriber');

function serverOn(store: SiteStore): RestServer {
  return createRestServer({ site: SITE, store, namespaces: [seoA({ now: () => Date.UTC(2026, 10, 25, 12) })], onError: () => {} });
}

let store: SiteStore;
let rest: RestServer;
/** A published post of the author's, and one of the editor's. */
let own: number;
let others: number;

beforeEach(async () => {
  store = memoryStore();
  rest = serverOn(store);
  own = (
    await store.posts.insert({
      post_title: 'Hello SEO',
      post_name: 'hello-seo',
      post_status: 'publish',
      post_author: 3,
      post_excerpt: 'A short summary of the post.',
      post_date: '2026-01-05 10:00:00',
      post_date_gmt: '2026-01-05 10:00:00',
    })
  ).ID;
  others = (await store.posts.insert({ post_title: 'Editor notes', post_name: 'editor-notes', post_status: 'publish', post_author: 2 })).ID;
});

const get = <T = unknown>(path: string, as: RestUser | null = editor) => rest.inject<T>({ path: `${NS}${path}`, user: as });
const put = <T = unknown>(path: string, body: unknown, as: RestUser | null = editor) =>
  rest.inject<T>({ method: 'PUT', path: `${NS}${path}`, body, user: as });

type Field = { key: string; can_modify?: boolean; value: unknown };
const valueOf = (fields: Field[], key: string) => fields.find((field) => field.key === key);

describe('seo-a/v1 index', () => {
  it('lists its routes exactly as routes.json', async () => {
    const spec = JSON.parse(readFileSync(join(FIXTURES, 'routes.json'), 'utf8')) as {
      routes: Array<{ route: string; namespace: string; endpoints: unknown[] }>;
    };
    const wanted = spec.routes.filter((r) => r.namespace === 'seo-a/v1');
    const index = await rest.inject<{ routes: Record<string, { namespace: string; endpoints: unknown[] }> }>({ path: NS });
    expect(Object.keys(index.data.routes)).toEqual(wanted.map((r) => r.route));
    for (const route of wanted) expect(index.data.routes[route.route]!.endpoints).toEqual(route.endpoints);
  });
});

describe('per-post SEO fields', () => {
  it('answers the redirection descriptors with their defaults, stores a PUT sanitised, and deletes a field sent empty', async () => {
    const before = await get<Field[]>(`/posts/${own}/redirection-settings`);
    expect(before.status).toBe(200);
    expect(before.data.map((field) => [field.key, field.can_modify, field.value])).toEqual([
      ['_seopress_redirections_enabled', true, false],
      ['_seopress_redirections_logged_status', false, 'both'],
      ['_seopress_redirections_type', false, 301],
      ['_seopress_redirections_value', true, ''],
    ]);
    const saved = await put(`/posts/${own}/redirection-settings`, {
      _seopress_redirections_enabled: 'yes',
      _seopress_redirections_type: '302',
      _seopress_redirections_logged_status: 'only_logged_in',
      _seopress_redirections_value: 'example.com/new page',
    });
    expect(saved).toMatchObject({ status: 200, data: { code: 'success' } });
    expect(await store.postMeta.get(own, '_seopress_redirections_value')).toEqual(['http://example.com/new%20page']);
    const after = await get<Field[]>(`/posts/${own}/redirection-settings`);
    expect(valueOf(after.data, '_seopress_redirections_enabled')?.value).toBe(true);
    expect(valueOf(after.data, '_seopress_redirections_type')?.value).toBe('302');
    expect(valueOf(after.data, '_seopress_redirections_logged_status')?.value).toBe('only_logged_in');
    await put(`/posts/${own}/redirection-settings`, { _seopress_redirections_value: '' });
    expect(await store.postMeta.get(own, '_seopress_redirections_value')).toEqual([]);
  });

  it('refuses a non-numeric id on every {id} endpoint with rest_invalid_param, before asking who calls', async () => {
    const endpoints: Array<[string, string]> = [
      ['GET', 'count-target-keywords-use'],
      ['GET', ''],
      ['GET', 'redirection-settings'],
      ['PUT', 'redirection-settings'],
      ['GET', 'meta-robot-settings'],
      ['PUT', 'meta-robot-settings'],
      ['GET', 'social-settings'],
      ['PUT', 'social-settings'],
      ['GET', 'target-keywords'],
      ['PUT', 'target-keywords'],
      ['GET', 'title-description-metas'],
      ['PUT', 'title-description-metas'],
      ['GET', 'preview-title-description-metas'],
    ];
    for (const [method, route] of endpoints) {
      const path = `${NS}/posts/${own}${route === '' ? '' : `/${route}`}`;
      for (const as of [null, editor]) {
        const answer = await rest.inject<{ code: string }>({
          method,
          path,
          query: { id: '1x' },
          body: method === 'PUT' ? {} : undefined,
          user: as,
        });
        expect([method, route, answer.status, answer.data.code]).toEqual([method, route, 400, 'rest_invalid_param']);
      }
    }
  });

  it('reads an id no post can have (1e309, 1e20, -5) as no post: refused, and no error reported', async () => {
    const reported: unknown[] = [];
    const watched = createRestServer({ site: SITE, store, namespaces: [seoA()], onError: (error) => reported.push(error) });
    for (const id of ['1e309', '1e20', '-5']) {
      const answer = await watched.inject<{ code: string }>({ path: `${NS}/posts/${own}/target-keywords`, query: { id }, user: editor });
      expect([id, answer.status, answer.data.code]).toEqual([id, 403, 'rest_forbidden']);
    }
    expect(reported).toEqual([]);
  });

  it('refuses a non-numeric id as WordPress refuses a failed validate_callback', async () => {
    const answer = await rest.inject<{ code: string; data: { params: Record<string, string> } }>({
      path: `${NS}/posts/${own}/redirection-settings?id=abc`,
      user: editor,
    });
    expect(answer.status).toBe(400);
    expect(answer.data.code).toBe('rest_invalid_param');
    expect(Object.keys(answer.data.data.params)).toEqual(['id']);
  });

  it('writes robots checkboxes as yes, and describes the fields of SEOPress 9.6: the freeze date, no custom date or modified dates', async () => {
    const before = await store.posts.get(own);
    const saved = await put(`/posts/${own}/meta-robot-settings`, {
      _seopress_robots_index: 'yes',
      _seopress_robots_canonical: 'http://seo.test/canonical/',
      _seopress_robots_freeze_modified_date: 'yes',
      _seopress_robots_custom_modified_date: '2025-03-04',
    });
    expect(saved.data).toEqual({ code: 'success' });
    const fields = (await get<Field[]>(`/posts/${own}/meta-robot-settings`)).data;
    expect(valueOf(fields, '_seopress_robots_index')).toMatchObject({ can_modify: true, value: 'yes' });
    expect(valueOf(fields, '_seopress_robots_follow')?.value).toBe('');
    expect(valueOf(fields, '_seopress_robots_canonical')?.value).toBe('http://seo.test/canonical/');
    expect(valueOf(fields, '_seopress_robots_freeze_modified_date')).toMatchObject({ can_modify: true, value: 'yes' });
    // Helpers/Metas/RobotSettings::getMetaKeys in 9.6 ends at the freeze date; 9.7 added the custom date and the post's dates.
    expect(fields.map((field) => field.key)).toEqual([
      '_seopress_robots_index',
      '_seopress_robots_follow',
      '_seopress_robots_snippet',
      '_seopress_robots_imageindex',
      '_seopress_robots_canonical',
      '_seopress_robots_primary_cat',
      '_seopress_robots_freeze_modified_date',
    ]);
    const after = await store.posts.get(own);
    expect([after?.post_modified, after?.post_modified_gmt]).toEqual([before?.post_modified, before?.post_modified_gmt]);
    expect(await store.postMeta.get(own, '_seopress_robots_custom_modified_date')).toEqual([]);
  });

  it('offers every category in use as a primary category, after SEOPress’s “None”', async () => {
    const news = await store.terms.insert({ name: 'News', taxonomy: 'category' });
    await store.terms.insert({ name: 'Empty', taxonomy: 'category' });
    await store.terms.setObjectTerms(others, 'category', [news.term_id]);
    const fields = (
      await get<Array<Field & { options?: Array<Record<string, unknown>>; visible?: boolean }>>(`/posts/${own}/meta-robot-settings`)
    ).data;
    const primary = fields.find((field) => field.key === '_seopress_robots_primary_cat')!;
    expect(primary.visible).toBe(true);
    expect(primary.options!.map((option) => [option.term_id, option.name])).toEqual([
      ['none', 'None (will disable this feature)'],
      [news.term_id, 'News'],
    ]);
    expect(primary.options![1]).toMatchObject({ cat_ID: news.term_id, category_count: 1, taxonomy: 'category', filter: 'raw' });
  });

  it('shows a robots field the titles option forces as not modifiable, with its default', async () => {
    await store.options.set('seopress_titles_option_name', { seopress_titles_noindex: '1' });
    const fields = (await get<Field[]>(`/posts/${own}/meta-robot-settings`)).data;
    expect(valueOf(fields, '_seopress_robots_index')).toMatchObject({ can_modify: false, value: 'yes' });
  });

  it('stores the social fields, titles as text fields and descriptions as text areas', async () => {
    await put(`/posts/${own}/social-settings`, {
      _seopress_social_fb_title: '<b>Share</b> me',
      _seopress_social_fb_desc: 'line one\nline two',
      _seopress_social_twitter_img: 'http://seo.test/card.png',
    });
    const fields = (await get<Field[]>(`/posts/${own}/social-settings`)).data;
    expect(fields.map((field) => field.key)).toHaveLength(12);
    expect(valueOf(fields, '_seopress_social_fb_title')?.value).toBe('Share me');
    expect(valueOf(fields, '_seopress_social_fb_desc')?.value).toBe('line one\nline two');
    expect(valueOf(fields, '_seopress_social_twitter_img')?.value).toBe('http://seo.test/card.png');
  });

  it('keeps a client’s __proto__ keys as data: in stored field values and in keyword lists', async () => {
    await rest.inject({
      method: 'PUT',
      path: `${NS}/posts/${own}/social-settings`,
      body: '{"_seopress_social_fb_img_width": {"__proto__": {"polluted": "yes"}}}',
      headers: { 'content-type': 'application/json' },
      user: editor,
    });
    const [stored] = (await store.postMeta.get(own, '_seopress_social_fb_img_width')) as Array<Record<string, unknown>>;
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
    expect(Object.keys(stored!)).toEqual(['__proto__']);
    const usage = await get<Array<{ key: string }>>(`/posts/${own}/count-target-keywords-use?keywords[__proto__]=seo`);
    expect(usage.data.map((row) => row.key)).toEqual(['seo']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers title and description entity-decoded, and deletes one sent empty', async () => {
    await put(`/posts/${own}/title-description-metas`, { title: 'Tom &amp; Jerry', description: 'Cats\n&#8220;and&#8221; mice' });
    expect((await get(`/posts/${own}/title-description-metas`)).data).toEqual({
      title: 'Tom & Jerry',
      description: 'Cats\n\u201cand\u201d mice',
    });
    await put(`/posts/${own}/title-description-metas`, { title: '' });
    expect(await store.postMeta.get(own, '_seopress_titles_title')).toEqual([]);
    expect(await store.postMeta.get(own, '_seopress_titles_desc')).toHaveLength(1);
  });

  it('answers a PUT of an unparseable JSON body as WordPress does', async () => {
    const answer = await rest.inject<{ code: string }>({
      method: 'PUT',
      path: `${NS}/posts/${own}/title-description-metas`,
      body: '{"title": ',
      headers: { 'content-type': 'application/json' },
      user: editor,
    });
    expect(answer.status).toBe(400);
    expect(answer.data.code).toBe('rest_invalid_json');
  });
});

describe('who may call the per-post routes', () => {
  const routes = ['redirection-settings', 'meta-robot-settings', 'social-settings', 'target-keywords', 'title-description-metas'];

  it('refuses anonymous callers with 401 and subscribers with 403 rest_forbidden', async () => {
    for (const route of routes) {
      expect(await get(`/posts/${own}/${route}`, null)).toMatchObject({ status: 401, data: { code: 'rest_forbidden' } });
      expect(await get(`/posts/${own}/${route}`, subscriber)).toMatchObject({ status: 403, data: { code: 'rest_forbidden' } });
      expect((await put(`/posts/${own}/${route}`, { title: 'x' }, subscriber)).status).toBe(403);
    }
  });

  it('lets an author edit their own post but not an editor’s, and an editor edit both', async () => {
    for (const route of routes) {
      expect((await get(`/posts/${own}/${route}`, author)).status).toBe(200);
      expect(await get(`/posts/${others}/${route}`, author)).toMatchObject({ status: 403, data: { code: 'rest_forbidden' } });
      expect((await get(`/posts/${others}/${route}`, editor)).status).toBe(200);
    }
    expect((await put(`/posts/${others}/title-description-metas`, { title: 'Not yours' }, author)).status).toBe(403);
    expect(await store.postMeta.get(others, '_seopress_titles_title')).toEqual([]);
  });

  it('asks edit_post on the keyword count and the preview too', async () => {
    for (const route of ['count-target-keywords-use?keywords[]=seo', 'preview-title-description-metas?title=x']) {
      expect(await get(`/posts/${own}/${route}`, null)).toMatchObject({ status: 401, data: { code: 'rest_forbidden' } });
      expect((await get(`/posts/${own}/${route}`, subscriber)).status).toBe(403);
      expect((await get(`/posts/${others}/${route}`, author)).status).toBe(403);
      expect((await get(`/posts/${own}/${route}`, author)).status).toBe(200);
      expect((await get(`/posts/${others}/${route}`, editor)).status).toBe(200);
    }
  });

  it('refuses a post that does not exist as a capability WordPress does not allow', async () => {
    expect(await get('/posts/999/title-description-metas', admin)).toMatchObject({ status: 403, data: { code: 'rest_forbidden' } });
  });
});

describe('target keywords', () => {
  it('refuses a PUT without the keywords key with SEOPress’s 403 missed_parameters', async () => {
    expect(await put(`/posts/${own}/target-keywords`, { keywords: 'x' })).toMatchObject({
      status: 403,
      data: { code: 'error', code_message: 'missed_parameters' },
    });
  });

  it('stores keywords trimmed and comma-joined, and lists the other posts that use each', async () => {
    await put(`/posts/${others}/target-keywords`, { _seopress_analysis_target_kw: 'seo, rest' });
    expect(await put(`/posts/${own}/target-keywords`, { _seopress_analysis_target_kw: ' SEO ,  headless ' })).toMatchObject({
      data: { code: 'success' },
    });
    expect(await store.postMeta.get(own, '_seopress_analysis_target_kw')).toEqual(['SEO,headless']);
    const answer = await get<{ value: string[]; usage: Array<{ key: string; rows: Array<{ post_id: number }> }> }>(
      `/posts/${own}/target-keywords`,
    );
    expect(answer.data.value).toEqual(['seo', 'headless']);
    expect(answer.data.usage).toEqual([
      {
        key: 'seo',
        rows: [{ post_id: others, edit_link: `http://seo.test/wp-admin/post.php?post=${others}&action=edit`, title: 'Editor notes' }],
      },
      { key: 'headless', rows: [] },
    ]);
  });

  it('answers the keywords as PHP’s array_filter leaves them: an object once an empty one before the last is dropped', async () => {
    await store.postMeta.update(own, '_seopress_analysis_target_kw', ',SEO,,rest');
    expect((await get<{ value: unknown }>(`/posts/${own}/target-keywords`)).data.value).toEqual({ 1: 'seo', 3: 'rest' });
    await store.postMeta.update(own, '_seopress_analysis_target_kw', 'seo,rest,');
    expect((await get<{ value: unknown }>(`/posts/${own}/target-keywords`)).data.value).toEqual(['seo', 'rest']);
  });

  it('counts keyword use over other posts and keeps the answer five minutes in SEOPress’s transient', async () => {
    await store.postMeta.update(others, '_seopress_analysis_target_kw', 'seo');
    const answer = await rest.inject<Array<{ key: string; rows: unknown[] }>>({
      path: `${NS}/posts/${own}/count-target-keywords-use`,
      query: { keywords: ['seo'] },
      user: editor,
    });
    expect(answer.data).toEqual([{ key: 'seo', rows: [expect.objectContaining({ post_id: others })] }]);
    // A later use is not seen until the transient expires, as in SEOPress.
    const third = await store.posts.insert({ post_title: 'Third', post_status: 'draft', post_author: 2 });
    await store.postMeta.update(third.ID, '_seopress_analysis_target_kw', 'seo');
    const again = await rest.inject<Array<{ rows: unknown[] }>>({
      path: `${NS}/posts/${own}/count-target-keywords-use`,
      query: { keywords: ['seo'] },
      user: editor,
    });
    expect(again.data[0]!.rows).toHaveLength(1);
    expect((await get(`/posts/${own}/count-target-keywords-use`)).data).toEqual([]);
    // A keyword string instead of a list is a TypeError in SEOPress's array_map: WordPress's critical error.
    expect(await get(`/posts/${own}/count-target-keywords-use?keywords=seo`)).toMatchObject({
      status: 500,
      data: { code: 'internal_server_error' },
    });
    expect((await get(`/posts/${own}/count-target-keywords-use`, subscriber)).status).toBe(403);
  });
});

describe('keyword use', () => {
  const TARGET_KW = '_seopress_analysis_target_kw';
  type Use = Array<{ key: string; rows: Array<{ post_id: number; title: string }> }>;
  const counted = async (keywords: string[], as: RestUser, id = own) =>
    (await rest.inject<Use>({ path: `${NS}/posts/${id}/count-target-keywords-use`, query: { keywords }, user: as })).data.map(
      ({ key, rows }) => [key, rows.map((row) => row.post_id)],
    );

  it('names to an author only the posts they may read: never another’s draft, pending or scheduled post, cached or not', async () => {
    const hidden: number[] = [];
    for (const post_status of ['draft', 'pending', 'future']) {
      hidden.push((await store.posts.insert({ post_title: `Editor ${post_status}`, post_status, post_author: 2 })).ID);
    }
    const mine = (await store.posts.insert({ post_title: 'My draft', post_status: 'draft', post_author: 3 })).ID;
    for (const id of [others, ...hidden, mine]) await store.postMeta.update(id, TARGET_KW, 'seo,rest');
    // The editor asks first, so SEOPress's transient holds every post; the author's answer is still only what they may read.
    expect(await counted(['seo'], editor)).toEqual([['seo', [others, ...hidden, mine]]]);
    expect(await counted(['seo'], author)).toEqual([['seo', [others, mine]]]);
    // The author first, then the editor: the transient was not narrowed for the author.
    expect(await counted(['rest'], author)).toEqual([['rest', [others, mine]]]);
    expect(await counted(['rest'], editor)).toEqual([['rest', [others, ...hidden, mine]]]);
    await store.postMeta.update(own, TARGET_KW, 'seo');
    const usage = (await get<{ usage: Use }>(`/posts/${own}/target-keywords`, author)).data.usage;
    expect(usage.map(({ rows }) => rows.map((row) => row.post_id))).toEqual([[others, mine]]);
    // A post that becomes a draft after the answer was cached is no longer named.
    await store.posts.update(others, { post_status: 'draft' });
    expect(await counted(['seo'], author)).toEqual([['seo', [mine]]]);
  });

  it('counts as SEOPress 9.6 does: the post itself on count-target-keywords-use, every post type but Elementor’s templates', async () => {
    const product = (await store.posts.insert({ post_title: 'Product', post_type: 'product', post_status: 'publish', post_author: 2 })).ID;
    const template = (await store.posts.insert({ post_title: 'Template', post_type: 'elementor_library', post_status: 'publish' })).ID;
    for (const id of [own, product, template]) await store.postMeta.update(id, TARGET_KW, 'seo, news');
    // `(int) $request->get_param('id')` never equals wpdb's string post_id: the post asked about is listed too.
    expect(await counted(['seo'], editor)).toEqual([['seo', [own, product]]]);
    // target-keywords hands over the path's id as a string, which does leave the post out.
    const usage = (await get<{ usage: Use }>(`/posts/${own}/target-keywords`, editor)).data.usage;
    expect(usage.map(({ key, rows }) => [key, rows.map((row) => row.post_id)])).toEqual([
      ['seo', [product]],
      ['news', [product]],
    ]);
  });

  it('keeps only the posts SQL’s LIKE also finds: a keyword’s `\\` escapes the next character there', async () => {
    await store.postMeta.update(others, TARGET_KW, 'c\\d,c_d');
    expect(await counted(['c\\d', 'c_d', 'C_D'], editor)).toEqual([
      ['c\\d', []],
      ['c_d', [others]],
      ['C_D', []],
    ]);
  });
});

describe('title and description preview', () => {
  it('answers 401 missing_parameters when neither title nor description is sent', async () => {
    expect(await get(`/posts/${own}/preview-title-description-metas`)).toMatchObject({
      status: 401,
      data: { code: 'error', code_message: 'missing_parameters' },
    });
  });

  it('replaces SEOPress’s dynamic variables with the post’s and the site’s values', async () => {
    await store.options.set('seopress_titles_option_name', fixture('titles-option.json'));
    for (const login of ['admin', 'eddie']) await store.users.insert({ user_login: login });
    expect((await store.users.insert({ user_login: 'ann', display_name: 'Ann Author' })).ID).toBe(author.id);
    const answer = await rest.inject({
      path: `${NS}/posts/${own}/preview-title-description-metas`,
      query: {
        title: '%%post_title%% %%sep%% %%sitetitle%% %%unknown%%',
        description: '%%tagline%%: %%post_excerpt%% (%%post_date%%, by %%post_author%%)',
      },
      user: author,
    });
    expect(answer.data).toEqual({
      title: 'Hello SEO | SEO Site ',
      description: 'Just testing: A short summary of the post. (January 5, 2026, by Ann Author)',
      post_thumbnail: '',
      post_date: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/),
    });
    expect((await get(`/posts/${others}/preview-title-description-metas?title=x`, author)).status).toBe(403);
  });
});

describe('headless SEO data', () => {
  beforeEach(async () => {
    await store.options.set('seopress_titles_option_name', fixture('titles-option.json'));
    await store.options.set('seopress_social_option_name', fixture('social-option.json'));
  });

  it('answers a published post in SEOPress’s {success, data} envelope, to anyone', async () => {
    const answer = await get<{ success: boolean; data: Record<string, unknown> }>(`/posts/${own}`, null);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      success: true,
      data: {
        title: 'Hello SEO | SEO Site',
        description: 'A short summary of the post.',
        canonical: '',
        og: {
          title: 'Hello SEO | SEO Site',
          description: 'A short summary of the post.',
          image: 'http://seo.test/wp-content/uploads/default-og.png',
          attachment_id: '',
          image_width: '',
          image_height: '',
        },
        // seopress_social_twitter_card_og: the X card takes Open Graph's values.
        twitter: {
          title: 'Hello SEO | SEO Site',
          description: 'A short summary of the post.',
          image: 'http://seo.test/wp-content/uploads/default-og.png',
          attachment_id: '',
          image_width: '',
          image_height: '',
        },
        robots: { noindex: false, nofollow: false, nosnippet: false, noimageindex: false },
        primarycat: '',
        breadcrumbs: '',
        redirections: { enabled: false, status: '', type: '', value: '' },
      },
    });
  });

  it('answers as wp_send_json_success prints it: _fields filters nothing', async () => {
    const answer = await rest.inject<{ success: boolean; data: { title: string } }>({
      path: `${NS}/posts/${own}`,
      query: { _fields: 'success' },
    });
    expect(answer.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(answer.data.data.title).toBe('Hello SEO | SEO Site');
  });

  it('answers null data for a draft, a password-protected post and a post that does not exist', async () => {
    const draft = await store.posts.insert({ post_title: 'Draft', post_status: 'draft' });
    const locked = await store.posts.insert({ post_title: 'Locked', post_status: 'publish', post_password: 'secret' });
    for (const id of [draft.ID, locked.ID, 999]) expect((await get(`/posts/${id}`, null)).data).toEqual({ success: true, data: null });
  });

  it('drops a cached answer when a field changes, through this server or another sharing the store', async () => {
    expect((await get<{ data: { title: string } }>(`/posts/${own}`, null)).data.data.title).toBe('Hello SEO | SEO Site');
    await put(`/posts/${own}/title-description-metas`, { title: 'Own title %%sep%% %%sitetitle%%' });
    expect((await get<{ data: { title: string } }>(`/posts/${own}`, null)).data.data.title).toBe('Own title | SEO Site');
    const other = serverOn(store);
    await other.inject({
      method: 'PUT',
      path: `${NS}/posts/${own}/meta-robot-settings`,
      body: { _seopress_robots_index: 'yes' },
      user: editor,
    });
    expect((await get<{ data: { robots: { noindex: boolean } } }>(`/posts/${own}`, null)).data.data.robots.noindex).toBe(true);
    await store.posts.update(own, { post_status: 'draft' });
    expect((await get(`/posts/${own}`, null)).data).toEqual({ success: true, data: null });
  });

  it('resolves by-url by slug or ?p=, and answers missing_parameters and not_found with status 500', async () => {
    const bySlug = await rest.inject<{ data: { title: string } }>({
      path: `${NS}/posts/by-url`,
      query: { url: 'http://seo.test/hello-seo/' },
    });
    expect(bySlug.data.data.title).toBe('Hello SEO | SEO Site');
    const byId = await rest.inject<{ data: { title: string } }>({
      path: `${NS}/posts/by-url`,
      query: { url: `http://seo.test/?p=${others}` },
    });
    expect(byId.data.data.title).toBe('Editor notes | SEO Site');
    const front = createRestServer({ site: { ...SITE, show_on_front: 'page', page_on_front: others }, store, namespaces: [seoA()] });
    const home = await front.inject<{ data: { title: string } }>({ path: `${NS}/posts/by-url`, query: { url: 'http://seo.test/' } });
    expect(home.data.data.title).toBe('Editor notes | SEO Site');
    expect(await rest.inject({ path: `${NS}/posts/by-url` })).toMatchObject({
      status: 500,
      data: { code: 'missing_parameters', message: 'Need an URL' },
    });
    expect(await rest.inject({ path: `${NS}/posts/by-url`, query: { url: 'http://seo.test/nothing-here/' } })).toMatchObject({
      status: 500,
      data: { code: 'not_found', message: 'ID for URL not found' },
    });
  });

  it('answers a term’s data from its taxonomy template and its stored social meta, and empty values for a term of another taxonomy', async () => {
    const term = await store.terms.insert({ name: 'News', taxonomy: 'category', description: 'Fresh <b>news</b>' });
    const answer = await get<{ data: { title: string; description: string; robots: unknown } }>(`/terms/${term.term_id}`, null);
    expect(answer.data.data).toMatchObject({ title: 'News archives | SEO Site', description: 'Fresh news' });
    expect((await get(`/terms/${term.term_id}?taxonomy=post_tag`, null)).data).toEqual({
      success: true,
      data: { title: null, description: null, canonical: '', og: [], twitter: [], robots: [], breadcrumbs: '', redirections: [] },
    });
    await store.termMeta.update(term.term_id, '_seopress_social_fb_title', 'Shared news');
    const social = await get<{ data: { og: Record<string, unknown> } }>(`/terms/${term.term_id}`, null);
    expect(social.data.data.og).toEqual({
      title: 'Shared news',
      description: '',
      image: '',
      attachment_id: '',
      image_width: '',
      image_height: '',
    });
    expect((await get(`/terms/${term.term_id}?id=x`, null)).status).toBe(400);
  });
});

describe('options, roles and search-url', () => {
  it('answers each option group flattened, only to administrators', async () => {
    await store.options.set('seopress_dashboard_option_name', { a: '1' });
    await store.options.set('seopress_toggle', { 'toggle-titles': '1' });
    expect((await get('/options/dashboard-settings', admin)).data).toEqual({ a: '1', 'toggle-titles': '1' });
    expect((await get('/options/shop-settings', admin)).data).toEqual([]);
    expect(await get('/options/titles-settings', null)).toMatchObject({ status: 401, data: { code: 'rest_forbidden' } });
    expect(await get('/options/titles-settings', editor)).toMatchObject({ status: 403, data: { code: 'rest_forbidden' } });
    expect((await get('/options/unknown-settings', admin)).status).toBe(404);
  });

  it('answers an unset group as SEOPress 9.6’s `return;` does: a 200 without a body', async () => {
    for (const group of ['titles-settings', 'dashboard-settings', 'indexing-settings', 'license-settings']) {
      expect(await get(`/options/${group}`, admin)).toMatchObject({ status: 200, body: '', data: null });
    }
    await store.options.set('seopress_titles_option_name', []);
    await store.options.set('seopress_pro_license_key', '0');
    expect((await get('/options/titles-settings', admin)).body).toBe('');
    expect((await get('/options/license-settings', admin)).body).toBe('');
  });

  it('merges option values as SEOPress’s foreach does: a later key in its first place, a scalar adding nothing, a list answered as a list', async () => {
    await store.options.set('seopress_instant_indexing_option_name', { engines: 'bing', key: 'old' });
    await store.options.set('seopress_instant_indexing_log_option_name', { key: 'new', log: 'done' });
    expect((await get('/options/indexing-settings', admin)).body).toBe('{"engines":"bing","key":"new","log":"done"}');
    await store.options.set('seopress_titles_option_name', 'not an array');
    expect(await get('/options/titles-settings', admin)).toMatchObject({ status: 200, data: [] });
    await store.options.set('seopress_bot_option_name', ['a', 'b']);
    expect((await get('/options/bot-settings', admin)).data).toEqual(['a', 'b']);
  });

  it('never answers the license key in clear: only its last four characters show', async () => {
    await store.options.set('seopress_pro_license_key', 'abcd-efgh-1234');
    expect((await get('/options/license-settings', admin)).data).toEqual({ license_key: '**********1234' });
  });

  it('answers the role names to administrators', async () => {
    expect((await get('/roles', admin)).data).toEqual({
      administrator: 'Administrator',
      editor: 'Editor',
      author: 'Author',
      contributor: 'Contributor',
      subscriber: 'Subscriber',
    });
    expect((await get('/roles', subscriber)).status).toBe(403);
  });

  it('finds published posts whose slug or title contains the text, for anyone, at most 50', async () => {
    await store.posts.insert({ post_title: 'Unpublished seo', post_name: 'seo-draft', post_status: 'draft' });
    for (let i = 0; i < 55; i++) await store.posts.insert({ post_title: `Bulk ${i}`, post_name: `bulk-${i}`, post_status: 'publish' });
    expect((await rest.inject({ path: `${NS}/search-url`, query: { url: 'SEO' } })).data).toEqual([
      { id: String(own), post_title: 'Hello SEO', guid: 'http://seo.test/hello-seo/' },
    ]);
    expect((await rest.inject<unknown[]>({ path: `${NS}/search-url`, query: { url: 'bulk' } })).data).toHaveLength(50);
  });

  it('searches with SEOPress’s LIKE: `_` one character, `%` any run, `\\` the next as written', async () => {
    const dash = (await store.posts.insert({ post_title: 'First', post_name: 'post-01', post_status: 'publish' })).ID;
    const sale = (await store.posts.insert({ post_title: '100% organic', post_name: 'organic', post_status: 'publish' })).ID;
    const ids = async (url: string) =>
      (await rest.inject<Array<{ id: string }>>({ path: `${NS}/search-url`, query: { url } })).data.map((row) => Number(row.id));
    expect(await ids('post_01')).toEqual([dash]);
    expect(await ids('post\\_01')).toEqual([]);
    expect(await ids('hel%seo')).toEqual([own]);
    expect(await ids('100\\%')).toEqual([sale]);
    expect(await ids('0_')).toEqual([dash, sale]);
    // A run of `%`s is one, however long; a pattern needing more than 200 characters (WordPress's longest slug) is not searched.
    expect(await ids('%'.repeat(5000))).toHaveLength(4);
    const long = (await store.posts.insert({ post_title: 'x'.repeat(201), post_name: 'long', post_status: 'publish' })).ID;
    expect(await ids('x'.repeat(200))).toEqual([long]);
    expect(await ids('x'.repeat(201))).toEqual([]);
  });

  it('searches for "Array" when url is an array, as PHP’s string of one, never every post', async () => {
    const sorting = (await store.posts.insert({ post_title: 'Sorting an ARRAY', post_status: 'publish' })).ID;
    for (const url of [['x'], { a: 'x' }]) {
      const answer = await rest.inject<Array<{ id: string }>>({ path: `${NS}/search-url`, query: { url } });
      expect(answer.data.map((row) => Number(row.id))).toEqual([sorting]);
    }
  });
});

describe('seo-a/v1 in batches', () => {
  it('refuses every field write in /batch/v1 with rest_batch_not_allowed, since no route allows batching', async () => {
    const answer = await rest.inject<{ responses: Array<{ status: number; body: { code: string } }> }>({
      method: 'POST',
      path: '/batch/v1',
      body: {
        requests: [
          { method: 'PUT', path: `${NS}/posts/${own}/title-description-metas`, body: { title: 'Batched' } },
          { method: 'PUT', path: `${NS}/posts/${own}/target-keywords`, body: { _seopress_analysis_target_kw: 'batched' } },
        ],
      },
      user: editor,
    });
    expect(answer.status).toBe(207);
    expect(answer.data.responses.map((response) => [response.status, response.body.code])).toEqual([
      [400, 'rest_batch_not_allowed'],
      [400, 'rest_batch_not_allowed'],
    ]);
    expect(await store.postMeta.get(own, '_seopress_titles_title')).toEqual([]);
  });
});

describe('seo-a/v1 storage', () => {
  it('refuses a host storage that gives part of a group', () => {
    expect(() => createRestServer({ site: SITE, namespaces: [seoA({ storage: { getTerm: async () => null } })] })).toThrow(
      /seoA storage gives getTerm but not listTerms, getTermMeta/,
    );
  });

  it('answers a storage that throws with a 500 that names nothing of it', async () => {
    const failing = createRestServer({
      site: SITE,
      store: memoryStore(),
      namespaces: [seoA({ storage: { getOption: async () => Promise.reject(new Error('db password is hunter2')) } })],
      onError: () => {},
    });
    const answer = await failing.inject({ path: `${NS}/options/titles-settings`, user: admin });
    expect(answer.status).toBe(500);
    expect(answer.body).not.toContain('hunter2');
  });
});

describe('seo-a/v1 on PGlite', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps fields written through the API across a restart, and the headless data reads them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'seo-a-'));
    dirs.push(dataDir);
    const first = await pgliteStore({ dataDir });
    const post = await first.posts.insert({ post_title: 'Kept', post_name: 'kept', post_status: 'publish', post_author: 3 });
    const one = serverOn(first);
    await one.inject({
      method: 'PUT',
      path: `${NS}/posts/${post.ID}/title-description-metas`,
      body: { title: 'Kept title' },
      user: author,
    });
    await one.inject({
      method: 'PUT',
      path: `${NS}/posts/${post.ID}/target-keywords`,
      body: { _seopress_analysis_target_kw: 'kept' },
      user: author,
    });
    await one.inject({
      method: 'PUT',
      path: `${NS}/posts/${post.ID}/redirection-settings`,
      body: { _seopress_redirections_enabled: 'yes' },
      user: author,
    });
    await first.close();

    const second = await pgliteStore({ dataDir });
    try {
      const two = serverOn(second);
      expect((await two.inject({ path: `${NS}/posts/${post.ID}/title-description-metas`, user: author })).data).toEqual({
        title: 'Kept title',
        description: '',
      });
      expect((await two.inject<{ value: string[] }>({ path: `${NS}/posts/${post.ID}/target-keywords`, user: author })).data.value).toEqual([
        'kept',
      ]);
      const headless = await two.inject<{ data: { title: string; redirections: { enabled: boolean } } }>({
        path: `${NS}/posts/${post.ID}`,
      });
      expect(headless.data.data).toMatchObject({ title: 'Kept title', redirections: { enabled: true } });
      expect((await two.inject<unknown[]>({ path: `${NS}/search-url`, query: { url: 'kep' } })).data).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 60_000);
});
