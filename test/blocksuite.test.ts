// `blocksuite/v1` (Kadence Blocks' `kbp/v1`) through `inject`: the post query in each mode, with
// WordPress's sticky posts and taxonomy filters as Kadence's inverted sanitizers drive them, each
// item's shape, the taxonomy and term pickers, the 400 a missing `source` gets from Kadence's own
// validator, and who may call each route (checked after the args, as WordPress orders it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  blocksuite,
  createRestServer,
  memoryStore,
  type BlocksuiteOptions,
  type JsonValue,
  type RestServer,
  type RestUser,
  type SiteStore,
} from '../src/index.js';
import { FIXTURES } from './helpers/peer.js';
import { userWith } from './helpers/users.js';

const NS = '/blocksuite/v1';
const SITE = { name: 'Blocks Site', url: 'http://blocks.test' };

interface SiteFixture {
  users: Array<{ user_login: string; display_name: string; user_nicename: string; roles: string[] }>;
  terms: Array<{ id: number; name: string; slug: string; taxonomy: string; parent?: number }>;
  posts: Array<
    Record<string, JsonValue> & { ID: number; meta?: Record<string, JsonValue>; terms?: Record<string, number[]>; sticky?: boolean }
  >;
}

const fixture = <T>(name: string): T => JSON.parse(readFileSync(join(FIXTURES, 'blocksuite', name), 'utf8')) as T;
const SITE_DATA = fixture<SiteFixture>('site.json');

/** The host's book type and genre taxonomy, as a theme would register them. */
const HOST_TYPES: BlocksuiteOptions = {
  postTypes: [{ name: 'book', label: 'Books', public: true, supports: ['title', 'editor', 'thumbnail'] }],
  taxonomies: [{ name: 'genre', label: 'Genres', objectTypes: ['book'], public: true, hierarchical: true }],
};

/** Writes the fixture site into a store: users, terms, posts with their meta, terms and sticky mark. */
async function seedSite(store: SiteStore): Promise<void> {
  for (const user of SITE_DATA.users) await store.users.insert(user);
  for (const term of SITE_DATA.terms) {
    const row = await store.terms.insert({ name: term.name, slug: term.slug, taxonomy: term.taxonomy, parent: term.parent ?? 0 });
    expect(row.term_id).toBe(term.id);
  }
  for (const { meta, terms, sticky, ...row } of SITE_DATA.posts) {
    const date = typeof row.post_date === 'string' ? row.post_date : '2024-01-01 00:00:00';
    await store.posts.insert({
      post_status: 'publish',
      post_date_gmt: date,
      post_modified: date,
      post_modified_gmt: typeof row.post_date_gmt === 'string' ? row.post_date_gmt : date,
      ...row,
    });
    for (const [key, value] of Object.entries(meta ?? {})) await store.postMeta.add(row.ID, key, value);
    for (const [taxonomy, ids] of Object.entries(terms ?? {})) await store.terms.setObjectTerms(row.ID, taxonomy, ids);
    if (sticky) await store.options.update('sticky_posts', (current) => [...(Array.isArray(current) ? current : []), row.ID]);
  }
}

async function server(options: BlocksuiteOptions = HOST_TYPES): Promise<RestServer> {
  const store = memoryStore();
  await seedSite(store);
  return createRestServer({ site: SITE, store, namespaces: [blocksuite(options)], onError: () => {} });
}

const author = userWith(1, 'author');
const editor = userWith(2, 'editor');
const contributor = userWith(3, 'contributor');
const subscriber = userWith(4, 'subscriber');

type Item = Record<string, JsonValue> & { id: number };

async function query(rest: RestServer, params: Record<string, unknown>, user: RestUser = editor): Promise<Item[]> {
  const answer = await rest.inject<Item[]>({ path: `${NS}/post-query`, query: params, user });
  expect(answer.status, JSON.stringify(answer.data)).toBe(200);
  return answer.data;
}

const ids = (items: Item[]) => items.map((item) => item.id);

