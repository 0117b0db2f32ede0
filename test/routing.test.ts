import { describe, expect, it } from 'vitest';
import { createRestServer, type NamespaceModule, type RouteDefinition } from '../src/index.js';

const site = { name: 'Routing', url: 'http://r.test' };
const echo =
  (label: string): RouteDefinition['endpoints'][number]['handler'] =>
  (request) => ({ label, params: request.urlParams });

function serverWith(...modules: NamespaceModule[]) {
  return createRestServer({ site, namespaces: modules, onError: () => {} });
}

async function get(server: ReturnType<typeof serverWith>, url: string, method = 'GET') {
  const answer = (await server.handle({ method, url, headers: {} }))!;
  return { status: answer.status, json: answer.body ? JSON.parse(answer.body) : null };
}

describe('registration refuses what cannot be served safely', () => {
  const route = (path: string): NamespaceModule => ({
    namespace: 'x/v1',
    routes: [{ path, endpoints: [{ methods: 'GET', handler: () => null }] }],
  });

  it('a malformed pattern', () => {
    expect(() => serverWith(route('/items/(?P<id>\\d+'))).toThrow(/invalid route pattern/);
  });

  it('a pattern open to catastrophic backtracking', () => {
    expect(() => serverWith(route('/items/(?P<id>(a+)+)'))).toThrow(/exponential backtracking/);
    expect(() => serverWith(route('/items/(?P<id>(?:\\w*)*)'))).toThrow(/exponential backtracking/);
  });

  it('a backreference or PCRE-only syntax', () => {
    expect(() => serverWith(route('/items/(a)\\1'))).toThrow(/backreferences/);
    expect(() => serverWith(route('/items/(?>a)'))).toThrow(/not supported/);
  });

  it('a duplicate endpoint', () => {
    expect(() =>
      serverWith({
        namespace: 'x/v1',
        routes: [
          { path: '/a', endpoints: [{ methods: 'GET', handler: () => 1 }] },
          { path: '/a', endpoints: [{ methods: ['POST', 'GET'], handler: () => 2 }] },
        ],
      }),
    ).toThrow(/duplicate endpoint GET \/x\/v1\/a/);
  });

  it('a malformed arg descriptor, naming the route and the keyword', () => {
    expect(() =>
      serverWith({
        namespace: 'x/v1',
        routes: [
          {
            path: '/a',
            endpoints: [{ methods: 'GET', args: { n: { type: 'integer', minimum: 'one' as unknown as number } }, handler: () => 1 }],
          },
        ],
      }),
    ).toThrow(/GET \/x\/v1\/a arg "n".*minimum/);
  });

  it('accepts the same path registered again for other methods, as one route', async () => {
    const server = serverWith({
      namespace: 'x/v1',
      routes: [
        { path: '/a', endpoints: [{ methods: 'GET', handler: echo('get') }] },
        { path: '/a', endpoints: [{ methods: 'POST', permission: 'public', handler: echo('post') }] },
      ],
    });
    expect((await get(server, '/wp-json/x/v1/a', 'POST')).json.label).toBe('post');
    const index = (await get(server, '/wp-json/x/v1')).json;
    expect(index.routes['/x/v1/a'].methods).toEqual(['GET', 'POST']);
  });
});

