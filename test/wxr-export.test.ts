// exportWxr and `site-rest export`: WXR 1.2 in the order and shape WordPress 6.1's export_wp()
// writes it, compared with the Theme Unit Test export WordPress wrote; well-formed whatever the
// content holds (`]]>`, characters XML 1.0 forbids); one post type only; posts read a page at a
// time; written to a Node Writable, a web stream or a callback; the CLI writing a file from PGlite.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStore, samplePosts, seedPosts, type SiteStore } from '../src/index.js';
import { exportCommand } from '../src/cli/export.js';
import { exportWxr, pgliteStore, type WxrExportOptions } from '../src/store.js';
import { child, parseXml, type XmlElement } from './helpers/xml-tree.js';

const ROOT = join(import.meta.dirname, '..');
const THEME_UNIT_TEST = readFileSync(join(ROOT, 'test/fixtures/wxr/themeunittestdata.wordpress.xml'), 'utf8');
const SITE: WxrExportOptions['site'] = { name: 'Example & Co', url: 'http://site.test', description: 'A <test> site', language: 'en-GB' };
const NOW = new Date('2026-01-02T03:04:05Z');

/** The demo's sample posts plus what a real site holds: pages three deep, an attachment, a sticky and a protected post, a host taxonomy, meta. */
async function seededStore(): Promise<SiteStore> {
  const store = memoryStore();
  const admin = await store.users.insert({ user_login: 'admin', user_email: 'admin@site.test', display_name: 'Ada Admin' });
  await store.users.insert({ user_login: 'author', user_email: 'author@site.test', display_name: 'Arthur' });
  await store.users.insert({ user_login: 'nobody', user_email: 'nobody@site.test' });
  await store.userMeta.add(admin.ID, 'first_name', 'Ada');
  await seedPosts(store, samplePosts());
  const about = await store.posts.insert({
    post_type: 'page',
    post_status: 'publish',
    post_title: 'About',
    post_name: 'about',
    post_author: 1,
  });
  const team = await store.posts.insert({
    post_type: 'page',
    post_status: 'publish',
    post_title: 'Team',
    post_name: 'team',
    post_parent: about.ID,
    menu_order: 2,
    post_author: 1,
  });
  await store.posts.insert({
    post_type: 'page',
    post_status: 'publish',
    post_title: 'Ada',
    post_name: 'ada',
    post_parent: team.ID,
    post_author: 1,
  });
  const image = await store.posts.insert({
    post_type: 'attachment',
    post_status: 'inherit',
    post_title: 'Boat',
    post_name: 'boat',
    post_mime_type: 'image/jpeg',
    post_parent: 4,
    guid: 'http://site.test/?attachment_id=boat',
    post_author: 2,
  });
  await store.postMeta.add(image.ID, '_wp_attached_file', '2026/01/boat.jpg');
  await store.postMeta.add(image.ID, '_wp_attachment_metadata', { width: 640, height: 480, file: '2026/01/boat.jpg' });
  await store.options.set('sticky_posts', [5]);
  await store.posts.update(6, { post_password: 'open sesame' });
  await store.postMeta.add(4, '_thumbnail_id', String(image.ID));
  await store.postMeta.add(4, '_edit_lock', '1700000000:1');
  await store.postMeta.add(4, '_edit_last', '1');
  await store.posts.insert({ post_type: 'post', post_status: 'auto-draft', post_title: 'Auto Draft', post_author: 3 });
  await store.posts.insert({ post_type: 'post', post_status: 'draft', post_title: 'Never dated', post_author: 2 });
  await store.posts.insert({ post_type: 'revision', post_status: 'inherit', post_title: 'A revision', post_parent: 4, post_author: 3 });
  // A child term made before its parent, and before it by name: the channel must still list the parent first.
  const aliens = await store.terms.insert({ name: 'Aliens', slug: 'aliens', taxonomy: 'genre', description: 'Far futures' });
  const fiction = await store.terms.insert({ name: 'Fiction', slug: 'fiction', taxonomy: 'genre' });
  await store.terms.update(aliens.term_id, { parent: fiction.term_id });
  const news = await store.terms.insert({ name: 'News', slug: 'news', taxonomy: 'category' });
  const tag = await store.terms.insert({ name: 'Boats', slug: 'boats', taxonomy: 'post_tag', description: 'On water' });
  await store.termMeta.add(tag.term_id, 'color', 'blue');
  await store.terms.setObjectTerms(4, 'category', [news.term_id, 1]);
  await store.terms.setObjectTerms(4, 'post_tag', [tag.term_id]);
  await store.terms.setObjectTerms(4, 'genre', [aliens.term_id]);
  return store;
}

