// site-insights/v1's entity search (Site Kit 1.184's `core/search/data/entity-search`) through
// `inject`: a URL of the site answers its post, page, posts page, front page, term or author
// archive as `[{id, title, url, type}]`; other text the published posts `WP_Query` finds; who may
// search; and the bound on the query's length.
import { beforeEach, describe, expect, it } from 'vitest';
import { createRestServer, memoryStore, siteInsights, type PostRow, type RestServer, type RestUser, type SiteStore } from '../src/index.js';
import { userWith } from './helpers/users.js';

const HOME = 'https://insights.example';
const admin = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const subscriber = userWith(3, 'subscriber');

let store: SiteStore;
let rest: RestServer;
let posts: Record<'hello' | 'older' | 'draft' | 'about' | 'team' | 'blog', PostRow>;

beforeEach(async () => {
  store = memoryStore();
  rest = createRestServer({ site: { name: 'Insights', url: HOME }, store, namespaces: [siteInsights()], onError: () => {} });
  await store.users.insert({ user_login: 'admin', roles: ['administrator'] });
  await store.users.insert({ user_login: 'editor', user_nicename: 'ed-itor', display_name: 'Ed Itor', roles: ['editor'] });
  await store.users.insert({ user_login: 'subscriber', roles: ['subscriber'] });
  const insert = async (post_title: string, post_name: string, more: Partial<PostRow> = {}) =>
    store.posts.insert({ post_title, post_name, post_status: 'publish', post_author: 1, ...more });
  const hello = await insert('Hello World', 'hello-world', { post_date: '2026-01-02 00:00:00' });
  const older = await insert('An older hello', 'older', { post_date: '2026-01-01 00:00:00' });
  const draft = await insert('Hello draft', 'draft', { post_status: 'draft' });
  const about = await insert('About us', 'about', { post_type: 'page' });
  const team = await insert('Our team', 'team', { post_type: 'page', post_parent: about.ID });
  const blog = await insert('Blog', 'blog', { post_type: 'page' });
  posts = { hello, older, draft, about, team, blog };
});

async function search(query: string | undefined, user: RestUser | null = admin) {
  const answer = await rest.inject({
    method: 'GET',
    path: '/site-insights/v1/core/search/data/entity-search',
    ...(query === undefined ? {} : { query: { query } }),
    ...(user ? { user } : {}),
  });
  return { status: answer.status, data: answer.data };
}

const post = (row: PostRow, url: string, type = 'post') => ({ id: row.ID, title: row.post_title, url, type });

