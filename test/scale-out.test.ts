// Two `site-rest serve` processes on one PostgreSQL database, as two instances behind a load
// balancer: concurrent writes through both keep unique ids and slugs, read-modify-writes lose
// nothing, an application password works on either and is never refused for a burst of its own
// requests (60 signed-in creates at once, all stored), a batch is stored once and in order, a layout
// favourite and an MFA session written through one are seen by the other. Runs
// only when SITE_REST_TEST_DATABASE_URL names a server (scripts/test-postgres.sh, CI), on a fresh
// database of its own; the CLI is the built one (`npm test` builds first).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresStore } from '../src/store.js';
import { TEST_DATABASE_URL } from './helpers/sql-backends.js';

const CLI = join(import.meta.dirname, '..', 'dist', 'cli.js');
const STORE = join(import.meta.dirname, '..', 'dist', 'store.js');
const PASSWORD = 'XjlC 2Zeg fuea 1RMR DacQ wAO8';
/** Requests in flight at once, half through each process. */
const WAVE = 16;

interface Instance {
  child: ChildProcess;
  url: string;
  /** What it has printed so far (its summary, the demo's printed mails). */
  printed: () => string;
}

/** Starts `site-rest serve --database <url>` and waits for the URL it prints. */
async function startServe(database: string, extra: string[] = []): Promise<Instance> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--database', database, ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      // Variant B advertises ?rest_route= URLs; both forms are served, so the tests use /wp-json/.
      const found = /serving (http:\/\/127\.0\.0\.1:\d+\/)(?:wp-json\/|index\.php\?rest_route=\/)/.exec(printed);
      if (found) resolve(`${found[1]!}wp-json/`);
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${printed}`)));
  });
  return { child, url, printed: () => printed };
}

async function stop(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null) return;
  instance.child.kill('SIGTERM');
  await once(instance.child, 'exit');
}

const adminAuth = { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` };

/** A post as the tests read it. */
interface Post {
  id: number;
  slug: string;
  title: { rendered: string };
}

