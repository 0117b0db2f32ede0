// seo-b/v1's editors' routes (Yoast SEO 28.1's yoast/v1) through the server's public entry point:
// the bulk editor and its per-item results, the custom-field search, the file size of an upload,
// the llms.txt page picker, the new-content-type notices, introductions, the video embed
// permission and alert dismissal; who may call each, and what PGlite keeps across a restart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { capabilitiesOf } from '../src/core/auth/roles.js';
import { createRestServer, memoryStore, type RestServer, type RestUser, type SiteStore } from '../src/index.js';
import { seoB, seoBStorageOn } from '../src/namespaces/seo-b/index.js';
import { seoBEditorsRoutes } from '../src/namespaces/seo-b/routes/editors.js';
import { pgliteStore } from '../src/store.js';
import { FIXTURES } from './helpers/peer.js';
import { userWith } from './helpers/users.js';

const NS = '/seo-b/v1';
const SITE = { name: 'Yoast Site', description: 'Just testing', url: 'http://yoast.test' };
const NOW = Date.UTC(2026, 10, 29, 12);

const admin = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const author = userWith(3, 'author');
const subscriber = userWith(4, 'subscriber');
/** Yoast's capability given to a role that may not edit others' posts, as a host's role table may. */
function seoManagerOf(id: number, role: string): RestUser {
  const caps = capabilitiesOf([role]);
  return { id, username: `seo-${role}`, can: (cap) => cap === 'wpseo_manage_options' || caps.has(cap) };
}
const seoAuthor = seoManagerOf(3, 'author');
const seoContributor = seoManagerOf(5, 'contributor');

function serverOn(store: SiteStore, storage?: Parameters<typeof seoB>[0]): RestServer {
  return createRestServer({ site: SITE, store, namespaces: [seoB({ now: () => NOW, ...storage })], onError: () => {} });
}

let store: SiteStore;
let rest: RestServer;

beforeEach(() => {
  store = memoryStore();
  rest = serverOn(store);
});

const call = <T = unknown>(method: string, path: string, user: RestUser | null, body?: unknown) =>
  rest.inject<T>({ method, path: `${NS}${path}`, user, ...(body === undefined ? {} : { body }) });

type ErrorBody = { code: string; message: string; data: { status: number; details?: Record<string, { code: string; message: string }> } };

describe('the editors routes in the index', () => {
  it('lists each as routes.json does', async () => {
    const spec = JSON.parse(readFileSync(join(FIXTURES, 'routes.json'), 'utf8')) as {
      routes: Array<{ route: string; namespace: string; endpoints: unknown[] }>;
    };
    const index = await rest.inject<{ routes: Record<string, { endpoints: unknown[] }> }>({ path: NS });
    const mine = seoBEditorsRoutes.map((route) => `${NS}${route.path}`);
    expect(mine.filter((route) => route in index.data.routes)).toHaveLength(11);
    for (const route of mine) expect(index.data.routes[route]!.endpoints).toEqual(spec.routes.find((r) => r.route === route)!.endpoints);
  });
});

/** Posts of several authors, types and statuses, with SEO meta on some. */
async function bulkSite() {
  const ids: Record<string, number> = {};
  const add = async (name: string, fields: Parameters<SiteStore['posts']['insert']>[0], meta: Record<string, string> = {}) => {
    const post = await store.posts.insert({ post_name: name, post_title: name, ...fields });
    for (const [key, value] of Object.entries(meta)) await store.postMeta.add(post.ID, key, value);
    ids[name] = post.ID;
  };
  await add('Mine', { post_author: 3, post_status: 'publish' }, { _yoast_wpseo_title: 'My SEO title', _yoast_wpseo_focuskw: 'apples' });
  await add('Theirs', { post_author: 2, post_status: 'draft' }, { _yoast_wpseo_metadesc: 'About pears' });
  await add('Secret', { post_author: 2, post_status: 'publish', post_password: 'pw' });
  await add('Trashed', { post_author: 2, post_status: 'trash' });
  await add('About', { post_author: 2, post_status: 'publish', post_type: 'page' });
  await add('Block', { post_author: 2, post_status: 'publish', post_type: 'wp_block' });
  await add('Scheduled', { post_author: 3, post_status: 'future', post_title: '' }, { '_yoast_wpseo_opengraph-title': 'Social apples' });
  return ids;
}

