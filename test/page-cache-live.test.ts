// The in-process page cache: the host app's anonymous GET pages served again by every adapter over
// a real socket under WP Super Cache's rules, purged through the `PageCache` methods by any process
// sharing the store, and never a request to the network.
import { serve as serveHono } from '@hono/node-server';
import express from 'express';
import { Hono } from 'hono';
import Koa from 'koa';
import { readFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createTlsServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createExpressMiddleware } from '../src/adapters/express.js';
import { createFetchHandler } from '../src/adapters/fetch.js';
import { createKoaMiddleware } from '../src/adapters/koa.js';
import { createNodeHandler } from '../src/adapters/node.js';
import {
  createRestServer,
  inProcessPageCache,
  memoryStore,
  type HostPageCache,
  type InProcessPageCache,
  type RestServer,
  type SiteStore,
} from '../src/index.js';
import type { PageCacheRules } from '../src/namespaces/page-cache/services.js';
import { pgliteStore } from '../src/store.js';
import { FIXTURES } from './helpers/peer.js';

const SIGNAL = new AbortController().signal;
const HOST = 'site.test';

/** A page of the host app: what it answers for one path. */
interface HostAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  /** Chunks written one by one (streamed by node/Express, joined elsewhere). */
  chunks: string[];
}

/** How many times the host rendered each path: every rendering differs, so a hit is told from a miss by its body. */
let renders = new Map<string, number>();

function html(text: string): string {
  return `<!doctype html><html><body>${text}</body></html>`;
}

/** The host app's pages. */
function hostAnswer(url: string): HostAnswer {
  const path = url.split('?')[0]!;
  const count = (renders.get(path) ?? 0) + 1;
  renders.set(path, count);
  const page = (headers: OutgoingHttpHeaders = {}, status = 200): HostAnswer => ({
    status,
    headers: { 'Content-Type': 'text/html; charset=UTF-8', ...headers },
    chunks: [html(`${path} rendering ${count}`)],
  });
  switch (path) {
    case '/post/7/':
      return page({ 'X-Site-Rest-Post-Id': '7' });
    case '/private/':
      return page({ 'Cache-Control': 'private, max-age=60' });
    case '/cookie/':
      return page({ 'Set-Cookie': 'visited=1' });
    case '/missing/':
      return page({}, 404);
    case '/plain/':
      return { status: 200, headers: { 'Content-Type': 'text/plain' }, chunks: [`plain rendering ${count}`] };
    case '/big/':
      return {
        status: 200,
        headers: { 'Content-Type': 'text/html' },
        chunks: Array.from({ length: 4 }, () => 'x'.repeat(1000)).concat(`${count}`),
      };
    case '/huge/':
      return {
        status: 200,
        headers: { 'Content-Type': 'text/html' },
        chunks: Array.from({ length: 64 }, (_, i) => String(i % 10).repeat(64 * 1024)),
      };
    case '/streamed/':
      return {
        status: 200,
        headers: { 'Content-Type': 'text/html' },
        chunks: ['<html><body>', `streamed rendering ${count}`, '</body></html>'],
      };
    default:
      return page();
  }
}

/** What each of the host's `res.write` calls answered. */
let writeResults: unknown[] = [];

