// `login-guard/v1` (Limit Login Attempts Reloaded's `llar/v1`): the MFA send-code route driven as
// LLAR's cloud drives it, with sessions opened as its login flow opens them, on the site store.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { capabilitiesOf } from '../src/core/auth/roles.js';
import {
  closeMfaSession,
  createRestServer,
  loginGuard,
  memoryStore,
  openMfaSession,
  variantB,
  verifyMfaCode,
  type LoginGuardOptions,
  type OutgoingMail,
  type RestServer,
  type RestUser,
  type SiteStore,
} from '../src/index.js';
import { pgliteStore } from '../src/store.js';
import { FIXTURES } from './helpers/peer.js';

const ROUTE = '/login-guard/v1/mfa/send-code';
const SITE = { name: 'Guard Site', url: 'https://www.guard.test', gmt_offset: '2' };

interface Answer {
  status: number;
  body: Record<string, unknown>;
}
const PLUGIN = JSON.parse(readFileSync(join(FIXTURES, 'login-guard', 'plugin-answers.json'), 'utf8')) as {
  sent: Answer;
  forbidden: Answer;
  providerNotAvailable: Answer;
  mailFailed: Answer;
  mail: { subject: string; codeLifetime: string; labels: string[] };
};

function userOf(id: number, ...roles: string[]): RestUser {
  const caps = capabilitiesOf(roles);
  return { id, username: roles[0] ?? 'nobody', can: (cap) => caps.has(cap) };
}

/** A server on `store` whose mail lands in `outbox`, unless the options send it elsewhere. */
function serverOn(store: SiteStore, outbox: OutgoingMail[], options: LoginGuardOptions = {}): RestServer {
  const sendMail = async (mail: OutgoingMail) => (outbox.push(mail), true);
  return createRestServer({ site: SITE, store, namespaces: [loginGuard({ sendMail, ...options })], onError: () => {} });
}

/** A fresh memory store with Alice, a server on it, and an MFA session opened for her. */
async function setup(options: LoginGuardOptions = {}, clock?: () => number) {
  const store = memoryStore(clock ? { now: clock } : {});
  const alice = await store.users.insert({ user_login: 'alice', user_email: 'alice@guard.test', roles: ['subscriber'] });
  const outbox: OutgoingMail[] = [];
  const rest = serverOn(store, outbox, options);
  const keys = await openMfaSession(store, { userId: alice.ID });
  return { store, rest, outbox, alice, ...keys };
}

function send(rest: RestServer, body: unknown, user: RestUser | null = null) {
  return rest.inject({ method: 'POST', path: ROUTE, body, user });
}

/** The code a verification mail carries (the big line of the body). */
function mailedCode(mail: OutgoingMail): string {
  return /letter-spacing:6px;font-weight:700">([^<]*)</.exec(mail.body)?.[1] ?? '';
}

