// The design library as Kadence's editor drives it, end to end: `site-rest serve --variant A
// --fixtures` on PGlite (one process, the built CLI), called over HTTP in the order the editor's
// library modal calls it: the section library and its categories, the AI wizard (industries,
// image collections, keyword suggestions, its events, the initial AI jobs polled until done, the
// credits), images for the chosen industry, and one pattern's content to insert, brought into the
// site (its image imported) as the editor does before inserting it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const PASSWORD = 'DesignLibraryE2e4kT9wQ2zR';
const AUTH = { Authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` };

let child: ChildProcess | undefined;
let base = '';
const dataDir = mkdtempSync(join(tmpdir(), 'site-rest-design-library-e2e-'));

/** Starts the built CLI; resolves with the URL it serves once it has printed it. */
function start(): Promise<string> {
  const argv = ['serve', '--variant', 'A', '--port', '0', '--data', dataDir, '--fixtures', '--app-password', `admin:${PASSWORD}`];
  const process_ = spawn(process.execPath, [CLI, ...argv], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  child = process_;
  let printed = '';
  return new Promise((resolve, reject) => {
    process_.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const found = /serving (http:\/\/[^/\s]+)/.exec(printed);
      if (found && printed.includes('outside services: recorded answers')) resolve(found[1]!);
    });
    process_.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    process_.once('exit', () => reject(new Error(`serve exited before serving: ${printed}`)));
  });
}

/** One call of the editor's, as `apiFetch` makes it: its status and decoded JSON. */
async function call(method: 'GET' | 'POST', route: string, params: Record<string, string | string[]> = {}, body?: unknown) {
  const url = new URL(`${base}/wp-json/blocksuite-design-library/v1/${route}`);
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(Array.isArray(value) ? `${name}[]` : name, item);
  }
  const answer = await fetch(url, {
    method,
    headers: { ...AUTH, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, data: await answer.json() };
}

beforeAll(async () => {
  base = await start();
}, 60_000);

afterAll(() => {
  child?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the design library's browse and insert, as the editor calls it", () => {
  it('lists the section library and its categories, then gives one pattern to insert', async () => {
    const section = { library: 'section', key: 'section' };
    const categories = await call('GET', 'get_library_categories', section);
    expect(categories.status).toBe(200);
    expect(JSON.parse(categories.data as string)).toMatchObject({ hero: 'Hero', 'pricing-table': 'Pricing Table' });
    const library = await call('GET', 'get_library', section);
    const patterns = JSON.parse(library.data as string) as Record<string, { name: string; categories: Record<string, string> }>;
    expect(Object.keys(patterns)).toContain('hero-bakery-01');
    expect(patterns['hero-bakery-01']!.categories).toHaveProperty('hero');
    expect((await call('GET', 'get_library', section)).data).toBe(library.data);

    const content = await call('GET', 'get_pattern_content', { ...section, pattern_id: 'hero-bakery-01', pattern_type: 'pattern' });
    expect(content.data).toContain('Fresh bread, every morning');
    // Before it inserts the pattern the editor has it brought into the site: its image imported
    // (the recorded download) and the block pointed at the new attachment.
    const imported = await call('POST', 'process_pattern', {}, { content: content.data, cpt_blocks: {}, style: 'light' });
    expect(imported.status).toBe(200);
    const attachment = /"id":(\d+),"uniqueID":"1101_img1"/.exec(imported.data as string);
    expect(Number(attachment?.[1])).toBeGreaterThan(0);
    expect(attachment?.[1]).not.toBe('56');
    expect(imported.data).toContain(`wp-image-${attachment![1]}"`);
    expect(imported.data).toContain('Fresh bread, every morning');
    const again = await call('POST', 'process_pattern', {}, { content: content.data, cpt_blocks: {}, style: 'light' });
    expect(again.data).toBe(imported.data);
    const added = await call(
      'POST',
      'handle_event',
      {},
      { event_label: 'pattern_added_to_page', event_data: { id: 1101, slug: 'hero-bakery-01' } },
    );
    expect(added).toEqual({ status: 200, data: { message: 'Event handled.' } });
  });

  it('runs the AI wizard: industries, collections, keywords, its events, the initial jobs polled until done, the credits', async () => {
    expect((await call('GET', 'get_local_contexts')).data).toBe('failed');
    const verticals = JSON.parse((await call('GET', 'get_verticals')).data as string) as { data: Array<{ industries: string[] }> };
    expect(verticals.data[0]!.industries).toContain('Bakery');
    expect((await call('POST', 'handle_event', {}, { event_label: 'ai_wizard_started' })).status).toBe(200);
    const collections = JSON.parse((await call('GET', 'get_image_collections')).data as string) as { data: Array<{ slug: string }> };
    expect(collections.data.map((collection) => collection.slug)).toContain('bakery');
    const keywords = await call(
      'POST',
      'get_keywords',
      {},
      {
        name: 'Crumb & Co',
        entity_type: 'company',
        industry: 'Bakery',
        location: 'Leeds',
        description: 'A neighbourhood bakery.',
        lang: 'en',
        count: 5,
      },
    );
    expect(JSON.parse(keywords.data as string)).toHaveProperty('data.0', 'sourdough bread');
    expect(
      (
        await call(
          'POST',
          'handle_event',
          {},
          { event_label: 'ai_wizard_complete', event_data: { industry: 'Bakery', entityType: 'company' } },
        )
      ).status,
    ).toBe(200);

    const started = (await call('GET', 'get_initial_jobs')).data as string[];
    expect(started).toHaveLength(20);
    expect((await call('GET', 'get-all-ai', { force_reload: 'true' })).data).toBe('loading');
    const content = (await call('GET', 'get-all-ai', { force_reload: 'true' })).data as Record<string, Record<string, { title: string }>>;
    expect(Object.keys(content).sort()).toEqual([...started].sort());
    expect(content.about!['about-hero']!.title).toBe('Bread Worth Waking Up For');
    expect((await call('GET', 'get_local_contexts')).data).toEqual(started);
    expect(JSON.parse((await call('GET', 'get', { context: 'about' })).data as string)).toHaveProperty('about.title');
    expect((await call('GET', 'get_remaining_credits')).data).toBe('1250');
  });

  it('gives images for the chosen industry', async () => {
    const images = await call('GET', 'get_images', { industries: ['bakery'], image_type: 'JPEG' });
    const found = JSON.parse(images.data as string) as { data: Array<{ images: Array<{ alt: string }> }> };
    expect(found.data[0]!.images.map((image) => image.alt)).toContain('Croissants on a tray');
  });
});