describe("matching follows WordPress's rules", () => {
  const server = serverWith({
    namespace: 'host-toolkit/api',
    routes: [
      { path: '/analytics/settings', endpoints: [{ methods: 'POST', permission: 'public', handler: echo('settings') }] },
      { path: '/(?P<slug>.+)', endpoints: [{ methods: 'GET', handler: echo('slug') }] },
      { path: '/items/(?P<id>\\d+)', endpoints: [{ methods: 'GET', handler: echo('never reached') }] },
    ],
  });

  it('the first registered route wins where routes overlap', async () => {
    expect((await get(server, '/wp-json/host-toolkit/api/items/5')).json).toEqual({ label: 'slug', params: { slug: 'items/5' } });
  });

  it('a route that matches the path but not the method lets later routes try', async () => {
    expect((await get(server, '/wp-json/host-toolkit/api/analytics/settings')).json).toEqual({
      label: 'slug',
      params: { slug: 'analytics/settings' },
    });
    expect((await get(server, '/wp-json/host-toolkit/api/analytics/settings', 'POST')).json.label).toBe('settings');
  });

  it('matching is case-insensitive', async () => {
    expect((await get(server, '/wp-json/HOST-TOOLKIT/API/Analytics/Settings', 'POST')).json.label).toBe('settings');
  });

  it('HEAD is served by GET with an empty body', async () => {
    const answer = (await server.handle({ method: 'HEAD', url: '/wp-json/host-toolkit/api/x', headers: {} }))!;
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('');
  });

  it('no route answers 404 rest_no_route, never 405', async () => {
    const answer = await get(server, '/wp-json/host-toolkit/api/x', 'DELETE');
    expect(answer.status).toBe(404);
    expect(answer.json.code).toBe('rest_no_route');
  });

  describe('whatever literal text routes start with', () => {
    const layered = serverWith({
      namespace: 'layers/v1',
      routes: [
        { path: '/(?P<kind>[a-z]+)/items', endpoints: [{ methods: 'GET', handler: echo('any kind') }] },
        { path: '/things/items', endpoints: [{ methods: 'GET', handler: echo('things') }] },
        { path: '/things/(?P<id>\\d+)', endpoints: [{ methods: 'GET', handler: echo('thing') }] },
        { path: '/posts?', endpoints: [{ methods: 'GET', handler: echo('post or posts') }] },
        { path: '/opt/?tail', endpoints: [{ methods: 'GET', handler: echo('optional slash') }] },
        { path: '/deep/er/one|/layers/v1/other', endpoints: [{ methods: 'GET', handler: echo('either') }] },
      ],
    });
    const label = async (url: string) => (await get(layered, url)).json.label ?? (await get(layered, url)).json.code;

    it('a route starting with a variable, registered first, still wins over a literal one', async () => {
      expect(await label('/wp-json/layers/v1/things/items')).toBe('any kind');
      expect(await label('/wp-json/layers/v1/things/7')).toBe('thing');
    });

    it('a character made optional by a quantifier is not required', async () => {
      expect(await label('/wp-json/layers/v1/post')).toBe('post or posts');
      expect(await label('/wp-json/layers/v1/POSTS')).toBe('post or posts');
      expect(await label('/wp-json/layers/v1/opttail')).toBe('optional slash');
      expect(await label('/wp-json/layers/v1/opt/tail')).toBe('optional slash');
    });

    it('each side of an alternation outside any group matches', async () => {
      expect(await label('/wp-json/layers/v1/deep/er/one')).toBe('either');
      expect(await label('/wp-json/layers/v1/other')).toBe('either');
    });

    it('literal segments match in any letter case, and only whole', async () => {
      expect(await label('/wp-json/layers/v1/THINGS/7')).toBe('thing');
      expect(await label('/wp-json/layers/v1/thingsx/7')).toBe('rest_no_route');
    });
  });

  it("a namespace is tried for every path its text starts, as WordPress's strpos, whatever the segments", async () => {
    // `ab` starts `abc/v1/x` too: registered first, its route (the `/` after `ab` made optional) wins.
    const prefixed = serverWith(
      { namespace: 'ab', routes: [{ path: '?c/v1/x', endpoints: [{ methods: 'GET', handler: echo('ab') }] }] },
      { namespace: 'abc/v1', routes: [{ path: '/x', endpoints: [{ methods: 'GET', handler: echo('abc/v1') }] }] },
    );
    expect((await get(prefixed, '/wp-json/abc/v1/x')).json.label).toBe('ab');
    expect((await get(prefixed, '/wp-json/ab/c/v1/x')).json.label).toBe('ab');
  });

  it("Allow follows a route's endpoints as they are added, after requests were answered", async () => {
    const growing = serverWith({
      namespace: 'grow/v1',
      routes: [{ path: '/items', endpoints: [{ methods: 'GET', handler: echo('get') }] }],
    });
    const allow = async () => (await growing.handle({ method: 'GET', url: '/wp-json/grow/v1/items', headers: {} }))!.headers.Allow;
    expect(await allow()).toBe('GET');
    growing.register({
      namespace: 'grow/v1',
      routes: [
        { path: '/items', endpoints: [{ methods: 'POST', permission: 'public', handler: echo('post') }] },
        { path: '/items', endpoints: [{ methods: 'DELETE', permission: 'manage_options', handler: echo('delete') }] },
      ],
    });
    expect(await allow()).toBe('GET, POST');
  });

  it('an index-only namespace gets its index route', async () => {
    const indexOnly = serverWith({ namespace: 'core-site-health/v1', routes: [] });
    const answer = await get(indexOnly, '/wp-json/core-site-health/v1');
    expect(answer.json).toMatchObject({ namespace: 'core-site-health/v1', routes: { '/core-site-health/v1': { methods: ['GET'] } } });
    expect((await get(indexOnly, '/wp-json/')).json.namespaces).toEqual(['core-site-health/v1']);
  });
});

