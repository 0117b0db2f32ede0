import { authenticationBusy } from '../errors/catalogue.js';
import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RestError } from '../errors/rest-error.js';
import type { RestUser } from '../types.js';
import type { CredentialCheck } from './authenticate.js';
import { createPasswordHasher, SALT_BYTES, type HashQueueOptions, type ScryptCost } from './password-hasher.js';
import { capabilitiesOf, DEFAULT_ROLES, type RoleTable } from './roles.js';

/** A user of the built-in store, as handlers see it. */
export interface StoreUser extends RestUser {
  /** Numeric id: 1, 2, 3… in the order users were added. */
  id: number;
  /** Login name, unique regardless of case. */
  username: string;
  /** Display name. */
  name: string;
  /** Email address; may be empty. */
  email: string;
  /** Role names, e.g. `['editor']`. */
  roles: readonly string[];
}

/** What a new user is made of. */
export interface NewUser {
  /** Login name; must be non-empty and unique regardless of case. */
  username: string;
  /** Role names (default `['subscriber']`). */
  roles?: string[];
  /** Display name (default the username). */
  name?: string;
  /** Email address (default empty). */
  email?: string;
  /** Capabilities granted on top of the roles'. */
  capabilities?: string[];
}

/** An application password as listed: never the password or its hash. */
export interface ApplicationPasswordInfo {
  /** Identifier used to revoke it. */
  uuid: string;
  /** Name of the application it was made for. */
  name: string;
  /** When it was created, ISO 8601 UTC. */
  created: string;
  /** When it last authenticated a request, ISO 8601 UTC; null if never. */
  lastUsed: string | null;
}

/** The built-in user store. */
export interface UserStore {
  /** Adds a user; throws a TypeError on an empty or already taken username. */
  addUser(user: NewUser): StoreUser;
  /** A user by id, or by username or email (either regardless of case); null if none. */
  getUser(idOrLogin: number | string): StoreUser | null;
  /** All users in id order. */
  listUsers(): StoreUser[];
  /** Creates an application password; its plaintext is in the answer and nowhere else. */
  createApplicationPassword(
    login: string,
    options: { name: string; password?: string },
  ): Promise<{ password: string; item: ApplicationPasswordInfo }>;
  /** A user's application passwords, oldest first. */
  listApplicationPasswords(login: string): ApplicationPasswordInfo[];
  /** Revokes an application password; false when the user has none with that uuid. */
  revokeApplicationPassword(login: string, uuid: string): boolean;
  /**
   * The user whose application password this is, or null; never throws for bad input. Answers
   * a 503 `rest_authentication_busy` error instead when the sign-in queue is full; a `trusted`
   * check (its address signed in as this user lately) has a slot of the queue kept for it.
   */
  verifyApplicationPassword(login: string, password: string, check?: CredentialCheck): Promise<StoreUser | null | RestError>;
}

/** Options of createUserStore. */
export interface UserStoreOptions {
  /** Users to add at once, in order. */
  users?: NewUser[];
  /** Role table (default {@link DEFAULT_ROLES}). */
  roles?: RoleTable;
  /** scrypt cost (default N=16384, r=8, p=1); tests lower N to run fast. */
  scrypt?: ScryptCost;
  /** The sign-in queue: by default scrypt runs 2 at a time, one of them kept for trusted checks, with at most 16 checks waiting. */
  queue?: HashQueueOptions;
}

/** An application password as kept: its listing plus its hash under the user's salt, never the plaintext. */
interface StoredPassword {
  info: ApplicationPasswordInfo;
  hash: Buffer;
}

interface UserRecord {
  user: StoreUser;
  /** One salt for all of the user's passwords, so a check derives one key whatever their number. */
  salt: Buffer;
  passwords: StoredPassword[];
}

const PASSWORD_LENGTH = 24;
const PASSWORD_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** WordPress's `preg_replace('/[^a-z\d]/i', '', $password)`: display spaces and dashes are optional. */
function normalizePassword(password: string): string {
  return password.replace(/[^a-z\d]/gi, '');
}

