import { randomBytes, randomInt, randomUUID, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { RestUser } from '../types.js';
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
  /** The user whose application password this is, or null; never throws for bad input. */
  verifyApplicationPassword(login: string, password: string): Promise<StoreUser | null>;
}

/** Options of createUserStore. */
export interface UserStoreOptions {
  /** Users to add at once, in order. */
  users?: NewUser[];
  /** Role table (default {@link DEFAULT_ROLES}). */
  roles?: RoleTable;
  /** scrypt cost (default N=16384, r=8, p=1); tests lower N to run fast. */
  scrypt?: { N?: number; r?: number; p?: number };
}

/** An application password as kept: its listing plus the salted hash, never the plaintext. */
interface StoredPassword {
  info: ApplicationPasswordInfo;
  salt: Buffer;
  hash: Buffer;
}

interface UserRecord {
  user: StoreUser;
  passwords: StoredPassword[];
}

const SALT_BYTES = 16;
const KEY_BYTES = 32;
// A fixed salt for users that have nothing to check against: only the time spent matters.
const DUMMY_SALT = Buffer.alloc(SALT_BYTES);
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

function isPositiveInteger(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

/** Checks the cost once up front, so a bad setting fails at startup instead of on every sign-in. */
function scryptOptions(cost: UserStoreOptions['scrypt'] = {}): ScryptOptions {
  const { N = 16384, r = 8, p = 1 } = cost;
  if (!isPositiveInteger(N) || N < 2 || !Number.isInteger(Math.log2(N))) throw new TypeError('scrypt N must be a power of two above 1');
  if (!isPositiveInteger(r) || !isPositiveInteger(p)) throw new TypeError('scrypt r and p must be positive integers');
  // scrypt needs 128·N·r bytes; Node's default 32 MiB cap would refuse N=32768 with r=8.
  return { N, r, p, maxmem: 256 * N * r };
}

/** The async scrypt, so hashing runs on the thread pool and never blocks the event loop. */
function deriveKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Creates an in-memory user store with WordPress-style application passwords. */
export function createUserStore(options: UserStoreOptions = {}): UserStore {
  const roleTable = options.roles ?? DEFAULT_ROLES;
  const cost = scryptOptions(options.scrypt);
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
    const record: UserRecord = { user, passwords: [] };
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
    const salt = randomBytes(SALT_BYTES);
    const hash = await deriveKey(normalized, salt, cost);
    const info: ApplicationPasswordInfo = { uuid: randomUUID(), name, created: new Date().toISOString(), lastUsed: null };
    record.passwords.push({ info, salt, hash });
    return { password: plaintext, item: { ...info } };
  }

  function revokeApplicationPassword(login: string, uuid: string): boolean {
    const record = existing(login);
    const index = record.passwords.findIndex((stored) => stored.info.uuid === uuid);
    if (index === -1) return false;
    record.passwords.splice(index, 1);
    return true;
  }

  async function verifyApplicationPassword(login: string, password: string): Promise<StoreUser | null> {
    if (typeof login !== 'string' || typeof password !== 'string') return null;
    const normalized = normalizePassword(password);
    if (normalized === '') return null;
    const record = find(login);
    if (!record || record.passwords.length === 0) {
      // One hash anyway, so the time taken does not tell whether the user exists.
      await deriveKey(normalized, DUMMY_SALT, cost);
      return null;
    }
    // A snapshot: passwords may be created or revoked while a hash is being computed.
    for (const stored of [...record.passwords]) {
      const key = await deriveKey(normalized, stored.salt, cost);
      if (!timingSafeEqual(key, stored.hash)) continue;
      // Revoked while we were hashing: it no longer signs anyone in.
      if (!record.passwords.includes(stored)) return null;
      stored.info.lastUsed = new Date().toISOString();
      return record.user;
    }
    return null;
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
