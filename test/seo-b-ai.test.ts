// `seo-b/v1`'s Yoast AI routes (Yoast SEO 28.1) through `inject`: the AI flow on the recorded
// `yoastAi` double (the packaged fixtures/), with Yoast's server calling the PKCE callback back
// and the double's first token refused once (the 401-then-retry path); the callbacks' checks;
// token refresh; every upstream status as Yoast maps it; no service, a failing and a timing-out
// one; validation; refusals per role; the content planner on the store's posts; the tokens kept
// on PGlite across a restart; and no token in any answer or report.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRestServer, memoryStore, type RestServer, type RestUser, type SiteStore } from '../src/index.js';
import { packagedFixtures, serviceRecordings } from '../src/cli/fixtures.js';
import { seoB, type SeoBOptions, type YoastAi, type YoastAiAnswer, type YoastAiCall } from '../src/namespaces/seo-b/index.js';
import { yoastAiService } from '../src/namespaces/seo-b/services.js';
import type { Recordings } from '../src/namespaces/recorded-double.js';
import { pgliteStore } from '../src/store.js';
import { userWith } from './helpers/users.js';

const NS = '/seo-b/v1';
const SITE = { name: 'Crumb & Co Bakery', url: 'http://bakery.test' };
const NOW = Date.UTC(2026, 10, 29, 14, 0, 0);

const administrator = userWith(1, 'administrator');
const editor = userWith(2, 'editor');
const author = userWith(3, 'author');
const contributor = userWith(4, 'contributor');
const subscriber = userWith(5, 'subscriber');

const META = {
  access: '_yoast_wpseo_ai_generator_access_jwt',
  refresh: '_yoast_wpseo_ai_generator_refresh_jwt',
  verifier: 'yoast_wpseo_ai_generator_code_verifier_for_blog_1',
  consent: '_yoast_wpseo_ai_consent',
} as const;

const SUGGESTION = {
  type: 'seo-title',
  prompt_content: 'How to bake sourdough at home.',
  focus_keyphrase: 'sourdough',
  language: 'en',
  platform: 'Google',
  editor: 'gutenberg',
};

/** The packaged recordings of Yoast AI, fresh for each test so a flipped switch or a call count touches no other. */
function recorded(): Recordings {
  return serviceRecordings(packagedFixtures())['seo-b/yoast-ai'];
}

/**
 * Yoast AI on the recorded double (`answer` first where it answers a call), listing every call;
 * `tokens` collects every JWT and challenge that went by, to look for in the answers.
 */
function recordingAi(recordings: Recordings = recorded(), answer: (call: YoastAiCall) => YoastAiAnswer | undefined = () => undefined) {
  const double = yoastAiService.double(recordings);
  const calls: YoastAiCall[] = [];
  const secrets = new Set<string>();
  const callbackAnswers: unknown[] = [];
  const yoastAi: YoastAi = {
    request: (call, signal, callBack) => {
      calls.push(call);
      const bearer = call.headers.Authorization?.replace('Bearer ', '');
      if (bearer) secrets.add(bearer);
      if (typeof call.body?.code_challenge === 'string') secrets.add(call.body.code_challenge);
      return (
        answer(call) ??
        double.request(call, signal, async (params) => {
          secrets.add(params.access_jwt).add(params.refresh_jwt);
          const answered = await callBack(params);
          callbackAnswers.push(answered.body);
          return answered;
        })
      );
    },
  };
  return { yoastAi, calls, secrets, callbackAnswers, paths: () => calls.map((call) => `${call.method} ${call.path}`) };
}

/** A server mounting only seo-b on `store`, its `onError` reports kept. */
function server(options: SeoBOptions = {}, store: SiteStore = memoryStore()) {
  const reports: string[] = [];
  const rest = createRestServer({
    site: SITE,
    store,
    namespaces: [seoB({ now: () => NOW, ...options })],
    onError: (error) => reports.push(error instanceof Error ? error.message : String(error)),
  });
  return { rest, reports, store };
}

/** A server on the recorded double. */
function onDouble(store: SiteStore = memoryStore(), answer?: (call: YoastAiCall) => YoastAiAnswer | undefined, options: SeoBOptions = {}) {
  const ai = recordingAi(recorded(), answer);
  return { ...server({ yoastAi: ai.yoastAi, ...options }, store), ...ai };
}

