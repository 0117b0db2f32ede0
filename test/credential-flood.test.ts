// A flood of bad Basic credentials (50 requests/s) beside a legitimate client: the client keeps
// signing in, the flooding address is locked out, and nothing answers other than 200 or 429 (every
// password is in the fast format, so no check ever waits in the queue of older hashes).
// The client's latency under the flood against its quiet latency is a timing, so it is measured by
// `node bench/credential-flood.mjs`, not asserted here.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRestServer, type NamespaceModule, type RawRequest, type RestServer } from '../src/index.js';
import { createUserStore } from '../src/node.js';

const whoami: NamespaceModule = {
  namespace: 'auth/v1',
  routes: [{ path: '/me', endpoints: [{ methods: 'GET', permission: 'public', handler: (_r, { user }) => ({ id: user?.id ?? 0 }) }] }],
};

const REAL_USERS = ['admin', 'author', 'subscriber'];
const ADMIN_PASSWORD = 'N2UoulvilEScAlNTzPFW2PTU';
const FLOOD_PER_SECOND = 50;
const ADMIN_ADDRESS = '198.51.100.7';

const basic = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

async function site(): Promise<RestServer> {
  const users = await createUserStore({ users: REAL_USERS.map((username) => ({ username, roles: ['administrator'] })) });
  for (const username of REAL_USERS)
    await users.createApplicationPassword(username, { name: 'app', password: username === 'admin' ? ADMIN_PASSWORD : undefined });
  return createRestServer({ site: { name: 'Flood', url: 'http://flood.test' }, namespaces: [whoami], users, onError: () => {} });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The admin's own request: who it was answered as. */
async function legitimate(rest: RestServer): Promise<unknown> {
  const answer = await rest.handle({
    method: 'GET',
    url: '/wp-json/auth/v1/me',
    headers: basic('admin', ADMIN_PASSWORD),
    remoteAddress: ADMIN_ADDRESS,
  });
  return JSON.parse(answer!.body);
}

/** The admin's answers over `tries` tries, `gapMs` apart. */
async function tries(rest: RestServer, count: number, gapMs: number): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (let i = 0; i < count; i++) {
    answers.push(await legitimate(rest));
    await sleep(gapMs);
  }
  return answers;
}

/** Runs `during` while bad credentials arrive at a steady 50 per second; then waits for all their answers. */
async function underFlood<T>(
  rest: RestServer,
  flood: (n: number) => RawRequest,
  during: () => Promise<T>,
): Promise<{ result: T; statuses: number[] }> {
  const started = performance.now();
  const answers: Array<Promise<number>> = [];
  const ticker = setInterval(() => {
    const due = Math.floor(((performance.now() - started) * FLOOD_PER_SECOND) / 1000);
    while (answers.length < due) answers.push(Promise.resolve(rest.handle(flood(answers.length))).then((answer) => answer!.status));
  }, 5);
  let result: T;
  try {
    result = await during();
  } finally {
    clearInterval(ticker);
  }
  return { result, statuses: await Promise.all(answers) };
}

/** A bad credential: every third one names a real user, the others made-up users. */
function badCredential(n: number, remoteAddress: string): RawRequest {
  const username = n % 3 === 0 ? REAL_USERS[(n / 3) % REAL_USERS.length]! : `user-${randomBytes(4).toString('hex')}`;
  return { method: 'GET', url: '/wp-json/auth/v1/me', headers: basic(username, randomBytes(12).toString('hex')), remoteAddress };
}

const randomAddress = () => `203.0.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

describe('a flood of bad Basic credentials beside a legitimate client', () => {
  it('keeps signing the legitimate client in, flooded from one address or from many', async () => {
    const rest = await site();
    const fromOne = await underFlood(
      rest,
      (n) => badCredential(n, '203.0.113.9'),
      () => tries(rest, 9, 80),
    );
    const fromMany = await underFlood(
      rest,
      (n) => badCredential(n, randomAddress()),
      () => tries(rest, 15, 100),
    );

    for (const { result } of [fromOne, fromMany]) expect(result).toEqual(result.map(() => ({ id: 1 })));

    // The single address is soon locked out: its failures are answered 429.
    expect(fromOne.statuses.filter((status) => status === 429).length).toBeGreaterThan(fromOne.statuses.length / 2);
    // Made-up users are anonymous (200), as real ones are, until their address is locked out (429).
    for (const { statuses } of [fromOne, fromMany]) expect(statuses.every((status) => [200, 429].includes(status))).toBe(true);
  }, 30_000);
});
