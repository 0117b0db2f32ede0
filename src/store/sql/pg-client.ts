import pg from 'pg';
import { parseInt8, type SqlClient, type SqlQueryable } from './client.js';

/** A PostgreSQL server: a connection string (the client opens and closes its own pool) or a pool the host owns. */
export type PgClientOptions = { connectionString: string; pool?: never } | { pool: pg.Pool; connectionString?: never };

/** Per query rather than through `pg.types`, so a pool the host passes keeps its own global parsers. */
const types: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) =>
    oid === pg.types.builtins.INT8 ? parseInt8 : (pg.types.getTypeParser(oid, format) as (text: string) => unknown),
};

function queryable(target: pg.Pool | pg.PoolClient): SqlQueryable {
  return {
    async query<Row extends object>(text: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>({ text, values: [...params], types });
      return result.rows;
    },
  };
}

/** A client on a PostgreSQL server; each transaction runs on one connection checked out of the pool. */
export function pgClient(options: PgClientOptions): SqlClient {
  const pool = options.pool ?? new pg.Pool({ connectionString: options.connectionString });
  const ownsPool = options.pool === undefined;
  return {
    ...queryable(pool),
    async transaction(work) {
      const connection = await pool.connect();
      let broken: Error | undefined;
      try {
        await connection.query('BEGIN');
        const result = await work(queryable(connection));
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        // A connection whose rollback failed may still hold the transaction: it is closed, not reused.
        connection.release(broken);
      }
    },
    close: () => (ownsPool ? pool.end() : Promise.resolve()),
  };
}
