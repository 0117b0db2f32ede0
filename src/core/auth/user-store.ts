import { authenticationBusy } from '../errors/catalogue.js';
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RestError } from '../errors/rest-error.js';
import { setOwn } from '../own-property.js';
import type { RestUser } from '../types.js';
import { isStoreError } from '../../store/errors.js';
import { memoryStore } from '../../store/memory.js';
import type { JsonValue, SiteStore, StoreTables, UserRow } from '../../store/types.js';
import type { CredentialCheck } from './authenticate.js';
import { createPasswordHasher, keyOfHash, type HashQueueOptions, type HashSettings, type ScryptCost } from './password-hasher.js';
import { capabilitiesOf, DEFAULT_ROLES, type RoleTable } from './roles.js';
import { z } from 'zod';
import { checkedAtUse, checkOptions, hostObject, optionsObject, type OptionsShape } from '../options.js';

/** A user of the built-in store, as handlers see it. */
export interface StoreUser extends RestUser {
  /** Numeric id: the users table's `ID`, 1, 2, 3… in the order users were added. */
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
  /** When it was created, ISO 8601 UTC (whole seconds, as WordPress keeps it). */
  created: string;
  /** When it last authenticated a request, ISO 8601 UTC, recorded at most once a day as WordPress does; null if never. */
  lastUsed: string | null;
}

/** The built-in user store, kept in a site store: every process on that store sees the same users and passwords. */
export interface UserStore {
  /** Adds a user; rejects with a TypeError on an empty or already taken username. */
  addUser(user: NewUser): Promise<StoreUser>;
  /** A user by id, or by username or email (either regardless of case); null if none. */
  getUser(idOrLogin: number | string): Promise<StoreUser | null>;
  /** All users in id order. */
  listUsers(): Promise<StoreUser[]>;
  /** Creates an application password; its plaintext is in the answer and nowhere else. */
  createApplicationPassword(
    login: string,
    options: { name: string; password?: string },
  ): Promise<{ password: string; item: ApplicationPasswordInfo }>;
  /** A user's application passwords, oldest first. */
  listApplicationPasswords(login: string): Promise<ApplicationPasswordInfo[]>;
  /** Revokes an application password; false when the user has none with that uuid. */
  revokeApplicationPassword(login: string, uuid: string): Promise<boolean>;
  /**
   * The user whose application password this is, or null; never throws for bad input. Answers
   * a 503 `rest_authentication_busy` error instead when the sign-in queue is full; a `trusted`
   * check (its address signed in as this user lately) has a slot of the queue kept for it.
   */
  verifyApplicationPassword(login: string, password: string, check?: CredentialCheck): Promise<StoreUser | null | RestError>;
}

/** Options of createUserStore. */
export interface UserStoreOptions {
  /**
   * The site store users and application passwords are kept in (default a fresh `memoryStore()`):
   * give the server's (`createRestServer({ store })`) so they persist and are shared.
   */
  store?: SiteStore;
  /** Users to add at start, in order, each only when no user has that username yet (so a restart on a kept store adds nothing). */
  users?: NewUser[];
  /** Role table (default {@link DEFAULT_ROLES}). */
  roles?: RoleTable;
  /** scrypt cost of users' new salts (default N=16384, r=8, p=1); tests lower N to run fast. */
  scrypt?: ScryptCost;
  /** The sign-in queue: by default scrypt runs 2 at a time, one of them kept for trusted checks, with at most 16 checks waiting. */
  queue?: HashQueueOptions;
}

const userStoreOptions = optionsObject({
  store: hostObject('a site store (memoryStore, or pgliteStore / postgresStore from site-rest/store)').optional(),
  users: z.array(z.unknown(), { error: 'must be a list of users' }).optional(),
  roles: hostObject('a role table').optional(),
  scrypt: optionsObject({
    N: checkedAtUse<number>(),
    r: checkedAtUse<number>(),
    p: checkedAtUse<number>(),
  } satisfies OptionsShape<ScryptCost>).optional(),
  queue: optionsObject({
    concurrency: checkedAtUse<number>(),
    maxWaiting: checkedAtUse<number>(),
  } satisfies OptionsShape<HashQueueOptions>).optional(),
} satisfies OptionsShape<UserStoreOptions>);