const post = (rest: RestServer, route: string, body: unknown, user: RestUser | null = editor) =>
  rest.inject({ method: 'POST', path: `${NS}/${route}`, body, user });
const get = (rest: RestServer, route: string, query: Record<string, unknown>, user: RestUser | null = editor) =>
  rest.inject({ path: `${NS}/${route}`, query, user });

/** The `jti` a JWT the double minted carries. */
const jtiOf = (jwt: unknown): unknown => JSON.parse(Buffer.from(String(jwt).split('.')[1]!, 'base64url').toString()).jti;

/** A JWT like the double's, for user `sub`, named `jti`, expiring at `exp`. */
const jwt = (sub: string, jti: string, exp: number) =>
  [{ alg: 'HS256' }, { sub, jti, exp }, { s: 1 }].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.');

/** Whether any of `secrets` appears in `text`. */
const leaks = (text: string, secrets: Set<string>) => [...secrets].filter((secret) => text.includes(secret));

describe("the editor's AI flow on the recorded Yoast AI", () => {
  it('grants consent through the PKCE token request, retries once after the first token is refused, then suggests and counts usage', async () => {
    const { rest, store, paths, calls, secrets, reports, callbackAnswers } = onDouble();
    const answers: unknown[] = [];
    const consent = await post(rest, 'ai_generator/consent', { consent: true });
    answers.push(consent.data);
    expect([consent.status, consent.data]).toEqual([200, 'Consent successfully given.']);
    expect(paths()).toEqual(['POST /token/request', 'POST /user/consent', 'POST /token/request', 'POST /user/consent']);
    expect(calls[0]!.body).toMatchObject({
      service: 'openai',
      user_id: '2',
      license_site_url: 'http://bakery.test',
      callback_url: 'http://bakery.test/wp-json/seo-b/v1/ai_generator/callback',
      refresh_callback_url: 'http://bakery.test/wp-json/seo-b/v1/ai_generator/refresh_callback',
    });
    expect(calls[0]!.body!.code_challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(jtiOf(calls[1]!.headers.Authorization!.slice(7))).toBe('first-access');
    expect(jtiOf(calls[3]!.headers.Authorization!.slice(7))).toBe('access');
    expect(await store.userMeta.get(2, META.consent)).toEqual(['1']);
    expect(jtiOf((await store.userMeta.get(2, META.access))[0])).toBe('access');
    expect(await store.userMeta.get(2, META.verifier)).toEqual([]);

    const suggestions = await post(rest, 'ai_generator/get_suggestions', SUGGESTION);
    answers.push(suggestions.data);
    expect(suggestions.status).toBe(200);
    expect(suggestions.data).toEqual([
      'Sourdough for Beginners: A Step-by-Step Guide',
      'Bake Your First Sourdough Loaf This Weekend',
      'Sourdough Made Simple: Starter, Dough and Bake',
    ]);
    const sent = calls.at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      url: 'https://ai.yoa.st/api/v1/openai/suggestions/seo-title',
      headers: { 'X-Yst-Cohort': 'gutenberg', 'Content-Type': 'application/json' },
      body: {
        service: 'openai',
        user_id: '2',
        subject: { content: SUGGESTION.prompt_content, focus_keyphrase: 'sourdough', language: 'en', platform: 'Google' },
      },
    });

    const usage = await post(rest, 'ai_generator/get_usage', {});
    answers.push(usage.data);
    expect([usage.status, usage.data]).toEqual([200, { numberOfRequests: 3, usageLimit: 10 }]);
    expect(calls.at(-1)).toMatchObject({ method: 'GET', path: '/usage/free-usages', body: null });
    expect(paths().filter((path) => path === 'POST /token/request')).toHaveLength(2);

    const revoked = await post(rest, 'ai_generator/consent', { consent: false });
    answers.push(revoked.data);
    expect([revoked.status, revoked.data]).toEqual([200, 'Consent successfully revoked.']);
    expect(paths().slice(-2)).toEqual(['DELETE /user/consent', 'POST /token/invalidate']);
    for (const key of [META.consent, META.access, META.refresh]) expect(await store.userMeta.get(2, key)).toEqual([]);

    expect(secrets.size).toBeGreaterThan(4);
    expect(callbackAnswers).toHaveLength(2);
    expect(leaks(JSON.stringify([answers, callbackAnswers]) + reports.join('\n'), secrets)).toEqual([]);
  });

  it('refreshes an expired access token through /token/refresh and the refresh callback, with the refresh JWT', async () => {
    const { rest, store, paths, calls } = onDouble();
    await post(rest, 'ai_generator/consent', { consent: true });
    const refresh = jwt('2', 'kept-refresh', 4_102_444_800);
    await store.userMeta.update(2, META.access, jwt('2', 'expired-access', NOW / 1000 - 60));
    await store.userMeta.update(2, META.refresh, refresh);
    const before = calls.length;
    const answer = await post(rest, 'ai_generator/get_suggestions', { ...SUGGESTION, type: 'meta-description' });
    expect(answer.status).toBe(200);
    expect(paths().slice(before)).toEqual(['POST /token/refresh', 'POST /openai/suggestions/meta-description']);
    expect(calls[before]!.headers.Authorization).toBe(`Bearer ${refresh}`);
    expect(jtiOf(calls.at(-1)!.headers.Authorization!.slice(7))).toBe('refreshed-access');
    expect(jtiOf((await store.userMeta.get(2, META.refresh))[0])).toBe('refreshed-refresh');
  });
});