type BulkPage = {
  posts: Array<{
    id: number;
    title: string;
    status: string;
    edit_link: string;
    seo_title: string;
    focus_keyphrase: string;
    editable: boolean;
  }>;
  total: number;
  total_pages: number;
  page: number;
  per_page: number;
};

describe('/bulk_editor/posts', () => {
  it("lists a type's posts newest first with their SEO fields, leaving out protected posts and other statuses", async () => {
    const ids = await bulkSite();
    const page = await call<BulkPage>('GET', '/bulk_editor/posts?content_type=post', admin);
    expect(page.status).toBe(200);
    expect(page.data.posts.map((post) => post.id)).toEqual([ids.Scheduled, ids.Theirs, ids.Mine]);
    expect(page.data).toMatchObject({ total: 3, total_pages: 1, page: 1, per_page: 20 });
    expect(page.data.posts[0]).toMatchObject({ title: '(no title)', status: 'future', seo_title: '' });
    expect(page.data.posts[2]).toEqual({
      id: ids.Mine,
      title: 'Mine',
      status: 'publish',
      edit_link: `http://yoast.test/wp-admin/post.php?post=${ids.Mine}&action=edit`,
      focus_keyphrase: 'apples',
      seo_title: 'My SEO title',
      meta_description: '',
      social_title: '',
      social_description: '',
      editable: true,
    });
  });

  it('pages, filters by status and searches the title and the SEO meta', async () => {
    const ids = await bulkSite();
    const second = await call<BulkPage>('GET', '/bulk_editor/posts?content_type=post&per_page=2&page=2', admin);
    expect(second.data).toMatchObject({ total: 3, total_pages: 2, page: 2, per_page: 2 });
    expect(second.data.posts.map((post) => post.id)).toEqual([ids.Mine]);
    const drafts = await call<BulkPage>('GET', '/bulk_editor/posts?content_type=post&status[]=draft', admin);
    expect(drafts.data.posts.map((post) => post.id)).toEqual([ids.Theirs]);
    const apples = await call<BulkPage>('GET', '/bulk_editor/posts?content_type=post&search=APPLES', admin);
    expect(apples.data.posts.map((post) => post.id)).toEqual([ids.Scheduled, ids.Mine]);
    expect(apples.data.total).toBe(2);
    const pears = await call<BulkPage>('GET', '/bulk_editor/posts?content_type=post&search=pears&per_page=1&page=2', admin);
    expect(pears.data).toMatchObject({ posts: [], total: 1 });
    const pages = await call<BulkPage>('GET', '/bulk_editor/posts?content_type=page', admin);
    expect(pages.data.posts.map((post) => post.id)).toEqual([ids.About]);
  });

  it("shows a user who may not edit others' posts only their own, and locks those they may not edit", async () => {
    const ids = await bulkSite();
    const own = await call<BulkPage>('GET', '/bulk_editor/posts?content_type=post', seoAuthor);
    expect(own.data.posts.map((post) => post.id)).toEqual([ids.Scheduled, ids.Mine]);
    await store.posts.update(ids.Mine!, { post_author: 5 });
    const locked = await call<BulkPage>('GET', '/bulk_editor/posts?content_type=post', seoContributor);
    expect(locked.data.posts).toEqual([
      expect.objectContaining({ id: ids.Mine, editable: false, edit_link: '', seo_title: '', focus_keyphrase: '' }),
    ]);
  });

  it('refuses a type the bulk editor does not edit, and a status it does not show', async () => {
    for (const type of ['attachment', 'wp_block', 'nope']) {
      const answer = await call<ErrorBody>('GET', `/bulk_editor/posts?content_type=${type}`, admin);
      expect(answer.status).toBe(400);
      expect(answer.data.code).toBe('rest_invalid_content_type');
    }
    const status = await call<ErrorBody>('GET', '/bulk_editor/posts?content_type=post&status[]=trash', admin);
    expect(status.status).toBe(400);
    expect(status.data.code).toBe('rest_invalid_param');
  });

  it('is for wpseo_manage_options only', async () => {
    expect((await call('GET', '/bulk_editor/posts?content_type=post', null)).status).toBe(401);
    expect((await call('GET', '/bulk_editor/posts?content_type=post', subscriber)).status).toBe(403);
    expect((await call('GET', '/bulk_editor/posts?content_type=post', editor)).status).toBe(403);
  });
});

