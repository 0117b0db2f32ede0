import type { StoreTables } from '../types.js';
import type { SqlQueryable } from './client.js';

/**
 * Runs an operation that must be atomic. `check` refuses bad arguments first, before any I/O, so a
 * refusal is as prompt as the memory store's. Inside a transaction, `body` runs on it; outside, the
 * operation is made again (`redo`) on tables bound to a new transaction, so that every statement
 * of `body` runs on that transaction's connection.
 */
export type Atomic = <T>(check: () => unknown, redo: (tables: StoreTables) => Promise<T>, body: () => Promise<T>) => Promise<T>;

/**
 * What every table of one SQL store's tables works through, passed to each table's module: the
 * same tables are made outside a transaction (reads of cached tables through the read cache,
 * atomic operations in a new transaction) and again on each transaction's connection.
 */
export interface TableContext {
  /** The table prefix, checked (`sql/table-prefix.ts`). */
  p: string;
  /** Where statements go: the store's client, or the open transaction. */
  q: SqlQueryable;
  /** Where reads of options, posts, post meta, users, user meta and terms go: an exclusive store's read cache outside a transaction, else `q`. */
  cached: SqlQueryable;
  /** Runs an operation that must be atomic. */
  atomic: Atomic;
  /** The clock, in ms since the epoch. */
  now: () => number;
  /** Writes with a lifetime since expired counters and transients were last purged: one count per store, shared by all its transactions. */
  purges: { counters: number; transients: number };
}

/**
 * Writes with a lifetime (counter increments, transient sets) between two purges of the expired
 * ones: each table stays within what a lifetime adds, at one indexed delete per this many.
 */
export const PURGE_EVERY = 64;