/** Writes the host's answer chunk by chunk, waiting for `drain` whenever `write` says the socket is full, as a streaming app does. */
function writeHost(res: ServerResponse, url: string): void {
  const answer = hostAnswer(url);
  res.writeHead(answer.status, answer.headers);
  const chunks = answer.chunks.values();
  const pump = (): void => {
    for (let next = chunks.next(); !next.done; next = chunks.next()) {
      const written = res.write(next.value);
      writeResults.push(written);
      if (!written) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
}

function listen(server: Server): Promise<{ port: number; close: () => Promise<void> }> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

const rest = createRestServer({ site: { name: 'Cached', url: `http://${HOST}` }, onError: () => {} });
/** A site behind a reverse proxy: its discovery `Link` follows `X-Forwarded-Host/Proto/Prefix`. */
const proxied = createRestServer({ site: { name: 'Cached', url: `http://${HOST}` }, trustProxy: true, onError: () => {} });

/** A self-signed certificate for site.test (test/fixtures/README.md), so each adapter can serve https visitors. */
const TLS = {
  key: readFileSync(join(FIXTURES, 'tls', 'site-test.key')),
  cert: readFileSync(join(FIXTURES, 'tls', 'site-test.crt')),
};

/** How a test site is mounted: which RestServer, and whether its socket is TLS. */
interface Mount {
  server?: RestServer;
  tls?: boolean;
}

function listenWith(handler: RequestListener, tls: boolean | undefined) {
  return listen(tls ? createTlsServer(TLS, handler) : createServer(handler));
}

const ADAPTERS = {
  node: (cache: HostPageCache, { server = rest, tls }: Mount = {}) => {
    const handler = createNodeHandler(server, { pageCache: cache });
    return listenWith((req, res) => handler(req, res, () => writeHost(res, req.url!)), tls);
  },
  express: (cache: HostPageCache, { server = rest, tls }: Mount = {}) => {
    const app = express();
    app.use(createExpressMiddleware(server, { pageCache: cache }));
    // Express's own way for plain pages, node's for the ones that set headers or stream.
    app.use((req, res) => {
      if (req.path !== '/about/') return writeHost(res, req.originalUrl);
      const answer = hostAnswer(req.originalUrl);
      res.type('html').send(answer.chunks.join(''));
    });
    return listenWith(app, tls);
  },
  koa: (cache: HostPageCache, { server = rest, tls }: Mount = {}) => {
    const app = new Koa();
    app.use(createKoaMiddleware(server, { pageCache: cache }));
    app.use((ctx) => {
      const answer = hostAnswer(ctx.url);
      for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, String(value));
      ctx.status = answer.status;
      ctx.body = answer.chunks.join('');
    });
    const handle = app.callback();
    return listenWith((req, res) => void handle(req, res), tls);
  },
  'fetch (Hono)': (cache: HostPageCache, { server = rest, tls }: Mount = {}) => {
    const api = createFetchHandler(server, {
      pageCache: cache,
      fallback: (request) => {
        const url = new URL(request.url);
        const answer = hostAnswer(url.pathname + url.search);
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) headers.set(name, String(value));
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            for (const chunk of answer.chunks) controller.enqueue(new TextEncoder().encode(chunk));
            controller.close();
          },
        });
        return new Response(stream, { status: answer.status, headers });
      },
    });
    const app = new Hono();
    app.all('*', (c) => api(c.req.raw));
    return new Promise<{ port: number; close: () => Promise<void> }>((resolve) => {
      const options = { fetch: app.fetch, port: 0, hostname: '127.0.0.1' };
      const listening = serveHono(tls ? { ...options, createServer: createTlsServer, serverOptions: TLS } : options, (info) =>
        resolve({ port: info.port, close: () => new Promise((done) => listening.close(() => done())) }),
      );
    });
  },
} as const;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request over a real socket (TLS with `tls`), with full control of Host, Cookie and Authorization. */
function ask(port: number, path: string, headers: Record<string, string> = {}, method = 'GET', tls = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path, method, headers: { host: HOST, ...headers } };
    const callback = (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    };
    const req = tls ? httpsRequest({ ...options, servername: HOST, ca: TLS.cert }, callback) : httpRequest(options, callback);
    req.on('error', reject);
    req.end();
  });
}

/** The rules of a fresh WP Super Cache install, caching on, as the settings routes would give them. */
function defaultRules(): PageCacheRules {
  return {
    enabled: true,
    maxAgeSeconds: 3600,
    rejectedUris: ['wp-.*\\.php', 'index\\.php'],
    rejectedUserAgents: ['bot', 'ia_archive', 'slurp', 'crawl', 'spider', 'Yandex'],
    bypassLoggedIn: true,
    noCacheForQuery: true,
  };
}

/** A shared clock, so a test moves time for the store and the caches alike. */
const clock = { ms: Date.UTC(2026, 10, 25, 12, 0, 0) };
const now = () => clock.ms;
/** Past the cache's once-a-second reads of the rules and the purge log. */
const aSecondLater = () => void (clock.ms += 1001);

