import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { capabilitiesOf, DEFAULT_ROLES } from '../src/core/auth/roles.js';
import { createUserStore, type NewUser, type UserStore } from '../src/core/auth/user-store.js';

/** A low scrypt cost keeps the suite fast; one test below runs the defaults. */
const FAST = { N: 1024 };

function store(users: NewUser[] = [{ username: 'alice', roles: ['editor'], email: 'Alice@Example.com' }]): UserStore {
  return createUserStore({ users, scrypt: FAST });
}

/** `abcd efgh …`: how WordPress shows an application password. */
function withDisplaySpaces(password: string): string {
  return password.match(/.{1,4}/g)!.join(' ');
}

describe('application passwords', () => {
  it('a created password verifies and answers the user with its roles', async () => {
    const users = store();
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    const user = await users.verifyApplicationPassword('alice', password);
    expect(user).not.toBeNull();
    expect(user).toMatchObject({ id: 1, username: 'alice', roles: ['editor'] });
  });

  it('a wrong password answers null', async () => {
    const users = store();
    await users.createApplicationPassword('alice', { name: 'cli' });
    expect(await users.verifyApplicationPassword('alice', 'AAAAbbbbCCCCddddEEEEffff')).toBeNull();
  });

  it('an unknown user answers null', async () => {
    const users = store();
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    expect(await users.verifyApplicationPassword('mallory', password)).toBeNull();
  });

  it('bad input answers null instead of throwing', async () => {
    const users = store();
    await users.createApplicationPassword('alice', { name: 'cli' });
    expect(await users.verifyApplicationPassword('alice', '')).toBeNull();
    expect(await users.verifyApplicationPassword('alice', ' - ')).toBeNull();
    expect(await users.verifyApplicationPassword('alice', 42 as unknown as string)).toBeNull();
    expect(await users.verifyApplicationPassword(null as unknown as string, 'abcd')).toBeNull();
  });

  it('the password with display spaces (groups of 4) verifies too', async () => {
    const users = store();
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    const spaced = withDisplaySpaces(password);
    expect(spaced).toMatch(/^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    expect(await users.verifyApplicationPassword('alice', spaced)).toMatchObject({ username: 'alice' });
  });

  it('a given password is accepted, with or without display spaces', async () => {
    const users = store();
    const { password } = await users.createApplicationPassword('alice', { name: 'demo', password: 'demo pass word 1234' });
    expect(password).toBe('demo pass word 1234');
    expect(await users.verifyApplicationPassword('alice', 'demopassword1234')).toMatchObject({ username: 'alice' });
  });

  it('a given password without letters or digits is refused', async () => {
    const users = store();
    await expect(users.createApplicationPassword('alice', { name: 'demo', password: ' -- ' })).rejects.toThrow(TypeError);
  });

  it('a generated password is 24 letters and digits', async () => {
    const users = store();
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
  });

  it('a revoked password no longer verifies; revoking an unknown uuid answers false', async () => {
    const users = store();
    const { password, item } = await users.createApplicationPassword('alice', { name: 'cli' });
    expect(users.revokeApplicationPassword('alice', item.uuid)).toBe(true);
    expect(await users.verifyApplicationPassword('alice', password)).toBeNull();
    expect(users.revokeApplicationPassword('alice', item.uuid)).toBe(false);
    expect(users.revokeApplicationPassword('alice', randomUUID())).toBe(false);
  });

  it('the listing shows uuid, name, created and lastUsed, and nothing of the password', async () => {
    const users = store();
    const { password, item } = await users.createApplicationPassword('alice', { name: 'cli' });
    const before = users.listApplicationPasswords('alice');
    expect(before).toEqual([{ uuid: item.uuid, name: 'cli', created: item.created, lastUsed: null }]);
    expect(item.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(item.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    await users.verifyApplicationPassword('alice', password);
    const after = users.listApplicationPasswords('alice');
    expect(after[0]?.lastUsed).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    for (const listed of [item, ...after]) expect(Object.keys(listed).sort()).toEqual(['created', 'lastUsed', 'name', 'uuid']);
    const json = JSON.stringify([item, ...after]);
    expect(json).not.toContain(password);
    // Nothing long and hex or base64 shaped, as a salt or hash would be.
    expect(json).not.toMatch(/[A-Za-z0-9+/=]{20,}/);
  });

  it('two passwords of one user both verify, and revoking one keeps the other', async () => {
    const users = store();
    const first = await users.createApplicationPassword('alice', { name: 'phone' });
    const second = await users.createApplicationPassword('alice', { name: 'laptop' });
    expect(await users.verifyApplicationPassword('alice', first.password)).not.toBeNull();
    expect(await users.verifyApplicationPassword('alice', second.password)).not.toBeNull();

    users.revokeApplicationPassword('alice', first.item.uuid);
    expect(await users.verifyApplicationPassword('alice', first.password)).toBeNull();
    expect(await users.verifyApplicationPassword('alice', second.password)).not.toBeNull();
    expect(users.listApplicationPasswords('alice').map((p) => p.name)).toEqual(['laptop']);
  });

  it("one user's password does not sign in another user", async () => {
    const users = store([{ username: 'alice' }, { username: 'bob' }]);
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    await users.createApplicationPassword('bob', { name: 'cli' });
    expect(await users.verifyApplicationPassword('bob', password)).toBeNull();
  });

  it('an unknown login on create, list or revoke throws a TypeError naming the login', async () => {
    const users = store();
    const error: unknown = await users
      .createApplicationPassword('mallory', { name: 'cli', password: 'secret123' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toContain('mallory');
    expect((error as TypeError).message).not.toContain('secret');
    expect(() => users.listApplicationPasswords('mallory')).toThrow(TypeError);
    expect(() => users.revokeApplicationPassword('mallory', 'x')).toThrow(/mallory/);
  });

  it('works with the default scrypt cost', async () => {
    const users = createUserStore({ users: [{ username: 'alice' }] });
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    expect(await users.verifyApplicationPassword('alice', password)).toMatchObject({ username: 'alice' });
    expect(await users.verifyApplicationPassword('alice', `${password}x`)).toBeNull();
  });
});

describe('roles and capabilities', () => {
  function userWith(roles: string[], capabilities?: string[]) {
    return createUserStore({ scrypt: FAST }).addUser({ username: 'u', roles, capabilities });
  }

  it('administrator can manage_options and edit_others_posts', () => {
    const admin = userWith(['administrator']);
    expect(admin.can('manage_options')).toBe(true);
    expect(admin.can('edit_others_posts')).toBe(true);
  });

  it('editor can edit_others_posts but not manage_options', () => {
    const editor = userWith(['editor']);
    expect(editor.can('edit_others_posts')).toBe(true);
    expect(editor.can('manage_options')).toBe(false);
  });

  it('author can publish_posts but not edit_others_posts', () => {
    const author = userWith(['author']);
    expect(author.can('publish_posts')).toBe(true);
    expect(author.can('edit_others_posts')).toBe(false);
  });

  it('contributor can edit_posts but not publish_posts', () => {
    const contributor = userWith(['contributor']);
    expect(contributor.can('edit_posts')).toBe(true);
    expect(contributor.can('publish_posts')).toBe(false);
  });

  it('subscriber can only read (and level_0)', () => {
    const subscriber = userWith(['subscriber']);
    expect(subscriber.can('read')).toBe(true);
    expect(subscriber.can('level_0')).toBe(true);
    expect(subscriber.can('edit_posts')).toBe(false);
    expect(capabilitiesOf(['subscriber'])).toEqual(new Set(['read', 'level_0']));
  });

  it('a new user is a subscriber unless told otherwise', () => {
    const user = createUserStore({ scrypt: FAST }).addUser({ username: 'u' });
    expect(user.roles).toEqual(['subscriber']);
    expect(user.can('read')).toBe(true);
    expect(user.can('edit_posts')).toBe(false);
  });

  it('extra capabilities are granted on top of the roles', () => {
    const user = userWith(['subscriber'], ['moderate_comments']);
    expect(user.can('moderate_comments')).toBe(true);
    expect(user.can('read')).toBe(true);
    expect(user.can('manage_options')).toBe(false);
  });

  it('unknown roles grant nothing, not even inherited object keys', () => {
    expect(capabilitiesOf(['ghost', 'constructor', '__proto__', 'toString'])).toEqual(new Set());
    expect(userWith(['ghost']).can('read')).toBe(false);
  });

  it("the store's role table is the one can() answers from", () => {
    const users = createUserStore({ roles: { shop_manager: ['manage_shop'] }, scrypt: FAST });
    const user = users.addUser({ username: 'u', roles: ['shop_manager', 'administrator'] });
    expect(user.can('manage_shop')).toBe(true);
    expect(user.can('manage_options')).toBe(false);
  });

  it('can() keeps working on a spread copy', () => {
    const copy = { ...userWith(['editor']) };
    expect(copy.can('edit_others_posts')).toBe(true);
  });

  it('the default roles have the capability counts populate_roles gives them, without repeats', () => {
    const counts = Object.fromEntries(Object.entries(DEFAULT_ROLES).map(([role, caps]) => [role, caps.length]));
    expect(counts).toEqual({ administrator: 61, editor: 34, author: 10, contributor: 5, subscriber: 2 });
    for (const caps of Object.values(DEFAULT_ROLES)) expect(new Set(caps).size).toBe(caps.length);
  });
});

describe('users', () => {
  it('ids count up from 1 in the order users are added', () => {
    const users = store([{ username: 'alice' }, { username: 'bob' }]);
    expect(users.addUser({ username: 'carol' }).id).toBe(3);
    expect(users.listUsers().map((u) => [u.id, u.username])).toEqual([
      [1, 'alice'],
      [2, 'bob'],
      [3, 'carol'],
    ]);
  });

  it('a duplicate username throws, whatever its case; so does an empty one', () => {
    const users = store();
    expect(() => users.addUser({ username: 'alice' })).toThrow(TypeError);
    expect(() => users.addUser({ username: 'ALICE' })).toThrow(TypeError);
    expect(() => users.addUser({ username: '' })).toThrow(TypeError);
    expect(() => users.addUser({ username: '   ' })).toThrow(TypeError);
  });

  it('name defaults to the username and email to empty', () => {
    const user = store([]).addUser({ username: 'dave' });
    expect(user).toMatchObject({ username: 'dave', name: 'dave', email: '' });
  });

  it('getUser finds by id, by username in another case and by email in another case', () => {
    const users = store();
    expect(users.getUser(1)?.username).toBe('alice');
    expect(users.getUser('ALICE')?.id).toBe(1);
    expect(users.getUser('alice@example.COM')?.id).toBe(1);
    expect(users.getUser(2)).toBeNull();
    expect(users.getUser('nobody')).toBeNull();
    expect(users.getUser('')).toBeNull();
  });

  it('an application password verifies with the email as login', async () => {
    const users = store();
    const { password } = await users.createApplicationPassword('alice', { name: 'cli' });
    expect(await users.verifyApplicationPassword('alice@example.com', password)).toMatchObject({ id: 1 });
  });

  it('a user from the store cannot be changed by whoever holds it', () => {
    const user = store().getUser(1)!;
    expect(() => {
      (user as { id: number }).id = 99;
    }).toThrow(TypeError);
  });
});
