// The extension points where WordPress has filters: onRequest (rest_pre_dispatch), beforeHandler
// (rest_request_before_callbacks), afterHandler (rest_request_after_callbacks) and onResponse
// (rest_post_dispatch), for top-level requests and batch items, and what onError is told.
import { describe, expect, it } from 'vitest';
import {
  createRestServer,
  respond,
  restError,
  RestResponse,
  type ErrorInfo,
  type NamespaceModule,
  type RestServerOptions,
} from '../src/index.js';

const SITE = { name: 'Hooks', url: 'http://hooks.test' };

const items: NamespaceModule = {
  namespace: 'shop/v1',
  routes: [
    {
      path: '/items/(?P<id>\\d+)',
      allowBatch: { v1: true },
      endpoints: [
        {
          methods: ['GET'],
          permission: 'public',
          args: { id: { type: 'integer' } },
          handler: (request) => ({ id: request.params.id, seen: request.state.seen ?? null }),
        },
        { methods: ['POST'], permission: 'public', handler: (request) => ({ id: Number(request.urlParams.id), updated: true }) },
      ],
    },
    { path: '/boom', endpoints: [{ methods: ['GET'], permission: 'public', handler: () => ({ ok: true }) }] },
  ],
};

function site(options: Partial<RestServerOptions> = {}) {
  const reported: Array<[string, ErrorInfo]> = [];
  const rest = createRestServer({
    site: SITE,
    namespaces: [items],
    onError: (error, info) => reported.push([String((error as Error).message), info]),
    ...options,
  });
  return { rest, reported };
}

/** A request id and a timing header, added through the hooks and request.state as a host would. */
const observability: Partial<RestServerOptions> = {
  onRequest: (request) => {
    request.state.id = `req-${request.route.length}`;
    request.state.started = performance.now();
  },
  onResponse: (response, request) => {
    response.header('X-Request-Id', String(request.state.id));
    response.header('Server-Timing', `app;dur=${(performance.now() - Number(request.state.started)).toFixed(1)}`);
  },
};

