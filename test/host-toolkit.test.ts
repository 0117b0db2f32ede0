// `host-toolkit/api` through the server's public entry points: the analytics settings kept in the
// site store (memory, and PGlite across a restart), and the catch-all relaying the host's control
// panel, with its failures answered as gateway errors that never carry what the panel threw.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ANALYTICS_SETTINGS_OPTION,
  createRestServer,
  hostToolkit,
  memoryStore,
  variantB,
  type HostPanel,
  type HostPanelRequest,
  type HostToolkitOptions,
  type RestServer,
  type SiteStore,
} from '../src/index.js';
import { pgliteStore } from '../src/store.js';
import { FIXTURES } from './helpers/peer.js';
import { userWith } from './helpers/users.js';

const NS = '/host-toolkit/api';
const SETTINGS = `${NS}/analytics/settings`;
const SITE = { name: 'Hosted Site', url: 'http://hosted.test' };

function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(join(FIXTURES, 'host-toolkit', name), 'utf8')) as T;
}

const SCREEN_SETTINGS = fixture<Record<string, unknown>>('analytics-settings.json');
const BACKUPS = fixture<Record<string, unknown>>('panel-backups.json');
/**
 * Slugs as written after `host-toolkit/api/` in a URL path: refused ones (`decodedPasses` when
 * their percent-decoded text is a harmless slug: `sites/12`, U+FFFD for bytes that are not UTF-8)
 * and ones handed to the panel.
 */
const SLUGS = fixture<{ refused: Array<{ slug: string; why: string; decodedPasses?: boolean }>; passed: string[] }>('panel-slugs.json');

const administrator = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const author = userWith(3, 'author');
const subscriber = userWith(4, 'subscriber');

/** A server mounting only the host toolkit, over `store` (a fresh memory store unless given). */
function server(options: HostToolkitOptions = {}, store: SiteStore = memoryStore(), onError: () => void = () => {}): RestServer {
  return createRestServer({ site: SITE, store, namespaces: [hostToolkit(options)], onError });
}

/** A panel that records what it was asked and answers `answer`. */
function recordingPanel(answer: (request: HostPanelRequest) => unknown = () => ({ status: 200, body: BACKUPS })) {
  const asked: HostPanelRequest[] = [];
  const panel: HostPanel = {
    request: async (request) => {
      asked.push(request);
      return answer(request) as Awaited<ReturnType<HostPanel['request']>>;
    },
  };
  return { panel, asked };
}

/** Sends `body` as it is written, labelled JSON, as the administrator: how a client sends JSON the engine must decode itself. */
function sendJson(rest: RestServer, method: string, path: string, body: string) {
  return rest.inject({ method, path, body, headers: { 'Content-Type': 'application/json' }, user: administrator });
}

describe('host-toolkit/api routes', () => {
  it('sends POST, PUT and PATCH of analytics/settings to the settings, and GET of the same path to the panel', async () => {
    const { panel, asked } = recordingPanel();
    const rest = server({ hostPanel: panel });
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const answer = await rest.inject({ method, path: SETTINGS, body: { [method]: 1 }, user: administrator });
      expect(answer.status).toBe(200);
    }
    expect(asked).toEqual([]);
    const read = await rest.inject({ path: SETTINGS, user: administrator });
    expect(read.data).toEqual(BACKUPS);
    expect(asked.map(({ method, slug }) => ({ method, slug }))).toEqual([{ method: 'GET', slug: 'analytics/settings' }]);
  });

  it('is mounted by variant B', async () => {
    const rest = createRestServer({ site: SITE, namespaces: variantB({ only: ['host-toolkit/api'] }) });
    const index = await rest.inject({ path: NS });
    expect(Object.keys((index.data as { routes: Record<string, unknown> }).routes)).toEqual([
      '/host-toolkit/api',
      '/host-toolkit/api/analytics/settings',
      '/host-toolkit/api/(?P<slug>.+)',
    ]);
  });
});

