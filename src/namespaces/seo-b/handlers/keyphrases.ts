// Keyphrase research on Semrush and rank tracking on Wincher: Yoast 28.1's `SEMrush_Route` and
// `Wincher_Route` with their actions. Every answer is Yoast's `{…, status}` object sent with that
// status; the tokens stay in `wpseo` and only their dates are answered.
import { respond, type RestResponse } from '../../../core/http/response.js';
import { asciiLower, phpRtrim } from '../../../core/php/strings.js';
import { isPhpArray, isScalar, phpValues, toPhpString } from '../../../core/php/values.js';
import { isPlainObject, setOwn } from '../../../core/own-property.js';
import type { RestContext } from '../../../core/types.js';
import type { JsonValue } from '../../../store/types.js';
import type { BoundStorage, Checks, Handlers } from '../../define.js';
import type { BoundService } from '../../host-service.js';
import {
  answered,
  AuthenticationFailed,
  currentTokens,
  parsedAnswer,
  requestTokens,
  tokensShown,
  YoastException,
  type OAuthClient,
} from '../oauth-client.js';
import type { seoBKeyphrasesRoutes } from '../routes/keyphrases.js';
import {
  SEMRUSH_URLS,
  WINCHER_URLS,
  type OAuthApiAnswer,
  type OAuthTokenCall,
  type Semrush,
  type SemrushCall,
  type TransportFailure,
  type Wincher,
  type WincherCall,
} from '../services.js';
import type { SeoBStorage } from '../storage.js';

type Storage = BoundStorage<SeoBStorage>;
type Answer = { [key: string]: JsonValue };

/** What the keyphrase routes need: the two services bound at mount, and the clock. */
interface KeyphrasesDeps {
  /** Semrush, bound to the host's callback. */
  semrush: BoundService<Semrush, TransportFailure>;
  /** Wincher, bound to the host's callback. */
  wincher: BoundService<Wincher, TransportFailure>;
  /** The clock in milliseconds. */
  now: () => number;
}

/** The statuses `get_status_header_desc` knows: WordPress sends any other (Yoast's 0 for an unreachable API) as 200. */
const KNOWN_STATUSES = new Set([
  100, 101, 102, 103, 200, 201, 202, 203, 204, 205, 206, 207, 208, 226, 300, 301, 302, 303, 304, 305, 306, 307, 308, 400, 401, 402, 403,
  404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 418, 421, 422, 423, 424, 425, 426, 428, 429, 431, 451, 500, 501,
  502, 503, 504, 505, 506, 507, 508, 510, 511,
]);

/** `new WP_REST_Response( $data, $data->status )`, sent as WordPress's `status_header` sends its status. */
function answer(data: Answer): RestResponse<Answer> {
  const status = data.status;
  return respond(data, typeof status === 'number' && KNOWN_STATUSES.has(status) ? status : 200);
}

/** The values Yoast's calls send that must never reach a report: every token, code and verifier. */
function secretsOf(call: SemrushCall | WincherCall): Record<string, unknown> {
  const form = call.operation === 'token' ? call.form : undefined;
  return {
    call,
    authCode: form?.grant_type === 'authorization_code' ? form.code : undefined,
    pkceSecret: form?.grant_type === 'authorization_code' ? form.code_verifier : undefined,
  };
}

/** `(object) [ 'error' => $e->getMessage(), 'status' => $e->getCode() ]`, in the order the action writes it. */
function failed(error: unknown, statusFirst = false): Answer {
  if (!(error instanceof YoastException)) throw error;
  return statusFirst ? { status: error.code, error: error.message } : { error: error.message, status: error.code };
}

/** `$array['a']['b'] ?? null` on a decoded answer. */
function dig(value: JsonValue, ...keys: string[]): JsonValue {
  let at: JsonValue = value;
  for (const key of keys) {
    if (!isPlainObject(at) || !Object.hasOwn(at, key)) return null;
    at = at[key]!;
  }
  return at;
}

/** PHP 8's `$a < $b` for the numbers, numeric strings and nulls an account answer holds. */
function phpLess(a: JsonValue, b: JsonValue): boolean {
  if (a === null || b === null || typeof a === 'boolean' || typeof b === 'boolean') return Boolean(a) < Boolean(b);
  return Number(a) < Number(b);
}