describe('the PKCE callbacks Yoast AI calls', () => {
  /** A verifier stored as Yoast stores it, `age` seconds old, and its challenge. */
  async function storedVerifier(store: SiteStore, age: number) {
    const code = 'a'.repeat(64);
    await store.userMeta.update(3, META.verifier, { code, created_at: NOW / 1000 - age });
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code)));
    return { code, challenge: Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('') };
  }
  const delivery = (challenge: string) => ({
    access_jwt: 'header.access.sig',
    refresh_jwt: 'header.refresh.sig',
    code_challenge: challenge,
    user_id: 3,
  });

  it.each(['callback', 'refresh_callback'])(
    '%s stores the tokens for anyone whose challenge the stored verifier answers, and forgets the verifier',
    async (route) => {
      const { rest, store } = server();
      const { code, challenge } = await storedVerifier(store, 299);
      const answer = await post(rest, `ai_generator/${route}`, delivery(challenge), null);
      expect([answer.status, answer.data]).toEqual([200, { message: 'Tokens successfully stored.', code_verifier: code }]);
      expect(await store.userMeta.get(3, META.access)).toEqual(['header.access.sig']);
      expect(await store.userMeta.get(3, META.refresh)).toEqual(['header.refresh.sig']);
      expect(await store.userMeta.get(3, META.verifier)).toEqual([]);
      expect(JSON.stringify(answer.data)).not.toContain('header.');
    },
  );

  it('answers 401 "Unauthorized." to a wrong challenge, an expired verifier (then deleted) and a missing one, storing nothing', async () => {
    const { rest, store } = server();
    const { challenge } = await storedVerifier(store, 10);
    for (const wrong of [challenge.replace(/^./, challenge[0] === 'f' ? 'e' : 'f'), challenge.toUpperCase(), challenge.slice(1), '']) {
      const answer = await post(rest, 'ai_generator/callback', delivery(wrong), null);
      expect([answer.status, answer.data]).toEqual([401, 'Unauthorized.']);
    }
    expect((await store.userMeta.get(3, META.verifier)).length).toBe(1);
    const expired = await storedVerifier(store, 301);
    expect((await post(rest, 'ai_generator/callback', delivery(expired.challenge), null)).status).toBe(401);
    expect(await store.userMeta.get(3, META.verifier)).toEqual([]);
    expect((await post(rest, 'ai_generator/refresh_callback', delivery(expired.challenge), null)).data).toBe('Unauthorized.');
    expect(await store.userMeta.get(3, META.access)).toEqual([]);
  });

  it("checks the callback's params as WordPress does, naming no value", async () => {
    const { rest } = server();
    const missing = await post(rest, 'ai_generator/callback', { access_jwt: 'secret-access-value' }, null);
    expect(missing.status).toBe(400);
    expect((missing.data as { code: string }).code).toBe('rest_missing_callback_param');
    const invalid = await post(rest, 'ai_generator/callback', { ...delivery('x'), user_id: 'three' }, null);
    expect([invalid.status, (invalid.data as { code: string }).code]).toEqual([400, 'rest_invalid_param']);
    expect(JSON.stringify([missing.data, invalid.data])).not.toContain('secret-access-value');
  });
});

