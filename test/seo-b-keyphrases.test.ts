// `seo-b/v1` keyphrase research (Yoast's `semrush/*`) and rank tracking (`wincher/*`) through
// `inject`, on the recorded Semrush and Wincher doubles: the OAuth code exchanges (Wincher's with
// PKCE), the country code, the cached report, the account limit before tracking, ranking data and
// untracking; Yoast's answers when not connected, for a failing and a timing-out service; the
// permission checks after validation; tokens on PGlite across a restart, and never answered or reported.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRestServer, memoryStore, type ErrorInfo, type RestUser, type SiteStore } from '../src/index.js';
import { packagedFixtures, serviceDoubles, serviceRecordings } from '../src/cli/fixtures.js';
import type { DoubleMode } from '../src/namespaces/recorded-double.js';
import { seoB, type SeoBOptions, type Semrush, type Wincher, type WincherCall } from '../src/namespaces/seo-b/index.js';
import { pgliteStore } from '../src/store.js';
import { userWith } from './helpers/users.js';

const NS = '/seo-b/v1';
const NOW = Date.UTC(2026, 10, 29, 14, 0, 0);
const SITE = { name: 'Ranked', url: 'https://shop.example.test' };

const administrator = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const author = userWith(3, 'author');
const contributor = userWith(4, 'contributor');
const subscriber = userWith(5, 'subscriber');

/** Every token, refresh token and code the recordings hold: none may reach an answer or a report. */
const SECRETS = /smr-demo-|wnc-demo-/;

/** The packaged doubles, each switched to its mode. */
function doubles(semrushMode: DoubleMode = 'recorded', wincherMode: DoubleMode = 'recorded'): { semrush: Semrush; wincher: Wincher } {
  const recorded = serviceRecordings(packagedFixtures());
  recorded['seo-b/semrush'].mode = semrushMode;
  recorded['seo-b/wincher'].mode = wincherMode;
  const all = serviceDoubles(recorded);
  return { semrush: all['seo-b/semrush'], wincher: all['seo-b/wincher'] };
}

/** A server mounting seo-b on `store`, its reports and every answer's text collected. */
function server(options: SeoBOptions = doubles(), store: SiteStore = memoryStore(), now: () => number = () => NOW) {
  const reports: Array<{ error: unknown; info: ErrorInfo }> = [];
  const rest = createRestServer({
    site: SITE,
    store,
    namespaces: [seoB({ now, ...options })],
    onError: (error, info) => reports.push({ error, info }),
  });
  const answered: string[] = [];
  const call = async (method: string, path: string, params: Record<string, unknown> = {}, user: RestUser | null = author) => {
    const request = method === 'GET' ? { query: params } : { body: params };
    const response = await rest.inject({ method, path: `${NS}${path}`, ...request, user });
    answered.push(JSON.stringify(response.data));
    return response;
  };
  return { rest, store, reports, call, answered };
}

/** The `wpseo` option as stored. */
async function wpseo(store: SiteStore): Promise<Record<string, unknown>> {
  return ((await store.options.get('wpseo')) ?? {}) as Record<string, unknown>;
}

