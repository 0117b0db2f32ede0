// `blocksuite-image-picker/v1` (Kadence's image picker) through `inject`: `process_images` imports
// the picked Pexels images as attachment posts with the plugin's meta, on the recorded download
// double; a second import answers the attachment from the `_pexels_id` registry without a
// download; who may call it and who may download; the args' checks; a download that fails, hangs
// or is too large; a host's upload storage; and the imports kept on PGlite across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packagedFixtures, serviceRecordings } from '../src/cli/fixtures.js';
import {
  blocksuiteImagePicker,
  createRestServer,
  memoryStore,
  variantA,
  type BlocksuiteImagePickerOptions,
  type ErrorInfo,
  type ImageDownload,
  type RestServer,
  type RestUser,
  type SiteStore,
} from '../src/index.js';
import { downloadService } from '../src/namespaces/blocksuite-image-picker/services.js';
import type { DoubleMode } from '../src/namespaces/recorded-double.js';
import { pgliteStore } from '../src/store.js';
import { userWith } from './helpers/users.js';

const PROCESS = '/blocksuite-image-picker/v1/process_images';
const SITE = { name: 'Picker Site', url: 'http://picker.test' };
const PGLITE_MS = 60_000;

const administrator = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const author = userWith(3, 'author');
const contributor = userWith(4, 'contributor');
const subscriber = userWith(5, 'subscriber');

const SCALED_1 = 'https://images.pexels.com/photos/1000001/pexels-photo-1000001.jpeg?auto=compress&cs=tinysrgb&w=2560';
const SCALED_2 = 'https://images.pexels.com/photos/1000002/pexels-photo-1000002.jpeg?auto=compress&cs=tinysrgb&w=2560';

/** A picked image as the picker's search answers it (and sends it back): sizes smallest first, `scaled` among them. */
const picked = (id: number, scaled: string, photographer = 'Ana Lima') => ({
  id,
  width: 4000,
  height: 3000,
  alt: 'A mountain lake at dawn',
  url: `https://www.pexels.com/photo/${id}/`,
  photographer,
  photographer_url: `https://www.pexels.com/@ana-lima-${id}`,
  avg_color: '#4A7BD0',
  sizes: [
    { name: 'thumbnail', src: scaled.replace('w=2560', 'w=150') },
    { name: 'scaled', src: scaled },
    { name: 'medium', src: scaled.replace('w=2560', 'w=300') },
  ],
});

/** The packaged recordings' download double, its calls counted and its switch at hand. */
function countedDouble() {
  const recorded = serviceRecordings(packagedFixtures())['blocksuite-image-picker/download'];
  const double = downloadService.double(recorded);
  const calls: string[] = [];
  const download: ImageDownload = (request, signal) => {
    calls.push(request.url);
    return double(request, signal);
  };
  return { download, calls, fail: (mode: DoubleMode) => (recorded.mode = mode) };
}

/** A server mounting the image picker on `store`, its service reports collected. */
function pickerOn(store: SiteStore, options: BlocksuiteImagePickerOptions = {}) {
  const reports: Array<{ error: unknown; info: ErrorInfo }> = [];
  const rest = createRestServer({
    site: SITE,
    store,
    namespaces: [blocksuiteImagePicker(options)],
    onError: (error, info) => reports.push({ error, info }),
  });
  return { rest, reports };
}

/** A `process_images` call as the picker's apiFetch makes it; `null` for no one signed in. */
const post = (rest: RestServer, body: unknown, user: RestUser | null = editor, query?: Record<string, string>) =>
  rest.inject<unknown>({ method: 'POST', path: PROCESS, body, ...(user ? { user } : {}), ...(query ? { query } : {}) });

/** Every attachment post of the store with the meta the import wrote. */
async function attachments(store: SiteStore) {
  const { posts } = await store.posts.query({ type: ['attachment'], orderby: 'ID', order: 'asc' });
  const meta = await store.postMeta.getMany(posts.map((p) => p.ID));
  return posts.map((p) => ({ post: p, meta: meta.get(p.ID) ?? {} }));
}