describe('rest_route and the API root', () => {
  const server = serverWith({ namespace: 'x/v1', routes: [{ path: '/a', endpoints: [{ methods: 'GET', handler: (r) => r.params }] }] });

  it('serves /wp-json/x, /index.php?rest_route=/x and /?rest_route=/x alike', async () => {
    for (const url of ['/wp-json/x/v1/a', '/index.php?rest_route=/x/v1/a', '/?rest_route=/x/v1/a', '/index.php?rest_route=%2Fx%2Fv1%2Fa']) {
      expect((await get(server, url)).status, url).toBe(200);
    }
  });

  it('keeps rest_route among the params', async () => {
    expect((await get(server, '/index.php?rest_route=/x/v1/a&b=1')).json).toEqual({ rest_route: '/x/v1/a', b: '1' });
  });

  it('leaves URLs outside the API alone', () => {
    for (const url of ['/about', '/index.php', '/index.php?rest_route=', '/wp-jsonx/a', '/blog/?p=1'])
      expect(server.resolve(url), url).toBeNull();
  });

  it('honours a home URL with a path and a custom API root', async () => {
    const nested = createRestServer({
      site: { name: 'N', url: 'http://n.test/blog' },
      apiRoot: 'api',
      namespaces: [{ namespace: 'x/v1', routes: [] }],
    });
    expect(nested.resolve('/blog/api/x/v1')?.route).toBe('/x/v1');
    expect(nested.resolve('/api/x/v1')?.route).toBe('/x/v1');
    expect(nested.restUrl('/x/v1')).toBe('http://n.test/blog/api/x/v1');
  });
});

describe('internal requests (rest_do_request)', () => {
  it('run through matching, validation and permissions, as the calling user', async () => {
    const server = serverWith({
      namespace: 'x/v1',
      routes: [
        {
          path: '/double',
          endpoints: [
            { methods: 'GET', args: { n: { type: 'integer', required: true } }, handler: (r) => ({ n: Number(r.params.n) * 2 }) },
          ],
        },
        { path: '/secret', endpoints: [{ methods: 'POST', handler: () => 'written' }] },
        {
          path: '/proxy',
          endpoints: [
            {
              methods: 'GET',
              handler: async (_r, context) => {
                const ok = await context.dispatch({ path: '/x/v1/double?n=21' });
                const invalid = await context.dispatch({ path: '/x/v1/double', query: { n: 'abc' } });
                const denied = await context.dispatch({ method: 'POST', path: '/x/v1/secret' });
                return { ok: ok.data, invalid: invalid.status, denied: denied.status };
              },
            },
          ],
        },
      ],
    });
    expect((await get(server, '/wp-json/x/v1/proxy')).json).toEqual({ ok: { n: 42 }, invalid: 400, denied: 401 });
  });
});