describe("Yoast AI's answers as Yoast maps them", () => {
  /** A double that answers the suggestion calls with `status` and `body`, and everything else as recorded. */
  const answering = (status: number, body: YoastAiAnswer['body']) => (call: YoastAiCall) =>
    call.path.startsWith('/openai/') ? { status, body } : undefined;

  it.each([
    [
      402,
      { message: 'Payment required', error_code: 'USAGE_LIMIT_REACHED', missing_licenses: ['wordpress-seo-premium'] },
      { message: 'Payment required', errorIdentifier: 'USAGE_LIMIT_REACHED', missingLicenses: ['wordpress-seo-premium'] },
    ],
    [404, { message: 'Not found', error_code: 'NOT_FOUND' }, { message: 'Not found', errorIdentifier: 'NOT_FOUND' }],
    [408, { message: 'Client timeout reached' }, { message: 'Client timeout reached', errorIdentifier: 'CLIENT_TIMEOUT' }],
    [
      429,
      { message: 'Too many requests', error_code: 'RATE_LIMITED', missing_licenses: [] },
      { message: 'Too many requests', errorIdentifier: 'RATE_LIMITED', missingLicenses: [] },
    ],
    [500, { message: 'Server timeout' }, { message: 'Server timeout', errorIdentifier: 'SERVER_TIMEOUT' }],
    [503, 'down for maintenance', { message: 'Service Unavailable', errorIdentifier: '' }],
    [418, { error_code: 'TEAPOT' }, { message: '', errorIdentifier: 'TEAPOT' }],
  ])('answers an upstream %i with that status and {message, errorIdentifier[, missingLicenses]}', async (status, body, expected) => {
    const { rest, store } = onDouble(memoryStore(), answering(status, body));
    const answer = await post(rest, 'ai_generator/get_suggestions', SUGGESTION);
    expect([answer.status, answer.data]).toEqual([status, expected]);
    expect((await store.userMeta.get(2, META.access)).length).toBe(1);
  });

  it('revokes the consent on a 403 (here and at Yoast AI, the tokens invalidated) and answers 403 CONSENT_REVOKED', async () => {
    const { rest, store, paths } = onDouble(memoryStore(), answering(403, { message: 'Forbidden', error_code: 'NO_CONSENT' }));
    await store.userMeta.update(2, META.consent, '1');
    const answer = await post(rest, 'ai_generator/get_suggestions', SUGGESTION);
    expect([answer.status, answer.data]).toEqual([403, { message: 'CONSENT_REVOKED', errorIdentifier: '' }]);
    expect(paths().slice(-2)).toEqual(['DELETE /user/consent', 'POST /token/invalidate']);
    for (const key of [META.consent, META.access, META.refresh]) expect(await store.userMeta.get(2, key)).toEqual([]);
  });

  it('clears the tokens on a 401 and retries once, answering the second 401', async () => {
    const { rest, store, paths } = onDouble(memoryStore(), answering(401, { message: 'Unauthorized', error_code: 'INVALID_TOKEN' }));
    const answer = await post(rest, 'ai_generator/get_suggestions', SUGGESTION);
    expect([answer.status, answer.data]).toEqual([401, { message: 'Unauthorized', errorIdentifier: 'INVALID_TOKEN' }]);
    expect(paths()).toEqual([
      'POST /token/request',
      'POST /openai/suggestions/seo-title',
      'POST /token/request',
      'POST /openai/suggestions/seo-title',
    ]);
    expect((await store.userMeta.get(2, META.access)).length).toBe(1);
  });

  it('answers get_usage failures as {errorMessage, errorIdentifier, errorCode}, the missing licenses only for a 429', async () => {
    const usage = (status: number) => (call: YoastAiCall) =>
      call.path === '/usage/free-usages' ? { status, body: { message: 'No', error_code: 'E', missing_licenses: ['x'] } } : undefined;
    const payment = await post(onDouble(memoryStore(), usage(402)).rest, 'ai_generator/get_usage', { is_woo_product_entity: true });
    expect([payment.status, payment.data]).toEqual([402, { errorMessage: 'No', errorIdentifier: 'E', errorCode: 402 }]);
    const limited = await post(onDouble(memoryStore(), usage(429)).rest, 'ai_generator/get_usage', {});
    expect(limited.data).toEqual({ errorMessage: 'No', errorIdentifier: 'E', errorCode: 429, missingLicenses: ['x'] });
  });

  it("answers Yoast's 500 string when the token request succeeds but no callback ever delivered the tokens", async () => {
    const { rest } = onDouble(memoryStore(), (call) => (call.path === '/token/request' ? { status: 200, body: {} } : undefined));
    const answer = await post(rest, 'ai_generator/get_suggestions', SUGGESTION);
    expect([answer.status, answer.data]).toEqual([500, 'Failed to get suggestions.']);
    expect((await post(rest, 'ai_generator/consent', { consent: true })).data).toBe('Failed to give consent.');
  });
});

