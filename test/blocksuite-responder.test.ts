// `blocksuite-responder/v1` (Kadence Blocks' GetResponse proxy, as of 3.5) through `inject`: the
// account read from the plugin's two options (memory, and PGlite across a restart), `[]` while
// either is unset, the recorded GetResponse answers, `getresponse_error` 500 with `data: null` for
// a failing or refusing upstream and for a body that is no JSON array, the spec era's `edit_posts`
// check, and the key kept out of every answer and report.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  blocksuiteResponder,
  createRestServer,
  GETRESPONSE_API_ENDPOINT_OPTION,
  GETRESPONSE_API_KEY_OPTION,
  memoryStore,
  type BlocksuiteResponderOptions,
  type ErrorInfo,
  type GetResponseSettings,
  type Responder,
  type RestUser,
  type SiteStore,
} from '../src/index.js';
import { pgliteStore } from '../src/store.js';
import { packagedFixtures, serviceDoubles, serviceRecordings } from '../src/cli/fixtures.js';
import type { DoubleMode } from '../src/namespaces/recorded-double.js';
import { userWith } from './helpers/users.js';

const GET = '/blocksuite-responder/v1/get';
const KEY = 'gr8x2k4m6q9w1e3r5t7y0u2i4o6p8a1s';
const BASE = 'https://api.getresponse.com/v3';

const administrator = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const author = userWith(3, 'author');
const subscriber = userWith(4, 'subscriber');

/** The packaged GetResponse double, switched to `mode`. */
function double(mode: DoubleMode = 'recorded'): Responder {
  const recorded = serviceRecordings(packagedFixtures());
  recorded['blocksuite-responder/responder'].mode = mode;
  return serviceDoubles(recorded)['blocksuite-responder/responder'];
}

/** A store holding the GetResponse settings as the plugin's settings panel saves them. */
async function configured(store: SiteStore = memoryStore(), key: unknown = KEY, base: unknown = BASE): Promise<SiteStore> {
  await store.options.set(GETRESPONSE_API_KEY_OPTION, key as string);
  await store.options.set(GETRESPONSE_API_ENDPOINT_OPTION, base as string);
  return store;
}

/** A server mounting only the GetResponse proxy over `store`, its reports collected. */
function server(store: SiteStore, options: BlocksuiteResponderOptions = { responder: double() }) {
  const reports: Array<{ error: unknown; info: ErrorInfo }> = [];
  const rest = createRestServer({
    site: { name: 'Lists', url: 'http://lists.test' },
    store,
    namespaces: [blocksuiteResponder(options)],
    onError: (error, info) => reports.push({ error, info }),
  });
  return { rest, reports };
}

/** A GetResponse client that records its calls and answers `answer`. */
function recordingClient(answer: () => Promise<{ status: number; body: string }> = async () => ({ status: 200, body: '[]' })) {
  const asked: Array<{ endpoint: string; account: GetResponseSettings }> = [];
  const responder: Responder = {
    get: async (endpoint, account) => {
      asked.push({ endpoint, account });
      return answer();
    },
  };
  return { responder, asked };
}

/** A GET of the proxy as `user` (an editor unless told; null: anonymous). */
const ask = (rest: ReturnType<typeof server>['rest'], query: Record<string, string>, user: RestUser | null = editor) =>
  rest.inject({ path: GET, query, ...(user ? { user } : {}) });

describe('blocksuite-responder/v1 /get on the recorded GetResponse', () => {
  it("answers the account's campaigns, tags and custom fields as GetResponse sends them", async () => {
    const { rest } = server(await configured());
    const campaigns = await ask(rest, { endpoint: 'campaigns', 'queryargs[]': 'perPage=200' });
    expect(campaigns.status).toBe(200);
    expect((campaigns.data as Array<{ campaignId: string; name: string }>).map(({ campaignId, name }) => [campaignId, name])).toEqual([
      ['V3kQa', 'newsletter_main'],
      ['V3kRz', 'webinar_signups'],
    ]);
    const tags = await ask(rest, { endpoint: 'tags' });
    expect(tags.data).toMatchObject([
      { tagId: 'vBd5', name: 'webinar' },
      { tagId: 'vBd8', name: 'customer' },
    ]);
    const fields = await ask(rest, { endpoint: 'custom-fields', 'queryargs[]': 'perPage=300' });
    expect(fields.data).toMatchObject([
      { customFieldId: 'pQx7', name: 'company' },
      { customFieldId: 'pQx9', values: ['Free', 'Pro', 'Business'] },
    ]);
  });

  it('gives the host the endpoint and the stored account, its base without trailing slashes; queryargs is never read', async () => {
    const { responder, asked } = recordingClient();
    const { rest } = server(await configured(memoryStore(), KEY, `${BASE}//`), { responder });
    await ask(rest, { endpoint: 'campaigns', 'queryargs[]': 'perPage=200' });
    await ask(rest, {});
    expect(asked).toEqual([
      { endpoint: 'campaigns', account: { apiKey: KEY, apiBase: BASE } },
      { endpoint: '', account: { apiKey: KEY, apiBase: BASE } },
    ]);
  });

  it("answers [] without asking GetResponse while the key or the base is unset or empty() in PHP's sense", async () => {
    const { responder, asked } = recordingClient();
    const stores = [memoryStore(), await configured(memoryStore(), KEY, ''), await configured(memoryStore(), '0', BASE)];
    for (const store of stores) {
      const answer = await ask(server(store, { responder }).rest, { endpoint: 'campaigns' });
      expect([answer.status, answer.data]).toEqual([200, []]);
    }
    expect(asked).toEqual([]);
  });

  it('answers getresponse_error 500 with data null for a refusing or unknown upstream, and "Empty data" for a body that is no JSON array', async () => {
    const refused = await ask(server(await configured(memoryStore(), KEY, 'https://api3.getresponse360.pl/v3')).rest, { endpoint: 'tags' });
    const unknown = await ask(server(await configured()).rest, { endpoint: 'unrecorded' });
    for (const answer of [refused, unknown]) {
      expect([answer.status, answer.data]).toEqual([
        500,
        { code: 'getresponse_error', message: 'Error fetching data from GetResponse', data: null },
      ]);
    }
    for (const body of ['null', '"campaigns"', 'not json']) {
      const { responder } = recordingClient(async () => ({ status: 200, body }));
      const empty = await ask(server(await configured(), { responder }).rest, { endpoint: 'campaigns' });
      expect([empty.status, empty.data]).toEqual([500, { code: 'getresponse_error', message: 'Empty data from GetResponse', data: null }]);
    }
  });
});

