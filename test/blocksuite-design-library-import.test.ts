// The design library's imports (`process_pattern`, `process_images` of Kadence's
// `kb-design-library/v1`) through `blocksuiteDesignLibrary()`: a pattern's helper posts made (or found by title) and recoloured, its blocks pointed at them,
// its images imported with their credit and hash and the content pointed at the attachments; the
// plugin's `"failed"`; who may call and who may download; a failing or hanging download; the
// hostile content a pattern may carry; and the imports kept on PGlite across a restart.
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packagedFixtures, serviceRecordings } from '../src/cli/fixtures.js';
import { sha1 } from '../src/core/crypto/digest.js';
import {
  blocksuiteDesignLibrary,
  createRestServer,
  memoryStore,
  type ErrorInfo,
  type RestServer,
  type RestUser,
  type SiteStore,
} from '../src/index.js';
import type { HostServiceLimits } from '../src/namespaces/host-service.js';
import { imageDownloadService, type ImageDownload } from '../src/namespaces/image-download.js';
import type { DoubleMode } from '../src/namespaces/recorded-double.js';
import { isImageLink } from '../src/namespaces/blocksuite-design-library/pattern-images.js';
import { pgliteStore } from '../src/store.js';
import { FIXTURES } from './helpers/peer.js';
import { propertyRuns } from './helpers/property-runs.js';
import { userWith } from './helpers/users.js';

const NS = '/blocksuite-design-library/v1';
const SITE = { name: 'Library Site', url: 'http://library.test' };
const PGLITE_MS = 60_000;

const fixture = (name: string) => readFileSync(join(FIXTURES, 'blocksuite-design-library', name), 'utf8');
const PATTERN = fixture('pattern-content.html');
const CPT_BLOCKS = JSON.parse(fixture('cpt-blocks.json')) as Record<string, unknown>;
const IMAGE_LIBRARY = JSON.parse(fixture('image-library.json')) as Record<string, unknown>;
const PEXELS = 'https://images.pexels.com/photos/1000001/pexels-photo-1000001.jpeg?auto=compress&cs=tinysrgb&w=2560';
const HERO = 'https://patterns.startertemplatecloud.com/wp-content/uploads/2023/02/hero-placeholder.png';
const HERO_300 = 'https://patterns.startertemplatecloud.com/wp-content/uploads/2023/02/hero-placeholder-300x200.png';

const editor = userWith(2, 'editor');
const contributor = userWith(4, 'contributor');
const subscriber = userWith(5, 'subscriber');

/** The packaged download double, its calls counted and its switch at hand. */
function countedDouble() {
  const recorded = serviceRecordings(packagedFixtures())['blocksuite-image-picker/download'];
  const double = imageDownloadService.double(recorded);
  const calls: string[] = [];
  const download: ImageDownload = (request, signal) => {
    calls.push(request.url);
    return double(request, signal);
  };
  return { download, calls, fail: (mode: DoubleMode) => (recorded.mode = mode) };
}

/** A server mounting the design library on `store` with `download`, its service reports collected. */
function libraryOn(store: SiteStore, download: ImageDownload | undefined, limits: HostServiceLimits = imageDownloadService.limits) {
  const reports: Array<{ error: unknown; info: ErrorInfo }> = [];
  const rest = createRestServer({
    site: SITE,
    store,
    namespaces: [blocksuiteDesignLibrary({ imageDownload: download, downloadLimits: limits })],
    onError: (error, info) => {
      if (info.phase === 'service') reports.push({ error, info });
    },
  });
  return { rest, reports };
}

const pattern = (rest: RestServer, body: unknown, user: RestUser | null = editor, query?: Record<string, string>) =>
  rest.inject<unknown>({ method: 'POST', path: `${NS}/process_pattern`, body, ...(user ? { user } : {}), ...(query ? { query } : {}) });

/** What the editor's "insert pattern" sends: the pattern, its helper posts, its style and the collection its images come from. */
const insert = (style = 'dark') => ({ content: PATTERN, cpt_blocks: CPT_BLOCKS, style, image_library: IMAGE_LIBRARY });

