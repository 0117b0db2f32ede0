import type { TransientsTable } from '../types.js';
import { checkInteger, checkName, checkPrefix } from '../values.js';
import { PURGE_EVERY, type TableContext } from './context.js';
import { fromJson, toJson } from './statements.js';

/** The SQL store's transients; expired ones answer nothing and are purged now and then. */
export function transientsTable(ctx: TableContext): TransientsTable {
  const { p, q, now, purges } = ctx;
  return {
    get: async (name) => {
      const [row] = await q.query<{ v: string }>(
        `SELECT transient_value AS v FROM ${p}transients WHERE md5(transient_name) = md5($1) AND transient_name = $1 AND (expires_at IS NULL OR expires_at > $2)`,
        [checkName(name, 'transient name'), now()],
      );
      return row === undefined ? undefined : fromJson(row.v);
    },
    set: async (name, value, ttlSeconds) => {
      checkName(name, 'transient name');
      const json = toJson(value, 'transient value');
      const ttl = checkInteger(ttlSeconds, 'transient lifetime');
      if (ttl > 0 && ++purges.transients >= PURGE_EVERY) {
        purges.transients = 0;
        await q.query(`DELETE FROM ${p}transients WHERE expires_at <= $1`, [now()]);
      }
      await q.query(
        `INSERT INTO ${p}transients (transient_name, transient_value, expires_at) VALUES ($1, $2, $3)
           ON CONFLICT (md5(transient_name)) DO UPDATE SET transient_value = EXCLUDED.transient_value, expires_at = EXCLUDED.expires_at`,
        [name, json, ttl === 0 ? null : now() + ttl * 1000],
      );
    },
    delete: async (name) => {
      const gone = await q.query<{ live: boolean }>(
        `DELETE FROM ${p}transients WHERE md5(transient_name) = md5($1) AND transient_name = $1 RETURNING (expires_at IS NULL OR expires_at > $2) AS live`,
        [checkName(name, 'transient name'), now()],
      );
      return gone[0]?.live === true;
    },
    deletePrefixed: async (prefix) => {
      const gone = await q.query(`DELETE FROM ${p}transients WHERE starts_with(transient_name, $1) RETURNING transient_name`, [
        checkPrefix(prefix, 'transient name'),
      ]);
      return gone.length;
    },
  };
}
