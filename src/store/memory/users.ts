import { StoreError } from '../errors.js';
import { pageBounds } from '../query.js';
import { checkUserChanges, newUser } from '../rows.js';
import type { UserRow, UsersTable } from '../types.js';
import { checkText, lookupId } from '../values.js';
import { userQueryPlan } from './query.js';
import { nextId, put, remove, type MemoryState, type Run } from './state.js';

const copyUser = (user: UserRow): UserRow => ({ ...user, roles: [...user.roles] });

function checkUnique(state: MemoryState, user: UserRow): void {
  for (const other of state.users.values()) {
    if (other.ID === user.ID) continue;
    if (other.user_login === user.user_login) throw new StoreError('conflict', 'That login is already taken.');
    if (other.user_nicename === user.user_nicename) throw new StoreError('conflict', 'That nicename is already taken.');
    if (user.user_email !== '' && other.user_email === user.user_email) throw new StoreError('conflict', 'That email is already taken.');
  }
}

/** The memory store's users (their meta is a `metaTable`). */
export function usersTable(state: MemoryState, run: Run): UsersTable {
  const { users, now } = state;
  return {
    insert: (user) =>
      run(() => {
        const row = { ...newUser(user, 0, now()), ID: nextId(state, 'users') };
        checkUnique(state, row);
        put(state, users, row.ID, row);
        return copyUser(row);
      }),
    update: (id, changes) =>
      run(() => {
        const given = checkUserChanges(changes);
        const current = users.get(lookupId(id, 'user id'));
        if (current === undefined) return null;
        const row = { ...current, ...given };
        checkUnique(state, row);
        put(state, users, id, row);
        return copyUser(row);
      }),
    get: (id) =>
      run(() => {
        const user = users.get(lookupId(id, 'user id'));
        return user === undefined ? null : copyUser(user);
      }),
    getBy: (field, value) =>
      run(() => {
        checkText(value, field);
        if (value === '') return null;
        const caseless = field !== 'user_nicename';
        const wanted = caseless ? value.toLowerCase() : value;
        for (const user of users.values()) if ((caseless ? user[field].toLowerCase() : user[field]) === wanted) return copyUser(user);
        return null;
      }),
    delete: (id) =>
      run(() => {
        if (!remove(state, users, lookupId(id, 'user id'))) return false;
        remove(state, state.userMeta, id);
        return true;
      }),
    query: (query) =>
      run(() => {
        const plan = userQueryPlan(query);
        const { offset, limit } = pageBounds(query);
        const matching = [...users.values()].filter(plan.matches).sort(plan.compare);
        return { users: matching.slice(offset, offset + limit).map(copyUser), total: matching.length };
      }),
  };
}
