import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mock, parseMockFlags } from '../src/cli/mock.js';
import { UsageError } from '../src/cli/common.js';
import { createRestServer, modulesFromIndex } from '../src/index.js';
import { FIXTURES, loadRecordings, loadSpec, phpEqual, recordedRequest, type Recording } from './helpers/peer.js';

const WP = join(FIXTURES, 'wp-6.1');
const servers: Server[] = [];
afterAll(() => servers.forEach((s) => s.close()));

/** Starts `site-rest mock` with these arguments on a free port; its base URL and what it printed. */
async function start(...argv: string[]): Promise<{ base: string; printed: string[] }> {
  const printed: string[] = [];
  const http = await mock([...argv, '--port', '0'], { out: (t) => printed.push(t), err: (t) => printed.push(t) });
  servers.push(http);
  return { base: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, printed };
}

async function getJson(url: string, init?: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await fetch(url, init);
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

/** Fetch options sending `body` as JSON, signed in with HTTP Basic as `user` when given. */
function json(body: unknown, user?: string): RequestInit {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (user !== undefined) headers.Authorization = `Basic ${Buffer.from(user).toString('base64')}`;
  return { headers, body: JSON.stringify(body) };
}

/** The body of a recording file of test/fixtures/wp-6.1. */
function recorded(name: string): Record<string, unknown> {
  return (JSON.parse(readFileSync(join(WP, `${name}.json`), 'utf8')) as { body: Record<string, unknown> }).body;
}

/** The root index WordPress answered, its `{base}` placeholders the mock's URL. */
function recordedIndex(name: string, base: string): Record<string, unknown> {
  return JSON.parse(JSON.stringify(recorded(name)).split('{base}').join(base)) as Record<string, unknown>;
}

// WordPress 6.1's own index holds patterns open to ReDoS (quadratic): the template routes' ids and
// the application-password name `.*\S.*`. The mock leaves them out and says so.
const TEMPLATE_ID = '(?P<id>([^\\/:<>\\*\\?"\\|]+(?:\\/[^\\/:<>\\*\\?"\\|]+)?)[\\/\\w-]+)';
const UNSAFE_ROUTES = [`/wp/v2/templates/${TEMPLATE_ID}`, `/wp/v2/template-parts/${TEMPLATE_ID}`];
const APP_PASSWORDS = '/wp/v2/users/(?P<user_id>(?:[\\d]+|me))/application-passwords';
const NAME_PATTERN_ROUTES = [APP_PASSWORDS, `${APP_PASSWORDS}/(?P<uuid>[\\w\\-]+)`];

describe('site-rest mock of a recorded WordPress 6.1 root index', () => {
  it('serves the site facts, namespaces and routes of the index, in its order, with links to itself', async () => {
    const { base, printed } = await start(join(WP, 'index-root.json'));
    expect(printed.join('')).toContain(`serving ${base}/wp-json/`);
    const wp = recordedIndex('index-root', base);
    const { body: ours } = await getJson(`${base}/wp-json/`);
    // WordPress's own `rest_index` filters add these from its options; an index cannot say how.
    const fromFilters = ['site_logo', 'site_icon', 'site_icon_url'];
    expect(Object.keys(ours)).toEqual(Object.keys(wp).filter((k) => !fromFilters.includes(k)));
    for (const key of ['name', 'description', 'url', 'home', 'gmt_offset', 'timezone_string', 'namespaces', 'authentication', '_links']) {
      expect(ours[key], key).toEqual(wp[key]);
    }
    const ourRoutes = ours.routes as Record<string, Record<string, unknown>>;
    const wpRoutes = wp.routes as Record<string, Record<string, unknown>>;
    expect(Object.keys(ourRoutes)).toEqual(Object.keys(wpRoutes).filter((key) => !UNSAFE_ROUTES.includes(key)));
    const differing = Object.keys(ourRoutes).filter((key) => !phpEqual(ourRoutes[key], wpRoutes[key]));
    // PHP wrote that enum keyed by post type, as a JSON object; the mock lists its values. The
    // application-password routes show their `name` arg without its pattern.
    expect(differing).toEqual(['/wp/v2/users', ...NAME_PATTERN_ROUTES]);
    const enumOf = (routes: Record<string, Record<string, unknown>>) =>
      (routes['/wp/v2/users']!.endpoints as Array<{ args: Record<string, { items: { enum: unknown } }> }>)[0]!.args.has_published_posts!
        .items.enum;
    expect(enumOf(ourRoutes)).toEqual(Object.values(enumOf(wpRoutes) as Record<string, string>));
  });

  it('echoes a valid request as {route, method, params}, defaults applied and values sanitized', async () => {
    const { base } = await start(join(WP, 'index-root.json'));
    const { status, body } = await getJson(`${base}/wp-json/echo/v1/args?req=x&count=3&flag=1`);
    expect(status).toBe(200);
    expect(body).toEqual({ route: '/echo/v1/args', method: 'GET', params: { req: 'x', count: 3, flag: true, opt: 'dflt' } });
  });

  it('lists the patterns open to ReDoS on start-up, leaves those routes out and validates those args without the pattern', async () => {
    const { base, printed } = await start(join(WP, 'index-root.json'), '--open');
    const report = printed.join('');
    expect(report).toContain('patterns open to ReDoS, not served');
    for (const key of UNSAFE_ROUTES) expect(report).toContain(`route ${key} left out (polynomial backtracking)`);
    expect(report).toContain(`POST ${APP_PASSWORDS} arg "name": pattern ".*\\\\S.*" ignored (polynomial backtracking)`);
    expect(report).toContain(
      `POST, PUT, PATCH ${NAME_PATTERN_ROUTES[1]} arg "name": pattern ".*\\\\S.*" ignored (polynomial backtracking)`,
    );
    expect(report.match(/ignored|left out/g)).toHaveLength(4);

    const hostile = '\t'.repeat(200_000) + '\n';
    const created = await getJson(`${base}/wp-json/wp/v2/users/me/application-passwords`, {
      method: 'POST',
      ...json({ name: hostile }, 'any:one'),
    });
    expect(created.status).toBe(200);
    expect((created.body.params as Record<string, unknown>).name).toBe(hostile);
    // The arg's other keywords still apply.
    const empty = await getJson(`${base}/wp-json/wp/v2/users/me/application-passwords`, { method: 'POST', ...json({ name: '' }) });
    expect(empty.body.code).toBe('rest_invalid_param');
    const template = await getJson(`${base}/wp-json/wp/v2/templates/twentytwentythree//home`);
    expect(template.body.code).toBe('rest_no_route');
  });
});

// ---------------------------------------------------------------------------------------------
// WordPress's answers to invalid requests, replayed against the mock of the index the recorded
// site had: the spec routes were switched on per request, by a header.

const INDEX_BY_SPEC_HEADER: Record<string, string> = { none: 'index-root', '1': 'index-with-spec-routes' };
const SPEC_NAMESPACES = [
  ...new Set(
    loadSpec()
      .routes.map((r) => r.namespace)
      .filter((ns) => ns !== ''),
  ),
];
/** Routes whose args have validate/sanitize callbacks: an index shows the schema, not the code. */
const CALLBACK_ROUTES = ['/echo/v1/validated', '/echo/v1/custom', '/echo/v1/bad-default'];
/**
 * Requests whose answer turns on `/echo/v1/object`'s `meta: {required: ['a']}`: the index shows
 * any non-empty `required` as `required: true`, so the mock requires `meta` instead of its `a`.
 */
const ON_REQUIRED_LIST = ['object-empty', 'object-empty-array', 'object-missing-a', 'object-multiple-errors', 'object-null'];

/** The route a recorded path addresses. */
function routeOf(path: string): string {
  const url = new URL(path, 'http://peer.test');
  return url.pathname.startsWith('/wp-json/') ? url.pathname.slice('/wp-json'.length) : (url.searchParams.get('rest_route') ?? '');
}

/** Invalid requests to the echo routes and the spec namespaces: what the comparison is about. */
function isInvalidEchoOrSpecRequest(recording: Recording): boolean {
  const route = routeOf(recording.request.path);
  const inSpec = SPEC_NAMESPACES.some((ns) => route === `/${ns}` || route.startsWith(`/${ns}/`));
  return recording.status >= 400 && (route.startsWith('/echo/v1/') || inSpec);
}

/** Why an invalid request's recording cannot be answered the same by a mock of the index, or null. */
function notComparedBecause(recording: Recording): string | null {
  const route = routeOf(recording.request.path);
  if (recording.request.auth !== 'none') return 'signs in; the mock has no users';
  if (CALLBACK_ROUTES.includes(route)) return 'validate/sanitize callbacks, which an index cannot show';
  if (route === '/echo/v1/error' || route === '/oembed/1.0/embed') return "the handler's own error, which an index cannot show";
  if (ON_REQUIRED_LIST.includes(recording.id)) return "a top-level arg's draft-4 required list, which the index shows as required: true";
  if ((recording.body as { code?: string }).code === 'rest_forbidden') return 'a permission callback, which an index cannot show';
  if (!(specHeader(recording) in INDEX_BY_SPEC_HEADER)) return 'recorded against a site whose index is not recorded';
  return null;
}

/** Which spec routes the recorded site had switched on for the request. */
function specHeader(recording: Recording): string {
  return recording.request.headers?.['X-Peer-Spec-Routes'] ?? 'none';
}

/** Differences between the mock's answer and WordPress's: status, then the error's code, message and data. */
function errorDiffs(recording: Recording, status: number, body: unknown): string[] {
  const diffs = status === recording.status ? [] : [`status ${status} != ${recording.status}`];
  const want = recording.body as Record<string, unknown>;
  const got = (body ?? {}) as Record<string, unknown>;
  for (const field of ['code', 'message', 'data']) {
    if (!phpEqual(got[field], want[field])) diffs.push(`${field} ${JSON.stringify(got[field])} != ${JSON.stringify(want[field])}`);
  }
  return diffs;
}

describe('site-rest mock answers invalid requests exactly as WordPress 6.1 did', () => {
  it('matches every recorded answer to an invalid echo or spec request that an index can reproduce', async () => {
    const candidates = loadRecordings().filter(isInvalidEchoOrSpecRequest);
    const compared = candidates.filter((r) => notComparedBecause(r) === null);
    const mocks: Record<string, string> = {};
    for (const [header, index] of Object.entries(INDEX_BY_SPEC_HEADER)) mocks[header] = (await start(join(WP, `${index}.json`))).base;

    const outcomes = await Promise.all(
      compared.map(async (recording) => {
        const { method, path, headers, body } = recordedRequest(recording);
        // A Buffer body keeps fetch from adding a Content-Type the recorder did not send.
        const answer = await fetch(mocks[specHeader(recording)] + path, {
          method,
          headers,
          body: body === undefined ? undefined : Buffer.from(body),
        });
        const text = await answer.text();
        return { id: recording.id, diffs: errorDiffs(recording, answer.status, text ? JSON.parse(text) : null) };
      }),
    );

    const matched = outcomes.filter((o) => o.diffs.length === 0).length;
    const skipped = new Map<string, string[]>();
    for (const r of candidates) {
      const why = notComparedBecause(r);
      if (why !== null) skipped.set(why, [...(skipped.get(why) ?? []), r.id]);
    }
    const reasons = [...skipped].map(([why, ids]) => `\n  ${ids.length} not compared: ${why} (${ids.join(', ')})`).join('');
    console.log(`mock vs WordPress 6.1: ${matched}/${compared.length} invalid-request recordings matched${reasons}`);
    expect(compared.length).toBeGreaterThan(80);
    expect(outcomes.filter((o) => o.diffs.length > 0)).toEqual([]);
  });
});

describe('site-rest mock --fixtures', () => {
  it('answers a recorded request with the recorded status and body, links pointing at the mock', async () => {
    const { base } = await start(join(WP, 'index-root.json'), '--fixtures', join(FIXTURES, 'mock-answers'));
    const want = JSON.parse(JSON.stringify(recorded('rest-route-posts-plain')).split('{base}').join(base)) as unknown;
    for (const path of ['/index.php?rest_route=/wp/v2/posts', '/wp-json/wp/v2/posts']) {
      const { status, body } = await getJson(base + path);
      expect(status, path).toBe(200);
      expect(body, path).toEqual(want);
    }
  });

  it('echoes a request whose method, route or query no recording has', async () => {
    const { base } = await start(join(WP, 'index-root.json'), '--fixtures', join(FIXTURES, 'mock-answers'), '--open');
    const { status, body } = await getJson(`${base}/wp-json/wp/v2/posts?page=2`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ route: '/wp/v2/posts', method: 'GET', params: { page: 2 } });
    expect((await getJson(`${base}/wp-json/echo/v1/object`, { method: 'PUT', ...json({ meta: { a: 1 } }, 'any:one') })).body).toMatchObject(
      {
        method: 'PUT',
      },
    );
  });

  it('tells at start-up which recordings it can never serve', async () => {
    const { printed } = await start(join(WP, 'index-root.json'), '--fixtures', WP);
    const report = printed.join('');
    expect(report).toContain('args-put.json: the index has no route for PUT /echo/v1/args');
    expect(report).toContain('index-root.json: / is answered by the server itself');
    expect(report).toContain('args-options.json: OPTIONS is answered by the server itself');
    expect(report).toContain('args-json-count-bool.json: shadowed by an earlier recording of POST /wp-json/echo/v1/args');
  });

  it('answers a recorded request only when it passes validation', async () => {
    const { base } = await start(join(WP, 'index-root.json'), '--fixtures', join(FIXTURES, 'mock-answers'), '--open');
    const valid = await getJson(`${base}/wp-json/echo/v1/object`, { method: 'POST', ...json({ meta: { a: 7 } }, 'any:one') });
    expect(valid).toEqual({ status: 200, body: recorded('object-legacy-valid') });
    const invalid = await getJson(`${base}/wp-json/echo/v1/object`, { method: 'POST', ...json({ meta: { a: 'seven' } }) });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { meta: 'meta[a] is not of type integer.' } } });
  });
});