describe('analytics settings', () => {
  it('merges the body into the option and answers the merged settings', async () => {
    const store = memoryStore();
    const rest = server({}, store);
    const saved = await rest.inject({ method: 'POST', path: SETTINGS, body: SCREEN_SETTINGS, user: administrator });
    expect(saved.status).toBe(200);
    expect(saved.data).toEqual(SCREEN_SETTINGS);
    const patched = await rest.inject({
      method: 'PATCH',
      path: SETTINGS,
      body: { enabled: false, consent_mode: 'basic' },
      user: administrator,
    });
    expect(patched.data).toEqual({ ...SCREEN_SETTINGS, enabled: false, consent_mode: 'basic' });
    expect(await store.options.get(ANALYTICS_SETTINGS_OPTION)).toEqual(patched.data);
  });

  it('answers the stored settings unchanged for an empty object', async () => {
    const rest = server();
    await rest.inject({ method: 'POST', path: SETTINGS, body: { enabled: true }, user: administrator });
    const read = await rest.inject({ method: 'PUT', path: SETTINGS, body: {}, user: administrator });
    expect(read.data).toEqual({ enabled: true });
  });

  it('keeps a __proto__ key as a setting, never as a prototype', async () => {
    const rest = server();
    const answer = await sendJson(rest, 'POST', SETTINGS, '{"__proto__":{"polluted":true},"enabled":true}');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('{"__proto__":{"polluted":true},"enabled":true}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['a list', '[1,2]'],
    ['a string', '"enabled"'],
    ['a number', '1'],
    ['null', 'null'],
  ])('refuses a JSON body that is %s with 400 rest_invalid_json, writing nothing', async (_what, body) => {
    const store = memoryStore();
    const answer = await sendJson(server({}, store), 'POST', SETTINGS, body);
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ code: 'rest_invalid_json', message: 'Invalid JSON body passed.', data: { status: 400 } });
    expect(await store.options.get(ANALYTICS_SETTINGS_OPTION)).toBeUndefined();
  });

  it('refuses a form body and a request without a body, which carry no JSON object', async () => {
    const rest = server();
    const form = await rest.inject({
      method: 'POST',
      path: SETTINGS,
      body: 'enabled=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      user: administrator,
    });
    const none = await rest.inject({ method: 'POST', path: SETTINGS, user: administrator });
    expect([form.status, (form.data as { code: string }).code]).toEqual([400, 'rest_invalid_json']);
    expect([none.status, (none.data as { code: string }).code]).toEqual([400, 'rest_invalid_json']);
  });

  it('answers malformed JSON as WordPress does, with the JSON error', async () => {
    const answer = await sendJson(server(), 'PATCH', SETTINGS, '{"enabled":');
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      code: 'rest_invalid_json',
      data: { status: 400, json_error_code: 4, json_error_message: 'Syntax error' },
    });
  });

  it('refuses a merge that would pass the key or byte limit, keeping what was stored', async () => {
    const store = memoryStore();
    const rest = server({ settingsLimits: { maxKeys: 3, maxBytes: 100 } }, store);
    await rest.inject({ method: 'POST', path: SETTINGS, body: { a: 1, b: 2 }, user: administrator });
    const tooMany = await rest.inject({ method: 'POST', path: SETTINGS, body: { c: 3, d: 4 }, user: administrator });
    expect(tooMany.status).toBe(400);
    expect(tooMany.data).toEqual({
      code: 'host_toolkit_settings_too_large',
      message: 'The analytics settings may hold at most 3 keys and 100 bytes of JSON.',
      data: { status: 400, max_keys: 3, max_bytes: 100 },
    });
    const tooBig = await rest.inject({ method: 'POST', path: SETTINGS, body: { a: 'x'.repeat(100) }, user: administrator });
    expect((tooBig.data as { code: string }).code).toBe('host_toolkit_settings_too_large');
    expect(await store.options.get(ANALYTICS_SETTINGS_OPTION)).toEqual({ a: 1, b: 2 });
    const replaced = await rest.inject({ method: 'POST', path: SETTINGS, body: { a: 10, c: 3 }, user: administrator });
    expect(replaced.data).toEqual({ a: 10, b: 2, c: 3 });
  });

  it('keeps at most 100 keys by default', async () => {
    const rest = server();
    const keys = (n: number, prefix: string) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, i]));
    expect((await rest.inject({ method: 'POST', path: SETTINGS, body: keys(100, 'k'), user: administrator })).status).toBe(200);
    expect((await rest.inject({ method: 'POST', path: SETTINGS, body: keys(1, 'more'), user: administrator })).status).toBe(400);
  });

  it('keeps both of two merges of different keys made at once', async () => {
    const store = memoryStore();
    const first = server({}, store);
    const second = server({}, store);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? first : second).inject({ method: 'PATCH', path: SETTINGS, body: { [`key${i}`]: i }, user: administrator }),
      ),
    );
    const read = await first.inject({ method: 'POST', path: SETTINGS, body: {}, user: administrator });
    expect(read.data).toEqual(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`key${i}`, i])));
  });

  it('shows one server the merges another made on the same store', async () => {
    const store = memoryStore();
    await server({}, store).inject({ method: 'POST', path: SETTINGS, body: { enabled: true }, user: administrator });
    const other = await server({}, store).inject({ method: 'PATCH', path: SETTINGS, body: { property_id: 'G-1' }, user: administrator });
    expect(other.data).toEqual({ enabled: true, property_id: 'G-1' });
  });
});