let rules: PageCacheRules;
let store: SiteStore;
let cache: InProcessPageCache;

function newCache(options: Parameters<typeof inProcessPageCache>[2] = {}): InProcessPageCache {
  return inProcessPageCache(store, async () => rules, { now, maxPageBytes: 2000, ...options });
}

beforeEach(() => {
  renders = new Map();
  writeResults = [];
  rules = defaultRules();
  store = memoryStore({ now });
  cache = newCache();
});

describe.each(Object.keys(ADAPTERS) as Array<keyof typeof ADAPTERS>)('the %s adapter with pageCache', (name) => {
  let site: { port: number; close: () => Promise<void> };
  /** The cache the mounted adapter consults: each test's own, behind one mount. */
  const current: HostPageCache = { lookup: (request) => cache.lookup(request) };

  beforeAll(async () => {
    site = await ADAPTERS[name](current);
  });
  afterAll(() => site.close());

  it('answers a second anonymous GET from the cache, with the same body and WP Super Cache comment', async () => {
    const first = await ask(site.port, '/about/');
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(first.body).toContain('/about/ rendering 1');
    const second = await ask(site.port, '/about/');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.headers['content-type']).toMatch(/^text\/html/);
    expect(second.body).toMatch(
      /^<!doctype html><html><body>\/about\/ rendering 1<\/body><\/html>\n<!-- Cached page generated by WP-Super-Cache on 2026-11-25 12:00:00 -->\n$/,
    );
    expect(Number(second.headers['content-length'])).toBe(Buffer.byteLength(second.body));
    expect(renders.get('/about/')).toBe(1);
  });

  it('answers HEAD from the cache with the head alone', async () => {
    const page = await ask(site.port, '/about/');
    await ask(site.port, '/about/');
    const head = await ask(site.port, '/about/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['x-cache']).toBe('HIT');
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(Buffer.byteLength(page.body));
  });

  it('keeps a page written in several chunks whole', async () => {
    await ask(site.port, '/streamed/');
    const second = await ask(site.port, '/streamed/');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toContain('<html><body>streamed rendering 1</body></html>\n<!-- Cached page generated by WP-Super-Cache on ');
  });

  it.each([
    ['credentials', '/about/', { authorization: 'Basic YWRtaW46c2VjcmV0' }],
    ['a WordPress login cookie', '/about/', { cookie: 'theme=dark; wordpress_logged_in_abc=admin%7C1' }],
    ['a commenter cookie', '/about/', { cookie: 'comment_author_abc=Ann' }],
    ["the host's session cookie", '/about/', { cookie: 'connect.sid=s%3Aabc' }],
    ['an Auth.js session cookie', '/about/', { cookie: '_ga=1; authjs.session-token=eyJ' }],
    ['a session split over numbered cookies, as NextAuth splits one over 4 KB', '/about/', { cookie: 'next-auth.session-token.1=eyJ' }],
    ['a rejected URI', '/wp-login.php', {}],
    ['a rejected user agent', '/about/', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' }],
    ['a query string', '/about/?color=red', {}],
  ])('lets a request with %s through to the host, neither served nor kept', async (_case, path, headers) => {
    await ask(site.port, path);
    await ask(site.port, path);
    const bypassed = await ask(site.port, path, headers);
    expect(bypassed.headers['x-cache']).toBeUndefined();
    const plain = path.split('?')[0]!;
    expect(bypassed.body).toContain(`${plain} rendering`);
    // The anonymous page was kept (unless the URI itself is refused), and the bypassing answer did not replace it.
    const after = await ask(site.port, path);
    const refused = path !== '/about/';
    expect(after.headers['x-cache']).toBe(refused ? undefined : 'HIT');
    if (!refused) expect(after.body).toContain('/about/ rendering 1');
  });

  it.each([
    ['a private answer', '/private/'],
    ['an answer setting a cookie', '/cookie/'],
    ['a 404', '/missing/'],
    ['a text/plain answer', '/plain/'],
    ['an answer over maxPageBytes', '/big/'],
  ])('never keeps %s', async (_case, path) => {
    const first = await ask(site.port, path);
    const second = await ask(site.port, path);
    expect(second.headers['x-cache']).toBeUndefined();
    expect(second.body).not.toBe(first.body);
    if (path === '/big/') expect(second.body).toHaveLength(4001);
    expect(await cache.list(SIGNAL)).toEqual([]);
  });

  it('lets a page far over maxPageBytes stream through whole, its backpressure kept', async () => {
    const answer = await ask(site.port, '/huge/');
    expect(answer.body).toHaveLength(4 * 1024 * 1024);
    expect(answer.body.slice(-3)).toBe('333');
    // Where the host writes to the socket itself, it is told when to wait, as without the cache.
    if (name === 'node' || name === 'express') expect(writeResults).toContain(false);
    for (const result of writeResults) expect(typeof result).toBe('boolean');
    expect((await ask(site.port, '/huge/')).headers['x-cache']).toBeUndefined();
  });

  it("strips the post id header from the host's answer and files the page under that post", async () => {
    const first = await ask(site.port, '/post/7/');
    expect(first.headers['x-site-rest-post-id']).toBeUndefined();
    expect(await cache.list(SIGNAL)).toEqual([
      { path: `${HOST}/post/7/`, type: 'supercache', generatedAt: clock.ms / 1000, bytes: expect.any(Number), postId: 7 },
    ]);
    const hit = await ask(site.port, '/post/7/');
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['x-site-rest-post-id']).toBeUndefined();
    expect(await cache.purge({ kind: 'post', id: 7 }, SIGNAL)).toBe(1);
    expect((await ask(site.port, '/post/7/')).body).toContain('rendering 2');
  });

  it("never caches the API's own answers", async () => {
    await ask(site.port, '/wp-json/');
    const again = await ask(site.port, '/wp-json/');
    expect(again.status).toBe(200);
    expect(again.headers['x-cache']).toBeUndefined();
    expect(await cache.list(SIGNAL)).toEqual([]);
  });

  it('passes every request through uncached while the rules cannot be read, failing none', async () => {
    cache = inProcessPageCache(
      store,
      () => {
        throw new Error('settings unreadable');
      },
      { now },
    );
    for (let i = 1; i <= 2; i++) {
      const answer = await ask(site.port, '/about/');
      expect(answer.status).toBe(200);
      expect(answer.headers['x-cache']).toBeUndefined();
      expect(answer.body).toContain(`rendering ${i}`);
    }
    cache = inProcessPageCache(store, () => Promise.reject(new Error('store down')), { now });
    expect((await ask(site.port, '/about/')).body).toContain('rendering 3');
  });

  it('serves nothing from the cache once caching is turned off', async () => {
    await ask(site.port, '/about/');
    rules = { ...rules, enabled: false };
    aSecondLater();
    expect((await ask(site.port, '/about/')).headers['x-cache']).toBeUndefined();
  });

  it('keeps separate pages for http and https visitors, as WP Super Cache keeps index-https.html beside index.html', async () => {
    const secure = await ADAPTERS[name](current, { tls: true });
    try {
      await ask(site.port, '/about/');
      const first = await ask(secure.port, '/about/', {}, 'GET', true);
      expect(first.headers['x-cache']).toBeUndefined();
      expect(first.body).toContain('/about/ rendering 2');
      const again = await ask(secure.port, '/about/', {}, 'GET', true);
      expect(again.headers['x-cache']).toBe('HIT');
      expect(again.body).toContain('/about/ rendering 2');
      const plain = await ask(site.port, '/about/');
      expect(plain.headers['x-cache']).toBe('HIT');
      expect(plain.body).toContain('/about/ rendering 1');
      // Listed and purged as one directory, as the plugin's two files in it are.
      expect(await listed(cache)).toEqual([`${HOST}/about/`, `${HOST}/about/`]);
      expect(await cache.purge({ kind: 'path', path: `${HOST}/about/` }, SIGNAL)).toBe(2);
    } finally {
      await secure.close();
    }
  });

  it('keeps the page a request with forged proxy headers made away from every other visitor, under trustProxy', async () => {
    const behindProxy = await ADAPTERS[name](current, { server: proxied });
    const link = (root: string) => `<${root}/wp-json/>; rel="https://api.w.org/"`;
    try {
      const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-prefix': '/phish' };
      const attack = await ask(behindProxy.port, '/about/', forged);
      expect(attack.headers.link).toBe(link('https://evil.example/phish'));
      expect((await ask(behindProxy.port, '/about/', forged)).headers['x-cache']).toBe('HIT');
      await ask(behindProxy.port, '/about/', { host: 'evil.example' });

      const visitor = await ask(behindProxy.port, '/about/');
      expect(visitor.headers['x-cache']).toBeUndefined();
      expect(visitor.body).toContain('/about/ rendering 3');
      expect(visitor.headers.link).toBe(link(`http://${HOST}`));
      const later = await ask(behindProxy.port, '/about/');
      expect(later.headers['x-cache']).toBe('HIT');
      expect(later.body).toContain('/about/ rendering 3');
      expect(later.headers.link).toBe(link(`http://${HOST}`));

      // The proxy's https visitors get a page of their own, linked as they reach the site.
      const https = { 'x-forwarded-proto': 'https' };
      expect((await ask(behindProxy.port, '/about/', https)).body).toContain('/about/ rendering 4');
      const httpsLater = await ask(behindProxy.port, '/about/', https);
      expect(httpsLater.headers['x-cache']).toBe('HIT');
      expect(httpsLater.headers.link).toBe(link(`https://${HOST}`));
      expect((await ask(behindProxy.port, '/about/')).headers.link).toBe(link(`http://${HOST}`));
    } finally {
      await behindProxy.close();
    }
  });
});