describe('site-rest mock writes, as WordPress lets them', () => {
  const POSTS = '/wp-json/wp/v2/posts';
  const asUser = (user: string) => ({ Authorization: `Basic ${Buffer.from(user).toString('base64')}` });

  it("accepts plain strings for core's raw/rendered fields (title, content, excerpt), as WordPress does", async () => {
    const { base } = await start(join(WP, 'index-root.json'), '--open');
    const fields = { title: 'x', content: '<p>Hello</p>', excerpt: 'short' };
    expect(await getJson(base + POSTS, { method: 'POST', ...json(fields, 'editor:any') })).toEqual({
      status: 200,
      body: { route: '/wp/v2/posts', method: 'POST', params: expect.objectContaining(fields) as unknown },
    });
    const asObject = await getJson(`${base}${POSTS}/1`, { method: 'PUT', ...json({ title: { raw: 'y' } }, 'editor:any') });
    expect((asObject.body.params as Record<string, unknown>).title).toEqual({ raw: 'y' });
    const comment = await getJson(`${base}/wp-json/wp/v2/comments`, { method: 'POST', ...json({ content: 'Nice' }, 'editor:any') });
    expect((comment.body.params as Record<string, unknown>).content).toBe('Nice');
    // The other args keep WordPress's validation.
    const bad = await getJson(base + POSTS, { method: 'POST', ...json({ title: 'x', status: 'bogus' }, 'editor:any') });
    expect(bad.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { status: expect.any(String) as unknown } },
    });
  });

  it('refuses an anonymous write with 401 rest_forbidden after validation, and serves anonymous reads', async () => {
    const { base, printed } = await start(join(WP, 'index-root.json'));
    expect(printed.join('')).toContain('writes: refused with 401');
    expect(await getJson(base + POSTS, { method: 'POST', ...json({ title: 'x' }) })).toEqual({
      status: 401,
      body: { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } },
    });
    // Without --open or --app-password, credentials sign nobody in.
    expect((await getJson(base + POSTS, { method: 'POST', ...json({ title: 'x' }, 'admin:any') })).status).toBe(401);
    expect((await getJson(base + POSTS, { method: 'POST', ...json({ sticky: 'maybe' }) })).body.code).toBe('rest_invalid_param');
    expect((await getJson(`${base}${POSTS}/1`, { method: 'DELETE' })).status).toBe(401);
    expect((await getJson(`${base}${POSTS}?per_page=5`)).status).toBe(200);
    const allow = (await fetch(`${base}${POSTS}/1`, { method: 'OPTIONS' })).headers.get('allow');
    expect(allow).toBe('GET');
  });

  it('signs in the users of --app-password, and no one else', async () => {
    const { base, printed } = await start(join(WP, 'index-root.json'), '--app-password', 'editor:Ed7k Q2xW 9mZ4 pR8v N3tY 6hJc');
    expect(printed.join('')).not.toContain('Ed7k');
    const write = (user: string) => fetch(base + POSTS, { method: 'POST', ...json({ title: 'x' }, user) });
    expect((await write('editor:Ed7k Q2xW 9mZ4 pR8v N3tY 6hJc')).status).toBe(200);
    expect((await write('editor:Ed7kQ2xW9mZ4pR8vN3tY6hJc')).status).toBe(200);
    expect((await write('editor:wrong password')).status).toBe(401);
    expect((await write('other:Ed7k Q2xW 9mZ4 pR8v N3tY 6hJc')).status).toBe(401);
    const allow = (await fetch(`${base}${POSTS}/1`, { method: 'OPTIONS', headers: asUser('editor:Ed7kQ2xW9mZ4pR8vN3tY6hJc') })).headers.get(
      'allow',
    );
    expect(allow).toBe('GET, POST, PUT, PATCH, DELETE');
  });
});

