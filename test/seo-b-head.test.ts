// seo-b/v1 `get_head` (Yoast SEO 28.1's `yoast/v1/get_head`): the head of a post, a page, a term
// archive, a post-type archive, the home page and the 404 page of a small site
// (test/fixtures/seo-b-head/site.json), compared with the heads worked out from Yoast's source
// (test/fixtures/seo-b-head/expected-*.json); hostile values escaped; the url check; settings and
// post meta read on every call; the same heads from PGlite after a restart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestServer, memoryStore, type RestServer, type SiteStore } from '../src/index.js';
import type { PostTypeDefinition } from '../src/namespaces/content-types.js';
import { seoB } from '../src/namespaces/seo-b/index.js';
import type { JsonValue } from '../src/store/types.js';
import { pgliteStore } from '../src/store.js';
import { userWith } from './helpers/users.js';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'seo-b-head');
const read = <T>(name: string): T => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as T;

interface SiteFixture {
  site: { name: string; description: string; url: string };
  options: Record<string, JsonValue>;
  users: Array<{ user_login: string; meta: Record<string, string> } & Record<string, JsonValue>>;
  terms: Array<{ name: string; slug: string; taxonomy: string; parent?: string; description: string }>;
  attachments: Array<{ key: string; post_title: string; post_excerpt: string; post_mime_type: string; file: string; metadata: JsonValue }>;
  posts: Array<
    Record<string, JsonValue> & { post_author: string; post_parent?: string; terms: Record<string, string[]>; meta: Record<string, string> }
  >;
  postTypes: PostTypeDefinition[];
}

interface Head {
  html: string;
  json: Record<string, unknown>;
  status: number;
}

const SITE = read<SiteFixture>('site.json');
const NS = '/seo-b/v1';
const NOW = Date.UTC(2026, 10, 29, 12);

/** Writes the fixture site into a store: users with meta, terms, attachments, posts with terms and meta, options. */
async function seed(store: SiteStore): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const { meta, ...user } of SITE.users) {
    const row = await store.users.insert(user);
    ids.set(user.user_login, row.ID);
    for (const [key, value] of Object.entries(meta)) await store.userMeta.update(row.ID, key, value);
  }
  for (const term of SITE.terms) {
    const row = await store.terms.insert({ ...term, parent: term.parent ? ids.get(term.parent)! : 0 });
    ids.set(term.slug, row.term_id);
  }
  for (const { key, file, metadata, ...attachment } of SITE.attachments) {
    const row = await store.posts.insert({
      ...attachment,
      post_type: 'attachment',
      post_status: 'inherit',
      post_name: key.replace('.', '-'),
    });
    ids.set(key, row.ID);
    await store.postMeta.update(row.ID, '_wp_attached_file', file);
    await store.postMeta.update(row.ID, '_wp_attachment_metadata', metadata);
  }
  const resolve = (value: string) => String(ids.get(value) ?? value);
  for (const { terms, meta, post_author, post_parent, ...post } of SITE.posts) {
    const dates = { post_date_gmt: post.post_date as string, post_modified_gmt: post.post_modified as string };
    const row = await store.posts.insert({
      ...post,
      ...dates,
      post_status: 'publish',
      post_author: ids.get(post_author)!,
      post_parent: post_parent ? ids.get(post_parent)! : 0,
    });
    ids.set(row.post_name, row.ID);
    for (const [taxonomy, slugs] of Object.entries(terms))
      await store.terms.setObjectTerms(
        row.ID,
        taxonomy,
        slugs.map((slug) => ids.get(slug)!),
      );
    for (const [key, value] of Object.entries(meta))
      await store.postMeta.update(row.ID, key, key.endsWith('_id') || key.endsWith('category') ? resolve(value) : value);
  }
  const titles = { ...(SITE.options.wpseo_titles as Record<string, JsonValue>), company_logo_id: ids.get('logo.png')! };
  const taxonomyMeta = {
    category: { [String(ids.get('local'))]: (SITE.options.wpseo_taxonomy_meta as { category: { local: JsonValue } }).category.local },
  };
  for (const [name, value] of Object.entries({ ...SITE.options, wpseo_titles: titles, wpseo_taxonomy_meta: taxonomyMeta }))
    await store.options.set(name, value);
  return ids;
}

function serverOn(store: SiteStore): RestServer {
  return createRestServer({ site: SITE.site, store, namespaces: [seoB({ now: () => NOW, postTypes: SITE.postTypes })], onError: () => {} });
}

async function head(
  server: RestServer,
  url: string,
  user = userWith(0, 'subscriber') as ReturnType<typeof userWith> | null,
): Promise<Head> {
  const answer = await server.inject<Head>({ path: `${NS}/get_head`, query: { url }, user: user?.id === 0 ? null : user });
  expect(answer.status).toBe(answer.data.status);
  return answer.data;
}

