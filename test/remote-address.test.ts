// Every adapter tells the core the client's address (RawRequest.remoteAddress), which the login
// limiter counts failures by: from the socket, or from a proxy header only where the host's
// framework is told to trust it.
import express from 'express';
import Koa from 'koa';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createExpressMiddleware } from '../src/adapters/express.js';
import { createFetchHandler } from '../src/adapters/fetch.js';
import { createKoaMiddleware } from '../src/adapters/koa.js';
import { createRestServer, type RestServer } from '../src/index.js';
import { ADAPTER_NAMES, mountAdapter, type Mounted } from './helpers/adapters.js';

/** A server whose authenticate hook records the address each request came from. */
function recording(): { rest: RestServer; seen: Array<string | undefined> } {
  const seen: Array<string | undefined> = [];
  const rest = createRestServer({
    site: { name: 'Addresses', url: 'http://addresses.test' },
    namespaces: [
      {
        namespace: 'a/v1',
        routes: [{ path: '/ping', endpoints: [{ methods: ['GET', 'POST'], permission: 'public', handler: () => ({ ok: true }) }] }],
      },
    ],
    authenticate: (request) => {
      seen.push(request.remoteAddress);
      return null;
    },
    onError: () => {},
  });
  return { rest, seen };
}

const SPOOFED = { 'X-Forwarded-For': '203.0.113.5' };

async function ping(port: number, method = 'GET'): Promise<number> {
  const answer = await fetch(`http://127.0.0.1:${port}/wp-json/a/v1/ping`, {
    method,
    headers: SPOOFED,
    body: method === 'POST' ? 'a=1' : undefined,
  });
  await answer.text();
  return answer.status;
}

function listen(server: Server): Promise<Mounted> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as AddressInfo).port, server, close: () => new Promise((done) => server.close(() => done())) }),
    );
  });
}

let mounted: Mounted | undefined;
afterEach(async () => {
  await mounted?.close();
  mounted = undefined;
});

describe('the client address', () => {
  for (const adapter of ADAPTER_NAMES.filter((name) => name !== 'fetch (Hono)')) {
    it(`${adapter}: comes from the socket, for requests with and without a body, whatever X-Forwarded-For says`, async () => {
      const { rest, seen } = recording();
      mounted = await mountAdapter(adapter, rest);
      expect(await ping(mounted.port)).toBe(200);
      expect(await ping(mounted.port, 'POST')).toBe(200);
      expect(seen).toEqual(['127.0.0.1', '127.0.0.1']);
    });
  }

  it("express: is the forwarded address where the app's trust proxy setting allows it", async () => {
    const { rest, seen } = recording();
    const app = express();
    app.set('trust proxy', 'loopback');
    app.use(createExpressMiddleware(rest));
    mounted = await listen(createServer(app));
    expect(await ping(mounted.port)).toBe(200);
    expect(seen).toEqual(['203.0.113.5']);
  });

  it('koa: is the forwarded address where app.proxy is set', async () => {
    const { rest, seen } = recording();
    const app = new Koa({ proxy: true });
    app.use(createKoaMiddleware(rest));
    // Koa's callback settles every request itself (errors go to ctx.onerror), so its promise is left alone.
    const handle = app.callback();
    mounted = await listen(createServer((req, res) => void handle(req, res)));
    expect(await ping(mounted.port)).toBe(200);
    expect(seen).toEqual(['203.0.113.5']);
  });

  it("fetch: is what the host's clientAddress option answers, and unknown without it", async () => {
    const { rest, seen } = recording();
    const request = () => new Request('http://addresses.test/wp-json/a/v1/ping', { headers: SPOOFED });
    await createFetchHandler(rest, { clientAddress: () => '192.0.2.44' })(request());
    await createFetchHandler(rest)(request());
    expect(seen).toEqual(['192.0.2.44', undefined]);
  });
});
