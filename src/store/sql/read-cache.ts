import type { SqlQueryable } from './client.js';

/** Most statements' answers kept; the least recently used goes first. */
const MAX_ENTRIES = 500;
/** Most bytes kept (an estimate of the answers' text, keys included); an answer over an eighth of it is never kept. */
const MAX_BYTES = 8 * 1024 * 1024;

/**
 * A cache of read statements' rows for a store that is its database's only writer, as WordPress
 * 6.1 caches `WP_Query` answers under the `posts` group's `last_changed`: a statement's rows are
 * kept under its text and parameters, so the key is the checked query, and every write of a table
 * the cached statements read drops them all.
 */
interface ReadCache {
  /** Reads through the cache: a kept answer, one already on its way, or a statement sent. */
  reads: SqlQueryable;
  /**
   * Marks a write of the covered tables as begun, answering the function that ends it. While any
   * runs, reads go to the database and keep nothing; its end drops every kept answer, so no answer
   * read before it is served after.
   */
  beginWrite(): () => void;
  /** Drops every kept answer. */
  clear(): void;
  /**
   * A number that changes with every write of the covered tables (at its end, when the kept answers
   * are dropped), or undefined while any write runs: equal numbers mean no write came between.
   */
  version(): number | undefined;
}

/** Rows as flat objects: numbers, text, booleans, null, and arrays of text (a user's roles). */
type Rows = readonly object[];

/** Whether any row holds an array, which a copy must copy too. */
const holdsArrays = (rows: Rows): boolean => rows.some((row) => Object.values(row).some(Array.isArray));

/** Each row copied, its arrays too when it has any, so no caller ever holds a kept row or a part of one. */
function copyRows<Row>(rows: Rows, arrays = holdsArrays(rows)): Row[] {
  if (!arrays) return rows.map((row) => ({ ...row }) as Row);
  return rows.map((row) => {
    const copy: Record<string, unknown> = { ...row };
    for (const column in copy) if (Array.isArray(copy[column])) copy[column] = [...(copy[column] as unknown[])];
    return copy as Row;
  });
}

/** Roughly the memory rows take: text by its length, any other value as 8 bytes, 16 a row. */
function sizeOf(rows: Rows): number {
  let bytes = 0;
  for (const row of rows) {
    bytes += 16;
    for (const value of Object.values(row)) bytes += typeof value === 'string' ? 2 * value.length : 8;
  }
  return bytes;
}

interface Kept {
  text: string;
  values: string;
  rows: Rows;
  bytes: number;
  /** Whether the rows hold arrays (a user's roles). */
  arrays: boolean;
}

/** The read cache over `source`, the store's statements outside transactions. */
export function readCache(source: SqlQueryable): ReadCache {
  /**
   * Kept answers by statement text, then by the JSON of its parameters: a statement's text (up to
   * a few hundred characters) is looked up as it is, which costs a tenth of turning it into JSON.
   */
  const kept = new Map<string, Map<string, Kept>>();
  /** Every kept answer, least recently used first: the eviction order. */
  const order = new Set<Kept>();
  /** Statements sent and not yet answered, so that readers asking the same at once share one. */
  const pending = new Map<string, Map<string, Promise<Rows>>>();
  let keptBytes = 0;
  /** Bumped by every write's end: an answer read across one is not kept. */
  let generation = 0;
  let writes = 0;

  const clear = (): void => {
    kept.clear();
    order.clear();
    pending.clear();
    keptBytes = 0;
    generation += 1;
  };

  function forget(entry: Kept): void {
    order.delete(entry);
    keptBytes -= entry.bytes;
    const byValues = kept.get(entry.text);
    byValues?.delete(entry.values);
    if (byValues?.size === 0) kept.delete(entry.text);
  }

  function keep(text: string, values: string, rows: Rows): void {
    const bytes = 2 * (text.length + values.length) + sizeOf(rows);
    if (bytes > MAX_BYTES / 8) return;
    const entry: Kept = { text, values, rows, bytes, arrays: holdsArrays(rows) };
    const before = kept.get(text)?.get(values);
    if (before) forget(before);
    let byValues = kept.get(text);
    if (!byValues) kept.set(text, (byValues = new Map<string, Kept>()));
    byValues.set(values, entry);
    order.add(entry);
    keptBytes += bytes;
    for (const oldest of order) {
      if (order.size <= MAX_ENTRIES && keptBytes <= MAX_BYTES) break;
      forget(oldest);
    }
  }

  function send(text: string, values: string, params: readonly unknown[]): Promise<Rows> {
    const at = generation;
    const shared = source.query(text, params);
    let byValues = pending.get(text);
    if (!byValues) pending.set(text, (byValues = new Map<string, Promise<Rows>>()));
    byValues.set(values, shared);
    const settled = (): void => {
      const waiting = pending.get(text);
      if (waiting?.get(values) !== shared) return;
      waiting.delete(values);
      if (waiting.size === 0) pending.delete(text);
    };
    shared.then((rows) => {
      settled();
      if (generation === at && writes === 0) keep(text, values, copyRows(rows));
    }, settled);
    return shared;
  }

  return {
    reads: {
      async query<Row extends object>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
        if (writes > 0) return source.query<Row>(text, params);
        const values = JSON.stringify(params);
        const hit = kept.get(text)?.get(values);
        if (hit !== undefined) {
          // Last used goes last, so the set's order is the eviction order.
          order.delete(hit);
          order.add(hit);
          return copyRows(hit.rows, hit.arrays);
        }
        return copyRows(await (pending.get(text)?.get(values) ?? send(text, values, params)));
      },
    },
    beginWrite() {
      writes += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        writes -= 1;
        clear();
      };
    },
    clear,
    version: () => (writes > 0 ? undefined : generation),
  };
}