describe('a URL of the site', () => {
  it('answers the post, the page under its parent, and the post by ?p=', async () => {
    expect(await search(`${HOME}/hello-world/`)).toEqual({ status: 200, data: [post(posts.hello, `${HOME}/hello-world/`)] });
    expect((await search(`${HOME}/about/team/`)).data).toEqual([post(posts.team, `${HOME}/about/team/`)]);
    expect((await search(`${HOME}/about/2/`)).data).toEqual([post(posts.about, `${HOME}/about/`)]);
    expect((await search(`https://www.insights.example/?p=${posts.about.ID}`)).data).toEqual([post(posts.about, `${HOME}/about/`)]);
    // rawurldecode first, as Site Kit reads the query.
    expect((await search(encodeURIComponent(`${HOME}/hello-world/`))).data).toEqual([post(posts.hello, `${HOME}/hello-world/`)]);
  });

  it('answers nothing for a draft, another site, a page under the wrong parent, or an archive without an id', async () => {
    for (const url of [
      `${HOME}/?p=${posts.draft.ID}`,
      `${HOME}/draft/`,
      'https://elsewhere.example/hello-world/',
      `${HOME}/team/`,
      `${HOME}/2026/01/`,
      `${HOME}/`,
      `${HOME}/no-such-thing/`,
    ])
      expect(await search(url), url).toEqual({ status: 200, data: [] });
  });

  it('answers the static front page at the home URL and the posts page as the blog', async () => {
    await store.options.set('show_on_front', 'page');
    await store.options.set('page_on_front', posts.about.ID);
    await store.options.set('page_for_posts', posts.blog.ID);
    expect((await search(`${HOME}/`)).data).toEqual([post(posts.about, `${HOME}/`)]);
    expect((await search(`${HOME}/blog/`)).data).toEqual([post(posts.blog, `${HOME}/blog/`, 'blog')]);
  });

  it('answers term and author archives with their archive titles', async () => {
    const news = await store.terms.insert({ taxonomy: 'category', name: 'News', slug: 'news' });
    const local = await store.terms.insert({ taxonomy: 'category', name: 'Local', slug: 'local', parent: news.term_id });
    const green = await store.terms.insert({ taxonomy: 'post_tag', name: 'Green', slug: 'green' });
    const aside = await store.terms.insert({ taxonomy: 'post_format', name: 'Aside', slug: 'post-format-aside' });
    expect((await search(`${HOME}/category/news/local/`)).data).toEqual([
      { id: local.term_id, title: 'Category: Local', url: `${HOME}/category/news/local/`, type: 'term' },
    ]);
    expect((await search(`${HOME}/tag/green/`)).data).toEqual([
      { id: green.term_id, title: 'Tag: Green', url: `${HOME}/tag/green/`, type: 'term' },
    ]);
    expect((await search(`${HOME}/type/aside/`)).data).toEqual([
      { id: aside.term_id, title: 'Asides', url: `${HOME}/type/aside/`, type: 'term' },
    ]);
    expect((await search(`${HOME}/author/ed-itor/`)).data).toEqual([
      { id: 2, title: 'Author: Ed Itor', url: `${HOME}/author/ed-itor/`, type: 'user' },
    ]);
    expect((await search(`${HOME}/tag/grey/`)).data).toEqual([]);
  });
});

describe('other text', () => {
  it('answers published posts and pages with every word, whole-phrase titles first, then the newest', async () => {
    expect(await search('hello')).toEqual({
      status: 200,
      data: [post(posts.hello, `${HOME}/hello-world/`), post(posts.older, `${HOME}/older/`)],
    });
    expect((await search('older hello')).data).toEqual([post(posts.older, `${HOME}/older/`)]);
    expect((await search('team')).data).toEqual([post(posts.team, `${HOME}/about/team/`)]);
  });

  it('answers at most 10 posts', async () => {
    for (let i = 0; i < 12; i++) await store.posts.insert({ post_title: `Many ${i}`, post_status: 'publish', post_author: 1 });
    expect((await search('many')).data).toHaveLength(10);
  });

  it('answers [] for a query past 2,048 characters without searching', async () => {
    await store.posts.insert({ post_title: 'x'.repeat(2100), post_status: 'publish', post_author: 1 });
    expect((await search('x'.repeat(2048))).data).toHaveLength(1);
    expect((await search('x'.repeat(2049))).data).toEqual([]);
  });

  it('refuses a search without a query as WordPress does', async () => {
    expect((await search(undefined)).data).toMatchObject({ code: 'rest_missing_callback_param', data: { status: 400, params: ['query'] } });
  });
});

describe('who may search', () => {
  it('refuses nobody with 401, a subscriber and an editor without a shared dashboard with 403', async () => {
    expect((await search('hello', null)).status).toBe(401);
    expect((await search('hello', subscriber)).status).toBe(403);
    expect((await search('hello', editor)).status).toBe(403);
  });

  it('lets an editor in a shared role search once the splash is dismissed', async () => {
    await store.options.set('googlesitekit_credentials', { oauth2_client_id: 'client', oauth2_client_secret: 'secret' });
    await store.options.set('googlesitekit_dashboard_sharing', { 'search-console': { sharedRoles: ['editor'], management: 'owner' } });
    await store.userMeta.update(2, 'googlesitekitpersistent_dismissed_items', { shared_dashboard_splash: 0 });
    expect((await search('hello', editor)).status).toBe(200);
  });
});
