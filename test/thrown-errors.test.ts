// What a thrown error answers: a 4xx thrown on purpose (http-errors, or any Error with a status)
// is a WordPress-shaped error with its own code, reported to onError at debug level only; a 5xx
// keeps its status but says no more than the one generic 500, which answers anything else thrown,
// whatever path it took; both are reported at error level.
import createError from 'http-errors';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createRestServer,
  type ErrorInfo,
  type NamespaceModule,
  type RawResponse,
  type RestServer,
  type RestServerOptions,
} from '../src/index.js';
import { createUserStore } from '../src/node.js';
import { ADAPTER_NAMES, mountAdapter, type Mounted } from './helpers/adapters.js';

const SITE = { name: 'Throws', url: 'http://throws.test' };

const CRITICAL = 'There has been a critical error on this website.';

/** A status-carrying Error that is not an http-errors one. */
const withStatus = (message: string, fields: Record<string, unknown>): Error => Object.assign(new Error(message), fields);

/** What each `/throws/v1/{name}` handler throws. */
const THROWN: Record<string, () => unknown> = {
  'not-found': () => createError(404),
  conflict: () => createError(409, 'That slug is taken.'),
  'too-many': () => createError(429),
  'bad-status-code': () => withStatus('row 17 of table secrets failed', { statusCode: 400 }),
  'exposed-status': () => withStatus('The title is required.', { status: 422, expose: true }),
  'unnamed-4xx': () => withStatus('nope', { status: 499 }),
  'status-500': () => withStatus('connection to db-7 refused', { status: 500 }),
  'service-unavailable': () => createError(503, 'db-7 is down'),
  'unnamed-5xx': () => withStatus('db-7 is odd', { status: 599, expose: true }),
  plain: () => new Error('disk full'),
};

const throwing: NamespaceModule = {
  namespace: 'throws/v1',
  routes: [
    ...Object.entries(THROWN).map(([name, make]) => ({
      path: `/${name}`,
      endpoints: [
        {
          methods: ['GET', 'POST'] as const,
          permission: 'public' as const,
          allowBatch: { v1: true },
          handler: () => {
            throw make();
          },
        },
      ],
    })),
    {
      path: '/async-not-found',
      endpoints: [{ methods: ['GET'], permission: 'public', handler: () => Promise.reject(createError(404, 'No such order.')) }],
    },
    {
      path: '/guarded',
      endpoints: [
        {
          methods: ['GET'],
          permission: () => {
            throw createError(403, 'Orders are closed today.');
          },
          handler: () => ({ ok: true }),
        },
      ],
    },
    {
      path: '/bigint',
      endpoints: [{ methods: ['GET'], permission: 'public', handler: () => ({ n: 1n }) }],
    },
    {
      path: '/me',
      endpoints: [
        { methods: ['GET'], permission: 'public', handler: (_request, { user }) => ({ id: user?.id ?? 0 }) },
        { methods: ['POST'], permission: 'edit_posts', handler: () => ({ ok: true }) },
      ],
    },
  ],
};

function site(reported: Array<[unknown, ErrorInfo]>, extra: Partial<RestServerOptions> = {}): RestServer {
  return createRestServer({ site: SITE, namespaces: [throwing], onError: (error, info) => reported.push([error, info]), ...extra });
}