describe('who may use host-toolkit/api', () => {
  const routes: Array<[string, string]> = [
    ['POST', SETTINGS],
    ['PUT', SETTINGS],
    ['PATCH', SETTINGS],
    ['GET', `${NS}/sites/1/backups`],
    ['POST', `${NS}/sites/1/backups`],
    ['DELETE', `${NS}/sites/1/backups/bk-1`],
  ];

  it.each(routes)('%s %s: 401 rest_forbidden for anonymous callers, 403 for subscribers, authors and editors', async (method, path) => {
    const { panel, asked } = recordingPanel();
    const store = memoryStore();
    const rest = server({ hostPanel: panel }, store);
    const anonymous = await rest.inject({ method, path, body: { enabled: true }, user: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.data).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
    for (const user of [subscriber, author, editor]) {
      const refused = await rest.inject({ method, path, body: { enabled: true }, user });
      expect(refused.status).toBe(403);
      expect((refused.data as { code: string }).code).toBe('rest_forbidden');
    }
    expect(asked).toEqual([]);
    expect(await store.options.get(ANALYTICS_SETTINGS_OPTION)).toBeUndefined();
    expect((await rest.inject({ method, path, body: { enabled: true }, user: administrator })).status).toBe(200);
  });

  it('refuses anonymous callers before telling them no panel is configured', async () => {
    const answer = await server().inject({ path: `${NS}/sites`, user: null });
    expect(answer.status).toBe(401);
  });
});

describe('the control panel catch-all', () => {
  it('forwards method, slug, query, JSON body and user, and relays the status and body', async () => {
    const { panel, asked } = recordingPanel(({ method }) => ({ status: method === 'POST' ? 201 : 200, body: BACKUPS }));
    const rest = server({ hostPanel: panel });
    const listed = await rest.inject({
      path: `${NS}/sites/12/backups`,
      query: { page: 2, filter: { type: 'scheduled' } },
      user: administrator,
    });
    expect(listed.status).toBe(200);
    expect(listed.data).toEqual(BACKUPS);
    const created = await rest.inject({
      method: 'POST',
      path: `${NS}/sites/12/backups`,
      body: { note: 'before update' },
      user: administrator,
    });
    expect(created.status).toBe(201);
    await rest.inject({ method: 'PUT', path: `${NS}/sites/12`, body: { php: '8.3' }, user: administrator });
    await rest.inject({ method: 'PATCH', path: `${NS}/sites/12`, body: { php: '8.2' }, user: administrator });
    await rest.inject({ method: 'DELETE', path: `${NS}/sites/12/backups/bk-1`, user: administrator });
    expect(asked.map(({ method, slug, query, body }) => ({ method, slug, query, body }))).toEqual([
      { method: 'GET', slug: 'sites/12/backups', query: { page: '2', filter: { type: 'scheduled' } }, body: undefined },
      { method: 'POST', slug: 'sites/12/backups', query: {}, body: { note: 'before update' } },
      { method: 'PUT', slug: 'sites/12', query: {}, body: { php: '8.3' } },
      { method: 'PATCH', slug: 'sites/12', query: {}, body: { php: '8.2' } },
      { method: 'DELETE', slug: 'sites/12/backups/bk-1', query: {}, body: undefined },
    ]);
    expect(asked.every((request) => request.user.id === administrator.id)).toBe(true);
  });

  it('relays an error status with its body, and an empty 204', async () => {
    const notFound = { code: 'site_not_found', message: 'No such site.' };
    const { panel } = recordingPanel(({ slug }) => (slug === 'gone' ? { status: 204 } : { status: 404, body: notFound }));
    const rest = server({ hostPanel: panel });
    const missing = await rest.inject({ path: `${NS}/sites/99`, user: administrator });
    expect([missing.status, missing.data]).toEqual([404, notFound]);
    const gone = await rest.inject({ method: 'DELETE', path: `${NS}/gone`, user: administrator });
    expect([gone.status, gone.body]).toEqual([204, '']);
  });

  it('leaves rest_route out of the forwarded query of a ?rest_route= request', async () => {
    const { panel, asked } = recordingPanel();
    await server({ hostPanel: panel }).inject({ path: `/?rest_route=${NS}/sites&status=active`, user: administrator });
    expect(asked.map(({ slug, query }) => ({ slug, query }))).toEqual([{ slug: 'sites', query: { status: 'active' } }]);
  });

  it('refuses malformed JSON with 400 before the panel is asked', async () => {
    const { panel, asked } = recordingPanel();
    const answer = await sendJson(server({ hostPanel: panel }), 'POST', `${NS}/sites`, '{"name":');
    expect([answer.status, (answer.data as { code: string }).code]).toEqual([400, 'rest_invalid_json']);
    expect(asked).toEqual([]);
  });

  it('answers 501 naming the hostPanel option when the host gave no panel', async () => {
    const answer = await server().inject({ path: `${NS}/sites`, user: administrator });
    expect(answer.status).toBe(501);
    expect(answer.data).toEqual({
      code: 'rest_not_implemented',
      message: 'The host toolkit has no control panel to forward this request to: it needs the hostToolkit `hostPanel` option.',
      data: { status: 501 },
    });
  });

  it('passes credential params to the panel and keeps them and the thrown text out of its 502 and the error log', async () => {
    const reported: unknown[] = [];
    const panel: HostPanel = {
      request: async ({ query, body }) => {
        throw new Error(`upstream refused token ${String(query.token)} and ${JSON.stringify(body)}`);
      },
    };
    const rest = server({ hostPanel: panel }, memoryStore(), (...info: unknown[]) => void reported.push(info));
    const answer = await rest.inject({
      method: 'POST',
      path: `${NS}/sites/1/login?token=tok-8842`,
      body: { apikey: 'key-5531', secret: 'sec-1207' },
      user: administrator,
    });
    expect(answer.status).toBe(502);
    expect(answer.data).toEqual({
      code: 'host_toolkit_upstream_error',
      message: 'The hosting control panel did not give a usable answer.',
      data: { status: 502 },
    });
    for (const secret of ['tok-8842', 'key-5531', 'sec-1207', 'upstream refused']) {
      expect(answer.body).not.toContain(secret);
      expect(JSON.stringify(reported)).not.toContain(secret);
    }
  });

  it('answers 504 when the panel does not answer in time, and aborts its signal', async () => {
    let signalled: AbortSignal | undefined;
    const panel: HostPanel = {
      request: (_request, signal) => {
        signalled = signal;
        return new Promise(() => {});
      },
    };
    const answer = await server({ hostPanel: panel, panelLimits: { timeoutMs: 20 } }).inject({ path: `${NS}/sites`, user: administrator });
    expect(answer.status).toBe(504);
    expect(answer.data).toEqual({
      code: 'host_toolkit_upstream_timeout',
      message: 'The hosting control panel did not answer in time.',
      data: { status: 504 },
    });
    expect(signalled?.aborted).toBe(true);
  });

  it('answers 502 when the panel answers more than its size cap', async () => {
    const { panel } = recordingPanel(() => ({ status: 200, body: { log: 'x'.repeat(2000) } }));
    const answer = await server({ hostPanel: panel, panelLimits: { maxBytes: 1000 } }).inject({ path: `${NS}/logs`, user: administrator });
    expect([answer.status, (answer.data as { code: string }).code]).toEqual([502, 'host_toolkit_upstream_error']);
  });

  it.each([
    ['text counted in UTF-8 bytes', { status: 200, body: { log: 'é'.repeat(600) } }],
    ['what its toJSON writes', { status: 200, body: { log: { toJSON: () => 'x'.repeat(2000) } } }],
  ])('weighs the panel answer as the JSON it is sent as: %s', async (_what, reply) => {
    const panel: HostPanel = { request: async () => reply as Awaited<ReturnType<HostPanel['request']>> };
    const answer = await server({ hostPanel: panel, panelLimits: { maxBytes: 1000 } }).inject({ path: `${NS}/logs`, user: administrator });
    expect([answer.status, (answer.data as { code: string }).code]).toEqual([502, 'host_toolkit_upstream_error']);
  });

  it('takes an answer that fits its size cap, however near the cap', async () => {
    const body = { log: 'x'.repeat(900) };
    const panel: HostPanel = { request: async () => ({ status: 200, body }) };
    const exact = JSON.stringify({ status: 200, body }).length;
    const answer = await server({ hostPanel: panel, panelLimits: { maxBytes: exact } }).inject({ path: `${NS}/logs`, user: administrator });
    expect(answer.status).toBe(200);
  });

  it('times out only the call that hangs when calls start together, and aborts its signal', async () => {
    const signals = new Map<string, AbortSignal>();
    const panel: HostPanel = {
      request: (request, signal) => {
        signals.set(request.slug, signal);
        return request.slug === 'logs'
          ? new Promise(() => {})
          : Promise.resolve({ status: 200, body: BACKUPS } as Awaited<ReturnType<HostPanel['request']>>);
      },
    };
    const rest = server({ hostPanel: panel, panelLimits: { timeoutMs: 30 } });
    const [hung, answered] = await Promise.all([
      rest.inject({ path: `${NS}/logs`, user: administrator }),
      rest.inject({ path: `${NS}/backups`, user: administrator }),
    ]);
    expect([hung.status, answered.status]).toEqual([504, 200]);
    expect(signals.get('logs')?.aborted).toBe(true);
  });

  it.each([
    ['a status below 200', { status: 101, body: {} }],
    ['a status above 599', { status: 600, body: {} }],
    ['a fractional status', { status: 200.5, body: {} }],
    ['a status written as text', { status: '200', body: {} }],
    ['no status', { body: {} }],
    ['no object at all', 'ok'],
  ])('answers 502 when the panel answers %s', async (_what, reply) => {
    const { panel } = recordingPanel(() => reply);
    const answer = await server({ hostPanel: panel }).inject({ path: `${NS}/sites`, user: administrator });
    expect([answer.status, (answer.data as { code: string }).code]).toEqual([502, 'host_toolkit_upstream_error']);
  });

  it('refuses panel limits that would never answer, when the namespace is made', () => {
    expect(() => hostToolkit({ panelLimits: { timeoutMs: 0 } })).toThrow(
      'site-rest: hostToolkit panelLimits timeoutMs must be a number of at least 1',
    );
  });
});

/**
 * The ways a client can address the catch-all with `slug` (the text after `host-toolkit/api/` in
 * a URL path), each with the route the server then matches: the slug as written through the pretty
 * path and through an encoded `?rest_route=`, the slug percent-decoded through a `?rest_route=`
 * that carries it as it is.
 */
function addressings(slug: string): Array<{ how: string; path: string; decoded: boolean }> {
  return [
    { how: '/wp-json/', path: `/wp-json${NS}/${slug}`, decoded: false },
    { how: '?rest_route= encoded', path: `/?rest_route=${encodeURIComponent(`${NS}/${slug}`)}`, decoded: false },
    { how: '?rest_route= as it is', path: `/?rest_route=${NS}/${slug}`, decoded: true },
  ];
}

const INVALID_SLUG = {
  code: 'host_toolkit_invalid_slug',
  message:
    'The path below host-toolkit/api must be a relative path of named segments: no empty, "." or ".." segment, no scheme, no "?", "#", backslash or control character, no encoded "%" or "/", and no space at either end of a segment.',
  data: { status: 400 },
};

/** WordPress's route regexes stop `.` at a line break, so a route holding one reaches no route at all. */
const NO_ROUTE = { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } };

