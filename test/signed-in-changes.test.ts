// A signed-in client's stream of requests is answered without reading its user again while nothing
// about that user changed (src/core/auth/user-store.ts keeps credentials it verified). These check
// that every change a client's rights depend on is seen on its very next request: a password revoked
// (through the user store, or removed from the user meta directly), the user deleted, their roles
// changed, a revocation in a transaction that commits (and none in one that rolls back); on the stores
// that keep verified credentials (memory, PGlite) and, when a server is there, on PostgreSQL shared by
// two stores, as by two processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserStore, type UserStore } from '../src/core/auth/user-store.js';
import { corePosts, createRestServer, memoryStore, type InjectResponse, type SiteStore } from '../src/index.js';
import { pgliteStore, postgresStore } from '../src/store.js';
import { freshPrefix, postgresDatabase, TEST_DATABASE_URL } from './helpers/sql-backends.js';

const SITE = { name: 'Example Site', url: 'https://example.com' };
const PASSWORD = 'Qm7T2vKx9PzR4nWc8LbY3sHd';
const basic = (pair: string) => ({ Authorization: `Basic ${Buffer.from(pair).toString('base64')}` });

/** How the server answered `GET /core/v2/posts?context=edit`: an editor may, a subscriber is refused (403), anonymous is asked to sign in (401). */
function answeredAs(answer: InjectResponse): 'editor' | 'subscriber' | 'anonymous' {
  if (answer.status === 200) return 'editor';
  if (answer.status === 403) return 'subscriber';
  expect(answer.status).toBe(401);
  expect(answer.headers['X-Credentials-Rejected']).toBeDefined();
  return 'anonymous';
}

interface Signed {
  username: string;
  users: UserStore;
  id: number;
  uuid: string;
  /** The user's request, as the server answers it. */
  ask(): Promise<'editor' | 'subscriber' | 'anonymous'>;
}

let named = 0;

/**
 * A server on `serverStore` with a new editor holding an application password, made through
 * `writer` (default a user store on the server's store), signed in a few times already.
 */
async function signedInSite(serverStore: SiteStore, writer?: (username: string) => Promise<UserStore>): Promise<Signed> {
  const username = `ada${++named}`;
  const users = await createUserStore({ store: serverStore, users: [{ username, roles: ['editor'] }] });
  const { item } = await ((await writer?.(username)) ?? users).createApplicationPassword(username, { name: 'app', password: PASSWORD });
  const rest = createRestServer({ site: SITE, store: serverStore, users, namespaces: [corePosts()] });
  const headers = basic(`${username}:${PASSWORD}`);
  const ask = async () => answeredAs(await rest.inject({ method: 'GET', path: '/core/v2/posts?context=edit', headers }));
  // The first use is recorded (a write); the next ones are answered from what was verified.
  for (let i = 0; i < 3; i++) expect(await ask()).toBe('editor');
  return { username, users, id: (await users.getUser(username))!.id, uuid: item.uuid, ask };
}

const backends: Array<[string, () => Promise<SiteStore>]> = [
  ['memoryStore()', async () => memoryStore()],
  ['pgliteStore()', () => pgliteStore()],
];

describe.each(backends)('a signed-in client sees each change on its next request (%s)', (_name, open) => {
  let store: SiteStore;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(() => store.close());

  it('a password revoked through the user store signs nobody in', async () => {
    const signed = await signedInSite(store);
    expect(await signed.users.revokeApplicationPassword(signed.username, signed.uuid)).toBe(true);
    expect(await signed.ask()).toBe('anonymous');
  });

  it('a password removed from the user meta directly signs nobody in', async () => {
    const signed = await signedInSite(store);
    await store.userMeta.delete(signed.id, '_application_passwords');
    expect(await signed.ask()).toBe('anonymous');
  });

  it("a deleted user's password signs nobody in", async () => {
    const signed = await signedInSite(store);
    expect(await store.users.delete(signed.id)).toBe(true);
    expect(await signed.ask()).toBe('anonymous');
  });

  it('a role taken away is refused its rights, and given back has them again', async () => {
    const signed = await signedInSite(store);
    await store.users.update(signed.id, { roles: ['subscriber'] });
    expect(await signed.ask()).toBe('subscriber');
    expect(await signed.ask()).toBe('subscriber');
    await store.users.update(signed.id, { roles: ['editor'] });
    expect(await signed.ask()).toBe('editor');
  });

  it('a revocation in a transaction signs nobody in once committed, and changes nothing when rolled back', async () => {
    const signed = await signedInSite(store);
    const failed = store.transaction(async (tx) => {
      await tx.userMeta.delete(signed.id, '_application_passwords');
      throw new Error('rolled back');
    });
    await expect(failed).rejects.toThrow('rolled back');
    expect(await signed.ask()).toBe('editor');
    await store.transaction(async (tx) => {
      await tx.userMeta.delete(signed.id, '_application_passwords');
    });
    expect(await signed.ask()).toBe('anonymous');
  });
});

describe.skipIf(!TEST_DATABASE_URL)('two stores on one PostgreSQL, as two processes', () => {
  const database = TEST_DATABASE_URL === undefined ? undefined : postgresDatabase(TEST_DATABASE_URL);

  let one: SiteStore;
  let two: SiteStore;
  beforeAll(async () => {
    // Two stores on one table prefix: what two `serve` processes on one database are.
    const tablePrefix = freshPrefix();
    one = await postgresStore({ connectionString: TEST_DATABASE_URL!, tablePrefix });
    two = await postgresStore({ connectionString: TEST_DATABASE_URL!, tablePrefix });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await database?.dispose();
  });

  /** The other process's user store, with the user it is asked for. */
  const otherUsers = (username: string) => createUserStore({ store: two, users: [{ username, roles: ['editor'] }] });

  it("a password revoked through the other process's store signs nobody in on the next request", async () => {
    const signed = await signedInSite(one, otherUsers);
    expect(await (await otherUsers(signed.username)).revokeApplicationPassword(signed.username, signed.uuid)).toBe(true);
    expect(await signed.ask()).toBe('anonymous');
  });

  it("a role taken away through the other process's store is refused its rights on the next request", async () => {
    const signed = await signedInSite(one, otherUsers);
    await two.users.update(signed.id, { roles: ['subscriber'] });
    expect(await signed.ask()).toBe('subscriber');
  });
});
