// The server's contract is its behaviour: a battery of valid and invalid requests, generated
// from the arg descriptors of the server's own /wp-json/ index, is sent to the server, to
// `site-rest mock` fed that index, and checked against the server's OpenAPI document. Every
// answer the others give differently from the server is a difference listed, with why, in
// fixtures/contract/intended-differences.json; a listed difference no request shows fails too.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mock } from '../src/cli/mock.js';
import {
  createRestServer,
  memoryStore,
  samplePosts,
  seedContactForms,
  seedPosts,
  variantModules,
  type DesignLibrary,
  type IndexRoute,
  type RestServer,
  type RestUser,
  type Variant,
} from '../src/index.js';
import type { YoastAi } from '../src/namespaces/seo-b/index.js';
import { openApiRequestValidator, type RequestVerdict } from './helpers/openapi-request.js';
import { FIXTURES } from './helpers/peer.js';
import { requestBattery, type BatteryCase, type BatterySetup } from './helpers/request-battery.js';

const BASE = 'http://parity.test';
const SETUP = JSON.parse(readFileSync(join(FIXTURES, 'contract', 'battery-setup.json'), 'utf8')) as BatterySetup;

/** A difference the comparison expects, and why; a field left out matches anything. */
interface IntendedDifference {
  against?: 'mock' | 'openapi';
  /** The route's namespace. */
  namespace?: string;
  route?: string;
  method?: string;
  kind?: string;
  arg?: string;
  /** The server's outcome: `accept` or its error code. */
  server?: string;
  /** The other side's outcome: `accept`, its error code, or `refuse` (OpenAPI). */
  other?: string;
  reason: string;
}

const INTENDED = JSON.parse(readFileSync(join(FIXTURES, 'contract', 'intended-differences.json'), 'utf8')) as IntendedDifference[];

/** Every capability: the battery is about validation, which WordPress runs before the permission check. */
const ADMIN: RestUser = { id: 1, username: 'admin', can: () => true };
const SIGNED_IN = { authorization: `Basic ${Buffer.from('admin:parity').toString('base64')}` };

/** Every oEmbed provider's answer: the proxy's requests never leave the test. */
const providerAnswer: typeof fetch = async () =>
  Response.json(
    { version: '1.0', type: 'rich', html: '<p>Parity</p>', title: 'Parity' },
    { headers: { 'content-type': 'application/json' } },
  );

/** Every design-library upstream's answer: an empty JSON object, so each route answers its success. */
const libraryAnswer: DesignLibrary = { request: async () => ({ status: 200, body: '{"data":{}}' }) };

/**
 * Yoast AI: delivers tokens to the site's callback as Yoast's server does, and answers every call
 * 200 with no suggestions, so each AI route answers its success.
 */
const yoastAi: YoastAi = {
  request: async (call, _signal, callBack) => {
    const { code_challenge, user_id } = call.body ?? {};
    if (call.path === '/token/request' && typeof code_challenge === 'string') {
      const token = `e30.${Buffer.from('{"exp":4102444800}').toString('base64url')}.e30`;
      await callBack({ access_jwt: token, refresh_jwt: token, code_challenge, user_id: Number(user_id) });
    }
    return { status: 200, body: { choices: [] } };
  },
};

/** A server of the variant on a fresh store with the demo's posts and form. */
async function variantServer(variant: Variant): Promise<RestServer> {
  const store = memoryStore();
  await seedContactForms(store, { home: BASE });
  await seedPosts(store, samplePosts());
  return createRestServer({
    site: { name: 'Parity', url: BASE },
    routing: variant === 'B' ? 'query' : 'path',
    store,
    verifyApplicationPassword: () => ADMIN,
    namespaces: variantModules(variant, {
      oembed: { fetch: providerAnswer },
      blocksuiteDesignLibrary: { designLibrary: libraryAnswer },
      seoB: { yoastAi },
    }),
  });
}

/** An answer as the comparison sees it: accepted, or refused with a code and the params it names. */
interface Outcome {
  accepted: boolean;
  code: string;
  params: string[];
}

function outcomeOf(status: number, text: string): Outcome {
  if (status < 400) return { accepted: true, code: 'accept', params: [] };
  const body = JSON.parse(text) as { code?: unknown; data?: { params?: unknown } } | null;
  // A plugin's own refusal may carry no WordPress error code (LLAR's "Forbidden"): its status stands in.
  if (typeof body?.code !== 'string') return { accepted: false, code: `http-${status}`, params: [] };
  const params = body.data?.params;
  const named = Array.isArray(params) ? params.map(String) : typeof params === 'object' && params !== null ? Object.keys(params) : [];
  return { accepted: false, code: body.code, params: named };
}

function label(outcome: Outcome): string {
  return outcome.params.length > 0 ? `${outcome.code} (${outcome.params.join(', ')})` : outcome.code;
}

/** The codes of WordPress's own arg checks: a refusal with one of them names the params a validator would. */
const ARG_CODES = new Set(['rest_invalid_param', 'rest_missing_callback_param']);

/**
 * Whether the OpenAPI verdict and the server's answer agree: both accept, or both refuse, and
 * where the server's arg checks refused, for a param the document refuses too.
 */
