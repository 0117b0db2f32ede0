import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import { createRequest, createResponse, type RequestOptions } from 'node-mocks-http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKoaMiddleware } from '../src/adapters/koa.js';
import { createRestServer, respond, type NamespaceModule, type RestServer } from '../src/index.js';

const BIG = Array.from({ length: 3000 }, (_, id) => ({ id, title: `Item number ${id}`, note: 'ünïcødé ✓' }));

const shop: NamespaceModule = {
  namespace: 'shop/v1',
  routes: [
    {
      path: '/items',
      endpoints: [
        {
          methods: 'POST',
          permission: 'public',
          args: { name: { type: 'string', required: true }, a: { type: 'array', items: { type: 'integer' } } },
          handler: (request) => request.params,
        },
        { methods: 'GET', permission: 'public', handler: () => ({ ok: true }) },
      ],
    },
    { path: '/big', endpoints: [{ methods: 'GET', permission: 'public', handler: () => BIG }] },
    { path: '/nothing', endpoints: [{ methods: 'GET', permission: 'public', handler: () => null }] },
    { path: '/gone', endpoints: [{ methods: 'DELETE', permission: 'public', handler: () => respond(null, 204) }] },
    {
      path: '/boom',
      endpoints: [
        {
          methods: 'GET',
          permission: 'public',
          handler: () => {
            throw new Error('secret database password in message');
          },
        },
      ],
    },
  ],
};

const rest = createRestServer({ site: { name: 'Koa Site', url: 'http://example.test' }, namespaces: [shop], onError: () => {} });

/** A Koa context over node-mocks-http objects, as Koa sets one up for a real request. */
function mockContext(options: RequestOptions) {
  const req = createRequest<IncomingMessage>({ eventEmitter: EventEmitter, ...options });
  const res = createResponse<ServerResponse>({ eventEmitter: EventEmitter, req });
  // Koa's request handler starts every response at 404; createContext alone does not.
  res.statusCode = 404;
  return { ctx: new Koa().createContext(req, res), req, res };
}

const noNext = async (): Promise<void> => {
  throw new Error('next() must not be called for an API URL');
};

function bodyOf(ctx: { body: unknown }): unknown {
  expect(typeof ctx.body).toBe('string');
  return JSON.parse(ctx.body as string);
}