/** What `exportWxr` writes to a callback, as text. */
async function exported(
  store: SiteStore,
  options: Partial<WxrExportOptions> = {},
): Promise<{ xml: string; items: number; replaced: number }> {
  const chunks: string[] = [];
  const summary = await exportWxr(store, (chunk) => void chunks.push(chunk), { site: SITE, now: NOW, taxonomies: ['genre'], ...options });
  const xml = chunks.join('');
  expect(summary.bytes).toBe(Buffer.byteLength(xml));
  return { xml, items: summary.items, replaced: summary.replaced };
}

const names = (element: XmlElement): string[] => element.children.map((c) => c.name);
const items = (channel: XmlElement): XmlElement[] => channel.children.filter((c) => c.name === 'item');
const field = (item: XmlElement, name: string): string => child(item, name).text;
const byId = (channel: XmlElement, id: number): XmlElement => items(channel).find((item) => field(item, 'wp:post_id') === String(id))!;

/** The Theme Unit Test file's channel, as WordPress wrote it. */
const wordpress = child(parseXml(THEME_UNIT_TEST), 'channel');

describe('exportWxr', () => {
  let store: SiteStore;
  let channel: XmlElement;
  let rss: XmlElement;
  let result: { xml: string; items: number; replaced: number };
  beforeAll(async () => {
    store = await seededStore();
    result = await exported(store);
    rss = parseXml(result.xml);
    channel = child(rss, 'channel');
  });

  it('writes a well-formed WXR 1.2 feed with the namespaces and header export_wp writes', () => {
    expect(rss.attributes).toEqual({
      version: '2.0',
      'xmlns:excerpt': 'http://wordpress.org/export/1.2/excerpt/',
      'xmlns:content': 'http://purl.org/rss/1.0/modules/content/',
      'xmlns:wfw': 'http://wellformedweb.org/CommentAPI/',
      'xmlns:dc': 'http://purl.org/dc/elements/1.1/',
      'xmlns:wp': 'http://wordpress.org/export/1.2/',
    });
    const header = names(channel).slice(0, 8);
    expect(header).toEqual(names(wordpress).slice(0, 8));
    expect(header).toEqual([
      'title',
      'link',
      'description',
      'pubDate',
      'language',
      'wp:wxr_version',
      'wp:base_site_url',
      'wp:base_blog_url',
    ]);
    expect(header.map((name) => field(channel, name))).toEqual([
      'Example & Co',
      'http://site.test',
      'A <test> site',
      'Fri, 02 Jan 2026 03:04:05 +0000',
      'en-GB',
      '1.2',
      'http://site.test',
      'http://site.test',
    ]);
  });

  it('lists the authors of exported posts, then categories, tags and terms, then the items, in that order', () => {
    const order = names(channel).slice(8);
    const firstOf = (name: string) => order.indexOf(name);
    const lastOf = (name: string) => order.lastIndexOf(name);
    expect(lastOf('wp:author')).toBeLessThan(firstOf('wp:category'));
    expect(lastOf('wp:category')).toBeLessThan(firstOf('wp:tag'));
    expect(lastOf('wp:tag')).toBeLessThan(firstOf('wp:term'));
    expect(lastOf('wp:term')).toBeLessThan(firstOf('item'));
    const authors = channel.children.filter((c) => c.name === 'wp:author');
    // The auto-draft and the revision of user 3 are not exported, so user 3 is no author.
    expect(authors.map((a) => field(a, 'wp:author_login'))).toEqual(['admin', 'author']);
    expect(names(authors[0]!)).toEqual([
      'wp:author_id',
      'wp:author_login',
      'wp:author_email',
      'wp:author_display_name',
      'wp:author_first_name',
      'wp:author_last_name',
    ]);
    expect(field(authors[0]!, 'wp:author_first_name')).toBe('Ada');
  });

  it('writes categories, tags and terms in the shape WordPress wrote them, parents before children', () => {
    const wpCategory = wordpress.children.find(
      (c) => c.name === 'wp:category' && c.children.some((d) => d.name === 'wp:category_description'),
    )!;
    const ours = channel.children.filter((c) => c.name === 'wp:category');
    expect(ours.map((c) => field(c, 'wp:category_nicename'))).toEqual(['news', 'uncategorized']);
    expect(names(ours[0]!)).toEqual(names(wpCategory).filter((name) => name !== 'wp:category_description'));
    const wpTag = wordpress.children.find((c) => c.name === 'wp:tag' && c.children.some((d) => d.name === 'wp:tag_description'))!;
    const tag = child(channel, 'wp:tag');
    expect(names(tag)).toEqual([...names(wpTag), 'wp:termmeta']);
    expect([field(tag, 'wp:tag_slug'), field(tag, 'wp:tag_name'), field(tag, 'wp:tag_description')]).toEqual([
      'boats',
      'Boats',
      'On water',
    ]);
    expect(names(child(tag, 'wp:termmeta'))).toEqual(['wp:meta_key', 'wp:meta_value']);
    const terms = channel.children.filter((c) => c.name === 'wp:term');
    expect(terms.map((t) => [field(t, 'wp:term_slug'), field(t, 'wp:term_parent')])).toEqual([
      ['fiction', ''],
      ['aliens', 'fiction'],
    ]);
    expect(names(terms[1]!)).toEqual([
      'wp:term_id',
      'wp:term_taxonomy',
      'wp:term_slug',
      'wp:term_parent',
      'wp:term_name',
      'wp:term_description',
    ]);
  });

  it('writes each item with the elements of a Theme Unit Test item, in its order', () => {
    // Post 150 of the Theme Unit Test data: two categories and one meta row, as post 4 here.
    const theirs = items(wordpress).find((item) => field(item, 'wp:post_id') === '150')!;
    const ours = byId(channel, 4);
    const withoutTerms = (list: string[]) => list.filter((name) => name !== 'category');
    expect(withoutTerms(names(ours)).filter((name) => name !== 'wp:postmeta')).toEqual(
      withoutTerms(names(theirs)).filter((name) => name !== 'wp:postmeta'),
    );
    expect(names(ours).indexOf('category')).toBe(names(theirs).indexOf('category'));
    expect(names(ours).slice(-6)).toEqual(['category', 'category', 'category', 'category', 'wp:postmeta', 'wp:postmeta']);
    // Terms sorted by name across taxonomies, as wp_get_object_terms sorts them; _edit_lock left out.
    const terms = ours.children.filter((c) => c.name === 'category');
    expect(terms.map((c) => [c.attributes.domain, c.attributes.nicename, c.text])).toEqual([
      ['genre', 'aliens', 'Aliens'],
      ['post_tag', 'boats', 'Boats'],
      ['category', 'news', 'News'],
      ['category', 'uncategorized', 'Uncategorized'],
    ]);
    const meta = ours.children.filter((c) => c.name === 'wp:postmeta').map((m) => [field(m, 'wp:meta_key'), field(m, 'wp:meta_value')]);
    expect(meta).toEqual([
      ['_thumbnail_id', String(byAttachment(channel))],
      ['_edit_last', '1'],
    ]);
    expect(field(ours, 'link')).toBe('http://site.test/post-01/');
    expect(field(ours, 'pubDate')).toBe('Sun, 01 Jan 2023 09:00:00 +0000');
    expect(field(ours, 'dc:creator')).toBe('admin');
    expect(child(ours, 'guid').attributes).toEqual({ isPermaLink: 'false' });
  });

  it('writes the attachment with its attachment_url and serialized meta, in the shape WordPress wrote', () => {
    const theirs = items(wordpress).find((item) => field(item, 'wp:post_type') === 'attachment')!;
    const ours = byId(channel, byAttachment(channel));
    // The file's attachments predate post_modified (WordPress 5.7): the post item gives the rest of the order.
    const post = items(wordpress).find((item) => field(item, 'wp:post_id') === '150')!;
    const sticky = (item: XmlElement) => names(item).indexOf('wp:is_sticky');
    expect(names(theirs)[sticky(theirs) + 1]).toBe('wp:attachment_url');
    expect(names(ours).slice(0, sticky(ours) + 2)).toEqual([...names(post).slice(0, sticky(post) + 1), 'wp:attachment_url']);
    expect(field(ours, 'wp:attachment_url')).toBe('http://site.test/wp-content/uploads/2026/01/boat.jpg');
    expect(field(ours, 'wp:post_parent')).toBe('4');
    const metadata = ours.children
      .filter((c) => c.name === 'wp:postmeta')
      .find((m) => field(m, 'wp:meta_key') === '_wp_attachment_metadata')!;
    expect(field(metadata, 'wp:meta_value')).toBe('a:3:{s:5:"width";i:640;s:6:"height";i:480;s:4:"file";s:16:"2026/01/boat.jpg";}');
  });

  it('writes pages with their parents, order and links through their ancestors; sticky and protected posts as such', () => {
    const pages = items(channel).filter((item) => field(item, 'wp:post_type') === 'page');
    expect(pages.map((p) => [field(p, 'link'), field(p, 'wp:menu_order')])).toEqual([
      ['http://site.test/about/', '0'],
      ['http://site.test/about/team/', '2'],
      ['http://site.test/about/team/ada/', '0'],
    ]);
    expect(pages.map((p) => field(p, 'wp:post_parent'))).toEqual(['0', field(pages[0]!, 'wp:post_id'), field(pages[1]!, 'wp:post_id')]);
    expect(field(byId(channel, 5), 'wp:is_sticky')).toBe('1');
    expect(field(byId(channel, 4), 'wp:is_sticky')).toBe('0');
    expect(field(byId(channel, 6), 'wp:post_password')).toBe('open sesame');
  });

  it('writes every post but auto-drafts and revisions, by id, drafts without a pubDate', () => {
    const ids = items(channel).map((item) => Number(field(item, 'wp:post_id')));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(items(channel).map((item) => field(item, 'wp:status'))).not.toContain('auto-draft');
    expect(items(channel).map((item) => field(item, 'wp:post_type'))).not.toContain('revision');
    expect(result.items).toBe(items(channel).length);
    const undated = items(channel).find((item) => field(item, 'title') === 'Never dated')!;
    expect(field(undated, 'wp:post_date_gmt')).toBe('0000-00-00 00:00:00');
    expect(field(undated, 'pubDate')).toBe('');
    expect(field(byId(channel, 27), 'pubDate')).toBe('Tue, 24 Jan 2023 09:00:00 +0000');
  });
});

