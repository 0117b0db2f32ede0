import type { JsonValue, TransientsTable } from '../types.js';
import { checkInteger, checkName, checkPrefix, copyJson, copyStored } from '../values.js';
import { liveEntry, notePurge, put, remove, removePrefixed, type ExpiringEntry, type MemoryState, type Run } from './state.js';

/** The memory store's transients, dropped once expired. */
export function transientsTable(state: MemoryState, run: Run): TransientsTable {
  const { transients, now } = state;
  const live = (name: string): ExpiringEntry<JsonValue> | undefined => liveEntry(state, transients, name, 'transient name');
  return {
    get: (name) =>
      run(() => {
        const entry = live(name);
        return entry === undefined ? undefined : copyStored(entry.value);
      }),
    set: (name, value, ttlSeconds) =>
      run(() => {
        checkName(name, 'transient name');
        const copy = copyJson(value, 'transient value');
        const ttl = checkInteger(ttlSeconds, 'transient lifetime');
        if (ttl !== 0) notePurge(state, transients, state.purges.transients);
        put(state, transients, name, { value: copy, expires: ttl === 0 ? 0 : now() + ttl * 1000 });
      }),
    delete: (name) =>
      run(() => {
        const wasLive = live(name) !== undefined;
        remove(state, transients, name);
        return wasLive;
      }),
    deletePrefixed: (prefix) => run(() => removePrefixed(state, transients, checkPrefix(prefix, 'transient name'))),
  };
}