describe('without Yoast AI, and when it fails', () => {
  const UNAVAILABLE = { message: 'Service Unavailable', errorIdentifier: 'SERVICE_UNAVAILABLE' };

  it('answers 503 SERVICE_UNAVAILABLE when the host gives no yoastAi', async () => {
    const { rest, reports } = server();
    expect(await post(rest, 'ai_generator/get_suggestions', SUGGESTION)).toMatchObject({ status: 503, data: UNAVAILABLE });
    expect(await get(rest, 'ai_content_planner/get_suggestions', { post_type: 'post', language: 'en', editor: 'classic' })).toMatchObject({
      status: 503,
      data: UNAVAILABLE,
    });
    expect(await post(rest, 'ai_generator/get_usage', {})).toMatchObject({
      status: 503,
      data: { errorMessage: 'Service Unavailable', errorIdentifier: 'SERVICE_UNAVAILABLE', errorCode: 503 },
    });
    expect(await post(rest, 'ai_generator/consent', { consent: true })).toMatchObject({ status: 503, data: 'Failed to give consent.' });
    expect(reports).toEqual([]);
  });

  it('answers a throwing service as Yoast answers a request that got no answer, the report redacted', async () => {
    const recordings = recorded();
    recordings.mode = 'threw';
    const { rest, reports } = server({ yoastAi: recordingAi(recordings).yoastAi });
    const answer = await post(rest, 'ai_generator/get_suggestions', SUGGESTION);
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      message: "cURL error 7: Failed to connect to ai.yoa.st port 443: Couldn't connect to server",
      errorIdentifier: 'WP_HTTP_REQUEST_ERROR',
    });
    expect(reports[0]).toMatch(/seo-b yoast-ai \(the `yoastAi` option\) failed: recorded double of seo-b\/yoast-ai made to fail/);

    const quoting = onDouble(memoryStore(), (call) => {
      if (call.path.startsWith('/openai/')) throw new Error(`upstream said no to ${call.headers.Authorization!.slice(7)}`);
      return undefined;
    });
    expect((await post(quoting.rest, 'ai_generator/get_suggestions', SUGGESTION)).status).toBe(400);
    expect(quoting.reports[0]).toMatch(/failed: upstream said no to \[redacted\]/);
    expect(leaks(quoting.reports.join('\n'), quoting.secrets)).toEqual([]);
  });

  it('answers a service that does not answer within yoastAiLimits at its deadline', async () => {
    const recordings = recorded();
    recordings.mode = 'hang';
    const { rest, reports } = server({ yoastAi: recordingAi(recordings).yoastAi, yoastAiLimits: { timeoutMs: 20 } });
    const answer = await post(rest, 'ai_content_planner/get_outline', outlineBody());
    expect([answer.status, answer.data]).toEqual([
      400,
      { message: 'cURL error 28: Operation timed out', errorIdentifier: 'WP_HTTP_REQUEST_ERROR' },
    ]);
    expect(reports[0]).toMatch(/did not answer within 20 ms/);
  });

  it('refuses bad yoastAiLimits when seoB is called', () => {
    expect(() => seoB({ yoastAiLimits: { timeoutMs: 0 } })).toThrow(/seoB yoastAiLimits timeoutMs must be a number of at least 1/);
  });
});

