// A signed-in user of a WordPress role, as the tests sign requests in with (`inject`'s `user`).
import { capabilitiesOf } from '../../src/core/auth/roles.js';
import type { RestUser } from '../../src/index.js';

/** A user `id` with `role`'s capabilities, named after the role. */
export function userWith(id: number, role: string): RestUser {
  const caps = capabilitiesOf([role]);
  return { id, username: role, can: (cap) => caps.has(cap) };
}
