// `blocksuite-maillist/v1` (Kadence Blocks' MailerLite proxy) through `inject`: the recorded
// MailerLite answers for both APIs, the plugin's bare-string answers with status 200 for a missing
// key, refused keys, failing upstreams and bodies that are no JSON, its `edit_posts` check after
// validation, and the key kept out of every answer and report.
import { describe, expect, it } from 'vitest';
import {
  blocksuiteMaillist,
  createRestServer,
  memoryStore,
  type BlocksuiteMaillistOptions,
  type ErrorInfo,
  type MailingList,
  type MailingListRequest,
  type RestServer,
  type RestUser,
} from '../src/index.js';
import { packagedFixtures, serviceDoubles, serviceRecordings } from '../src/cli/fixtures.js';
import type { DoubleMode } from '../src/namespaces/recorded-double.js';
import { userWith } from './helpers/users.js';

const GET = '/blocksuite-maillist/v1/get';
const CLASSIC_KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
/** A connect API token: over 100 bytes, as MailerLite's new-style keys are. */
const CONNECT_KEY = `eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.${'k'.repeat(80)}.sig-${'z'.repeat(20)}`;

const administrator = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const author = userWith(3, 'author');
const subscriber = userWith(4, 'subscriber');

/** The packaged MailerLite double, switched to `mode`. */
function double(mode: DoubleMode = 'recorded'): MailingList {
  const recorded = serviceRecordings(packagedFixtures());
  recorded['blocksuite-maillist/mailing-list'].mode = mode;
  return serviceDoubles(recorded)['blocksuite-maillist/mailing-list'];
}

/** A server mounting only the MailerLite proxy, its reports collected. */
function server(options: BlocksuiteMaillistOptions = { mailingList: double() }) {
  const reports: Array<{ error: unknown; info: ErrorInfo }> = [];
  const rest = createRestServer({
    site: { name: 'Lists', url: 'http://lists.test' },
    store: memoryStore(),
    namespaces: [blocksuiteMaillist(options)],
    onError: (error, info) => reports.push({ error, info }),
  });
  return { rest, reports };
}

/** A MailerLite client that records its calls and answers `answer`. */
function recordingClient(answer: () => Promise<{ status: number; body: string }> = async () => ({ status: 200, body: '[]' })) {
  const asked: MailingListRequest[] = [];
  const mailingList: MailingList = {
    get: async (request) => {
      asked.push(request);
      return answer();
    },
  };
  return { mailingList, asked };
}

/** A GET of the proxy as `user` (an editor unless told; null: anonymous). */
const ask = (rest: RestServer, query: Record<string, unknown>, user: RestUser | null = editor) =>
  rest.inject({ path: GET, query: query, ...(user ? { user } : {}) });