// ---------------------------------------------------------------------------------------------
// Semrush

/** The Semrush client: its tokens under `wpseo.semrush_tokens`. */
function semrushClient(deps: KeyphrasesDeps): OAuthClient {
  return {
    option: 'semrush_tokens',
    tokenUrl: SEMRUSH_URLS.token,
    redirectUri: SEMRUSH_URLS.redirect,
    parse: parsedAnswer,
    send: (call) => deps.semrush.call((semrush, signal) => semrush.request(call, signal), secretsOf(call)),
    now: deps.now,
  };
}

/** `SEMrush_Phrases_Action::TRANSIENT_CACHE_KEY`. */
const phrasesTransient = (keyphrase: string, database: string) => `wpseo_semrush_related_keyphrases_${keyphrase}_${database}`;

/**
 * The longest transient name WordPress can keep (its timeout option's name, `_transient_timeout_`
 * and the name, fits the 191 characters of `option_name`): a longer one is never stored, so never
 * found again.
 */
const MAX_TRANSIENT_NAME = 172;

/** Whether a cached report is whole: five `columnNames`, as Yoast checks before using it. */
function isWholeReport(cached: JsonValue | undefined): cached is Answer {
  const columns = cached === undefined ? null : dig(cached, 'data', 'columnNames');
  return isPhpArray(columns) && phpValues(columns).length === 5;
}

/** `to_result_object`: `{results: data, status}` of a report (text answered: neither). */
function phrasesResult(result: JsonValue): Answer {
  return { results: dig(result, 'data'), status: dig(result, 'status') };
}

/** `get_related_keyphrases`: the cached report, else Semrush's (cached a day), else Yoast's `{error, status}`. */
async function relatedKeyphrases(deps: KeyphrasesDeps, storage: Storage, keyphrase: string, database: string): Promise<Answer> {
  const name = phrasesTransient(keyphrase, database);
  const cacheable = name.length <= MAX_TRANSIENT_NAME;
  try {
    const cached = cacheable ? await storage.getTransient(name) : undefined;
    if (isWholeReport(cached)) return phrasesResult(cached);
    const client = semrushClient(deps);
    const tokens = await currentTokens(storage, client);
    const call: SemrushCall = {
      operation: 'phrase_fullsearch',
      method: 'GET',
      url: SEMRUSH_URLS.phrases,
      query: {
        phrase: keyphrase,
        database,
        export_columns: 'Ph,Nq,Td,In,Kd',
        display_limit: 10,
        display_offset: 0,
        display_sort: 'nq_desc',
        display_filter: '%2B|Nq|Lt|1000',
      },
      accessToken: tokens.access_token,
    };
    const results = parsedAnswer(answered(await deps.semrush.call((semrush, signal) => semrush.request(call, signal), secretsOf(call))));
    if (cacheable) await storage.setTransient(name, results, 86_400);
    return phrasesResult(results);
  } catch (error) {
    return failed(error);
  }
}

// ---------------------------------------------------------------------------------------------
// Wincher

/** `Wincher_PKCE_Provider::getParsedResponse`: a body that is no array is `{data: []}`, and the HTTP status is added where the body has none. */
function wincherParsed(reply: OAuthApiAnswer): JsonValue {
  const parsed = parsedAnswer(reply);
  const result: Answer = {};
  if (isPhpArray(parsed)) for (const [key, value] of Object.entries(parsed)) setOwn(result, key, value);
  else result.data = [];
  if (!Object.hasOwn(result, 'status')) result.status = reply.status;
  return result;
}

/** The Wincher client: its tokens under `wpseo.wincher_tokens`. */
function wincherClient(deps: KeyphrasesDeps): OAuthClient {
  return {
    option: 'wincher_tokens',
    tokenUrl: WINCHER_URLS.token,
    redirectUri: WINCHER_URLS.redirect,
    parse: wincherParsed,
    send: (call) => deps.wincher.call((wincher, signal) => wincher.request(call, signal), secretsOf(call)),
    now: deps.now,
  };
}

