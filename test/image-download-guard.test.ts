// The built-in image download (`nodeImageDownload`, the oEmbed proxy's address guard shared) reaches
// public addresses only, checked at connect time at every redirect hop: two loopback servers on
// one port play a public image host (127.0.0.2, which the scripted guard lets through as if public)
// and an internal service (127.0.0.1, refused as every private address is). Each SSRF attempt
// goes through `process_images`, as an editor would send it, and must leave the internal service
// untouched and nothing imported.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blocksuiteImagePicker, createRestServer, memoryStore, type ErrorInfo, type ImageDownload, type RestUser } from '../src/index.js';
import { guardedFetch, isPrivateAddress } from '../src/namespaces/address-guard.js';
import { imageDownloadThrough } from '../src/namespaces/image-download.js';
import { nodeImageDownload } from '../src/node.js';
import { recordingServer } from './helpers/recording-server.js';

const editor: RestUser = { id: 2, username: 'editor', can: () => true };
/** A 1×1 PNG, the internal service's "secret" image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQD3A0FDAAAAAElFTkSuQmCC', 'base64');

/** A resolver answering from a table. */
const resolver = (table: Record<string, string>) => async (hostname: string) => {
  const address = table[hostname];
  if (!address) throw Object.assign(new Error(`no such name ${hostname}`), { code: 'ENOTFOUND' });
  return [address];
};

/** A picked image whose one size is `src`. */
const pickedAt = (src: string) => ({ id: 42, alt: 'probe', photographer: 'x', sizes: [{ name: 'scaled', src }] });

describe('the built-in image download connects only to public addresses, checked at connect time', () => {
  let port = 0;
  const png = (res: ServerResponse) => res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': PNG.length }).end(PNG);
  const internal = recordingServer('127.0.0.1', 0, { '/secret.png': png });
  let host: ReturnType<typeof recordingServer>;

  beforeAll(async () => {
    port = await internal.start();
    host = recordingServer('127.0.0.2', port, {
      '/photo.png': png,
      '/page.html': (res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>not an image</html>'),
      '/huge.png': (res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.concat([PNG, Buffer.alloc(4096)])),
      '/redirect/ip': (res) => res.writeHead(302, { Location: `http://127.0.0.1:${port}/secret.png` }).end(),
      '/redirect/name': (res) => res.writeHead(301, { Location: `http://internal.example:${port}/secret.png` }).end(),
      '/redirect/public': (res) => res.writeHead(302, { Location: `http://cdn.example:${port}/photo.png` }).end(),
    });
    await host.start();
  });
  afterAll(async () => {
    await host.stop();
    await internal.stop();
  });
  beforeEach(() => {
    internal.hits.length = 0;
    host.hits.length = 0;
  });

  /** Imports the image at `src` through `download`: the answer, the attachments made and what onError heard. */
  async function importThrough(download: ImageDownload, src: string, maxBytes?: number) {
    const store = memoryStore();
    const reports: Array<{ error: unknown; info: ErrorInfo }> = [];
    const rest = createRestServer({
      site: { name: 'Guard Site', url: 'http://guard.test' },
      store,
      namespaces: [blocksuiteImagePicker({ imageDownload: download, ...(maxBytes ? { downloadLimits: { maxBytes } } : {}) })],
      onError: (error, info) => reports.push({ error, info }),
    });
    const answer = await rest.inject({
      method: 'POST',
      path: '/blocksuite-image-picker/v1/process_images',
      body: { images: [pickedAt(src)] },
      user: editor,
    });
    const { total } = await store.posts.query({ type: ['attachment'] });
    return { answer, total, reports };
  }

  /** The guarded download the scripted tests use: names from `table`, 127.0.0.2 taken as public. */
  const scripted = (table: Record<string, string>) =>
    imageDownloadThrough(
      guardedFetch({ resolve: resolver(table), isRefused: (address) => address !== '127.0.0.2' && isPrivateAddress(address) }),
    );

  it.each([
    ['loopback', 'http://127.0.0.1:{port}/secret.png'],
    ['10/8', 'http://10.0.0.1:{port}/secret.png'],
    ['link-local (the cloud metadata address)', 'http://169.254.169.254/latest/meta-data/secret.png'],
    ['IPv6 loopback', 'http://[::1]:{port}/secret.png'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]:{port}/secret.png'],
    ['IPv4-mapped IPv6, hex form', 'http://[::ffff:7f00:1]:{port}/secret.png'],
  ])('nodeImageDownload refuses %s without connecting', async (_, template) => {
    const { answer, total, reports } = await importThrough(nodeImageDownload(), template.replace('{port}', String(port)));
    expect([answer.status, answer.data, total]).toEqual([200, [], 0]);
    expect(internal.hits).toEqual([]);
    expect(reports.map((report) => report.info.phase)).toEqual(['service']);
    expect(String((reports[0]!.error as Error).message)).toContain('not a public address');
  });

  it('refuses a DNS name that resolves to a private address', async () => {
    const { answer, total } = await importThrough(
      scripted({ 'internal.example': '127.0.0.1' }),
      `http://internal.example:${port}/secret.png`,
    );
    expect([answer.data, total]).toEqual([[], 0]);
    expect(internal.hits).toEqual([]);
  });

  it.each([
    ['a private IP literal', '/redirect/ip'],
    ['a name that resolves to a private address', '/redirect/name'],
  ])('refuses a redirect to %s', async (_, path) => {
    const download = scripted({ 'public.example': '127.0.0.2', 'internal.example': '127.0.0.1' });
    const { answer, total } = await importThrough(download, `http://public.example:${port}${path}`);
    expect([answer.data, total]).toEqual([[], 0]);
    expect(host.hits).toEqual([path]);
    expect(internal.hits).toEqual([]);
  });

  it('follows a redirect to a public address and imports the image', async () => {
    const download = scripted({ 'public.example': '127.0.0.2', 'cdn.example': '127.0.0.2' });
    const { answer, total } = await importThrough(download, `http://public.example:${port}/redirect/public`);
    expect(answer.data).toEqual([{ id: 1, url: `http://public.example:${port}/redirect/public` }]);
    expect(total).toBe(1);
    expect(host.hits).toEqual(['/redirect/public', '/photo.png']);
  });

  it('refuses an answer that is no image before reading it, and one over the cap', async () => {
    const download = scripted({ 'public.example': '127.0.0.2' });
    expect((await importThrough(download, `http://public.example:${port}/page.html`)).total).toBe(0);
    expect((await importThrough(download, `http://public.example:${port}/huge.png`, 1024)).total).toBe(0);
    expect((await importThrough(download, `http://public.example:${port}/huge.png`, 8192)).total).toBe(1);
  });

  it('reaches a loopback image only with allowPrivateAddresses', async () => {
    const allowed = await importThrough(nodeImageDownload({ allowPrivateAddresses: true }), `http://127.0.0.1:${port}/secret.png`);
    expect(allowed.total).toBe(1);
    expect(internal.hits).toEqual(['/secret.png']);
  });
});
