import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { capabilitiesOf, DEFAULT_ROLES } from '../src/core/auth/roles.js';
import { createUserStore, type NewUser, type UserStore } from '../src/core/auth/user-store.js';
import { isRestError, memoryStore, type SiteStore } from '../src/index.js';
import { pgliteStore } from '../src/store.js';

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

/** A low scrypt cost keeps the suite fast; one test below runs the defaults. */
const FAST = { N: 1024 };

function store(users: NewUser[] = [{ username: 'alice', roles: ['editor'], email: 'Alice@Example.com' }]): Promise<UserStore> {
  return createUserStore({ users, scrypt: FAST });
}

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
    const { password } = await users.createApplicationPassword('alice', { name: 'demo', password: 'demo pass word 1234' });
    expect(password).toBe('demo pass word 1234');
    expect(await users.verifyApplicationPassword('alice', 'demopassword1234')).toMatchObject({ username: 'alice' });
  });

  it('a given password without letters or digits is refused', async () => {
    const users = await store();
    await expect(users.createApplicationPassword('alice', { name: 'demo', password: ' -- ' })).rejects.toThrow(TypeError);
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

  it('works with the default scrypt cost', async () => {
    const users = await createUserStore({ users: [{ username: 'alice' }] });
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    expect(await users.verifyApplicationPassword('alice', password)).toMatchObject({ username: 'alice' });
    expect(await users.verifyApplicationPassword('alice', `${password}x`)).toBeNull();
  });
});

