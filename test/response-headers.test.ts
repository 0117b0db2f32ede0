// No request can make an adapter throw on a header: whatever the query, a handler or a hook puts
// into the answer's headers goes out in printable ASCII, and a name that is no HTTP token is dropped.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corePosts, createRestServer, respond, type NamespaceModule, type RestServer } from '../src/index.js';
import { seededPostsStorage } from './helpers/posts-storage.js';
import { ADAPTER_NAMES, mountAdapter, type Mounted } from './helpers/adapters.js';

/** Header values a handler might build from anything, each with characters no adapter may send raw. */
const HOSTILE_VALUES: Record<string, string> = {
  'X-Crlf': 'a\r\nSet-Cookie: stolen=1',
  'X-Nul': 'a\0b',
  'X-Snowman': 'snow ☃',
  'X-Emoji': '😀',
  'X-Lone-Surrogate': 'a\ud800b',
  'X-Del': 'a\x7fb',
  'X-Latin-1': 'café',
  // Not a list of tokens: a Vary parser (Koa's `vary`) would throw on it.
  Vary: 'Accept, not a token',
};

/** The same values as every adapter sends them. */
const ENCODED_VALUES: Record<string, string> = {
  'x-crlf': 'a%0D%0ASet-Cookie: stolen=1',
  'x-nul': 'a%00b',
  'x-snowman': 'snow %E2%98%83',
  'x-emoji': '%F0%9F%98%80',
  'x-lone-surrogate': 'a%EF%BF%BDb',
  'x-del': 'a%7Fb',
  // Node would send it as UTF-8 bytes, which clients read as Latin-1 (`cafÃ©`).
  'x-latin-1': 'caf%C3%A9',
  vary: 'Accept, not a token, Origin',
};

const INVALID_NAMES = ['Bad Name', 'X-Split\r\nInjected', 'X-Ümlaut', ''];

/** Headers that frame the body, which only the adapter may set. */
const FRAMING = { 'Content-Length': '3', 'transfer-encoding': 'chunked' };

const probe: NamespaceModule = {
  namespace: 'probe/v1',
  routes: [
    {
      path: '/headers',
      endpoints: [
        {
          methods: 'GET',
          handler: () => respond({ ok: true }, 200, { ...HOSTILE_VALUES, ...Object.fromEntries(INVALID_NAMES.map((name) => [name, 'x'])) }),
        },
      ],
    },
    { path: '/framing', endpoints: [{ methods: 'GET', handler: () => respond({ hello: 'world' }, 200, FRAMING) }] },
    {
      path: '/named',
      endpoints: [
        {
          methods: 'GET',
          handler: (request) => respond({ ok: true }, 200, { [String(request.params.name)]: String(request.params.value) }),
        },
      ],
    },
  ],
};

function site(reported: string[]): RestServer {
  return createRestServer({
    site: { name: 'Site', url: 'http://site.test' },
    namespaces: [corePosts({ storage: seededPostsStorage() }), probe],
    // A hook writes response headers too, from the request.
    authenticate: (request, headers) => {
      if (request.url.includes('hook=1')) Object.assign(headers, { 'X-Hook': `from ${request.url}\r\nX-Injected: 1`, 'Hook Name': 'x' });
      return null;
    },
    onError: (error) => reported.push(String((error as Error).message)),
  });
}

/** A GET over a real socket; the path goes out exactly as given. */
function get(port: number, path: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject).end();
  });
}

/** Printable ASCII and tab: what every adapter sends as it is. */
const SENDABLE = /^[\t\x20-\x7e]*$/;

describe.each(ADAPTER_NAMES)('response headers through the %s adapter', (adapter) => {
  const reported: string[] = [];
  let mounted: Mounted;
  beforeAll(async () => {
    mounted = await mountAdapter(adapter, site(reported));
  });
  afterAll(() => mounted.close());

  it.each([
    ['CR and LF', 'a%0D%0Ab=1&c=%0D%0A', ['a%0D%0Ab=1', 'c=%0D%0A']],
    // PHP ends a key at its NUL.
    ['NUL', 'n%00ul=%00', ['n=%00']],
    ['non-Latin-1', 'snow%E2%98%83=%F0%9F%98%80', ['snow%E2%98%83=%F0%9F%98%80']],
    ['a nested key with CR, LF and spaces', 'arr[k%0D%0Ay%20z]=v', ['arr%5Bk%0D%0Ay+z%5D=v']],
  ])('encodes %s in query keys and values into the pagination Link', async (_, query, expected) => {
    const answer = await get(mounted.port, `/wp-json/core/v2/posts?per_page=1&${query}&page=2`);
    expect(answer.status).toBe(200);
    const link = String(answer.headers.link);
    expect(link).toMatch(SENDABLE);
    const next = /<([^>]*)>; rel="next"/.exec(link)![1]!;
    for (const pair of expected) expect(next).toContain(`&${pair}&`);
    expect(next).toMatch(/&page=3$/);
  });

  it("sends a handler's header values encoded and drops names that are no HTTP token, reporting each once", async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await get(mounted.port, '/wp-json/probe/v1/headers');
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ ok: true });
      for (const [name, value] of Object.entries(ENCODED_VALUES)) expect(answer.headers[name]).toBe(value);
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(Object.keys(answer.headers).filter((name) => /bad|split|injected|mlaut/i.test(name))).toEqual([]);
    }
    expect(reported.filter((message) => message.includes('HTTP token'))).toHaveLength(INVALID_NAMES.length);
  });

  it("drops a handler's Content-Length and Transfer-Encoding, which would make the answer unreadable", async () => {
    const answer = await get(mounted.port, '/wp-json/probe/v1/framing');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ hello: 'world' });
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(reported.filter((message) => message.includes('the adapter frames the body'))).toHaveLength(2);
  });

  it('drops a header name taken from the request, and encodes a value taken from it', async () => {
    const dropped = await get(mounted.port, '/wp-json/probe/v1/named?name=X-A%0D%0AB&value=1');
    expect(dropped.status).toBe(200);
    expect(Object.keys(dropped.headers).filter((name) => name.startsWith('x-a'))).toEqual([]);
    const encoded = await get(mounted.port, '/wp-json/probe/v1/named?name=X-Value&value=%E2%98%83%0D%0A%00');
    expect(encoded.headers['x-value']).toBe('%E2%98%83%0D%0A%00');
  });

  it('encodes the headers an authentication hook writes', async () => {
    const answer = await get(mounted.port, '/wp-json/probe/v1/named?name=X-Value&value=1&hook=1');
    expect(answer.status).toBe(200);
    expect(answer.headers['x-hook']).toBe('from /wp-json/probe/v1/named?name=X-Value&value=1&hook=1%0D%0AX-Injected: 1');
    expect(answer.headers['x-injected']).toBeUndefined();
    expect(answer.headers['hook name']).toBeUndefined();
  });
});