/** Where Yoast keeps the PKCE verifier between the authorization URL and the code exchange (a day). */
const PKCE_TRANSIENT = 'yoast_wincher_pkce';

/** PHP's `base64_encode` with `+/` as `-_` (`strtr`). */
function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_');
}

/** PHP's `rawurlencode`, as `http_build_query(…, PHP_QUERY_RFC3986)` writes each part. */
const rawUrlEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `get_authorization_url`: a new verifier (64 characters of base64 of random bytes) kept a day,
 * and Wincher's authorize address with its S256 challenge, the site's domain as `state`, the
 * client's scopes and redirect, in the order league's provider writes them.
 */
async function authorizationUrl(storage: Storage, context: RestContext): Promise<string> {
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(64))).slice(0, 64);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  await storage.setTransient(PKCE_TRANSIENT, verifier, 86_400);
  const params: Array<[string, string]> = [
    ['state', JSON.stringify({ domain: new URL(context.site.url).hostname })],
    ['scope', 'profile account websites:read websites:write offline_access'],
    ['response_type', 'code'],
    ['code_challenge', phpRtrim(base64Url(digest), '=')],
    ['code_challenge_method', 'S256'],
    ['redirect_uri', WINCHER_URLS.redirect],
    ['client_id', 'yoast'],
  ];
  return `${WINCHER_URLS.authorize}?${params.map(([name, value]) => `${name}=${rawUrlEncode(value)}`).join('&')}`;
}

/** The stored `wpseo.wincher_website_id`, as `sprintf( '%s', … )` writes it. */
async function websiteId(storage: Storage): Promise<string> {
  const wpseo = await storage.getOption('wpseo');
  return toPhpString(isPlainObject(wpseo) ? wpseo.wincher_website_id : '');
}

/** A Wincher API call before its access token is added. */
type WincherApiRequest =
  Exclude<WincherCall, OAuthTokenCall> extends infer C ? (C extends unknown ? Omit<C, 'accessToken'> : never) : never;

/** One Wincher API call with the current (refreshed where expired) access token, read as Yoast's provider reads it. */
async function wincherRequest(deps: KeyphrasesDeps, storage: Storage, call: WincherApiRequest): Promise<JsonValue> {
  const tokens = await currentTokens(storage, wincherClient(deps));
  const sent = { ...call, accessToken: tokens.access_token } as WincherCall;
  return wincherParsed(answered(await deps.wincher.call((wincher, signal) => wincher.request(sent, signal), secretsOf(sent))));
}

/** `Wincher_Keyphrases_Action::to_result_object`: `data` moved to the end as `results` (an object), `message` as `error`. */
function keyphrasesResult(result: JsonValue): Answer {
  const out: Answer = {};
  const given = isPlainObject(result) ? result : {};
  for (const [key, value] of Object.entries(given)) if (key !== 'data') setOwn(out, key, value);
  if (Object.hasOwn(given, 'data')) out.results = isPhpArray(given.data) ? asObject(given.data) : (given.data ?? null);
  if (Object.hasOwn(out, 'message')) {
    const message = out.message!;
    delete out.message;
    out.error = message;
  }
  return out;
}

/** PHP's `(object)` of an array: a list's indexes become keys. */
function asObject(array: JsonValue[] | Answer): Answer {
  const out: Answer = {};
  for (const [key, value] of Object.entries(array)) setOwn(out, key, value);
  return out;
}

/** `array_combine( array_column( $rows, 'keyword' ), array_values( $rows ) )`: the rows by their keyword (the last of a keyword kept). */
function byKeyword(rows: JsonValue[]): Answer {
  const out: Answer = {};
  for (const row of rows) if (isPlainObject(row) && Object.hasOwn(row, 'keyword')) setOwn(out, toPhpString(row.keyword), row);
  return out;
}

/** A PHP array's values, or none for anything else. */
const rowsOf = (data: JsonValue | undefined): JsonValue[] => (isPhpArray(data) ? (phpValues(data) as JsonValue[]) : []);

