import { describe, expect, it } from 'vitest';
import {
  createRestServer,
  RestError,
  type ErrorInfo,
  type NamespaceModule,
  type RawResponse,
  type RestServerOptions,
} from '../src/index.js';

const SITE = { name: 'Async Site', url: 'http://example.test' };

/** Routes whose permission checks and handlers are sync or async, to mix in one request. */
const mixed: NamespaceModule = {
  namespace: 'mixed/v1',
  routes: [
    {
      path: '/sync',
      endpoints: [{ methods: 'GET', permission: 'public', handler: () => ({ sync: true }) }],
    },
    {
      path: '/async-handler',
      endpoints: [{ methods: 'GET', permission: 'public', handler: async () => ({ async: true }) }],
    },
    {
      path: '/async-permission',
      endpoints: [{ methods: 'GET', permission: async () => true, handler: () => ({ allowed: true }) }],
    },
    {
      path: '/rejecting-permission',
      endpoints: [
        { methods: 'GET', permission: async () => Promise.reject(new Error('ldap://10.0.0.9 unreachable')), handler: () => ({}) },
      ],
    },
    {
      path: '/rejecting-handler',
      endpoints: [{ methods: 'GET', permission: 'public', handler: async () => Promise.reject(new Error('db password hunter2 rejected')) }],
    },
    {
      path: '/allow-order',
      endpoints: [
        { methods: 'GET', permission: 'public', handler: () => ({ ok: true }) },
        { methods: 'POST', permission: async () => true, handler: () => ({}) },
        { methods: 'PUT', permission: () => false, handler: () => ({}) },
        { methods: 'PATCH', permission: () => true, handler: () => ({}) },
        { methods: 'DELETE', permission: async () => new RestError('rest_forbidden', 'No.', { status: 403 }), handler: () => ({}) },
      ],
    },
  ],
};

function serverWith(extra: Partial<RestServerOptions> = {}) {
  const errors: string[] = [];
  const onError = (_error: unknown, { phase, method, route }: ErrorInfo) => errors.push([phase, method, route].filter(Boolean).join(' '));
  const server = createRestServer({ site: SITE, namespaces: [mixed], onError, ...extra });
  return { server, errors };
}

async function get(
  options: ReturnType<typeof serverWith>,
  path: string,
): Promise<RawResponse & { json: { code?: string; message?: string } }> {
  const answer = (await options.server.handle({ method: 'GET', url: `/wp-json/mixed/v1${path}`, headers: {} }))!;
  return { ...answer, json: JSON.parse(answer.body) };
}

describe('the request pipeline', () => {
  it('answers synchronously when no hook, permission check or handler on the way is async', () => {
    const { server } = serverWith();
    const answer = server.handle({ method: 'GET', url: '/wp-json/mixed/v1/sync', headers: {} });
    expect(answer).not.toBeInstanceOf(Promise);
    expect((answer as RawResponse).body).toBe('{"sync":true}');
  });

  it('waits for an async handler, permission check or authenticate hook', async () => {
    const asyncAuth = serverWith({ authenticate: async () => null });
    const pending = asyncAuth.server.handle({ method: 'GET', url: '/wp-json/mixed/v1/sync', headers: {} });
    expect(pending).toBeInstanceOf(Promise);
    expect((await pending)!.body).toBe('{"sync":true}');

    const plain = serverWith();
    expect((await get(plain, '/async-handler')).json).toEqual({ async: true });
    expect((await get(plain, '/async-permission')).json).toEqual({ allowed: true });
  });

  it('turns a rejected permission check or handler into a generic 500, reported and never shown', async () => {
    const options = serverWith();
    for (const path of ['/rejecting-permission', '/rejecting-handler']) {
      const answer = await get(options, path);
      expect(answer.status).toBe(500);
      expect(answer.json.code).toBe('internal_server_error');
      expect(answer.body).not.toMatch(/10\.0\.0\.9|hunter2/);
    }
    expect(options.errors).toEqual(['permission GET /mixed/v1/rejecting-permission', 'handler GET /mixed/v1/rejecting-handler']);
  });

  it('lists Allow methods in route order whichever checks are async', async () => {
    const answer = await get(serverWith(), '/allow-order');
    expect(answer.headers.Allow).toBe('GET, POST, PATCH');
  });

  it('answers an error an authenticate hook returns, throws or rejects with', async () => {
    const refusing = serverWith({ authenticate: () => new RestError('rest_cookie_invalid_nonce', 'Cookie check failed', { status: 403 }) });
    expect((await get(refusing, '/sync')).json.code).toBe('rest_cookie_invalid_nonce');

    for (const authenticate of [
      () => {
        throw new Error('token store at 10.0.0.9 down');
      },
      async () => Promise.reject(new Error('token store at 10.0.0.9 down')),
    ]) {
      const failing = serverWith({ authenticate });
      const answer = await get(failing, '/sync');
      expect(answer.status).toBe(500);
      expect(answer.body).not.toContain('10.0.0.9');
      expect(failing.errors).toEqual(['authenticate']);
    }
  });
});
