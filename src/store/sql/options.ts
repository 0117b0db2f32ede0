import { setOwn } from '../../core/own-property.js';
import type { JsonValue, OptionsTable } from '../types.js';
import { checkName, checkPrefix, copyJson } from '../values.js';
import type { TableContext } from './context.js';
import { fromJson, toJson } from './statements.js';

/** An option's value, read as `options.get` reads it (the posts query reads `sticky_posts` so). */
export async function getOption({ p, cached }: TableContext, name: string): Promise<JsonValue | undefined> {
  const [row] = await cached.query<{ v: string }>(
    `SELECT option_value AS v FROM ${p}options WHERE md5(option_name) = md5($1) AND option_name = $1`,
    [checkName(name, 'option name')],
  );
  return row === undefined ? undefined : fromJson(row.v);
}

/** The SQL store's options. */
export function optionsTable(ctx: TableContext): OptionsTable {
  const { p, q, cached, atomic } = ctx;
  return {
    get: (name) => getOption(ctx, name),
    set: async (name, value, autoload) => {
      checkName(name, 'option name');
      const json = toJson(value, 'option value');
      await q.query(
        `INSERT INTO ${p}options (option_name, option_value, autoload) VALUES ($1, $2, coalesce($3::boolean, true))
           ON CONFLICT (md5(option_name)) DO UPDATE SET option_value = EXCLUDED.option_value, autoload = coalesce($3::boolean, ${p}options.autoload)`,
        [name, json, autoload ?? null],
      );
    },
    add: async (name, value, autoload = true) => {
      checkName(name, 'option name');
      const json = toJson(value, 'option value');
      const added = await q.query(
        `INSERT INTO ${p}options (option_name, option_value, autoload) VALUES ($1, $2, $3) ON CONFLICT (md5(option_name)) DO NOTHING RETURNING option_id`,
        [name, json, autoload],
      );
      return added.length > 0;
    },
    update: (name, fn) =>
      atomic(
        () => checkName(name, 'option name'),
        (t) => t.options.update(name, fn),
        async () => {
          checkName(name, 'option name');
          const [row] = await q.query<{ v: string }>(
            `SELECT option_value AS v FROM ${p}options WHERE md5(option_name) = md5($1) AND option_name = $1`,
            [name],
          );
          const next = copyJson(fn(row === undefined ? undefined : fromJson(row.v)), 'option value');
          await q.query(
            `INSERT INTO ${p}options (option_name, option_value) VALUES ($1, $2)
             ON CONFLICT (md5(option_name)) DO UPDATE SET option_value = EXCLUDED.option_value`,
            [name, JSON.stringify(next)],
          );
          return next;
        },
      ),
    delete: async (name) => {
      const gone = await q.query(`DELETE FROM ${p}options WHERE md5(option_name) = md5($1) AND option_name = $1 RETURNING option_id`, [
        checkName(name, 'option name'),
      ]);
      return gone.length > 0;
    },
    // No index serves a prefix (names are indexed by their md5): a reset scans the table once.
    deletePrefixed: async (prefix) => {
      const gone = await q.query(`DELETE FROM ${p}options WHERE starts_with(option_name, $1) RETURNING option_id`, [
        checkPrefix(prefix, 'option name'),
      ]);
      return gone.length;
    },
    autoloaded: async () => {
      const rows = await cached.query<{ n: string; v: string }>(
        `SELECT option_name AS n, option_value AS v FROM ${p}options WHERE autoload ORDER BY option_id`,
      );
      const all = Object.create(null) as Record<string, JsonValue>;
      for (const row of rows) setOwn(all, row.n, fromJson(row.v));
      return all;
    },
  };
}