describe('site-rest/koa on a Koa context', () => {
  const middleware = createKoaMiddleware(rest);

  it('passes a URL outside the API to next() with only the discovery Link header added', async () => {
    const { ctx, res } = mockContext({ method: 'GET', url: '/about?x=1' });
    const next = vi.fn(async () => {});
    await middleware(ctx, next);
    expect(next).toHaveBeenCalledOnce();
    expect(ctx.status).toBe(404);
    expect(ctx.body).toBeUndefined();
    expect(res.getHeaderNames()).toEqual(['link']);
    expect(res.getHeader('link')).toBe('<http://example.test/wp-json/>; rel="https://api.w.org/"');
    expect(res._isEndCalled()).toBe(false);
  });

  it('uses a body parsed upstream once the request stream has ended', async () => {
    const { ctx } = mockContext({
      method: 'POST',
      url: '/wp-json/shop/v1/items',
      headers: { 'content-type': 'application/json' },
      readableEnded: true,
    });
    ctx.request.body = { name: 'lamp', a: ['1', 2] };
    await middleware(ctx, noNext);
    expect(ctx.status).toBe(200);
    expect(bodyOf(ctx)).toEqual({ name: 'lamp', a: [1, 2] });
  });

  it('prefers the raw body a parser kept over its parsed body, parsing it as WordPress does', async () => {
    const { ctx } = mockContext({
      method: 'POST',
      url: '/wp-json/shop/v1/items',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      readableEnded: true,
    });
    ctx.request.rawBody = 'name=lamp&a[0]=1&a[1]=2';
    ctx.request.body = { name: 'parsed elsewhere', 'a[0]': '1' };
    await middleware(ctx, noNext);
    expect(ctx.status).toBe(200);
    expect(bodyOf(ctx)).toEqual({ name: 'lamp', a: [1, 2] });
  });

  it('puts the status, headers and body of a validation error on the context', async () => {
    const { ctx } = mockContext({ method: 'POST', url: '/wp-json/shop/v1/items', headers: { 'content-type': 'application/json' } });
    ctx.request.rawBody = '{"a":[1]}';
    await middleware(ctx, noNext);
    expect(ctx.status).toBe(400);
    expect(ctx.response.get('Content-Type')).toBe('application/json; charset=UTF-8');
    expect(ctx.response.get('X-Robots-Tag')).toBe('noindex');
    expect(ctx.response.get('Link')).toBe('<http://example.test/wp-json/>; rel="https://api.w.org/"');
    expect(Number(ctx.response.get('Content-Length'))).toBe(Buffer.byteLength(ctx.body as string));
    expect(bodyOf(ctx)).toMatchObject({ code: 'rest_missing_callback_param', data: { status: 400, params: ['name'] } });
  });

  it('keeps the status and JSON Content-Type of a HEAD answer, with an empty body and no Content-Length', async () => {
    const { ctx, res } = mockContext({ method: 'HEAD', url: '/wp-json/shop/v1/items' });
    await middleware(ctx, noNext);
    expect(ctx.status).toBe(200);
    expect(ctx.body).toBe('');
    expect(ctx.response.get('Content-Type')).toBe('application/json; charset=UTF-8');
    expect(res.hasHeader('Content-Length')).toBe(false);
  });

  it('sends an array header value as several header lines', async () => {
    const multi: RestServer = {
      ...rest,
      handle: () => ({
        status: 200,
        headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Set-Cookie': ['a=1', 'b=2'] },
        body: '{}',
      }),
    };
    const { ctx, res } = mockContext({ method: 'GET', url: '/wp-json/' });
    await createKoaMiddleware(multi)(ctx, noNext);
    expect(res.getHeader('Set-Cookie')).toEqual(['a=1', 'b=2']);
  });

  it('writes nothing when the client goes away mid-body', async () => {
    const { ctx, req, res } = mockContext({
      method: 'POST',
      url: '/wp-json/shop/v1/items',
      headers: { 'content-type': 'application/json' },
    });
    const served = middleware(ctx, noNext);
    req.emit('close');
    await served;
    expect(ctx.respond).toBe(false);
    expect(ctx.body).toBeUndefined();
    expect(res.headersSent).toBe(false);
  });
});

interface Listening {
  base: string;
  close(): Promise<void>;
}