describe('site-rest mock --anonymous-writes', () => {
  const POSTS = '/wp-json/wp/v2/posts';
  const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

  /** The recorded site's echo routes are public: WordPress's answers to writes sent without signing in, the index can reproduce. */
  function anonymousEchoWrites(): Recording[] {
    return loadRecordings().filter(
      (r) =>
        WRITES.has(r.request.method) &&
        r.request.auth === 'none' &&
        routeOf(r.request.path).startsWith('/echo/v1/') &&
        specHeader(r) === 'none' &&
        r.status !== 404 &&
        !CALLBACK_ROUTES.includes(routeOf(r.request.path)) &&
        // `meta` is optional to WordPress (only its `a` is required), required to the mock: see ON_REQUIRED_LIST.
        ![...ON_REQUIRED_LIST, 'object-missing-meta'].includes(r.id) &&
        routeOf(r.request.path) !== '/echo/v1/error',
    );
  }

  /** Sends a recording's request to the mock at `base`: its status and decoded body. */
  async function replayOn(base: string, recording: Recording): Promise<{ status: number; body: Record<string, unknown> }> {
    const { method, path, headers, body } = recordedRequest(recording);
    const answer = await fetch(base + path, { method, headers, body: body === undefined ? undefined : Buffer.from(body) });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  }

  it("answers WordPress's valid anonymous writes to the public routes it names with the echo, and its invalid ones with WordPress's 400s", async () => {
    const recordings = anonymousEchoWrites();
    const { base, printed } = await start(join(WP, 'index-root.json'), '--anonymous-writes', 'echo/v1');
    expect(printed.join('')).toMatch(/anonymous writes: let through on \d+ of the \d+ routes \(--anonymous-writes\)/);
    const closed = (await start(join(WP, 'index-root.json'))).base;
    const diffs: string[] = [];
    for (const recording of recordings) {
      const { status, body } = await replayOn(base, recording);
      if (recording.status >= 400) {
        diffs.push(...errorDiffs(recording, status, body).map((d) => `${recording.id}: ${d}`));
        continue;
      }
      // The recorded site's echo routes answer their params, alone or beside the request's parts.
      const recorded = recording.body as Record<string, unknown>;
      const want = 'params' in recorded ? recorded.params : recorded;
      if (status !== 200 || !phpEqual(body.params, want))
        diffs.push(`${recording.id}: ${status} ${JSON.stringify(body)} != ${JSON.stringify(want)}`);
      const refused = await replayOn(closed, recording);
      if (refused.status !== 401) diffs.push(`${recording.id} without --anonymous-writes: ${refused.status}`);
    }
    expect(recordings.length).toBeGreaterThan(60);
    expect(diffs).toEqual([]);
  });

  it('lets anonymous writes through on the routes named by key, and nowhere else', async () => {
    const { base, printed } = await start(
      join(WP, 'index-root.json'),
      '--anonymous-writes',
      '/echo/v1/items/(?P<id>\\d+)',
      '--anonymous-writes',
      'echo/v1/args',
    );
    expect(printed.join('')).toContain('writes: refused with 401');
    expect(printed.join('')).toMatch(/anonymous writes: let through on 2 of the \d+ routes/);
    expect(await getJson(`${base}/wp-json/echo/v1/items/5`, { method: 'PUT', ...json({ label: 'x' }) })).toEqual({
      status: 200,
      body: { route: '/echo/v1/items/5', method: 'PUT', params: { id: 5, label: 'x' } },
    });
    expect((await getJson(`${base}/wp-json/echo/v1/items/5`, { method: 'DELETE' })).status).toBe(200);
    expect((await getJson(`${base}/index.php?rest_route=/echo/v1/args`, { method: 'POST', ...json({ req: 'x' }) })).status).toBe(200);
    for (const [method, path] of [
      ['POST', '/wp-json/echo/v1/sources'],
      ['POST', '/wp-json/echo/v1/sources/9'],
      ['POST', POSTS],
    ]) {
      expect([method, path, (await getJson(base + path, { method, ...json({}) })).status]).toEqual([method, path, 401]);
    }
    expect((await fetch(`${base}/wp-json/echo/v1/items/5`, { method: 'OPTIONS' })).headers.get('allow')).toBe('GET, PUT, PATCH, DELETE');
    expect((await fetch(`${base}${POSTS}/1`, { method: 'OPTIONS' })).headers.get('allow')).toBe('GET');
  });

  it('lets anonymous writes through on every route with all, validating them as WordPress does', async () => {
    const { base, printed } = await start(join(WP, 'index-root.json'), '--anonymous-writes', 'all');
    const served = /(\d+) routes in/.exec(printed.join(''))![1]!;
    // Not the root's routes nor the namespaces' indexes, which the server answers itself, nor the patterns left out.
    const routes = recorded('index-root').routes as Record<string, { namespace: string }>;
    const fromIndex = Object.entries(routes).filter(
      ([key, { namespace }]) => namespace && key !== `/${namespace}` && !UNSAFE_ROUTES.includes(key),
    );
    expect(printed.join('')).toContain(`anonymous writes: let through on ${fromIndex.length} of the ${served} routes`);
    expect(await getJson(base + POSTS, { method: 'POST', ...json({ title: 'x' }) })).toEqual({
      status: 200,
      body: { route: '/wp/v2/posts', method: 'POST', params: expect.objectContaining({ title: 'x' }) as unknown },
    });
    expect((await getJson(base + POSTS, { method: 'POST', ...json({ sticky: 'maybe' }) })).body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { sticky: 'sticky is not of type boolean.' } },
    });
    expect((await getJson(`${base}${POSTS}/1`, { method: 'DELETE' })).status).toBe(200);
    // A batch checks each request's route as the route itself would.
    const batch = await getJson(`${base}/wp-json/batch/v1`, {
      method: 'POST',
      ...json({ requests: [{ method: 'POST', path: '/echo/v1/batchable', body: { n: 2 } }] }),
    });
    expect((batch.body.responses as Array<{ status: number }>).map((r) => r.status)).toEqual([200]);
  });

  it('refuses a value that names no namespace or route of the index, naming the nearest one', async () => {
    for (const [value, message] of [
      [
        'echo/v2',
        '--anonymous-writes "echo/v2" names no namespace or route the index gives the mock ("all" names every one); did you mean "echo/v1"?',
      ],
      [
        '/echo/v1/arg',
        '--anonymous-writes "/echo/v1/arg" names no namespace or route the index gives the mock ("all" names every one); did you mean "/echo/v1/args"?',
      ],
      ['/batch/v1', '--anonymous-writes "/batch/v1" names no namespace or route the index gives the mock ("all" names every one)'],
      ['', '--anonymous-writes must not be empty'],
    ]) {
      const refused = await start(join(WP, 'index-root.json'), '--anonymous-writes', value!).then(
        () => null,
        (error: unknown) => error,
      );
      expect([value, refused instanceof UsageError, (refused as Error).message]).toEqual([value, true, message]);
    }
  });
});