/** WordPress's user meta of application passwords: a list of `{uuid, app_id, name, password, created, last_used, last_ip}`. */
const PASSWORDS_KEY = '_application_passwords';
/**
 * The user's hash settings (scrypt cost and salt), which all their application passwords share,
 * so a check derives one key whatever their number. A user left with none gets fresh settings.
 */
const SALT_KEY = '_application_passwords_salt';
/** Capabilities granted beyond the roles (`{capability: true}`), as WordPress's `wp_capabilities` keeps them beside role names. */
const CAPABILITIES_KEY = 'wp_capabilities';
const DAY_SECONDS = 24 * 60 * 60;
/** Rounds of creating a password when other writers keep changing the user's salt meanwhile. */
const CREATE_ROUNDS = 3;

const PASSWORD_LENGTH = 24;
const PASSWORD_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** An entry of `_application_passwords`; `password` is a PHC scrypt hash, never the plaintext. */
type PasswordItem = { [key: string]: JsonValue } & { uuid: string; name: string };

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

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

function isoOf(seconds: JsonValue | undefined): string | null {
  return typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;
}

function isItem(value: JsonValue): value is PasswordItem {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && typeof value.uuid === 'string' && typeof value.name === 'string'
  );
}

/** The entries of a `_application_passwords` meta, as read. */
function passwordList(values: readonly JsonValue[] | undefined): PasswordItem[] {
  const list = values?.[0];
  return Array.isArray(list) ? list.filter(isItem) : [];
}

function infoOf(item: PasswordItem): ApplicationPasswordInfo {
  return { uuid: item.uuid, name: item.name, created: isoOf(item.created) ?? '', lastUsed: isoOf(item.last_used) };
}

function capabilityList(values: readonly JsonValue[] | undefined): string[] {
  const granted = values?.[0];
  if (typeof granted !== 'object' || granted === null || Array.isArray(granted)) return [];
  return Object.keys(granted).filter((capability) => granted[capability] === true);
}

function checkUsername(username: unknown): string {
  if (typeof username !== 'string' || username.trim() === '') throw new TypeError('A username is required');
  return username;
}

/** The row of a user by id, or by login or email regardless of case; null for none or for text no store can hold. */
async function rowOf(tables: StoreTables, idOrLogin: number | string): Promise<UserRow | null> {
  try {
    if (typeof idOrLogin === 'number') return Number.isSafeInteger(idOrLogin) && idOrLogin > 0 ? await tables.users.get(idOrLogin) : null;
    if (typeof idOrLogin !== 'string' || idOrLogin === '') return null;
    return (await tables.users.getBy('user_login', idOrLogin)) ?? (await tables.users.getBy('user_email', idOrLogin));
  } catch (error) {
    // A login with a NUL or a lone surrogate names nobody, as it would on WordPress.
    if (isStoreError(error, 'invalid_value')) return null;
    throw error;
  }
}

/**
 * Creates the built-in user store on a site store, once its `users` are there: users are rows of
 * the users table, application passwords the `_application_passwords` user meta WordPress keeps,
 * each with its scrypt hash instead of the password. Two user stores on one site store (two
 * processes on one database) see the same users, and a password made through one verifies
 * through the other. Rejects when the store cannot be reached or a given user is invalid.
 */