describe('seo-b/v1 keyphrase research on the recorded Semrush', () => {
  it('exchanges the code, keeps the tokens in wpseo.semrush_tokens and answers only their dates', async () => {
    const { call, store, answered } = server();
    const response = await call('POST', '/keyword-research-a/authenticate', { code: 'consent-code' });
    expect(response.status).toBe(200);
    const seconds = NOW / 1000;
    expect(response.data).toEqual({
      tokens: { expires: seconds + 604800, has_expired: false, created_at: seconds, error_count: 0 },
      status: 200,
    });
    expect((await wpseo(store)).semrush_tokens).toEqual({
      access_token: 'smr-demo-access-5f1d2c3b4a69788796a5b4c3d2e1f0a9',
      refresh_token: 'smr-demo-refresh-0a1b2c3d4e5f60718293a4b5c6d7e8f9',
      expires: seconds + 604800,
      has_expired: false,
      created_at: seconds,
      error_count: 0,
    });
    expect(answered.join('')).not.toMatch(SECRETS);
  });

  it("answers a refused code with Yoast's 401 Authentication failed and stores nothing", async () => {
    const { call, store } = server();
    const response = await call('POST', '/keyword-research-a/authenticate', { code: 'refused-code' });
    expect(response.status).toBe(401);
    expect(response.data).toEqual({ tokens: [], error: 'Authentication failed: invalid_grant', status: 401 });
    expect((await wpseo(store)).semrush_tokens).toBeUndefined();
  });

  it('answers the related keyphrases report, then from its transient for a day', async () => {
    const { call, store } = server();
    await call('POST', '/keyword-research-a/authenticate', { code: 'consent-code' });
    const first = await call('GET', '/keyword-research-a/related_keyphrases', { keyphrase: 'seo', country_code: 'us' });
    expect(first.status).toBe(200);
    const { results, status } = first.data as { results: { columnNames: string[]; rows: string[][] }; status: number };
    expect(status).toBe(200);
    expect(results.columnNames).toEqual(['Keyword', 'Search Volume', 'Trends', 'Intent', 'Keyword Difficulty Index']);
    expect(results.rows).toHaveLength(10);
    expect(results.rows[0]).toEqual(['seo tools', '33100', '0.81,0.81,1.00,0.81,0.81,0.67,0.67,0.81,0.81,0.81,0.81,0.81', '1,3', '89']);
    expect(await store.transients.get('wpseo_semrush_related_keyphrases_seo_us')).toMatchObject({ status: 200 });
    // Semrush failing now changes nothing: the report comes from the transient.
    const offline = server({ ...doubles('threw') }, store);
    const cached = await offline.call('GET', '/keyword-research-a/related_keyphrases', { keyphrase: 'seo', country_code: 'us' });
    expect(cached.data).toEqual(first.data);
    expect(offline.reports).toHaveLength(0);
  });

  it("passes Semrush's own error on with status 0, sent as 200 as WordPress sends a status it has no text for", async () => {
    const { call } = server();
    await call('POST', '/keyword-research-a/authenticate', { code: 'consent-code' });
    const response = await call('GET', '/keyword-research-a/related_keyphrases', { keyphrase: 'units exhausted', country_code: 'us' });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ error: 'ERROR 132 :: API UNITS BALANCE IS ZERO :: TOTAL LIMIT EXCEEDED', status: 0 });
  });

  it("answers Yoast's 400 Token usage failed before Semrush is connected", async () => {
    const { call } = server();
    const response = await call('GET', '/keyword-research-a/related_keyphrases', { keyphrase: 'seo', country_code: 'us' });
    expect(response.status).toBe(400);
    expect(response.data).toEqual({ error: 'Token usage failed. Token is empty.', status: 400 });
  });

  it('refreshes expired tokens first, under its lock, and keeps the new pair', async () => {
    const store = memoryStore();
    await server(doubles(), store).call('POST', '/keyword-research-a/authenticate', { code: 'consent-code' });
    const later = server(doubles(), store, () => NOW + 604_801_000);
    const response = await later.call('GET', '/keyword-research-a/related_keyphrases', { keyphrase: 'seo', country_code: 'nl' });
    expect(response.status).toBe(200);
    expect((await wpseo(store)).semrush_tokens).toMatchObject({ access_token: 'smr-demo-access-refreshed-7c6b5a4938271605f4e3d2c1' });
    expect(await store.transients.get('lock:semrush_tokens')).toBeUndefined();
  });

  it('clears tokens whose refresh Semrush refuses twice (invalid_grant), counting the first', async () => {
    const store = memoryStore();
    await server(doubles(), store).call('POST', '/keyword-research-a/authenticate', { code: 'consent-code' });
    const refusing: Semrush = { request: async () => ({ status: 400, body: { error: 'invalid_grant' } }) };
    const later = server({ semrush: refusing }, store, () => NOW + 604_801_000);
    const ask = () => later.call('GET', '/keyword-research-a/related_keyphrases', { keyphrase: 'seo', country_code: 'us' });
    expect((await ask()).data).toEqual({ error: 'Authentication failed', status: 401 });
    expect((await wpseo(store)).semrush_tokens).toMatchObject({ error_count: 1 });
    expect((await ask()).status).toBe(401);
    expect((await wpseo(store)).semrush_tokens).toEqual([]);
    expect((await ask()).data).toEqual({ error: 'Token usage failed. Token is empty.', status: 400 });
  });

  it('saves the country code in wpseo.semrush_country_code', async () => {
    const { call, store } = server();
    const response = await call('POST', '/keyword-research-a/country_code', { country_code: 'nl' });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ success: true, status: 200 });
    expect((await wpseo(store)).semrush_country_code).toBe('nl');
  });

  it('refuses what the validate callbacks refuse, before the permission check', async () => {
    const { call } = server();
    for (const country_code of ['NL', 'usa', '', 12, ['us']]) {
      const response = await call('POST', '/keyword-research-a/country_code', { country_code }, null);
      expect(response.status).toBe(400);
      expect(response.data).toMatchObject({ code: 'rest_invalid_param', data: { params: { country_code: 'Invalid parameter.' } } });
    }
    const missing = await call('POST', '/keyword-research-a/country_code', {});
    expect(missing.data).toMatchObject({ code: 'rest_missing_callback_param', data: { status: 400, params: ['country_code'] } });
    const blank = await call('GET', '/keyword-research-a/related_keyphrases', { keyphrase: ' \t', country_code: 'us' });
    expect(blank.data).toMatchObject({ code: 'rest_invalid_param', data: { params: { keyphrase: 'Invalid parameter.' } } });
    const noCode = await call('POST', '/keyword-research-a/authenticate', { code: '' });
    expect(noCode.data).toMatchObject({ code: 'rest_invalid_param', data: { params: { code: 'Invalid parameter.' } } });
  });

  it("keeps preg_match's reading of `$`: a country code with a final newline is valid, as in PHP", async () => {
    const { call, store } = server();
    expect((await call('POST', '/keyword-research-a/country_code', { country_code: 'de\n' })).status).toBe(200);
    expect((await wpseo(store)).semrush_country_code).toBe('de\n');
  });
});

