import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRestServer, type RestServer, type RestUser } from '../src/index.js';
import { seededPostsStorage } from './helpers/posts-storage.js';
import { oembed, type OembedOptions } from '../src/namespaces/oembed/index.js';
import { BASE, FIXTURES, compareAnswer, type Recording } from './helpers/peer.js';
import { nodeOembedFetch } from '../src/node.js';
import { propertyRuns } from './helpers/property-runs.js';

const admin: RestUser = { id: 1, username: 'admin', can: () => true };
const subscriber: RestUser = { id: 3, username: 'subscriber', can: (capability) => capability === 'read' };
const authorOf: OembedOptions['authorOf'] = async (id) => (id === 1 ? { name: 'admin', slug: 'admin' } : null);

const recording = (id: string): Recording => JSON.parse(readFileSync(join(FIXTURES, 'wp-6.1', `${id}.json`), 'utf8')) as Recording;
const fixture = (name: string): string => readFileSync(join(FIXTURES, 'oembed', name), 'utf8');
/** The address a fetch was asked for, whether it got a string, a URL or a Request. */
const urlOf = (input: string | URL | Request): string => (input instanceof Request ? input.url : String(input));

/** The inline script WordPress 6.1 printed after the iframe, as the recordings show it. */
function recordedScript(): string {
  const html = (recording('oembed-embed-local').body as { html: string }).html;
  return html.slice(html.indexOf('<script>\n') + '<script>\n'.length, html.lastIndexOf('\n</script>\n'));
}

/** A site shaped like the recorded one, serving only the oEmbed namespace. */
function siteOf(options: OembedOptions = {}): RestServer {
  return createRestServer({
    site: { name: 'Example Site', url: BASE },
    namespaces: [oembed({ posts: seededPostsStorage(), authorOf, ...options })],
    onError: () => {},
  });
}