async function call<T = Post>(instance: Instance, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const response = await fetch(`${instance.url}${path}`, {
    method,
    headers: { ...adminAuth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, data: (await response.json()) as T };
}

/** Runs `count` calls, {@link WAVE} at a time, as a client with a few connections would. */
async function inWaves<T>(count: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const done: T[] = [];
  for (let start = 0; start < count; start += WAVE) {
    done.push(...(await Promise.all(Array.from({ length: Math.min(WAVE, count - start) }, (_, k) => task(start + k)))));
  }
  return done;
}

describe.skipIf(!TEST_DATABASE_URL)('two serve processes on one PostgreSQL', () => {
  const name = `scale_${process.pid}_${Date.now() % 1e6}`;
  let database = '';
  let one: Instance;
  let two: Instance;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    database = url.href;
    // The first start seeds the site (and the admin's password); the second finds it seeded.
    one = await startServe(database, ['--app-password', `admin:${PASSWORD}`]);
    two = await startServe(database);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([one && stop(one), two && stop(two)]);
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('verifies the application password given to the first on the second', async () => {
    const me = await call(two, 'POST', 'core/v2/posts', { title: 'Written on two', status: 'draft' });
    expect(me.status).toBe(201);
  });

  it('answers 60 signed-in creates sent at once through both with 201, and stores all 60', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => call(i % 2 ? one : two, 'POST', 'core/v2/posts', { title: `Burst ${i}`, status: 'publish' })),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const listed = await call<Post[]>(two, 'GET', 'core/v2/posts?search=Burst&per_page=100');
    expect(listed.data.map((post) => post.title.rendered).sort()).toEqual(Array.from({ length: 60 }, (_, i) => `Burst ${i}`).sort());
  });

  it('gives concurrent creates through both unique ids and slugs', async () => {
    const answers = await inWaves(40, (i) => call(i % 2 ? one : two, 'POST', 'core/v2/posts', { title: 'Same Title', status: 'publish' }));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const ids = answers.map((a) => a.data.id);
    const slugs = answers.map((a) => a.data.slug);
    expect(new Set(ids).size).toBe(40);
    expect(new Set(slugs).size).toBe(40);
    expect(slugs.filter((slug) => !/^same-title(-\d+)?$/.test(slug))).toEqual([]);
  });

  it('loses no sticky flag when both processes update the sticky_posts option at once', async () => {
    const created = await inWaves(20, (i) => call(i % 2 ? one : two, 'POST', 'core/v2/posts', { title: `Sticky ${i}`, status: 'publish' }));
    const ids = created.map((a) => a.data.id);
    await inWaves(ids.length, (i) => call(i % 2 ? two : one, 'POST', `core/v2/posts/${ids[i]}`, { sticky: true }));
    const sticky = await call<Post[]>(one, 'GET', `core/v2/posts?sticky=true&per_page=100`);
    expect(sticky.data.map((post) => post.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('stores a batch of 25 writes once, in order, read back through the other', async () => {
    const requests = Array.from({ length: 25 }, (_, i) => ({
      method: 'POST',
      path: '/core/v2/posts',
      body: { title: `Batch ${i}`, status: 'publish' },
    }));
    const batch = await call<{ responses: Array<{ status: number; body: Post }> }>(one, 'POST', 'batch/v1', { requests });
    expect(batch.status).toBe(207);
    const ids = batch.data.responses.map((r) => {
      expect(r.status).toBe(201);
      return r.body.id;
    });
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const listed = await call<Post[]>(two, 'GET', `core/v2/posts?search=Batch&per_page=100&orderby=id&order=asc`);
    expect(listed.data.map((p) => [p.id, p.title.rendered])).toEqual(ids.map((id, i) => [id, `Batch ${i}`]));
  });

  it("shows a layout favourite saved through one process in the other's list", async () => {
    const saved = await call<string[]>(one, 'PATCH', 'themeblocks/v1/layouts/favorites', {
      genesis_blocks_favorite_key: 'scale_out_layout',
    });
    expect(saved.status).toBe(200);
    expect((await call<string[]>(two, 'GET', 'themeblocks/v1/layouts/favorites')).data).toContain('scale_out_layout');
  });

  it('mails the code of an MFA session opened by one process when the other is asked, and counts sends across both', async () => {
    const three = await startServe(database, ['--variant', 'B', '--mfa-session', 'admin']);
    const four = await startServe(database, ['--variant', 'B']);
    try {
      const [, token, secret] = /token=(\w+) secret=(\w+)/.exec(three.printed()) ?? [];
      const send = async (instance: Instance, code: string) => {
        const response = await fetch(`${instance.url}login-guard/v1/mfa/send-code`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token, secret, code }),
        });
        return response.status;
      };
      expect(await send(four, '135791')).toBe(200);
      expect(four.printed()).toContain('135791');
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push(await send(i % 2 ? three : four, `24680${i}`));
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await Promise.all([stop(three), stop(four)]);
    }
  }, 60_000);

  it('ends 1,000 increments of one counter split across two processes at exactly 1,000', async () => {
    const script = `import { postgresStore } from ${JSON.stringify(pathToFileURL(STORE).href)};
const store = await postgresStore({ connectionString: process.env.DATABASE });
await Promise.all(Array.from({ length: 500 }, () => store.counters.increment('scale_out_hits')));
await store.close();`;
    const workers = [1, 2].map(() =>
      spawn(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, DATABASE: database }, stdio: 'inherit' }),
    );
    const codes = await Promise.all(workers.map(async (worker) => (await once(worker, 'exit'))[0] as number));
    expect(codes).toEqual([0, 0]);
    const store = await postgresStore({ connectionString: database });
    try {
      expect(await store.counters.get('scale_out_hits')).toBe(1000);
    } finally {
      await store.close();
    }
  });
});