describe('roles and capabilities', () => {
  async function userWith(roles: string[], capabilities?: string[]) {
    return (await createUserStore({ scrypt: FAST })).addUser({ username: 'u', roles, capabilities });
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
    const user = await (await createUserStore({ scrypt: FAST })).addUser({ username: 'u' });
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
    const users = await createUserStore({ roles: { shop_manager: ['manage_shop'] }, scrypt: FAST });
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

describe('what a check costs', () => {
  beforeEach(() => {
    scryptCalls.count = 0;
    scryptCalls.extraMs = 0;
    scryptCalls.held = null;
  });

  async function withPasswords(count: number) {
    const users = await store();
    const created = [];
    for (let i = 0; i < count; i++) created.push(await users.createApplicationPassword('alice', { name: `app ${i}` }));
    scryptCalls.count = 0;
    return { users, created };
  }

  it('derives one key per check, however many application passwords the user has', async () => {
    const { users, created } = await withPasswords(8);
    expect(await users.verifyApplicationPassword('alice', 'AAAAbbbbCCCCddddEEEEffff')).toBeNull();
    expect(scryptCalls.count).toBe(1);
    expect(await users.verifyApplicationPassword('alice', created[7]!.password)).toMatchObject({ username: 'alice' });
    expect(scryptCalls.count).toBe(2);
    expect((await users.listApplicationPasswords('alice')).map((p) => p.lastUsed !== null)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('spends no hashing on an unknown user, yet takes as long as a real check', async () => {
    scryptCalls.extraMs = 40;
    const { users } = await withPasswords(1);
    const started = performance.now();
    expect(await users.verifyApplicationPassword('mallory', 'AAAAbbbbCCCCddddEEEEffff')).toBeNull();
    // At least the hash duration measured (40 ms and up), less a millisecond for timer rounding.
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
    expect(scryptCalls.count).toBe(0);
  });

  it('does not sign in with a password revoked while its check was hashing', async () => {
    const { users, created } = await withPasswords(2);
    scryptCalls.held = [];
    const pending = users.verifyApplicationPassword('alice', created[0]!.password);
    await users.revokeApplicationPassword('alice', created[0]!.item.uuid);
    for (const release of scryptCalls.held) release();
    scryptCalls.held = null;
    expect(await pending).toBeNull();
    expect(await users.verifyApplicationPassword('alice', created[1]!.password)).toMatchObject({ username: 'alice' });
  });

  it('refuses checks beyond the queue at once with a 503, for unknown users as for real ones', async () => {
    const users = await createUserStore({ users: [{ username: 'alice' }], scrypt: FAST, queue: { concurrency: 1, maxWaiting: 1 } });
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    scryptCalls.held = [];
    scryptCalls.count = 0;
    const running = users.verifyApplicationPassword('alice', password);
    const waiting = users.verifyApplicationPassword('alice', password);
    const refused = await users.verifyApplicationPassword('alice', password);
    const unknown = await users.verifyApplicationPassword('mallory', password);
    for (const answer of [refused, unknown]) {
      expect(isRestError(answer)).toBe(true);
      expect(answer).toMatchObject({ code: 'rest_authentication_busy', status: 503 });
    }
    expect(scryptCalls.count).toBe(1);
    while (scryptCalls.held.length > 0) scryptCalls.held.shift()!();
    scryptCalls.held = null;
    expect(await running).toMatchObject({ username: 'alice' });
    expect(await waiting).toMatchObject({ username: 'alice' });
    expect(scryptCalls.count).toBe(2);
  });

  it('keeps a slot for trusted checks, so they pass a queue full of others', async () => {
    const users = await createUserStore({ users: [{ username: 'alice' }], scrypt: FAST, queue: { concurrency: 2, maxWaiting: 0 } });
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    scryptCalls.held = [];
    scryptCalls.count = 0;
    const ordinary = users.verifyApplicationPassword('alice', 'wrongwrongwrong1');
    expect(await users.verifyApplicationPassword('alice', 'wrongwrongwrong2')).toMatchObject({ code: 'rest_authentication_busy' });
    const trusted = users.verifyApplicationPassword('alice', password, { trusted: true });
    // Started once its user is read, beside the ordinary check (held until released), not refused and not waiting.
    await vi.waitFor(() => expect(scryptCalls.count).toBe(2));
    await vi.waitFor(() => expect(scryptCalls.held!.length).toBe(2));
    for (const release of scryptCalls.held) release();
    scryptCalls.held = null;
    expect(await ordinary).toBeNull();
    expect(await trusted).toMatchObject({ username: 'alice' });
  });

  it('starts no ordinary check while a trusted one is hashing', async () => {
    const users = await createUserStore({ users: [{ username: 'alice' }], scrypt: FAST, queue: { concurrency: 2, maxWaiting: 1 } });
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    scryptCalls.held = [];
    scryptCalls.count = 0;
    const trusted = users.verifyApplicationPassword('alice', password, { trusted: true });
    const ordinary = users.verifyApplicationPassword('alice', 'wrongwrongwrong1');
    await vi.waitFor(() => expect(scryptCalls.held!.length).toBe(1));
    // Time for the ordinary check to read its user and reach the queue, where it must wait.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(scryptCalls.count).toBe(1);
    scryptCalls.held.shift()!();
    expect(await trusted).toMatchObject({ username: 'alice' });
    // Only now does the ordinary check start.
    expect(scryptCalls.count).toBe(2);
    await vi.waitFor(() => expect(scryptCalls.held!.length).toBe(1));
    scryptCalls.held.shift()!();
    scryptCalls.held = null;
    expect(await ordinary).toBeNull();
  });

  it('refuses a queue setting that is not a count', async () => {
    await expect(createUserStore({ queue: { concurrency: 0 } })).rejects.toThrow(TypeError);
    await expect(createUserStore({ queue: { maxWaiting: -1 } })).rejects.toThrow(TypeError);
  });
});

describe('kept in the site store', () => {
  const backends: Array<[string, () => Promise<SiteStore>]> = [
    ['memoryStore()', async () => memoryStore()],
    ['pgliteStore()', () => pgliteStore()],
  ];

  it('keeps users as rows and application passwords hashed in the _application_passwords user meta, as WordPress keys them', async () => {
    const site = memoryStore();
    const users = await createUserStore({
      store: site,
      users: [{ username: 'alice', roles: ['editor'], email: 'a@example.test' }],
      scrypt: FAST,
    });
    const { password, item } = await users.createApplicationPassword('alice', { name: 'cli' });
    const [row] = (await site.users.query({})).users;
    expect(row).toMatchObject({ user_login: 'alice', user_email: 'a@example.test', display_name: 'alice', roles: ['editor'] });
    const meta = (await site.userMeta.getMany([row!.ID])).get(row!.ID)!;
    const [stored] = meta._application_passwords![0] as Array<Record<string, unknown>>;
    expect(stored).toEqual({
      uuid: item.uuid,
      app_id: '',
      name: 'cli',
      password: expect.stringMatching(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/),
      created: Date.parse(item.created) / 1000,
      last_used: null,
      last_ip: null,
    });
    // The user's salt, shared by their passwords, is the head of each hash.
    expect((stored!.password as string).startsWith(`${meta._application_passwords_salt![0] as string}$`)).toBe(true);
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
      const one = await createUserStore({ store: site, users: given, scrypt: FAST });
      // A second process starting on the same store: its users are there already, so it adds none.
      const two = await createUserStore({ store: site, users: given, scrypt: FAST });
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