describe('POST /login-guard/v1/mfa/send-code', () => {
  it('mails the session user a six-digit code, keeps only its keyed hash for 180 s, and answers {success: true}', async () => {
    const { store, rest, outbox, token, secret } = await setup();
    const answer = await send(rest, { token, secret, ip: '203.0.113.9', browser: 'Firefox 140', location: 'Lyon, France' });
    expect({ status: answer.status, body: answer.data }).toEqual(PLUGIN.sent);
    expect(outbox).toHaveLength(1);
    const [mail] = outbox as [OutgoingMail];
    expect(mail).toMatchObject({
      sender: 'WordPress <wordpress@guard.test>',
      recipient: 'alice@guard.test',
      subject: PLUGIN.mail.subject,
      useHtml: true,
    });
    const code = mailedCode(mail);
    expect(code).toMatch(/^\d{6}$/);
    for (const text of [PLUGIN.mail.codeLifetime, ...PLUGIN.mail.labels, 'www.guard.test', '203.0.113.9', 'Firefox 140', 'Lyon, France']) {
      expect(mail.body).toContain(text);
    }
    const kept = await store.transients.get(`llar_mfa_otp_${token}`);
    expect(kept).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(kept)).not.toContain(code);
    expect(JSON.stringify(answer.data)).not.toContain(code);
  });

  it('writes the time of the login at the site\u2019s GMT offset in LLAR\u2019s own format', async () => {
    const { rest, outbox, token, secret } = await setup({ now: () => Date.UTC(2026, 10, 25, 22, 5) });
    await send(rest, { token, secret });
    expect(outbox[0]?.body).toContain('<td>Time:</td><td>November 26, 2026 at 12:05 AM</td>');
  });

  it('mails and stores the code LLAR\u2019s cloud chooses when the request carries one', async () => {
    const { store, rest, outbox, token, secret } = await setup();
    expect((await send(rest, { token, secret, code: '918273' })).status).toBe(200);
    expect(mailedCode(outbox[0]!)).toBe('918273');
    expect(await verifyMfaCode(store, token, '918273')).toBe(true);
  });

  it('escapes and cuts the login facts as LLAR\u2019s mail does', async () => {
    const { rest, outbox, token, secret } = await setup();
    await send(rest, {
      token,
      secret,
      ip: 'not an ip <b>x</b>',
      browser: 'B'.repeat(600),
      location: 'Caf\u00e9 & "Bar"',
      code: ' 12 34<i>56</i>',
    });
    const body = outbox[0]!.body;
    expect(body).toContain('<td>IP Address:</td><td>not an ip x</td>');
    expect(body).toContain(`<td>Browser:</td><td>${'B'.repeat(500)}</td>`);
    expect(body).toContain('<td>Location:</td><td>Caf\u00e9 &amp; &quot;Bar&quot;</td>');
    expect(mailedCode(outbox[0]!)).toBe('123456');
  });

  it('answers a missing user {success: true} without mailing or keeping a code, so no one learns who has an account', async () => {
    const { store, rest, outbox, alice, token, secret } = await setup();
    await store.users.delete(alice.ID);
    const answer = await send(rest, { token, secret });
    expect({ status: answer.status, body: answer.data }).toEqual(PLUGIN.sent);
    expect(outbox).toEqual([]);
    expect(await store.transients.get(`llar_mfa_otp_${token}`)).toBeUndefined();
  });

  it('finds the user by login name when the session has no id, and keeps the code of one without an e-mail unmailed', async () => {
    const { store, rest, outbox } = await setup();
    await store.users.insert({ user_login: 'bob', user_email: '' });
    const { token, secret } = await openMfaSession(store, { username: 'BOB' });
    expect((await send(rest, { token, secret, code: '555111' })).data).toEqual({ success: true });
    expect(outbox).toEqual([]);
    expect(await verifyMfaCode(store, token, '555111')).toBe(true);
  });

  it('answers 500 "Provider not available" for a session of another provider', async () => {
    const { store, rest, token, secret } = await setup();
    const session = (await store.transients.get(`llar_mfa_session_${token}`)) as Record<string, unknown>;
    await store.transients.set(`llar_mfa_session_${token}`, { ...session, provider_id: 'sms' }, 600);
    const answer = await send(rest, { token, secret });
    expect({ status: answer.status, body: answer.data }).toEqual(PLUGIN.providerNotAvailable);
  });

  describe('refuses as LLAR does', () => {
    it.each([
      ['an empty token', (keys: { token: string; secret: string }) => ({ ...keys, token: '' })],
      ['an empty secret', (keys: { token: string; secret: string }) => ({ ...keys, secret: '' })],
      [
        'a wrong secret',
        // The last character changed for certain: a random secret ends in '0' one time in sixteen.
        (keys: { token: string; secret: string }) => ({
          ...keys,
          secret: `${keys.secret.slice(0, -1)}${keys.secret.endsWith('0') ? '1' : '0'}`,
        }),
      ],
      ['a secret of another length', (keys: { token: string; secret: string }) => ({ ...keys, secret: `${keys.secret}0` })],
      ['an unknown token', (keys: { token: string; secret: string }) => ({ ...keys, token: 'f'.repeat(64) })],
      ['a token too long to name a transient', (keys: { token: string; secret: string }) => ({ ...keys, token: 'a'.repeat(152) })],
      [
        'a token with a NUL',
        (keys: { token: string; secret: string }) => ({ ...keys, token: `${keys.token.slice(0, 8)}\u0000${keys.token.slice(8)}` }),
      ],
      ['a secret of a megabyte', (keys: { token: string; secret: string }) => ({ ...keys, secret: 's'.repeat(1 << 20) })],
      [
        'a token that is an array (sanitize_text_field makes it empty)',
        (keys: { token: string; secret: string }) => ({ ...keys, token: [keys.token] }),
      ],
    ])('403 "Forbidden" for %s, nothing mailed', async (_name, body) => {
      const { rest, outbox, token, secret } = await setup();
      const answer = await send(rest, body({ token, secret }));
      expect({ status: answer.status, body: answer.data }).toEqual(PLUGIN.forbidden);
      expect(outbox).toEqual([]);
    });

    it('403 "Forbidden" when the send-secret is there but the session is gone', async () => {
      const { store, rest, token, secret } = await setup();
      await store.transients.delete(`llar_mfa_session_${token}`);
      expect((await send(rest, { token, secret })).data).toEqual(PLUGIN.forbidden.body);
    });

    it('403 "Forbidden" once the session\u2019s ten minutes are over, and after closeMfaSession', async () => {
      let now = Date.UTC(2026, 0, 1);
      const { store, rest, token, secret } = await setup({}, () => now);
      now += 599_000;
      expect((await send(rest, { token, secret })).status).toBe(200);
      now += 2_000;
      expect((await send(rest, { token, secret })).status).toBe(403);
      const again = await openMfaSession(store, { username: 'alice' });
      await closeMfaSession(store, again.token);
      expect((await send(rest, again)).status).toBe(403);
    });
  });

  describe('validation, as WordPress answers it for args with a sanitize_callback', () => {
    it('400 rest_missing_callback_param without token or secret', async () => {
      const { rest, token } = await setup();
      const answer = await send(rest, { token });
      expect(answer.status).toBe(400);
      expect(answer.data).toEqual({
        code: 'rest_missing_callback_param',
        message: 'Missing parameter(s): secret',
        data: { status: 400, params: ['secret'] },
      });
    });

    it('400 rest_invalid_json for a body that is not JSON', async () => {
      const { rest } = await setup();
      const answer = await rest.inject({ method: 'POST', path: ROUTE, body: '{"token":', headers: { 'Content-Type': 'application/json' } });
      expect(answer.status).toBe(400);
      expect((answer.data as { code: string }).code).toBe('rest_invalid_json');
    });

    it('takes a number for a string (sanitize_text_field replaces the type check), so token 4711 is session "4711"', async () => {
      const { store, rest, outbox } = await setup();
      const keys = await openMfaSession(store, { userId: 1, token: '4711', secret: '0815' });
      expect((await send(rest, { token: 4711, secret: 815 })).status).toBe(403);
      expect((await send(rest, { token: 4711, secret: '0815' })).data).toEqual({ success: true });
      expect(outbox).toHaveLength(1);
      expect(keys).toEqual({ token: '4711', secret: '0815' });
    });
  });

  it('lets the secret decide, whoever is signed in: no role is refused or let through for its capabilities', async () => {
    const { rest, token, secret } = await setup({ maxSends: 10 });
    const roles = [null, userOf(4, 'subscriber'), userOf(3, 'author'), userOf(2, 'editor'), userOf(1, 'administrator')];
    for (const user of roles) {
      const wrong = await send(rest, { token, secret: 'nope' }, user);
      expect({ status: wrong.status, body: wrong.data }).toEqual(PLUGIN.forbidden);
      expect((await send(rest, { token, secret }, user)).status).toBe(200);
    }
  });

  describe('the mail service', () => {
    it('answers 500 "Failed to send email" without a sendMail, and keeps no code', async () => {
      const store = memoryStore();
      await store.users.insert({ user_login: 'alice', user_email: 'alice@guard.test' });
      const rest = createRestServer({ site: SITE, store, namespaces: [loginGuard()], onError: () => {} });
      const { token, secret } = await openMfaSession(store, { userId: 1 });
      const answer = await send(rest, { token, secret });
      expect({ status: answer.status, body: answer.data }).toEqual(PLUGIN.mailFailed);
      expect(await store.transients.get(`llar_mfa_otp_${token}`)).toBeUndefined();
    });

    it('answers a sendMail that throws as a failed send, without its text', async () => {
      const { rest, token, secret } = await setup({
        sendMail: async () => {
          throw new Error('SMTP said 554 for alice@guard.test');
        },
      });
      const answer = await send(rest, { token, secret });
      expect({ status: answer.status, body: answer.data }).toEqual(PLUGIN.mailFailed);
      expect(JSON.stringify(answer.data)).not.toContain('554');
    });

    it('answers a sendMail that never answers as a failed send once mailLimits.timeoutMs is over', async () => {
      const { rest, token, secret } = await setup({ sendMail: () => new Promise<boolean>(() => {}), mailLimits: { timeoutMs: 30 } });
      const answer = await send(rest, { token, secret });
      expect({ status: answer.status, body: answer.data }).toEqual(PLUGIN.mailFailed);
    });

    it('refuses a mailLimits that would never time out, at once', () => {
      expect(() => loginGuard({ mailLimits: { timeoutMs: 0 } })).toThrow(/loginGuard mailLimits timeoutMs/);
      expect(() => loginGuard({ maxSends: 0 })).toThrow(/loginGuard maxSends/);
    });
  });

  it('answers the sixth send of a token 429 llar_mfa_too_many_sends, counted by every server on the store', async () => {
    const { store, rest, outbox, token, secret } = await setup();
    const other = serverOn(store, outbox);
    for (const server of [rest, other, rest, other, rest]) expect((await send(server, { token, secret })).status).toBe(200);
    const sixth = await send(other, { token, secret });
    expect(sixth.status).toBe(429);
    expect(sixth.data).toEqual({
      code: 'llar_mfa_too_many_sends',
      message: 'Too many verification codes were sent for this login. Please log in again.',
      data: { status: 429 },
    });
    expect(outbox).toHaveLength(5);
    const fresh = await openMfaSession(store, { userId: 1 });
    expect((await send(rest, fresh)).status).toBe(200);
  });

  it('refuses the route in a batch, as WordPress refuses a route without allow_batch, and mails nothing', async () => {
    const { rest, outbox, token, secret } = await setup();
    const answer = await rest.inject({ method: 'POST', path: '/batch/v1', body: { requests: [{ path: ROUTE, body: { token, secret } }] } });
    expect(answer.status).toBe(207);
    expect((answer.data as { responses: Array<{ status: number; body: { code: string } }> }).responses).toEqual([
      expect.objectContaining({ status: 400, body: expect.objectContaining({ code: 'rest_batch_not_allowed' }) }),
    ]);
    expect(outbox).toEqual([]);
  });

  it('never puts the token, the secret or the code in an answer', async () => {
    const { rest, token, secret } = await setup({ maxSends: 1 });
    const bodies = [
      { token, secret, code: '246810' },
      { token, secret, code: '246810' },
      { token, secret: `${secret}x`, code: '246810' },
      { token, code: '246810' },
      { token: { token }, secret: [secret] },
    ];
    for (const body of bodies) {
      const text = JSON.stringify((await send(rest, body)).data);
      for (const credential of [token, secret, '246810']) expect(text).not.toContain(credential);
    }
  });
});