async function listen(app: Koa): Promise<Listening> {
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function postJson(base: string, path: string, body: string): Promise<Response> {
  return fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
}

describe('site-rest/koa over a real socket', () => {
  let plain: Listening;
  let parsed: Listening;

  beforeAll(async () => {
    const app = new Koa();
    // Upstream middleware that looks at the answer on its way out, as compression would.
    app.use(async (ctx, next) => {
      await next();
      ctx.set('X-Upstream-Saw', String(ctx.status));
    });
    app.use(async (ctx, next) => {
      if (ctx.path === '/hello') ctx.body = 'hi';
      else await next();
    });
    app.use(createKoaMiddleware(rest, { bodyLimit: 1024 }));
    app.use(async (ctx, next) => {
      if (ctx.path === '/about') ctx.body = 'about us';
      else await next();
    });
    plain = await listen(app);

    const withParser = new Koa();
    withParser.use(bodyParser());
    withParser.use(createKoaMiddleware(rest));
    parsed = await listen(withParser);
  });

  afterAll(async () => {
    await Promise.all([plain.close(), parsed.close()]);
  });

  it('serves the root index as JSON with the WordPress headers', async () => {
    const answer = await fetch(`${plain.base}/wp-json/`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(answer.headers.get('x-robots-tag')).toBe('noindex');
    expect(answer.headers.get('link')).toBe('<http://example.test/wp-json/>; rel="https://api.w.org/"');
    expect(((await answer.json()) as { name: string }).name).toBe('Koa Site');
  });

  it('answers the same JSON POST identically with and without koa-bodyparser upstream', async () => {
    const body = JSON.stringify({ name: 'lamp', a: ['1', 2] });
    const without = await postJson(plain.base, '/wp-json/shop/v1/items', body);
    const withParser = await postJson(parsed.base, '/wp-json/shop/v1/items', body);
    expect(without.status).toBe(200);
    expect(withParser.status).toBe(200);
    const text = await without.text();
    expect(await withParser.text()).toBe(text);
    expect(JSON.parse(text)).toEqual({ name: 'lamp', a: [1, 2] });
  });

  it('leaves paths outside the API to the host routes before and after it', async () => {
    expect(await (await fetch(`${plain.base}/hello`)).text()).toBe('hi');
    expect(await (await fetch(`${plain.base}/about`)).text()).toBe('about us');
    expect((await fetch(`${plain.base}/elsewhere`)).status).toBe(404);
  });

  it('answers through Koa, so upstream middleware sees the status', async () => {
    const answer = await fetch(`${plain.base}/wp-json/shop/v1/items`);
    expect(answer.headers.get('x-upstream-saw')).toBe('200');
    expect(await answer.json()).toEqual({ ok: true });
  });

  it('answers HEAD with the status and headers of GET and no body', async () => {
    const get = await fetch(`${plain.base}/wp-json/shop/v1/items`);
    const head = await fetch(`${plain.base}/wp-json/shop/v1/items`, { method: 'HEAD' });
    expect(head.status).toBe(get.status);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('allow')).toBe(get.headers.get('allow'));
    expect(await head.text()).toBe('');
  });

  it("answers HEAD of an unknown API route with the JSON 404 status, not Koa's", async () => {
    const head = await fetch(`${plain.base}/wp-json/nope/v1`, { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(head.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    const get = await fetch(`${plain.base}/wp-json/nope/v1`);
    expect(((await get.json()) as { code: string }).code).toBe('rest_no_route');
  });

  it('keeps status 200 and the JSON Content-Type for an empty answer, and 204 for a 204', async () => {
    const empty = await fetch(`${plain.base}/wp-json/shop/v1/nothing`);
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(await empty.text()).toBe('');
    const gone = await fetch(`${plain.base}/wp-json/shop/v1/gone`, { method: 'DELETE' });
    expect(gone.status).toBe(204);
    expect(await gone.text()).toBe('');
  });

  it('answers a body over bodyLimit with 413 rest_request_too_large and closes the connection', async () => {
    const answer = await postJson(plain.base, '/wp-json/shop/v1/items', JSON.stringify({ name: 'x'.repeat(4096) }));
    expect(answer.status).toBe(413);
    expect(answer.headers.get('connection')).toBe('close');
    expect(await answer.json()).toMatchObject({ code: 'rest_request_too_large', data: { status: 413 } });
    expect((await fetch(`${plain.base}/wp-json/`)).status).toBe(200);
  });

  it('delivers an answer over 64 KiB complete and intact, with its length', async () => {
    const answer = await fetch(`${plain.base}/wp-json/shop/v1/big`);
    expect(answer.status).toBe(200);
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    expect(Number(answer.headers.get('content-length'))).toBe(bytes.length);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(BIG);
  });

  it('answers a handler exception with the generic 500 JSON, without the exception text', async () => {
    const answer = await fetch(`${plain.base}/wp-json/shop/v1/boom`);
    expect(answer.status).toBe(500);
    const text = await answer.text();
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toEqual({
      code: 'internal_server_error',
      message: 'There has been a critical error on this website.',
      data: { status: 500 },
    });
  });
});

describe('site-rest/koa with an exception outside the core', () => {
  const failing: RestServer = { ...rest, handle: () => Promise.reject(new Error('adapter-level failure')) };

  it('rejects into an upstream try/catch middleware', async () => {
    const caught: unknown[] = [];
    const app = new Koa();
    app.use(async (ctx, next) => {
      try {
        await next();
      } catch (error) {
        caught.push(error);
        ctx.status = 503;
        ctx.body = 'caught upstream';
      }
    });
    app.use(createKoaMiddleware(failing));
    const server = await listen(app);
    try {
      const answer = await fetch(`${server.base}/wp-json/shop/v1/items`);
      expect(answer.status).toBe(503);
      expect(await answer.text()).toBe('caught upstream');
      expect(caught).toEqual([new Error('adapter-level failure')]);
    } finally {
      await server.close();
    }
  });

  it("reaches Koa's app 'error' event", async () => {
    const app = new Koa();
    const errors: unknown[] = [];
    app.on('error', (error: unknown) => errors.push(error));
    app.use(createKoaMiddleware(failing));
    const server = await listen(app);
    try {
      const answer = await fetch(`${server.base}/wp-json/shop/v1/items`);
      expect(answer.status).toBe(500);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ message: 'adapter-level failure' });
    } finally {
      await server.close();
    }
  });
});