describe('blocksuite-maillist/v1 /get on the recorded MailerLite', () => {
  it("answers the classic API's groups and fields unchanged for a key of 100 bytes or less", async () => {
    const { rest } = server();
    const groups = await ask(rest, { apikey: CLASSIC_KEY, endpoint: 'groups', 'queryargs[]': 'limit=500' });
    expect(groups.status).toBe(200);
    expect(groups.data).toMatchObject([
      { id: 110235887, name: 'Newsletter', total: 1284 },
      { id: 110236004, name: 'Webinar sign-ups' },
    ]);
    const fields = await ask(rest, { apikey: CLASSIC_KEY, endpoint: 'fields' });
    expect((fields.data as Array<{ key: string }>).map((field) => field.key)).toEqual([
      'email',
      'name',
      'last_name',
      'company',
      'birthday',
    ]);
  });

  it("answers the connect API's {data, links, meta} for a key over 100 bytes, counted in bytes", async () => {
    const { rest } = server();
    const groups = await ask(rest, { apikey: CONNECT_KEY, endpoint: 'groups', 'queryargs[]': 'limit=500' });
    expect(groups.status).toBe(200);
    expect(groups.data).toMatchObject({ data: [{ id: '91752340681123471', name: 'Newsletter' }, { name: 'Webinar sign-ups' }] });
    expect((groups.data as { meta: { links: unknown } }).meta.links).toEqual([]);
    // 51 two-byte letters: 51 characters, 102 bytes, so the connect API.
    const fields = await ask(rest, { apikey: 'é'.repeat(51), endpoint: 'fields' });
    expect((fields.data as { data: Array<{ key: string }> }).data.map((field) => field.key)).toEqual([
      'email',
      'name',
      'last_name',
      'company',
      'plan',
      'signed_up_on',
    ]);
  });

  it('tells the host which API, endpoint and query args, splitting each "k=v" as the plugin explodes it', async () => {
    const { mailingList, asked } = recordingClient();
    const { rest } = server({ mailingList });
    await ask(rest, { apikey: CONNECT_KEY, endpoint: 'groups', queryargs: ['limit=500', 'filter[name]=News=x', 'bare', 'limit=25'] });
    await ask(rest, { apikey: CLASSIC_KEY });
    expect(asked).toEqual([
      { api: 'connect', apiKey: CONNECT_KEY, endpoint: 'groups', queryArgs: { limit: '25', 'filter[name]': 'News' } },
      { api: 'classic', apiKey: CLASSIC_KEY, endpoint: '', queryArgs: {} },
    ]);
  });

  it('answers the plugin\'s bare strings with 200: "Unauthorized" for 401, "Forbidden" for 403, "Error" for any other status, "No Content" for no JSON', async () => {
    const { rest } = server();
    const answers = await Promise.all([
      ask(rest, { apikey: 'revoked0000000000000000000000000', endpoint: 'groups' }),
      ask(rest, { apikey: CLASSIC_KEY, endpoint: 'automations' }),
      ask(rest, { apikey: CONNECT_KEY, endpoint: 'campaigns' }),
      ask(rest, { apikey: CLASSIC_KEY, endpoint: 'segments' }),
      ask(rest, { apikey: CLASSIC_KEY, endpoint: 'unrecorded' }),
    ]);
    expect(answers.map((answer) => [answer.status, answer.data])).toEqual([
      [200, 'Unauthorized'],
      [200, 'Forbidden'],
      [200, 'Error'],
      [200, 'No Content'],
      [200, 'Error'],
    ]);
  });

  it('reads the body as json_decode( …, true ) does: a JSON scalar is "No Content", {} is [], keys 0…n-1 a list', async () => {
    const bodies = ['"groups"', '42', '{}', '{"0":"a","1":{"2":"b"}}', '{"data":{}}'];
    const answers = [];
    for (const body of bodies) {
      const { mailingList } = recordingClient(async () => ({ status: 200, body }));
      answers.push((await ask(server({ mailingList }).rest, { apikey: CLASSIC_KEY, endpoint: 'groups' })).data);
    }
    expect(answers).toEqual(['No Content', 'No Content', [], ['a', { 2: 'b' }], { data: [] }]);
  });

  it('answers "Error" for a client answer that is no {status, body} with a text body, as for a failed request', async () => {
    const malformed = [{ status: '200', body: '[]' }, { status: 200, body: [] }, null, 'OK'];
    for (const answer of malformed) {
      const mailingList = { get: async () => answer } as unknown as MailingList;
      expect((await ask(server({ mailingList }).rest, { apikey: CLASSIC_KEY, endpoint: 'groups' })).data).toBe('Error');
    }
  });

  it('answers "Error" without asking MailerLite when apikey is missing or empty() in PHP\'s sense', async () => {
    const { mailingList, asked } = recordingClient();
    const { rest } = server({ mailingList });
    for (const query of [{ endpoint: 'groups' }, { apikey: '', endpoint: 'groups' }, { apikey: '0', endpoint: 'groups' }]) {
      const answer = await ask(rest, query);
      expect([answer.status, answer.data]).toEqual([200, 'Error']);
    }
    expect(asked).toEqual([]);
  });
});

