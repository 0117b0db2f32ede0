// The SQL layer under the PGlite and PostgreSQL stores: migrations, the table prefix, the
// parameterised round trip, the constraints that make concurrent writers safe, transactions.
// Runs on PGlite always and on a PostgreSQL server when SITE_REST_TEST_DATABASE_URL is set.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SqlClient } from '../src/store/sql/client.js';
import { migrate } from '../src/store/sql/migrate.js';
import { sqlStore } from '../src/store/sql/index.js';
import { tablePrefix } from '../src/store/sql/table-prefix.js';
import {
  TEST_DATABASE_URL,
  freshPrefix,
  pgliteDatabase,
  postgresDatabase,
  testDatabases,
  type TestDatabase,
} from './helpers/sql-backends.js';

describe('tablePrefix', () => {
  it('defaults to WordPress’s wp_', () => {
    expect(tablePrefix()).toBe('wp_');
  });

  it.each(['wp_', 'site2_', '_', 'a', 'a'.repeat(31)])('accepts the identifier %j', (prefix) => {
    expect(tablePrefix(prefix)).toBe(prefix);
  });

  it.each(['', 'wp-', 'Wp_', '2wp_', 'wp_;DROP TABLE x;', 'wp "', 'a'.repeat(32), 'wp_\n'])('refuses %j, naming the rule', (prefix) => {
    expect(() => tablePrefix(prefix)).toThrow(/tablePrefix .* must match/);
  });
});