describe('hooks', () => {
  it('add a request id and a Server-Timing header, request.state carrying them from onRequest to onResponse', async () => {
    const { rest } = site(observability);
    const answer = await rest.inject({ path: '/shop/v1/items/7' });
    expect(answer.status).toBe(200);
    expect(answer.headers['X-Request-Id']).toBe('req-16');
    expect(answer.headers['Server-Timing']).toMatch(/^app;dur=\d+\.\d$/);
  });

  it('share request.state between onRequest, beforeHandler and the handler', async () => {
    const { rest } = site({
      onRequest: (request) => void (request.state.seen = 'onRequest'),
      beforeHandler: (request) => void (request.state.seen = `${String(request.state.seen)}+beforeHandler`),
    });
    expect((await rest.inject({ path: '/shop/v1/items/7' })).data).toEqual({ id: 7, seen: 'onRequest+beforeHandler' });
  });

  it('let onRequest answer in place of routing, with a response or an error', async () => {
    const { rest } = site({
      onRequest: (request) => (request.headers['x-maintenance'] ? restError('maintenance', 'Down for maintenance.', 503) : undefined),
    });
    expect(await rest.inject({ path: '/shop/v1/items/7', headers: { 'X-Maintenance': '1' } })).toMatchObject({
      status: 503,
      data: { code: 'maintenance', data: { status: 503 } },
    });
    expect((await rest.inject({ path: '/shop/v1/nowhere' })).status).toBe(404);
    const cached = site({ onRequest: () => respond({ cached: true }) });
    expect((await cached.rest.inject({ path: '/shop/v1/nowhere' })).data).toEqual({ cached: true });
  });

  it('run beforeHandler only after the args passed, and let it skip the permission check and handler', async () => {
    const calls: string[] = [];
    const { rest } = site({
      beforeHandler: (request) => (
        calls.push(request.matchedRoute),
        request.method === 'POST' ? restError('read_only', 'Read-only today.', 403) : undefined
      ),
    });
    expect((await rest.inject({ method: 'POST', path: '/shop/v1/items/7' })).data).toMatchObject({ code: 'read_only' });
    expect((await rest.inject({ path: '/shop/v1/items/7', query: { id: 'x' } })).status).toBe(400);
    expect(calls).toEqual(['/shop/v1/items/(?P<id>\\d+)']);
  });

  it('let afterHandler replace the answer, errors included, before Allow and _fields', async () => {
    const { rest } = site({
      afterHandler: (response) => (response.status === 200 ? new RestResponse({ ...(response.data as object), wrapped: true }) : undefined),
    });
    const answer = await rest.inject({ path: '/shop/v1/items/7', query: { _fields: 'wrapped' } });
    expect(answer.data).toEqual({ wrapped: true });
    expect(answer.headers.Allow).toBe('GET, POST');
  });

  it('run async hooks in order', async () => {
    const order: string[] = [];
    const { rest } = site({
      onRequest: async () => void order.push('onRequest'),
      beforeHandler: async () => void order.push('beforeHandler'),
      afterHandler: async () => void order.push('afterHandler'),
      onResponse: async () => void order.push('onResponse'),
    });
    expect((await rest.inject({ path: '/shop/v1/items/7' })).status).toBe(200);
    expect(order).toEqual(['onRequest', 'beforeHandler', 'afterHandler', 'onResponse']);
  });

  it('answer the generic 500 for a hook that throws or rejects, reporting phase, method and route', async () => {
    for (const hook of [
      () => {
        throw new Error('hook at 10.0.0.9 failed');
      },
      async () => Promise.reject(new Error('hook at 10.0.0.9 failed')),
    ]) {
      for (const name of ['onRequest', 'beforeHandler', 'afterHandler', 'onResponse'] as const) {
        const { rest, reported } = site({ [name]: hook });
        const answer = await rest.inject({ path: '/shop/v1/items/7' });
        expect(answer.status, name).toBe(500);
        expect(answer.data).toMatchObject({ code: 'internal_server_error' });
        expect(answer.body).not.toContain('10.0.0.9');
        expect(reported).toHaveLength(1);
        expect(reported[0]![1]).toMatchObject({ phase: 'hook', method: 'GET' });
      }
    }
  });

  it('run onRequest and onResponse for each batch item as well as for the batch itself', async () => {
    const seen: string[] = [];
    const { rest } = site({
      onRequest: (request) => void seen.push(`${request.method} ${request.route}`),
      onResponse: (response) => void response.header('X-Seen', 'yes'),
    });
    const answer = await rest.inject({
      method: 'POST',
      path: '/batch/v1',
      body: { requests: [{ path: '/shop/v1/items/1' }, { path: '/shop/v1/items/2', method: 'POST' }] },
    });
    expect(answer.status).toBe(207);
    expect(seen).toEqual(['POST /batch/v1', 'POST /shop/v1/items/1', 'POST /shop/v1/items/2']);
    const responses = (answer.data as { responses: Array<{ headers: Record<string, string> }> }).responses;
    expect(responses.map((item) => item.headers['X-Seen'])).toEqual(['yes', 'yes']);
    expect(answer.headers['X-Seen']).toBe('yes');
  });

  it('refuse a hook option that is not a function at creation', () => {
    expect(() => site({ onRequest: 'log' as never })).toThrow(/options\.onRequest must be a function/);
  });
});

describe('onError', () => {
  it('is told the phase, method and matched route of a failing handler, never its parameters', async () => {
    const failing: NamespaceModule = {
      namespace: 'fail/v1',
      routes: [
        { path: '/now', endpoints: [{ methods: ['GET'], permission: 'public', handler: () => Promise.reject(new Error('disk full')) }] },
      ],
    };
    const reported: ErrorInfo[] = [];
    const rest = createRestServer({ site: SITE, namespaces: [failing], onError: (_error, info) => reported.push(info) });
    await rest.inject({ path: '/fail/v1/now', query: { password: 'hunter2' } });
    expect(reported).toEqual([{ level: 'error', phase: 'handler', method: 'GET', route: '/fail/v1/now' }]);
  });
});
