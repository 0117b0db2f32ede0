// The SQL databases a test runs on: embedded PGlite always (one temporary directory per test
// file), a PostgreSQL server too when SITE_REST_TEST_DATABASE_URL names one
// (scripts/test-postgres.sh starts a throwaway one). Tests keep apart by table prefix, each taking
// a fresh one, so one database serves a whole file and runs on a shared server do not meet.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { SqlClient } from '../../src/store/sql/client.js';
import { sqlStore, type SqlStoreOptions } from '../../src/store/sql/index.js';
import { describeStoreContract } from './store-contract.js';
import { pgClient } from '../../src/store/sql/pg-client.js';
import { pgliteClient } from '../../src/store/sql/pglite-client.js';
import { storeTemplate } from '../../src/store/sql/pglite-template.js';

/** The server the PostgreSQL tests use, if any. */
export const TEST_DATABASE_URL = process.env.SITE_REST_TEST_DATABASE_URL;

/** One database under test. */
export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** Opens a client; PGlite allows one open client per directory at a time. */
  open(): Promise<SqlClient>;
  /** Drops every table this database's prefixes made (server) or deletes the directory (PGlite). */
  dispose(): Promise<void>;
}

let serial = 0;
const run = `${process.pid}_${Date.now() % 1e6}`;

/** A table prefix no other test, file or concurrent run uses. */
export function freshPrefix(): string {
  serial += 1;
  return `t${run}_${serial}_`;
}

/**
 * A PGlite directory for a test file, started from the build's template (see
 * built-store-template.ts) rather than initdb: tests take prefixes of their own, which the
 * template's default-prefix tables do not meet.
 */
export function pgliteDatabase(): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'site-rest-pglite-'));
  return {
    name: 'pglite',
    open: () => pgliteClient({ dataDir: dir }, storeTemplate('store')),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export function postgresDatabase(url: string): TestDatabase {
  return {
    name: 'postgres',
    open: async () => pgClient({ connectionString: url }),
    async dispose() {
      const client = pgClient({ connectionString: url });
      try {
        const mine = `t${run}\\_%`;
        const tables = await client.query<{ tablename: string }>(
          'SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename LIKE $1',
          [mine],
        );
        for (const { tablename } of tables) await client.query(`DROP TABLE IF EXISTS "${tablename}" CASCADE`);
        await client.query('DELETE FROM site_rest_migrations WHERE prefix LIKE $1', [mine]).catch(() => undefined);
      } finally {
        await client.close();
      }
    },
  };
}

/** Every database available here. */
export function testDatabases(): Array<() => TestDatabase> {
  const url = TEST_DATABASE_URL;
  return url === undefined ? [pgliteDatabase] : [pgliteDatabase, () => postgresDatabase(url)];
}

/**
 * Empties every table of `prefix` and restarts its identities: the tables as a first migration
 * leaves them. One statement, and rows deleted rather than tables truncated (a TRUNCATE makes new
 * files for every table and index: 100 ms a time on PGlite, against 30 for this and 200 for a
 * new prefix's migrations).
 */
async function emptyTables(client: SqlClient, prefix: string): Promise<void> {
  await client.query(`DO $$DECLARE found record; BEGIN
    FOR found IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND starts_with(tablename, '${prefix}') LOOP
      EXECUTE format('DELETE FROM %I', found.tablename);
    END LOOP;
    FOR found IN SELECT sequencename FROM pg_sequences WHERE schemaname = current_schema() AND starts_with(sequencename, '${prefix}') LOOP
      EXECUTE format('ALTER SEQUENCE %I RESTART', found.sequencename);
    END LOOP;
  END$$`);
}

/**
 * The SiteStore contract on `database`: one client for the file, each test's store a new
 * `sqlStore` on the file's own prefix, its tables emptied and their identities restarted first
 * (so fresh and empty, as on a new prefix, without migrating again for each of the 180 tests),
 * its `close` leaving the shared client open; `exclusive` turns on the read cache.
 */
export function describeSqlStoreContract(name: string, database: TestDatabase, store: Pick<SqlStoreOptions, 'exclusive'> = {}): void {
  let client: SqlClient;
  let prefix: string | undefined;
  beforeAll(async () => {
    client = await database.open();
  });
  afterAll(async () => {
    await client.close();
    await database.dispose();
  });
  describeStoreContract(name, async ({ now }) => {
    if (prefix === undefined) prefix = freshPrefix();
    else await emptyTables(client, prefix);
    return sqlStore({ ...client, close: async () => undefined }, { ...store, tablePrefix: prefix, now });
  });
}
