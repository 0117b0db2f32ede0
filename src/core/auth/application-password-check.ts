import type { VerifyApplicationPassword } from './authenticate.js';

/**
 * The built-in user stores' checks as they answer: at once for credentials verified before, where
 * `UserStore.verifyApplicationPassword` answers a promise, as its type says. Kept apart from the
 * user store, which needs `node:crypto`, so that the server can ask for them on any runtime.
 */
const checks = new WeakMap<object, VerifyApplicationPassword>();

/** Registers the check that answers for the user store `users`; answers `users`. */
export function withApplicationPasswordCheck<Users extends object>(users: Users, check: VerifyApplicationPassword): Users {
  checks.set(users, check);
  return users;
}

/** How the server checks Basic credentials against `users`: its registered check, else its method. */
export const applicationPasswordCheck = (users: { verifyApplicationPassword: VerifyApplicationPassword }): VerifyApplicationPassword =>
  checks.get(users) ?? users.verifyApplicationPassword;
