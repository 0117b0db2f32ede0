// Every adapter tells the core the client's address (RawRequest.remoteAddress), which the login
// limiter counts failures by: from the socket, from a proxy header only where the host's
// framework is told to trust it, from X-Forwarded-For over the proxies the adapter's
// trustedProxies option trusts, or as the host's clientAddress option answers it.
import express from 'express';
import Koa from 'koa';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createExpressMiddleware } from '../src/adapters/express.js';
import { createFetchHandler } from '../src/adapters/fetch.js';
import { createKoaMiddleware } from '../src/adapters/koa.js';
import { createNodeHandler } from '../src/adapters/node.js';
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

async function ping(port: number, method = 'GET', headers: Record<string, string> = SPOOFED): Promise<number> {
  const answer = await fetch(`http://127.0.0.1:${port}/wp-json/a/v1/ping`, {
    method,
    headers,
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

  for (const adapter of ADAPTER_NAMES.filter((name) => name !== 'fetch (Hono)')) {
    it(`${adapter}: is read from X-Forwarded-For right to left over the proxies trustedProxies trusts`, async () => {
      const { rest, seen } = recording();
      mounted = await mountAdapter(adapter, rest, { trustedProxies: { addresses: ['127.0.0.1', '10.0.0.0/8'] } });
      for (const forwarded of [
        '203.0.113.5',
        // Written by the client: left of the first untrusted hop, never read.
        '198.51.100.1, 203.0.113.5',
        '198.51.100.1, 203.0.113.5, 10.1.2.3',
        '10.9.9.9, 10.1.2.3',
      ])
        expect(await ping(mounted.port, 'GET', { 'X-Forwarded-For': forwarded })).toBe(200);
      expect(await ping(mounted.port, 'POST', { 'X-Forwarded-For': '198.51.100.1, 203.0.113.5' })).toBe(200);
      expect(await ping(mounted.port, 'GET', {})).toBe(200);
      expect(seen).toEqual(['203.0.113.5', '203.0.113.5', '203.0.113.5', '10.9.9.9', '203.0.113.5', '127.0.0.1']);
    });
  }

  it("express: trustedProxies reads the header whatever the app's trust proxy setting, and koa's whatever app.proxy says", async () => {
    const { rest, seen } = recording();
    const app = express();
    app.set('trust proxy', false);
    app.use(createExpressMiddleware(rest, { trustedProxies: { hops: 1 } }));
    mounted = await listen(createServer(app));
    expect(await ping(mounted.port, 'GET', { 'X-Forwarded-For': '198.51.100.1, 203.0.113.5' })).toBe(200);
    await mounted.close();
    const koa = new Koa({ proxy: true });
    koa.use(createKoaMiddleware(rest, { trustedProxies: { hops: 1 } }));
    const handle = koa.callback();
    mounted = await listen(createServer((req, res) => void handle(req, res)));
    expect(await ping(mounted.port, 'GET', { 'X-Forwarded-For': '198.51.100.1, 203.0.113.5' })).toBe(200);
    expect(seen).toEqual(['203.0.113.5', '203.0.113.5']);
  });

  it('node, express and koa: is what the clientAddress option answers for the request', async () => {
    const { rest, seen } = recording();
    const fromHeader = (headers: Record<string, string | string[] | undefined>) => headers['x-client-ip'] as string | undefined;
    mounted = await listen(createServer(createNodeHandler(rest, { clientAddress: (req) => fromHeader(req.headers) })));
    expect(await ping(mounted.port, 'GET', { 'X-Client-Ip': '192.0.2.10' })).toBe(200);
    await mounted.close();
    const app = express();
    app.use(createExpressMiddleware(rest, { clientAddress: (req) => fromHeader(req.headers) }));
    mounted = await listen(createServer(app));
    expect(await ping(mounted.port, 'POST', { 'X-Client-Ip': '192.0.2.11' })).toBe(200);
    await mounted.close();
    const koa = new Koa();
    koa.use(createKoaMiddleware(rest, { clientAddress: (ctx) => fromHeader(ctx.req.headers) }));
    const handle = koa.callback();
    mounted = await listen(createServer((req, res) => void handle(req, res)));
    expect(await ping(mounted.port, 'GET', {})).toBe(200);
    expect(seen).toEqual(['192.0.2.10', '192.0.2.11', undefined]);
  });
});

describe('one form of each address', () => {
  it('node: an IPv4 client of a dual-stack socket is its IPv4 address, not ::ffff: and it', async () => {
    const { rest, seen } = recording();
    const server = createServer(createNodeHandler(rest));
    mounted = await new Promise<Mounted>((resolve) => {
      server.listen(0, '::', () =>
        resolve({ port: (server.address() as AddressInfo).port, server, close: () => new Promise((done) => server.close(() => done())) }),
      );
    });
    expect(await ping(mounted.port)).toBe(200);
    expect(seen).toEqual(['127.0.0.1']);
  });

  it("fetch: an address the host's clientAddress writes IPv4-mapped, with a port or in upper case is one address", async () => {
    const { rest, seen } = recording();
    const handler = createFetchHandler(rest, { clientAddress: (request) => request.headers.get('x-client-ip') ?? undefined });
    for (const written of ['192.0.2.1', '::ffff:192.0.2.1', '192.0.2.1:5000', '[::FFFF:c000:201]:80', '2001:DB8::0:1', 'fe80::1%eth0']) {
      await handler(new Request('http://addresses.test/wp-json/a/v1/ping', { headers: { 'x-client-ip': written } }));
    }
    expect(seen).toEqual(['192.0.2.1', '192.0.2.1', '192.0.2.1', '192.0.2.1', '2001:db8::1', 'fe80::1%eth0']);
  });
});

describe('X-Forwarded-For over trusted proxies', () => {
  /** The address the fetch adapter reads for each header value, trusting `trust`. */
  async function readAs(trust: { addresses?: string[]; hops?: number }, ...forwarded: Array<string | undefined>) {
    const { rest, seen } = recording();
    const handler = createFetchHandler(rest, { trustedProxies: trust });
    for (const value of forwarded) {
      const headers: Record<string, string> = value === undefined ? {} : { 'X-Forwarded-For': value };
      await handler(new Request('http://addresses.test/wp-json/a/v1/ping', { headers }));
    }
    return seen;
  }

  it('trusts the first hops by count, the rest by address, and stops at the first it does not trust', async () => {
    expect(await readAs({ hops: 1 }, '203.0.113.5', '198.51.100.1, 203.0.113.5', undefined)).toEqual([
      '203.0.113.5',
      '203.0.113.5',
      undefined,
    ]);
    expect(await readAs({ hops: 2 }, '198.51.100.1, 203.0.113.5, 10.1.2.3')).toEqual(['203.0.113.5']);
    expect(await readAs({ hops: 1, addresses: ['10.0.0.0/8'] }, '198.51.100.1, 203.0.113.5, 10.1.2.3, 10.200.0.1')).toEqual([
      '203.0.113.5',
    ]);
    // Every hop trusted: the leftmost entry is the client.
    expect(await readAs({ hops: 1, addresses: ['10.0.0.0/8'] }, '10.0.0.9, 10.0.0.8')).toEqual(['10.0.0.9']);
    // Only addresses, and a Request tells no peer: nobody to start from.
    expect(await readAs({ addresses: ['10.0.0.0/8'] }, '203.0.113.5')).toEqual([undefined]);
  });

  it('reads IPv6, bracketed addresses with ports, IPv4 with ports and IPv4-mapped IPv6, answering one form of each', async () => {
    expect(
      await readAs(
        { hops: 1, addresses: ['10.0.0.0/8', 'fd00::/8'] },
        '2001:DB8:0:0:0:0:0:1',
        '[2001:db8::1]:443',
        '203.0.113.5:8080',
        '::ffff:203.0.113.9',
        '203.0.113.9, ::ffff:10.1.1.1',
        '2001:db8::7, fd12::1',
        '2001:db8::8, [::ffff:a01:101]:80',
      ),
    ).toEqual(['2001:db8::1', '2001:db8::1', '203.0.113.5', '203.0.113.9', '203.0.113.9', '2001:db8::7', '2001:db8::8']);
  });

  it('answers unknown for an entry that is not an address, inside the trusted part', async () => {
    expect(
      await readAs(
        { hops: 1 },
        'unknown',
        'example.com',
        '203.0.113.999',
        'fe80::1%eth0',
        '01.2.3.4',
        `${'1'.repeat(70)}`,
        ', ,',
        '203.0.113.5,, ',
      ),
    ).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined, '203.0.113.5']);
  });

  it('reads at most 32 hops of a header of any length', async () => {
    const chain = Array.from({ length: 5000 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(', ');
    const [read] = await readAs({ hops: 1, addresses: ['10.0.0.0/8'] }, `203.0.113.5, ${chain}`);
    expect(read).toMatch(/^10\.0\.19\.\d+$/);
  });

  it('refuses options it cannot use when the adapter is created', () => {
    const { rest } = recording();
    for (const trustedProxies of [
      { addresses: ['10.0.0.0/33'] },
      { addresses: ['not an address'] },
      { addresses: ['10.0.0.1:80'] },
      { hops: -1 },
      { hops: 1.5 },
      {},
    ])
      expect(() => createFetchHandler(rest, { trustedProxies }), JSON.stringify(trustedProxies)).toThrow(TypeError);
    expect(() => createNodeHandler(rest, { trustedProxies: { hops: 1 }, clientAddress: () => undefined })).toThrow(/not both/);
    expect(() => createKoaMiddleware(rest, { clientAddress: 'x-real-ip' as never })).toThrow(/must be a function/);
  });

  it('refuses them when the adapter is created for a server still starting, not when it is ready', () => {
    const { rest } = recording();
    const starting = Promise.resolve(rest);
    const bad = { trustedProxies: { addresses: ['10.0.0.0/33'] } };
    expect(() => createNodeHandler(starting, bad)).toThrow(TypeError);
    expect(() => createExpressMiddleware(starting, bad)).toThrow(TypeError);
    expect(() => createKoaMiddleware(starting, bad)).toThrow(TypeError);
    expect(() => createFetchHandler(starting, bad)).toThrow(TypeError);
  });
});
