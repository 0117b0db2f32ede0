import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createAuthenticator,
  createRestServer,
  RestError,
  type NamespaceModule,
  memoryStore,
  type RestServer,
  type RestServerOptions,
  type RestUser,
  type SessionAuth,
  type SiteStore,
} from '../src/index.js';
import { createUserStore } from '../src/node.js';
import { pgliteStore } from '../src/store.js';
import { scryptHash, storedPassword, storeLegacyPasswords } from './helpers/legacy-hashes.js';

const SITE = { name: 'Auth Site', url: 'http://example.test' };

/** Who the server thinks is asking, and one route per kind of permission. */
const whoami: NamespaceModule = {
  namespace: 'auth/v1',
  routes: [
    { path: '/me', endpoints: [{ methods: 'GET', permission: 'public', handler: (_r, { user }) => ({ id: user?.id ?? 0 }) }] },
    {
      path: '/drafts',
      endpoints: [
        { methods: 'GET', permission: 'public', handler: () => [] },
        {
          methods: 'POST',
          permission: 'edit_posts',
          denied: { code: 'rest_cannot_create', message: 'Sorry, you are not allowed to create posts as this user.' },
          handler: () => ({ created: true }),
        },
        {
          methods: 'DELETE',
          permission: (_request, { user }) => user?.can('delete_others_posts') ?? false,
          handler: () => ({ deleted: true }),
        },
      ],
    },
  ],
};

const PASSWORDS = { admin: 'Qyzhf2dcbOCdGnauDDOSVC9n', author: 'eYhak6OfAi7EIluKez6V0SAv' };

async function store(site?: SiteStore) {
  const users = await createUserStore({
    store: site,
    users: [
      { username: 'admin', roles: ['administrator'], email: 'admin@example.test' },
      { username: 'author', roles: ['author'] },
    ],
  });
  for (const [username, password] of Object.entries(PASSWORDS))
    await users.createApplicationPassword(username, { name: 'tests', password });
  return users;
}

async function server(options: Partial<RestServerOptions> = {}) {
  return createRestServer({ site: SITE, namespaces: [whoami], users: await store(), onError: () => {}, ...options });
}