/** WordPress's `wp_generate_password(24, false)`. */
function generatePassword(): string {
  let password = '';
  for (let i = 0; i < PASSWORD_LENGTH; i++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}

/** Creates an in-memory user store with WordPress-style application passwords. */
export function createUserStore(options: UserStoreOptions = {}): UserStore {
  const roleTable = options.roles ?? DEFAULT_ROLES;
  const hasher = createPasswordHasher(options.scrypt, options.queue);
  const byId = new Map<number, UserRecord>();
  const byLogin = new Map<string, UserRecord>();

  // By username, then by email: WordPress signs in with application passwords by either.
  function find(login: string): UserRecord | undefined {
    const key = login.toLowerCase();
    const record = byLogin.get(key);
    if (record || key === '') return record;
    for (const candidate of byId.values()) if (candidate.user.email.toLowerCase() === key) return candidate;
    return undefined;
  }

  function existing(login: string): UserRecord {
    const record = typeof login === 'string' ? find(login) : undefined;
    if (!record) throw new TypeError(`Unknown user: ${JSON.stringify(String(login))}`);
    return record;
  }

  function addUser(input: NewUser): StoreUser {
    const username = input.username;
    if (typeof username !== 'string' || username.trim() === '') throw new TypeError('A username is required');
    const key = username.toLowerCase();
    if (byLogin.has(key)) throw new TypeError(`Username already taken: ${JSON.stringify(username)}`);
    const roles = Object.freeze([...(input.roles ?? ['subscriber'])]);
    const capabilities = capabilitiesOf(roles, input.capabilities, roleTable);
    // Frozen because the store's indexes trust id, username and email never to change.
    const user: StoreUser = Object.freeze({
      id: byId.size + 1,
      username,
      name: input.name ?? username,
      email: input.email ?? '',
      roles,
      // A closure rather than `this`, so a spread or destructured copy still answers.
      can: (capability: string) => capabilities.has(capability),
    });
    const record: UserRecord = { user, salt: randomBytes(SALT_BYTES), passwords: [] };
    byId.set(user.id, record);
    byLogin.set(key, record);
    return user;
  }

  async function createApplicationPassword(
    login: string,
    { name, password }: { name: string; password?: string },
  ): Promise<{ password: string; item: ApplicationPasswordInfo }> {
    const record = existing(login);
    if (typeof name !== 'string' || name.trim() === '') throw new TypeError('An application name is required');
    const plaintext = password ?? generatePassword();
    const normalized = typeof plaintext === 'string' ? normalizePassword(plaintext) : '';
    if (normalized === '') throw new TypeError('An application password needs at least one letter or digit');
    const hash = await hasher.derive(normalized, record.salt);
    const info: ApplicationPasswordInfo = { uuid: randomUUID(), name, created: new Date().toISOString(), lastUsed: null };
    record.passwords.push({ info, hash });
    return { password: plaintext, item: { ...info } };
  }

  function revokeApplicationPassword(login: string, uuid: string): boolean {
    const record = existing(login);
    const index = record.passwords.findIndex((stored) => stored.info.uuid === uuid);
    if (index === -1) return false;
    record.passwords.splice(index, 1);
    return true;
  }

  async function verifyApplicationPassword(
    login: string,
    password: string,
    check?: CredentialCheck,
  ): Promise<StoreUser | null | RestError> {
    if (typeof login !== 'string' || typeof password !== 'string') return null;
    const normalized = normalizePassword(password);
    if (normalized === '') return null;
    const trusted = check?.trusted === true;
    // Checked before the lookup, so that a full queue answers alike for users that exist and users
    // that do not; a trusted check has already proven that its user exists.
    if (!trusted && hasher.busy()) return authenticationBusy();
    const record = find(login);
    if (!record || record.passwords.length === 0) {
      // Nothing to hash: wait as long as a hash takes, so the time does not tell whether the user
      // exists, without spending CPU or a pool thread on made-up names. What remains under load:
      // a real check also waits its turn in the queue and runs on busier cores, while this wait
      // does neither, so an attacker who keeps the queue full can still tell the two apart by
      // time; the login limiter caps how many such probes an address or a username gets.
      await sleep(await hasher.typicalDuration());
      return null;
    }
    const derived = hasher.deriveQueued(normalized, record.salt, trusted);
    if (!derived) return authenticationBusy();
    const key = await derived;
    // Compared against every password, as those revoked or added meanwhile now stand, without stopping at a match.
    let match: StoredPassword | undefined;
    for (const stored of record.passwords) if (timingSafeEqual(key, stored.hash) && !match) match = stored;
    if (!match) return null;
    match.info.lastUsed = new Date().toISOString();
    return record.user;
  }

  for (const user of options.users ?? []) addUser(user);

  return {
    addUser,
    getUser(idOrLogin) {
      if (typeof idOrLogin === 'number') return byId.get(idOrLogin)?.user ?? null;
      return typeof idOrLogin === 'string' ? (find(idOrLogin)?.user ?? null) : null;
    },
    listUsers: () => [...byId.values()].map((record) => record.user),
    createApplicationPassword,
    listApplicationPasswords: (login) => existing(login).passwords.map((stored) => ({ ...stored.info })),
    revokeApplicationPassword,
    verifyApplicationPassword,
  };
}
