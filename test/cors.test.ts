// The `cors` option: WordPress's reflection (the default), an allow-list, or nothing at all so
// that the host's own CORS handling stands; and the Express and Koa adapters keep a host's Vary.
import express from 'express';
import Koa from 'koa';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createExpressMiddleware } from '../src/adapters/express.js';
import { createKoaMiddleware } from '../src/adapters/koa.js';
import {
  createRestServer,
  respond,
  restError,
  type NamespaceModule,
  type RestServer,
  type RestServerOptions,
  type RestUser,
} from '../src/index.js';

const APP = 'https://app.example';
const admin: RestUser = { id: 1, username: 'admin', can: () => true };

const items: NamespaceModule = {
  namespace: 'shop/v1',
  routes: [
    { path: '/items', endpoints: [{ methods: ['GET', 'POST'], permission: 'public', handler: () => [{ id: 1 }] }] },
    { path: '/negotiated', endpoints: [{ methods: 'GET', handler: () => respond({ ok: true }, 200, { Vary: 'Accept' }) }] },
  ],
};

function site(cors?: RestServerOptions['cors'], onError: RestServerOptions['onError'] = () => {}): RestServer {
  return createRestServer({ site: { name: 'Shop', url: 'http://shop.test' }, namespaces: [items], cors, onError });
}

/** The answer's Access-Control-* and Vary headers, names lower-cased. */
function corsOf(headers: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => /^(access-control-|vary$)/i.test(name))
      .map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
}

const get = (rest: RestServer, headers: Record<string, string> = {}, user: RestUser | null = null) =>
  rest.inject({ path: '/shop/v1/items', headers, user });
const preflight = (rest: RestServer, origin: string) =>
  rest.inject({
    method: 'OPTIONS',
    path: '/shop/v1/items',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
  });

const BASE_CORS = {
  'access-control-expose-headers': 'X-WP-Total, X-WP-TotalPages, Link',
  'access-control-allow-headers': 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
};
const ALLOWED = (origin: string) => ({
  'access-control-allow-origin': origin,
  'access-control-allow-methods': 'OPTIONS, GET, POST, PUT, PATCH, DELETE',
});

describe("cors: 'wordpress' (the default)", () => {
  it('allows any Origin with credentials and varies on Origin, as rest_send_cors_headers', async () => {
    for (const rest of [site(), site('wordpress')]) {
      expect(corsOf((await get(rest, { Origin: 'https://anyone.example' })).headers)).toEqual({
        ...BASE_CORS,
        ...ALLOWED('https://anyone.example'),
        'access-control-allow-credentials': 'true',
        vary: 'Origin',
      });
      expect(corsOf((await get(rest)).headers)).toEqual({ ...BASE_CORS, vary: 'Origin' });
      // A signed-in answer is never cached, so WordPress leaves out Vary there.
      expect(corsOf((await get(rest, {}, admin)).headers)).toEqual(BASE_CORS);
    }
  });

  it('answers a preflight with the origin allowed', async () => {
    const answer = await preflight(site(), 'https://anyone.example');
    expect(answer.status).toBe(200);
    expect(corsOf(answer.headers)).toMatchObject({ ...ALLOWED('https://anyone.example'), 'access-control-allow-credentials': 'true' });
  });
});

