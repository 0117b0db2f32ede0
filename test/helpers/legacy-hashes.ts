// Application passwords as earlier versions stored them, written straight into a site store: this
// project's scrypt hashes (a PHC string under the user's `_application_passwords_salt` settings)
// and WordPress's phpass ones, for the tests of checking and rewriting them.
import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import type { JsonValue, SiteStore } from '../../src/index.js';

const unpadded = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/**
 * A user's scrypt settings and the hashes of `passwords` under them, as site-rest 0.1 wrote them:
 * one salt per user, shared by their passwords (N = 2^ln, r = 8, p = 1).
 */
export function scryptHashes(passwords: string[], ln = 10): { settings: string; hashes: string[] } {
  const salt = randomBytes(16);
  const settings = `$scrypt$ln=${ln},r=8,p=1$${unpadded(salt)}`;
  const hashes = passwords.map(
    (password) => `${settings}$${unpadded(scryptSync(password, salt, 32, { N: 2 ** ln, r: 8, p: 1, maxmem: 256 * 2 ** ln * 8 }))}`,
  );
  return { settings, hashes };
}

/** The scrypt settings and hash of one password, as {@link scryptHashes}. */
export function scryptHash(password: string, ln = 10): { settings: string; hash: string } {
  const { settings, hashes } = scryptHashes([password], ln);
  return { settings, hash: hashes[0]! };
}

/** An `_application_passwords` entry holding `hash`, never used. */
export function storedPassword(hash: string, name = 'legacy'): Record<string, JsonValue> {
  return { uuid: randomUUID(), app_id: '', name, password: hash, created: 1_700_000_000, last_used: null, last_ip: null };
}

/** Replaces a user's application passwords with `entries`, and their scrypt settings with `settings` when given. */
export async function storeLegacyPasswords(
  store: SiteStore,
  userId: number,
  entries: Array<Record<string, JsonValue>>,
  settings?: string,
): Promise<void> {
  await store.userMeta.update(userId, '_application_passwords', entries);
  if (settings !== undefined) await store.userMeta.update(userId, '_application_passwords_salt', settings);
}

/** The user's `_application_passwords` entries as stored. */
export async function storedPasswords(store: SiteStore, userId: number): Promise<Array<Record<string, JsonValue>>> {
  const [list] = await store.userMeta.get(userId, '_application_passwords');
  return list as Array<Record<string, JsonValue>>;
}