describe('site-rest mock --delay and --fail-rate', () => {
  const INDEX = '/wp-json/wp/v2/posts';

  it('holds every answer back by --delay milliseconds', async () => {
    const { base, printed } = await start(join(WP, 'index-root.json'), '--delay', '300');
    expect(printed.join('')).toContain('every answer delayed 300 ms');
    const began = performance.now();
    const { status } = await getJson(base + INDEX);
    // Timers may fire a millisecond early; the point is that the answer waited.
    expect(performance.now() - began).toBeGreaterThanOrEqual(295);
    expect(status).toBe(200);
  });

  it("answers the --fail-rate share of requests with WordPress's 500, the same ones for the same --seed", async () => {
    const always = await start(join(WP, 'index-root.json'), '--fail-rate', '1');
    for (const path of [INDEX, '/wp-json/', '/index.php?rest_route=/wp/v2/posts']) {
      expect(await getJson(always.base + path)).toEqual({
        status: 500,
        body: { code: 'internal_server_error', message: 'There has been a critical error on this website.', data: { status: 500 } },
      });
    }
    /** The statuses of 40 requests, one after the other. */
    async function statuses(base: string): Promise<number[]> {
      const out: number[] = [];
      for (let i = 0; i < 40; i++) out.push((await fetch(base + INDEX)).status);
      return out;
    }
    const first = await statuses((await start(join(WP, 'index-root.json'), '--fail-rate', '0.5', '--seed', '7')).base);
    const again = await statuses((await start(join(WP, 'index-root.json'), '--fail-rate', '0.5', '--seed', '7')).base);
    expect(again).toEqual(first);
    expect(new Set(first)).toEqual(new Set([200, 500]));
  });
});