async function postsOf(store: SiteStore, type: string) {
  const { posts } = await store.posts.query({ type: [type], orderby: 'ID', order: 'asc' });
  const meta = await store.postMeta.getMany(posts.map((p) => p.ID));
  return posts.map((p) => ({ post: p, meta: meta.get(p.ID) ?? {} }));
}

describe('blocksuite-design-library/v1/process_pattern', () => {
  it('answers "failed" for a body without content, as the plugin does', async () => {
    const { rest } = libraryOn(memoryStore(), countedDouble().download);
    for (const body of [{}, { content: '' }, { content: '0' }, '"text"', { content: ['not', 'text'] }]) {
      expect(await pattern(rest, body)).toMatchObject({ status: 200, data: 'failed' });
    }
  });

  it('makes the helper posts (inner posts first), recoloured for the style, and points the blocks at them', async () => {
    const store = memoryStore();
    const { rest } = libraryOn(store, countedDouble().download);
    const answer = await pattern(rest, insert('dark'));
    expect(answer.status).toBe(200);
    const [header] = await postsOf(store, 'kadence_header');
    const [menu] = await postsOf(store, 'kadence_navigation');
    expect(header!.post).toMatchObject({ post_title: 'Pattern Header Dark', post_status: 'publish', post_author: editor.id });
    expect(menu!.post.post_title).toBe('Pattern Menu Dark');
    // The header's navigation block names the new menu; the menu's palette3 became palette9 (dark).
    expect(header!.post.post_content).toBe(`<!-- wp:kadence/navigation {"uniqueID":"902_nav","id":${menu!.post.ID}} /-->`);
    expect(menu!.post.post_content).toContain('"textColor":"palette9","className":"has-theme-palette-9"');
    expect(header!.meta._kad_header_background).toEqual([{ color: 'palette4' }]);
    expect(header!.meta._kad_header_height).toEqual([{ desktop: 80 }]);
    // The pattern's header block names the new header; nothing else of the content is re-serialized.
    const content = answer.data as string;
    expect(
      content.startsWith(`<!-- wp:kadence/header {"uniqueID":"901_hdr","id":${header!.post.ID}} /-->\n<!-- wp:kadence/rowlayout`),
    ).toBe(true);
    // A helper post of another type than Kadence's is not made (the plugin would publish a post).
    expect(await postsOf(store, 'post')).toEqual([]);
  });

  it('imports every image of the content but srcset sizes, with credit and hash, and points the image blocks at them', async () => {
    const store = memoryStore();
    const { download, calls } = countedDouble();
    const { rest } = libraryOn(store, download);
    const content = (await pattern(rest, insert())).data as string;
    expect(calls.sort()).toEqual([HERO, PEXELS].sort());
    const attachments = await postsOf(store, 'attachment');
    const pexels = attachments.find((a) => a.post.guid === PEXELS)!;
    const hero = attachments.find((a) => a.post.guid === HERO)!;
    expect(pexels.post).toMatchObject({ post_title: 'Photo by Ana Lima', post_mime_type: 'image/png', post_status: 'inherit' });
    expect(pexels.meta).toMatchObject({
      _pexels_photographer: ['Ana Lima'],
      _pexels_photographer_url: ['https://www.pexels.com/@ana-lima'],
      _pexels_photograph_url: ['https://www.pexels.com/photo/1000001/'],
      _wp_attachment_image_alt: ['A mountain lake at dawn with mist'],
      _kadence_blocks_image_hash: [sha1(PEXELS)],
    });
    expect(hero.post.post_title).toBe('hero-placeholder.png');
    expect(hero.meta._kadence_blocks_image_hash).toEqual([sha1(HERO)]);
    expect(content).toContain(`<!-- wp:kadence/image {"id":${pexels.post.ID},"sizeSlug":"large"`);
    expect(content).toContain(`class="kb-img wp-image-${pexels.post.ID}"`);
    expect(content).toContain(`<!-- wp:kadence/image {"id":${hero.post.ID},"uniqueID":"901_img2"}`);
    expect(content).toContain(`wp-image-${hero.post.ID}"`);
    // Not an image block, and a srcset size: both left as they are.
    expect(content).toContain(`<!-- wp:image {"id":57} -->`);
    expect(content).toContain(HERO_300);
  });

  it('points the content at the host’s uploads when it keeps the bytes', async () => {
    const store = memoryStore();
    const rest = createRestServer({
      site: SITE,
      store,
      namespaces: [
        blocksuiteDesignLibrary({
          imageDownload: countedDouble().download,
          storage: { saveUpload: async ({ fileName }) => ({ url: `${SITE.url}/up/${fileName}`, file: fileName }) },
        }),
      ],
    });
    const content = (await pattern(rest, insert())).data as string;
    expect(content).not.toContain(PEXELS);
    expect(content).toContain(`${SITE.url}/up/a-mountain-lake-at-dawn-with-mist.png`);
    expect(content).toContain(`${SITE.url}/up/hero-placeholder.png`);
    expect(content).toContain(HERO_300);
  });

  it('reuses the helper posts by title and the images by hash when the pattern is inserted again: nothing made, nothing downloaded', async () => {
    const store = memoryStore();
    const { download, calls } = countedDouble();
    const { rest } = libraryOn(store, download);
    const first = (await pattern(rest, insert())).data;
    const again = (await pattern(rest, insert())).data;
    expect(again).toEqual(first);
    expect(calls).toHaveLength(2);
    expect(await postsOf(store, 'kadence_header')).toHaveLength(1);
    expect(await postsOf(store, 'attachment')).toHaveLength(2);
    // Another style is another set of helper posts.
    await pattern(rest, insert('highlight'));
    expect((await postsOf(store, 'kadence_header')).map((h) => h.post.post_title)).toEqual([
      'Pattern Header Dark',
      'Pattern Header Highlight',
    ]);
  });

  it('keeps an image whose download fails at its URL with id 0, as the plugin does, and reports the failure', async () => {
    const store = memoryStore();
    const { download, fail } = countedDouble();
    const { rest, reports } = libraryOn(store, download, { timeoutMs: 50, maxBytes: 1024 });
    fail('hang');
    const content = (await pattern(rest, { content: PATTERN })).data as string;
    expect(content).toContain('<!-- wp:kadence/image {"id":0,"sizeSlug":"large"');
    expect(content).toContain('wp-image-0');
    expect(content).toContain(PEXELS);
    expect(await postsOf(store, 'attachment')).toEqual([]);
    expect(reports.map((r) => String((r.error as Error).message))).toEqual([
      expect.stringContaining('did not answer within 50 ms'),
      expect.stringContaining('did not answer within 50 ms'),
    ]);
  });

  it('downloads nothing for a contributor (3.5 did; 3.6 asks upload_files) and, without a download callback, keeps the images with id 0', async () => {
    const store = memoryStore();
    const { download, calls } = countedDouble();
    expect((await pattern(libraryOn(store, download).rest, { content: PATTERN }, contributor)).data).toBe(PATTERN);
    expect(calls).toEqual([]);
    const unconfigured = (await pattern(libraryOn(store, undefined).rest, { content: PATTERN })).data as string;
    expect(unconfigured).toContain('<!-- wp:kadence/image {"id":0,"uniqueID":"901_img2"}');
    expect(unconfigured).toContain(PEXELS);
    expect(await postsOf(store, 'attachment')).toEqual([]);
  });

  it('refuses anonymous callers (401) and subscribers (403), and a force_reload or page that fails its check (400)', async () => {
    const { rest } = libraryOn(memoryStore(), countedDouble().download);
    expect(await pattern(rest, insert(), null)).toMatchObject({ status: 401, data: { code: 'rest_forbidden' } });
    expect(await pattern(rest, insert(), subscriber)).toMatchObject({ status: 403, data: { code: 'rest_forbidden' } });
    expect(await pattern(rest, insert(), editor, { force_reload: 'maybe' })).toMatchObject({
      status: 400,
      data: { code: 'rest_invalid_param', data: { params: { force_reload: expect.any(String) } } },
    });
    expect((await pattern(rest, insert(), editor, { page: '0' })).status).toBe(400);
    // The plugin's sanitize callbacks replace the type check: an industries that is no list passes.
    expect((await pattern(rest, { content: 'x' }, editor, { industries: 'retail' })).data).toBe('x');
  });

  it('takes hostile content in one pass: openers without ids or closers, markers without ends, and content past the cap', async () => {
    const store = memoryStore();
    const { download, calls } = countedDouble();
    const { rest } = libraryOn(store, download);
    const hostile = [
      '<!-- wp:kadence/image'.repeat(2000),
      `<!-- wp:kadence/image {"id":1,"uniqueID":"a"} -->${'<img src="'.repeat(2000)}`,
      `<!-- wp:kadence/header {"id":901${' '.repeat(20)}`.repeat(500),
      `${'<!-- wp:kadence/column'.repeat(500)} https://a.example/${'-.'.repeat(3000)}../x.png`,
    ];
    for (const content of hostile) {
      expect((await pattern(rest, { content, cpt_blocks: CPT_BLOCKS, style: 'dark' })).status).toBe(200);
    }
    expect((await pattern(rest, { content: 'x'.repeat(1024 * 1024 + 1) })).data).toBe('failed');
    expect(calls).toEqual([]);
  });
});