describe('blocksuite-maillist/v1 /get refuses', () => {
  it('a bad collection param or an apikey that is no string with 400, echoing no key', async () => {
    const { mailingList, asked } = recordingClient();
    const { rest } = server({ mailingList });
    const perPage = await ask(rest, { apikey: CLASSIC_KEY, endpoint: 'groups', per_page: '0' });
    expect([perPage.status, (perPage.data as { code: string }).code]).toEqual([400, 'rest_invalid_param']);
    expect(perPage.body).not.toContain(CLASSIC_KEY);
    const keyList = await ask(rest, { 'apikey[]': CLASSIC_KEY, endpoint: 'groups' });
    expect(keyList.status).toBe(400);
    expect(keyList.data).toMatchObject({ code: 'rest_invalid_param', data: { params: { apikey: 'apikey is not of type string.' } } });
    expect(keyList.body).not.toContain(CLASSIC_KEY);
    expect(asked).toEqual([]);
  });

  it('anonymous callers with 401 and subscribers with 403 rest_forbidden; authors, editors and administrators are answered', async () => {
    const { rest } = server();
    const query = { apikey: CLASSIC_KEY, endpoint: 'groups' };
    const anonymous = await ask(rest, query, null);
    expect([anonymous.status, anonymous.data]).toEqual([
      401,
      { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } },
    ]);
    const refused = await ask(rest, query, subscriber);
    expect([refused.status, (refused.data as { code: string }).code]).toEqual([403, 'rest_forbidden']);
    for (const user of [author, editor, administrator]) expect((await ask(rest, query, user)).status).toBe(200);
  });

  it('checks the params before the permission, as WordPress orders them', async () => {
    const { rest } = server();
    const answer = await ask(rest, { apikey: CLASSIC_KEY, page: '0' }, null);
    expect([answer.status, (answer.data as { code: string }).code]).toEqual([400, 'rest_invalid_param']);
  });
});

describe('a failing MailerLite is the plugin\'s "Error", reported without the key', () => {
  it.each([
    { mode: 'threw' as const, failure: 'failed' },
    { mode: 'hang' as const, failure: 'did not answer within 50 ms' },
    { mode: 'too-large' as const, failure: 'answered more than' },
  ])('a double that $mode answers "Error" with 200', async ({ mode, failure }) => {
    const { rest, reports } = server({ mailingList: double(mode), mailingListLimits: { timeoutMs: 50 } });
    const answer = await ask(rest, { apikey: CLASSIC_KEY, endpoint: 'groups' });
    expect([answer.status, answer.data]).toEqual([200, 'Error']);
    expect(reports.map(({ info }) => [info.phase, info.service])).toEqual([['service', 'blocksuite-maillist/mailing-list']]);
    expect((reports[0]!.error as Error).message).toContain(failure);
  });

  it('answers "Error" with no client configured, and reports nothing', async () => {
    const { rest, reports } = server({});
    const answer = await ask(rest, { apikey: CLASSIC_KEY, endpoint: 'groups' });
    expect([answer.status, answer.data]).toEqual([200, 'Error']);
    expect(reports).toEqual([]);
  });

  it('cuts the key from what a throwing client said, and answers nothing of it', async () => {
    const { mailingList } = recordingClient(async () => {
      throw new Error(`MailerLite refused X-MailerLite-ApiKey ${CLASSIC_KEY} and Bearer ${CONNECT_KEY}`);
    });
    const { rest, reports } = server({ mailingList });
    const answer = await ask(rest, { apikey: CLASSIC_KEY, endpoint: 'groups' });
    expect(answer.data).toBe('Error');
    const told = reports.map(({ error }) => (error as Error).message).join('\n');
    expect(told).toContain(
      'blocksuite-maillist mailing-list (the `mailingList` option) failed: MailerLite refused X-MailerLite-ApiKey [redacted]',
    );
    for (const key of [CLASSIC_KEY, CONNECT_KEY]) {
      expect(told).not.toContain(key);
      expect(answer.body).not.toContain(key);
    }
  });
});
