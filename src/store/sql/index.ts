import { StoreError } from '../errors.js';
import type { SiteStore, StoreTables } from '../types.js';
import { withUsersVersion } from '../users-version.js';
import type { SqlClient, SqlQueryable } from './client.js';
import type { TableContext } from './context.js';
import { countersTable } from './counters.js';
import { metaTable } from './meta.js';
import { migrate } from './migrate.js';
import { optionsTable } from './options.js';
import { postsTable } from './posts.js';
import { readCache } from './read-cache.js';
import { tablePrefix } from './table-prefix.js';
import { termsTable } from './terms.js';
import { transientsTable } from './transients.js';
import { usersTable } from './users.js';

/** How a SQL store is set up over an open client. */
export interface SqlStoreOptions {
  /** Prefix of every table name; default `wp_`. */
  tablePrefix?: string;
  /** The clock, in ms since the epoch (dates, transient expiry); default `Date.now`. */
  now?: () => number;
  /** Called with each statement's text as it is sent (to count a request's statements). */
  onQuery?: (text: string) => void;
  /**
   * True when this store is its tables' only writer (PGlite's directory lock makes it so): reads of
   * options, posts, post meta, users, user meta and terms are then kept in the process
   * (`sql/read-cache.ts`) and dropped by every write of those tables. A store sharing its database with other processes
   * must leave it off, as it cannot see their writes.
   */
  exclusive?: boolean;
}

/**
 * The tables whose reads an exclusive store caches, with their methods that only read; every
 * other method of theirs writes, and so drops the cache (a method added later counts as a write).
 */
const READ_METHODS: {
  [Name in 'options' | 'posts' | 'postMeta' | 'users' | 'userMeta' | 'terms']: ReadonlyArray<keyof StoreTables[Name]>;
} = {
  options: ['get', 'autoloaded'],
  posts: ['get', 'getMany', 'query', 'uniqueSlug'],
  postMeta: ['get', 'getMany'],
  users: ['get', 'getBy', 'query'],
  userMeta: ['get', 'getMany'],
  terms: ['get', 'getBySlug', 'list', 'getObjectTerms'],
};

/** `tables` with each write of a cached table run between `beginWrite` and the end it answers. */
function marksWrites(tables: StoreTables, beginWrite: () => () => void): StoreTables {
  const marked: Record<string, unknown> = { ...tables };
  for (const [name, reads] of Object.entries(READ_METHODS)) {
    const table: Record<string, (...args: never[]) => Promise<unknown>> = { ...tables[name as keyof typeof READ_METHODS] };
    for (const [method, write] of Object.entries(table)) {
      if ((reads as readonly string[]).includes(method)) continue;
      table[method] = async (...args) => {
        const end = beginWrite();
        try {
          return await write(...args);
        } finally {
          end();
        }
      };
    }
    marked[name] = table;
  }
  return marked as unknown as StoreTables;
}

/** The tables of `ctx`: each table family's module, given the same context. */
function tables(ctx: TableContext): StoreTables {
  const { q, cached } = ctx;
  return {
    options: optionsTable(ctx),
    transients: transientsTable(ctx),
    posts: postsTable(ctx),
    postMeta: metaTable(ctx, 'postMeta', 'postmeta', 'meta_id', 'post_id', cached),
    users: usersTable(ctx),
    userMeta: metaTable(ctx, 'userMeta', 'usermeta', 'umeta_id', 'user_id', cached),
    terms: termsTable(ctx),
    // Term meta is not among the tables an exclusive store caches (READ_METHODS): its reads go to `q`.
    termMeta: metaTable(ctx, 'termMeta', 'termmeta', 'meta_id', 'term_id', q),
    counters: countersTable(ctx),
  };
}

/**
 * Opens the site store on a PostgreSQL database (embedded or server): migrates the prefix's tables
 * first, then answers the `SiteStore` contract with parameterised SQL. Every transaction, the
 * caller's and those of the operations that read before they write (slugs, `update`, unique meta,
 * term counts), holds one advisory lock of the prefix, so they take turns across every process, as
 * the contract's "serialised with other writes" asks; single-statement writes need no turn.
 */
export async function sqlStore(client: SqlClient, options: SqlStoreOptions = {}): Promise<SiteStore> {
  const p = tablePrefix(options.tablePrefix);
  const now = options.now ?? Date.now;
  await migrate(client, p);
  let closed = false;
  /** Writes with a lifetime since expired counters and transients were last purged. */
  const purges = { counters: 0, transients: 0 };

  const open = (): void => {
    if (closed) throw new StoreError('closed', 'The store is closed.');
  };

  /**
   * Tables bound to an open transaction; they refuse work once it has ended. Their reads bypass the
   * read cache; their first write of a cached table calls `beginWrite`.
   */
  const inTransaction = (tx: SqlQueryable, beginWrite?: () => () => void): { tables: StoreTables; end: () => void } => {
    let active = true;
    const q: SqlQueryable = {
      query: <Row extends object>(text: string, params?: readonly unknown[]) => {
        if (!active) return Promise.reject(new StoreError('closed', 'The transaction has ended.'));
        options.onQuery?.(text);
        return tx.query<Row>(text, params);
      },
    };
    const bound = tables({
      p,
      q,
      cached: q,
      atomic: async (check, _redo, body) => {
        check();
        return body();
      },
      now,
      purges,
    });
    return {
      tables: beginWrite === undefined ? bound : marksWrites(bound, beginWrite),
      end: () => (active = false),
    };
  };

  const outside: SqlQueryable = {
    query: async (text, params) => {
      open();
      options.onQuery?.(text);
      return client.query(text, params);
    },
  };

  const cache = options.exclusive === true ? readCache(outside) : undefined;

  const transaction = async <T>(fn: (tables: StoreTables) => Promise<T>): Promise<T> => {
    open();
    /** Ends the cache's write when the transaction wrote a cached table: after its commit or rollback. */
    let endWrite: (() => void) | undefined;
    const beginWrite =
      cache &&
      (() => {
        endWrite ??= cache.beginWrite();
        return () => undefined;
      });
    try {
      return await client.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${p}store`]);
        const bound = inTransaction(tx, beginWrite);
        try {
          return await fn(bound.tables);
        } finally {
          bound.end();
        }
      });
    } finally {
      endWrite?.();
    }
  };

  const cachedReads: SqlQueryable = cache
    ? {
        query: async (text, params) => {
          open();
          return cache.reads.query(text, params);
        },
      }
    : outside;
  const own = tables({
    p,
    q: outside,
    cached: cachedReads,
    atomic: async (check, redo) => {
      check();
      return transaction(redo);
    },
    now,
    purges,
  });

  const store: SiteStore = {
    ...(cache ? marksWrites(own, cache.beginWrite) : own),
    transaction,
    close: async () => {
      if (closed) return;
      closed = true;
      cache?.clear();
      await client.close();
    },
  };
  // Only the database's only writer sees every write of its users; a shared store tells nothing.
  return cache ? withUsersVersion(store, cache.version) : store;
}
