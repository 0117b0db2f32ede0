// pgliteStore and postgresStore as a host opens them from `site-rest/store`: a PGlite directory
// keeps what was written across a restart, a bad prefix is refused before anything is created,
// and two stores on one PostgreSQL server (as two processes would be) share one site.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isStoreError } from '../src/index.js';
import { pgliteStore, postgresStore } from '../src/store.js';
import { TEST_DATABASE_URL, freshPrefix, postgresDatabase } from './helpers/sql-backends.js';

describe('pgliteStore', () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-rest-pglite-store-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps posts, meta, options and counters across a restart on the same directory', async () => {
    const dataDir = join(dir, 'site');
    const first = await pgliteStore({ dataDir });
    const post = await first.posts.insert({ post_status: 'publish', post_title: 'Kept', post_name: 'kept' });
    await first.postMeta.add(post.ID, '_yoast_wpseo_title', 'SEO title');
    await first.options.set('blogname', 'My site');
    await first.counters.increment('hits', 3);
    await first.close();

    const second = await pgliteStore({ dataDir });
    try {
      expect(await second.posts.get(post.ID)).toMatchObject({ post_title: 'Kept', post_name: 'kept' });
      expect(await second.postMeta.get(post.ID, '_yoast_wpseo_title')).toEqual(['SEO title']);
      expect(await second.options.get('blogname')).toBe('My site');
      expect(await second.counters.get('hits')).toBe(3);
      expect((await second.posts.insert({ post_status: 'publish', post_name: 'kept' })).post_name).toBe('kept-2');
    } finally {
      await second.close();
    }
  });

  it('refuses a table prefix that is not a plain identifier, creating nothing', async () => {
    const dataDir = join(dir, 'refused');
    await expect(pgliteStore({ dataDir, tablePrefix: 'wp_; DROP TABLE wp_posts' })).rejects.toThrow(/tablePrefix .* must match/);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('keeps two prefixes in one directory as two sites', async () => {
    const dataDir = join(dir, 'two-sites');
    const one = await pgliteStore({ dataDir, tablePrefix: 'one_' });
    await one.options.set('blogname', 'One');
    await one.close();
    const two = await pgliteStore({ dataDir, tablePrefix: 'two_' });
    try {
      expect(await two.options.get('blogname')).toBeUndefined();
    } finally {
      await two.close();
    }
  });
});

describe.skipIf(TEST_DATABASE_URL === undefined)('postgresStore (SITE_REST_TEST_DATABASE_URL; scripts/test-postgres.sh runs it)', () => {
  const database = postgresDatabase(TEST_DATABASE_URL ?? '');
  afterAll(() => database.dispose());

  it('lets two stores on one server, started at once, share one site without losing a write', async () => {
    const tablePrefix = freshPrefix();
    const connectionString = TEST_DATABASE_URL ?? '';
    const [a, b] = await Promise.all([postgresStore({ connectionString, tablePrefix }), postgresStore({ connectionString, tablePrefix })]);
    try {
      await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? a : b).counters.increment('hits')));
      expect(await a.counters.get('hits')).toBe(200);
      const created = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).posts.insert({ post_status: 'publish', post_name: 'same' })),
      );
      expect(new Set(created.map((post) => post.ID)).size).toBe(10);
      expect(new Set(created.map((post) => post.post_name)).size).toBe(10);
      await a.userMeta.add(1, '_application_passwords', [{ uuid: 'u1', password: '$hash' }]);
      expect(await b.userMeta.get(1, '_application_passwords')).toEqual([[{ uuid: 'u1', password: '$hash' }]]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  type Store = Awaited<ReturnType<typeof postgresStore>>;

  /** The statements the one connection of a host's pool holds prepared once `work` ran on two stores (two prefixes) over it. */
  async function preparedAfter(work: (a: Store, b: Store) => Promise<unknown>, preparedStatements?: boolean): Promise<string[]> {
    const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
    const a = await postgresStore({ pool, tablePrefix: freshPrefix(), preparedStatements });
    const b = await postgresStore({ pool, tablePrefix: freshPrefix(), preparedStatements });
    try {
      await work(a, b);
      const { rows } = await pool.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
      return rows.map((row) => row.name);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await pool.end();
    }
  }

  const read = (store: Store) => store.posts.query({ status: ['publish'], limit: 10 });

  it('prepares each statement once per connection, named by its text so that stores sharing a pool never clash', async () => {
    const once = await preparedAfter((a, b) => Promise.all([read(a), read(b)]));
    const again = await preparedAfter(async (a, b) => {
      for (let i = 0; i < 3; i++) await Promise.all([read(a), read(b)]);
    });
    expect(once.length).toBeGreaterThan(0);
    expect(once.every((name) => /^site_rest_[\w-]{32}$/.test(name))).toBe(true);
    expect(again).toHaveLength(once.length);
    expect(await preparedAfter((a, b) => Promise.all([read(a), read(b)]), false)).toEqual([]);
  });

  it('prepares a bounded number of statement texts, however many shapes clients make queries take', async () => {
    const names = await preparedAfter(async (a) => {
      // One condition per date range: each count of ranges is a statement text of its own.
      for (let ranges = 1; ranges <= 300; ranges++)
        await a.posts.query({
          dates: Array.from({ length: ranges }, () => ({ column: 'post_date_gmt', after: '2020-01-01 00:00:00' })),
          limit: 1,
        });
    });
    // The first 256 texts prepared, the rest run unprepared.
    expect(names.length).toBeGreaterThanOrEqual(256);
    expect(names.length).toBeLessThan(300);
  });

  it('runs a statement whose text a long query made long unprepared', async () => {
    const searches = (...searches: string[]) =>
      preparedAfter(async (a) => {
        for (const search of searches) await a.posts.query({ search, limit: 1 });
      });
    const long = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ');
    // Each run has tables of its own prefix, so its statements their own names: the counts tell.
    expect((await searches('short', long)).length).toBe((await searches('short')).length);
    expect((await searches('short', 'two words')).length).toBeGreaterThan((await searches('short')).length);
  });

  it('fails at once on an unreachable server', async () => {
    await expect(postgresStore({ connectionString: 'postgres://nobody:secret@127.0.0.1:1/none' })).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});

describe('a conflict inside a transaction', () => {
  it('leaves the transaction usable: the caller may catch it and go on, and what it wrote after is kept', async () => {
    const store = await pgliteStore();
    try {
      await store.users.insert({ user_login: 'admin' });
      const outcome = await store.transaction(async (tx) => {
        const refused = await tx.users.insert({ user_login: 'admin' }).catch((error: unknown) => error);
        await tx.options.set('after', 'kept');
        return refused;
      });
      expect(isStoreError(outcome, 'conflict')).toBe(true);
      expect(await store.options.get('after')).toBe('kept');
      expect((await store.users.query({})).total).toBe(1);
    } finally {
      await store.close();
    }
  });
});