const basic = (user: string, password: string) => ({ Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

async function call(
  rest: Awaited<ReturnType<typeof server>>,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  const answer = (await rest.handle({ method, url, headers, remoteAddress }))!;
  return { status: answer.status, headers: answer.headers, text: answer.body, body: answer.body ? JSON.parse(answer.body) : null };
}

describe('application passwords', () => {
  it('signs a user in with Basic username:application-password, with or without the display spaces', async () => {
    const rest = await server();
    expect((await call(rest, 'GET', '/wp-json/auth/v1/me', basic('admin', PASSWORDS.admin))).body).toEqual({ id: 1 });
    const spaced = PASSWORDS.author.replace(/(.{4})(?!$)/g, '$1 ');
    expect((await call(rest, 'GET', '/wp-json/auth/v1/me', basic('author', spaced))).body).toEqual({ id: 2 });
    expect((await call(rest, 'GET', '/wp-json/auth/v1/me', basic('ADMIN@example.test', PASSWORDS.admin))).body).toEqual({ id: 1 });
  });

  it('treats a wrong password, an unknown user and a malformed header as anonymous by default', async () => {
    const rest = await server();
    for (const headers of [
      basic('admin', 'wrongwrongwrongwrong'),
      basic('ghost', PASSWORDS.admin),
      { Authorization: 'Basic %%%' },
      { Authorization: 'Bearer abc' },
    ]) {
      const me = await call(rest, 'GET', '/wp-json/auth/v1/me', headers);
      expect(me).toMatchObject({ status: 200, body: { id: 0 } });
      const write = await call(rest, 'POST', '/wp-json/auth/v1/drafts', headers);
      expect(write).toMatchObject({ status: 401, body: { code: 'rest_cannot_create' } });
    }
  });

  it("answers WordPress's 401 credential errors when the host opts in, never echoing the password", async () => {
    const rest = await server({ credentialErrors: 'wordpress' });
    const wrong = await call(rest, 'GET', '/wp-json/auth/v1/me', basic('admin', 'SuperSecretGuess123'));
    expect(wrong).toMatchObject({
      status: 401,
      body: { code: 'incorrect_password', message: 'The provided password is an invalid application password.' },
    });
    expect(wrong.text).not.toContain('SuperSecretGuess123');
    const ghost = await call(rest, 'GET', '/wp-json/auth/v1/me', basic('ghost', 'x'));
    expect(ghost).toMatchObject({ status: 401, body: { code: 'invalid_username' } });
    const ghostMail = await call(rest, 'GET', '/wp-json/auth/v1/me', basic('ghost@example.test', 'x'));
    expect(ghostMail).toMatchObject({ status: 401, body: { code: 'invalid_email' } });
    expect((await call(rest, 'GET', '/wp-json/auth/v1/me', basic('admin', PASSWORDS.admin))).body).toEqual({ id: 1 });
    expect((await call(rest, 'GET', '/wp-json/auth/v1/me')).body).toEqual({ id: 0 });
  });

  it('stops accepting a revoked application password', async () => {
    const rest = await server();
    const [item] = await rest.users!.listApplicationPasswords('admin');
    expect(await rest.users!.revokeApplicationPassword('admin', item!.uuid)).toBe(true);
    expect((await call(rest, 'GET', '/wp-json/auth/v1/me', basic('admin', PASSWORDS.admin))).body).toEqual({ id: 0 });
  });

  it("checks credentials through the host's verifyApplicationPassword when given", async () => {
    const hostUser: RestUser = { id: 42, username: 'host', can: () => true };
    const verify = vi.fn((username: string, password: string) => (username === 'host' && password === 'letmein' ? hostUser : null));
    const rest = await server({ verifyApplicationPassword: verify });
    expect((await call(rest, 'GET', '/wp-json/auth/v1/me', basic('host', 'letmein'), '192.0.2.9')).body).toEqual({ id: 42 });
    // The client's address comes third, for a check that shares something scarce among clients.
    expect(verify).toHaveBeenCalledWith('host', 'letmein', '192.0.2.9');
    // The built-in store is not consulted when the host checks credentials itself.
    expect((await call(rest, 'GET', '/wp-json/auth/v1/me', basic('admin', PASSWORDS.admin))).body).toEqual({ id: 0 });
  });

  it('lets a host wrap the built-in schemes in its own authenticate hook', async () => {
    const users = await store();
    const builtIn = createAuthenticator({ verifyApplicationPassword: users.verifyApplicationPassword });
    const rest = await server({
      authenticate: (request, headers) =>
        request.headers['x-blocked'] ? new RestError('blocked', 'Blocked.', { status: 403 }) : builtIn(request, headers),
    });
    expect((await call(rest, 'GET', '/wp-json/auth/v1/me', basic('admin', PASSWORDS.admin))).body).toEqual({ id: 1 });
    expect(await call(rest, 'GET', '/wp-json/auth/v1/me', { 'X-Blocked': '1' })).toMatchObject({ status: 403, body: { code: 'blocked' } });
  });
});

describe('the root index', () => {
  it('lists application passwords with the configured authorization URL', async () => {
    const index = async (options: Partial<RestServerOptions>) =>
      (await call(await server(options), 'GET', '/wp-json/')).body.authentication;
    expect(await index({})).toEqual({
      'application-passwords': { endpoints: { authorization: 'http://example.test/wp-admin/authorize-application.php' } },
    });
    expect(await index({ authorizationUrl: 'https://id.example.test/approve' })).toEqual({
      'application-passwords': { endpoints: { authorization: 'https://id.example.test/approve' } },
    });
  });
});

describe('cookie sessions with the REST nonce', () => {
  const admin: RestUser = { id: 7, username: 'session-admin', can: () => true };
  const session: SessionAuth = {
    user: (request) => (request.headers.cookie === 'session=ok' ? admin : null),
    verifyNonce: (nonce, user) => nonce === `nonce-for-${user.id}`,
    createNonce: (user) => `fresh-for-${user.id}`,
  };

  it('signs the session user in only with a valid nonce, and sends a fresh one back', async () => {
    const rest = await server({ session });
    const ok = await call(rest, 'GET', '/wp-json/auth/v1/me', { Cookie: 'session=ok', 'X-WP-Nonce': 'nonce-for-7' });
    expect(ok.body).toEqual({ id: 7 });
    expect(ok.headers['X-WP-Nonce']).toBe('fresh-for-7');
    const viaQuery = await call(rest, 'GET', '/wp-json/auth/v1/me?_wpnonce=nonce-for-7', { Cookie: 'session=ok' });
    expect(viaQuery.body).toEqual({ id: 7 });
  });

  it('treats a session without a nonce as anonymous, so a forged cross-site request cannot write', async () => {
    const rest = await server({ session });
    const write = await call(rest, 'POST', '/wp-json/auth/v1/drafts', { Cookie: 'session=ok' });
    expect(write).toMatchObject({ status: 401, body: { code: 'rest_cannot_create' } });
  });

  it('refuses a session with a wrong nonce with rest_cookie_invalid_nonce', async () => {
    const rest = await server({ session });
    const bad = await call(rest, 'GET', '/wp-json/auth/v1/me', { Cookie: 'session=ok', 'X-WP-Nonce': 'stale' });
    expect(bad).toMatchObject({
      status: 403,
      body: { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } },
    });
  });

  it('falls back to application passwords when there is no session', async () => {
    const rest = await server({ session });
    expect((await call(rest, 'GET', '/wp-json/auth/v1/me', basic('author', PASSWORDS.author))).body).toEqual({ id: 2 });
  });
});

describe('permissions', () => {
  it("answers a refused capability with the endpoint's own code: 401 anonymous, 403 signed in", async () => {
    const rest = await server();
    expect(await call(rest, 'POST', '/wp-json/auth/v1/drafts')).toMatchObject({ status: 401, body: { code: 'rest_cannot_create' } });
    expect((await call(rest, 'POST', '/wp-json/auth/v1/drafts', basic('author', PASSWORDS.author))).body).toEqual({ created: true });
    expect(await call(rest, 'DELETE', '/wp-json/auth/v1/drafts', basic('author', PASSWORDS.author))).toMatchObject({
      status: 403,
      body: { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.' },
    });
  });

  it('lists in Allow and on OPTIONS only the methods the signed-in user may use', async () => {
    const rest = await server();
    expect((await call(rest, 'GET', '/wp-json/auth/v1/drafts')).headers.Allow).toBe('GET');
    expect((await call(rest, 'GET', '/wp-json/auth/v1/drafts', basic('author', PASSWORDS.author))).headers.Allow).toBe('GET, POST');
    expect((await call(rest, 'OPTIONS', '/wp-json/auth/v1/drafts', basic('admin', PASSWORDS.admin))).headers.Allow).toBe(
      'GET, POST, DELETE',
    );
  });
});

describe('the login limiter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const hostUser: RestUser = { id: 42, username: 'host', can: () => true };
  const HOST_PASSWORD = 'letmein-letmein';

  /** A server checking credentials with a cheap host function, so the tests count checks instead of hashes. */
  async function limited(options: Partial<RestServerOptions> = {}) {
    // The clock stands still unless a test moves it, so a slow machine cannot turn Retry-After 60 into 59.
    if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'] });
    const verify = vi.fn((username: string, password: string) => (username === 'host' && password === HOST_PASSWORD ? hostUser : null));
    const rest = await server({ verifyApplicationPassword: verify, loginLimiter: { allowedRetries: 3, lockoutMs: 60_000 }, ...options });
    const me = (user: string, password: string, address?: string) =>
      call(rest, 'GET', '/wp-json/auth/v1/me', basic(user, password), address);
    return { rest, verify, me };
  }

  /** Moves the clock on by `ms`. */
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

  function expectLockedOut(answer: Awaited<ReturnType<typeof call>>, seconds: number, when: string) {
    expect(answer).toMatchObject({
      status: 429,
      body: {
        code: 'too_many_retries',
        message: `<strong>ERROR</strong>: Too many failed login attempts. Please try again in ${when}.`,
        data: { status: 429 },
      },
    });
    expect(answer.headers['Retry-After']).toBe(String(seconds));
  }

  it('locks an address out at its allowedRetries-th failure, whatever usernames it tried, and answers its failures 429', async () => {
    const { me } = await limited();
    for (const name of ['ghost', 'host']) expect((await me(name, 'guess-guess', '192.0.2.1')).body).toEqual({ id: 0 });
    expectLockedOut(await me('nobody@example.test', 'guess-guess', '192.0.2.1'), 60, '1 minute');
    expectLockedOut(await me('host', 'guess-guess', '192.0.2.1'), 60, '1 minute');
    expect((await me('host', 'guess-guess', '192.0.2.2')).body).toEqual({ id: 0 });
  });

  it('answers a valid password from a locked-out address, checking it as any other', async () => {
    const { verify, me } = await limited();
    for (let i = 0; i < 3; i++) await me('ghost', 'guess-guess', '192.0.2.1');
    expectLockedOut(await me('ghost', 'guess-guess', '192.0.2.1'), 60, '1 minute');
    verify.mockClear();
    const valid = await me('host', HOST_PASSWORD, '192.0.2.1');
    expect(valid).toMatchObject({ status: 200, body: { id: 42 } });
    expect(valid.headers['Retry-After']).toBeUndefined();
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it("never lets others' failures as a username keep that user from signing in", async () => {
    const { me } = await limited();
    for (let i = 0; i < 9; i++) await me('host', 'guess-guess', `203.0.113.${i}`);
    // Unknown addresses are counted by username: the username's count is locked out, its password is not.
    for (let i = 0; i < 3; i++) await me('host', 'guess-guess');
    expectLockedOut(await me('host', 'guess-guess'), 60, '1 minute');
    for (const address of ['203.0.113.1', '198.51.100.7', undefined])
      expect((await me('host', HOST_PASSWORD, address)).body).toEqual({ id: 42 });
  });

  it('counts only failures: 60 parallel requests with a valid password are all answered as the user', async () => {
    const rest = await server();
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => call(rest, 'GET', '/wp-json/auth/v1/me', basic('admin', PASSWORDS.admin), '192.0.2.1')),
    );
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual(answers.map(() => [200, { id: 1 }]));
    // And the address has no failure counted: three wrong passwords are still answered as anonymous.
    for (let i = 0; i < 3; i++)
      expect((await call(rest, 'GET', '/wp-json/auth/v1/me', basic('admin', 'guess-guess'), '192.0.2.1')).status).toBe(200);
  });

  it('counts a username without an address apart from other usernames', async () => {
    const { me } = await limited();
    for (let i = 0; i < 2; i++) await me('ghost', 'guess-guess');
    expectLockedOut(await me('ghost', 'guess-guess'), 60, '1 minute');
    expect((await me('other', 'guess-guess')).body).toEqual({ id: 0 });
  });

  it('lets failures be answered again once the lockout has passed, and counts none while it lasts', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2024-05-01T10:00:00Z') });
    const { me } = await limited();
    for (let i = 0; i < 3; i++) await me('host', 'guess-guess', '192.0.2.1');
    later(45_000);
    for (let i = 0; i < 5; i++) expectLockedOut(await me('host', 'guess-guess', '192.0.2.1'), 15, '1 minute');
    later(15_000);
    // The fourth and fifth failures; the five during the lockout were not counted.
    for (let i = 0; i < 2; i++) expect((await me('host', 'guess-guess', '192.0.2.1')).body).toEqual({ id: 0 });
    expectLockedOut(await me('host', 'guess-guess', '192.0.2.1'), 60, '1 minute');
  });

  it('locks out for longLockoutMs at the allowedRetries × allowedLockouts-th failure, then counts from zero', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2024-05-01T10:00:00Z') });
    const { me } = await limited({
      loginLimiter: { allowedRetries: 3, lockoutMs: 60_000, allowedLockouts: 2, longLockoutMs: 2 * 3_600_000 },
    });
    const fail = () => me('ghost', 'guess-guess', '192.0.2.1');
    for (let i = 0; i < 2; i++) await fail();
    expectLockedOut(await fail(), 60, '1 minute');
    later(60_000);
    for (let i = 0; i < 2; i++) expect((await fail()).status).toBe(200);
    expectLockedOut(await fail(), 7200, '2 hours');
    later(2 * 3_600_000);
    for (let i = 0; i < 2; i++) expect((await fail()).status).toBe(200);
    expectLockedOut(await fail(), 60, '1 minute');
  });

  it("answers 429 in the 'wordpress' credential-errors mode too", async () => {
    const { me } = await limited({ credentialErrors: 'wordpress' });
    for (let i = 0; i < 2; i++) expect((await me('host', 'guess-guess', '192.0.2.1')).body.code).toBe('incorrect_password');
    expectLockedOut(await me('host', 'guess-guess', '192.0.2.1'), 60, '1 minute');
  });

  it('stays out of the way with loginLimiter: false', async () => {
    const { me } = await limited({ loginLimiter: false });
    for (let i = 0; i < 12; i++) expect((await me('host', 'guess-guess', '192.0.2.1')).status).toBe(200);
  });

  it("is on by default with the plugin's settings: 4 failures lock out for 20 minutes, the 16th for 24 hours", async () => {
    const { me } = await limited({ loginLimiter: undefined });
    const fail = () => me('host', 'guess-guess', '192.0.2.1');
    for (let i = 0; i < 3; i++) expect((await fail()).status).toBe(200);
    for (let lockout = 1; lockout < 4; lockout++) {
      expectLockedOut(await fail(), 1200, '20 minutes');
      later(1_200_000);
      for (let i = 0; i < 3; i++) expect((await fail()).status).toBe(200);
    }
    expectLockedOut(await fail(), 86_400, '24 hours');
  });

  it('keeps a lock while a flood of made-up usernames from fresh addresses passes through its bounded memory', async () => {
    const { me } = await limited();
    for (let i = 0; i < 3; i++) await me('host', 'guess-guess', '192.0.2.1');
    for (let i = 0; i < 12_000; i++) await me(`made-up-${i}`, 'guess-guess', `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    expectLockedOut(await me('host', 'guess-guess', '192.0.2.1'), 60, '1 minute');
  });

  it.each([
    ['memoryStore()', async () => memoryStore()],
    ['pgliteStore()', () => pgliteStore()],
  ])(
    'shares its counts between servers on one store (%s): 3 failures through one and 1 through the other lock the address in both',
    async (_name, open) => {
      const shared = await open();
      try {
        const verify = vi.fn((username: string, password: string) => (username === 'host' && password === HOST_PASSWORD ? hostUser : null));
        const [one, two] = [1, 2].map(() =>
          createRestServer({ site: SITE, namespaces: [whoami], verifyApplicationPassword: verify, store: shared }),
        );
        const me = (rest: RestServer, user: string, password: string) =>
          call(rest, 'GET', '/wp-json/auth/v1/me', basic(user, password), '192.0.2.1');
        for (let i = 0; i < 3; i++) expect((await me(one!, `ghost-${i}`, 'guess-guess')).status).toBe(200);
        expect((await me(two!, 'ghost-3', 'guess-guess')).status).toBe(429);
        expect((await me(one!, 'ghost-4', 'guess-guess')).status).toBe(429);
        for (const rest of [one!, two!]) expect((await me(rest, 'host', HOST_PASSWORD)).body).toEqual({ id: 42 });
      } finally {
        await shared.close();
      }
    },
  );

  it('refuses a setting that is not a positive integer', async () => {
    await expect(server({ loginLimiter: { allowedRetries: 0 } })).rejects.toThrow(TypeError);
    await expect(server({ loginLimiter: { lockoutMs: 1.5 } })).rejects.toThrow(TypeError);
    await expect(server({ loginLimiter: { validMs: -1 } })).rejects.toThrow(TypeError);
  });
});

describe('the queue of checks against hashes stored before the fast format', () => {
  it.each([
    ['one IPv4 address', () => '203.0.113.1'],
    ['one IPv6 /64, an address a request', (i: number) => `2001:db8:0:7::${(i + 1).toString(16)}`],
  ])('checks a valid password stored before the fast format soon while %s floods the queue with wrong ones', async (_case, attacker) => {
    const site = memoryStore();
    const users = await createUserStore({ store: site, users: [{ username: 'admin', roles: ['administrator'] }] });
    const legacy = scryptHash('Vw3nL8qZ2xR6tK9mB4jH7cYs', 14);
    await storeLegacyPasswords(site, 1, [storedPassword(legacy.hash)], legacy.settings);
    const rest = await server({ users });
    const me = (password: string, address: string) => call(rest, 'GET', '/wp-json/auth/v1/me', basic('admin', password), address);

    // Different wrong passwords, so that no two checks are shared: 2 run at once, 16 wait, the rest are refused.
    let checked = 0;
    const flooded = Array.from({ length: 24 }, (_, i) =>
      me(`wrongwrongwrong${i}`, attacker(i)).then((done) => ((checked += done.status === 200 ? 1 : 0), done)),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The full wait list gives the newcomer the flood's newest place, and the next free slot goes to it.
    // Counted from when it comes: on a loaded machine some of the flood's checks end before that.
    const checkedBefore = checked;
    const valid = await me('Vw3nL8qZ2xR6tK9mB4jH7cYs', '198.51.100.7');
    const checkedMeanwhile = checked - checkedBefore;
    expect(valid.body).toEqual({ id: 1 });
    // Of the flood, at most the two checks running when it came and one more finished first.
    expect(checkedMeanwhile).toBeLessThanOrEqual(3);
    await Promise.all(flooded);
  });

  it('checks several passwords stored before the fast format sent at once from one address, refusing none while the queue has room', async () => {
    const site = memoryStore();
    const names = ['ann', 'bob', 'cy', 'dee', 'eve'];
    const users = await createUserStore({ store: site, users: names.map((username) => ({ username, roles: ['author'] })) });
    const legacy = scryptHash('Vw3nL8qZ2xR6tK9mB4jH7cYs', 14);
    for (let id = 1; id <= names.length; id++) await storeLegacyPasswords(site, id, [storedPassword(legacy.hash)], legacy.settings);
    const rest = await server({ users });
    const answers = await Promise.all(
      names.map((name) => call(rest, 'GET', '/wp-json/auth/v1/me', basic(name, 'Vw3nL8qZ2xR6tK9mB4jH7cYs'), '192.0.2.44')),
    );
    expect(answers.map((answer) => answer.body)).toEqual(names.map((_, i) => ({ id: i + 1 })));
  });

  it('answers 503 with Retry-After at once when it is full, and never for a password in the fast format', async () => {
    const site = memoryStore();
    const users = await createUserStore({
      store: site,
      users: [
        { username: 'admin', roles: ['administrator'] },
        { username: 'author', roles: ['author'] },
      ],
      queue: { concurrency: 1, maxWaiting: 0 },
    });
    // scrypt at the cost site-rest 0.1 used (N = 2^14): long enough that the second check surely finds the slot taken.
    const legacy = scryptHash('Vw3nL8qZ2xR6tK9mB4jH7cYs', 14);
    await storeLegacyPasswords(site, 1, [storedPassword(legacy.hash)], legacy.settings);
    await users.createApplicationPassword('author', { name: 'tests', password: PASSWORDS.author });
    const rest = await server({ users });
    const me = (user: string, password: string, address: string) =>
      call(rest, 'GET', '/wp-json/auth/v1/me', basic(user, password), address);

    // Two different wrong passwords: identical checks would share one hash.
    const hashing = me('admin', 'wrongwrongwrong1', '203.0.113.1');
    // Its store reads first, so that its hash holds the slot when the next attempt comes.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = me('admin', 'wrongwrongwrong2', '203.0.113.2');
    const fast = me('author', PASSWORDS.author, '198.51.100.7');
    expect(await refused).toMatchObject({
      status: 503,
      body: {
        code: 'rest_authentication_busy',
        message: 'Too many sign-in attempts are being checked right now. Please try again in a moment.',
        data: { status: 503 },
      },
    });
    expect((await refused).headers['Retry-After']).toBe('1');
    expect((await fast).body).toEqual({ id: 2 });
    expect((await hashing).body).toEqual({ id: 0 });
  });
});

describe('credentials in answers and logs', () => {
  it('never shows a password or the Authorization value in an answer or an onError line', async () => {
    const logged: unknown[] = [];
    const site = memoryStore();
    const users = await createUserStore({
      store: site,
      users: [{ username: 'admin', roles: ['administrator'] }],
      queue: { concurrency: 1, maxWaiting: 0 },
    });
    const legacy = scryptHash(PASSWORDS.admin);
    const secrets = ['Sup3rSecretGuessNumberOne', 'Sup3rSecretGuessNumberTwo', PASSWORDS.admin];
    const answers: unknown[] = [];
    for (const credentialErrors of ['anonymous', 'wordpress'] as const) {
      await storeLegacyPasswords(site, 1, [storedPassword(legacy.hash)], legacy.settings);
      const rest = await server({
        users,
        store: site,
        credentialErrors,
        loginLimiter: { allowedRetries: 3 },
        onError: (error, where) => logged.push(error, where),
      });
      const me = (user: string, password: string) =>
        rest.handle({
          method: 'GET',
          url: '/wp-json/auth/v1/me',
          headers: basic(user, password),
          remoteAddress: `192.0.2.${credentialErrors === 'anonymous' ? 1 : 2}`,
        });
      // Busy, wrong, unknown, then locked out, and signed in.
      answers.push(...(await Promise.all([me('admin', secrets[0]!), me('admin', secrets[1]!)])));
      answers.push(await me('ghost', secrets[0]!), await me('admin', secrets[0]!), await me('admin', PASSWORDS.admin));
    }
    const statuses = answers.map((answer) => (answer as { status: number }).status);
    expect(new Set(statuses)).toEqual(new Set([200, 401, 429, 503]));
    const seen = JSON.stringify([answers, logged.map(String)]);
    for (const secret of secrets) {
      expect(seen).not.toContain(secret);
      expect(seen).not.toContain(Buffer.from(`admin:${secret}`).toString('base64'));
    }
  });
});