describe("the pattern's image links", () => {
  // Kadence's own pattern, which backtracks exponentially on a long host of `-.` pairs; JavaScript's
  // engine reads it as PCRE does on these short strings.
  const PLUGIN = /^((https?:\/\/)|(www\.))([a-z0-9-].?)+(:[0-9]+)?\/[\w-]+\.(jpg|png|gif|webp|jpeg)\/?$/i;
  const part = fc.constantFrom('a', 'Z', '9', '-', '.', '_', '/', ':', '8', '..', '//', 'x.png', 'b.JPG', '.webp', '?', '%');

  it('are told as check_for_image tells them, without its backtracking', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('http://', 'https://', 'HTTPS://', 'www.', 'ftp://', ''),
        fc.array(part, { maxLength: 12 }),
        (scheme, parts) => {
          const link = scheme + parts.join('');
          expect(isImageLink(link)).toBe(PLUGIN.test(link));
        },
      ),
      { numRuns: propertyRuns({ ci: 2000, deep: 100_000 }) },
    );
    for (const link of [
      HERO,
      HERO_300,
      'https://a.example:8080/x.png',
      'https://a.example:80a/x.png',
      'https://-/-.png/',
      'https://a/b/.png',
    ]) {
      expect(isImageLink(link), link).toBe(PLUGIN.test(link));
    }
    expect(isImageLink(PEXELS)).toBe(true);
  });
});

