import { authenticationBusy } from '../errors/catalogue.js';
import { addressGroup } from '../http/ip-address.js';
import { QUEUE_PLACE_TAKEN } from './work-queue.js';
import { randomInt, randomUUID } from 'node:crypto';
import { constantTimeEqual } from '../crypto/random.js';
import { isRestError, type RestError } from '../errors/rest-error.js';
import { isPlainObject, setOwn } from '../own-property.js';
import type { RestUser } from '../types.js';
import { isStoreError } from '../../store/errors.js';
import { memoryStore } from '../../store/memory/index.js';
import type { JsonValue, SiteStore, StoreTables, UserRow } from '../../store/types.js';
import type { MaybePromise } from '../pipeline/maybe-async.js';
import { usersVersionOf } from '../../store/users-version.js';
import { withApplicationPasswordCheck } from './application-password-check.js';
import { credentialDigest } from './credential-digest.js';
import { isFastHash, wpFastHash } from './fast-hash.js';
import { createLegacyChecker, type HashQueueOptions } from './legacy-hash.js';
import { isStrongPassword, normalizePassword, PASSWORD_REQUIREMENT } from './password-strength.js';
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
  /**
   * Creates an application password; its plaintext is in the answer and nowhere else. One given
   * in `password` must be as long and random as a generated one: at least 24 letters and digits
   * (spaces and dashes are dropped first, as WordPress does) estimated at 128 bits or more; a
   * weaker one is refused with a TypeError saying so.
   */
  createApplicationPassword(
    login: string,
    options: { name: string; password?: string },
  ): Promise<{ password: string; item: ApplicationPasswordInfo }>;
  /** A user's application passwords, oldest first. */
  listApplicationPasswords(login: string): Promise<ApplicationPasswordInfo[]>;
  /** Revokes an application password; false when the user has none with that uuid. */
  revokeApplicationPassword(login: string, uuid: string): Promise<boolean>;
  /**
   * The user whose application password this is, or null; never throws for bad input. A password
   * stored in WordPress 6.8's fast format costs a hash of microseconds. One matching none of those
   * is checked against the user's hashes from before it (this project's scrypt, WordPress's phpass)
   * through a bounded queue shared fairly between clients (`address`, an IPv6 one by its /64), which
   * answers a 503 `rest_authentication_busy` error when full; once matched, such a hash is
   * rewritten in the fast format.
   */
  verifyApplicationPassword(login: string, password: string, address?: string): Promise<StoreUser | null | RestError>;
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
  /**
   * The queue of checks against hashes stored before the fast format (scrypt, phpass), each some
   * milliseconds: by default 2 at a time, with at most 16 checks waiting.
   */
  queue?: HashQueueOptions;
}

const userStoreOptions = optionsObject({
  store: hostObject('a site store (memoryStore, or pgliteStore / postgresStore from site-rest/store)').optional(),
  users: z.array(z.unknown(), { error: 'must be a list of users' }).optional(),
  roles: hostObject('a role table').optional(),
  queue: optionsObject({
    concurrency: checkedAtUse<number>(),
    maxWaiting: checkedAtUse<number>(),
  } satisfies OptionsShape<HashQueueOptions>).optional(),
} satisfies OptionsShape<UserStoreOptions>);

/** WordPress's user meta of application passwords: a list of `{uuid, app_id, name, password, created, last_used, last_ip}`. */
const PASSWORDS_KEY = '_application_passwords';
/**
 * The scrypt cost and salt that application passwords stored by earlier versions of this project
 * share (`$scrypt$…`): read to check them until each is rewritten in the fast format on its first use.
 */
const SALT_KEY = '_application_passwords_salt';
/** Capabilities granted beyond the roles (`{capability: true}`), as WordPress's `wp_capabilities` keeps them beside role names. */
const CAPABILITIES_KEY = 'wp_capabilities';
const DAY_SECONDS = 24 * 60 * 60;
/** Distinct sets of roles and extra capabilities whose capabilities are kept. */
const MAX_CAPABILITY_SETS = 256;
/** Credentials kept as verified; the oldest is forgotten first. */
const MAX_VERIFIED = 1024;

