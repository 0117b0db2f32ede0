import type { CountersTable } from '../types.js';
import { checkInteger, checkName } from '../values.js';
import { liveEntry, notePurge, put, remove, type ExpiringEntry, type MemoryState, type Run } from './state.js';

/** The memory store's counters; an expired one counts again from nothing. */
export function countersTable(state: MemoryState, run: Run): CountersTable {
  const { counters, now } = state;
  const liveCounter = (name: string): ExpiringEntry<number> | undefined => liveEntry(state, counters, name, 'counter name');
  return {
    increment: (name, by = 1, options = {}) =>
      run(() => {
        checkName(name, 'counter name');
        const step = checkInteger(by, 'increment', true);
        const ttl = checkInteger(options.ttlSeconds ?? 0, 'counter lifetime');
        const current = liveCounter(name);
        const value = checkInteger((current?.value ?? 0) + step, `counter ${name}`, true);
        const expires = current !== undefined ? current.expires : ttl === 0 ? 0 : now() + ttl * 1000;
        if (expires !== 0 && current === undefined) notePurge(state, counters, state.purges.counters);
        put(state, counters, name, { value, expires });
        return value;
      }),
    get: (name) => run(() => liveCounter(name)?.value ?? 0),
    delete: (name) =>
      run(() => {
        const wasLive = liveCounter(name) !== undefined;
        remove(state, counters, name);
        return wasLive;
      }),
  };
}