describe('seo-b/v1 rank tracking on the recorded Wincher', () => {
  /** A server whose Wincher records its calls on the recorded double. */
  function recordingServer(store: SiteStore = memoryStore()) {
    const calls: WincherCall[] = [];
    const { wincher, semrush } = doubles();
    const recording: Wincher = {
      request: (call, signal) => {
        calls.push(call);
        return wincher.request(call, signal);
      },
    };
    return { ...server({ semrush, wincher: recording }, store), calls };
  }

  /** A server connected to Wincher's website 73105. */
  async function connected(store: SiteStore = memoryStore()) {
    const site = recordingServer(store);
    await site.call('GET', '/rank-tracker/authorization-url');
    const response = await site.call('POST', '/rank-tracker/authenticate', { code: 'consent-code', websiteId: 73105 });
    expect(response.status).toBe(200);
    return site;
  }

  it("builds Wincher's authorization URL with an S256 challenge of the verifier it keeps a day in yoast_wincher_pkce", async () => {
    const { call, store, answered } = server();
    const response = await call('GET', '/rank-tracker/authorization-url');
    expect(response.status).toBe(200);
    const { status, url } = response.data as { status: number; url: string };
    expect(status).toBe(200);
    const verifier = (await store.transients.get('yoast_wincher_pkce')) as string;
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{64}$/);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    expect(url).toBe(
      'https://auth.wincher.com/connect/authorize?state=%7B%22domain%22%3A%22shop.example.test%22%7D' +
        '&scope=profile%20account%20websites%3Aread%20websites%3Awrite%20offline_access&response_type=code' +
        `&code_challenge=${challenge}&code_challenge_method=S256` +
        '&redirect_uri=https%3A%2F%2Fauth.wincher.com%2Fyoast%2Fsetup&client_id=yoast',
    );
    expect(answered.join('')).not.toContain(verifier);
  });

  it('exchanges the code with the kept verifier and stores the tokens and the website id', async () => {
    const { calls, store, answered } = await connected();
    const verifier = await store.transients.get('yoast_wincher_pkce');
    expect(calls[0]).toMatchObject({
      operation: 'token',
      url: 'https://auth.wincher.com/connect/token',
      form: {
        grant_type: 'authorization_code',
        code: 'consent-code',
        code_verifier: verifier,
        redirect_uri: 'https://auth.wincher.com/yoast/setup',
      },
    });
    const stored = await wpseo(store);
    expect(stored.wincher_website_id).toBe('73105');
    expect(stored.wincher_tokens).toMatchObject({
      access_token: 'wnc-demo-access-3e2d1c0b9a8f7e6d5c4b3a29180716f5',
      expires: NOW / 1000 + 3600,
    });
    expect(answered.join('')).not.toMatch(SECRETS);
  });

  it('takes websiteId only as a JSON integer other than 0', async () => {
    const { call } = server();
    for (const websiteId of ['73105', 0, 1.5, true]) {
      const response = await call('POST', '/rank-tracker/authenticate', { code: 'consent-code', websiteId });
      expect(response.status).toBe(400);
      expect(response.data).toMatchObject({ code: 'rest_invalid_param', data: { params: { websiteId: 'Invalid parameter.' } } });
    }
  });

  it("answers the account's limit and the upgrade campaign", async () => {
    const { call } = await connected();
    const limit = await call('GET', '/rank-tracker/account/limit');
    expect(limit.status).toBe(200);
    expect(limit.data).toEqual({ canTrack: true, limit: 10, usage: 3, historyDays: 30, status: 200 });
    const campaign = await call('GET', '/rank-tracker/account/upgrade-campaign');
    expect(campaign.data).toEqual({ discount: 30, months: 3, status: 200 });
  });

  it("tracks keyphrases after checking the account limit, answering Wincher's 201 with each keyphrase's id", async () => {
    const { call, calls } = await connected();
    const response = await call('POST', '/rank-tracker/keyphrases/track', { keyphrases: ['seo tools', 'keyword research'] });
    expect(response.status).toBe(201);
    expect(response.data).toEqual({
      status: 201,
      results: { 'seo tools': { id: 9120451, keyword: 'seo tools' }, 'keyword research': { id: 9120452, keyword: 'keyword research' } },
    });
    expect(calls.slice(-2).map((sent) => sent.operation)).toEqual(['account', 'track']);
    expect(calls.at(-1)).toMatchObject({
      url: 'https://api.wincher.com/beta/websites/73105/keywords/bulk',
      body: [
        { keyword: 'seo tools', groups: [] },
        { keyword: 'keyword research', groups: [] },
      ],
    });
  });

  it('refuses keyphrases past the account limit without asking Wincher to track them', async () => {
    const { call, calls } = await connected();
    const keyphrases = Array.from({ length: 8 }, (_, i) => `phrase ${i}`);
    const response = await call('POST', '/rank-tracker/keyphrases/track', { keyphrases });
    expect(response.status).toBe(400);
    expect(response.data).toEqual({ limit: 10, error: 'Account limit exceeded', status: 400 });
    expect(calls.map((sent) => sent.operation)).not.toContain('track');
  });

  it('refuses to track anything once the account is full, as canTrack says', async () => {
    const { wincher } = doubles();
    const full: Wincher = {
      request: (call, signal) =>
        call.operation === 'account'
          ? Promise.resolve({ status: 200, body: { limits: { keywords: { usage: 10, limit: 10 } } } })
          : wincher.request(call, signal),
    };
    const store = memoryStore();
    await server(doubles(), store).call('POST', '/rank-tracker/authenticate', { code: 'consent-code', websiteId: 73105 });
    const { call } = server({ wincher: full }, store);
    expect((await call('GET', '/rank-tracker/account/limit')).data).toEqual({
      canTrack: false,
      limit: 10,
      usage: 10,
      historyDays: null,
      status: 200,
    });
    const response = await call('POST', '/rank-tracker/keyphrases/track', { keyphrases: [] });
    expect(response.status).toBe(400);
    expect(response.data).toEqual({ limit: 10, error: 'Account limit exceeded', status: 400 });
  });

  it('answers ranking data of the asked keyphrases by keyword, matched case-insensitively', async () => {
    const { call, calls } = await connected();
    const response = await call('POST', '/rank-tracker/keyphrases', {
      keyphrases: ['SEO Tools'],
      permalink: 'https://shop.example.test/seo-tools/',
    });
    expect(response.status).toBe(200);
    const { status, results } = response.data as { status: number; results: Record<string, { position: { value: number } }> };
    expect(status).toBe(200);
    expect(Object.keys(results)).toEqual(['seo tools']);
    expect(results['seo tools']!.position.value).toBe(4);
    expect(calls.at(-1)).toMatchObject({
      operation: 'keyphrases',
      url: 'https://api.wincher.com/beta/yoast/73105',
      body: { keywords: ['SEO Tools'], url: 'https://shop.example.test/seo-tools/', start_at: null },
    });
  });

  it("asks for every post's focus keyphrase when none is named, and for nothing when there is none", async () => {
    const site = await connected();
    const none = await site.call('POST', '/rank-tracker/keyphrases');
    expect(none.data).toEqual({ status: 200, results: {} });
    expect(site.calls.map((sent) => sent.operation)).not.toContain('keyphrases');
    const post = await site.store.posts.insert({ post_title: 'Research', post_status: 'publish' });
    await site.store.postMeta.add(post.ID, '_yoast_wpseo_focuskw', 'keyword research');
    const trashed = await site.store.posts.insert({ post_title: 'Old', post_status: 'trash' });
    await site.store.postMeta.add(trashed.ID, '_yoast_wpseo_focuskw', 'seo tools');
    const response = await site.call('POST', '/rank-tracker/keyphrases');
    expect(Object.keys((response.data as { results: object }).results)).toEqual(['keyword research']);
    expect(site.calls.at(-1)).toMatchObject({ body: { keywords: ['keyword research'] } });
  });

  it('untracks the keyphrase named by the undeclared keyphraseID', async () => {
    const { call, calls } = await connected();
    const response = await call('DELETE', '/rank-tracker/keyphrases/untrack', { keyphraseID: 9120451 });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ status: 200 });
    expect(calls.at(-1)).toMatchObject({
      operation: 'untrack',
      method: 'DELETE',
      url: 'https://api.wincher.com/beta/websites/73105/keywords/9120451',
      keyphraseId: '9120451',
    });
  });

  it("answers Yoast's 400 Token usage failed before Wincher is connected, on tracking too", async () => {
    const { call } = server();
    const limit = await call('GET', '/rank-tracker/account/limit');
    expect(limit.status).toBe(400);
    expect(limit.data).toEqual({ status: 400, error: 'Token usage failed. Token is empty.' });
    const track = await call('POST', '/rank-tracker/keyphrases/track', { keyphrases: 'seo tools' });
    expect(track.data).toEqual({ status: 400, error: 'Token usage failed. Token is empty.' });
    const untrack = await call('DELETE', '/rank-tracker/keyphrases/untrack', { keyphraseID: 1 });
    expect(untrack.data).toEqual({ error: 'Token usage failed. Token is empty.', status: 400 });
  });
});

