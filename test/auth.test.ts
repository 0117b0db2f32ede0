import { describe, expect, it, vi } from 'vitest';
import {
  createAuthenticator,
  createRestServer,
  createUserStore,
  RestError,
  type NamespaceModule,
  type RestServerOptions,
  type RestUser,
  type SessionAuth,
} from '../src/index.js';

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
        { methods: 'DELETE', permission: (_request, { user }) => user?.can('delete_others_posts') ?? false, handler: () => ({ deleted: true }) },
      ],
    },
  ],
};

const PASSWORDS = { admin: 'AAAAbbbbCCCCddddEEEEffff', author: 'GGGGhhhhIIIIjjjjKKKKllll' };

async function store() {
  const users = createUserStore({
    users: [
      { username: 'admin', roles: ['administrator'], email: 'admin@example.test' },
      { username: 'author', roles: ['author'] },
    ],
    scrypt: { N: 1024 },
  });
  for (const [username, password] of Object.entries(PASSWORDS)) await users.createApplicationPassword(username, { name: 'tests', password });
  return users;
}

async function server(options: Partial<RestServerOptions> = {}) {
  return createRestServer({ site: SITE, namespaces: [whoami], users: await store(), onError: () => {}, ...options });
}

const basic = (user: string, password: string) => ({ Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

async function call(rest: Awaited<ReturnType<typeof server>>, method: string, url: string, headers: Record<string, string> = {}) {
  const answer = (await rest.handle({ method, url, headers }))!;
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
    for (const headers of [basic('admin', 'wrongwrongwrongwrong'), basic('ghost', PASSWORDS.admin), { Authorization: 'Basic %%%' }, { Authorization: 'Bearer abc' }]) {
      const me = await call(rest, 'GET', '/wp-json/auth/v1/me', headers);
      expect(me).toMatchObject({ status: 200, body: { id: 0 } });
      const write = await call(rest, 'POST', '/wp-json/auth/v1/drafts', headers);
      expect(write).toMatchObject({ status: 401, body: { code: 'rest_cannot_create' } });
    }
  });

  it("answers WordPress's 401 credential errors when the host opts in, never echoing the password", async () => {
    const rest = await server({ credentialErrors: 'wordpress' });
    const wrong = await call(rest, 'GET', '/wp-json/auth/v1/me', basic('admin', 'SuperSecretGuess123'));
    expect(wrong).toMatchObject({ status: 401, body: { code: 'incorrect_password', message: 'The provided password is an invalid application password.' } });
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
    const [item] = rest.users.listApplicationPasswords('admin');
    expect(rest.users.revokeApplicationPassword('admin', item!.uuid)).toBe(true);
    expect((await call(rest, 'GET', '/wp-json/auth/v1/me', basic('admin', PASSWORDS.admin))).body).toEqual({ id: 0 });
  });

  it("checks credentials through the host's verifyApplicationPassword when given", async () => {
    const hostUser: RestUser = { id: 42, username: 'host', can: () => true };
    const verify = vi.fn((username: string, password: string) => (username === 'host' && password === 'letmein' ? hostUser : null));
    const rest = await server({ verifyApplicationPassword: verify });
    expect((await call(rest, 'GET', '/wp-json/auth/v1/me', basic('host', 'letmein'))).body).toEqual({ id: 42 });
    expect(verify).toHaveBeenCalledWith('host', 'letmein');
    // The built-in store is not consulted when the host checks credentials itself.
    expect((await call(rest, 'GET', '/wp-json/auth/v1/me', basic('admin', PASSWORDS.admin))).body).toEqual({ id: 0 });
  });

  it('lets a host wrap the built-in schemes in its own authenticate hook', async () => {
    const users = await store();
    const builtIn = createAuthenticator({ verifyApplicationPassword: users.verifyApplicationPassword });
    const rest = await server({
      authenticate: (request, headers) => (request.headers['x-blocked'] ? new RestError('blocked', 'Blocked.', { status: 403 }) : builtIn(request, headers)),
    });
    expect((await call(rest, 'GET', '/wp-json/auth/v1/me', basic('admin', PASSWORDS.admin))).body).toEqual({ id: 1 });
    expect(await call(rest, 'GET', '/wp-json/auth/v1/me', { 'X-Blocked': '1' })).toMatchObject({ status: 403, body: { code: 'blocked' } });
  });
});

describe('the root index', () => {
  it('lists application passwords with the configured authorization URL', async () => {
    const index = async (options: Partial<RestServerOptions>) => (await call(await server(options), 'GET', '/wp-json/')).body.authentication;
    expect(await index({})).toEqual({ 'application-passwords': { endpoints: { authorization: 'http://example.test/wp-admin/authorize-application.php' } } });
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
    expect(bad).toMatchObject({ status: 403, body: { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } } });
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
    expect((await call(rest, 'OPTIONS', '/wp-json/auth/v1/drafts', basic('admin', PASSWORDS.admin))).headers.Allow).toBe('GET, POST, DELETE');
  });
});
