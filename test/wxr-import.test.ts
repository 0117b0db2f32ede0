// A WordPress export (WXR) imported into the site store and read back as a WordPress client reads
// it, through core/v2: the Theme Unit Test data's posts, pages, attachments, menus, terms, sticky
// and protected posts, ids kept or remapped with their references; a second import adds nothing;
// hostile or broken files are refused naming the line, the store left as it was.
import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corePosts, createRestServer, memoryStore, type SiteStore } from '../src/index.js';
import { serve } from '../src/cli/serve.js';
import { importWxr, WXR_IMPORTED_OPTION } from '../src/store.js';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'wxr');
const THEME_UNIT = join(FIXTURES, 'themeunittestdata.wordpress.xml');
const THEME_PREVIEW = join(FIXTURES, 'theme-preview.xml');
const SITE = { name: 'Imported', url: 'http://site.test' };
const CLI = join(import.meta.dirname, '..', 'dist', 'cli.js');

interface Post {
  id: number;
  title: { rendered: string };
  content: { rendered: string; protected: boolean };
  sticky: boolean;
  categories: number[];
  tags: number[];
  featured_media: number;
}

const file = (path: string) => createReadStream(path);
/** The text as one chunk per call, as a host might hand a string or a web stream's chunks. */
async function* chunks(...texts: string[]): AsyncGenerator<string> {
  for (const text of texts) yield text;
}

const restOn = (store: SiteStore) => createRestServer({ site: SITE, store, namespaces: [corePosts()], onError: () => {} });

async function everyPost(store: SiteStore, type: string) {
  return (await store.posts.query({ type: [type], orderby: 'ID', order: 'asc' })).posts;
}

describe('the Theme Unit Test data imported into a memory store', () => {
  const store = memoryStore();
  const imported = importWxr(store, file(THEME_UNIT));

  it('counts what it imported and names what it left out', async () => {
    const summary = await imported;
    expect(summary.users).toEqual({ imported: 2, present: 0, remapped: 0 });
    expect(summary.posts).toEqual({ imported: 168, present: 0, remapped: 0 });
    expect(summary.terms.imported).toBeGreaterThan(150);
    expect(summary.leftOut).toEqual({ comments: 33, 'items repeated in the file': 18 });
    expect(await store.options.get(WXR_IMPORTED_OPTION)).toEqual(expect.any(String));
  });

  it('serves the published posts through core/v2, with their ids, terms, the sticky and the protected post', async () => {
    await imported;
    const rest = restOn(store);
    const list = await rest.inject<Post[]>({ method: 'GET', path: '/core/v2/posts', query: { per_page: '100' } });
    expect(list.status).toBe(200);
    // 56 published; the scheduled (2030) and the draft are not shown.
    expect(list.headers['X-WP-Total']).toBe('56');
    const sticky = await rest.inject<Post[]>({ method: 'GET', path: '/core/v2/posts', query: { sticky: 'true' } });
    expect(sticky.data.map((post) => [post.id, post.title.rendered])).toEqual([[1241, 'Template: Sticky']]);
    expect(sticky.data[0]!.sticky).toBe(true);
    const stickyTerms = await store.terms.getObjectTerms([1241]);
    expect(stickyTerms.map(({ term }) => `${term.taxonomy}:${term.slug}`).sort()).toEqual([
      'category:classic',
      'category:uncategorized',
      'post_tag:sticky-2',
      'post_tag:template',
    ]);
    const classic = (await store.terms.getBySlug('category', 'classic'))!;
    expect(sticky.data[0]!.categories).toContain(classic.term_id);
    const protectedPost = await rest.inject<Post>({ method: 'GET', path: '/core/v2/posts/1168' });
    expect(protectedPost.data.content).toEqual({ rendered: '', protected: true });
    const featured = await rest.inject<Post>({ method: 'GET', path: '/core/v2/posts/1011' });
    expect(featured.data.featured_media).toBe(1022);
  });

  it('keeps pages with their hierarchy, attachments with their URL, menu items and every taxonomy', async () => {
    await imported;
    const pages = await everyPost(store, 'page');
    expect(pages).toHaveLength(21);
    const parentOf = (id: number) => pages.find((page) => page.ID === id)?.post_parent;
    expect([parentOf(172), parentOf(173)]).toEqual([173, 174]);
    const [attachment] = await store.posts.getMany([1022]);
    expect(attachment).toMatchObject({
      post_type: 'attachment',
      post_status: 'inherit',
      post_parent: 1011,
      post_mime_type: 'image/jpeg',
      guid: 'https://wpthemetestdata.files.wordpress.com/2013/03/featured-image-horizontal.jpg',
    });
    expect(await store.postMeta.get(1022, '_wp_attached_file')).toEqual(['2013/03/featured-image-horizontal.jpg']);
    expect(await everyPost(store, 'nav_menu_item')).toHaveLength(52);
    // A menu item of a category points at the category's id in this store; PHP-serialized meta reads back as JSON.
    const markup = (await store.terms.getBySlug('category', 'markup'))!;
    const menuItem = await store.postMeta.getMany([1112]);
    expect(menuItem.get(1112)).toMatchObject({
      _menu_item_object_id: [String(markup.term_id)],
      _menu_item_menu_item_parent: ['1101'],
      _menu_item_classes: [['']],
    });
    expect((await store.terms.getObjectTerms([1112])).map(({ term }) => term.slug)).toEqual(['testing-menu']);
    expect((await store.terms.list('nav_menu')).map((term) => term.slug)).toContain('all-pages');
    const child = (await store.terms.getBySlug('category', 'child-category-01'))!;
    const parent = (await store.terms.getBySlug('category', 'parent-category'))!;
    expect(child.parent).toBe(parent.term_id);
  });

  it('adds nothing when the same file is imported again', async () => {
    await imported;
    const before = (await store.posts.query({ type: 'any', limit: 0 })).total;
    const again = await importWxr(store, file(THEME_UNIT));
    expect(again.posts).toEqual({ imported: 0, present: 168, remapped: 0 });
    expect(again.users).toEqual({ imported: 0, present: 2, remapped: 0 });
    // The file's 184 terms, each counted once though its categories are written twice; the post formats its posts name are not read again.
    expect(again.terms).toEqual({ imported: 0, present: 184, remapped: 0 });
    expect((await store.posts.query({ type: 'any', limit: 0 })).total).toBe(before);
    expect(await store.options.get('sticky_posts')).toEqual([1241]);
  });
});

