import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../src/cli/serve.js';
import { createRestServer, type RestServerOptions, type RestUser } from '../src/index.js';
import { corePosts } from '../src/namespaces/core-posts/index.js';
import { seededPostsStorage } from './helpers/posts-storage.js';
import { ADAPTER_NAMES, mountAdapter, type Mounted } from './helpers/adapters.js';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request over a real socket, with any Host header (fetch would not send a chosen one). */
function send(port: number, path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const admin: RestUser = { id: 1, username: 'admin', can: () => true };

function site(options: Partial<RestServerOptions> = {}) {
  return createRestServer({
    site: { name: 'Blog', url: 'http://internal.test' },
    namespaces: [corePosts({ storage: seededPostsStorage() })],
    // Every request signed in, so that a create answers its Location.
    authenticate: () => admin,
    onError: () => {},
    ...options,
  });
}

const PROXY = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'public.example', Host: 'internal.test:8080' };
const discovery = (root: string) => `<${root}>; rel="https://api.w.org/"`;

/** Every `href` in a JSON document. */
function hrefs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) hrefs(item, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'href' && typeof item === 'string') out.push(item);
      else hrefs(item, out);
    }
  }
  return out;
}

describe.each(ADAPTER_NAMES)('mounted under /blog behind a proxy (%s)', (name) => {
  let mounted: Mounted;
  let spoofable: Mounted;
  beforeAll(async () => {
    mounted = await mountAdapter(name, site({ trustProxy: true }), { basePath: '/blog', hostPage: true });
    spoofable = await mountAdapter(name, site(), { basePath: '/blog', hostPage: true });
  });
  afterAll(async () => {
    await mounted.close();
    await spoofable.close();
  });

  it("answers the index at the mount path with the proxy's scheme and host in url, home, routes and Link", async () => {
    const answer = await send(mounted.port, '/blog/wp-json/', PROXY);
    expect(answer.status).toBe(200);
    const index = JSON.parse(answer.body) as Record<string, unknown>;
    expect(index.url).toBe('https://public.example/blog');
    expect(index.home).toBe('https://public.example/blog');
    const links = hrefs(index.routes);
    expect(links.length).toBeGreaterThan(3);
    for (const href of links) expect(href).toMatch(/^https:\/\/public\.example\/blog\/wp-json\//);
    expect(answer.headers.link).toBe(discovery('https://public.example/blog/wp-json/'));
  });

  it('puts _links and the pagination Link under the mount path', async () => {
    const answer = await send(mounted.port, '/blog/wp-json/core/v2/posts?per_page=1&page=2', PROXY);
    expect(answer.status).toBe(200);
    const [post] = JSON.parse(answer.body) as Array<{ _links: Record<string, Array<{ href: string }>> }>;
    expect(post!._links.self![0]!.href).toMatch(/^https:\/\/public\.example\/blog\/wp-json\/core\/v2\/posts\/\d+$/);
    const { curies, ...links } = post!._links;
    expect(curies).toEqual([{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }]);
    for (const href of hrefs(links)) expect(href).toMatch(/^https:\/\/public\.example\/blog\/wp-json\/core\/v2\//);
    const link = String(answer.headers.link);
    expect(link).toContain('<https://public.example/blog/wp-json/core/v2/posts?per_page=1&page=1>; rel="prev"');
    expect(link).toContain('<https://public.example/blog/wp-json/core/v2/posts?per_page=1&page=3>; rel="next"');
  });

  it('answers a create with its Location under the mount path', async () => {
    const answer = await send(
      mounted.port,
      '/blog/wp-json/core/v2/posts',
      { ...PROXY, 'Content-Type': 'application/json' },
      'POST',
      JSON.stringify({ title: 'Mounted', status: 'publish' }),
    );
    expect(answer.status).toBe(201);
    const { id } = JSON.parse(answer.body) as { id: number };
    expect(answer.headers.location).toBe(`https://public.example/blog/wp-json/core/v2/posts/${id}`);
  });

  it("adds the discovery Link to the host's own pages, on the address the client used", async () => {
    const answer = await send(mounted.port, '/blog/about', PROXY);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('host page');
    expect(answer.headers.link).toBe(discovery('https://public.example/blog/wp-json/'));
  });

  it('ignores a spoofed Host and X-Forwarded-* when the server trusts neither', async () => {
    const evil = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Prefix': '/x' };
    const index = await send(spoofable.port, '/blog/wp-json/', evil);
    expect(JSON.parse(index.body)).toMatchObject({ url: 'http://internal.test/blog', home: 'http://internal.test/blog' });
    expect(index.headers.link).toBe(discovery('http://internal.test/blog/wp-json/'));
    expect(index.body).not.toContain('evil');
    const page = await send(spoofable.port, '/blog/about', evil);
    expect(page.headers.link).toBe(discovery('http://internal.test/blog/wp-json/'));
  });
});

describe('the address links are built on', () => {
  let mounted: Mounted;
  afterAll(() => mounted?.close());

  async function indexOf(options: Partial<RestServerOptions>, headers: Record<string, string>, basePath?: string) {
    mounted = await mountAdapter('node', site(options), { basePath });
    const answer = await send(mounted.port, `${basePath ?? ''}/wp-json/`, headers);
    await mounted.close();
    return JSON.parse(answer.body) as { url: string; home: string; routes: Record<string, unknown> };
  }

  it('takes the Host with trustHost, but not the X-Forwarded-* headers', async () => {
    const index = await indexOf({ trustHost: true }, { Host: 'www.example.org:8443', 'X-Forwarded-Host': 'evil.example' });
    expect(index.home).toBe('http://www.example.org:8443');
    expect(hrefs(index.routes)[0]).toMatch(/^http:\/\/www\.example\.org:8443\/wp-json\//);
  });

  it("puts the proxy's X-Forwarded-Prefix before the mount path", async () => {
    const index = await indexOf({ trustProxy: true }, { ...PROXY, 'X-Forwarded-Prefix': '/app/' }, '/blog');
    expect(index.home).toBe('https://public.example/app/blog');
  });

  it('takes the first of several forwarded values, and ignores a value that is no host', async () => {
    expect((await indexOf({ trustProxy: true }, { ...PROXY, 'X-Forwarded-Host': 'a.example, b.example' })).home).toBe('https://a.example');
    const bad = await indexOf(
      { trustProxy: true },
      { Host: 'internal.test', 'X-Forwarded-Host': 'evil.example/"><x', 'X-Forwarded-Proto': 'gopher' },
    );
    expect(bad.home).toBe('http://internal.test');
  });

  it('does not repeat a mount path site.url already ends with', async () => {
    const index = await indexOf({ site: { name: 'Blog', url: 'http://internal.test/blog' } }, {}, '/blog');
    expect(index.home).toBe('http://internal.test/blog');
  });

  it('leaves site.url to the request only when a trust option says so', () => {
    expect(() => createRestServer({ site: { name: 'Blog' } })).toThrow(
      'site-rest: createRestServer options.site.url is required unless trustHost or trustProxy takes the address from each request',
    );
    expect(createRestServer({ site: { name: 'Blog' }, trustHost: true }).restUrl('/')).toBe('http://localhost/wp-json/');
  });

  it('takes no discovery Link on host pages when the adapter is told not to', async () => {
    mounted = await mountAdapter('express', site(), { hostPage: true, discoveryLink: false });
    const answer = await send(mounted.port, '/about');
    expect(answer.body).toBe('host page');
    expect(answer.headers.link).toBeUndefined();
  });
});

describe('the demo front page', () => {
  it('answers GET / and HEAD / with the discovery Link header and link element', async () => {
    const { http } = await serve(['--port', '0', '--memory'], { out: () => {}, err: () => {} }, {});
    try {
      const { port } = http.address() as AddressInfo;
      const root = `http://127.0.0.1:${port}/wp-json/`;
      const page = await send(port, '/');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=UTF-8');
      expect(page.headers.link).toBe(discovery(root));
      expect(page.body).toContain(`<link rel="https://api.w.org/" href="${root}" />`);
      const head = await send(port, '/', {}, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers.link).toBe(discovery(root));
      expect(head.body).toBe('');
      const elsewhere = await send(port, '/nowhere');
      expect(elsewhere.status).toBe(404);
      expect(JSON.parse(elsewhere.body)).toMatchObject({ code: 'rest_no_route' });
    } finally {
      http.closeAllConnections();
      http.close();
    }
  });
});
