import type { SqlClient } from './sql/client.js';
import type { PgClientOptions } from './sql/pg-client.js';
import { pgliteClient, type PgliteClientOptions } from './sql/pglite-client.js';
import { storeTemplate, type TemplateSource } from './sql/pglite-template.js';
import { tablePrefix } from './sql/table-prefix.js';
import { sqlStore, type SqlStoreOptions } from './sql/index.js';
import type { SiteStore } from './types.js';
import { checkOptions, flag, fn, hostObject, number, optionsObject, text, type OptionsShape } from '../core/options.js';

/** `pgliteStore` options: where the embedded database lives, and its table prefix. */
export type PgliteStoreOptions = PgliteClientOptions & Pick<SqlStoreOptions, 'tablePrefix' | 'onQuery'>;

/**
 * `postgresStore` options: the server (a connection string, with the pool's timeouts, or a pool
 * the host owns), the table prefix and a hook seeing each statement.
 */
export type PostgresStoreOptions = PgClientOptions & Pick<SqlStoreOptions, 'tablePrefix' | 'onQuery'>;

const STORE_OPTIONS = { tablePrefix: text.optional(), onQuery: fn('statement text → nothing').optional() };

const pgliteStoreOptions = optionsObject({ ...STORE_OPTIONS, dataDir: text.optional() } satisfies OptionsShape<PgliteStoreOptions>);

const postgresStoreOptions = optionsObject({
  ...STORE_OPTIONS,
  connectionString: text.optional(),
  pool: hostObject('a node-postgres pool (new pg.Pool(…))').optional(),
  connectTimeoutMs: number.optional(),
  queryTimeoutMs: number.optional(),
  preparedStatements: flag.optional(),
} satisfies OptionsShape<PostgresStoreOptions>);

/** The store on `client`; the client is closed again when the store cannot start (say, a newer schema). */
async function storeOn(client: SqlClient, options: SqlStoreOptions): Promise<SiteStore> {
  try {
    return await sqlStore(client, options);
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/**
 * The site store on PostgreSQL embedded in the process (PGlite), persisted in `dataDir` (created
 * when absent; in memory when omitted). One process at a time may open a directory, so the store
 * is its only writer and caches its reads of posts, their meta and terms, and options in the
 * process (`exclusive`), as WordPress's object cache keeps `WP_Query`'s. A new database starts
 * from the template the build made (initdb and the migrations done once, for the default table
 * prefix) when the PGlite installed is the one that made it, else from PostgreSQL's initdb.
 */
export function pgliteStore(options: PgliteStoreOptions = {}): Promise<SiteStore> {
  return pgliteStoreFrom(storeTemplate('store'), options);
}

/**
 * {@link pgliteStore}, a new database starting from `template` (`site-rest serve` starts from its
 * demo's); with a table prefix other than the default, from initdb, as the templates hold the
 * default prefix's tables.
 */
export async function pgliteStoreFrom(template: TemplateSource, options: PgliteStoreOptions = {}): Promise<SiteStore> {
  checkOptions(pgliteStoreOptions, options, 'pgliteStore');
  const fromTemplate = tablePrefix(options.tablePrefix) === tablePrefix();
  return storeOn(await pgliteClient({ dataDir: options.dataDir }, fromTemplate ? template : undefined), {
    tablePrefix: options.tablePrefix,
    onQuery: options.onQuery,
    exclusive: true,
  });
}

/**
 * The site store on a PostgreSQL server, which many processes may share: each migrates the tables
 * at start-up under an advisory lock, and writers take turns through the database's locks. While
 * the server is out of reach, every call throws `StoreError('unavailable')` (answered 503) within
 * the timeouts, and the store serves again by itself once the server is back. A server out of
 * reach at start-up rejects the promise so.
 */
export async function postgresStore(options: PostgresStoreOptions): Promise<SiteStore> {
  checkOptions(postgresStoreOptions, options, 'postgresStore');
  const { tablePrefix: prefix, onQuery, ...server } = options;
  tablePrefix(prefix);
  // `pg` is loaded by the first PostgreSQL store, not by every user of site-rest/store (PGlite's never needs it).
  const { pgClient } = await import('./sql/pg-client.js');
  return storeOn(pgClient(server), { tablePrefix: prefix, onQuery });
}