describe('ids taken in the store', () => {
  it('gives the post a new id and moves every reference to it: parents, featured images, sticky', async () => {
    const store = memoryStore();
    for (const ID of [174, 1022, 1100, 1133, 1241])
      await store.posts.insert({ ID, post_title: `Already here ${ID}`, post_type: 'post', post_status: 'draft' });
    const summary = await importWxr(store, file(THEME_UNIT));
    expect(summary.posts.remapped).toBeGreaterThanOrEqual(5);
    const title = async (id: number) => (await store.posts.get(id))?.post_title;
    expect(await title(174)).toBe('Already here 174');
    const [level2] = await store.posts.getMany([173]);
    expect(await title(level2!.post_parent)).toBe('Level 1');
    const thumbnail = await store.postMeta.get(1011, '_thumbnail_id');
    expect(await title(Number(thumbnail[0]))).toBe('Horizontal Featured Image');
    const [menuTarget] = await store.postMeta.get(1263, '_menu_item_object_id');
    expect(Number(menuTarget)).not.toBe(1133);
    expect((await store.posts.get(Number(menuTarget)))?.post_type).toBe('page');
    // A custom link's object is itself.
    const pages = (await everyPost(store, 'nav_menu_item')).find(
      (item) => item.guid === 'https://wpthemetestdata.wordpress.com/2013/04/09/pages',
    )!;
    expect(pages.ID).not.toBe(1100);
    expect(await store.postMeta.get(pages.ID, '_menu_item_object_id')).toEqual([String(pages.ID)]);
    const sticky = (await store.options.get('sticky_posts')) as number[];
    expect(await Promise.all(sticky.map(title))).toEqual(['Template: Sticky']);
  });
});