describe('blocksuite-responder/v1 /get refuses', () => {
  it('a bad collection param with 400 before asking anything', async () => {
    const { responder, asked } = recordingClient();
    const { rest } = server(await configured(), { responder });
    const answer = await ask(rest, { endpoint: 'campaigns', per_page: '101' });
    expect([answer.status, (answer.data as { code: string }).code]).toEqual([400, 'rest_invalid_param']);
    const endpoint = await ask(rest, { 'endpoint[]': 'campaigns' });
    expect(endpoint.data).toMatchObject({ code: 'rest_invalid_param', data: { params: { endpoint: 'endpoint is not of type string.' } } });
    expect(asked).toEqual([]);
  });

  it("with the spec era's edit_posts: anonymous 401, subscriber 403 rest_forbidden; authors, editors and administrators answered", async () => {
    const { rest } = server(await configured());
    const anonymous = await ask(rest, { endpoint: 'tags' }, null);
    expect([anonymous.status, (anonymous.data as { code: string }).code]).toEqual([401, 'rest_forbidden']);
    const refused = await ask(rest, { endpoint: 'tags' }, subscriber);
    expect([refused.status, (refused.data as { code: string }).code]).toEqual([403, 'rest_forbidden']);
    for (const user of [author, editor, administrator]) expect((await ask(rest, { endpoint: 'tags' }, user)).status).toBe(200);
  });
});

describe('a failing GetResponse is getresponse_error 500, reported without the key', () => {
  it.each(['threw', 'hang', 'too-large'] as const)('a double that %s', async (mode) => {
    const { rest, reports } = server(await configured(), { responder: double(mode), responderLimits: { timeoutMs: 50 } });
    const answer = await ask(rest, { endpoint: 'campaigns' });
    expect([answer.status, answer.data]).toEqual([
      500,
      { code: 'getresponse_error', message: 'Error fetching data from GetResponse', data: null },
    ]);
    expect(reports.map(({ info }) => [info.phase, info.service])).toEqual([['service', 'blocksuite-responder/responder']]);
  });

  it('no client configured, with nothing reported', async () => {
    const { rest, reports } = server(await configured(), {});
    const answer = await ask(rest, { endpoint: 'campaigns' });
    expect([answer.status, (answer.data as { code: string }).code]).toEqual([500, 'getresponse_error']);
    expect(reports).toEqual([]);
  });

  it('a client that throws the key: cut from the report, absent from the answer', async () => {
    const { responder } = recordingClient(async () => {
      throw new Error(`GET ${BASE}/campaigns refused X-Auth-Token: api-key ${KEY}`);
    });
    const { rest, reports } = server(await configured(), { responder });
    const answer = await ask(rest, { endpoint: 'campaigns' });
    const told = reports.map(({ error }) => (error as Error).message).join('\n');
    expect(told).toContain(`failed: GET ${BASE}/campaigns refused`);
    expect(told).not.toContain(KEY);
    expect(answer.body).not.toContain(KEY);
  });
});

describe('GetResponse settings on PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-rest-responder-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('are read from the options after the store is closed and opened again', async () => {
    const first = await pgliteStore({ dataDir });
    await configured(first);
    await first.close();

    const reopened = await pgliteStore({ dataDir });
    try {
      const { responder, asked } = recordingClient(async () => ({ status: 200, body: '[{"campaignId":"V3kQa"}]' }));
      const answer = await ask(server(reopened, { responder }).rest, { endpoint: 'campaigns' });
      expect(answer.data).toEqual([{ campaignId: 'V3kQa' }]);
      expect(asked).toEqual([{ endpoint: 'campaigns', account: { apiKey: KEY, apiBase: BASE } }]);
    } finally {
      await reopened.close();
    }
  });
});
