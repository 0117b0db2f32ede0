import { setOwn } from '../../core/own-property.js';
import type { JsonValue, MetaRow, MetaTable } from '../types.js';
import { checkInteger, checkName, checkPrefix, copyJson, copyStored, jsonEqual } from '../values.js';
import { nextId, put, remove, type MemoryState, type Run } from './state.js';

/** A meta table (post, user or term meta) over one map of rows per object, its ids from `sequence`. */
export function metaTable(state: MemoryState, rowsOf: Map<number, readonly MetaRow[]>, sequence: string, run: Run): MetaTable {
  const rows = (objectId: number): readonly MetaRow[] => rowsOf.get(objectId) ?? [];
  const store = (objectId: number, next: readonly MetaRow[]): void => {
    if (next.length === 0) remove(state, rowsOf, objectId);
    else put(state, rowsOf, objectId, next);
  };
  const addRow = (objectId: number, key: string, value: JsonValue): number => {
    const id = nextId(state, sequence);
    store(objectId, [...rows(objectId), { meta_id: id, object_id: objectId, meta_key: key, meta_value: value }]);
    return id;
  };
  return {
    add: (objectId, key, value, unique = false) =>
      run(() => {
        checkInteger(objectId, 'meta object id');
        checkName(key, 'meta_key');
        const copy = copyJson(value, 'meta_value');
        if (unique && rows(objectId).some((row) => row.meta_key === key)) return null;
        return addRow(objectId, key, copy);
      }),
    get: (objectId, key) =>
      run(() => {
        checkInteger(objectId, 'meta object id');
        checkName(key, 'meta_key');
        const found: JsonValue[] = [];
        for (const row of rows(objectId)) if (row.meta_key === key) found.push(copyStored(row.meta_value));
        return found;
      }),
    getMany: (objectIds, keys) =>
      run(() => {
        const wanted = keys === undefined ? undefined : new Set(keys.map((key) => checkName(key, 'meta_key')));
        const result = new Map<number, Record<string, JsonValue[]>>();
        for (const objectId of objectIds) {
          checkInteger(objectId, 'meta object id');
          const byKey: Record<string, JsonValue[]> = Object.create(null) as Record<string, JsonValue[]>;
          for (const row of rows(objectId)) {
            if (wanted && !wanted.has(row.meta_key)) continue;
            const values = Object.prototype.hasOwnProperty.call(byKey, row.meta_key) ? byKey[row.meta_key] : undefined;
            if (values) values.push(copyStored(row.meta_value));
            else setOwn(byKey, row.meta_key, [copyStored(row.meta_value)]);
          }
          result.set(objectId, byKey);
        }
        return result;
      }),
    update: (objectId, key, value, previous) =>
      run(() => {
        checkInteger(objectId, 'meta object id');
        checkName(key, 'meta_key');
        const copy = copyJson(value, 'meta_value');
        const prev = previous === undefined ? undefined : copyJson(previous, 'previous meta_value');
        const current = rows(objectId);
        if (!current.some((row) => row.meta_key === key)) {
          addRow(objectId, key, copy);
          return 1;
        }
        let written = 0;
        const next = current.map((row) => {
          if (row.meta_key !== key || (prev !== undefined && !jsonEqual(row.meta_value, prev))) return row;
          written++;
          return { ...row, meta_value: copy };
        });
        if (written > 0) store(objectId, next);
        return written;
      }),
    delete: (objectId, key, value) =>
      run(() => {
        checkInteger(objectId, 'meta object id');
        checkName(key, 'meta_key');
        const match = value === undefined ? undefined : copyJson(value, 'meta_value');
        const current = rows(objectId);
        const next = current.filter((row) => row.meta_key !== key || (match !== undefined && !jsonEqual(row.meta_value, match)));
        if (next.length !== current.length) store(objectId, next);
        return current.length - next.length;
      }),
    deletePrefixed: (prefix) =>
      run(() => {
        checkPrefix(prefix, 'meta_key');
        const changed: [number, MetaRow[]][] = [];
        let deleted = 0;
        for (const [objectId, current] of rowsOf) {
          const next = current.filter((row) => !row.meta_key.startsWith(prefix));
          if (next.length === current.length) continue;
          deleted += current.length - next.length;
          changed.push([objectId, next]);
        }
        for (const [objectId, next] of changed) store(objectId, next);
        return deleted;
      }),
  };
}