/** A valid get_outline body. */
function outlineBody(overrides: Record<string, unknown> = {}) {
  return {
    post_type: 'post',
    language: 'en',
    editor: 'gutenberg',
    title: 'How to keep sourdough starter alive on holiday',
    intent: 'informational',
    explanation: 'A gap in the recent posts.',
    keyphrase: 'sourdough starter holiday',
    meta_description: 'Going away? Pause your starter.',
    category: { name: 'Bread', id: 7 },
    recent_content: [{ title: 'Rye loaf', description: 'A dense rye.' }],
    ...overrides,
  };
}

describe('the content planner', () => {
  /** A bakery blog: published posts with Yoast meta and categories, a noindex one, a draft, and an about page. */
  async function bakery(store: SiteStore) {
    const bread = await store.terms.insert({ name: 'Bread', taxonomy: 'category' });
    const cakes = await store.terms.insert({ name: 'Cakes', taxonomy: 'category' });
    const add = async (title: string, modified: string, meta: Record<string, string>, type = 'post', status = 'publish') => {
      const row = await store.posts.insert({
        post_title: title,
        post_type: type,
        post_status: status,
        post_modified_gmt: modified,
        post_modified: modified,
      });
      for (const [key, value] of Object.entries(meta)) await store.postMeta.add(row.ID, key, value);
      return row;
    };
    const rye = await add('Rye loaf', '2026-11-01 10:00:00', {
      _yoast_wpseo_metadesc: 'A dense rye.',
      _yoast_wpseo_focuskw: 'rye loaf',
      _yoast_wpseo_is_cornerstone: '1',
    });
    await store.terms.setObjectTerms(rye.ID, 'category', [bread.term_id, cakes.term_id]);
    const sponge = await add('Victoria sponge', '2026-11-20 10:00:00', {
      _yoast_wpseo_bctitle: 'Sponge',
      _yoast_wpseo_primary_category: String(cakes.term_id),
      _yoast_wpseo_schema_article_type: 'TechArticle',
    });
    await store.terms.setObjectTerms(sponge.ID, 'category', [bread.term_id, cakes.term_id]);
    await add('Hidden', '2026-11-25 10:00:00', { '_yoast_wpseo_meta-robots-noindex': '1' });
    await add('Draft', '2026-11-26 10:00:00', {}, 'post', 'draft');
    await add(
      'About the bakery',
      '2026-10-01 10:00:00',
      { _yoast_wpseo_schema_page_type: 'AboutPage', _yoast_wpseo_metadesc: 'Who we are.' },
      'page',
    );
    await add('Old about', '2026-09-01 10:00:00', { _yoast_wpseo_schema_page_type: 'AboutPage' }, 'post');
    return { bread, cakes };
  }

  it("describes the recent public posts and the about page to Yoast AI, and answers its suggestions with the site's categories", async () => {
    const store = memoryStore();
    const { bread } = await bakery(store);
    const { rest, calls } = onDouble(store);
    const answer = await get(rest, 'ai_content_planner/get_suggestions', { post_type: 'post', language: 'en', editor: 'classic' });
    expect(answer.status).toBe(200);
    const sent = calls.find((call) => call.path === '/content-planner/next-post-suggestions')!;
    expect(sent.headers['X-Yst-Cohort']).toBe('classic');
    expect(sent.body).toEqual({
      subject: {
        language: 'en',
        content: {
          posts: [
            {
              title: 'Sponge',
              description: '',
              category: { name: 'Cakes', id: expect.any(Number) },
              primary_focus_keyword: '',
              is_cornerstone: 0,
              last_modified: '2026-11-20 10:00:00',
              schema_article_type: 'TechArticle',
            },
            {
              title: 'Rye loaf',
              description: 'A dense rye.',
              category: { name: 'Bread', id: bread.term_id },
              primary_focus_keyword: 'rye loaf',
              is_cornerstone: 1,
              last_modified: '2026-11-01 10:00:00',
            },
            {
              title: 'Old about',
              description: '',
              category: null,
              primary_focus_keyword: '',
              is_cornerstone: 0,
              last_modified: '2026-09-01 10:00:00',
            },
          ],
          about_page: { title: 'Old about', description: '' },
        },
      },
    });
    const data = answer.data as { suggestions: { title: string; category: unknown }[]; recent_content: unknown[] };
    expect(data.suggestions.map((s) => s.category)).toEqual([
      { name: 'Bread', id: bread.term_id },
      { name: '', id: -1 },
      { name: '', id: -1 },
    ]);
    expect(data.suggestions[0]).toMatchObject({
      title: 'How to keep sourdough starter alive on holiday',
      intent: 'informational',
      keyphrase: 'sourdough starter holiday',
    });
    expect(data.recent_content).toEqual([
      { title: 'Sponge', description: '' },
      { title: 'Rye loaf', description: 'A dense rye.' },
      { title: 'Old about', description: '' },
    ]);
    const pages = await get(rest, 'ai_content_planner/get_suggestions', { post_type: 'page', language: 'en', editor: 'classic' });
    expect(pages.status).toBe(200);
    expect(calls.at(-1)!.body).toMatchObject({
      subject: { content: { about_page: { title: 'About the bakery', description: 'Who we are.' } } },
    });
  });

  it("outlines a chosen suggestion from the recent content it is given, answering Yoast's {outline}", async () => {
    const store = memoryStore();
    await bakery(store);
    const { rest, calls } = onDouble(store);
    const answer = await post(rest, 'ai_content_planner/get_outline', outlineBody());
    expect(answer.status).toBe(200);
    expect((answer.data as { outline: unknown[] }).outline[0]).toEqual({
      subheading_text: 'Why a starter needs feeding',
      content_notes: ['What the yeast and bacteria live on', 'What happens to an unfed starter after a week'],
    });
    expect(calls.at(-1)!.body).toEqual({
      subject: {
        language: 'en',
        content: {
          new_post_metadata: {
            title: 'How to keep sourdough starter alive on holiday',
            intent: 'informational',
            explanation: 'A gap in the recent posts.',
            keyphrase: 'sourdough starter holiday',
            meta_description: 'Going away? Pause your starter.',
            category: { name: 'Bread', id: 7 },
          },
          existing_posts: [{ title: 'Rye loaf', description: 'A dense rye.' }],
          about_page: { title: 'Old about', description: '' },
        },
      },
    });
  });

  it("keeps the banner's dismissal in user meta as WordPress stores a boolean, reading the arg with rest_sanitize_boolean", async () => {
    const { rest, store } = server();
    expect(await post(rest, 'ai_content_planner/banner_permanent_dismissal', { is_dismissed: 'maybe' })).toMatchObject({
      status: 200,
      data: { success: true },
    });
    expect(await store.userMeta.get(2, '_yoast_wpseo_ai_content_planner_banner_permanently_dismissed')).toEqual(['1']);
    await post(rest, 'ai_content_planner/banner_permanent_dismissal', { is_dismissed: 'false' });
    expect(await store.userMeta.get(2, '_yoast_wpseo_ai_content_planner_banner_permanently_dismissed')).toEqual(['']);
  });
});