export async function createUserStore(options: UserStoreOptions = {}): Promise<UserStore> {
  checkOptions(userStoreOptions, options, 'createUserStore');
  const store = options.store ?? memoryStore();
  const roleTable = options.roles ?? DEFAULT_ROLES;
  const hasher = createPasswordHasher(options.scrypt, options.queue);

  function toUser(row: UserRow, capabilities: readonly JsonValue[] | undefined): StoreUser {
    const roles = Object.freeze([...row.roles]);
    const can = capabilitiesOf(roles, capabilityList(capabilities), roleTable);
    // Frozen, so whoever holds one cannot change who it is.
    return Object.freeze({
      id: row.ID,
      username: row.user_login,
      name: row.display_name,
      email: row.user_email,
      roles,
      // A closure rather than `this`, so a spread or destructured copy still answers.
      can: (capability: string) => can.has(capability),
    });
  }

  async function insertUser(tables: StoreTables, input: NewUser): Promise<StoreUser> {
    const username = checkUsername(input.username);
    if (await tables.users.getBy('user_login', username)) throw new TypeError(`Username already taken: ${JSON.stringify(username)}`);
    const row = await tables.users.insert({
      user_login: username,
      user_email: input.email ?? '',
      display_name: input.name ?? username,
      roles: [...(input.roles ?? ['subscriber'])],
    });
    const granted = input.capabilities ?? [];
    const meta: Record<string, JsonValue> = {};
    for (const capability of granted) setOwn(meta, capability, true);
    if (granted.length > 0) await tables.userMeta.add(row.ID, CAPABILITIES_KEY, meta);
    return toUser(row, [meta]);
  }

  async function existing(login: string): Promise<UserRow> {
    const row = typeof login === 'string' ? await rowOf(store, login) : null;
    if (!row) throw new TypeError(`Unknown user: ${JSON.stringify(String(login))}`);
    return row;
  }

  async function getUser(idOrLogin: number | string): Promise<StoreUser | null> {
    const row = await rowOf(store, idOrLogin);
    return row && toUser(row, await store.userMeta.get(row.ID, CAPABILITIES_KEY));
  }

  /** The settings a new password of the user is hashed with: theirs, or fresh ones when they have no password left. */
  function settingsFor(userId: number): Promise<HashSettings> {
    return store.transaction(async (tables) => {
      const meta = (await tables.userMeta.getMany([userId], [SALT_KEY, PASSWORDS_KEY])).get(userId);
      const current = meta?.[SALT_KEY]?.[0];
      if (typeof current === 'string' && passwordList(meta?.[PASSWORDS_KEY]).length > 0) return current;
      const fresh = hasher.newSettings();
      await tables.userMeta.update(userId, SALT_KEY, fresh);
      return fresh;
    });
  }

  async function createApplicationPassword(
    login: string,
    { name, password }: { name: string; password?: string },
  ): Promise<{ password: string; item: ApplicationPasswordInfo }> {
    const row = await existing(login);
    if (typeof name !== 'string' || name.trim() === '') throw new TypeError('An application name is required');
    const plaintext = password ?? generatePassword();
    const normalized = typeof plaintext === 'string' ? normalizePassword(plaintext) : '';
    if (normalized === '') throw new TypeError('An application password needs at least one letter or digit');
    for (let round = 0; round < CREATE_ROUNDS; round++) {
      const settings = await settingsFor(row.ID);
      // Hashed outside the transaction, which would otherwise hold every other writer for as long.
      const hash = await hasher.hash(normalized, settings);
      const item = await store.transaction(async (tables): Promise<PasswordItem | undefined> => {
        const meta = (await tables.userMeta.getMany([row.ID], [SALT_KEY, PASSWORDS_KEY])).get(row.ID);
        if (meta?.[SALT_KEY]?.[0] !== settings) return undefined;
        const created: PasswordItem = {
          uuid: randomUUID(),
          app_id: '',
          name,
          password: hash,
          created: nowSeconds(),
          last_used: null,
          last_ip: null,
        };
        await tables.userMeta.update(row.ID, PASSWORDS_KEY, [...passwordList(meta[PASSWORDS_KEY]), created]);
        return created;
      });
      if (item) return { password: plaintext, item: infoOf(item) };
    }
    throw new Error(`site-rest: the application password of ${JSON.stringify(row.user_login)} could not be stored; try again`);
  }

  async function revokeApplicationPassword(login: string, uuid: string): Promise<boolean> {
    const row = await existing(login);
    return store.transaction(async (tables) => {
      const list = passwordList(await tables.userMeta.get(row.ID, PASSWORDS_KEY));
      const kept = list.filter((item) => item.uuid !== uuid);
      if (kept.length === list.length) return false;
      await tables.userMeta.update(row.ID, PASSWORDS_KEY, kept);
      return true;
    });
  }

  /** WordPress's `record_application_password_usage`: at most once a day, so a client in steady use does not write on every request. */
  async function recordUsage(userId: number, uuid: string): Promise<void> {
    await store.transaction(async (tables) => {
      const list = passwordList(await tables.userMeta.get(userId, PASSWORDS_KEY));
      const now = nowSeconds();
      const used = list.find((item) => item.uuid === uuid);
      if (!used || (typeof used.last_used === 'number' && used.last_used + DAY_SECONDS > now)) return;
      used.last_used = now;
      await tables.userMeta.update(userId, PASSWORDS_KEY, list);
    });
  }

  /** The user a login names with the settings to hash with, or null when there is nothing to check: no such user, no password, or settings not ours (a WordPress hash imported as is). */
  async function signingIn(login: string): Promise<{ row: UserRow; settings: HashSettings; capabilities?: JsonValue[] } | null> {
    const row = await rowOf(store, login);
    if (!row) return null;
    const meta = (await store.userMeta.getMany([row.ID], [SALT_KEY, PASSWORDS_KEY, CAPABILITIES_KEY])).get(row.ID);
    const settings = meta?.[SALT_KEY]?.[0];
    if (typeof settings !== 'string' || !hasher.accepts(settings) || passwordList(meta?.[PASSWORDS_KEY]).length === 0) return null;
    return { row, settings, capabilities: meta?.[CAPABILITIES_KEY] };
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
    const signing = await signingIn(login);
    if (!signing) {
      // Nothing to hash: wait as long as a hash takes, so the time does not tell whether the user
      // exists, without spending CPU or a pool thread on made-up names. What remains under load:
      // a real check also waits its turn in the queue and runs on busier cores, while this wait
      // does neither, so an attacker who keeps the queue full can still tell the two apart by
      // time; the login limiter caps how many such probes an address or a username gets.
      await sleep(await hasher.typicalDuration());
      return null;
    }
    const { row, settings, capabilities } = signing;
    const derived = hasher.deriveQueued(normalized, settings, trusted);
    if (!derived) return authenticationBusy();
    const key = await derived;
    // Compared against every password as they stand now (revoked or added meanwhile), without stopping at a match.
    let match: PasswordItem | undefined;
    for (const item of passwordList(await store.userMeta.get(row.ID, PASSWORDS_KEY))) {
      const stored = keyOfHash(item.password, settings);
      if (stored !== undefined && timingSafeEqual(key, stored) && !match) match = item;
    }
    if (!match) return null;
    await recordUsage(row.ID, match.uuid);
    return toUser(row, capabilities);
  }

  const wanted = options.users ?? [];
  for (const user of wanted) checkUsername(user.username);
  if (wanted.length > 0) {
    // One transaction, so that processes starting together on one store add each user once.
    await store.transaction(async (tables) => {
      for (const user of wanted) if (!(await tables.users.getBy('user_login', user.username))) await insertUser(tables, user);
    });
  }

  return {
    addUser: (user) => store.transaction((tables) => insertUser(tables, user)),
    getUser,
    listUsers: async () => {
      const { users } = await store.users.query({ orderby: 'ID' });
      const meta = await store.userMeta.getMany(
        users.map((row) => row.ID),
        [CAPABILITIES_KEY],
      );
      return users.map((row) => toUser(row, meta.get(row.ID)?.[CAPABILITIES_KEY]));
    },
    createApplicationPassword,
    listApplicationPasswords: async (login) =>
      passwordList(await store.userMeta.get((await existing(login)).ID, PASSWORDS_KEY)).map(infoOf),
    revokeApplicationPassword,
    verifyApplicationPassword,
  };
}