describe('blocksuite-image-picker/v1/process_images', () => {
  it('imports a picked Pexels image as an attachment with Kadence’s meta, from its scaled size, on the recorded double', async () => {
    const store = memoryStore();
    const { download, calls } = countedDouble();
    const { rest } = pickerOn(store, { imageDownload: download });
    const answer = await post(rest, { images: [picked(1000001, SCALED_1)], image_type: 'JPEG', collection_slug: 'lakes' });
    expect(answer.status).toBe(200);
    const [only] = await attachments(store);
    expect(answer.data).toEqual([{ id: only!.post.ID, url: SCALED_1 }]);
    expect(calls).toEqual([SCALED_1]);
    expect(only!.post).toMatchObject({
      post_type: 'attachment',
      post_status: 'inherit',
      post_mime_type: 'image/png',
      post_title: 'Photo by Ana Lima',
      post_author: editor.id,
      guid: SCALED_1,
    });
    expect(only!.meta).toMatchObject({
      _pexels_id: ['1000001'],
      _pexels_photographer: ['Ana Lima'],
      _pexels_photographer_url: ['https://www.pexels.com/@ana-lima-1000001'],
      _wp_attachment_image_alt: ['A mountain lake at dawn'],
      _wp_attachment_metadata: [{ width: 6, height: 4, file: SCALED_1, filesize: 74, sizes: {}, image_meta: {} }],
    });
    // No upload storage: the source URL is kept, so WordPress's `wp_get_attachment_url` answers the guid.
    expect(only!.meta._wp_attached_file).toBeUndefined();
  });

  it('answers an image imported before from the registry, by Pexels id or by post id, without downloading it again', async () => {
    const store = memoryStore();
    const { download, calls } = countedDouble();
    const { rest } = pickerOn(store, { imageDownload: download });
    const first = (await post(rest, { images: [picked(1000001, SCALED_1)] })).data as Array<{ id: number; url: string }>;
    expect(calls).toHaveLength(1);
    const again = await post(rest, { images: [picked(1000001, SCALED_1), picked(1000002, SCALED_2)] });
    const [second] = (await attachments(store)).slice(1);
    // Existing first, then the new ones, as the plugin merges them.
    expect(again.data).toEqual([first[0], { id: second!.post.ID, url: SCALED_2 }]);
    expect(calls).toEqual([SCALED_1, SCALED_2]);
    const byPostId = await post(rest, { images: [{ ...picked(1000001, SCALED_1), post_id: String(first[0]!.id) }] });
    expect(byPostId.data).toEqual([{ id: String(first[0]!.id), url: SCALED_1 }]);
    expect(calls).toHaveLength(2);
    expect(await attachments(store)).toHaveLength(2);
  });

  it('answers the plugin’s oddities: no images, images that are no list, and an image with neither id', async () => {
    const { rest } = pickerOn(memoryStore(), { imageDownload: countedDouble().download });
    expect((await post(rest, {})).data).toEqual([]);
    expect((await post(rest, { images: 'none' })).data).toEqual([]);
    expect((await post(rest, '"a string body"')).data).toEqual([]);
    expect((await post(rest, { images: [{ alt: 'no id at all' }] })).data).toEqual([{ id: false, url: false }]);
  });

  it('leaves out an image whose bytes are no image, whose sizes are missing, or that nothing answers', async () => {
    const store = memoryStore();
    const notAnImage: ImageDownload = async () => ({ contentType: 'image/jpeg', bytes: new TextEncoder().encode('<html>') });
    const { rest } = pickerOn(store, { imageDownload: notAnImage });
    expect((await post(rest, { images: [picked(1000001, SCALED_1)] })).data).toEqual([]);
    const onDouble = pickerOn(store, { imageDownload: countedDouble().download }).rest;
    expect((await post(onDouble, { images: [{ ...picked(7, SCALED_1), sizes: [] }] })).data).toEqual([]);
    expect((await post(onDouble, { images: [picked(8, 'https://images.pexels.com/photos/8/unrecorded.jpeg?w=2560')] })).data).toEqual([]);
    expect(await attachments(store)).toEqual([]);
  });

  it('refuses a page or per_page out of bounds before anything else, and lets image_sizes and image_type through whatever they are', async () => {
    const { rest } = pickerOn(memoryStore(), { imageDownload: countedDouble().download });
    const page = await post(rest, { images: [] }, editor, { page: '0' });
    expect(page).toMatchObject({ status: 400, data: { code: 'rest_invalid_param', data: { params: { page: expect.any(String) } } } });
    const perPage = await post(rest, { images: [] }, editor, { per_page: '101' });
    expect(perPage).toMatchObject({ status: 400, data: { code: 'rest_invalid_param' } });
    // The plugin's sanitize callbacks replace WordPress's type check: neither arg ever refuses.
    const loose = await post(rest, { images: [], image_sizes: 'not a list', image_type: ['not', 'text'] });
    expect([loose.status, loose.data]).toEqual([200, []]);
    // Validation comes before the permission check, as WordPress orders it.
    expect((await post(rest, {}, null, { page: '0' })).status).toBe(400);
  });

  it('lets in whoever can edit posts (401 anonymous, 403 subscriber) and downloads only for those who can upload files', async () => {
    const store = memoryStore();
    const { download, calls } = countedDouble();
    const { rest } = pickerOn(store, { imageDownload: download });
    expect(await post(rest, { images: [picked(1000001, SCALED_1)] }, null)).toMatchObject({
      status: 401,
      data: { code: 'rest_forbidden' },
    });
    expect(await post(rest, { images: [picked(1000001, SCALED_1)] }, subscriber)).toMatchObject({
      status: 403,
      data: { code: 'rest_forbidden' },
    });
    // A contributor may call it (edit_posts) but not upload: nothing new is downloaded…
    expect(await post(rest, { images: [picked(1000001, SCALED_1)] }, contributor)).toMatchObject({ status: 200, data: [] });
    expect(calls).toEqual([]);
    const imported = (await post(rest, { images: [picked(1000001, SCALED_1)] }, author)).data as unknown[];
    expect(imported).toHaveLength(1);
    // …but what is imported already is answered to them.
    expect((await post(rest, { images: [picked(1000001, SCALED_1)] }, contributor)).data).toEqual(imported);
    expect((await post(rest, { images: [picked(1000002, SCALED_2)] }, administrator)).data).toHaveLength(1);
  });

  it.each<[DoubleMode, string]>([
    ['threw', 'failed: recorded double of blocksuite-image-picker/download made to fail'],
    ['hang', 'did not answer within 50 ms'],
    ['too-large', 'answered more than 64 bytes'],
  ])('answers a download that %s as the plugin does (the image left out), reported to onError', async (mode, reported) => {
    const store = memoryStore();
    const { download, fail } = countedDouble();
    const { rest, reports } = pickerOn(store, { imageDownload: download, downloadLimits: { timeoutMs: 50, maxBytes: 64 } });
    fail(mode);
    const answer = await post(rest, { images: [picked(1000001, SCALED_1)] });
    expect([answer.status, answer.data]).toEqual([200, []]);
    expect(await attachments(store)).toEqual([]);
    expect(reports).toHaveLength(1);
    expect(String((reports[0]!.error as Error).message)).toContain(reported);
    expect(reports[0]!.info.phase).toBe('service');
  });

  it('downloads nothing without a download callback (no default reaches the network), yet answers earlier imports', async () => {
    const store = memoryStore();
    const imported = (
      await post(pickerOn(store, { imageDownload: countedDouble().download }).rest, { images: [picked(1000001, SCALED_1)] })
    ).data;
    const { rest, reports } = pickerOn(store);
    const answer = await post(rest, { images: [picked(1000001, SCALED_1), picked(1000002, SCALED_2)] });
    expect(answer.data).toEqual(imported);
    expect(reports).toEqual([]);
  });

  it('keeps the bytes where a host’s saveUpload says, and the attachment points there', async () => {
    const store = memoryStore();
    const saved: Array<{ fileName: string; mediaType: string; size: number }> = [];
    const { rest } = pickerOn(store, {
      imageDownload: countedDouble().download,
      storage: {
        saveUpload: async ({ fileName, mediaType, bytes }) => {
          saved.push({ fileName, mediaType, size: bytes.byteLength });
          return { url: `http://picker.test/wp-content/uploads/2026/11/${fileName}`, file: `2026/11/${fileName}` };
        },
      },
    });
    const answer = (await post(rest, { images: [picked(1000001, SCALED_1)] })).data as Array<{ id: number; url: string }>;
    expect(saved).toEqual([{ fileName: 'a-mountain-lake-at-dawn-1000001.png', mediaType: 'image/png', size: 74 }]);
    expect(answer[0]!.url).toBe('http://picker.test/wp-content/uploads/2026/11/a-mountain-lake-at-dawn-1000001.png');
    const [only] = await attachments(store);
    expect(only!.post.guid).toBe(answer[0]!.url);
    expect(only!.meta._wp_attached_file).toEqual(['2026/11/a-mountain-lake-at-dawn-1000001.png']);
  });

  it('refuses part of the attachments group from a host, naming the callback left out', () => {
    expect(() =>
      createRestServer({
        site: SITE,
        namespaces: [blocksuiteImagePicker({ storage: { imageAttachments: async () => [] } })],
      }),
    ).toThrow('gives imageAttachments but not addAttachment');
  });

  it('is mounted by variantA, its download the variant’s imageDownload', async () => {
    const store = memoryStore();
    const { download, calls } = countedDouble();
    const rest = createRestServer({ site: SITE, store, namespaces: variantA({ imageDownload: download }), onError: () => {} });
    expect((await post(rest, { images: [picked(1000001, SCALED_1)] })).data).toHaveLength(1);
    expect(calls).toEqual([SCALED_1]);
  });
});

describe('blocksuite-image-picker/v1 imports on PGlite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-rest-image-picker-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'keeps an imported image and its registry entry across a restart: the second process answers it without a download',
    async () => {
      const dataDir = join(dir, 'imports');
      const first = await pgliteStore({ dataDir });
      let imported: unknown;
      try {
        imported = (await post(pickerOn(first, { imageDownload: countedDouble().download }).rest, { images: [picked(1000001, SCALED_1)] }))
          .data;
        expect(imported).toHaveLength(1);
      } finally {
        await first.close();
      }
      const reopened = await pgliteStore({ dataDir });
      try {
        const { download, calls } = countedDouble();
        const { rest } = pickerOn(reopened, { imageDownload: download });
        expect((await post(rest, { images: [picked(1000001, SCALED_1)] })).data).toEqual(imported);
        expect(calls).toEqual([]);
      } finally {
        await reopened.close();
      }
    },
    PGLITE_MS,
  );
});
