/** One result row: column name → value (`bigint` columns arrive as numbers). */
export type SqlRow = Record<string, unknown>;

/** Runs one parameterised statement: values travel as `$1…$n` parameters, never in `text`. */
export interface SqlQueryable {
  /** The statement's result rows. */
  query<Row extends object = SqlRow>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** A PostgreSQL database (embedded PGlite or a server through `pg`), as the store's SQL layer uses it. */
export interface SqlClient extends SqlQueryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  /** Releases the connection(s) this client opened. */
  close(): Promise<void>;
}

/**
 * `int8` (`bigint`) text as a number, where the drivers would hand over a string or a BigInt: ids
 * and counters stay far below 2^53.
 */
export function parseInt8(text: string): number {
  return Number(text);
}
