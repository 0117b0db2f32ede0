import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { capabilitiesOf, DEFAULT_ROLES } from '../src/core/auth/roles.js';
import { createUserStore, type NewUser, type UserStore } from '../src/core/auth/user-store.js';
import { isRestError, memoryStore, type SiteStore } from '../src/index.js';
import { pgliteStore } from '../src/store.js';
import { scryptHashes, storedPassword, storedPasswords, storeLegacyPasswords } from './helpers/legacy-hashes.js';

/** Counts scrypt derivations, and can make each one take longer or wait to be let go. */
const scryptCalls = vi.hoisted(() => ({ count: 0, extraMs: 0, held: null as Array<() => void> | null }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  type Callback = (error: Error | null, key: Buffer) => void;
  const scrypt = (password: string, salt: Buffer, length: number, options: object, callback: Callback) => {
    scryptCalls.count++;
    actual.scrypt(password, salt, length, options, (error, key) => {
      const done = () => setTimeout(() => callback(error, key), scryptCalls.extraMs);
      if (scryptCalls.held) scryptCalls.held.push(done);
      else done();
    });
  };
  return { ...actual, scrypt };
});

function store(
  users: NewUser[] = [{ username: 'alice', roles: ['editor'], email: 'Alice@Example.com' }],
  site?: SiteStore,
): Promise<UserStore> {
  return createUserStore({ users, store: site });
}

/** WordPress 6.8's hashes of two passwords (`wpFastHash` vectors of test/fixtures/blake2b.json) and phpass's ones (test/fixtures/phpass.json). */
const FAST_VECTORS = (
  JSON.parse(readFileSync(new URL('./fixtures/blake2b.json', import.meta.url), 'utf8')) as {
    wpFastHash: Array<{ password: string; hash: string }>;
  }
).wpFastHash;
const PHPASS_VECTORS = JSON.parse(readFileSync(new URL('./fixtures/phpass.json', import.meta.url), 'utf8')) as Array<{
  password: string;
  hash: string;
}>;
const STRONG = 'Qm7T2vKx9PzR4nWc8LbY3sHd';
const FAST_HASH = /^\$generic\$[A-Za-z0-9_-]{40}$/;

/** `abcd efgh …`: how WordPress shows an application password. */
function withDisplaySpaces(password: string): string {
  return password.match(/.{1,4}/g)!.join(' ');
}