describe('the control panel slug', () => {
  it.each(SLUGS.refused)(
    'refuses $why ($slug) with 400 before the panel is called, however it is addressed',
    async ({ slug, decodedPasses }) => {
      const { panel, asked } = recordingPanel();
      const rest = server({ hostPanel: panel });
      for (const { how, path, decoded } of addressings(slug).filter((way) => !(way.decoded && decodedPasses))) {
        const expected = decoded && /%0[ad]/i.test(slug) ? NO_ROUTE : INVALID_SLUG;
        for (const method of ['GET', 'POST', 'DELETE']) {
          const answer = await rest.inject({ method, path, body: method === 'POST' ? { note: 'x' } : undefined, user: administrator });
          expect([how, method, answer.status, answer.data]).toEqual([how, method, expected.data.status, expected]);
        }
      }
      expect(asked).toEqual([]);
    },
  );

  it('refuses a hostile slug before saying no panel is configured, and after refusing anonymous callers', async () => {
    const rest = server();
    const anonymous = await rest.inject({ path: `${NS}/sites/12/../../13`, user: null });
    expect(anonymous.status).toBe(401);
    const refused = await rest.inject({ path: `${NS}/sites/12/../../13`, user: administrator });
    expect((refused.data as { code: string }).code).toBe('host_toolkit_invalid_slug');
  });

  it.each(SLUGS.passed)('hands the panel %s as the route matched it', async (slug) => {
    const { panel, asked } = recordingPanel();
    const rest = server({ hostPanel: panel });
    const expected: string[] = [];
    for (const { path, decoded } of addressings(slug)) {
      const answer = await rest.inject({ path, user: administrator });
      expect(answer.status).toBe(200);
      expected.push(decoded ? decodeURIComponent(slug) : slug);
    }
    expect(asked.map((request) => request.slug)).toEqual(expected);
  });

  it('checks a long slug of many segments', async () => {
    const { panel, asked } = recordingPanel();
    const rest = server({ hostPanel: panel });
    const long = Array.from({ length: 20_000 }, (_, i) => `s${i}`).join('/');
    expect((await rest.inject({ path: `${NS}/${long}`, user: administrator })).status).toBe(200);
    expect((await rest.inject({ path: `${NS}/${long}/..`, user: administrator })).status).toBe(400);
    expect(asked.map((request) => request.slug)).toEqual([long]);
  });
});