describe('MFA sessions for the host\u2019s login flow', () => {
  it('verifies the mailed code once, in constant time, and not a wrong one', async () => {
    const { store, rest, outbox, token, secret } = await setup();
    await send(rest, { token, secret });
    const code = mailedCode(outbox[0]!);
    for (const other of ['', 'x'.repeat(200), 'a\ud800b', ' spaced ']) expect(await verifyMfaCode(store, other, code)).toBe(false);
    expect(await verifyMfaCode(store, token, code)).toBe(true);
    expect(await verifyMfaCode(store, token, code)).toBe(false);
    await send(rest, { token, secret });
    const next = mailedCode(outbox[1]!);
    expect(await verifyMfaCode(store, token, next === '000000' ? '000001' : '000000')).toBe(false);
    expect(await verifyMfaCode(store, token, next)).toBe(false);
  });

  it('lets a code expire after 180 seconds', async () => {
    let now = Date.UTC(2026, 0, 1);
    const { store, rest, outbox, token, secret } = await setup({}, () => now);
    await send(rest, { token, secret });
    now += 181_000;
    expect(await verifyMfaCode(store, token, mailedCode(outbox[0]!))).toBe(false);
  });

  it('opens a session through one server\u2019s store that another server on the same store sends, and a third process verifies', async () => {
    const store = memoryStore();
    await store.users.insert({ user_login: 'carol', user_email: 'carol@guard.test' });
    const outbox: OutgoingMail[] = [];
    const first = createRestServer({ site: SITE, store, namespaces: variantB({ sendMail: async (mail) => (outbox.push(mail), true) }) });
    expect((await first.inject({ path: '/login-guard/v1' })).status).toBe(200);
    const keys = await openMfaSession(store, { username: 'carol' });
    const second = serverOn(store, outbox);
    expect((await send(second, keys)).status).toBe(200);
    expect(outbox.map((mail) => mail.recipient)).toEqual(['carol@guard.test']);
    expect(await verifyMfaCode(store, keys.token, mailedCode(outbox[0]!))).toBe(true);
  });

  it('refuses to open a session without a user, or with a token the route could never match', async () => {
    const store = memoryStore();
    await expect(openMfaSession(store, {})).rejects.toThrow(/userId .* or a username/);
    await expect(openMfaSession(store, { userId: 1, token: 'two words ' })).rejects.toThrow(/openMfaSession token/);
    await expect(openMfaSession(store, { userId: 1, token: 'x'.repeat(152) })).rejects.toThrow(/openMfaSession token/);
    await expect(openMfaSession(store, { userId: 1, secret: '' })).rejects.toThrow(/openMfaSession secret/);
  });
});

describe('login guard on PGlite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-rest-login-guard-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps sessions, send counts, code hashes and the salt across a restart', async () => {
    const dataDir = join(dir, 'data');
    const outbox: OutgoingMail[] = [];
    let store = await pgliteStore({ dataDir });
    await store.users.insert({ user_login: 'dave', user_email: 'dave@guard.test' });
    const keys = await openMfaSession(store, { username: 'dave' });
    expect((await send(serverOn(store, outbox, { maxSends: 2 }), { ...keys, code: '111111' })).status).toBe(200);
    await store.close();

    store = await pgliteStore({ dataDir });
    try {
      const rest = serverOn(store, outbox, { maxSends: 2 });
      expect((await send(rest, { ...keys, code: '222222' })).status).toBe(200);
      expect((await send(rest, keys)).status).toBe(429);
      expect(await verifyMfaCode(store, keys.token, '222222')).toBe(true);
    } finally {
      await store.close();
    }
  });
});