describe('seo-b/v1 keyphrase permissions', () => {
  const semrushRoute = ['POST', '/keyword-research-a/country_code', { country_code: 'us' }] as const;
  const wincherRoute = ['GET', '/rank-tracker/account/limit', {}] as const;

  it('lets edit_posts or edit_pages use Semrush, and publish_posts or publish_pages use Wincher', async () => {
    const { call } = server();
    const statuses = async (user: RestUser | null) => [
      (await call(...semrushRoute, user)).status,
      (await call(...wincherRoute, user)).status,
    ];
    expect(await statuses(null)).toEqual([401, 401]);
    expect(await statuses(subscriber)).toEqual([403, 403]);
    expect(await statuses(contributor)).toEqual([200, 403]);
    expect(await statuses(author)).toEqual([200, 400]);
    expect(await statuses(editor)).toEqual([200, 400]);
    expect(await statuses(administrator)).toEqual([200, 400]);
    const refused = await call(...wincherRoute, contributor);
    expect(refused.data).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
  });
});

describe('seo-b/v1 keyphrase services failing', () => {
  it("answers a throwing Semrush as Yoast answers an unreachable one, and reports it without the code's value", async () => {
    const { call, reports, answered } = server(doubles('threw', 'threw'));
    const semrush = await call('POST', '/keyword-research-a/authenticate', { code: 'consent-code' });
    expect(semrush.status).toBe(401);
    expect(semrush.data).toEqual({ tokens: [], error: "Authentication failed: cURL error 7: Couldn't connect to server", status: 401 });
    const wincher = await call('POST', '/rank-tracker/authenticate', { code: 'consent-code', websiteId: 73105 });
    expect(wincher.status).toBe(401);
    expect(reports.map(({ info }) => info.service)).toEqual(['seo-b/semrush', 'seo-b/wincher']);
    expect(String(reports[0]!.error)).toMatch(/seo-b semrush \(the `semrush` option\) failed/);
    expect(answered.join('')).not.toMatch(/recorded double/);
  });

  it('answers a Semrush that never answers at its deadline, as a timed-out request with status 0', async () => {
    const store = memoryStore();
    await server(doubles(), store).call('POST', '/keyword-research-a/authenticate', { code: 'consent-code' });
    const { call, reports } = server({ ...doubles('hang'), semrushLimits: { timeoutMs: 20 } }, store);
    const response = await call('GET', '/keyword-research-a/related_keyphrases', { keyphrase: 'seo', country_code: 'us' });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ error: 'cURL error 28: Operation timed out', status: 0 });
    expect(String(reports[0]!.error)).toMatch(/did not answer within 20 ms/);
  });

  it('answers a Wincher that throws or never answers with status 0 on the account, and tracks nothing', async () => {
    const store = memoryStore();
    const first = server(doubles(), store);
    await first.call('POST', '/rank-tracker/authenticate', { code: 'consent-code', websiteId: 73105 });
    const throwing = server(doubles('recorded', 'threw'), store);
    const limit = await throwing.call('GET', '/rank-tracker/account/limit');
    expect(limit.status).toBe(200);
    expect(limit.data).toEqual({ status: 0, error: "cURL error 7: Couldn't connect to server" });
    const hanging = server({ ...doubles('recorded', 'hang'), wincherLimits: { timeoutMs: 20 } }, store);
    const track = await hanging.call('POST', '/rank-tracker/keyphrases/track', { keyphrases: ['seo tools'] });
    expect(track.data).toEqual({ status: 0, error: 'cURL error 28: Operation timed out' });
  });

  it('answers a Wincher whose answer is over its size cap as a failed request', async () => {
    const store = memoryStore();
    await server(doubles(), store).call('POST', '/rank-tracker/authenticate', { code: 'consent-code', websiteId: 73105 });
    const { call } = server({ ...doubles('recorded', 'too-large'), wincherLimits: { maxBytes: 1024 } }, store);
    expect((await call('GET', '/rank-tracker/account/upgrade-campaign')).data).toEqual({
      status: 0,
      error: 'cURL error 63: Maximum file size exceeded',
    });
  });

  it("answers Yoast's 401 on the code exchanges when the host gives no service", async () => {
    const { call } = server({});
    const semrush = await call('POST', '/keyword-research-a/authenticate', { code: 'consent-code' });
    expect(semrush.data).toEqual({ tokens: [], error: 'Authentication failed: A valid URL was not provided.', status: 401 });
    const wincher = await call('POST', '/rank-tracker/authenticate', { code: 'consent-code', websiteId: 1 });
    expect(wincher.status).toBe(401);
  });

  it('never puts a token, code or verifier into a report, even where the service quotes their bare values', async () => {
    const store = memoryStore();
    await server(doubles(), store).call('POST', '/keyword-research-a/authenticate', { code: 'consent-code' });
    const quoting: Semrush = {
      request: async (call) => {
        throw new Error(`rejected ${call.operation === 'token' ? '' : call.accessToken}`);
      },
    };
    const { call, reports } = server({ semrush: quoting }, store);
    await call('GET', '/keyword-research-a/related_keyphrases', { keyphrase: 'seo', country_code: 'us' });
    const verifierQuoting: Wincher = {
      request: async (sent) => {
        throw new Error(
          `refused ${sent.operation === 'token' && sent.form.grant_type === 'authorization_code' ? `${sent.form.code} ${sent.form.code_verifier}` : ''}`,
        );
      },
    };
    const wincher = server({ wincher: verifierQuoting }, store);
    await wincher.call('GET', '/rank-tracker/authorization-url');
    await wincher.call('POST', '/rank-tracker/authenticate', { code: 'one-time-code', websiteId: 73105 });
    const verifier = (await store.transients.get('yoast_wincher_pkce')) as string;
    const reported = [...reports, ...wincher.reports].map(({ error }) => String(error));
    expect(reported).toHaveLength(2);
    expect(reported[0]).toMatch(/seo-b semrush .* failed: rejected/);
    expect(reported.join('\n')).not.toMatch(SECRETS);
    expect(reported[1]).not.toContain('one-time-code');
    expect(reported[1]).not.toContain(verifier);
  });
});