type Results = { results: Array<{ id: number; success: boolean; error?: string }> };

describe('/bulk_editor/update_search and update_social', () => {
  it('writes each item in order and answers per item: not found, wrong type, forbidden, done', async () => {
    const ids = await bulkSite();
    const answer = await call<Results>('POST', '/bulk_editor/update_search', seoAuthor, {
      items: [
        { id: ids.Mine, seo_title: '  New <b>title</b>  ', meta_description: 'Line\none', focus_keyphrase: '' },
        { id: 999 },
        { id: ids.Block, seo_title: 'x' },
        { id: ids.Theirs, seo_title: 'x' },
        { id: ids.About, meta_description: 'About us' },
      ].map((item) => ('seo_title' in item || 'meta_description' in item ? item : { ...item, focus_keyphrase: 'k' })),
    });
    expect(answer.status).toBe(200);
    expect(answer.data.results).toEqual([
      { id: ids.Mine, success: true },
      { id: 999, success: false, error: 'not_found' },
      { id: ids.Block, success: false, error: 'invalid_post_type' },
      { id: ids.Theirs, success: false, error: 'forbidden' },
      { id: ids.About, success: false, error: 'forbidden' },
    ]);
    expect(await store.postMeta.get(ids.Mine!, '_yoast_wpseo_title')).toEqual(['New title']);
    expect(await store.postMeta.get(ids.Mine!, '_yoast_wpseo_metadesc')).toEqual(['Line one']);
    expect(await store.postMeta.get(ids.Mine!, '_yoast_wpseo_focuskw')).toEqual([]);
    expect(await store.postMeta.get(ids.Theirs!, '_yoast_wpseo_title')).toEqual([]);
  });

  it('writes the Open Graph title and description from update_social', async () => {
    const ids = await bulkSite();
    const answer = await call<Results>('POST', '/bulk_editor/update_social', admin, {
      items: [{ id: ids.Theirs, social_title: 'Share me', social_description: 'Tab\there', focus_keyphrase: 'pears' }],
    });
    expect(answer.data.results).toEqual([{ id: ids.Theirs, success: true }]);
    const meta = (await store.postMeta.getMany([ids.Theirs!])).get(ids.Theirs!)!;
    expect(meta).toMatchObject({
      '_yoast_wpseo_opengraph-title': ['Share me'],
      '_yoast_wpseo_opengraph-description': ['Tab here'],
      _yoast_wpseo_focuskw: ['pears'],
    });
  });

  it('keeps the other items when one item cannot be saved', async () => {
    const ids = await bulkSite();
    const onStore = seoBStorageOn(store);
    rest = serverOn(store, {
      storage: {
        ...onStore,
        setPostMeta: async (id, changes, context) => {
          if (id === ids.Mine) throw new Error('disk full');
          return onStore.setPostMeta(id, changes, context);
        },
      },
    });
    const answer = await call<Results>('POST', '/bulk_editor/update_search', admin, {
      items: [
        { id: ids.Mine, seo_title: 'Lost' },
        { id: ids.Theirs, seo_title: 'Kept' },
      ],
    });
    expect(answer.data.results).toEqual([
      { id: ids.Mine, success: false, error: 'save_failed' },
      { id: ids.Theirs, success: true },
    ]);
    expect(await store.postMeta.get(ids.Theirs!, '_yoast_wpseo_title')).toEqual(['Kept']);
    expect(await store.postMeta.get(ids.Mine!, '_yoast_wpseo_title')).toEqual(['My SEO title']);
  });

  it("refuses items as Yoast's validate_items does, each with its own code", async () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ id: i + 1, seo_title: 't' }));
    const cases: Array<[unknown, string]> = [
      ['text', 'rest_invalid_items'],
      [[], 'rest_no_items'],
      [many, 'rest_too_many_items'],
      [['x'], 'rest_invalid_item'],
      [[{ seo_title: 'no id' }], 'rest_invalid_item_id'],
      [[{ id: '5', seo_title: 'text id' }], 'rest_invalid_item_id'],
      [[{ id: 5, title: 'wrong field' }], 'rest_no_fields_to_update'],
      [[{ id: 5, meta_description: 7 }], 'rest_invalid_item_field'],
    ];
    for (const [items, code] of cases) {
      const answer = await call<ErrorBody>('POST', '/bulk_editor/update_search', admin, { items });
      expect(answer.status, code).toBe(400);
      expect(answer.data.code).toBe('rest_invalid_param');
      expect(answer.data.data.details!.items!.code).toBe(code);
    }
    const social = await call<ErrorBody>('POST', '/bulk_editor/update_social', admin, { items: [{ id: 5, seo_title: 'search field' }] });
    expect(social.data.data.details!.items).toMatchObject({
      code: 'rest_no_fields_to_update',
      message: 'Each item must contain at least a social_title, a social_description or a focus_keyphrase.',
    });
    expect((await call<ErrorBody>('POST', '/bulk_editor/update_search', admin, {})).data.code).toBe('rest_missing_callback_param');
  });

  it('is for wpseo_manage_options only, after validation', async () => {
    const body = { items: [{ id: 1, seo_title: 't' }] };
    expect((await call('POST', '/bulk_editor/update_search', null, body)).status).toBe(401);
    expect((await call('POST', '/bulk_editor/update_social', subscriber, { items: [{ id: 1, social_title: 't' }] })).status).toBe(403);
    expect((await call('POST', '/bulk_editor/update_search', editor, body)).status).toBe(403);
    expect((await call<ErrorBody>('POST', '/bulk_editor/update_search', null, { items: [] })).data.data.details!.items!.code).toBe(
      'rest_no_items',
    );
  });
});