/** The query the posts block sends for its settings (`get-query.js`), less what each test changes. */
const blockQuery = (params: Record<string, unknown> = {}) => ({
  query: 'query',
  type: 'post',
  per_page: 10,
  offset: 0,
  allow_sticky: 'false',
  exclude: 'include',
  post_tax: 'false',
  tax_type: '',
  post_id: 99,
  ...params,
});

describe('blocksuite/v1 post-query modes', () => {
  it('answers [] without a query, whatever else is asked', async () => {
    const rest = await server();
    expect(await query(rest, {})).toEqual([]);
    expect(await query(rest, { type: 'post', include: [10] })).toEqual([]);
  });

  it('answers the individual posts in include order, sticky posts not moved, drafts left out', async () => {
    const rest = await server();
    expect(ids(await query(rest, { query: 'individual', type: 'post', include: [11, 13, 12, 10] }))).toEqual([11, 12, 10]);
  });

  it('shows private posts to those who may read them: an editor all, an author only their own', async () => {
    const rest = await server();
    expect(ids(await query(rest, { query: 'individual', type: 'post', include: [14, 10] }, editor))).toEqual([14, 10]);
    expect(ids(await query(rest, { query: 'individual', type: 'post', include: [14, 10] }, author))).toEqual([10]);
  });

  it('sorts individual-ordered posts by order_by, descending unless order says asc', async () => {
    const rest = await server();
    const include = [12, 10, 11];
    expect(ids(await query(rest, { query: 'individual-ordered', type: 'post', include, order_by: 'title' }))).toEqual([12, 11, 10]);
    expect(ids(await query(rest, { query: 'individual-ordered', type: 'post', include, order_by: 'title', order: 'ASC' }))).toEqual([
      10, 11, 12,
    ]);
  });

  it('lists published posts of the type newest first, with stickies first unless allow_sticky is false-y', async () => {
    const rest = await server();
    // The editor sends allow_sticky=false as text, which Kadence's `$val ? 0 : 1` takes for true:
    // Golf (sticky, older than the page) is read in and put after Charlie, the sticky found.
    expect(ids(await query(rest, blockQuery({ per_page: 3 })))).toEqual([12, 16, 15, 11]);
    expect(ids(await query(rest, blockQuery({ per_page: 3, allow_sticky: '0' })))).toEqual([15, 12, 11]);
    expect(ids(await query(rest, blockQuery({ per_page: 3, allow_sticky: '' })))).toEqual([15, 12, 11]);
    // Left out, the query honours stickies too.
    const { allow_sticky: _left, ...withoutSticky } = blockQuery({ per_page: 3 });
    expect(ids(await query(rest, withoutSticky))).toEqual([12, 16, 15, 11]);
  });

  it('excludes a numeric post_id, pages with offset, orders by order_by and keeps include', async () => {
    const rest = await server();
    const base = blockQuery({ allow_sticky: '0' });
    expect(ids(await query(rest, { ...base, post_id: '15' }))).toEqual([12, 11, 10, 16]);
    // A template identifier (FSE) is no post id.
    expect(ids(await query(rest, { ...base, post_id: 'theme//single' }))).toEqual([15, 12, 11, 10, 16]);
    expect(ids(await query(rest, { ...base, offset: 2, per_page: 2 }))).toEqual([11, 10]);
    expect(ids(await query(rest, { ...base, order_by: 'title', order: 'asc' }))).toEqual([10, 11, 12, 15, 16]);
    expect(ids(await query(rest, { ...base, order_by: 'comment_count' }))[0]).toBe(10);
    expect(ids(await query(rest, { ...base, include: [16, 10, 13] }))).toEqual([10, 16]);
    expect(ids(await query(rest, { ...base, include: [16, 10, 13], order_by: 'post__in' }))).toEqual([16, 10]);
  });

  it('draws order_by=rand from the whole query: distinct posts of it, in an order that changes', async () => {
    const rest = await server();
    const base = blockQuery({ allow_sticky: '0', order_by: 'rand', per_page: 5 });
    const orders = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const drawn = ids(await query(rest, base));
      expect([...drawn].sort()).toEqual([10, 11, 12, 15, 16]);
      orders.add(drawn.join());
    }
    expect(orders.size).toBeGreaterThan(1);
    expect(ids(await query(rest, { ...base, per_page: 2, category: '1' })).sort()).toEqual([10, 15]);
  });

  it('draws order_by=rand row by row past a thousand posts, never more than the page', async () => {
    const store = memoryStore();
    for (let i = 0; i < 1003; i++) await store.posts.insert({ post_title: `Many ${i}`, post_status: 'publish' });
    const rest = createRestServer({ site: SITE, store, namespaces: [blocksuite()] });
    const drawn = await query(rest, blockQuery({ allow_sticky: '0', order_by: 'rand', per_page: 7 }));
    expect(new Set(ids(drawn)).size).toBe(7);
  });

  it('caps per_page at 100 and reads 0 as the site’s posts_per_page', async () => {
    const store = memoryStore();
    await seedSite(store);
    for (let i = 0; i < 110; i++)
      await store.posts.insert({ post_title: `Filler ${i}`, post_status: 'publish', post_date: `2022-01-01 00:00:00` });
    const rest = createRestServer({ site: SITE, store, namespaces: [blocksuite()] });
    expect(await query(rest, blockQuery({ per_page: 500, allow_sticky: '0' }))).toHaveLength(100);
    const { per_page: _default, ...defaulted } = blockQuery({ allow_sticky: '0' });
    expect(await query(rest, defaulted)).toHaveLength(25);
    expect(await query(rest, blockQuery({ per_page: 0, allow_sticky: '0' }))).toHaveLength(10);
    await store.options.set('posts_per_page', 4);
    expect(await query(rest, blockQuery({ per_page: 'lots', allow_sticky: '0' }))).toHaveLength(4);
  });
});