/** `Wincher_Account_Action::check_limit`: the account's keyphrase limit and usage, or `{status, error}`. */
async function checkLimit(deps: KeyphrasesDeps, storage: Storage): Promise<Answer> {
  try {
    const results = await wincherRequest(deps, storage, { operation: 'account', method: 'GET', url: WINCHER_URLS.account });
    const usage = dig(results, 'limits', 'keywords', 'usage');
    const limit = dig(results, 'limits', 'keywords', 'limit');
    return {
      canTrack: limit === null || phpLess(usage, limit),
      limit,
      usage,
      historyDays: dig(results, 'limits', 'history_days'),
      status: 200,
    };
  } catch (error) {
    return failed(error, true);
  }
}

/** `get_upgrade_campaign`: a rate discount with its months, or nulls. */
async function upgradeCampaign(deps: KeyphrasesDeps, storage: Storage): Promise<Answer> {
  try {
    const result = await wincherRequest(deps, storage, { operation: 'upgrade-campaign', method: 'GET', url: WINCHER_URLS.upgradeCampaign });
    const months = dig(result, 'months');
    const discount = dig(result, 'value');
    if (dig(result, 'type') === 'RATE' && isTruthy(months) && isTruthy(discount)) return { discount, months, status: 200 };
    return { discount: null, months: null, status: 200 };
  } catch (error) {
    return failed(error, true);
  }
}

/** PHP's truthiness of a decoded value. */
const isTruthy = (value: JsonValue) =>
  !(
    value === null ||
    value === false ||
    value === 0 ||
    value === '' ||
    value === '0' ||
    (isPhpArray(value) && phpValues(value).length === 0)
  );

/** `track_keyphrases`: the keyphrases added in bulk (within the account's limit), by keyword with their ids. */
async function trackKeyphrases(deps: KeyphrasesDeps, storage: Storage, given: unknown, limits: Answer): Promise<Answer> {
  try {
    const site = await websiteId(storage);
    const keyphrases = isPhpArray(given) ? phpValues(given) : [given];
    const limit = limits.limit ?? null;
    if (limits.canTrack !== true || (limit !== null && phpLess(limit, keyphrases.length + Number(limits.usage ?? 0)))) {
      return keyphrasesResult({ limit, error: 'Account limit exceeded', status: 400 });
    }
    const body = keyphrases.map((keyword) => ({ keyword: (keyword ?? null) as JsonValue, groups: [] }));
    const url = `https://api.wincher.com/beta/websites/${site}/keywords/bulk`;
    const results = await wincherRequest(deps, storage, { operation: 'track', method: 'POST', url, websiteId: site, body });
    if (!isPlainObject(results) || !Object.hasOwn(results, 'data')) return keyphrasesResult(results);
    const rows = rowsOf(results.data).map((row) => ({ id: dig(row, 'id'), keyword: dig(row, 'keyword') }));
    return keyphrasesResult({ ...results, data: byKeyword(rows) });
  } catch (error) {
    return failed(error);
  }
}

/** `get_tracked_keyphrases`: ranking data of the given keyphrases (default: every post's focus keyphrase), by keyword. */
async function trackedKeyphrases(deps: KeyphrasesDeps, storage: Storage, params: Record<string, unknown>): Promise<Answer> {
  try {
    const used = params.keyphrases ?? (await storage.focusKeyphrases());
    if (!isTruthy(used as JsonValue)) return keyphrasesResult({ data: [], status: 200 });
    const site = await websiteId(storage);
    const body = {
      keywords: used as JsonValue,
      url: (params.permalink ?? null) as JsonValue,
      start_at: (params.startAt ?? null) as JsonValue,
    };
    const url = `https://api.wincher.com/beta/yoast/${site}`;
    const results = await wincherRequest(deps, storage, { operation: 'keyphrases', method: 'POST', url, websiteId: site, body });
    if (!isPlainObject(results) || !Object.hasOwn(results, 'data')) return keyphrasesResult(results);
    const wanted = new Set(
      (isPhpArray(used) ? phpValues(used) : [used]).filter(isScalar).map((keyphrase) => asciiLower(toPhpString(keyphrase))),
    );
    const rows = rowsOf(results.data).filter((row) => {
      const keyword = dig(row, 'keyword');
      return typeof keyword === 'string' && wanted.has(keyword);
    });
    return keyphrasesResult({ ...results, data: byKeyword(rows) });
  } catch (error) {
    return failed(error);
  }
}