describe('/meta/search', () => {
  async function withFields() {
    const post = await store.posts.insert({ post_title: 'Fields', post_author: 3, post_status: 'publish' });
    await store.postMeta.add(post.ID, 'color', 'red');
    await store.postMeta.add(post.ID, 'color', 'blue');
    await store.postMeta.add(post.ID, 'colour_list', ['a', 'b']);
    await store.postMeta.add(post.ID, 'count', 5);
    await store.postMeta.add(post.ID, 'serialized', 'a:1:{i:0;s:1:"x";}');
    await store.postMeta.add(post.ID, '_hidden', 'h');
    for (let i = 0; i < 30; i++) await store.postMeta.add(post.ID, `many_${i}`, `v${i}`);
    return post.ID;
  }

  it('answers the custom fields whose key starts with the query: first values, no serialized ones, at most 25', async () => {
    const id = await withFields();
    const colors = await call<{ meta: unknown[] }>('GET', `/meta/search?post_id=${id}&query=col`, author);
    expect(colors.data).toEqual({ meta: [{ key: 'color', value: 'red' }] });
    const hidden = await call<{ meta: unknown[] }>('GET', `/meta/search?post_id=${id}&query=_`, author);
    expect(hidden.data).toEqual({ meta: [{ key: '_hidden', value: 'h' }] });
    const all = await call<{ meta: Array<{ key: string }> }>('GET', `/meta/search?post_id=${id}&query=`, author);
    expect(all.data.meta).toHaveLength(25);
    expect(all.data.meta.slice(0, 3)).toEqual([
      { key: 'color', value: 'red' },
      { key: 'count', value: '5' },
      { key: 'many_0', value: 'v0' },
    ]);
    expect((await call('GET', `/meta/search?post_id=${id}`, author)).data).toEqual({ meta: [] });
    expect((await call('GET', `/meta/search?post_id=${id}&query[]=c`, author)).status).toBe(500);
  });

  it('needs edit_post on the post_id', async () => {
    const id = await withFields();
    expect((await call<ErrorBody>('GET', '/meta/search?query=c', null)).status).toBe(401);
    expect((await call<ErrorBody>('GET', '/meta/search?query=c', admin)).status).toBe(403);
    expect((await call('GET', `/meta/search?post_id=${id}&query=c`, subscriber)).status).toBe(403);
    expect((await call('GET', `/meta/search?post_id=${id}&query=c`, userWith(9, 'author'))).status).toBe(403);
    expect((await call('GET', `/meta/search?post_id=999&query=c`, admin)).status).toBe(403);
    expect((await call('GET', `/meta/search?post_id=${id}abc&query=c`, admin)).status).toBe(403);
    expect((await call('GET', `/meta/search?post_id=${id}&query=c`, editor)).status).toBe(200);
  });
});