describe('blocksuite/v1 post-query taxonomy filters', () => {
  it('filters posts by category and tag ids, or leaves them out with exclude=exclude', async () => {
    const rest = await server();
    const base = blockQuery({ allow_sticky: '0' });
    // category__in does not take children: World (2) is below News (1).
    expect(ids(await query(rest, { ...base, category: '1' }))).toEqual([15, 10]);
    expect(ids(await query(rest, { ...base, category: '1,2' }))).toEqual([15, 11, 10]);
    expect(ids(await query(rest, { ...base, tags: '4' }))).toEqual([10]);
    expect(ids(await query(rest, { ...base, category: '1', exclude: 'exclude' }))).toEqual([12, 11, 16]);
  });

  it('never puts stickies first in a category listing (an archive), but does when it only excludes', async () => {
    const rest = await server();
    expect(ids(await query(rest, blockQuery({ category: '1,2' })))).toEqual([15, 11, 10]);
    expect(ids(await query(rest, blockQuery({ category: '1', exclude: 'exclude' })))).toEqual([12, 16, 11]);
  });

  it('filters another type by tax_type, children included, and answers [] for an unknown taxonomy or no term', async () => {
    const rest = await server();
    const books = { query: 'query', type: 'book', allow_sticky: '0' };
    expect(ids(await query(rest, books))).toEqual([32, 31, 30]);
    expect(ids(await query(rest, { ...books, tax_type: 'genre', category: '5' }))).toEqual([31, 30]);
    expect(ids(await query(rest, { ...books, tax_type: 'genre', category: '6' }))).toEqual([30]);
    expect(ids(await query(rest, { ...books, tax_type: 'genre', category: '5', exclude: 'exclude' }))).toEqual([32]);
    expect(await query(rest, { ...books, tax_type: 'genre' })).toEqual([]);
    expect(await query(rest, { ...books, tax_type: 'shelf', category: '5' })).toEqual([]);
    expect(ids(await query(rest, { ...books, tax_type: 'genre', exclude: 'exclude' }))).toEqual([32, 31, 30]);
  });

  it('reads custom_tax inverted: for posts, a false-y custom_tax takes the tax_type branch', async () => {
    const rest = await server();
    const base = blockQuery({ allow_sticky: '0', tax_type: 'category', category: '1' });
    expect(ids(await query(rest, { ...base, custom_tax: 'true' }))).toEqual([15, 10]);
    // tax_query's category clause includes children, where category__in does not.
    expect(ids(await query(rest, { ...base, custom_tax: '0' }))).toEqual([15, 11, 10]);
  });
});

