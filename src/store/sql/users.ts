import { StoreError } from '../errors.js';
import { checkUserChanges, newUser } from '../rows.js';
import type { UserRow, UsersTable } from '../types.js';
import { checkText, lookupId } from '../values.js';
import type { SqlQueryable } from './client.js';
import type { TableContext } from './context.js';
import { userQuerySql } from './query.js';
import { columnList, page, uniqueWrite } from './statements.js';

const USER_COLUMNS = [
  'ID',
  'user_login',
  'user_pass',
  'user_nicename',
  'user_email',
  'user_url',
  'user_registered',
  'display_name',
  'roles',
] as const satisfies ReadonlyArray<keyof UserRow>;

const USER_SELECT = columnList(USER_COLUMNS);
const USER_LOOKUP_COLUMNS = new Set(['user_login', 'user_email', 'user_nicename']);

/** Runs a write of users, answering a taken login, nicename or email as a `conflict`. */
const userConflicts = <T>(q: SqlQueryable, work: () => Promise<T>): Promise<T> =>
  uniqueWrite(q, work, (constraint) => {
    const field = constraint.endsWith('email') ? 'email' : constraint.endsWith('nicename') ? 'nicename' : 'login';
    return `That ${field} is already taken.`;
  });

/** The SQL store's users (their meta is a `metaTable`). */
export function usersTable(ctx: TableContext): UsersTable {
  const { p, q, cached, atomic, now } = ctx;
  const users: UsersTable = {
    insert: (user) =>
      atomic(
        () => newUser(user, 0, now()),
        (t) => t.users.insert(user),
        async () => {
          const row = newUser(user, 0, now());
          const columns = USER_COLUMNS.filter((column) => column !== 'ID');
          const placeholders = columns.map((_, i) => `$${i + 1}`).join(', ');
          return userConflicts(q, async () => {
            const [stored] = await q.query<UserRow>(
              `INSERT INTO ${p}users (${columnList(columns)}) VALUES (${placeholders}) RETURNING ${USER_SELECT}`,
              columns.map((column) => row[column]),
            );
            return stored as UserRow;
          });
        },
      ),
    update: (id, changes) =>
      atomic(
        () => [lookupId(id, 'user id'), checkUserChanges(changes)],
        (t) => t.users.update(id, changes),
        async () => {
          const given = checkUserChanges(changes);
          const columns = Object.keys(given) as Array<keyof typeof given>;
          if (columns.length === 0) return users.get(id);
          const sets = columns.map((column, i) => `"${column}" = $${i + 2}`).join(', ');
          return userConflicts(q, async () => {
            const [stored] = await q.query<UserRow>(`UPDATE ${p}users SET ${sets} WHERE "ID" = $1 RETURNING ${USER_SELECT}`, [
              lookupId(id, 'user id'),
              ...columns.map((column) => given[column]),
            ]);
            return stored ?? null;
          });
        },
      ),
    get: async (id) => {
      const [row] = await cached.query<UserRow>(`SELECT ${USER_SELECT} FROM ${p}users WHERE "ID" = $1`, [lookupId(id, 'user id')]);
      return row ?? null;
    },
    getBy: async (field, value) => {
      checkText(value, field);
      if (!USER_LOOKUP_COLUMNS.has(field)) throw new StoreError('invalid_value', 'users.getBy needs a unique column.');
      if (value === '') return null;
      // Login and email compare regardless of case, through the lower-case indexes of migration 2.
      const column = field === 'user_nicename' ? `"${field}"` : `lower("${field}")`;
      const wanted = field === 'user_nicename' ? '$1' : 'lower($1)';
      const [row] = await cached.query<UserRow>(
        `SELECT ${USER_SELECT} FROM ${p}users WHERE md5(${column}) = md5(${wanted}) AND ${column} = ${wanted} ORDER BY "ID" LIMIT 1`,
        [value],
      );
      return row ?? null;
    },
    delete: (id) =>
      atomic(
        () => lookupId(id, 'user id'),
        (t) => t.users.delete(id),
        async () => {
          const gone = await q.query(`DELETE FROM ${p}users WHERE "ID" = $1 RETURNING "ID"`, [lookupId(id, 'user id')]);
          if (gone.length === 0) return false;
          await q.query(`DELETE FROM ${p}usermeta WHERE user_id = $1`, [id]);
          return true;
        },
      ),
    query: async (query) => {
      const { rows, total } = await page<UserRow>(cached, `${p}users`, USER_SELECT, userQuerySql(query), query);
      return { users: rows.map(({ __total, ...user }) => user), total };
    },
  };
  return users;
}