describe('/file_size', () => {
  async function withUpload() {
    const post = await store.posts.insert({ post_type: 'attachment', post_status: 'inherit', post_mime_type: 'image/jpeg' });
    await store.postMeta.add(post.ID, '_wp_attached_file', '2026/11/photo.jpg');
    await store.postMeta.add(post.ID, '_wp_attachment_metadata', {
      file: '2026/11/photo.jpg',
      filesize: 48213,
      sizes: { thumbnail: { file: 'photo-150x150.jpg', filesize: 5120 } },
    });
  }
  const size = (url: string, user: RestUser | null = admin) =>
    call<Record<string, unknown>>('GET', `/file_size?url=${encodeURIComponent(url)}`, user);

  it("answers the size the media library recorded for an upload on the site, or one of its sizes'", async () => {
    await withUpload();
    expect((await size('http://yoast.test/wp-content/uploads/2026/11/photo.jpg')).data).toEqual({ type: 'success', size_in_bytes: 48213 });
    const thumbnail = await size('http://yoast.test/wp-content/uploads/2026%2F11%2Fphoto-150x150.jpg');
    expect(thumbnail.data).toEqual({ type: 'success', size_in_bytes: 5120 });
  });

  it('answers 404 failure for another host, an unknown file, and anything outside the uploads folder', async () => {
    await withUpload();
    const external = await size('https://cdn.example/wp-content/uploads/2026/11/photo.jpg');
    expect(external.status).toBe(404);
    expect(external.data).toEqual({
      type: 'failure',
      response: 'Cannot get the size of https://cdn.example/wp-content/uploads/2026/11/photo.jpg because it is hosted externally.',
    });
    const unknown = await size('http://yoast.test/wp-content/uploads/2026/11/other.jpg');
    expect(unknown.status).toBe(404);
    expect(unknown.data).toEqual({ type: 'failure', response: 'Cannot get the size of /2026/11/other.jpg because of unknown reasons.' });
    // A file an attachment's meta places outside the folder is not answered either.
    const stray = await store.posts.insert({ post_type: 'attachment', post_status: 'inherit' });
    await store.postMeta.add(stray.ID, '_wp_attached_file', '../private/keys.jpg');
    await store.postMeta.add(stray.ID, '_wp_attachment_metadata', { filesize: 99 });
    for (const url of [
      'http://yoast.test/wp-content/uploads/../private/keys.jpg',
      'http://yoast.test/wp-content/uploads/2026/11/%2E%2E/%2E%2E/../private/keys.jpg',
      'http://yoast.test/wp-config.php',
      '/etc/passwd',
    ]) {
      expect((await size(url)).data).toMatchObject({ type: 'failure' });
    }
  });

  it('is for manage_options only', async () => {
    expect((await size('http://yoast.test/x.jpg', null)).status).toBe(401);
    expect((await size('http://yoast.test/x.jpg', editor)).status).toBe(403);
    expect((await call<ErrorBody>('GET', '/file_size', admin)).data.code).toBe('rest_missing_callback_param');
  });
});

describe('/available_posts', () => {
  it('answers the published posts of a type without a password, most recently modified first, filtered by a search', async () => {
    const older = await store.posts.insert({
      post_type: 'page',
      post_status: 'publish',
      post_title: 'Contact us',
      post_name: 'contact',
      post_modified: '2026-01-01 00:00:00',
    });
    const newer = await store.posts.insert({
      post_type: 'page',
      post_status: 'publish',
      post_title: 'About us',
      post_name: 'about',
      post_modified: '2026-06-01 00:00:00',
    });
    await store.posts.insert({ post_type: 'page', post_status: 'draft', post_title: 'Draft us' });
    await store.posts.insert({ post_type: 'page', post_status: 'publish', post_title: 'Locked us', post_password: 'pw' });
    const pages = await call('GET', '/available_posts', admin);
    expect(pages.data).toEqual([
      { id: newer.ID, title: 'About us', slug: 'about' },
      { id: older.ID, title: 'Contact us', slug: 'contact' },
    ]);
    expect((await call('GET', '/available_posts?search=contact', admin)).data).toEqual([
      { id: older.ID, title: 'Contact us', slug: 'contact' },
    ]);
    expect((await call('GET', '/available_posts?postType=post', admin)).data).toEqual([]);
  });

  it('answers {error} with 400 for a post type that is not registered, and is for wpseo_manage_options only', async () => {
    const answer = await call('GET', '/available_posts?postType=nope', admin);
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ error: 'The post type asked is not valid' });
    expect((await call('GET', '/available_posts', null)).status).toBe(401);
    expect((await call('GET', '/available_posts', editor)).status).toBe(403);
  });
});