for (const makeDatabase of testDatabases()) {
  const database: TestDatabase = makeDatabase();
  describe(`SQL layer on ${database.name}`, () => {
    let db: SqlClient;
    let p: string;

    beforeAll(async () => {
      db = await database.open();
    });

    afterAll(async () => {
      await db.close();
      await database.dispose();
    });

    beforeEach(async () => {
      p = freshPrefix();
      await migrate(db, p);
    });

    it('migrates once: a second start applies nothing and finds every table', async () => {
      expect(await migrate(db, p)).toEqual([]);
      const tables = await db.query<{ tablename: string }>(
        'SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND starts_with(tablename, $1) ORDER BY tablename',
        [p],
      );
      expect(tables.map((row) => row.tablename.slice(p.length))).toEqual([
        'counters',
        'options',
        'postmeta',
        'posts',
        'term_relationships',
        'term_taxonomy',
        'termmeta',
        'terms',
        'transients',
        'usermeta',
        'users',
      ]);
      const recorded = await db.query('SELECT version, name FROM site_rest_migrations WHERE prefix = $1', [p]);
      expect(recorded).toEqual([
        { version: 1, name: 'WordPress tables' },
        { version: 2, name: 'Expiring counters, caseless logins' },
      ]);
    });

    it('applies a later migration once, after the ones already applied', async () => {
      const later = [
        { version: 1, name: 'WordPress tables', statements: () => ['SELECT 1 / 0'] },
        { version: 2, name: 'Expiring counters, caseless logins', statements: () => ['SELECT 1 / 0'] },
        { version: 3, name: 'links', statements: (prefix: string) => [`CREATE TABLE ${prefix}links (link_id bigint PRIMARY KEY)`] },
      ];
      expect(await migrate(db, p, later)).toEqual([3]);
      expect(await migrate(db, p, later)).toEqual([]);
      expect(await db.query(`SELECT count(*)::int AS n FROM ${p}links`)).toEqual([{ n: 0 }]);
    });

    it('refuses tables migrated by a newer site-rest, changing nothing', async () => {
      await db.query('INSERT INTO site_rest_migrations (prefix, version, name) VALUES ($1, 99, $2)', [p, 'from the future']);
      await expect(migrate(db, p)).rejects.toThrow(/schema version 99, newer than this site-rest knows/);
    });

    it('rolls a failed migration back whole', async () => {
      const broken = [
        { version: 1, name: 'WordPress tables', statements: () => [] },
        { version: 2, name: 'Expiring counters, caseless logins', statements: () => [] },
        { version: 3, name: 'half', statements: (prefix: string) => [`CREATE TABLE ${prefix}half (id int)`, 'SELECT 1 / 0'] },
      ];
      await expect(migrate(db, p, broken)).rejects.toThrow(/division by zero/);
      expect(await db.query('SELECT to_regclass($1) AS t', [`${p}half`])).toEqual([{ t: null }]);
      expect(await db.query('SELECT version FROM site_rest_migrations WHERE prefix = $1 ORDER BY version', [p])).toEqual([
        { version: 1 },
        { version: 2 },
      ]);
    });

    it('keeps every hostile value unchanged, since values only ever travel as parameters', async () => {
      const values = [
        "it's",
        `'; DROP TABLE ${p}options; --`,
        '$1 $$ \\x00 \\',
        '😀 e\u0301 \u202e',
        'x'.repeat(1 << 20),
        '{"__proto__":1,"\\u0000":"nul"}',
      ];
      for (const [index, value] of values.entries()) {
        await db.query(`INSERT INTO ${p}options (option_name, option_value) VALUES ($1, $2)`, [`hostile-${index}`, value]);
      }
      const rows = await db.query<{ option_value: string }>(
        `SELECT option_value FROM ${p}options WHERE option_name LIKE 'hostile-%' ORDER BY option_id`,
      );
      expect(rows.map((row) => row.option_value)).toEqual(values);
    });

    it('answers bigint ids and counters as numbers', async () => {
      const [row] = await db.query(
        `INSERT INTO ${p}counters (counter_name, counter_value) VALUES ('hits', 9007199254740991) RETURNING counter_value`,
      );
      expect(row).toEqual({ counter_value: Number.MAX_SAFE_INTEGER });
      const [post] = await db.query(`INSERT INTO ${p}posts (post_title) VALUES ('a') RETURNING "ID"`);
      expect(post).toEqual({ ID: 1 });
    });

    it('purges expired counters from the table, keeping live ones and those without a lifetime', async () => {
      let clock = Date.UTC(2026, 0, 15);
      const store = await sqlStore({ ...db, close: async () => undefined }, { tablePrefix: p, now: () => clock });
      await store.counters.increment('forever');
      for (let i = 0; i < 100; i++) await store.counters.increment(`old-${i}`, 1, { ttlSeconds: 60 });
      clock += 60_000;
      for (let i = 0; i < 100; i++) await store.counters.increment(`new-${i}`, 1, { ttlSeconds: 60 });
      const names = await db.query<{ counter_name: string }>(`SELECT counter_name FROM ${p}counters`);
      expect(names.filter((row) => row.counter_name.startsWith('old-'))).toEqual([]);
      expect(names.filter((row) => row.counter_name.startsWith('new-')).length).toBeGreaterThan(0);
      expect(names.some((row) => row.counter_name === 'forever')).toBe(true);
    });

    it('purges expired transients from the table, keeping live ones and those without a lifetime', async () => {
      let clock = Date.UTC(2026, 0, 15);
      const store = await sqlStore({ ...db, close: async () => undefined }, { tablePrefix: p, now: () => clock });
      await store.transients.set('forever', 1, 0);
      for (let i = 0; i < 100; i++) await store.transients.set(`old-${i}`, i, 60);
      clock += 60_000;
      for (let i = 0; i < 100; i++) await store.transients.set(`new-${i}`, i, 60);
      const names = await db.query<{ transient_name: string }>(`SELECT transient_name FROM ${p}transients`);
      expect(names.filter((row) => row.transient_name.startsWith('old-'))).toEqual([]);
      expect(names.filter((row) => row.transient_name.startsWith('new-')).length).toBeGreaterThan(0);
      expect(await store.transients.get('forever')).toBe(1);
    });

    it('keeps a published slug unique per post type, but not across types, nor for drafts and revisions', async () => {
      const insert = (type: string, status: string, slug: string) =>
        db.query(`INSERT INTO ${p}posts (post_type, post_status, post_name) VALUES ($1, $2, $3)`, [type, status, slug]);
      await insert('post', 'publish', 'hello');
      await expect(insert('post', 'private', 'hello')).rejects.toThrow(/duplicate key/);
      await insert('page', 'publish', 'hello');
      await insert('post', 'draft', 'hello');
      await insert('post', 'draft', 'hello');
      await insert('revision', 'inherit', '1-revision-v1');
      await insert('revision', 'inherit', '1-revision-v1');
      await insert('post', 'publish', '');
      await insert('post', 'publish', '');
    });

    it('makes insert-if-absent race-free: of many concurrent adds of one option, exactly one wins', async () => {
      const attempts = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          db.query(
            `INSERT INTO ${p}options (option_name, option_value) VALUES ('once', $1) ON CONFLICT (md5(option_name)) DO NOTHING RETURNING option_value`,
            [String(index)],
          ),
        ),
      );
      expect(attempts.filter((rows) => rows.length === 1)).toHaveLength(1);
      expect(await db.query(`SELECT count(*)::int AS n FROM ${p}options WHERE option_name = 'once'`)).toEqual([{ n: 1 }]);
    });

    it('loses no update when concurrent transactions read, modify and write one row', async () => {
      await db.query(`INSERT INTO ${p}options (option_name, option_value) VALUES ('list', '[]')`);
      await Promise.all(
        Array.from({ length: 25 }, (_, index) =>
          db.transaction(async (tx) => {
            const [row] = await tx.query<{ option_value: string }>(
              `SELECT option_value FROM ${p}options WHERE option_name = 'list' FOR UPDATE`,
            );
            const list = JSON.parse(row?.option_value ?? '[]') as number[];
            await tx.query(`UPDATE ${p}options SET option_value = $1 WHERE option_name = 'list'`, [JSON.stringify([...list, index])]);
          }),
        ),
      );
      const [row] = await db.query<{ option_value: string }>(`SELECT option_value FROM ${p}options WHERE option_name = 'list'`);
      expect((JSON.parse(row?.option_value ?? 'null') as number[]).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 25 }, (_, index) => index),
      );
    });

    it('rolls a transaction back when its work throws, and keeps serving afterwards', async () => {
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`INSERT INTO ${p}counters (counter_name) VALUES ('gone')`);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await db.query(`SELECT * FROM ${p}counters`)).toEqual([]);
      expect(await db.transaction((tx) => tx.query('SELECT 1 AS one'))).toEqual([{ one: 1 }]);
    });

    it('keeps one slug per taxonomy and one taxonomy per term', async () => {
      const term = (taxonomy: string, slug: string) =>
        db.query<{ term_id: number }>(`INSERT INTO ${p}terms (name, slug, taxonomy) VALUES ($1, $2, $3) RETURNING term_id`, [
          slug,
          slug,
          taxonomy,
        ]);
      const news = (await term('category', 'news'))[0]?.term_id;
      await expect(term('category', 'news')).rejects.toThrow(/duplicate key/);
      await term('post_tag', 'news');
      await db.query(`INSERT INTO ${p}term_taxonomy (term_id, taxonomy) VALUES ($1, 'category')`, [news]);
      await expect(db.query(`INSERT INTO ${p}term_taxonomy (term_id, taxonomy) VALUES ($1, 'post_tag')`, [news])).rejects.toThrow(
        /duplicate key/,
      );
    });
  });
}