/** `untrack_keyphrase`: Wincher's keyphrase deleted; `{status: 200}` whatever Wincher answered but an error. */
async function untrackKeyphrase(deps: KeyphrasesDeps, storage: Storage, keyphraseId: unknown): Promise<Answer> {
  try {
    const site = await websiteId(storage);
    const id = toPhpString(keyphraseId);
    const url = `https://api.wincher.com/beta/websites/${site}/keywords/${id}`;
    await wincherRequest(deps, storage, { operation: 'untrack', method: 'DELETE', url, websiteId: site, keyphraseId: id });
    return { status: 200 };
  } catch (error) {
    return failed(error);
  }
}

/** Whether the user may do something a capability of `caps` allows. */
const canAny = (context: RestContext, ...caps: string[]) => context.user !== null && caps.some((cap) => context.user!.can(cap));

/** Yoast's `can_use_semrush` (`edit_posts` or `edit_pages`) and `can_use_wincher` (`publish_posts` or `publish_pages`). */
export const seoBKeyphrasesChecks: Checks<typeof seoBKeyphrasesRoutes, SeoBStorage> = {
  canUseSemrush: (_request, context) => canAny(context, 'edit_posts', 'edit_pages'),
  canUseWincher: (_request, context) => canAny(context, 'publish_posts', 'publish_pages'),
};

/** The handlers of {@link seoBKeyphrasesRoutes}, on the bound Semrush and Wincher services. */
export function seoBKeyphrasesHandlers(deps: KeyphrasesDeps): Handlers<typeof seoBKeyphrasesRoutes, SeoBStorage> {
  /** The code exchange's answer: the token dates (never the tokens) with 200, or `Authentication failed` with 401. */
  const authenticated = async (exchange: () => Promise<Answer>): Promise<RestResponse<Answer>> => {
    try {
      return answer(await exchange());
    } catch (error) {
      if (error instanceof AuthenticationFailed) return answer(error.response());
      throw error;
    }
  };
  return {
    semrushAuthenticate: (request, _context, storage) =>
      authenticated(async () => ({
        tokens: tokensShown(await requestTokens(storage, semrushClient(deps), request.params.code)),
        status: 200,
      })),
    async semrushCountryCode(request, _context, storage) {
      const code = toPhpString(request.params.country_code);
      const stored = await storage.mergeOption('wpseo', { semrush_country_code: code });
      if (stored.semrush_country_code === code) return answer({ success: true, status: 200 });
      return answer({ success: false, status: 500, error: 'Could not save option in the database' });
    },
    semrushRelatedKeyphrases: async (request, _context, storage) =>
      answer(await relatedKeyphrases(deps, storage, toPhpString(request.params.keyphrase), toPhpString(request.params.country_code))),
    wincherAuthorizationUrl: async (_request, context, storage) => answer({ status: 200, url: await authorizationUrl(storage, context) }),
    wincherAuthenticate: (request, _context, storage) =>
      authenticated(async () => {
        const verifier = await storage.getTransient(PKCE_TRANSIENT);
        const given = typeof verifier === 'string' && verifier !== '' ? verifier : undefined;
        const tokens = await requestTokens(storage, wincherClient(deps), request.params.code, given);
        await storage.mergeOption('wpseo', { wincher_website_id: toPhpString(request.params.websiteId) });
        return { tokens: tokensShown(tokens), status: 200 };
      }),
    async wincherTrack(request, _context, storage) {
      const limits = await checkLimit(deps, storage);
      if (limits.status !== 200) return answer(limits);
      return answer(await trackKeyphrases(deps, storage, request.params.keyphrases, limits));
    },
    wincherKeyphrases: async (request, _context, storage) => answer(await trackedKeyphrases(deps, storage, request.params)),
    wincherUntrack: async (request, _context, storage) =>
      answer(await untrackKeyphrase(deps, storage, (request.params as Record<string, unknown>).keyphraseID ?? null)),
    wincherLimit: async (_request, _context, storage) => answer(await checkLimit(deps, storage)),
    wincherUpgradeCampaign: async (_request, _context, storage) => answer(await upgradeCampaign(deps, storage)),
  };
}