/** The attachment's id in an exported channel. */
function byAttachment(channel: XmlElement): number {
  return Number(
    field(
      items(channel).find((item) => field(item, 'wp:post_type') === 'attachment')!,
      'wp:post_id',
    ),
  );
}

describe('exportWxr escaping', () => {
  it("splits ]]> as wxr_cdata does and writes characters XML 1.0 forbids as U+FFFD, counted, where WordPress's file would not parse", async () => {
    const store = memoryStore();
    const title = 'Odd ]]> title \u0001\u000b';
    // The store refuses NUL and lone surrogates; the other C0 controls it keeps.
    const content = 'a]]>b]]]]>c \u001f\u0008 \ud83d\ude00 pair\ttab\n';
    const post = await store.posts.insert({ post_status: 'publish', post_title: title, post_content: content });
    await store.postMeta.add(post.ID, 'note]]>', 'x]]>y');
    const { xml, replaced } = await exported(store);
    expect(xml).toContain('<![CDATA[a]]]]><![CDATA[>b]]]]]]><![CDATA[>c');
    const item = child(child(parseXml(xml), 'channel'), 'item');
    expect(field(item, 'title')).toBe('Odd ]]> title \ufffd\ufffd');
    expect(field(item, 'content:encoded')).toBe('a]]>b]]]]>c \ufffd\ufffd \ud83d\ude00 pair\ttab\n');
    expect([field(child(item, 'wp:postmeta'), 'wp:meta_key'), field(child(item, 'wp:postmeta'), 'wp:meta_value')]).toEqual([
      'note]]>',
      'x]]>y',
    ]);
    expect(replaced).toBe(4);
  });
});