describe('/new-content-type-visibility', () => {
  it('takes a post type off wpseo.new_post_types only through post_type_name, the param its callback reads', async () => {
    await store.options.set('wpseo', { new_post_types: ['book', 'movie'], new_taxonomies: [], show_new_content_type_notification: true });
    const asDeclared = await call('POST', '/new-content-type-visibility/dismiss-post-type', author, { postTypeName: 'post' });
    expect(asDeclared.data).toEqual({ message: 'Post type is not new.', success: true, status: 200 });
    const read = await call('POST', '/new-content-type-visibility/dismiss-post-type', author, { post_type_name: 'book' });
    expect(read.data).toEqual({ message: 'Post type is no longer new.', success: true, status: 200 });
    expect(await store.options.get('wpseo')).toMatchObject({ new_post_types: ['movie'], show_new_content_type_notification: true });
    await call('POST', '/new-content-type-visibility/dismiss-post-type', author, { post_type_name: 'movie' });
    expect(await store.options.get('wpseo')).toMatchObject({ new_post_types: [], show_new_content_type_notification: false });
  });

  it('takes a taxonomy off wpseo.new_taxonomies', async () => {
    await store.options.set('wpseo', { new_taxonomies: ['genre'] });
    const answer = await call('POST', '/new-content-type-visibility/dismiss-taxonomy', editor, {
      taxonomy_name: 'genre',
      taxonomyName: 'category',
    });
    expect(answer.data).toEqual({ message: 'Taxonomy is no longer new.', success: true, status: 200 });
    expect(await store.options.get('wpseo')).toMatchObject({ new_taxonomies: [] });
  });

  it('refuses a name that is not registered, and callers without edit_posts', async () => {
    const badType = await call<ErrorBody>('POST', '/new-content-type-visibility/dismiss-post-type', author, { postTypeName: 'nope' });
    expect(badType.status).toBe(400);
    expect(badType.data.code).toBe('rest_invalid_param');
    const badTaxonomy = await call<ErrorBody>('POST', '/new-content-type-visibility/dismiss-taxonomy', author, {
      taxonomyName: ['category'],
    });
    expect(badTaxonomy.data.code).toBe('rest_invalid_param');
    expect((await call('POST', '/new-content-type-visibility/dismiss-post-type', null)).status).toBe(401);
    expect((await call('POST', '/new-content-type-visibility/dismiss-taxonomy', subscriber)).status).toBe(403);
  });
});

describe('/introductions/{id}/seen', () => {
  it("records one of Yoast's introductions as seen in the user's meta, and refuses any other with 400 []", async () => {
    const seen = await call('POST', '/introductions/google-docs-addon-upsell/seen', author);
    expect(seen.status).toBe(200);
    expect(seen.data).toEqual({ json: { success: true } });
    expect(await store.userMeta.get(3, '_yoast_wpseo_introductions')).toEqual([
      { 'google-docs-addon-upsell': { is_seen: true, seen_on: NOW / 1000 } },
    ]);
    await call('POST', '/introductions/delayed-premium-upsell/seen', author, { is_seen: 'false' });
    expect((await store.userMeta.get(3, '_yoast_wpseo_introductions'))[0]).toEqual({
      'google-docs-addon-upsell': { is_seen: true, seen_on: NOW / 1000 },
      'delayed-premium-upsell': { is_seen: false, seen_on: 0 },
    });
    const unknown = await call('POST', '/introductions/ai-generate-titles-and-descriptions-upsell/seen', author);
    expect(unknown.status).toBe(400);
    expect(unknown.data).toEqual([]);
  });

  it('is for edit_posts', async () => {
    expect((await call('POST', '/introductions/google-docs-addon-upsell/seen', null)).status).toBe(401);
    expect((await call('POST', '/introductions/google-docs-addon-upsell/seen', subscriber)).status).toBe(403);
  });
});