describe('PGlite persistence', () => {
  it('finds what was written after the database is closed and opened again', async () => {
    const database = pgliteDatabase();
    try {
      const first = await database.open();
      await migrate(first, 'wp_');
      await first.query("INSERT INTO wp_options (option_name, option_value) VALUES ('blogname', '\"Kept\"')");
      await first.close();
      const second = await database.open();
      expect(await migrate(second, 'wp_')).toEqual([]);
      expect(await second.query("SELECT option_value FROM wp_options WHERE option_name = 'blogname'")).toEqual([
        { option_value: '"Kept"' },
      ]);
      await second.close();
    } finally {
      await database.dispose();
    }
  });
});

describe.skipIf(TEST_DATABASE_URL === undefined)(
  'PostgreSQL server (set SITE_REST_TEST_DATABASE_URL, e.g. through scripts/test-postgres.sh)',
  () => {
    const database = postgresDatabase(TEST_DATABASE_URL ?? '');

    afterAll(() => database.dispose());

    it('migrates once when several processes start at once', async () => {
      const prefix = freshPrefix();
      const clients = await Promise.all(Array.from({ length: 4 }, () => database.open()));
      try {
        const applied = await Promise.all(clients.map((client) => migrate(client, prefix)));
        expect(applied.flat()).toEqual([1, 2]);
      } finally {
        await Promise.all(clients.map((client) => client.close()));
      }
    });

    it('lets two prefixes share one database without seeing each other', async () => {
      const [one, two] = [freshPrefix(), freshPrefix()];
      const client = await database.open();
      try {
        await migrate(client, one);
        expect(await migrate(client, two)).toEqual([1, 2]);
        await client.query(`INSERT INTO ${one}options (option_name, option_value) VALUES ('blogname', '"One"')`);
        expect(await client.query(`SELECT * FROM ${two}options`)).toEqual([]);
      } finally {
        await client.close();
      }
    });
  },
);