describe('a 4xx thrown by a handler', () => {
  const reported: Array<[unknown, ErrorInfo]> = [];
  const rest = site(reported);
  afterEach(() => void reported.splice(0));

  it.each([
    ['not-found', 404, 'rest_not_found', 'Not Found'],
    ['conflict', 409, 'rest_conflict', 'That slug is taken.'],
    ['too-many', 429, 'rest_too_many_requests', 'Too Many Requests'],
    ['exposed-status', 422, 'rest_unprocessable_entity', 'The title is required.'],
    ['unnamed-4xx', 499, 'rest_client_error', 'Client Error'],
  ])('answers %s as WordPress would shape it: %i %s', async (name, status, code, message) => {
    const answer = await rest.inject({ path: `/throws/v1/${name}` });
    expect(answer.status).toBe(status);
    expect(answer.data).toEqual({ code, message, data: { status } });
  });

  it("shows a plain Error's status but not its message, which may say anything of the host", async () => {
    const answer = await rest.inject({ path: '/throws/v1/bad-status-code' });
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ code: 'rest_bad_request', message: 'Bad Request', data: { status: 400 } });
    expect(answer.body).not.toContain('secrets');
  });

  it('answers a rejected promise the same way', async () => {
    const answer = await rest.inject({ path: '/throws/v1/async-not-found' });
    expect(answer.data).toEqual({ code: 'rest_not_found', message: 'No such order.', data: { status: 404 } });
  });

  it('answers a permission check that throws a 403 with that 403', async () => {
    const answer = await rest.inject({ path: '/throws/v1/guarded' });
    expect(answer.status).toBe(403);
    expect(answer.data).toEqual({ code: 'rest_forbidden', message: 'Orders are closed today.', data: { status: 403 } });
    expect(reported.map(([, info]) => info)).toEqual([{ level: 'debug', phase: 'permission', method: 'GET', route: '/throws/v1/guarded' }]);
  });

  it('is reported to onError at debug level, with where it happened', async () => {
    await rest.inject({ path: '/throws/v1/not-found' });
    expect(reported).toHaveLength(1);
    expect(reported[0]![0]).toBeInstanceOf(createError.HttpError);
    expect(reported[0]![1]).toEqual({ level: 'debug', phase: 'handler', method: 'GET', route: '/throws/v1/not-found' });
  });

  it('answers a batch item with its own status and code', async () => {
    const answer = await rest.inject<{ responses: Array<{ status: number; body: unknown }> }>({
      method: 'POST',
      path: '/batch/v1',
      body: { requests: [{ path: '/throws/v1/not-found' }, { path: '/throws/v1/conflict' }] },
    });
    expect(answer.status).toBe(207);
    expect(answer.data.responses.map(({ status, body }) => ({ status, body }))).toEqual([
      { status: 404, body: { code: 'rest_not_found', message: 'Not Found', data: { status: 404 } } },
      { status: 409, body: { code: 'rest_conflict', message: 'That slug is taken.', data: { status: 409 } } },
    ]);
    expect(reported.map(([, info]) => info.level)).toEqual(['debug', 'debug']);
  });

  it('answers a hook that throws one with it', async () => {
    const hooked = site(reported, {
      onRequest: () => {
        throw createError(404, 'Closed for maintenance.');
      },
    });
    const answer = await hooked.inject({ path: '/throws/v1/plain' });
    expect(answer.data).toEqual({ code: 'rest_not_found', message: 'Closed for maintenance.', data: { status: 404 } });
    expect(reported[0]![1]).toMatchObject({ level: 'debug', phase: 'hook' });
  });
});

describe('anything else thrown', () => {
  const reported: Array<[unknown, ErrorInfo]> = [];
  const rest = site(reported);
  afterEach(() => void reported.splice(0));

  it('keeps the status of a 5xx thrown on purpose, saying no more than the generic 500', async () => {
    const answer = await rest.inject({ path: '/throws/v1/service-unavailable' });
    expect(answer.status).toBe(503);
    expect(answer.data).toEqual({ code: 'rest_service_unavailable', message: CRITICAL, data: { status: 503 } });
    expect(answer.body).not.toContain('db-7');
    expect(reported.map(([, info]) => info.level)).toEqual(['error']);
  });

  it.each(['status-500', 'unnamed-5xx', 'plain'])('answers %s with the generic 500, reported at error level', async (name) => {
    const answer = await rest.inject({ path: `/throws/v1/${name}` });
    expect(answer.status).toBe(500);
    expect(answer.data).toEqual({ code: 'internal_server_error', message: CRITICAL, data: { status: 500 } });
    expect(answer.body).not.toMatch(/db-7|disk/);
    expect(reported.map(([, info]) => info)).toEqual([{ level: 'error', phase: 'handler', method: 'GET', route: `/throws/v1/${name}` }]);
  });

  it('answers the same internal_server_error from a handler, a batch item, a hook, authentication and encoding', async () => {
    const failing = site(reported, {
      onResponse: (_response, request) => {
        if (request.route === '/throws/v1/me') throw new Error('hook broke');
      },
      authenticate: (request) => {
        if (request.headers.authorization) throw new Error('auth broke');
        return null;
      },
    });
    const answers = [
      await failing.inject({ path: '/throws/v1/plain' }),
      await failing.inject({ path: '/throws/v1/bigint' }),
      await failing.inject({ path: '/throws/v1/me' }),
      await failing.inject({ path: '/throws/v1/me', headers: { authorization: 'Bearer x' } }),
    ];
    const batch = await rest.inject<{ responses: Array<{ body: unknown }> }>({
      method: 'POST',
      path: '/batch/v1',
      body: { requests: [{ path: '/throws/v1/plain' }] },
    });
    const generic = { code: 'internal_server_error', message: CRITICAL, data: { status: 500 } };
    for (const answer of answers) expect(answer.data).toEqual(generic);
    expect(batch.data.responses[0]!.body).toEqual(generic);
    expect(reported.map(([, info]) => `${info.level} ${info.phase}`)).toEqual([
      'error handler',
      'error encode',
      'error hook',
      'error authenticate',
      'error handler',
    ]);
  });
});