describe('seo-b/v1 get_head', () => {
  let store: SiteStore;
  let server: RestServer;
  let ids: Map<string, number>;
  beforeAll(async () => {
    store = memoryStore();
    ids = await seed(store);
    server = serverOn(store);
  });

  it.each([
    ['a post', 'http://head.test/first-light/', 'expected-post.json'],
    ['a child page, noindexed, its title from post meta', 'http://head.test/about/team/', 'expected-page.json'],
    ['a child category', 'http://head.test/category/news/local/', 'expected-term.json'],
    ['a post-type archive', 'http://head.test/books/', 'expected-archive.json'],
    ['the home page', 'http://head.test/', 'expected-home.json'],
    ['an unknown URL (the 404 head)', 'http://head.test/no-such-page/', 'expected-404.json'],
  ])('answers the head of %s as Yoast 28.1 prints it', async (_, url, file) => {
    expect(await head(server, url)).toEqual(read<Head>(file));
  });

  it('finds a page only at its own permalink: another host, a missing trailing slash or a wrong parent is the 404 head', async () => {
    for (const url of [
      'http://other.test/first-light/',
      'http://head.test/first-light',
      'http://head.test/news/team/',
      'http://head.test/category/local/',
    ]) {
      const answer = await head(server, url);
      expect(answer.status).toBe(404);
      expect(answer.json.title).toBe('Page not found | Field Notes');
    }
    // Yoast compares the path only: the query, the fragment and the scheme do not matter.
    expect((await head(server, 'https://head.test/first-light/?utm=1#top')).json.title).toBe('First light | Field Notes');
  });

  it('refuses a url that is not an http(s) URL with WordPress’s rest_invalid_param, and a missing one with rest_missing_callback_param', async () => {
    for (const url of ['not a url', 'javascript:alert(1)', 'ftp://head.test/', 'http://']) {
      const answer = await server.inject({ path: `${NS}/get_head`, query: { url } });
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ code: 'rest_invalid_param', data: { params: { url: 'Invalid parameter.' } } });
    }
    const missing = await server.inject({ path: `${NS}/get_head` });
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({ code: 'rest_missing_callback_param', data: { params: ['url'] } });
  });

  it('shows an SEO manager the notice of a page without a description, and nobody else', async () => {
    const admin = await head(server, 'http://head.test/books/', userWith(1, 'administrator'));
    expect(admin.html).toContain('<!-- Admin only notice: this page does not show a meta description');
    expect(admin.json).not.toHaveProperty('description');
    expect((await head(server, 'http://head.test/books/', userWith(2, 'editor'))).html).not.toContain('Admin only notice');
  });

  it('reads the title templates and the post meta on every call', async () => {
    const before = await head(server, 'http://head.test/first-light/');
    expect(before.json.title).toBe('First light | Field Notes');
    await store.options.set('wpseo_titles', {
      ...((await store.options.get('wpseo_titles')) as object),
      'title-post': '%%title%% %%sep%% %%category%% %%sep%% %%sitedesc%%',
      separator: 'sc-ndash',
    });
    await store.postMeta.update(ids.get('first-light')!, '_yoast_wpseo_metadesc', 'Rewritten %%excerpt%%');
    const after = await head(server, 'http://head.test/first-light/');
    expect(after.json.title).toBe('First light &#8211; Local &#8211; Notes from the field');
    expect(after.json.description).toBe('Rewritten The sun came up over the field and the notes began. We counted birds.');
    expect(after.html).toContain('<title>First light &#8211; Local &#8211; Notes from the field</title>');
    await store.options.set('wpseo_titles', {
      ...((await store.options.get('wpseo_titles')) as object),
      'title-post': '',
      separator: 'sc-pipe',
    });
    await store.postMeta.update(ids.get('first-light')!, '_yoast_wpseo_metadesc', SITE.posts[0]!.meta._yoast_wpseo_metadesc!);
  });
});

describe('seo-b/v1 get_head replacement variables', () => {
  it('replaces the variables Yoast defines, removes the unknown ones and merges the separators left side by side', async () => {
    const store = memoryStore();
    await seed(store);
    const post = (await store.posts.query({ slug: ['first-light'], limit: 1 })).posts[0]!;
    await store.postMeta.update(post.ID, 'mood', 'calm <i>and</i> bright');
    await store.postMeta.update(post.ID, '_yoast_wpseo_focuskw', 'dawn');
    await store.postMeta.update(
      post.ID,
      '_yoast_wpseo_title',
      '%%title%% %%sep%% %%nonsense%% %%sep%% %%cf_mood%% %%ct_post_tag%% %%focuskw%% %%currentyear%% %%id%% %%pt_single%% %%title% 100%%',
    );
    const { json } = await head(serverOn(store), 'http://head.test/first-light/');
    expect(json.title).toBe(`First light | calm and bright Tips dawn 2026 ${post.ID} Post %%title% 100%%`);
  });
});