describe('host-toolkit/api in a batch', () => {
  it('refuses every item naming its routes with 400 rest_batch_not_allowed, running none', async () => {
    const { panel, asked } = recordingPanel();
    const store = memoryStore();
    const rest = server({ hostPanel: panel }, store);
    const answer = await rest.inject({
      method: 'POST',
      path: '/batch/v1',
      body: {
        requests: [
          { method: 'POST', path: SETTINGS, body: { enabled: true } },
          { method: 'POST', path: `${NS}/sites/1/backups`, body: {} },
          { method: 'DELETE', path: `${NS}/sites/1` },
        ],
      },
      user: administrator,
    });
    expect(answer.status).toBe(207);
    const responses = (answer.data as { responses: Array<{ status: number; body: { code: string } }> }).responses;
    expect(responses.map(({ status, body }) => [status, body.code])).toEqual([
      [400, 'rest_batch_not_allowed'],
      [400, 'rest_batch_not_allowed'],
      [400, 'rest_batch_not_allowed'],
    ]);
    expect(asked).toEqual([]);
    expect(await store.options.get(ANALYTICS_SETTINGS_OPTION)).toBeUndefined();
  });
});

describe('analytics settings on PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-rest-host-toolkit-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('are read back after the store is closed and opened again', async () => {
    const first = await pgliteStore({ dataDir });
    const saved = await server({}, first).inject({ method: 'POST', path: SETTINGS, body: SCREEN_SETTINGS, user: administrator });
    expect(saved.status).toBe(200);
    await first.close();

    const reopened = await pgliteStore({ dataDir });
    try {
      const read = await server({}, reopened).inject({ method: 'PATCH', path: SETTINGS, body: { enabled: false }, user: administrator });
      expect(read.data).toEqual({ ...SCREEN_SETTINGS, enabled: false });
      expect(await reopened.options.get(ANALYTICS_SETTINGS_OPTION)).toEqual({ ...SCREEN_SETTINGS, enabled: false });
      const full = server({ settingsLimits: { maxKeys: 5 } }, reopened);
      const refused = await full.inject({ method: 'PATCH', path: SETTINGS, body: { enabled: true, extra: 1 }, user: administrator });
      expect(refused.status).toBe(400);
      expect(await reopened.options.get(ANALYTICS_SETTINGS_OPTION)).toEqual({ ...SCREEN_SETTINGS, enabled: false });
    } finally {
      await reopened.close();
    }
  });

  it('keep both of two concurrent merges of different keys from two servers', async () => {
    const store = await pgliteStore({ dataDir, tablePrefix: 'race_' });
    try {
      const [one, two] = [server({}, store), server({}, store)];
      await Promise.all([
        one.inject({ method: 'PATCH', path: SETTINGS, body: { enabled: true }, user: administrator }),
        two.inject({ method: 'PATCH', path: SETTINGS, body: { property_id: 'G-9' }, user: administrator }),
      ]);
      const read = await one.inject({ method: 'POST', path: SETTINGS, body: {}, user: administrator });
      expect(read.data).toEqual({ enabled: true, property_id: 'G-9' });
    } finally {
      await store.close();
    }
  });
});
