import { PGlite, types } from '@electric-sql/pglite';
import { parseInt8, type SqlClient, type SqlQueryable } from './client.js';
import { lockDirectory } from './directory-lock.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { unpackTemplate, type TemplateSource } from './pglite-template.js';

/** Where an embedded database lives. */
export interface PgliteClientOptions {
  /**
   * The directory holding the database files, open in one process at a time (a second is refused
   * while the first runs); omitted, the database lives in memory and ends with the process.
   */
  dataDir?: string;
}

/**
 * Runs each piece of work after the previous one has settled. PGlite is one connection: a
 * statement issued while another caller's transaction is open would run inside that transaction,
 * so every statement and transaction takes its turn.
 */
function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

function queryable(db: Pick<PGlite, 'query'>): SqlQueryable {
  return {
    async query<Row extends object>(text: string, params: readonly unknown[] = []) {
      const result = await db.query<Row>(text, [...params]);
      return result.rows;
    },
  };
}

/** The client over an open database; `release` runs once it is closed. */
export function clientOn(db: PGlite, release: () => void): SqlClient {
  const turn = oneAtATime();
  const direct = queryable(db);
  return {
    query: (text, params = []) => {
      // Copied now: the caller may reuse its array before this statement's turn comes.
      const values = [...params];
      return turn(() => direct.query(text, values));
    },
    transaction: (work) => turn(() => db.transaction((tx) => work(queryable(tx)))),
    close: () =>
      turn(async () => {
        try {
          await db.close();
        } finally {
          release();
        }
      }),
  };
}

/**
 * Starts PGlite on `dataDir` (in memory when undefined). A directory without a database yet, or
 * memory, starts from `template`'s files when it has any, else from PostgreSQL's initdb.
 */
export function openPglite(dataDir: string | undefined, template?: TemplateSource): Promise<PGlite> {
  const options = { dataDir, parsers: { [types.INT8]: parseInt8 } };
  const fresh = dataDir === undefined || !existsSync(join(dataDir, 'PG_VERSION'));
  const tar = fresh ? template?.() : undefined;
  if (tar === undefined) return PGlite.create(options);
  if (dataDir === undefined) return PGlite.create({ ...options, loadDataDir: new Blob([tar]) });
  unpackTemplate(tar, dataDir);
  return PGlite.create(options);
}

/**
 * Opens (creating it when absent) an embedded PostgreSQL database. A commit is written to the
 * directory's WAL before its call resolves, so a process killed at any moment keeps what it
 * acknowledged; nothing is fsynced (PGlite runs PostgreSQL with `fsync` off, and its Node file
 * system has none), so a machine losing power may lose the last commits. A database created here
 * starts from `template` when given (see `pglite-template.ts`) rather than from PostgreSQL's initdb.
 */
export async function pgliteClient(options: PgliteClientOptions = {}, template?: TemplateSource): Promise<SqlClient> {
  const unlock = options.dataDir === undefined ? () => undefined : lockDirectory(options.dataDir);
  let db: PGlite;
  try {
    db = await openPglite(options.dataDir, template);
  } catch (error) {
    unlock();
    throw error;
  }
  return clientOn(db, unlock);
}