describe('exportWxr content and paging', () => {
  it('exports one post type alone: its posts and authors, no terms', async () => {
    const store = await seededStore();
    const channel = child(parseXml((await exported(store, { content: 'page' })).xml), 'channel');
    expect(items(channel).map((item) => field(item, 'wp:post_type'))).toEqual(['page', 'page', 'page']);
    expect(names(channel).filter((name) => /^wp:(category|tag|term)$/.test(name))).toEqual([]);
    expect(channel.children.filter((c) => c.name === 'wp:author').map((a) => field(a, 'wp:author_login'))).toEqual(['admin']);
  });

  it('reads posts a page at a time and writes the same file to a Node Writable and a web stream as to a callback', async () => {
    const store = await seededStore();
    for (let n = 0; n < 8; n++)
      await store.posts.insert({ post_status: 'publish', post_title: `Long ${n}`, post_content: 'word '.repeat(16_000) });
    const limits: Array<number | undefined> = [];
    const query = store.posts.query.bind(store.posts);
    store.posts.query = (q) => {
      if (q.limit !== 0) limits.push(q.limit);
      return query(q);
    };
    const reference = (await exported(store, { pageSize: 4 })).xml;
    expect(limits.length).toBeGreaterThanOrEqual(Math.ceil(reference.split('<item>').length / 4));
    expect(limits.every((limit) => limit === 4)).toBe(true);

    const nodeChunks: Buffer[] = [];
    let mostBuffered = 0;
    // A tiny buffer, and a sink that takes each chunk later, so the writer must wait for 'drain'.
    const writable = new Writable({
      highWaterMark: 16,
      write(chunk: Buffer, _encoding, done) {
        nodeChunks.push(chunk);
        mostBuffered = Math.max(mostBuffered, writable.writableLength);
        setImmediate(done);
      },
    });
    await exportWxr(store, writable, { site: SITE, now: NOW, taxonomies: ['genre'], pageSize: 4 });
    expect(writable.writableFinished).toBe(true);
    expect(Buffer.concat(nodeChunks).toString('utf8')).toBe(reference);
    // The file is ten times the writer's chunk: a writer deaf to 'drain' would have buffered most of it.
    expect(reference.length).toBeGreaterThan(600_000);
    expect(mostBuffered).toBeLessThan(140_000);

    const webChunks: Uint8Array[] = [];
    let closed = false;
    const web = new WritableStream<Uint8Array>({ write: (chunk) => void webChunks.push(chunk), close: () => void (closed = true) });
    await exportWxr(store, web, { site: SITE, now: NOW, taxonomies: ['genre'], pageSize: 4 });
    expect(closed).toBe(true);
    expect(Buffer.concat(webChunks).toString('utf8')).toBe(reference);
  });
});