describe('seo-b/v1 get_head escaping', () => {
  it('escapes quotes, angle brackets and </script> in every value it prints', async () => {
    const store = memoryStore();
    const hostile = "\"><script>alert(1)</script><b>bold</b> & 'quoted' </script><!--";
    const post = await store.posts.insert({
      post_title: `A < B ${hostile}`,
      post_name: 'hostile',
      post_status: 'publish',
      post_content: `<p>x</p>`,
      post_excerpt: hostile,
    });
    await store.postMeta.update(post.ID, '_yoast_wpseo_metadesc', `desc " < > ${hostile}`);
    await store.postMeta.update(post.ID, '_yoast_wpseo_canonical', 'http://head.test/a"b<c>d\'e/');
    await store.options.set('wpseo_titles', { website_name: `</script>${hostile}` });
    const server = createRestServer({
      site: { ...SITE.site, name: `Site ${hostile}`, description: `Tag </script><script>alert(2)</script>` },
      store,
      namespaces: [seoB()],
    });
    const { html, json, status } = await head(server, 'http://head.test/hostile/');
    expect(status).toBe(200);
    // One script element, closed once: no value closes it (the tagline is in the graph as written, its `/` escaped).
    expect(html.match(/<script type=/gi)).toHaveLength(1);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html).not.toContain('<b>');
    // Every attribute value is one quoted string without raw quotes or angle brackets.
    for (const [, value] of html.matchAll(/content="([^"]*)"/g)) expect(value).not.toMatch(/[<>"]/);
    // wp_strip_all_tags takes a script element out whole.
    expect(html).toContain('<title>A &lt; B &quot;&gt;bold &amp; &#039;quoted&#039;</title>');
    expect(html).toContain('<meta property="og:site_name" content="Site &quot;&gt;bold &amp; &#039;quoted&#039;" />');
    expect(html).toContain('<link rel="canonical" href="http://head.test/abcd\'e/" />');
    const script = /<script type="application\/ld\+json" class="yoast-schema-graph">(.*)<\/script>/.exec(html)![1]!;
    expect(script).not.toContain('</');
    expect(JSON.parse(script)).toEqual(json.schema);
    expect(json.title).toBe("A < B \">bold & 'quoted'");
  });

  it('gives a password-protected post only the WebPage Yoast keeps for it, the site and the organisation, and no image', async () => {
    const store = memoryStore();
    await seed(store);
    const post = (await store.posts.query({ slug: ['first-light'], limit: 1 })).posts[0]!;
    await store.posts.update(post.ID, { post_password: 'secret' });
    const { json } = await head(serverOn(store), 'http://head.test/first-light/');
    const graph = (json.schema as { '@graph': Array<Record<string, unknown>> })['@graph'];
    expect(graph.map((piece) => piece['@type'])).toEqual(['WebPage', 'WebSite', 'Organization']);
    expect(Object.keys(graph[0]!)).toEqual([
      '@type',
      '@id',
      'url',
      'name',
      'isPartOf',
      'datePublished',
      'dateModified',
      'breadcrumb',
      'inLanguage',
    ]);
    expect(json).not.toHaveProperty('og_image');
  });

  it('reads the first 64 KiB of a title of a megabyte, and a template of nested percent signs in one pass', async () => {
    const store = memoryStore();
    const post = await store.posts.insert({
      post_title: `${'word '.repeat(200_000)}`,
      post_name: 'long',
      post_status: 'publish',
      post_content: '<p>'.repeat(100_000),
    });
    await store.postMeta.update(post.ID, '_yoast_wpseo_metadesc', `${'%%'.repeat(50_000)}%%title${'%'.repeat(50_000)}`);
    const server = createRestServer({ site: SITE.site, store, namespaces: [seoB()] });
    const { json, status } = await head(server, 'http://head.test/long/');
    expect(status).toBe(200);
    expect(String(json.title)).toBe(`${'word '.repeat(13_107)}w - Field Notes`);
    expect(typeof json.description).toBe('string');
  });
});

describe('seo-b/v1 get_head on PGlite', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('answers the same heads after a restart, the author’s schema id kept with the site salt', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'seo-b-head-'));
    dirs.push(dataDir);
    const first = await pgliteStore({ dataDir });
    await seed(first);
    const before = await head(serverOn(first), 'http://head.test/first-light/');
    await first.close();
    const second = await pgliteStore({ dataDir });
    try {
      const after = await head(serverOn(second), 'http://head.test/first-light/');
      expect(after).toEqual(before);
      expect(after.json.title).toBe('First light | Field Notes');
      expect(await head(serverOn(second), 'http://head.test/category/news/local/')).toMatchObject({ status: 200 });
    } finally {
      await second.close();
    }
  });
});