describe('cors: { origins, credentials }', () => {
  it('allows a listed origin, without credentials unless the list grants them', async () => {
    expect(corsOf((await get(site({ origins: [APP] }), { Origin: APP })).headers)).toEqual({
      ...BASE_CORS,
      ...ALLOWED(APP),
      vary: 'Origin',
    });
    expect(corsOf((await get(site({ origins: APP, credentials: true }), { Origin: APP })).headers)).toEqual({
      ...BASE_CORS,
      ...ALLOWED(APP),
      'access-control-allow-credentials': 'true',
      vary: 'Origin',
    });
  });

  it('allows an origin a check accepts, beside the listed ones', async () => {
    const rest = site({ origins: [APP, (origin) => origin.endsWith('.partner.example')] });
    expect(corsOf((await get(rest, { Origin: 'https://shop.partner.example' })).headers)).toMatchObject(
      ALLOWED('https://shop.partner.example'),
    );
    expect(corsOf((await get(rest, { Origin: APP })).headers)).toMatchObject(ALLOWED(APP));
  });

  it('gives any other origin, and a request without one, no Allow-Origin but still Vary: Origin', async () => {
    const rest = site({ origins: [APP, () => false], credentials: true });
    const requests: Array<Record<string, string>> = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { Origin: `${APP}.evil.example` },
      {},
    ];
    for (const headers of requests) {
      expect(corsOf((await get(rest, headers)).headers)).toEqual({ ...BASE_CORS, vary: 'Origin' });
    }
    expect(corsOf((await get(rest, {}, admin)).headers)).toEqual({ ...BASE_CORS, vary: 'Origin' });
  });

  it('answers preflights: allowed for a listed origin, without Allow-Origin for another', async () => {
    const rest = site({ origins: [APP] });
    expect(corsOf((await preflight(rest, APP)).headers)).toEqual({ ...BASE_CORS, ...ALLOWED(APP), vary: 'Origin' });
    expect(corsOf((await preflight(rest, 'https://evil.example')).headers)).toEqual({ ...BASE_CORS, vary: 'Origin' });
  });

  it('refuses an origin when its check throws, and reports the error', async () => {
    const reported: string[] = [];
    const rest = site(
      {
        origins: () => {
          throw new Error('check failed');
        },
      },
      (error, { phase }) => reported.push(`${phase}: ${(error as Error).message}`),
    );
    const answer = await get(rest, { Origin: APP });
    expect(answer.status).toBe(200);
    expect(corsOf(answer.headers)).toEqual({ ...BASE_CORS, vary: 'Origin' });
    expect(reported).toEqual(['cors: check failed']);
  });

  it.each([['https://App.example'], ['https://app.example/'], ['app.example'], ['null'], [42]])(
    'refuses %s as a listed origin at creation',
    (origin) => {
      expect(() => site({ origins: [origin as string] })).toThrow(TypeError);
    },
  );

  it("keeps a handler's own Vary beside Origin", async () => {
    const answer = await site({ origins: [APP] }).inject({ path: '/shop/v1/negotiated', headers: { Origin: APP } });
    expect(corsOf(answer.headers).vary).toBe('Accept, Origin');
  });
});

describe('cors: false', () => {
  it('sends no Access-Control-* header and no Vary: Origin, on answers, preflights and errors', async () => {
    const rest = site(false);
    for (const answer of [
      await get(rest, { Origin: APP }),
      await get(rest),
      await preflight(rest, APP),
      await rest.inject({ path: '/shop/v1/nothing', headers: { Origin: APP } }),
    ]) {
      expect(corsOf(answer.headers)).toEqual({});
    }
    expect(corsOf(rest.errorResponse(restError('rest_too_large', 'Too large.', 413), { origin: APP }).headers)).toEqual({});
  });

  it("sends a handler's own Vary as it is", async () => {
    const answer = await site(false).inject({ path: '/shop/v1/negotiated', headers: { Origin: APP } });
    expect(corsOf(answer.headers)).toEqual({ vary: 'Accept' });
  });

  it('refuses a cors value that is none of the three', () => {
    expect(() => site('reflect' as RestServerOptions['cors'])).toThrow(TypeError);
  });
});

/** A host's CORS middleware: its own allow-list, Vary on Origin, and the preflight answered itself. */
function hostCors(origin: string | undefined, method: string, set: (name: string, value: string) => void): boolean {
  set('Vary', 'Accept-Encoding');
  if (origin === APP) set('Access-Control-Allow-Origin', APP);
  return method === 'OPTIONS';
}

describe.each(['express', 'koa'] as const)('the %s adapter beside a host’s own headers', (framework) => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function mount(rest: RestServer): Promise<string> {
    if (framework === 'express') {
      const app = express();
      app.use((req, res, next) =>
        hostCors(req.headers.origin, req.method, (n, v) => res.setHeader(n, v)) ? res.status(204).end() : next(),
      );
      app.use(createExpressMiddleware(rest));
      server = createServer(app);
    } else {
      const app = new Koa();
      app.use(async (ctx, next) => {
        if (hostCors(ctx.get('Origin') || undefined, ctx.method, (n, v) => ctx.set(n, v))) ctx.status = 204;
        else await next();
      });
      app.use(createKoaMiddleware(rest));
      // Koa's callback settles every request itself (errors go to ctx.onerror), so its promise is left alone.
      const handle = app.callback();
      server = createServer((req, res) => void handle(req, res));
    }
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("with cors: false, leaves the host's Access-Control-Allow-Origin and Vary untouched", async () => {
    const base = await mount(site(false));
    const answer = await fetch(`${base}/wp-json/shop/v1/items`, { headers: { Origin: APP } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(APP);
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(answer.headers.get('vary')).toBe('Accept-Encoding');
  });

  it("adds Origin to the host's Vary instead of replacing it", async () => {
    const base = await mount(site());
    const answer = await fetch(`${base}/wp-json/shop/v1/negotiated`, { headers: { Origin: APP } });
    expect(answer.headers.get('vary')).toBe('Accept-Encoding, Accept, Origin');
  });
});