describe('refused files', () => {
  const preview = readFileSync(THEME_PREVIEW, 'utf8');
  const cases: Array<[string, string, RegExp]> = [
    ['not XML', '\n  just some text\n', /^line 2: not XML: the file starts with text/],
    ['HTML', '<!DOCTYPE html>\n<html><body><p>Hi</p></body></html>', /^line 1: the file has a DOCTYPE/],
    [
      'XHTML without a DOCTYPE',
      '<?xml version="1.0"?>\n<html><body/></html>',
      /^line 2: not a WordPress export: the root element is <html>/,
    ],
    ['a file cut short', preview.slice(0, 3000), /^line 52: the file ends inside <content:encoded>: it is cut short$/],
    [
      'entity expansion (billion laughs)',
      '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n<rss><channel><title>&lol2;</title></channel></rss>',
      /^line 5: the file has a DOCTYPE/,
    ],
    [
      'an external entity',
      '<?xml version="1.0"?>\n\n<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<rss><channel>&xxe;</channel></rss>',
      /^line 3: the file has a DOCTYPE/,
    ],
    ['an entity never declared', '<rss>\n<channel>&xxe;</channel></rss>', /^line 2: not well-formed XML: .*entity/],
    [
      'an RSS feed',
      '<?xml version="1.0"?>\n<rss version="2.0">\n<channel>\n<title>News</title>\n<item><title>One</title></item>\n</channel>\n</rss>',
      /^line 5: not a WordPress export: <item> before any <wp:wxr_version>/,
    ],
  ];

  it.each(cases)('%s: a wxr_invalid error naming the line, nothing written', async (_name, text, message) => {
    const store = memoryStore();
    const error = await importWxr(store, chunks(text)).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ code: 'wxr_invalid', message: expect.stringMatching(message) });
    expect((await store.posts.query({ type: 'any', limit: 0 })).total).toBe(0);
    expect(await store.options.get(WXR_IMPORTED_OPTION)).toBeUndefined();
  });

  it('refuses a title over its cap when it has read a slice past it, naming the line it starts on', async () => {
    const store = memoryStore();
    const head =
      '<?xml version="1.0"?>\n<rss xmlns:wp="http://wordpress.org/export/1.2/"><channel>\n<wp:wxr_version>1.2</wp:wxr_version>\n<item>\n<title>';
    // 1 Mi characters is the cap of a title; the stream goes on forever after it.
    async function* endless(): AsyncGenerator<string> {
      yield head;
      for (;;) yield 'x'.repeat(64 * 1024);
    }
    await expect(importWxr(store, endless())).rejects.toMatchObject({
      code: 'wxr_invalid',
      message: 'line 5: <title> is longer than 1048576 characters',
    });
  });

  it('refuses a content over the cap given', async () => {
    const store = memoryStore();
    const huge = preview.replace('<p>Boat.</p>', `<p>${'Boat. '.repeat(2000)}</p>`);
    await expect(importWxr(store, chunks(huge), { maxContentLength: 10_000 })).rejects.toMatchObject({
      code: 'wxr_invalid',
      message: 'line 22: <content:encoded> is longer than 10000 characters',
    });
    expect((await store.posts.query({ type: 'any', limit: 0 })).total).toBe(0);
  });

  it('leaves the store as it was when the file breaks after a hundred items', async () => {
    const store = memoryStore();
    const text = readFileSync(THEME_UNIT, 'utf8');
    const cut = text.indexOf('<item>', text.length * 0.8);
    const broken = `${text.slice(0, cut)}<item><wp:post_id>1</wp:post_id></channel>`;
    await expect(importWxr(store, chunks(broken))).rejects.toMatchObject({ code: 'wxr_invalid' });
    expect((await store.posts.query({ type: 'any', limit: 0 })).total).toBe(0);
    expect(await store.terms.list('category')).toEqual([]);
    expect((await store.users.query({})).total).toBe(0);
  });
});

describe('site-rest import', () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-rest-wxr-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports into a new PGlite directory, which serve then serves as the site, without the demo content', async () => {
    const dataDir = join(dir, 'site');
    const run = spawnSync(process.execPath, [CLI, 'import', THEME_PREVIEW, '--data', dataDir], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toContain(`site-rest import: reading ${THEME_PREVIEW}`);
    expect(run.stdout).toContain('  posts 7 imported, 0 already present, 0 given a new id\n');
    expect(run.status).toBe(0);
    const printed: string[] = [];
    const site = await serve(['--port', '0', '--data', dataDir], { out: (t) => printed.push(t), err: (t) => printed.push(t) }, {});
    try {
      const url = `http://127.0.0.1:${(site.http.address() as AddressInfo).port}`;
      const listed = await fetch(`${url}/wp-json/core/v2/posts?per_page=100`);
      const titles = ((await listed.json()) as Post[]).map((post) => post.title.rendered);
      expect(titles).toHaveLength(7);
      expect(titles).toContain('Worth A Thousand Words');
      // Neither the demo's contact form nor its sample posts: the imported site is the site.
      expect((await site.store.posts.query({ type: 'any', limit: 0 })).total).toBe(7);
      expect(printed.join('')).toMatch(/^\s+admin\s+\w+\s+generated password: /m);
    } finally {
      site.http.close();
      await site.store.close();
    }
  }, 60_000);
});
