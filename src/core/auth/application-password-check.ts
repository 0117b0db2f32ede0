import type { VerifyApplicationPassword } from './authenticate.js';
import type { UserStore } from './user-store.js';

/**
 * The built-in user stores' checks as they answer: at once for credentials verified before, where
 * `UserStore.verifyApplicationPassword` answers a promise, as its type says. Kept apart from the
 * user store, which needs `node:crypto`, so that the server can ask for them on any runtime.
 */
const checks = new WeakMap<UserStore, VerifyApplicationPassword>();

/** Registers the check that answers for `users`; answers `users`. */
export function withApplicationPasswordCheck(users: UserStore, check: VerifyApplicationPassword): UserStore {
  checks.set(users, check);
  return users;
}

/** How the server checks Basic credentials against `users`: its own check when registered, else its method. */
export const applicationPasswordCheck = (users: UserStore): VerifyApplicationPassword =>
  checks.get(users) ?? users.verifyApplicationPassword;
