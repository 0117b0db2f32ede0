// The image picker's calls end to end, as Kadence's editor makes them, against one `site-rest serve
// --fixtures` process on PGlite over a real socket: the namespace in the index, a picked image
// downloaded from the recorded double and imported, the same image picked again answered from the
// registry, several picked at once, and a subscriber refused.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const START_MS = 60_000;
const ADMIN_PASSWORD = 'PickerAdmin4kT9wQ2zR7mV8nB';
const SUBSCRIBER_PASSWORD = 'PickerSubscriber7pL3xK9qW2';
const basic = (user: string, password: string) => ({ Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

const SCALED = (id: number) => `https://images.pexels.com/photos/${id}/pexels-photo-${id}.jpeg?auto=compress&cs=tinysrgb&w=2560`;
/** An image as the picker's search lists it and its download button sends it back. */
const picked = (id: number) => ({
  id,
  alt: 'A mountain lake at dawn',
  photographer: 'Ana Lima',
  photographer_url: 'https://www.pexels.com/@ana-lima',
  sizes: [
    { name: 'medium_large', src: SCALED(id).replace('w=2560', 'w=768') },
    { name: 'scaled', src: SCALED(id) },
  ],
});

describe('the image picker, end to end on serve --fixtures and PGlite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-rest-picker-e2e-'));
  let child: ChildProcess | undefined;
  let base = '';

  beforeAll(async () => {
    child = spawn(
      process.execPath,
      [
        CLI,
        'serve',
        '--port',
        '0',
        '--variant',
        'A',
        '--data',
        join(dir, 'data'),
        '--fixtures',
        '--app-password',
        `admin:${ADMIN_PASSWORD}`,
        '--app-password',
        `subscriber:${SUBSCRIBER_PASSWORD}`,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let printed = '';
    base = await new Promise<string>((resolve, reject) => {
      child!.stdout!.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
        const found = /serving (http:\/\/[^/\s]+)/.exec(printed);
        if (found && printed.includes('outside services: recorded answers')) resolve(found[1]!);
      });
      child!.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      child!.once('exit', () => reject(new Error(`serve exited before serving: ${printed}`)));
    });
  }, START_MS);
  afterAll(() => {
    child?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  /** `apiFetch({ path: '/blocksuite-image-picker/v1/process_images', method: 'POST', data: { images } })`. */
  const download = (images: unknown[], auth = basic('admin', ADMIN_PASSWORD)) =>
    fetch(`${base}/wp-json/blocksuite-image-picker/v1/process_images`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ images }),
    });

  it('lists the namespace and its route as the spec does', async () => {
    const index = (await (await fetch(`${base}/wp-json/blocksuite-image-picker/v1`)).json()) as { routes: Record<string, unknown> };
    expect(Object.keys(index.routes)).toEqual(['/blocksuite-image-picker/v1', '/blocksuite-image-picker/v1/process_images']);
  });

  it('imports a picked image, then answers it again from the registry, then imports several at once', async () => {
    const first = await download([picked(1000001)]);
    expect(first.status).toBe(200);
    const [imported] = (await first.json()) as Array<{ id: number; url: string }>;
    expect(imported).toEqual({ id: expect.any(Number), url: SCALED(1000001) });

    // The picker marks it downloaded; picking it again must not make a second attachment.
    expect(await (await download([picked(1000001)])).json()).toEqual([imported]);

    const both = (await (await download([picked(1000001), picked(1000002)])).json()) as Array<{ id: number; url: string }>;
    expect(both[0]).toEqual(imported);
    expect(both[1]).toEqual({ id: expect.any(Number), url: SCALED(1000002) });
    expect(both[1]!.id).not.toBe(imported!.id);
  });

  it('refuses a subscriber with WordPress’s 403, and an image nothing recorded is left out', async () => {
    const refused = await download([picked(1000001)], basic('subscriber', SUBSCRIBER_PASSWORD));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'rest_forbidden' });
    expect(await (await download([picked(999)])).json()).toEqual([]);
  });
});