describe('free sparks and the subscription cache', () => {
  it('starts the free sparks in the wpseo option and busts the site-information transients', async () => {
    const { rest, store } = server();
    await store.options.set('wpseo', { tracking: true });
    expect(await post(rest, 'ai/free_sparks', {})).toMatchObject({ status: 200, data: 'Free sparks successfully started.' });
    expect(await store.options.get('wpseo')).toEqual({ tracking: true, ai_free_sparks_started_on: NOW / 1000 });
    await store.transients.set('wpseo_site_information', { subscriptions: [] }, 3600);
    await store.transients.set('wpseo_site_information_quick', { subscriptions: [] }, 60);
    expect((await post(rest, 'ai_generator/bust_subscription_cache', {})).data).toBe('Subscription cache successfully busted.');
    expect(await store.transients.get('wpseo_site_information')).toBeUndefined();
    expect(await store.transients.get('wpseo_site_information_quick')).toBeUndefined();
  });
});

describe('validation and who may call', () => {
  it("refuses values the args do not allow, before Yoast AI is asked; takes the outline's untyped editor as routes.json lists it", async () => {
    const { rest, calls } = onDouble();
    for (const [route, body] of [
      ['ai_generator/get_suggestions', { ...SUGGESTION, type: 'haiku' }],
      ['ai_generator/get_suggestions', { ...SUGGESTION, platform: 'MySpace' }],
      ['ai_generator/consent', { consent: 'perhaps' }],
      [
        'ai_content_planner/get_outline',
        outlineBody({ recent_content: Array.from({ length: 101 }, () => ({ title: 't', description: 'd' })) }),
      ],
      ['ai_content_planner/get_outline', outlineBody({ category: { name: 'Bread' } })],
      ['ai_content_planner/get_outline', outlineBody({ recent_content: [{ title: 't', description: 'd', extra: 1 }] })],
    ] as const) {
      const answer = await post(rest, route, body);
      expect([answer.status, (answer.data as { code: string }).code], route).toEqual([400, 'rest_invalid_param']);
    }
    const missing = await post(rest, 'ai_generator/get_suggestions', { type: 'seo-title' });
    expect((missing.data as { code: string }).code).toBe('rest_missing_callback_param');
    const planner = await get(rest, 'ai_content_planner/get_suggestions', { post_type: 'post', language: 'en', editor: 'word' });
    expect(planner.status).toBe(400);
    expect(calls).toEqual([]);
    expect((await post(rest, 'ai_content_planner/get_outline', outlineBody({ editor: 'word' }))).status).toBe(200);
    expect(calls.at(-1)!.headers['X-Yst-Cohort']).toBe('word');
  });

  it('refuses anonymous callers 401 and subscribers 403 on every edit_posts route, and lets contributors in', async () => {
    const { rest } = onDouble();
    const routes: [string, unknown][] = [
      ['ai_generator/consent', { consent: true }],
      ['ai_generator/get_suggestions', SUGGESTION],
      ['ai_generator/get_usage', {}],
      ['ai_generator/bust_subscription_cache', {}],
      ['ai/free_sparks', {}],
      ['ai_content_planner/banner_permanent_dismissal', { is_dismissed: true }],
      ['ai_content_planner/get_outline', outlineBody()],
    ];
    for (const [route, body] of routes) {
      expect((await post(rest, route, body, null)).status, route).toBe(401);
      const refused = await post(rest, route, body, subscriber);
      expect([refused.status, (refused.data as { code: string }).code], route).toEqual([403, 'rest_forbidden']);
      expect((await post(rest, route, body, contributor)).status, route).toBe(200);
    }
    const query = { post_type: 'post', language: 'en', editor: 'gutenberg' };
    expect((await get(rest, 'ai_content_planner/get_suggestions', query, null)).status).toBe(401);
    expect((await get(rest, 'ai_content_planner/get_suggestions', query, subscriber)).status).toBe(403);
    expect((await get(rest, 'ai_content_planner/get_suggestions', query, author)).status).toBe(200);
  });

  it("lets the planner in only with the post type's own edit capability, and refuses a type WordPress does not register", async () => {
    const { rest } = onDouble();
    const query = (post_type: string) => ({ post_type, language: 'en', editor: 'gutenberg' });
    expect((await get(rest, 'ai_content_planner/get_suggestions', query('page'), contributor)).status).toBe(403);
    expect((await post(rest, 'ai_content_planner/get_outline', outlineBody({ post_type: 'page' }), author)).status).toBe(403);
    expect((await get(rest, 'ai_content_planner/get_suggestions', query('page'), editor)).status).toBe(200);
    expect((await get(rest, 'ai_content_planner/get_suggestions', query('wp_template'), editor)).status).toBe(403);
    expect((await get(rest, 'ai_content_planner/get_suggestions', query('wp_template'), administrator)).status).toBe(200);
    expect((await get(rest, 'ai_content_planner/get_suggestions', query('movie'), administrator)).status).toBe(403);
  });
});

describe('state on the PGlite store', () => {
  it('keeps the consent and the tokens across a restart, so the next call asks for none', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'site-rest-seo-b-ai-'));
    try {
      const first = await pgliteStore({ dataDir });
      const before = onDouble(first);
      expect((await post(before.rest, 'ai_generator/consent', { consent: true })).status).toBe(200);
      await first.close();

      const reopened = await pgliteStore({ dataDir });
      const after = onDouble(reopened);
      expect(await reopened.userMeta.get(2, META.consent)).toEqual(['1']);
      expect((await post(after.rest, 'ai_generator/get_suggestions', SUGGESTION)).status).toBe(200);
      expect(after.paths()).toEqual(['POST /openai/suggestions/seo-title']);
      expect(jtiOf(after.calls[0]!.headers.Authorization!.slice(7))).toBe('access');
      await reopened.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
