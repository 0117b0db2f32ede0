import { createHash } from 'node:crypto';
import pg from 'pg';
import { isStoreError } from '../errors.js';
import { parseInt8, type SqlClient, type SqlQueryable } from './client.js';
import { connectionFault, unavailable } from './connection-faults.js';

/** How long a pool's client may wait, so that a request never hangs on a database gone quiet. */
interface PgTimeouts {
  /** Milliseconds to open a connection (or wait for a free one) before answering `unavailable`; default 5,000. */
  connectTimeoutMs?: number;
  /**
   * Milliseconds one statement may run: the server cancels it then (`statement_timeout`), and a
   * client that hears nothing a second later gives the connection up; default 30,000.
   */
  queryTimeoutMs?: number;
}

/** How statements travel to the server. */
interface PgStatementOptions {
  /**
   * Prepare each statement with parameters once per connection and reuse it (default true): the
   * server then parses it once and reuses its plan rather than planning it at every request, two
   * thirds of what it spends on a page of posts. False for a pooler that cannot keep prepared
   * statements across transactions (PgBouncer in transaction mode before 1.21, without `max_prepared_statements`).
   */
  preparedStatements?: boolean;
}

/**
 * The part of a node-postgres connection (`pg.PoolClient`) the store uses. Written here rather
 * than taken from `@types/pg`, which a host's project need not have, so the published types
 * compile without it; a real `PoolClient` fits.
 */
export interface PgPoolClient {
  /** Runs one statement. */
  query(config: { text: string; values?: unknown[]; name?: string; types?: unknown }): Promise<{ rows: unknown[] }>;
  /** Listens for the connection's socket failing. */
  on(event: 'error', listener: (error: Error) => void): unknown;
  /** Stops listening. */
  off(event: 'error', listener: (error: Error) => void): unknown;
  /** Gives the connection back to its pool; with an error, the pool closes it. */
  release(error?: Error): void;
}

/** The part of a node-postgres `Pool` the store uses: a host's own `new pg.Pool(…)` fits. */
export interface PgPool {
  /** Checks a connection out. */
  connect(): Promise<PgPoolClient>;
  /** Closes every connection. */
  end(): Promise<void>;
}

/**
 * A PostgreSQL server: a connection string (the client opens and closes its own pool, with the
 * timeouts given) or a pool the host owns (node-postgres's `pg.Pool`), which keeps its own
 * settings and `error` handling.
 */
export type PgClientOptions = (({ connectionString: string; pool?: never } & PgTimeouts) | { pool: PgPool; connectionString?: never }) &
  PgStatementOptions;

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
const DEFAULT_QUERY_TIMEOUT_MS = 30_000;
/** How much longer than the server's `statement_timeout` the client waits for its answer to the cancel. */
const CANCEL_ANSWER_MS = 1_000;

/** Per query rather than through `pg.types`, so a pool the host passes keeps its own global parsers. */
const types: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) =>
    oid === pg.types.builtins.INT8 ? parseInt8 : (pg.types.getTypeParser(oid, format) as (text: string) => unknown),
};

/** A pool on `connectionString` whose clients give up in bounded time and survive the server going away. */
function ownPool(connectionString: string, timeouts: PgTimeouts): pg.Pool {
  const queryTimeoutMs = timeouts.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString,
    connectionTimeoutMillis: timeouts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: queryTimeoutMs,
    query_timeout: queryTimeoutMs + CANCEL_ANSWER_MS,
    keepAlive: true,
  });
  // An idle connection the server drops (restart, failover) is removed from the pool, which then
  // emits `error`: unheard, that would end the process. The next call connects afresh.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Most statement texts one client prepares, and the longest; others run unprepared. Texts come
 * from the store's code with every value a parameter, but their shape and length follow the query
 * (one condition per search word), so a stream of new or long shapes must not grow the server's
 * prepared statements, or this map, without end. The store's own statements stay under 2 KiB.
 */
const MAX_PREPARED = 256;
const MAX_PREPARED_TEXT = 8 * 1024;

/** Names a statement text prepares under: the same for the same text in any client sharing a pool, distinct for distinct texts. */
type StatementNames = (text: string, params: readonly unknown[]) => string | undefined;

function statementNames(prepare: boolean): StatementNames {
  const names = new Map<string, string>();
  return (text, params) => {
    // A statement without parameters (BEGIN, COMMIT) gains nothing from a name.
    if (!prepare || params.length === 0 || text.length > MAX_PREPARED_TEXT) return undefined;
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED) {
      name = `site_rest_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
      names.set(text, name);
    }
    return name;
  };
}

/** Runs a statement on a checked-out connection, answering a lost connection as `unavailable`. */
async function run<Row extends object>(
  connection: PgPoolClient,
  text: string,
  params: readonly unknown[],
  name: string | undefined,
): Promise<Row[]> {
  try {
    const result = await connection.query({ text, values: [...params], types, name });
    return result.rows as Row[];
  } catch (error) {
    throw connectionFault(error) === undefined ? error : unavailable(error);
  }
}

/**
 * Heard on a checked-out connection: its socket may fail between two statements, and the pool
 * listens only to idle ones, so unheard the error would end the process. The next statement on
 * that connection fails, which `run` answers.
 */
const ignoreError = (): void => undefined;

/** A connection from the pool; any failure to get one means the database is out of reach. */
async function checkOut(pool: PgPool): Promise<PgPoolClient> {
  let connection: PgPoolClient;
  try {
    connection = await pool.connect();
  } catch (error) {
    throw unavailable(error);
  }
  connection.on('error', ignoreError);
  return connection;
}

/**
 * Gives a connection back: one whose session failed (lost, timed out, its rollback refused) is
 * closed rather than reused, so the pool holds no broken connection once the server is back.
 */
function checkIn(connection: PgPoolClient, error: unknown): void {
  connection.off('error', ignoreError);
  connection.release(error instanceof Error ? error : undefined);
}

/**
 * A client on a PostgreSQL server; each transaction runs on one connection checked out of the
 * pool. When the server is out of reach every call throws `StoreError('unavailable')`, whose
 * message names neither the server nor the driver's words, and the next call tries afresh.
 */
export function pgClient(options: PgClientOptions): SqlClient {
  const ownsPool = options.pool === undefined;
  const pool = options.pool ?? ownPool(options.connectionString, options);
  const nameOf = statementNames(options.preparedStatements !== false);
  return {
    async query<Row extends object>(text: string, params: readonly unknown[] = []) {
      const connection = await checkOut(pool);
      let failed: unknown;
      try {
        return await run<Row>(connection, text, params, nameOf(text, params));
      } catch (error) {
        failed = isStoreError(error, 'unavailable') ? error : undefined;
        throw error;
      } finally {
        checkIn(connection, failed);
      }
    },
    async transaction(work) {
      const connection = await checkOut(pool);
      const tx: SqlQueryable = { query: (text, params = []) => run(connection, text, params, nameOf(text, params)) };
      let broken: unknown;
      try {
        await tx.query('BEGIN');
        const result = await work(tx);
        await tx.query('COMMIT');
        return result;
      } catch (error) {
        // A lost connection takes its transaction with it; closing it is the rollback.
        if (isStoreError(error, 'unavailable')) broken = error;
        else await tx.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError));
        throw error;
      } finally {
        checkIn(connection, broken);
      }
    },
    close: () => (ownsPool ? pool.end() : Promise.resolve()),
  };
}