const PASSWORD_LENGTH = 24;
const PASSWORD_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** An entry of `_application_passwords`; `password` is its hash (WordPress 6.8's `wp_fast_hash`, or an older one), never the plaintext. */
type PasswordItem = { [key: string]: JsonValue } & { uuid: string; name: string };

/** WordPress's `wp_generate_password(24, false)`, drawn again in the rare case it falls short of what a given one must meet. */
function generatePassword(): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < PASSWORD_LENGTH; i++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    if (isStrongPassword(password)) return password;
  }
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

function isoOf(seconds: JsonValue | undefined): string | null {
  return typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;
}

function isItem(value: JsonValue): value is PasswordItem {
  return isPlainObject(value) && typeof value.uuid === 'string' && typeof value.name === 'string';
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
 * each with its hash in WordPress 6.8's format instead of the password, so a WordPress 6.8
 * database's passwords verify as they are. Two user stores on one site store (two
 * processes on one database) see the same users, and a password made through one verifies
 * through the other. Rejects when the store cannot be reached or a given user is invalid.
 */
export async function createUserStore(options: UserStoreOptions = {}): Promise<UserStore> {
  checkOptions(userStoreOptions, options, 'createUserStore');
  const store = options.store ?? memoryStore();
  const roleTable = options.roles ?? DEFAULT_ROLES;
  const legacy = createLegacyChecker(options.queue);

  /**
   * Capability sets, so that a signed-in request builds none of its own: of a single role (most
   * users), by its name, and of other roles and extra capabilities, by their JSON.
   */
  const capabilitySets = { single: new Map<string, ReadonlySet<string>>(), other: new Map<string, ReadonlySet<string>>() };

  function capabilitySet(roles: readonly string[], extra: readonly string[]): ReadonlySet<string> {
    const single = roles.length === 1 && extra.length === 0;
    const sets = single ? capabilitySets.single : capabilitySets.other;
    const key = single ? roles[0]! : JSON.stringify([roles, extra]);
    let set = sets.get(key);
    if (!set) {
      // Few combinations exist; a store that somehow meets more starts over rather than grow.
      if (sets.size >= MAX_CAPABILITY_SETS) sets.clear();
      set = capabilitiesOf(roles, extra, roleTable);
      sets.set(key, set);
    }
    return set;
  }

  function toUser(row: UserRow, capabilities: readonly JsonValue[] | undefined): StoreUser {
    const roles = Object.freeze([...row.roles]);
    const can = capabilitySet(roles, capabilityList(capabilities));
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

  async function createApplicationPassword(
    login: string,
    { name, password }: { name: string; password?: string },
  ): Promise<{ password: string; item: ApplicationPasswordInfo }> {
    const row = await existing(login);
    if (typeof name !== 'string' || name.trim() === '') throw new TypeError('An application name is required');
    const plaintext = password ?? generatePassword();
    if (typeof plaintext !== 'string' || !isStrongPassword(normalizePassword(plaintext)))
      throw new TypeError(`site-rest: ${PASSWORD_REQUIREMENT}; leave the password out to have one generated`);
    const created: PasswordItem = {
      uuid: randomUUID(),
      app_id: '',
      name,
      password: wpFastHash(normalizePassword(plaintext)),
      created: nowSeconds(),
      last_used: null,
      last_ip: null,
    };
    await store.transaction(async (tables) => {
      const list = await tables.userMeta.get(row.ID, PASSWORDS_KEY);
      await tables.userMeta.update(row.ID, PASSWORDS_KEY, [...passwordList(list), created]);
    });
    return { password: plaintext, item: infoOf(created) };
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

  /** Users whose `_application_passwords` this process is writing back a use of: a burst of their requests writes once. */
  const recording = new Set<number>();

  /**
   * What to write back of a use of the password `uuid` in `stored` (the meta as read): WordPress's
   * `record_application_password_usage` (`last_used`, at most once a day, so a client in steady
   * use writes nothing) and, for a hash stored before the fast format, `rehashed` in its place.
   * Undefined when there is nothing to write, or a write for the user is under way already.
   */
  function useToRecord(userId: number, stored: JsonValue | undefined, uuid: string, rehashed?: string): JsonValue[] | undefined {
    if (!Array.isArray(stored) || recording.has(userId)) return undefined;
    const index = stored.findIndex((entry) => isItem(entry) && entry.uuid === uuid);
    const entry = stored[index];
    if (entry === undefined || !isItem(entry)) return undefined;
    const now = nowSeconds();
    const due = !(typeof entry.last_used === 'number' && entry.last_used + DAY_SECONDS > now);
    if (!due && rehashed === undefined) return undefined;
    const used: PasswordItem = { ...entry };
    if (due) used.last_used = now;
    if (rehashed !== undefined) used.password = rehashed;
    const next = [...stored];
    next[index] = used;
    return next;
  }

  /**
   * Writes `next` over `stored`, as one conditional update of the meta as it was read, outside any
   * transaction: when another writer changed it meanwhile (another process recording the same
   * use), this write is dropped, and a failed one too; the next use tries again, and the request
   * is answered all the same.
   */
  async function recordUse(userId: number, stored: JsonValue, next: JsonValue[]): Promise<void> {
    recording.add(userId);
    try {
      await store.userMeta.update(userId, PASSWORDS_KEY, next, stored);
    } catch {
      // Nothing is lost: the use is recorded, and the hash rewritten, by a later request.
    } finally {
      recording.delete(userId);
    }
  }

  /** A check whose place in the queue went to another client's is answered as busy. */
  function busyWhenPlaceTaken(thrown: unknown): RestError {
    if (thrown === QUEUE_PLACE_TAKEN) return authenticationBusy();
    throw thrown;
  }

  /** What a check against the older hashes found: the password matched, with the meta as it stands once checked. */
  type LegacyFound = { item: PasswordItem; stored: JsonValue | undefined } | null | RestError;

  /** Checks under way against the older hashes, by user and password (its fast hash): identical ones share one. */
  const checking = new Map<string, Promise<LegacyFound>>();

  /**
   * The password of `list` that `normalized` (whose fast hash is `hashed`) matches among those
   * stored before the fast format, as it stands once checked: one revoked meanwhile matches
   * nothing, one rewritten meanwhile (by a parallel request) still does. Null when none matches;
   * a 503 when their queue is full. A burst of requests with the same password shares one check.
   */
  function legacyMatch(
    userId: number,
    normalized: string,
    hashed: string,
    list: readonly PasswordItem[],
    settings: JsonValue | undefined,
    address: string | undefined,
  ): Promise<LegacyFound> {
    const hashes = list.map((item) => item.password);
    if (!hashes.some((hash) => legacy.checks(hash, settings))) return Promise.resolve(null);
    const key = `${userId} ${hashed}`;
    const shared = checking.get(key);
    if (shared) return shared;
    const matching = legacy.match(normalized, hashes, settings, address === undefined ? undefined : addressGroup(address));
    if (!matching) return Promise.resolve(authenticationBusy());
    const found = matching
      .then(async (index): Promise<LegacyFound> => {
        if (index === -1) return null;
        const { uuid, password: hash } = list[index]!;
        const [stored] = await store.userMeta.get(userId, PASSWORDS_KEY);
        const item = passwordList([stored!]).find((entry) => entry.uuid === uuid);
        const same =
          item !== undefined && (item.password === hash || (isFastHash(item.password) && constantTimeEqual(item.password, hashed)));
        return same ? { item, stored } : null;
      }, busyWhenPlaceTaken)
      .finally(() => checking.delete(key));
    checking.set(key, found);
    return found;
  }

  /**
   * How the store tells that its users and their meta are as they were; undefined for a store
   * shared with other processes, whose every check reads them again.
   */
  const usersVersion = usersVersionOf(store);
  const digestOf = credentialDigest();
  /**
   * Credentials verified against the fast hashes, by their digest, with the user they signed in
   * and when their use is due to be recorded again, all read at `verifiedAt`, the store's users
   * version: any later write of a user or user meta (a password revoked, a role changed, a user
   * deleted) makes them all unknown again.
   */
  const verified = new Map<string, { user: StoreUser; recordAt: number }>();
  let verifiedAt: number | undefined;

  /** Forgets every credential verified before, when the store's users version is no longer theirs. */
  function verifiedAtVersion(version: number): Map<string, { user: StoreUser; recordAt: number }> {
    if (version !== verifiedAt) {
      verified.clear();
      verifiedAt = version;
    }
    return verified;
  }

  /** The user credentials of digest `key` signed in, when verified at the store's users version `version` and their use needs no recording. */
  function recall(key: string, version: number): StoreUser | undefined {
    const known = verifiedAtVersion(version).get(key);
    return known !== undefined && nowSeconds() < known.recordAt ? known.user : undefined;
  }

  /** Keeps credentials of digest `key` as verified, when read at `version` and no write of the users came since. */
  function remember(key: string, version: number, user: StoreUser, lastUsed: JsonValue | undefined): void {
    if (usersVersion?.() !== version || typeof lastUsed !== 'number') return;
    const known = verifiedAtVersion(version);
    if (known.size >= MAX_VERIFIED) known.delete(known.keys().next().value!);
    known.set(key, { user, recordAt: lastUsed + DAY_SECONDS });
  }

  /**
   * {@link UserStore.verifyApplicationPassword}, answering at once for credentials verified before
   * when nothing they depend on has been written since (a client's steady stream of requests).
   */
  function verifyApplicationPassword(login: string, password: string, address?: string): MaybePromise<StoreUser | null | RestError> {
    if (typeof login !== 'string' || typeof password !== 'string') return null;
    const normalized = normalizePassword(password);
    if (normalized === '') return null;
    const version = usersVersion?.();
    const known = version === undefined ? undefined : { key: digestOf(login, normalized), version };
    const user = known && recall(known.key, known.version);
    // Hashed before the user is looked up, so that a check costs the same whether the user exists or not.
    return user ?? verifyInStore(login, normalized, wpFastHash(normalized), known, address);
  }

  /**
   * Checks credentials against the user's stored hashes; `known`, when the store tells its users
   * version, is the credentials' digest and that version before reading them.
   */
  async function verifyInStore(
    login: string,
    normalized: string,
    hashed: string,
    known: { key: string; version: number } | undefined,
    address: string | undefined,
  ): Promise<StoreUser | null | RestError> {
    const row = await rowOf(store, login);
    if (!row) return null;
    const meta = (await store.userMeta.getMany([row.ID], [PASSWORDS_KEY, SALT_KEY, CAPABILITIES_KEY])).get(row.ID);
    const list = passwordList(meta?.[PASSWORDS_KEY]);
    // Compared against every password, without stopping at a match.
    let match: PasswordItem | undefined;
    for (const item of list) if (isFastHash(item.password) && constantTimeEqual(item.password, hashed) && !match) match = item;
    if (match) {
      const stored = meta?.[PASSWORDS_KEY]?.[0];
      const next = useToRecord(row.ID, stored, match.uuid);
      if (next) await recordUse(row.ID, stored!, next);
      const user = toUser(row, meta?.[CAPABILITIES_KEY]);
      // A use recorded just now is a write: the next check reads the store again, and is kept then.
      if (known && !next) remember(known.key, known.version, user, match.last_used);
      return user;
    }
    const older = await legacyMatch(row.ID, normalized, hashed, list, meta?.[SALT_KEY]?.[0], address);
    if (older === null || isRestError(older)) return older;
    const next = useToRecord(row.ID, older.stored, older.item.uuid, isFastHash(older.item.password) ? undefined : hashed);
    if (next) await recordUse(row.ID, older.stored!, next);
    return toUser(row, meta?.[CAPABILITIES_KEY]);
  }

  const wanted = options.users ?? [];
  for (const user of wanted) checkUsername(user.username);
  if (wanted.length > 0) {
    // One transaction, so that processes starting together on one store add each user once.
    await store.transaction(async (tables) => {
      for (const user of wanted) if (!(await tables.users.getBy('user_login', user.username))) await insertUser(tables, user);
    });
  }

  const users: UserStore = {
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
    verifyApplicationPassword: async (login, password, address) => verifyApplicationPassword(login, password, address),
  };
  return withApplicationPasswordCheck(users, verifyApplicationPassword);
}