describe('/video_embed_permission', () => {
  it('keeps the permission as "1" or "0" and answers in a json envelope, 400 when nothing changed', async () => {
    expect((await call('GET', '/video_embed_permission', author)).data).toEqual({ json: { value: false } });
    const allowed = await call('POST', '/video_embed_permission', author, { value: true });
    expect(allowed.status).toBe(200);
    expect(allowed.data).toEqual({ json: { success: true } });
    expect(await store.userMeta.get(3, '_yoast_wpseo_wistia_embed_permission')).toEqual(['1']);
    expect((await call('GET', '/video_embed_permission', author)).data).toEqual({ json: { value: true } });
    const again = await call('POST', '/video_embed_permission', author, { value: true });
    expect(again.status).toBe(400);
    expect(again.data).toEqual({ json: { success: false } });
    // The callback reads the JSON body's `value`, not the arg's default: a body without it refuses.
    expect((await call('POST', '/video_embed_permission', author, {})).data).toEqual({ json: { success: true } });
    expect(await store.userMeta.get(3, '_yoast_wpseo_wistia_embed_permission')).toEqual(['0']);
  });

  it('is for edit_posts', async () => {
    expect((await call('GET', '/video_embed_permission', null)).status).toBe(401);
    expect((await call('POST', '/video_embed_permission', subscriber, { value: true })).status).toBe(403);
  });
});

describe('/alerts/dismiss', () => {
  it("adds an allowed alert to the user's dismissed alerts", async () => {
    const answer = await call('POST', '/alerts/dismiss', author, { key: 'webinar-promo-notification' });
    expect(answer.data).toEqual({ success: true, status: 200 });
    await call('POST', '/alerts/dismiss', author, { key: 'trustpilot-review-notification' });
    expect(await store.userMeta.get(3, '_yoast_alerts_dismissed')).toEqual([
      { 'webinar-promo-notification': true, 'trustpilot-review-notification': true },
    ]);
    expect((await call('POST', '/alerts/dismiss', author, { key: 'webinar-promo-notification' })).data).toEqual({
      success: true,
      status: 200,
    });
  });

  it('refuses a key outside the allow-list, and callers without edit_posts', async () => {
    const answer = await call<ErrorBody>('POST', '/alerts/dismiss', author, { key: 'anything' });
    expect(answer.status).toBe(400);
    expect(answer.data.code).toBe('rest_invalid_param');
    expect((await call<ErrorBody>('POST', '/alerts/dismiss', author, {})).data.code).toBe('rest_missing_callback_param');
    expect((await call('POST', '/alerts/dismiss', null, { key: 'webinar-promo-notification' })).status).toBe(401);
    expect((await call('POST', '/alerts/dismiss', subscriber, { key: 'webinar-promo-notification' })).status).toBe(403);
  });
});

describe('on PGlite', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps bulk edits, the embed permission, dismissed alerts and seen introductions across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'seo-b-editors-'));
    dirs.push(dataDir);
    const first = await pgliteStore({ dataDir });
    const post = await first.posts.insert({ post_title: 'Kept', post_status: 'publish', post_author: 1 });
    rest = serverOn(first);
    await call('POST', '/bulk_editor/update_search', admin, { items: [{ id: post.ID, seo_title: 'Kept title', focus_keyphrase: 'kept' }] });
    await call('POST', '/video_embed_permission', admin, { value: true });
    await call('POST', '/alerts/dismiss', admin, { key: 'black-friday-promotion' });
    await call('POST', '/introductions/black-friday-announcement/seen', admin);
    await first.close();

    const second = await pgliteStore({ dataDir });
    try {
      rest = serverOn(second);
      const page = await call<BulkPage>('GET', '/bulk_editor/posts?content_type=post&search=kept', admin);
      expect(page.data.posts).toEqual([expect.objectContaining({ id: post.ID, seo_title: 'Kept title', focus_keyphrase: 'kept' })]);
      expect((await call('GET', '/video_embed_permission', admin)).data).toEqual({ json: { value: true } });
      expect(await second.userMeta.get(1, '_yoast_alerts_dismissed')).toEqual([{ 'black-friday-promotion': true }]);
      expect((await call('POST', '/video_embed_permission', admin, { value: true })).status).toBe(400);
      expect((await call('POST', '/introductions/black-friday-announcement/seen', admin)).data).toEqual({ json: { success: true } });
    } finally {
      await second.close();
    }
  });
});