describe('seo-b/v1 keyphrase tokens on PGlite', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps both connections, the country and the website across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'seo-b-keyphrases-'));
    dirs.push(dataDir);
    const first = await pgliteStore({ dataDir });
    const one = server(doubles(), first);
    await one.call('POST', '/keyword-research-a/authenticate', { code: 'consent-code' });
    await one.call('POST', '/keyword-research-a/country_code', { country_code: 'nl' });
    await one.call('GET', '/rank-tracker/authorization-url');
    await one.call('POST', '/rank-tracker/authenticate', { code: 'consent-code', websiteId: 73105 });
    await first.close();

    const second = await pgliteStore({ dataDir });
    try {
      const two = server(doubles(), second);
      const stored = await wpseo(second);
      expect(stored).toMatchObject({ semrush_country_code: 'nl', wincher_website_id: '73105' });
      const report = await two.call('GET', '/keyword-research-a/related_keyphrases', { keyphrase: 'seo', country_code: 'nl' });
      expect((report.data as { status: number }).status).toBe(200);
      expect((await two.call('GET', '/rank-tracker/account/limit')).data).toMatchObject({ limit: 10, status: 200 });
      expect([...one.answered, ...two.answered].join('')).not.toMatch(SECRETS);
    } finally {
      await second.close();
    }
  });
});
