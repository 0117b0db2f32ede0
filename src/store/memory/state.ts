import type { JsonValue, MetaRow, PostRow, TermRow, UserRow } from '../types.js';
import { checkName } from '../values.js';

/**
 * The memory store's data and the one way it is written: every write goes through `put` or
 * `remove`, which count the users version and journal the undoing while a transaction is open.
 * Each table's module reads and writes this object; nothing else holds the store's rows.
 */

/** An option's value and autoload flag. */
export interface OptionEntry {
  value: JsonValue;
  autoload: boolean;
}

/** A value with a lifetime (a counter, a transient). */
export interface ExpiringEntry<Value> {
  value: Value;
  /** Expiry in ms since the epoch; 0 for never. */
  expires: number;
}

/** Expiring entries of one map written since its last purge, and how many the next purge waits for. */
interface PurgeState {
  expiring: number;
  at: number;
}

const newPurgeState = (): PurgeState => ({ expiring: 0, at: 64 });

/** Every map of one memory store, its clock, its open transaction's journal and its users version. */
export interface MemoryState {
  now: () => number;
  options: Map<string, OptionEntry>;
  transients: Map<string, ExpiringEntry<JsonValue>>;
  posts: Map<number, PostRow>;
  users: Map<number, UserRow>;
  terms: Map<number, TermRow>;
  relationships: Map<number, readonly number[]>;
  counters: Map<string, ExpiringEntry<number>>;
  /** Expiring counters and transients written since each map's last purge, and how many the next purge waits for. */
  purges: { counters: PurgeState; transients: PurgeState };
  sequences: Map<string, number>;
  postMeta: Map<number, readonly MetaRow[]>;
  userMeta: Map<number, readonly MetaRow[]>;
  termMeta: Map<number, readonly MetaRow[]>;
  /** How to undo each write of the open transaction; null outside one. */
  journal: (() => void)[] | null;
  /** Writes of the users and their meta so far, undoings too: the store's users version (`withUsersVersion`). */
  usersWrites: number;
}

/** An empty store's state. */
export function memoryState(now: () => number): MemoryState {
  return {
    now,
    options: new Map(),
    transients: new Map(),
    posts: new Map(),
    users: new Map(),
    terms: new Map(),
    relationships: new Map(),
    counters: new Map(),
    purges: { counters: newPurgeState(), transients: newPurgeState() },
    sequences: new Map(),
    postMeta: new Map(),
    userMeta: new Map(),
    termMeta: new Map(),
    journal: null,
    usersWrites: 0,
  };
}

/** Runs one table operation: alone and in call order outside a transaction, on the transaction inside one. */
export type Run = <T>(op: () => T) => Promise<T>;

/** Counts a write to `key` of a users map, and remembers how to undo it while a transaction is open. */
function record<K, V>(state: MemoryState, map: Map<K, V>, key: K): void {
  const ofUsers = map === (state.users as Map<unknown, unknown>) || map === (state.userMeta as Map<unknown, unknown>);
  if (ofUsers) state.usersWrites++;
  if (state.journal === null) return;
  const had = map.has(key);
  const old = map.get(key);
  state.journal.push(() => {
    if (ofUsers) state.usersWrites++;
    if (had) map.set(key, old as V);
    else map.delete(key);
  });
}

export function put<K, V>(state: MemoryState, map: Map<K, V>, key: K, value: V): void {
  record(state, map, key);
  map.set(key, value);
}

export function remove<K, V>(state: MemoryState, map: Map<K, V>, key: K): boolean {
  if (!map.has(key)) return false;
  record(state, map, key);
  map.delete(key);
  return true;
}

/** Removes every entry of `map` whose name starts with `prefix`, in one pass; answers how many. */
export function removePrefixed<V>(state: MemoryState, map: Map<string, V>, prefix: string): number {
  const names: string[] = [];
  for (const name of map.keys()) if (name.startsWith(prefix)) names.push(name);
  for (const name of names) remove(state, map, name);
  return names.length;
}

export function nextId(state: MemoryState, sequence: string): number {
  const id = (state.sequences.get(sequence) ?? 0) + 1;
  put(state, state.sequences, sequence, id);
  return id;
}

/** The entry of `map` named `name` (checked as a `kind` name), unless it has expired. */
export function liveEntry<Entry extends { expires: number }>(
  state: MemoryState,
  map: Map<string, Entry>,
  name: string,
  kind: 'transient name' | 'counter name',
): Entry | undefined {
  const entry = map.get(checkName(name, kind));
  return entry !== undefined && (entry.expires === 0 || entry.expires > state.now()) ? entry : undefined;
}

/**
 * Counts one more expiring entry of `map`; when as many have come as the last purge kept (at
 * least 64), drops the expired ones, so purging costs O(1) per write and expired counters and
 * transients never pile up.
 */
export function notePurge(state: MemoryState, map: Map<string, { expires: number }>, purge: PurgeState): void {
  if (++purge.expiring < purge.at) return;
  const at = state.now();
  purge.expiring = 0;
  for (const [name, entry] of map) {
    if (entry.expires === 0) continue;
    if (entry.expires <= at) remove(state, map, name);
    else purge.expiring++;
  }
  purge.at = Math.max(64, purge.expiring * 2);
}
