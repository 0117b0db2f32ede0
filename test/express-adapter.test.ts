import express, { type ErrorRequestHandler } from 'express';
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequest, createResponse } from 'node-mocks-http';
import { describe, expect, it, vi } from 'vitest';
import { createExpressMiddleware, type ExpressRequestLike } from '../src/adapters/express.js';
import { createRestServer, type NamespaceModule, type RestServer } from '../src/index.js';

const echo: NamespaceModule = {
  namespace: 'shop/v1',
  routes: [
    {
      path: '/items',
      endpoints: [
        { methods: 'GET', handler: () => ({ ok: true }) },
        {
          methods: 'POST',
          permission: 'public',
          args: { name: { type: 'string', required: true }, ids: { type: 'array', items: { type: 'integer' } } },
          handler: (request) => ({ params: request.params, json: request.json ?? null }),
        },
      ],
    },
  ],
};

const rest = createRestServer({ site: { name: 'Shop', url: 'http://shop.test' }, namespaces: [echo], onError: () => {} });

/** Runs the middleware on a node-mocks-http request and waits for the answer or `next()`. */
async function runMock(req: ExpressRequestLike, server: RestServer = rest) {
  const res = createResponse({ eventEmitter: EventEmitter });
  const next = vi.fn();
  await new Promise<void>((resolve) => {
    res.on('end', () => resolve());
    next.mockImplementation(() => resolve());
    createExpressMiddleware(server)(req, res, next);
  });
  return { res, next };
}

/** A mock request whose body a parser already consumed. */
function parsedRequest(options: Parameters<typeof createRequest>[0], body: unknown, rawBody?: unknown): ExpressRequestLike {
  const req = createRequest({ eventEmitter: EventEmitter, ...options }) as unknown as ExpressRequestLike;
  Object.defineProperty(req, 'readableEnded', { value: true });
  req.body = body;
  if (rawBody !== undefined) req.rawBody = rawBody;
  return req;
}

async function listen(app: express.Express) {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the Express middleware (node-mocks-http)', () => {
  it('passes URLs outside the API to next() without touching the response', async () => {
    const req = createRequest({ method: 'GET', url: '/about' }) as unknown as ExpressRequestLike;
    const { res, next } = await runMock(req);
    expect(next).toHaveBeenCalledWith();
    expect(res.headersSent).toBe(false);
  });

  it('uses a body a parser already read, as JSON when the request says JSON', async () => {
    const req = parsedRequest(
      { method: 'POST', url: '/wp-json/shop/v1/items', headers: { 'content-type': 'application/json' } },
      { name: 'Cup', ids: ['1', 2] },
    );
    const { res } = await runMock(req);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res._getData())).toEqual({ params: { name: 'Cup', ids: [1, 2] }, json: { name: 'Cup', ids: [1, 2] } });
  });

  it('prefers the raw body a parser kept, so PHP-style form arrays parse as WordPress parses them', async () => {
    const req = parsedRequest(
      { method: 'POST', url: '/wp-json/shop/v1/items', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { name: 'Cup', 'ids[0]': '7' },
      Buffer.from('name=Cup&ids[0]=7&ids[1]=8'),
    );
    const { res } = await runMock(req);
    expect(JSON.parse(res._getData()).params).toEqual({ name: 'Cup', ids: [7, 8] });
  });

  it('writes WordPress’s status, headers and error body', async () => {
    const req = createRequest({ method: 'GET', url: '/wp-json/shop/v1/nope' }) as unknown as ExpressRequestLike;
    const { res } = await runMock(req);
    expect(res.statusCode).toBe(404);
    expect(res.getHeader('content-type')).toBe('application/json; charset=UTF-8');
    expect(JSON.parse(res._getData())).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
  });
});

describe('the Express middleware in an Express app', () => {
  it('answers the same with and without express.json() and express.urlencoded() before it', async () => {
    const plain = express();
    plain.use(createExpressMiddleware(rest));
    const parsed = express();
    parsed.use(express.json(), express.urlencoded({ extended: true }), createExpressMiddleware(rest));
    const bodies: string[] = [];
    for (const app of [plain, parsed]) {
      const { base, close } = await listen(app);
      try {
        const json = await fetch(`${base}/wp-json/shop/v1/items`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{"name":"Cup","ids":[1]}',
        });
        const form = await fetch(`${base}/wp-json/shop/v1/items`, {
          method: 'POST',
          body: new URLSearchParams({ name: 'Jug', 'ids[]': '4' }),
        });
        bodies.push(`${json.status} ${await json.text()} | ${form.status} ${await form.text()}`);
      } finally {
        await close();
      }
    }
    expect(bodies[0]).toContain('"ids":[4]');
    expect(bodies[1]).toBe(bodies[0]);
  });

  it('serves the API under a mount path and leaves the host’s own routes alone', async () => {
    const app = express();
    app.get('/hello', (_req, res) => void res.send('hi'));
    app.use('/blog', createExpressMiddleware(rest));
    app.use((_req, res) => void res.status(404).send('host 404'));
    const { base, close } = await listen(app);
    try {
      expect(await (await fetch(`${base}/hello`)).text()).toBe('hi');
      expect(await (await fetch(`${base}/blog/wp-json/shop/v1/items`)).json()).toEqual({ ok: true });
      expect(await (await fetch(`${base}/blog/other`)).text()).toBe('host 404');
    } finally {
      await close();
    }
  });

  it('hands exceptions that are not REST errors to Express’s error handler', async () => {
    const broken = { ...rest, resolve: rest.resolve, handle: () => Promise.reject(new Error('adapter bug')) } as RestServer;
    const seen: unknown[] = [];
    const onError: ErrorRequestHandler = (error, _req, res, _next) => {
      seen.push(error);
      res.status(502).send('handled by the host');
    };
    const app = express();
    app.use(createExpressMiddleware(broken));
    app.use(onError);
    const { base, close } = await listen(app);
    try {
      const answer = await fetch(`${base}/wp-json/shop/v1/items`);
      expect(answer.status).toBe(502);
      expect(seen).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('refuses a body over bodyLimit with 413 before reading it all', async () => {
    const app = express();
    app.use(createExpressMiddleware(rest, { bodyLimit: 64 }));
    const { base, close } = await listen(app);
    try {
      const answer = await fetch(`${base}/wp-json/shop/v1/items`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'x'.repeat(200) }),
      });
      expect(answer.status).toBe(413);
      expect(await answer.json()).toMatchObject({ code: 'rest_request_too_large' });
    } finally {
      await close();
    }
  });
});
