import type { CountersTable } from '../types.js';
import { checkInteger, checkName } from '../values.js';
import { PURGE_EVERY, type TableContext } from './context.js';

/** Whether a counter row is live at `at` (a parameter). */
const liveCounter = (at: string, table = ''): string => `(${table}expires_at IS NULL OR ${table}expires_at > ${at})`;

/** The SQL store's counters; an expired one counts again from nothing. */
export function countersTable(ctx: TableContext): CountersTable {
  const { p, q, atomic, now, purges } = ctx;
  return {
    increment: (name, by = 1, options = {}) =>
      atomic(
        () => [
          checkName(name, 'counter name'),
          checkInteger(by, 'increment', true),
          checkInteger(options.ttlSeconds ?? 0, 'counter lifetime'),
        ],
        (t) => t.counters.increment(name, by, options),
        async () => {
          checkName(name, 'counter name');
          const step = checkInteger(by, 'increment', true);
          const ttl = checkInteger(options.ttlSeconds ?? 0, 'counter lifetime');
          const at = now();
          if (ttl > 0 && ++purges.counters >= PURGE_EVERY) {
            purges.counters = 0;
            await q.query(`DELETE FROM ${p}counters WHERE expires_at <= $1`, [at]);
          }
          // An expired counter starts again, with the new window, as an absent one does.
          const [row] = await q.query<{ v: number }>(
            `INSERT INTO ${p}counters AS c (counter_name, counter_value, expires_at) VALUES ($1, $2, $3)
             ON CONFLICT (counter_name) DO UPDATE SET
               counter_value = CASE WHEN ${liveCounter('$4', 'c.')} THEN c.counter_value + EXCLUDED.counter_value ELSE EXCLUDED.counter_value END,
               expires_at = CASE WHEN ${liveCounter('$4', 'c.')} THEN c.expires_at ELSE EXCLUDED.expires_at END
             RETURNING counter_value AS v`,
            [name, step, ttl === 0 ? null : at + ttl * 1000, at],
          );
          return checkInteger(row?.v, `counter ${name}`, true);
        },
      ),
    get: async (name) => {
      const [row] = await q.query<{ v: number }>(
        `SELECT counter_value AS v FROM ${p}counters WHERE counter_name = $1 AND ${liveCounter('$2')}`,
        [checkName(name, 'counter name'), now()],
      );
      return row?.v ?? 0;
    },
    delete: async (name) => {
      const gone = await q.query<{ live: boolean }>(
        `DELETE FROM ${p}counters WHERE counter_name = $1 RETURNING ${liveCounter('$2')} AS live`,
        [checkName(name, 'counter name'), now()],
      );
      return gone[0]?.live === true;
    },
  };
}