describe('application passwords', () => {
  it('a created password verifies and answers the user with its roles', async () => {
    const users = await store();
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    const user = await users.verifyApplicationPassword('alice', password);
    expect(user).not.toBeNull();
    expect(user).toMatchObject({ id: 1, username: 'alice', roles: ['editor'] });
  });

  it('a wrong password answers null', async () => {
    const users = await store();
    await users.createApplicationPassword('alice', { name: 'cli' });
    expect(await users.verifyApplicationPassword('alice', 'AAAAbbbbCCCCddddEEEEffff')).toBeNull();
  });

  it('an unknown user answers null', async () => {
    const users = await store();
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    expect(await users.verifyApplicationPassword('mallory', password)).toBeNull();
  });

  it('bad input answers null instead of throwing', async () => {
    const users = await store();
    await users.createApplicationPassword('alice', { name: 'cli' });
    expect(await users.verifyApplicationPassword('alice', '')).toBeNull();
    expect(await users.verifyApplicationPassword('alice', ' - ')).toBeNull();
    expect(await users.verifyApplicationPassword('alice', 42 as unknown as string)).toBeNull();
    expect(await users.verifyApplicationPassword(null as unknown as string, 'abcd')).toBeNull();
  });

  it('the password with display spaces (groups of 4) verifies too', async () => {
    const users = await store();
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    const spaced = withDisplaySpaces(password);
    expect(spaced).toMatch(/^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    expect(await users.verifyApplicationPassword('alice', spaced)).toMatchObject({ username: 'alice' });
  });

  it('a given password is accepted, with or without display spaces', async () => {
    const users = await store();
    const { password } = await users.createApplicationPassword('alice', { name: 'demo', password: 'Qm7T 2vKx 9PzR 4nWc 8LbY 3sHd' });
    expect(password).toBe('Qm7T 2vKx 9PzR 4nWc 8LbY 3sHd');
    expect(await users.verifyApplicationPassword('alice', STRONG)).toMatchObject({ username: 'alice' });
    expect(await users.verifyApplicationPassword('alice', 'Qm7T-2vKx-9PzR-4nWc-8LbY-3sHd')).toMatchObject({ username: 'alice' });
  });

  it('a given password must be as long and random as a generated one, else a TypeError says what is needed', async () => {
    const users = await store();
    for (const weak of [
      ' -- ',
      'demo pass word 1234',
      'AAAAbbbbCCCCddddEEEEffff',
      'AdminAppPassword0000000a',
      'abcdefghijklmnopqrstuvwxyz',
      'PasswordPasswordPassword',
      'q7w8e9r4t5y6u1i2o3p4a5s6',
      'Qm7T2vKx9PzR4nWc8LbY3sH',
    ]) {
      const refused: unknown = await users
        .createApplicationPassword('alice', { name: 'demo', password: weak })
        .catch((error: unknown) => error);
      expect(refused, weak).toBeInstanceOf(TypeError);
      expect((refused as TypeError).message).toBe(
        'site-rest: an application password must be at least 24 letters and digits, random (estimated at 128 bits or more), as the ones WordPress generates are; leave the password out to have one generated',
      );
    }
    for (const strong of [STRONG, 'vapy20surrdkqlhvtt80z658Q', '3f9a0c7be1d24c6f8a5b9e0d7c2f4a1b', 'Ux4k-Wq9T-bN2r-Hm7s-Jc5v-Zp8L'])
      expect((await users.createApplicationPassword('alice', { name: 'demo', password: strong })).password).toBe(strong);
    expect(await users.listApplicationPasswords('alice')).toHaveLength(4);
  });

  it('a generated password is 24 letters and digits', async () => {
    const users = await store();
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
  });

  it('a revoked password no longer verifies; revoking an unknown uuid answers false', async () => {
    const users = await store();
    const { password, item } = await users.createApplicationPassword('alice', { name: 'cli' });
    expect(await users.revokeApplicationPassword('alice', item.uuid)).toBe(true);
    expect(await users.verifyApplicationPassword('alice', password)).toBeNull();
    expect(await users.revokeApplicationPassword('alice', item.uuid)).toBe(false);
    expect(await users.revokeApplicationPassword('alice', randomUUID())).toBe(false);
  });

  it('the listing shows uuid, name, created and lastUsed, and nothing of the password', async () => {
    const users = await store();
    const { password, item } = await users.createApplicationPassword('alice', { name: 'cli' });
    const before = await users.listApplicationPasswords('alice');
    expect(before).toEqual([{ uuid: item.uuid, name: 'cli', created: item.created, lastUsed: null }]);
    expect(item.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(item.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    await users.verifyApplicationPassword('alice', password);
    const after = await users.listApplicationPasswords('alice');
    expect(after[0]?.lastUsed).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    for (const listed of [item, ...after]) expect(Object.keys(listed).sort()).toEqual(['created', 'lastUsed', 'name', 'uuid']);
    const json = JSON.stringify([item, ...after]);
    expect(json).not.toContain(password);
    // Nothing long and hex or base64 shaped, as a salt or hash would be.
    expect(json).not.toMatch(/[A-Za-z0-9+/=]{20,}/);
  });

  it('two passwords of one user both verify, and revoking one keeps the other', async () => {
    const users = await store();
    const first = await users.createApplicationPassword('alice', { name: 'phone' });
    const second = await users.createApplicationPassword('alice', { name: 'laptop' });
    expect(await users.verifyApplicationPassword('alice', first.password)).not.toBeNull();
    expect(await users.verifyApplicationPassword('alice', second.password)).not.toBeNull();

    await users.revokeApplicationPassword('alice', first.item.uuid);
    expect(await users.verifyApplicationPassword('alice', first.password)).toBeNull();
    expect(await users.verifyApplicationPassword('alice', second.password)).not.toBeNull();
    expect((await users.listApplicationPasswords('alice')).map((p) => p.name)).toEqual(['laptop']);
  });

  it("one user's password does not sign in another user", async () => {
    const users = await store([{ username: 'alice' }, { username: 'bob' }]);
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    await users.createApplicationPassword('bob', { name: 'cli' });
    expect(await users.verifyApplicationPassword('bob', password)).toBeNull();
  });

  it('an unknown login on create, list or revoke throws a TypeError naming the login', async () => {
    const users = await store();
    const error: unknown = await users
      .createApplicationPassword('mallory', { name: 'cli', password: 'secret123' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toContain('mallory');
    expect((error as TypeError).message).not.toContain('secret');
    await expect(users.listApplicationPasswords('mallory')).rejects.toThrow(TypeError);
    await expect(users.revokeApplicationPassword('mallory', 'x')).rejects.toThrow(/mallory/);
  });

  it('refuses a password one letter off', async () => {
    const users = await store();
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    expect(await users.verifyApplicationPassword('alice', `${password}x`)).toBeNull();
    expect(await users.verifyApplicationPassword('alice', `${password.slice(0, -1)}${password.endsWith('a') ? 'b' : 'a'}`)).toBeNull();
  });
});

describe('roles and capabilities', () => {
  async function userWith(roles: string[], capabilities?: string[]) {
    return (await createUserStore()).addUser({ username: 'u', roles, capabilities });
  }

  it('administrator can manage_options and edit_others_posts', async () => {
    const admin = await userWith(['administrator']);
    expect(admin.can('manage_options')).toBe(true);
    expect(admin.can('edit_others_posts')).toBe(true);
  });

  it('editor can edit_others_posts but not manage_options', async () => {
    const editor = await userWith(['editor']);
    expect(editor.can('edit_others_posts')).toBe(true);
    expect(editor.can('manage_options')).toBe(false);
  });

  it('author can publish_posts but not edit_others_posts', async () => {
    const author = await userWith(['author']);
    expect(author.can('publish_posts')).toBe(true);
    expect(author.can('edit_others_posts')).toBe(false);
  });

  it('contributor can edit_posts but not publish_posts', async () => {
    const contributor = await userWith(['contributor']);
    expect(contributor.can('edit_posts')).toBe(true);
    expect(contributor.can('publish_posts')).toBe(false);
  });

  it('subscriber can only read (and level_0)', async () => {
    const subscriber = await userWith(['subscriber']);
    expect(subscriber.can('read')).toBe(true);
    expect(subscriber.can('level_0')).toBe(true);
    expect(subscriber.can('edit_posts')).toBe(false);
    expect(capabilitiesOf(['subscriber'])).toEqual(new Set(['read', 'level_0']));
  });

  it('a new user is a subscriber unless told otherwise', async () => {
    const user = await (await createUserStore()).addUser({ username: 'u' });
    expect(user.roles).toEqual(['subscriber']);
    expect(user.can('read')).toBe(true);
    expect(user.can('edit_posts')).toBe(false);
  });

  it('extra capabilities are granted on top of the roles', async () => {
    const user = await userWith(['subscriber'], ['moderate_comments']);
    expect(user.can('moderate_comments')).toBe(true);
    expect(user.can('read')).toBe(true);
    expect(user.can('manage_options')).toBe(false);
  });

  it('unknown roles grant nothing, not even inherited object keys', async () => {
    expect(capabilitiesOf(['ghost', 'constructor', '__proto__', 'toString'])).toEqual(new Set());
    expect((await userWith(['ghost'])).can('read')).toBe(false);
  });

  it("the store's role table is the one can() answers from", async () => {
    const users = await createUserStore({ roles: { shop_manager: ['manage_shop'] } });
    const user = await users.addUser({ username: 'u', roles: ['shop_manager', 'administrator'] });
    expect(user.can('manage_shop')).toBe(true);
    expect(user.can('manage_options')).toBe(false);
  });

  it('can() keeps working on a spread copy', async () => {
    const copy = { ...(await userWith(['editor'])) };
    expect(copy.can('edit_others_posts')).toBe(true);
  });

  it('the default roles have the capability counts populate_roles gives them, without repeats', async () => {
    const counts = Object.fromEntries(Object.entries(DEFAULT_ROLES).map(([role, caps]) => [role, caps.length]));
    expect(counts).toEqual({ administrator: 61, editor: 34, author: 10, contributor: 5, subscriber: 2 });
    for (const caps of Object.values(DEFAULT_ROLES)) expect(new Set(caps).size).toBe(caps.length);
  });
});

describe('users', () => {
  it('ids count up from 1 in the order users are added', async () => {
    const users = await store([{ username: 'alice' }, { username: 'bob' }]);
    expect((await users.addUser({ username: 'carol' })).id).toBe(3);
    expect((await users.listUsers()).map((u) => [u.id, u.username])).toEqual([
      [1, 'alice'],
      [2, 'bob'],
      [3, 'carol'],
    ]);
  });

  it('a duplicate username throws, whatever its case; so does an empty one', async () => {
    const users = await store();
    await expect(users.addUser({ username: 'alice' })).rejects.toThrow(TypeError);
    await expect(users.addUser({ username: 'ALICE' })).rejects.toThrow(TypeError);
    await expect(users.addUser({ username: '' })).rejects.toThrow(TypeError);
    await expect(users.addUser({ username: '   ' })).rejects.toThrow(TypeError);
  });

  it('name defaults to the username and email to empty', async () => {
    const user = await (await store([])).addUser({ username: 'dave' });
    expect(user).toMatchObject({ username: 'dave', name: 'dave', email: '' });
  });

  it('getUser finds by id, by username in another case and by email in another case', async () => {
    const users = await store();
    expect((await users.getUser(1))?.username).toBe('alice');
    expect((await users.getUser('ALICE'))?.id).toBe(1);
    expect((await users.getUser('alice@example.COM'))?.id).toBe(1);
    expect(await users.getUser(2)).toBeNull();
    expect(await users.getUser('nobody')).toBeNull();
    expect(await users.getUser('')).toBeNull();
  });

  it('an application password verifies with the email as login', async () => {
    const users = await store();
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    expect(await users.verifyApplicationPassword('alice@example.com', password)).toMatchObject({ id: 1 });
  });

  it('a user from the store cannot be changed by whoever holds it', async () => {
    const user = (await (await store()).getUser(1))!;
    expect(() => {
      (user as { id: number }).id = 99;
    }).toThrow(TypeError);
  });
});

describe('hashes stored before the fast format', () => {
  beforeEach(() => {
    scryptCalls.count = 0;
    scryptCalls.extraMs = 0;
    scryptCalls.held = null;
  });

  /** Alice with `count` application passwords stored as site-rest 0.1 stored them (scrypt under her settings). */
  async function withScryptPasswords(count: number, queue?: { concurrency?: number; maxWaiting?: number }) {
    const site = memoryStore();
    const users = await createUserStore({ store: site, users: [{ username: 'alice' }], queue });
    const passwords = Array.from({ length: count }, (_, i) => `${STRONG.slice(0, 20)}${String(1000 + i)}`);
    const { settings, hashes } = scryptHashes(passwords);
    const entries = hashes.map((hash, i) => storedPassword(hash, `app ${i}`));
    await storeLegacyPasswords(site, 1, entries, settings);
    scryptCalls.count = 0;
    return { site, users, passwords, entries };
  }

  it("verifies a WordPress 6.8 database's hashes as they are", async () => {
    const site = memoryStore();
    const users = await store(undefined, site);
    await storeLegacyPasswords(
      site,
      1,
      FAST_VECTORS.filter((v) => v.password !== '').map((v) => storedPassword(v.hash)),
    );
    expect(await users.verifyApplicationPassword('alice', STRONG)).toMatchObject({ username: 'alice' });
    expect(await users.verifyApplicationPassword('alice', 'AbCdEf GhIjKl MnOpQr StUvWx')).toMatchObject({ username: 'alice' });
    expect(await users.verifyApplicationPassword('alice', 'Qm7T2vKx9PzR4nWc8LbY3sHe')).toBeNull();
    expect(scryptCalls.count).toBe(0);
  });

  it('verifies a scrypt hash of site-rest 0.1 and rewrites it in the fast format on its first use', async () => {
    const { site, users, passwords, entries } = await withScryptPasswords(2);
    expect(await users.verifyApplicationPassword('alice', passwords[1]!)).toMatchObject({ username: 'alice' });
    expect(scryptCalls.count).toBe(1);
    const [untouched, rewritten] = await storedPasswords(site, 1);
    expect(untouched).toEqual(entries[0]);
    expect(rewritten).toEqual({ ...entries[1], password: expect.stringMatching(FAST_HASH), last_used: expect.any(Number) });
    expect(await users.verifyApplicationPassword('alice', passwords[1]!)).toMatchObject({ username: 'alice' });
    expect(scryptCalls.count).toBe(1);
  });

  it('verifies a phpass hash WordPress wrote before 6.8 and rewrites it in the fast format', async () => {
    const site = memoryStore();
    const users = await store(undefined, site);
    // phpass's own test vectors, and one of a WordPress database (8,192 rounds, `$P$B`).
    await storeLegacyPasswords(
      site,
      1,
      PHPASS_VECTORS.map((v) => storedPassword(v.hash)),
    );
    for (const { password } of PHPASS_VECTORS)
      expect(await users.verifyApplicationPassword('alice', password), password).toMatchObject({ username: 'alice' });
    expect(await users.verifyApplicationPassword('alice', 'test12346')).toBeNull();
    expect((await storedPasswords(site, 1)).map((entry) => entry.password)).toEqual(
      PHPASS_VECTORS.map(() => expect.stringMatching(FAST_HASH)),
    );
  });

  it('signs in 60 parallel requests with a password stored as scrypt, hashing once and rewriting it once', async () => {
    const { site, users, passwords } = await withScryptPasswords(1);
    const update = vi.spyOn(site.userMeta, 'update');
    const answers = await Promise.all(Array.from({ length: 60 }, () => users.verifyApplicationPassword('alice', passwords[0]!)));
    expect(answers.filter((answer) => !isRestError(answer) && answer?.username === 'alice')).toHaveLength(60);
    expect(scryptCalls.count).toBe(1);
    expect(update).toHaveBeenCalledTimes(1);
    expect((await storedPasswords(site, 1))[0]!.password).toMatch(FAST_HASH);
  });

  it('answers a valid password whose rewrite fails, and rewrites it on a later use', async () => {
    const { site, users, passwords } = await withScryptPasswords(1);
    const update = vi.spyOn(site.userMeta, 'update').mockRejectedValueOnce(new Error('the database went away'));
    expect(await users.verifyApplicationPassword('alice', passwords[0]!)).toMatchObject({ username: 'alice' });
    expect((await storedPasswords(site, 1))[0]!.password).toMatch(/^\$scrypt\$/);
    expect(await users.verifyApplicationPassword('alice', passwords[0]!)).toMatchObject({ username: 'alice' });
    expect(update).toHaveBeenCalledTimes(2);
    expect((await storedPasswords(site, 1))[0]!.password).toMatch(FAST_HASH);
  });

  it('derives one scrypt key per check, however many passwords the user has under their settings', async () => {
    const { users, passwords } = await withScryptPasswords(6);
    expect(await users.verifyApplicationPassword('alice', STRONG)).toBeNull();
    expect(scryptCalls.count).toBe(1);
    expect(await users.verifyApplicationPassword('alice', passwords[5]!)).toMatchObject({ username: 'alice' });
    expect(scryptCalls.count).toBe(2);
  });

  it('hashes nothing slow for an unknown user, or for a user whose hashes are all in the fast format', async () => {
    const users = await store();
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    expect(await users.verifyApplicationPassword('mallory', password)).toBeNull();
    expect(await users.verifyApplicationPassword('alice', STRONG)).toBeNull();
    expect(scryptCalls.count).toBe(0);
  });

  it('does not sign in with a password revoked while its check was hashing', async () => {
    const { users, passwords, entries } = await withScryptPasswords(2);
    scryptCalls.held = [];
    const pending = users.verifyApplicationPassword('alice', passwords[0]!);
    await vi.waitFor(() => expect(scryptCalls.held!.length).toBe(1));
    await users.revokeApplicationPassword('alice', entries[0]!.uuid as string);
    for (const release of scryptCalls.held) release();
    scryptCalls.held = null;
    expect(await pending).toBeNull();
    expect(await users.verifyApplicationPassword('alice', passwords[1]!)).toMatchObject({ username: 'alice' });
  });

  it('refuses older checks beyond the queue at once with a 503, and answers fast ones meanwhile', async () => {
    const { users, passwords } = await withScryptPasswords(1, { concurrency: 1, maxWaiting: 1 });
    const { password: fast } = await users.createApplicationPassword('alice', { name: 'new' });
    scryptCalls.held = [];
    const running = users.verifyApplicationPassword('alice', passwords[0]!);
    const waiting = users.verifyApplicationPassword('alice', `${STRONG}x`);
    const refused = await users.verifyApplicationPassword('alice', `${STRONG}y`);
    expect(isRestError(refused)).toBe(true);
    expect(refused).toMatchObject({ code: 'rest_authentication_busy', status: 503 });
    expect(await users.verifyApplicationPassword('alice', fast)).toMatchObject({ username: 'alice' });
    expect(await users.verifyApplicationPassword('mallory', `${STRONG}y`)).toBeNull();
    await vi.waitFor(() => expect(scryptCalls.held!.length).toBe(1));
    while (scryptCalls.held.length > 0 || scryptCalls.count < 2) {
      scryptCalls.held.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    scryptCalls.held = null;
    expect(await running).toMatchObject({ username: 'alice' });
    expect(await waiting).toBeNull();
    expect(scryptCalls.count).toBe(2);
  });

  it('refuses a queue setting that is not a count', async () => {
    await expect(createUserStore({ queue: { concurrency: 0 } })).rejects.toThrow(TypeError);
    await expect(createUserStore({ queue: { maxWaiting: -1 } })).rejects.toThrow(TypeError);
  });
});

describe('recording use', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('records last_used at most once a day, writing nothing for other uses', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2024-05-01T10:00:00Z') });
    const site = memoryStore();
    const users = await store(undefined, site);
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    const writes = [vi.spyOn(site, 'transaction'), vi.spyOn(site.userMeta, 'update'), vi.spyOn(site.userMeta, 'add')];
    const written = () => writes.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    await users.verifyApplicationPassword('alice', password);
    expect((await users.listApplicationPasswords('alice'))[0]?.lastUsed).toBe('2024-05-01T10:00:00.000Z');
    expect(written()).toBe(1);
    vi.setSystemTime(new Date('2024-05-02T09:59:00Z'));
    for (let i = 0; i < 5; i++) await users.verifyApplicationPassword('alice', password);
    expect(written()).toBe(1);
    vi.setSystemTime(new Date('2024-05-02T10:00:00Z'));
    await users.verifyApplicationPassword('alice', password);
    expect((await users.listApplicationPasswords('alice'))[0]?.lastUsed).toBe('2024-05-02T10:00:00.000Z');
    expect(written()).toBe(2);
  });
});

describe('kept in the site store', () => {
  const backends: Array<[string, () => Promise<SiteStore>]> = [
    ['memoryStore()', async () => memoryStore()],
    ['pgliteStore()', () => pgliteStore()],
  ];

  it('keeps users as rows and application passwords hashed in the _application_passwords user meta, as WordPress keys them', async () => {
    const site = memoryStore();
    const users = await createUserStore({ store: site, users: [{ username: 'alice', roles: ['editor'], email: 'a@example.test' }] });
    const { password, item } = await users.createApplicationPassword('alice', { name: 'cli' });
    const [row] = (await site.users.query({})).users;
    expect(row).toMatchObject({ user_login: 'alice', user_email: 'a@example.test', display_name: 'alice', roles: ['editor'] });
    const meta = (await site.userMeta.getMany([row!.ID])).get(row!.ID)!;
    const [stored] = meta._application_passwords![0] as Array<Record<string, unknown>>;
    expect(stored).toEqual({
      uuid: item.uuid,
      app_id: '',
      name: 'cli',
      password: expect.stringMatching(FAST_HASH),
      created: Date.parse(item.created) / 1000,
      last_used: null,
      last_ip: null,
    });
    expect(meta._application_passwords_salt).toBeUndefined();
    const everything = JSON.stringify([
      await site.users.query({}),
      [...(await site.userMeta.getMany([row!.ID])).values()],
      await site.options.autoloaded(),
    ]);
    expect(everything).not.toContain(password);
    expect(everything.toLowerCase()).not.toContain(password.toLowerCase().slice(0, 8));
  });

  it.each(backends)('shares users and passwords between two user stores on one site store (%s)', async (_name, open) => {
    const site = await open();
    try {
      const given = [{ username: 'alice', roles: ['editor'] }, { username: 'bob' }];
      const one = await createUserStore({ store: site, users: given });
      // A second process starting on the same store: its users are there already, so it adds none.
      const two = await createUserStore({ store: site, users: given });
      expect((await two.listUsers()).map((user) => [user.id, user.username])).toEqual([
        [1, 'alice'],
        [2, 'bob'],
      ]);
      const { password, item } = await one.createApplicationPassword('alice', { name: 'cli' });
      expect(await two.verifyApplicationPassword('ALICE', password)).toMatchObject({ id: 1, username: 'alice', roles: ['editor'] });
      expect((await one.listApplicationPasswords('alice'))[0]?.lastUsed).not.toBeNull();
      const carol = await two.addUser({ username: 'carol', capabilities: ['moderate_comments'] });
      expect((await one.getUser('carol'))?.can('moderate_comments')).toBe(true);
      await expect(one.addUser({ username: 'Carol' })).rejects.toThrow(TypeError);
      expect(carol.id).toBe(3);
      expect(await two.revokeApplicationPassword('alice', item.uuid)).toBe(true);
      expect(await one.verifyApplicationPassword('alice', password)).toBeNull();
    } finally {
      await site.close();
    }
  });
});