function openApiAgrees(verdict: RequestVerdict, server: Outcome): boolean {
  if (verdict.accepted || server.accepted) return verdict.accepted === server.accepted;
  return !ARG_CODES.has(server.code) || server.params.includes(verdict.param);
}

interface Difference {
  against: 'mock' | 'openapi';
  case: BatteryCase;
  server: string;
  other: string;
}

function explains(entry: IntendedDifference, difference: Difference): boolean {
  const { case: request } = difference;
  const code = (text: string) => text.split(' ', 1)[0];
  return (
    (entry.against === undefined || entry.against === difference.against) &&
    (entry.namespace === undefined || request.route === `/${entry.namespace}` || request.route.startsWith(`/${entry.namespace}/`)) &&
    (entry.route === undefined || entry.route === request.route) &&
    (entry.method === undefined || entry.method === request.method) &&
    (entry.kind === undefined || entry.kind === request.kind) &&
    (entry.arg === undefined || entry.arg === request.arg) &&
    (entry.server === undefined || entry.server === code(difference.server)) &&
    (entry.other === undefined || entry.other === code(difference.other))
  );
}

/** The battery's results for one variant. */
interface VariantRun {
  cases: BatteryCase[];
  refusedByServer: number;
  differences: Difference[];
}

const runs = new Map<Variant, VariantRun>();
const temporary: string[] = [];
const mocks: Server[] = [];
afterAll(async () => {
  for (const http of mocks) http.close();
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Replays the battery of the variant's own index against the server, the mock fed that index, and the OpenAPI document. */
async function runVariant(variant: Variant): Promise<VariantRun> {
  const server = await variantServer(variant);
  const index = await server.handle({ method: 'GET', url: '/wp-json/', headers: {} });
  const dir = await mkdtemp(join(tmpdir(), 'site-rest-parity-'));
  temporary.push(dir);
  const indexFile = join(dir, 'index.json');
  await writeFile(indexFile, index!.body);
  const silent = { out: () => {}, err: () => {} };
  const http = await mock([indexFile, '--open', '--port', '0'], silent);
  mocks.push(http);
  const mockUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}/wp-json`;
  const checkRequest = openApiRequestValidator(server.openapi());
  const routes = (JSON.parse(index!.body) as { routes: Record<string, IndexRoute> }).routes;
  const cases = requestBattery(routes, SETUP);
  const differences: Difference[] = [];
  let refusedByServer = 0;
  for (const request of cases) {
    const headers = { ...SIGNED_IN, ...(request.body ? { 'content-type': 'application/json' } : {}) };
    const body = request.body ? JSON.stringify(request.body) : undefined;
    // A write runs on a server of its own, so no request sees another's writes; reads share one.
    const target = request.method === 'GET' ? server : await variantServer(variant);
    const answer = await target.handle({ method: request.method, url: `/wp-json${request.url}`, headers, ...(body ? { body } : {}) });
    const served = outcomeOf(answer!.status, answer!.body);
    if (!served.accepted) refusedByServer++;
    const mocked = await fetch(`${mockUrl}${request.url}`, { method: request.method, headers, ...(body ? { body } : {}) });
    const mockOutcome = outcomeOf(mocked.status, await mocked.text());
    if (label(mockOutcome) !== label(served))
      differences.push({ against: 'mock', case: request, server: label(served), other: label(mockOutcome) });
    const verdict = checkRequest(request);
    if (!openApiAgrees(verdict, served)) {
      const other = verdict.accepted ? 'accept' : `refuse (${verdict.param}: ${verdict.why})`;
      differences.push({ against: 'openapi', case: request, server: label(served), other });
    }
  }
  return { cases, refusedByServer, differences };
}

describe('the server, the mock fed its own index, and its OpenAPI document', () => {
  beforeAll(async () => {
    for (const variant of ['A', 'B'] as const) runs.set(variant, await runVariant(variant));
  }, 300_000);

  for (const variant of ['A', 'B'] as const) {
    it(`accept and refuse variant ${variant}'s battery alike, every difference listed with why`, () => {
      const run = runs.get(variant)!;
      expect(run.cases.length).toBeGreaterThan(100);
      // Both sides of the battery are exercised: valid requests the server answers and invalid ones it refuses.
      expect(run.refusedByServer).toBeGreaterThan(run.cases.length / 4);
      expect(run.refusedByServer).toBeLessThan(run.cases.length);
      const unexplained = run.differences
        .filter((difference) => !INTENDED.some((entry) => explains(entry, difference)))
        .map(
          (d) =>
            `${d.against}: ${d.case.id} (${d.case.url} ${JSON.stringify(d.case.body ?? null)}): server ${d.server}, ${d.against} ${d.other}`,
        );
      expect(unexplained).toEqual([]);
    });
  }

  it('lists only differences some request shows, each with its reason', () => {
    const all = [...runs.values()].flatMap((run) => run.differences);
    const unused = INTENDED.filter((entry) => !all.some((difference) => explains(entry, difference)));
    expect(unused).toEqual([]);
    for (const entry of INTENDED) expect(entry.reason.length, JSON.stringify(entry)).toBeGreaterThan(20);
  });
});