describe('blocksuite/v1 post-query items', () => {
  it('answers each item in Kadence’s shape: dates, title and excerpt, links, featured image, author, terms', async () => {
    const rest = await server();
    const [alpha] = await query(rest, { query: 'individual', type: 'post', include: [10] });
    expect(alpha).toEqual(fixture('alpha-item.json'));
    expect(Object.keys(alpha!)).toEqual(Object.keys(fixture<Record<string, unknown>>('alpha-item.json')));
  });

  it('generates an excerpt from the content, hides a protected one, and marks no image and no tags', async () => {
    const rest = await server();
    const [bravo, foxtrot] = await query(rest, { query: 'individual', type: 'post', include: [11, 15] });
    expect(bravo!.excerpt).toEqual({ raw: '', rendered: 'Bravo body text.' });
    expect(bravo!.featured_media).toBe('');
    expect(bravo).not.toHaveProperty('featured_image_src_large');
    expect(bravo!.tag_info).toBe(false);
    expect(bravo!.taxonomy_info).toEqual({ category: [{ value: 2, label: 'world' }] });
    expect(foxtrot!.title).toEqual({ raw: 'Foxtrot', rendered: 'Protected: Foxtrot' });
    expect(foxtrot!.excerpt).toEqual({ raw: '', rendered: 'There is no excerpt because this is a protected post.' });
  });

  it('links pages under their parents, constrains a full image to 1024 and answers [] for no taxonomy', async () => {
    const rest = await server();
    const [team] = await query(rest, { query: 'individual', type: 'page', include: [21] });
    expect(team!.link).toBe('http://blocks.test/about/team/');
    expect(team!.featured_image_src_large).toEqual(['http://blocks.test/wp-content/uploads/2024/05/banner.png', 1024, 341, false]);
    expect(team!.taxonomy_info).toEqual([]);
    expect(team).not.toHaveProperty('category_info');
    expect(team!.comment_info).toBe(0);
  });

  it('follows the host type’s features: no author or comments support, a non-image thumbnail is false', async () => {
    const rest = await server();
    const [dune] = await query(rest, { query: 'individual', type: 'book', include: [30] });
    expect(dune!.link).toBe('http://blocks.test/book/dune/');
    expect(dune!.author_info).toEqual([]);
    expect(dune).not.toHaveProperty('comment_info');
    expect(dune!.featured_image_src_large).toBe(false);
    expect(dune!.taxonomy_info).toEqual({ genre: [{ value: 6, label: 'Epic' }] });
  });
});

describe('blocksuite/v1 post-query validation', () => {
  it('refuses a type that is not a public post type shown in REST with rest_invalid_param', async () => {
    const rest = await server();
    for (const type of ['kadence_lottie', 'attachment', 'nothing', 'Post']) {
      const answer = await rest.inject({ path: `${NS}/post-query`, query: { query: 'query', type }, user: editor });
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ code: 'rest_invalid_param', data: { params: { type: 'Invalid parameter.' } } });
    }
    expect((await rest.inject({ path: `${NS}/post-query`, query: { query: 'query', type: 'book' }, user: editor })).status).toBe(200);
    const without = createRestServer({ site: SITE, store: memoryStore(), namespaces: [blocksuite()] });
    expect((await without.inject({ path: `${NS}/post-query`, query: { query: 'query', type: 'book' }, user: editor })).status).toBe(400);
  });

  it('refuses an empty include list, and answers WordPress’s critical error for one given as text', async () => {
    const rest = await server();
    const empty = await rest.inject({ method: 'GET', path: `${NS}/post-query`, body: { query: 'individual', include: [] }, user: editor });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ code: 'rest_invalid_param', data: { params: { include: 'Invalid parameter.' } } });
    const text = await rest.inject({ path: `${NS}/post-query`, query: { query: 'individual', include: '10' }, user: editor });
    expect(text.status).toBe(500);
    expect(text.data).toMatchObject({ code: 'internal_server_error' });
  });

  it('checks page as WordPress’s collection param does', async () => {
    const rest = await server();
    const answer = await rest.inject({ path: `${NS}/post-query`, query: { page: '0' }, user: editor });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ code: 'rest_invalid_param', data: { params: { page: expect.any(String) } } });
  });
});