const SECRET = /(data-secret=\\?"|#\?secret=)[A-Za-z0-9]{10}/g;

/** The body with every embed secret replaced by `{secret}`, as the recorder normalized them. */
function maskSecrets(body: string): string {
  return body.replace(SECRET, '$1{secret}');
}

/** `{base}` in a recorded request path, which stands for the site URL percent-encoded inside `url=`. */
function requestPath(recorded: Recording): string {
  return recorded.request.path.replace(/^\/wp-json/, '').replaceAll('{base}', encodeURIComponent(BASE));
}

describe('oembed/1.0 answers like WordPress 6.1 for the recorded requests', () => {
  const server = siteOf({ embedScript: recordedScript() });

  it.each([
    'oembed-embed-local',
    'oembed-embed-local-maxwidth',
    'oembed-embed-local-maxwidth-invalid',
    'oembed-embed-local-p-param',
    'oembed-embed-not-a-uri',
    'oembed-embed-foreign-url',
    'oembed-proxy-unauth-no-url',
    'oembed-proxy-admin-no-url',
    'oembed-proxy-unauth-with-url',
  ])('%s', async (id) => {
    const recorded = recording(id);
    const answer = await server.inject({
      method: recorded.request.method,
      path: requestPath(recorded),
      user: recorded.request.auth === 'admin' ? admin : null,
    });
    expect(compareAnswer(recorded, { ...answer, body: maskSecrets(answer.body) })).toEqual([]);
  });
});

describe('oembed/1.0/embed', () => {
  const server = siteOf();
  const embed = (query: Record<string, unknown>) => server.inject({ path: '/oembed/1.0/embed', query });

  it('pairs blockquote and iframe with one fresh 10-character secret per answer', async () => {
    const secrets = await Promise.all(
      [1, 2].map(async () => {
        const { html } = (await embed({ url: `${BASE}/post-01/` })).data as { html: string };
        const found = [...html.matchAll(/(?:data-secret="|#\?secret=)([^"]*)"/g)].map((m) => m[1]);
        expect(found).toHaveLength(3);
        expect(new Set(found).size).toBe(1);
        expect(found[0]).toMatch(/^[A-Za-z0-9]{10}$/);
        return found[0];
      }),
    );
    expect(secrets[0]).not.toBe(secrets[1]);
  });

  it.each([
    ['https scheme', 'https://peer.test/post-01/'],
    ['no trailing slash', `${BASE}/post-01`],
    ['www host', 'http://www.peer.test/post-01/'],
    ['the embed URL itself', `${BASE}/post-01/embed/`],
    ['a query and fragment', `${BASE}/post-01/?utm=x#top`],
    ['a ?p= query', `${BASE}/?p=4`],
  ])('finds the post by its permalink with %s', async (_, url) => {
    const answer = await embed({ url });
    expect(answer.status).toBe(200);
    expect((answer.data as { title: string }).title).toBe('Post 01 bravo');
  });

  it.each([
    ['a draft', `${BASE}/?p=27`],
    ['an unknown id', `${BASE}/?p=999`],
    ['an unknown slug', `${BASE}/no-such-post/`],
    ['the home page', `${BASE}/`],
    ['an archive path', `${BASE}/category/news/post-01/`],
  ])('answers 404 oembed_invalid_url for %s', async (_, url) => {
    const answer = await embed({ url });
    expect(answer.status).toBe(404);
    expect(answer.data).toEqual({ code: 'oembed_invalid_url', message: 'Not Found', data: { status: 404 } });
  });

  it.each([
    [1000, 600, 338],
    ['-400', 400, 225],
    ['250px', 250, 200],
    [0, 200, 200],
    ['1e3', 600, 338],
    [' -250.9 px', 250, 200],
  ])('reads maxwidth %j as PHP absint, kept within 200–600, with a 16:9 height of at least 200', async (maxwidth, width, height) => {
    const data = (await embed({ url: `${BASE}/post-01/`, maxwidth })).data as { width: number; height: number; html: string };
    expect([data.width, data.height]).toEqual([width, height]);
    expect(data.html).toContain(`width="${width}" height="${height}"`);
  });

  it("names the site as the author when authorOf knows no one, as WordPress's defaults do", async () => {
    const data = (await embed({ url: `${BASE}/post-05/` })).data as Record<string, unknown>;
    expect(data.author_name).toBe('Example Site');
    expect(data.author_url).toBe(BASE);
  });

  it("leaves WordPress's inline script out unless the host gives it", async () => {
    const { html } = (await embed({ url: `${BASE}/post-01/` })).data as { html: string };
    expect(html.endsWith('</iframe>')).toBe(true);
    expect(html).not.toContain('<script');
  });

  it('answers format=xml as text/xml, printed as _oembed_create_xml prints it', async () => {
    const answer = await embed({ url: `${BASE}/post-01/`, format: 'xml' });
    expect(answer.status).toBe(200);
    expect(answer.headers['Content-Type']).toBe('text/xml; charset=UTF-8');
    expect(maskSecrets(answer.body).split(BASE).join('{base}')).toBe(fixture('embed-post-01.xml'));
  });

  it.each(['bogus', 'XML', ''])('answers JSON for format=%j (wp_oembed_ensure_format)', async (format) => {
    const answer = await embed({ url: `${BASE}/post-01/`, format });
    expect(answer.headers['Content-Type']).toBe('application/json; charset=UTF-8');
    expect((answer.data as { type: string }).type).toBe('rich');
  });

  it('answers 400 rest_missing_callback_param without a url', async () => {
    const answer = await embed({});
    expect(answer.status).toBe(400);
    expect((answer.data as { code: string }).code).toBe('rest_missing_callback_param');
  });
});

/** A provider on a loopback port: pages that name an endpoint, and endpoints that misbehave in chosen ways. */
function providerServer() {
  const hits: string[] = [];
  let base = '';
  const document = fixture('provider-rich.json');
  const page = (kind: string) => fixture('provider-page.html').replaceAll('{endpoint}', `${base}/oembed/${kind}`);
  const routes: Record<string, (res: ServerResponse) => void> = {
    '/page/hang': () => {},
    '/page/huge': (res) => res.end(page('good') + `<p>${'padding '.repeat(4000)}</p>`),
    '/page/file-link': (res) =>
      res.end('<html><head><link rel="alternate" type="application/json+oembed" href="file:///etc/passwd"></head></html>'),
    '/oembed/good': (res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(document),
    '/oembed/big': (res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"type":"rich","html":"');
      for (let i = 0; i < 10; i++) res.write('x'.repeat(1024));
      res.end('"}');
    },
    '/oembed/text': (res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('not json'),
    '/oembed/array': (res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('[1,2]'),
    '/oembed/error': (res) => res.writeHead(500, { 'Content-Type': 'application/json' }).end(document),
    '/oembed/stall': (res) => res.writeHead(200, { 'Content-Type': 'application/json' }).write('{"type":'),
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    hits.push(req.url!);
    const path = req.url!.split('?')[0]!;
    const route = routes[path] ?? (path.startsWith('/page/') ? (r: ServerResponse) => r.end(page(path.slice('/page/'.length))) : undefined);
    if (route) route(res);
    else res.writeHead(404).end();
  });
  return {
    hits,
    get base() {
      return base;
    },
    /** The paths fetched, without their queries. */
    paths: () => hits.map((hit) => hit.split('?')[0]),
    start: () =>
      new Promise<void>((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
          resolve();
        }),
      ),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('oembed/1.0/proxy', () => {
  const provider = providerServer();
  // The test provider listens on loopback, which Node's guarded fetch refuses to reach by default.
  const site = (options: OembedOptions = {}) => siteOf({ fetch: nodeOembedFetch({ allowPrivateAddresses: true }), ...options });
  const expected = (name: string) => JSON.parse(fixture(name)) as Record<string, unknown>;
  const proxy = (server: RestServer, query: Record<string, unknown>, user: RestUser | null = admin) =>
    server.inject({ path: '/oembed/1.0/proxy', query, user });
  const masked = (data: unknown) => JSON.parse(maskSecrets(JSON.stringify(data))) as unknown;

  beforeAll(() => provider.start());
  afterAll(() => provider.stop());
  beforeEach(() => {
    provider.hits.length = 0;
  });

  it("never reaches loopback, private or link-local addresses with Node's guarded fetch", async () => {
    const refused = await proxy(siteOf({ fetch: nodeOembedFetch() }), { url: `${provider.base}/page/good` });
    expect(refused).toMatchObject({ status: 404, data: { code: 'oembed_invalid_url' } });
    const viaSanctioned = siteOf({
      fetch: nodeOembedFetch(),
      providers: [{ pattern: /^https:\/\/videos\.example\//, endpoint: 'http://169.254.169.254/latest/meta-data' }],
    });
    expect(await proxy(viaSanctioned, { url: 'https://videos.example/v/1' })).toMatchObject({ status: 404 });
    expect(provider.hits).toEqual([]);
  });

  it("contacts nothing without a fetch: other sites answer 501 naming the option, the site's own posts still embed", async () => {
    const server = siteOf();
    const other = await proxy(server, { url: `${provider.base}/page/good` });
    expect(other).toMatchObject({ status: 501, data: { code: 'rest_oembed_fetch_not_configured' } });
    expect(other.body).toContain('fetch');
    expect(provider.hits).toEqual([]);
    const own = await proxy(server, { url: `${BASE}/post-01/` });
    expect(own.status).toBe(200);
  });

  it("answers a discovered provider's data, its HTML reduced as WordPress reduces an unsanctioned provider's", async () => {
    const answer = await proxy(site(), { url: `${provider.base}/page/good` });
    expect(answer.status).toBe(200);
    expect(masked(answer.data)).toEqual(expected('proxy-rich-discovered.json'));
  });

  it("passes a sanctioned provider's HTML through, only titling its iframe, without discovery", async () => {
    const server = site({ providers: [{ pattern: /^https:\/\/videos\.example\//, endpoint: `${provider.base}/oembed/good` }] });
    const answer = await proxy(server, { url: 'https://videos.example/v/1' });
    expect(answer.data).toEqual(expected('proxy-rich-sanctioned.json'));
    expect(provider.paths()).toEqual(['/oembed/good']);
  });

  it("asks the discovered endpoint with the link's own query, maxwidth, maxheight (750 by default), url, dnt and format=json", async () => {
    const url = `${provider.base}/page/good`;
    await proxy(site(), { url, maxwidth: 300 });
    const asked = new URL(provider.hits[1]!, provider.base);
    expect(asked.pathname).toBe('/oembed/good');
    expect([...asked.searchParams]).toEqual([
      ['ref', 'page'],
      ['as', 'json'],
      ['maxwidth', '300'],
      ['maxheight', '750'],
      ['url', url],
      ['dnt', '1'],
      ['format', 'json'],
    ]);
  });

  it('serves a repeated request from its cache: the provider is fetched once', async () => {
    const server = site();
    const first = await proxy(server, { url: `${provider.base}/page/good` });
    const second = await proxy(server, { url: `${provider.base}/page/good` });
    expect(second.body).toBe(first.body);
    expect(provider.paths()).toEqual(['/page/good', '/oembed/good']);
  });

  it('fetches again for another maxwidth, after the TTL, and after the entry was evicted', async () => {
    const url = `${provider.base}/page/good`;
    const other = `${provider.base}/page/good?v=2`;
    const sized = site();
    await proxy(sized, { url });
    await proxy(sized, { url, maxwidth: 300 });
    const expiring = site({ cacheTtlMs: 0 });
    await proxy(expiring, { url });
    await proxy(expiring, { url });
    const small = site({ cacheSize: 1 });
    await proxy(small, { url });
    await proxy(small, { url: other });
    await proxy(small, { url });
    expect(provider.paths().filter((path) => path === '/oembed/good')).toHaveLength(7);
  });

  it.each([
    ['the page never answers', '/page/hang'],
    ['the endpoint stalls in its body', '/page/stall'],
  ])('answers 404 within the timeout when %s', async (_, path) => {
    const started = Date.now();
    const answer = await proxy(site({ timeoutMs: 200 }), { url: provider.base + path });
    expect(answer.status).toBe(404);
    expect((answer.data as { code: string }).code).toBe('oembed_invalid_url');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it.each([
    ['a body over maxBytes', 'big'],
    ['an answer that is not JSON', 'text'],
    ['a JSON array', 'array'],
    ['a non-2xx status', 'error'],
    ['an endpoint that does not exist', 'missing'],
  ])('answers 404 oembed_invalid_url for %s', async (_, kind) => {
    const answer = await proxy(site({ maxBytes: 4096 }), { url: `${provider.base}/page/${kind}` });
    expect(answer.status).toBe(404);
    expect(answer.data).toEqual({ code: 'oembed_invalid_url', message: 'Not Found', data: { status: 404 } });
    expect(provider.paths()).toEqual([`/page/${kind}`, `/oembed/${kind}`]);
  });

  it('reads only the first maxBytes of a page to discover its endpoint', async () => {
    const answer = await proxy(site({ maxBytes: 4096 }), { url: `${provider.base}/page/huge` });
    expect(answer.status).toBe(200);
    expect((answer.data as { title: string }).title).toBe('A video');
  });

  it('with discover=false, answers 404 for a provider that is not sanctioned without contacting it', async () => {
    const answer = await proxy(site(), { url: `${provider.base}/page/good`, discover: false });
    expect(answer.status).toBe(404);
    expect(provider.hits).toEqual([]);
  });

  it('never fetches a URL that is not http(s), given or discovered', async () => {
    const seen: string[] = [];
    const server = site({ fetch: (input, init) => (seen.push(urlOf(input)), fetch(input, init)) });
    expect((await proxy(server, { url: `ftp://127.0.0.1/page/good` })).status).toBe(404);
    expect((await proxy(server, { url: `${provider.base}/page/file-link` })).status).toBe(404);
    expect(seen).toEqual([`${provider.base}/page/file-link`]);
  });

  it("uses the host's fetch when given", async () => {
    const seen: string[] = [];
    const hostFetch: typeof fetch = async (input) => {
      const url = urlOf(input);
      seen.push(url.split('?')[0]!);
      if (url.startsWith('https://elsewhere.example/oembed'))
        return new Response(fixture('provider-rich.json'), { headers: { 'Content-Type': 'application/json' } });
      return new Response('<head><link rel="alternate" type="application/json+oembed" href="https://elsewhere.example/oembed"></head>');
    };
    const answer = await proxy(site({ fetch: hostFetch }), { url: 'https://elsewhere.example/watch/1' });
    expect(answer.status).toBe(200);
    expect((answer.data as { provider_name: string }).provider_name).toBe('Example Videos');
    expect(seen).toEqual(['https://elsewhere.example/watch/1', 'https://elsewhere.example/oembed']);
    expect(provider.hits).toEqual([]);
  });

  it("answers this site's own posts locally, at the requested width, without fetching", async () => {
    const server = site({ fetch: () => Promise.reject(new Error('no fetch expected')) });
    const answer = await proxy(server, { url: `${BASE}/post-01/`, maxwidth: 300 });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ provider_name: 'Example Site', title: 'Post 01 bravo', width: 300, height: 200 });
  });

  it('refuses users who may not edit posts with 403 rest_forbidden', async () => {
    const answer = await proxy(site(), { url: `${provider.base}/page/good` }, subscriber);
    expect(answer.status).toBe(403);
    expect(answer.data).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to make proxied oEmbed requests.',
      data: { status: 403 },
    });
    expect(provider.hits).toEqual([]);
  });
});

/** What a browser would run or load from proxied HTML that WordPress's filter should not let through. */
function unsafeParts(html: string): string[] {
  const allowed: Record<string, string[]> = {
    a: ['href'],
    blockquote: ['class', 'data-secret'],
    iframe: [
      'class',
      'sandbox',
      'security',
      'style',
      'title',
      'src',
      'data-secret',
      'width',
      'height',
      'frameborder',
      'marginwidth',
      'marginheight',
      'scrolling',
    ],
  };
  const found: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (!Object.hasOwn(allowed, name)) found.push(`<${name}>`);
      for (const [attribute, value] of Object.entries(attributes)) {
        if (!allowed[name]?.includes(attribute)) found.push(`${name}[${attribute}]`);
        if ((attribute === 'href' || attribute === 'src') && !/^https?:\/\//i.test(value)) found.push(`${name}[${attribute}="${value}"]`);
      }
      if (name === 'iframe' && attributes.sandbox !== 'allow-scripts') found.push('an iframe without sandbox');
    },
    oncomment: () => found.push('a comment'),
    onprocessinginstruction: () => found.push('a declaration'),
  });
  parser.write(html);
  parser.end();
  return found;
}

/** A site whose fetch serves a page naming an endpoint, and at that endpoint a rich document with the given HTML. */
function siteServing(html: string, options: OembedOptions = {}): RestServer {
  const hostFetch: typeof fetch = async (input) =>
    urlOf(input).startsWith('https://provider.example/oembed')
      ? new Response(JSON.stringify({ version: '1.0', type: 'rich', title: 'A video', html }), {
          headers: { 'Content-Type': 'application/json' },
        })
      : new Response('<head><link rel="alternate" type="application/json+oembed" href="https://provider.example/oembed"></head>');
  return siteOf({ fetch: hostFetch, maxBytes: 2 * 1024 * 1024, ...options });
}

async function proxiedHtml(server: RestServer, url = 'https://videos.example/v/1'): Promise<string | false> {
  const answer = await server.inject({ path: '/oembed/1.0/proxy', query: { url }, user: admin });
  expect(answer.status).toBe(200);
  return (answer.data as { html: string | false }).html;
}

const KiB = 1024;
const FRAME = '<iframe src="https://player.example/v/1" width="480" height="270"></iframe>';
/** Repeats a unit to about `size` characters. */
const filled = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length));

describe('oembed/1.0/proxy with hostile provider HTML', () => {
  // Inputs built against the patterns WordPress (and this proxy before) split HTML with; each
  // took seconds to hours there. `keeps` says whether the genuine iframe must survive.
  const hostile: Array<[string, (size: number) => string, boolean]> = [
    ['<pre> elements full of line breaks', (size) => filled('<pre>\n', size) + FRAME, true],
    ['"PRE><PRE><" runs', (size) => `\n${filled('PRE><PRE><', size)}${FRAME}`, true],
    ['unclosed <pre tags', (size) => filled('<pre\n', size) + FRAME, false],
    ['<IFRAME without end', (size) => `\n${filled('<IFRAME', size)}${FRAME}`, false],
    [
      'blockquotes and iframe end tags interleaved',
      (size) => {
        const k = Math.ceil(size / 58);
        return `\n${'</iframe><blockquote>f'.repeat(k)}<${'/iframe></blockquote>'.repeat(k)}${'/iframe><iframe'.repeat(k)}/iframe>${FRAME}`;
      },
      true,
    ],
    ['attribute values that never close', (size) => `<iframe a${filled('="b', size)}${FRAME}`, false],
    ['a run of <', (size) => `${FRAME}\n${filled('<', size)}`, true],
    ['a comment never closed', (size) => `${FRAME}\n<!--${filled('<iframe src="https://evil.example/">', size)}`, true],
    ['iframes cut off at the end', (size) => `${FRAME}\n${filled('<iframe src="https://evil.example/" onload="steal()"', size)}`, true],
  ];

  it.each(hostile.flatMap(([name, build, keeps]) => [16 * KiB, 512 * KiB, 1024 * KiB].map((size) => [name, size, build, keeps] as const)))(
    'answers %s (%i characters) with safe HTML',
    async (_, size, build, keeps) => {
      const html = await proxiedHtml(siteServing(build(size)));
      if (keeps)
        expect(html).toMatch(
          /^<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted" title="A video" src="https:\/\/player\.example\/v\/1#\?secret=[A-Za-z0-9]{10}" data-secret="[A-Za-z0-9]{10}" width="480" height="270"><\/iframe>$/,
        );
      if (html !== false) expect(unsafeParts(html)).toEqual([]);
    },
  );

  it('treats markup inside <script>, <style>, <textarea> and <title> as text, as a browser does: no iframe hidden there is embedded', async () => {
    for (const element of ['script', 'style', 'textarea', 'title']) {
      const html = `<${element}><iframe src="https://evil.example/" onload="steal()"></iframe></${element}>`;
      expect(await proxiedHtml(siteServing(html))).toBe(false);
    }
    const quoted = (await proxiedHtml(
      siteServing(`<blockquote><textarea><iframe src="https://evil.example/"></iframe></textarea></blockquote>${FRAME}`),
    )) as string;
    expect(quoted).toMatch(/^<blockquote class="wp-embedded-content" data-secret="\w{10}">&lt;iframe src="https:\/\/evil\.example\//);
    expect(quoted.split('<iframe ')).toHaveLength(2);
    expect(unsafeParts(quoted)).toEqual([]);
  });

  it('reads attributes as a browser does: slash-separated and unquoted handlers are dropped, a quoted > stays escaped inside its value', async () => {
    const html = await proxiedHtml(
      siteServing(
        '<iframe/src="https://player.example/v/1"/onload=steal() title="a>b" srcdoc="<script>x</script>" src="javascript:alert(1)"></iframe>',
      ),
    );
    expect(html).toMatch(
      /^<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted" title="a&gt;b" src="https:\/\/player\.example\/v\/1#\?secret=\w{10}" data-secret="\w{10}"><\/iframe>$/,
    );
    expect(unsafeParts(html as string)).toEqual([]);
  });

  it('keeps only http(s) URLs, whatever their case, spacing or entities', async () => {
    for (const src of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html,x',
      '//evil.example/',
      '/relative',
    ]) {
      expect(await proxiedHtml(siteServing(`<iframe src="${src}"></iframe>`))).toMatch(
        /^<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted" title="A video"><\/iframe>$/,
      );
    }
  });

  it('answers random markup with safe HTML or none (property)', async () => {
    const piece = fc.constantFrom(
      '<',
      '>',
      '/',
      '!--',
      '-->',
      '"',
      "'",
      '=',
      ' ',
      '\n',
      'iframe',
      'blockquote',
      'a',
      'script',
      'textarea',
      ' src=',
      ' href=',
      ' onload=',
      'https://x.example/',
      'javascript:',
      '&#',
      ';',
      'x',
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: piece, maxLength: 40 }), async (html) => {
        const answer = await proxiedHtml(siteServing(html, { cacheSize: 0 }));
        if (answer !== false) expect(unsafeParts(answer)).toEqual([]);
      }),
      { numRuns: propertyRuns({ ci: 100, deep: 300 }) },
    );
  });

  it("titles a sanctioned provider's iframes without multiplying its answer: a long title over thousands of iframes", async () => {
    const html = `<iframe title="${'t'.repeat(256 * KiB)}" src="https://player.example/v/1"></iframe>${'<iframe >'.repeat(20_000)}`;
    const answer = await proxiedHtml(
      siteServing(html, { providers: [{ pattern: /^https:\/\/videos\.example\//, endpoint: 'https://provider.example/oembed' }] }),
    );
    expect((answer as string).startsWith(`<iframe title="${'t'.repeat(256 * KiB)}" src="https://player.example/v/1">`)).toBe(true);
    expect((answer as string).length).toBeLessThan(2 * html.length);
  });

  it("strips a sanctioned provider's line breaks except inside <pre> elements", async () => {
    const html = '<div>\na\r\nb</div><pre class="code">\n  x\n</pre>\n<pre>\ny';
    const answer = await proxiedHtml(
      siteServing(html, { providers: [{ pattern: /^https:\/\/videos\.example\//, endpoint: 'https://provider.example/oembed' }] }),
    );
    expect(answer).toBe('<div>ab</div><pre class="code">\n  x\n</pre><pre>y');
  });
});

describe('oembed/1.0/proxy discovery on hostile pages', () => {
  const LINK = '<link rel="alternate" type="application/json+oembed" href="https://provider.example/oembed?from=page">';

  /** A site whose fetch answers `page` for the content URL, and records what else it is asked. */
  function discovering(page: string) {
    const asked: string[] = [];
    const hostFetch: typeof fetch = async (input) => {
      const url = urlOf(input);
      if (url.startsWith('https://provider.example/oembed')) {
        asked.push(url.split('&')[0]!);
        return new Response(fixture('provider-rich.json'), { headers: { 'Content-Type': 'application/json' } });
      }
      return new Response(page);
    };
    return { server: siteOf({ fetch: hostFetch, maxBytes: 2 * 1024 * 1024 }), asked };
  }

  const noise: Array<[string, (size: number) => string]> = [
    [
      'thousands of links, comments and long attribute runs',
      (size) => filled('<link rel="stylesheet" href="/s.css"><!-- application/json+oembed --><meta a=1 b=2 c=3 d=4>', size),
    ],
    ['unclosed tags', (size) => `${filled('<a<b ', size)}>`],
  ];

  it.each(noise.flatMap(([name, build]) => [512 * KiB, 1024 * KiB].map((size) => [name, size, build] as const)))(
    'finds the endpoint in a head of %s (%i characters)',
    async (_, size, build) => {
      const { server, asked } = discovering(`<html><head>${build(size)}${LINK}</head><body></body></html>`);
      expect((await server.inject({ path: '/oembed/1.0/proxy', query: { url: 'https://videos.example/v/1' }, user: admin })).status).toBe(
        200,
      );
      expect(asked).toEqual(['https://provider.example/oembed?from=page']);
    },
  );

  it.each([
    ['thousands of <link without >', (size: number) => filled('<link type="application/json+oembed" href="https://evil.example/" ', size)],
    ['a comment never closed', (size: number) => `<!--${filled(LINK, size)}`],
    ['a script never closed', (size: number) => `<script>${filled(LINK, size)}`],
    ['an attribute value never closed', (size: number) => `<link type="application/json+oembed" href='${filled(LINK, size)}`],
  ])('finds no endpoint in a head of %s, and answers 404', async (_, build) => {
    for (const size of [512 * KiB, 1024 * KiB]) {
      const { server, asked } = discovering(`<html><head>${build(size)}`);
      const answer = await server.inject({ path: '/oembed/1.0/proxy', query: { url: 'https://videos.example/v/1' }, user: admin });
      expect(answer).toMatchObject({ status: 404, data: { code: 'oembed_invalid_url' } });
      expect(asked).toEqual([]);
    }
  });

  it('reads links as a browser does: not from comments, scripts or the body; the first JSON link wins, else the last XML one', async () => {
    const xml = (n: number) => `<link rel="alternate" type="text/xml+oembed" href="https://provider.example/oembed?xml=${n}" />`;
    const head = `<!-- ${LINK} --><script>document.write('${LINK}')</script>${xml(1)}${xml(2)}`;
    const { server, asked } = discovering(`<html><head>${head}</head><body>${LINK}</body></html>`);
    expect((await server.inject({ path: '/oembed/1.0/proxy', query: { url: 'https://videos.example/v/1' }, user: admin })).status).toBe(
      200,
    );
    expect(asked).toEqual(['https://provider.example/oembed?xml=2']);
  });
});