/** Fills a cache as an adapter would: a lookup, then the host's answer kept. */
async function visit(target: InProcessPageCache, path: string, body = html(path), headers: Record<string, string> = {}): Promise<string> {
  const lookup = await target.lookup({ method: 'GET', url: path, headers: { host: HOST } });
  if (lookup.kind === 'hit') return 'hit';
  if (lookup.kind === 'miss')
    lookup.keeper.keep({ status: 200, headers: { 'content-type': 'text/html', ...headers } }, new TextEncoder().encode(body));
  return lookup.kind;
}

const listed = async (target: InProcessPageCache) => (await target.list(SIGNAL)).map((page) => page.path).sort();

describe('the in-process page cache', () => {
  it('serves a page until cache_max_time has passed, then lets the host make it again', async () => {
    rules = { ...rules, maxAgeSeconds: 60 };
    await visit(cache, '/about/');
    clock.ms += 59_000;
    expect(await visit(cache, '/about/')).toBe('hit');
    clock.ms += 1_000;
    expect(await visit(cache, '/about/')).toBe('miss');
  });

  it('lists expired pages until they are purged, and purges only those with {expired}', async () => {
    await visit(cache, '/old/');
    clock.ms += 30_000;
    await visit(cache, '/new/');
    expect(await listed(cache)).toEqual([`${HOST}/new/`, `${HOST}/old/`]);
    expect(await cache.purge({ kind: 'expired', maxAgeSeconds: 20 }, SIGNAL)).toBe(1);
    expect(await listed(cache)).toEqual([`${HOST}/new/`]);
  });

  it('keeps at most maxPages, letting the least recently served go', async () => {
    cache = newCache({ maxPages: 2 });
    await visit(cache, '/a/');
    await visit(cache, '/b/');
    expect(await visit(cache, '/a/')).toBe('hit');
    await visit(cache, '/c/');
    expect(await listed(cache)).toEqual([`${HOST}/a/`, `${HOST}/c/`]);
  });

  it('keeps at most maxTotalBytes in all', async () => {
    cache = newCache({ maxTotalBytes: 1500 });
    await visit(cache, '/a/', 'a'.repeat(1000));
    await visit(cache, '/b/', 'b'.repeat(1000));
    expect(await listed(cache)).toEqual([`${HOST}/b/`]);
  });

  it('purges one path with its /page/N pages, named as WP Super Cache names the directory or as a URL', async () => {
    for (const path of ['/blog/', '/blog/page/2/', '/blog/post/', '/about/']) await visit(cache, path);
    expect(await cache.purge({ kind: 'path', path: `${HOST}/blog/` }, SIGNAL)).toBe(2);
    expect(await listed(cache)).toEqual([`${HOST}/about/`, `${HOST}/blog/post/`]);
    expect(await cache.purge({ kind: 'path', path: `https://${HOST}/about` }, SIGNAL)).toBe(1);
    expect(await cache.purge({ kind: 'path', path: '/blog/post/' }, SIGNAL)).toBe(1);
    expect(await listed(cache)).toEqual([]);
  });

  it("empties another process's pages within a second of a purge through any process", async () => {
    const other = newCache();
    for (const path of ['/a/', '/b/', '/post/']) {
      await visit(cache, path);
      await visit(other, path, html(path), path === '/post/' ? { 'x-site-rest-post-id': '9' } : {});
    }
    await cache.purge({ kind: 'path', path: `${HOST}/a/` }, SIGNAL);
    expect(await visit(other, '/a/')).toBe('hit');
    aSecondLater();
    expect(await listed(other)).toEqual([`${HOST}/b/`, `${HOST}/post/`]);

    await cache.purge({ kind: 'post', id: 9 }, SIGNAL);
    aSecondLater();
    expect(await listed(other)).toEqual([`${HOST}/b/`]);

    clock.ms += 10_000;
    await visit(other, '/fresh/');
    await cache.purge({ kind: 'expired', maxAgeSeconds: 5 }, SIGNAL);
    aSecondLater();
    expect(await listed(other)).toEqual([`${HOST}/fresh/`]);

    await cache.purge({ kind: 'all', legacy: true }, SIGNAL);
    aSecondLater();
    expect(await listed(other)).toEqual([]);
    expect(await visit(other, '/b/')).toBe('miss');
  });

  it('passes purges between processes through a SQL store as well', async () => {
    store = await pgliteStore();
    try {
      const [one, two] = [newCache(), newCache()];
      await visit(two, '/a/');
      await visit(two, '/b/');
      await one.purge({ kind: 'path', path: '/a/' }, SIGNAL);
      aSecondLater();
      expect(await listed(two)).toEqual([`${HOST}/b/`]);
      expect(await store.options.autoloaded()).not.toHaveProperty('site_rest_page_cache_purges');
    } finally {
      await store.close();
    }
  }, 60_000);

  it('empties a process that fell further behind than the purge log reaches', async () => {
    const other = newCache();
    await visit(other, '/kept-too-long/');
    for (let i = 0; i < 70; i++) await cache.purge({ kind: 'path', path: `/gone-${i}/` }, SIGNAL);
    aSecondLater();
    expect(await listed(other)).toEqual([]);
  });

  it('does not keep an answer captured across a purge', async () => {
    const lookup = await cache.lookup({ method: 'GET', url: '/about/', headers: { host: HOST } });
    await cache.purge({ kind: 'all', legacy: false }, SIGNAL);
    if (lookup.kind !== 'miss') throw new Error('expected a miss');
    lookup.keeper.keep({ status: 200, headers: { 'content-type': 'text/html' } }, new TextEncoder().encode(html('stale')));
    expect(await cache.list(SIGNAL)).toEqual([]);
  });

  it('answers fetchPage from the copy it holds, the same twice, and never from the network', async () => {
    let contacted = 0;
    const origin = await listen(createServer((_req, res) => void (contacted++, res.end(html('live')))));
    try {
      const home = `http://127.0.0.1:${origin.port}/`;
      await expect(cache.fetchPage(home, SIGNAL)).rejects.toThrow('the page is not in the in-process cache');
      const lookup = await cache.lookup({ method: 'GET', url: '/', headers: { host: `127.0.0.1:${origin.port}` } });
      if (lookup.kind !== 'miss') throw new Error('expected a miss');
      lookup.keeper.keep({ status: 200, headers: { 'content-type': 'text/html' } }, new TextEncoder().encode(html('home')));
      const first = await cache.fetchPage(home, SIGNAL);
      clock.ms += 5_000;
      const second = await cache.fetchPage(home, SIGNAL);
      expect(first).toEqual({
        status: 200,
        body: `${html('home')}\n<!-- Cached page generated by WP-Super-Cache on 2026-11-25 12:00:00 -->\n`,
      });
      expect(second).toEqual(first);
      expect(contacted).toBe(0);
    } finally {
      await origin.close();
    }
  });

  it('rejects URIs as WP Super Cache reads its entries: PCRE patterns, exact for literals, `\\x`, `.*`, `^`, `$` and `|`', async () => {
    rules = {
      ...rules,
      noCacheForQuery: false,
      rejectedUris: [
        'wp-.*\\.php',
        'index\\.php',
        '/shop/.*/cart.*step-2',
        '^/$',
        '^/basket/',
        '\\?add-to-cart=$',
        '/cart/|/checkout/',
        'x\\',
      ],
    };
    const rejected = [
      '/wp-login.php',
      '/x/wp-a/b.php',
      '/index.php?p=1',
      '/shop/red/cart/step-2',
      '/',
      '/basket/1',
      '/?add-to-cart=',
      '/a/checkout/',
      '/x\\',
    ];
    const kept = ['/wp-login.phtml', '/indexXphp', '/shop/cart-red/step-2', '/?p=1', '/old/basket/', '/?add-to-cart=7', '/cart', '/x/'];
    for (const path of rejected) expect(await visit(cache, path), path).toBe('pass');
    for (const path of kept) expect(await visit(cache, path), path).not.toBe('pass');
  });

  it("never caches a URI an entry's regex matches, whatever PCRE syntax the entry uses", async () => {
    // The entries as the administrator meant them: each URI here is one WP Super Cache keeps out of its cache.
    rules = { ...rules, rejectedUris: ['/page/\\d+/', '/(cart|checkout)/', '/shop/[0-9]+', 'colou?r', '/a.b/', '/feed/?$', '/x{2}y'] };
    for (const path of ['/page/12/', '/cart/', '/checkout/', '/shop/7', '/color', '/colour', '/axb/', '/feed', '/feed/', '/xxy']) {
      expect(await visit(cache, path), path).toBe('pass');
    }
    // Spelt out, `(cart|checkout)` rejects nothing else.
    for (const path of ['/about/', '/about/cart', '/store/']) expect(await visit(cache, path), path).not.toBe('pass');
    // Case-insensitive or extended modes, and quoting, change how the whole entry reads: such an entry rejects every URI.
    for (const entry of ['(?i)cart', '\\Qa.b\\E', '[[:digit:]]x', '(*CR)x']) {
      rules = { ...rules, rejectedUris: [entry] };
      cache = newCache();
      expect(await visit(cache, '/about/'), entry).toBe('pass');
    }
  });

  it('rejects every URI the PCRE reading of random entries rejects, and exactly those where the reading is exact', async () => {
    let seed = 11;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const exactTokens = ['a', 'b', 'ab', '/', '\\.', '.*', '|', '\\?', '='];
    const anyTokens = [
      ...exactTokens,
      '.',
      '?',
      '+',
      '*',
      '{2}',
      '{1,}',
      '{',
      '}',
      '[ab]',
      '[^a]',
      '(a|b)',
      '(?:a|/)',
      '(a.|b)?',
      '(?=a)',
      '\\d',
      '\\w',
      '^',
      '$',
      '\\',
      ')',
      '(',
    ];
    const entry = (of: readonly string[]) => {
      const body = Array.from({ length: 1 + random(5) }, () => of[random(of.length)]).join('');
      return `${random(3) === 0 ? '^' : ''}${body}${random(3) === 0 ? '$' : ''}`;
    };
    for (let list = 0; list < 200; list++) {
      const exact = list % 2 === 0;
      rules = {
        ...rules,
        noCacheForQuery: false,
        rejectedUris: Array.from({ length: 1 + random(6) }, () => entry(exact ? exactTokens : anyTokens)),
      };
      cache = newCache();
      // PCRE and JavaScript read these tokens alike (no `u` or `m` flag; a URI holds no line break).
      const patterns = rules.rejectedUris.flatMap((source) => {
        try {
          return [new RegExp(source)];
        } catch {
          return [];
        }
      });
      for (let i = 0; i < 20; i++) {
        const path = `/${Array.from({ length: random(16) }, () => ['a', 'b', '/', '.', '?', '=', '1'][random(7)]).join('')}`;
        const byRegex = patterns.some((pattern) => pattern.test(path));
        const passed = (await visit(cache, path)) === 'pass';
        const label = `${JSON.stringify(rules.rejectedUris)} ${path}`;
        if (byRegex) expect(passed, label).toBe(true);
        if (exact && patterns.length === rules.rejectedUris.length) expect(passed, label).toBe(byRegex);
      }
    }
  });

  it('still rejects by every entry of a list stored beyond the caps before they were set', async () => {
    rules = {
      ...rules,
      rejectedUris: Array.from({ length: 20_000 }, (_, i) => `/section-${i}/.*/draft`),
      rejectedUserAgents: Array.from({ length: 20_000 }, (_, i) => `Scraper-${i}`),
    };
    expect(await visit(cache, '/section-19999/x/draft')).toBe('pass');
    expect(await visit(cache, '/section-19999/draft')).toBe('miss');
    const agent = async (ua: string) =>
      (await cache.lookup({ method: 'GET', url: '/ua/', headers: { host: HOST, 'user-agent': ua } })).kind;
    expect(await agent('Mozilla/5.0 scraper-12345')).toBe('pass');
    expect(await agent('Mozilla/5.0 Scraper-')).not.toBe('pass');
  });

  it('serves a page uncached where `.*` entries nested hundreds deep would cost its URL more than 8 steps a character', async () => {
    // Every `a…a` piece ends at every `a` of the URL while `q` is waited for: a scan would pass (no `q`), the budget rejects.
    rules = { ...rules, rejectedUris: Array.from({ length: 250 }, (_, k) => `/.*${'a'.repeat(k + 1)}.*q`) };
    expect(await visit(cache, `/${'a'.repeat(2000)}`)).toBe('pass');
    expect(await visit(cache, `/${'a'.repeat(20)}`)).toBe('miss');
    expect(await visit(cache, `/${'a'.repeat(20)}q`)).toBe('pass');
  });

  it('matches rejected user agents case-insensitively as literal text, as stristr does', async () => {
    rules = { ...rules, rejectedUserAgents: ['Bad.*Bot', 'Slurp'] };
    const agent = async (ua: string) =>
      (await cache.lookup({ method: 'GET', url: '/ua/', headers: { host: HOST, 'user-agent': ua } })).kind;
    expect(await agent('bad.*bot/1.0')).toBe('pass');
    expect(await agent('Yahoo! SLURP')).toBe('pass');
    expect(await agent('BadXBot')).toBe('miss');
  });

  it('keeps no page for a Host that is no host name, which would file it under another path', async () => {
    const ask = (host: string, url = '/x/') => cache.lookup({ method: 'GET', url, headers: { host } });
    expect((await ask(`${HOST}/about`)).kind).toBe('pass');
    expect((await ask(`${HOST}, evil.example`)).kind).toBe('pass');
    expect((await ask('')).kind).toBe('pass');
    expect((await ask(`${HOST.toUpperCase()}:8080`)).kind).toBe('miss');
    expect((await ask('[::1]:8080')).kind).toBe('miss');
  });

  it('knows a visitor whose cookie fields were joined with a comma, as the Fetch standard joins repeated fields', async () => {
    const cookie = 'theme=dark, wordpress_logged_in_abc=admin%7C1';
    expect((await cache.lookup({ method: 'GET', url: '/x/', headers: { host: HOST, cookie } })).kind).toBe('pass');
  });

  it('keeps no page for a proxy address header over 300 characters', async () => {
    const lookup = await cache.lookup({ method: 'GET', url: '/x/', headers: { host: HOST, 'x-forwarded-host': 'a'.repeat(301) } });
    expect(lookup.kind).toBe('pass');
  });

  it('refuses a bad size option at start-up', () => {
    expect(() => newCache({ maxPages: 0 })).toThrow('site-rest: inProcessPageCache maxPages must be a number of at least 1');
  });
});

afterEach(() => {
  clock.ms = Date.UTC(2026, 10, 25, 12, 0, 0);
});