describe('site-rest export', () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-rest-wxr-export-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves no file behind when the store cannot be read, and refuses a --data directory that does not exist', async () => {
    const file = join(dir, 'unreachable.xml');
    const io = { out: () => undefined, err: () => undefined };
    await expect(exportCommand([file, '--database', 'postgres://user:secret@127.0.0.1:1/site'], io)).rejects.toThrow(
      /cannot reach PostgreSQL at postgres:\/\/user@127\.0\.0\.1:1\/site/,
    );
    expect(existsSync(file)).toBe(false);
    await expect(exportCommand([file, '--data', join(dir, 'nothing-here')], io)).rejects.toThrow(/holds no site/);
    expect(existsSync(join(dir, 'nothing-here'))).toBe(false);
  });

  it('writes the file of a PGlite --data directory, only the post type asked', { timeout: 60_000 }, async () => {
    const dataDir = join(dir, 'data');
    const store = await pgliteStore({ dataDir });
    await store.posts.insert({ post_type: 'page', post_status: 'publish', post_title: 'Kept & exported', post_name: 'kept' });
    await store.posts.insert({ post_type: 'post', post_status: 'publish', post_title: 'Left out' });
    await store.close();
    const file = join(dir, 'site.xml');
    const { stderr } = await promisify(execFile)(process.execPath, [
      join(ROOT, 'dist/cli.js'),
      'export',
      file,
      '--data',
      dataDir,
      '--post-type',
      'page',
      '--url',
      'http://site.test',
    ]);
    expect(stderr).toMatch(/^site-rest export: 1 items, \d+ bytes to .*site\.xml from PGlite in /);
    const channel = child(parseXml(readFileSync(file, 'utf8')), 'channel');
    expect(items(channel).map((item) => [field(item, 'title'), field(item, 'link')])).toEqual([
      ['Kept & exported', 'http://site.test/kept/'],
    ]);
  });
});
