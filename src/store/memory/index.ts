import { StoreError } from '../errors.js';
import type { SiteStore, StoreTables } from '../types.js';
import { withUsersVersion } from '../users-version.js';
import { checkOptions, fn, optionsObject, type OptionsShape } from '../../core/options.js';
import { countersTable } from './counters.js';
import { metaTable } from './meta.js';
import { optionsTable } from './options.js';
import { postsTable } from './posts.js';
import { memoryState, type MemoryState, type Run } from './state.js';
import { termsTable } from './terms.js';
import { transientsTable } from './transients.js';
import { usersTable } from './users.js';

/** Options of the memory store. */
export interface MemoryStoreOptions {
  /** The clock, in milliseconds since the epoch (transient expiry, default dates); default `Date.now`. */
  now?: () => number;
}

const memoryStoreOptions = optionsObject({ now: fn('→ milliseconds').optional() } satisfies OptionsShape<MemoryStoreOptions>);

/** Runs tasks one at a time, in call order, whether each resolves or throws. */
interface Serial {
  /** Queues a task behind every task before it. */
  queue<T>(task: () => T | Promise<T>): Promise<T>;
  /** Runs a synchronous task at once when nothing runs or waits (it would run next anyway), else queues it. */
  run<T>(task: () => T): Promise<T>;
}

function serial(): Serial {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  let running = false;
  const settled = () => {
    waiting -= 1;
  };
  const queue = <T>(task: () => T | Promise<T>): Promise<T> => {
    waiting += 1;
    const result = tail.then(task);
    tail = result.then(settled, settled);
    return result;
  };
  return {
    queue,
    run(task) {
      // A call made by the running task (an `update` callback's) goes behind it.
      if (waiting > 0 || running) return queue(task);
      running = true;
      try {
        return Promise.resolve(task());
      } catch (error) {
        return Promise.reject(error);
      } finally {
        running = false;
      }
    },
  };
}

const closedError = (): StoreError => new StoreError('closed', 'The store is closed.');

/** Every table of `state`, each operation run by `run`. */
function tables(state: MemoryState, run: Run): StoreTables {
  return {
    options: optionsTable(state, run),
    transients: transientsTable(state, run),
    posts: postsTable(state, run),
    postMeta: metaTable(state, state.postMeta, 'postmeta', run),
    users: usersTable(state, run),
    userMeta: metaTable(state, state.userMeta, 'usermeta', run),
    terms: termsTable(state, run),
    termMeta: metaTable(state, state.termMeta, 'termmeta', run),
    counters: countersTable(state, run),
  };
}

/**
 * A site store in process memory: no I/O, nothing kept across restarts. Every call runs alone, in
 * call order, and a transaction holds the store until it ends, so `update` and `increment` lose
 * nothing under concurrency; a failed transaction is undone from a journal of the writes it made.
 * Values are copied in and out, and every map is keyed by client text without an object prototype.
 */
export function memoryStore(options: MemoryStoreOptions = {}): SiteStore {
  checkOptions(memoryStoreOptions, options, 'memoryStore');
  const state = memoryState(options.now ?? Date.now);
  let closed = false;
  const { queue, run } = serial();

  const outside = tables(state, (op) =>
    run(() => {
      if (closed) throw closedError();
      return op();
    }),
  );

  const store: SiteStore = {
    ...outside,
    transaction: (fn) =>
      queue(async () => {
        if (closed) throw closedError();
        let active = true;
        const tx = tables(state, (op) =>
          Promise.resolve().then(() => {
            if (!active) throw new StoreError('closed', 'The transaction has ended.');
            return op();
          }),
        );
        const undo: (() => void)[] = [];
        state.journal = undo;
        try {
          return await fn(tx);
        } catch (error) {
          for (let i = undo.length - 1; i >= 0; i--) undo[i]?.();
          throw error;
        } finally {
          active = false;
          state.journal = null;
        }
      }),
    close: () =>
      queue(() => {
        closed = true;
        // Nothing read before is vouched for once the store answers no call.
        state.usersWrites++;
      }),
  };
  return withUsersVersion(store, () => state.usersWrites);
}
