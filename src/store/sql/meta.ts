import { setOwn } from '../../core/own-property.js';
import type { JsonValue, MetaTable } from '../types.js';
import { checkInteger, checkName, checkPrefix, copyJson, jsonEqual } from '../values.js';
import type { SqlQueryable } from './client.js';
import type { TableContext } from './context.js';
import { fromJson, ids, toJson } from './statements.js';

/** A meta table (post, user or term meta): the `name` table of `tables`, in `table`, its rows' ids in `idColumn`, its objects' in `owner`; its reads go to `reads`. */
export function metaTable(
  ctx: TableContext,
  name: 'postMeta' | 'userMeta' | 'termMeta',
  table: string,
  idColumn: string,
  owner: string,
  reads: SqlQueryable,
): MetaTable {
  const { p, q, atomic } = ctx;
  const t = `${p}${table}`;
  const rowsOf = (objectId: number, key: string) =>
    reads.query<{ id: number; meta_value: string }>(
      `SELECT ${idColumn} AS id, meta_value FROM ${t} WHERE ${owner} = $1 AND md5(meta_key) = md5($2) AND meta_key = $2 ORDER BY ${idColumn}`,
      [objectId, key],
    );
  const insert = async (objectId: number, key: string, json: string) => {
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO ${t} (${owner}, meta_key, meta_value) VALUES ($1, $2, $3) RETURNING ${idColumn} AS id`,
      [objectId, key, json],
    );
    return row?.id ?? 0;
  };
  return {
    add: (objectId, key, value, unique = false) =>
      atomic(
        () => [checkInteger(objectId, 'meta object id'), checkName(key, 'meta_key'), toJson(value, 'meta_value')],
        (t) => t[name].add(objectId, key, value, unique),
        async () => {
          checkInteger(objectId, 'meta object id');
          checkName(key, 'meta_key');
          const json = toJson(value, 'meta_value');
          if (unique && (await rowsOf(objectId, key)).length > 0) return null;
          return insert(objectId, key, json);
        },
      ),
    get: async (objectId, key) => {
      const rows = await rowsOf(checkInteger(objectId, 'meta object id'), checkName(key, 'meta_key'));
      return rows.map((row) => fromJson(row.meta_value));
    },
    getMany: async (objectIds, keys) => {
      const wanted = [...new Set(ids(objectIds, 'meta object id'))];
      const keyList = keys === undefined ? null : keys.map((key) => checkName(key, 'meta_key'));
      const result = new Map<number, Record<string, JsonValue[]>>();
      for (const id of wanted) result.set(id, Object.create(null) as Record<string, JsonValue[]>);
      if (wanted.length === 0) return result;
      const rows = await reads.query<{ object_id: number; meta_key: string; meta_value: string }>(
        `SELECT ${owner} AS object_id, meta_key, meta_value FROM ${t}
             WHERE ${owner} = ANY($1::bigint[]) AND ($2::text[] IS NULL OR meta_key = ANY($2::text[])) ORDER BY ${idColumn}`,
        [wanted, keyList],
      );
      for (const row of rows) {
        const byKey = result.get(row.object_id);
        if (byKey === undefined) continue;
        const values = Object.prototype.hasOwnProperty.call(byKey, row.meta_key) ? byKey[row.meta_key] : undefined;
        if (values) values.push(fromJson(row.meta_value));
        else setOwn(byKey, row.meta_key, [fromJson(row.meta_value)]);
      }
      return result;
    },
    update: (objectId, key, value, previous) =>
      atomic(
        () => [
          checkInteger(objectId, 'meta object id'),
          checkName(key, 'meta_key'),
          toJson(value, 'meta_value'),
          previous === undefined || copyJson(previous, 'previous meta_value'),
        ],
        (t) => t[name].update(objectId, key, value, previous),
        async () => {
          checkInteger(objectId, 'meta object id');
          checkName(key, 'meta_key');
          const json = toJson(value, 'meta_value');
          const prev = previous === undefined ? undefined : copyJson(previous, 'previous meta_value');
          const rows = await rowsOf(objectId, key);
          if (rows.length === 0) {
            await insert(objectId, key, json);
            return 1;
          }
          const targets = rows.filter((row) => prev === undefined || jsonEqual(fromJson(row.meta_value), prev)).map((row) => row.id);
          if (targets.length === 0) return 0;
          await q.query(`UPDATE ${t} SET meta_value = $1 WHERE ${idColumn} = ANY($2::bigint[])`, [json, targets]);
          return targets.length;
        },
      ),
    delete: (objectId, key, value) =>
      atomic(
        () => [checkInteger(objectId, 'meta object id'), checkName(key, 'meta_key'), value === undefined || copyJson(value, 'meta_value')],
        (t) => t[name].delete(objectId, key, value),
        async () => {
          checkInteger(objectId, 'meta object id');
          checkName(key, 'meta_key');
          const match = value === undefined ? undefined : copyJson(value, 'meta_value');
          const rows = await rowsOf(objectId, key);
          const targets = rows.filter((row) => match === undefined || jsonEqual(fromJson(row.meta_value), match)).map((row) => row.id);
          if (targets.length === 0) return 0;
          const gone = await q.query(`DELETE FROM ${t} WHERE ${idColumn} = ANY($1::bigint[]) RETURNING ${idColumn}`, [targets]);
          return gone.length;
        },
      ),
    deletePrefixed: async (prefix) => {
      const gone = await q.query(`DELETE FROM ${t} WHERE starts_with(meta_key, $1) RETURNING ${idColumn}`, [
        checkPrefix(prefix, 'meta_key'),
      ]);
      return gone.length;
    },
  };
}