describe('site-rest mock of an index at a URL', () => {
  /** A local server answering `path` with `text`, anything else with 404. */
  async function serveText(path: string, text: string): Promise<string> {
    const http = createServer((req, res) => {
      res.writeHead(req.url === path ? 200 : 404, { 'Content-Type': 'application/json' });
      res.end(req.url === path ? text : '{}');
    });
    servers.push(http);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  }

  it('fetches a bare index and serves it', async () => {
    const origin = await serveText('/wp-json/', JSON.stringify(recorded('index-root')));
    const { base } = await start(`${origin}/wp-json/`);
    const { body } = await getJson(`${base}/wp-json/`);
    expect(body.namespaces).toEqual(recorded('index-root').namespaces);
    expect(body.url).toBe(base);
  });

  it('reports a URL that does not answer 200 or cannot be reached', async () => {
    const origin = await serveText('/wp-json/', '{}');
    await expect(start(`${origin}/elsewhere`)).rejects.toThrow(`cannot fetch ${origin}/elsewhere: HTTP 404`);
    const closed = await serveText('/', '');
    servers.pop()!.close();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(start(`${closed}/wp-json/`)).rejects.toThrow(/cannot fetch .*ECONNREFUSED/);
  });
});

describe('site-rest mock refuses input that is no root index', () => {
  /** What `mock` rejected with: the message printed, and whether it is a usage error (exit 2) or not (exit 1). */
  async function refusal(...argv: string[]): Promise<{ message: string; usage: boolean }> {
    try {
      await start(...argv);
    } catch (error) {
      return { message: (error as Error).message, usage: error instanceof UsageError };
    }
    throw new Error('mock started');
  }

  it('names a file that is not JSON, has no routes object or does not exist, as an input error', async () => {
    const notJson = join(FIXTURES, 'README.md');
    expect(await refusal(notJson)).toEqual({ message: expect.stringMatching(new RegExp(`^${notJson} is not JSON: `)), usage: false });
    const routesList = join(FIXTURES, 'routes.json');
    expect(await refusal(routesList)).toEqual({
      message: `${routesList} is not a WordPress root index: it has no "routes" object`,
      usage: false,
    });
    const otherRecording = join(WP, 'items-valid.json');
    expect(await refusal(otherRecording)).toEqual({
      message: `${otherRecording} is not a WordPress root index: it has no "routes" object`,
      usage: false,
    });
    expect(await refusal(join(WP, 'missing.json'))).toMatchObject({
      message: expect.stringMatching(/^cannot read .*ENOENT/),
      usage: false,
    });
  });

  it('names a fixtures directory that cannot be read, or a fixture that is not a recording', async () => {
    const index = join(WP, 'index-root.json');
    expect(await refusal(index, '--fixtures', join(FIXTURES, 'missing'))).toMatchObject({
      message: expect.stringMatching(/^cannot read fixtures directory .*ENOENT/),
      usage: false,
    });
    const noPath = join(FIXTURES, 'mock-not-answers', 'no-path.json');
    expect(await refusal(index, '--fixtures', join(FIXTURES, 'mock-not-answers'))).toEqual({
      message: `fixture ${noPath} is not a recording: request.path: Invalid input: expected string, received undefined`,
      usage: false,
    });
  });

  it('treats a missing index, an extra argument or a bad flag as a usage error', () => {
    expect(() => parseMockFlags([])).toThrow(UsageError);
    expect(() => parseMockFlags(['a.json', 'b.json'])).toThrow('mock takes one index file or URL');
    expect(() => parseMockFlags(['a.json', '--port', 'eighty'])).toThrow(/--port must be a number/);
    expect(() => parseMockFlags(['a.json', '--variant', 'A'])).toThrow(UsageError);
    expect(parseMockFlags(['a.json'])).toEqual({
      source: 'a.json',
      port: 8080,
      host: '127.0.0.1',
      'api-root': 'wp-json',
      'app-password': [],
      open: false,
      'anonymous-writes': [],
      delay: 0,
      'fail-rate': 0,
    });
    expect(() => parseMockFlags(['a.json', '--delay', '60001'])).toThrow('--delay must be 0-60000');
    expect(() => parseMockFlags(['a.json', '--delay', 'soon'])).toThrow('--delay must be a number');
    expect(() => parseMockFlags(['a.json', '--fail-rate', '1.5'])).toThrow('--fail-rate must be 0-1');
    expect(() => parseMockFlags(['a.json', '--seed', '0.5'])).toThrow('--seed must be an integer');
    expect(() => parseMockFlags(['a.json', '--open', '--app-password', 'a:b1'])).toThrow('--open lets any user in');
  });
});

describe('the echo of modulesFromIndex (what site-rest mock answers)', () => {
  it('never echoes the value of a credential parameter, at any depth', async () => {
    const server = createRestServer({
      site: { name: 'Mock', url: 'http://mock.test' },
      namespaces: modulesFromIndex({
        '/login-guard/v1/mfa/send-code': {
          namespace: 'login-guard/v1',
          endpoints: [
            {
              methods: ['POST'],
              args: { token: { type: 'string', required: true }, secret: { type: 'string', required: true }, code: { type: 'string' } },
            },
          ],
        },
      }),
    });
    const answer = await server.inject({
      method: 'POST',
      path: '/login-guard/v1/mfa/send-code',
      body: { token: 'tok-123', secret: 'sec-456', code: '42', nested: { api_key: 'k-789', fine: 1 } },
    });
    expect(answer.data).toEqual({
      route: '/login-guard/v1/mfa/send-code',
      method: 'POST',
      params: { token: '[redacted]', secret: '[redacted]', code: '42', nested: { api_key: '[redacted]', fine: 1 } },
    });
    expect(answer.body).not.toMatch(/tok-123|sec-456|k-789/);
  });
});