describe('blocksuite/v1 pickers', () => {
  it('refuses taxonomies-select and term-select without source with 400, as the default fails Kadence’s validator', async () => {
    const rest = await server();
    for (const route of ['taxonomies-select', 'term-select']) {
      const answer = await rest.inject({ path: `${NS}/${route}`, user: editor });
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ code: 'rest_invalid_param', data: { params: { source: 'Invalid parameter.' } } });
    }
  });

  it('lists the public, shown taxonomies of every type, a type, or a post’s type; "" for a post that is not there', async () => {
    const rest = await server();
    const taxonomies = async (source: string) =>
      (await rest.inject({ path: `${NS}/taxonomies-select`, query: { source }, user: editor })).data;
    const postTaxonomies = [
      { value: 'category', label: 'Categories' },
      { value: 'post_tag', label: 'Tags' },
    ];
    expect(await taxonomies('all')).toEqual([...postTaxonomies, { value: 'genre', label: 'Genres' }]);
    expect(await taxonomies('post')).toEqual(postTaxonomies);
    expect(await taxonomies('page')).toEqual([]);
    expect(await taxonomies('30')).toEqual([{ value: 'genre', label: 'Genres' }]);
    expect(await taxonomies('41')).toEqual(await taxonomies('all'));
    expect(await taxonomies('999')).toBe('');
  });

  it('lists every term in use (or with a descendant in use) as taxonomy|id by name, without pages', async () => {
    const rest = await server();
    const terms = async (query: Record<string, string>) => (await rest.inject({ path: `${NS}/term-select`, query, user: editor })).data;
    // By name as MySQL's collation compares it, whatever the case.
    const categories = [
      { value: 'category|7', label: 'alpha' },
      { value: 'category|1', label: 'News' },
      { value: 'category|2', label: 'world' },
    ];
    expect(await terms({ source: 'category', page: '1', per_page: '1' })).toEqual(categories);
    expect(await terms({ source: 'genre' })).toEqual([
      { value: 'genre|6', label: 'Epic' },
      { value: 'genre|5', label: 'Fantasy' },
    ]);
    expect(await terms({ source: '0' })).toBe('');
  });

  it('answers an unknown taxonomy as Kadence walks get_terms()’s WP_Error: two items without a label', async () => {
    const rest = await server();
    const answer = await rest.inject({ path: `${NS}/term-select`, query: { source: 'shelf' }, user: editor });
    expect(answer.data).toEqual([
      { value: 'shelf|', label: null },
      { value: 'shelf|', label: null },
    ]);
  });
});

describe('blocksuite/v1 permissions', () => {
  const requests = [
    { path: `${NS}/post-query`, query: { query: 'query', type: 'post' } },
    { path: `${NS}/taxonomies-select`, query: { source: 'all' } },
    { path: `${NS}/term-select`, query: { source: 'category' } },
  ];

  it('needs edit_posts: anonymous 401, subscriber 403, contributor, author and editor allowed', async () => {
    const rest = await server();
    for (const request of requests) {
      const anonymous = await rest.inject(request);
      expect(anonymous.status).toBe(401);
      expect(anonymous.data).toMatchObject({ code: 'rest_forbidden' });
      const refused = await rest.inject({ ...request, user: subscriber });
      expect(refused.status).toBe(403);
      expect(refused.data).toMatchObject({ code: 'rest_forbidden' });
      for (const user of [contributor, author, editor]) expect((await rest.inject({ ...request, user })).status).toBe(200);
    }
  });

  it('checks the args before the permission, as WordPress does', async () => {
    const rest = await server();
    expect((await rest.inject({ path: `${NS}/post-query`, query: { type: 'nothing' } })).status).toBe(400);
    expect((await rest.inject({ path: `${NS}/term-select` })).status).toBe(400);
  });
});