describe('blocksuite-design-library/v1/process_images', () => {
  it('imports a collection’s images and answers them again from the registry, as the image picker does', async () => {
    const store = memoryStore();
    const { download, calls } = countedDouble();
    const { rest } = libraryOn(store, download);
    const images = [{ id: 1000001, alt: 'Lake', photographer: 'Ana Lima', sizes: [{ name: 'scaled', src: PEXELS }] }];
    const post = (user: RestUser | null = editor) =>
      rest.inject({ method: 'POST', path: `${NS}/process_images`, body: { images, collection_slug: 'nature' }, ...(user ? { user } : {}) });
    const first = await post();
    expect(first.data).toEqual([{ id: 1, url: PEXELS }]);
    expect((await post()).data).toEqual(first.data);
    expect(calls).toEqual([PEXELS]);
    expect((await post(null)).status).toBe(401);
    expect((await post(subscriber)).status).toBe(403);
  });
});

describe('design library imports on PGlite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-rest-library-imports-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'keeps the helper posts and imported images across a restart: the pattern inserted again makes and downloads nothing',
    async () => {
      const dataDir = join(dir, 'store');
      const first = await pgliteStore({ dataDir });
      let content: unknown;
      try {
        content = (await pattern(libraryOn(first, countedDouble().download).rest, insert())).data;
      } finally {
        await first.close();
      }
      const reopened = await pgliteStore({ dataDir });
      try {
        const { download, calls } = countedDouble();
        expect((await pattern(libraryOn(reopened, download).rest, insert())).data).toEqual(content);
        expect(calls).toEqual([]);
        expect(await postsOf(reopened, 'kadence_header')).toHaveLength(1);
      } finally {
        await reopened.close();
      }
    },
    PGLITE_MS,
  );
});
