import { StoreError } from '../errors.js';

/** What a client is told when the database cannot be reached: WordPress's own words for it (`dead_db`). */
const UNAVAILABLE_MESSAGE = 'Error establishing a database connection.';

/** Socket errors: the server's host refuses, cannot be found, or the connection broke. */
const SOCKET_FAULTS: ReadonlyMap<string, string> = new Map([
  ['ECONNREFUSED', 'connection refused'],
  ['ECONNRESET', 'connection lost'],
  ['ECONNABORTED', 'connection lost'],
  ['EPIPE', 'connection lost'],
  ['ETIMEDOUT', 'no answer in time'],
  ['ENOTFOUND', 'host not found'],
  ['EAI_AGAIN', 'host not found'],
  ['EHOSTUNREACH', 'host unreachable'],
  ['ENETUNREACH', 'host unreachable'],
  ['ENETDOWN', 'host unreachable'],
]);

/**
 * SQLSTATEs the server sends when it cannot serve the session: shutting down or restarting
 * (57P01-57P03), too many connections (53300), a statement cut by `statement_timeout` (57014), a
 * refused login (28000, 28P01) or a missing database (3D000). Class 08 (connection exceptions) is
 * matched as a class.
 */
const SERVER_FAULTS: ReadonlyMap<string, string> = new Map([
  ['57P01', 'server shutting down'],
  ['57P02', 'server shutting down'],
  ['57P03', 'server starting or stopping'],
  ['53300', 'too many connections'],
  ['57014', 'no answer in time'],
  ['28000', 'authentication failed'],
  ['28P01', 'authentication failed'],
  ['3D000', 'database does not exist'],
]);

/** The driver's (`pg`, `pg-pool`) own errors for a connection that broke, timed out or was never made. */
const DRIVER_FAULTS: ReadonlyMap<string, string> = new Map([
  ['Connection terminated unexpectedly', 'connection lost'],
  ['Connection terminated', 'connection lost'],
  ['Connection terminated due to connection timeout', 'no answer in time'],
  ['timeout exceeded when trying to connect', 'no answer in time'],
  ['timeout expired', 'no answer in time'],
  ['Query read timeout', 'no answer in time'],
  ['Client has encountered a connection error and is not queryable', 'connection lost'],
  ['Client was closed and is not queryable', 'connection lost'],
]);

/**
 * Why `error` means the database is out of reach, in a few words of our own (never the driver's
 * text, which may name the host or the user), or undefined when it is an error of the statement
 * itself (a unique key taken, a bad value), which the caller handles as such.
 */
export function connectionFault(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    const known = SOCKET_FAULTS.get(code) ?? SERVER_FAULTS.get(code);
    if (known !== undefined) return known;
    if (code.length === 5 && code.startsWith('08')) return 'connection lost';
  }
  return typeof message === 'string' ? DRIVER_FAULTS.get(message) : undefined;
}

/** The error every store call throws while the database is out of reach; `cause` keeps the driver's error for the host's logs. */
export function unavailable(cause: unknown): StoreError {
  return new StoreError('unavailable', UNAVAILABLE_MESSAGE, { cause });
}