describe('the default error log', () => {
  it('writes the unexpected errors and leaves the thrown 4xx out', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const rest = createRestServer({ site: SITE, namespaces: [throwing] });
      await rest.inject({ path: '/throws/v1/not-found' });
      await rest.inject({ path: '/throws/v1/bad-status-code' });
      expect(log).not.toHaveBeenCalled();
      await rest.inject({ path: '/throws/v1/plain' });
      expect(log).toHaveBeenCalledTimes(1);
      expect(String(log.mock.calls[0]![0])).toContain('handler of GET /throws/v1/plain');
    } finally {
      log.mockRestore();
    }
  });
});

describe.each(ADAPTER_NAMES)('a thrown 4xx through the %s adapter', (adapter) => {
  let mounted: Mounted;
  const reported: Array<[unknown, ErrorInfo]> = [];
  beforeAll(async () => {
    mounted = await mountAdapter(adapter, site(reported));
  });
  afterAll(() => mounted.close());

  it('answers its status and code, reported at debug level', async () => {
    const response = await fetch(`http://127.0.0.1:${mounted.port}/wp-json/throws/v1/conflict`);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ code: 'rest_conflict', message: 'That slug is taken.', data: { status: 409 } });
    expect(reported.map(([, info]) => info.level)).toEqual(['debug']);
  });
});

describe('credentials that were not accepted', () => {
  const PASSWORD = 'kZKIhCndji97rYwLofhTiSMU';
  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  let users: Awaited<ReturnType<typeof createUserStore>>;
  beforeAll(async () => {
    users = await createUserStore({ users: [{ username: 'ada', roles: ['editor'] }] });
    await users.createApplicationPassword('ada', { name: 'test', password: PASSWORD });
  });

  const ask = async (rest: RestServer, method: string, authorization?: string): Promise<RawResponse> =>
    (await rest.handle({
      method,
      url: '/wp-json/throws/v1/me',
      headers: authorization === undefined ? {} : { authorization },
      remoteAddress: '192.0.2.1',
    }))!;
  const rejection = (answer: RawResponse) => answer.headers['X-Credentials-Rejected'];

  it.each([
    ['a wrong password', () => basic('ada', 'ruPGX7eXSzCnJmaoc568688l')],
    ['an unknown user', () => basic('nobody', PASSWORD)],
    ['a malformed Basic value', () => 'Basic !!!'],
    ['another scheme', () => 'Bearer abc'],
  ])("answer %s as anonymous, WordPress's body unchanged, saying so in a header", async (_what, authorization) => {
    const rest = createRestServer({ site: SITE, namespaces: [throwing], users, onError: () => {} });
    const write = await ask(rest, 'POST', authorization());
    expect(write.status).toBe(401);
    expect(JSON.parse(write.body)).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 401 },
    });
    expect(rejection(write)).toBe('The credentials sent were not accepted; the request was answered as anonymous.');
    const read = await ask(rest, 'GET', authorization());
    expect(JSON.parse(read.body)).toEqual({ id: 0 });
    expect(rejection(read)).toBeDefined();
  });

  it('say nothing of credentials on a request without any, or with good ones', async () => {
    const rest = createRestServer({ site: SITE, namespaces: [throwing], users, onError: () => {} });
    const anonymous = await ask(rest, 'POST');
    expect(anonymous.status).toBe(401);
    expect(rejection(anonymous)).toBeUndefined();
    const signedIn = await ask(rest, 'POST', basic('ada', PASSWORD));
    expect(signedIn.status).toBe(200);
    expect(rejection(signedIn)).toBeUndefined();
  });

  it("answer WordPress's incorrect_password with credentialErrors: 'wordpress'", async () => {
    const rest = createRestServer({ site: SITE, namespaces: [throwing], users, credentialErrors: 'wordpress', onError: () => {} });
    const answer = await ask(rest, 'GET', basic('ada', 'ruPGX7eXSzCnJmaoc568688l'));
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'incorrect_password' });
    expect(rejection(answer)).toBeUndefined();
  });
});
