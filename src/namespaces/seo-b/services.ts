// The outside services of seo-b/v1. Each is a self-contained block: its host callback's types, its
// declaration (budget, the plugin's answer per failure) and its recorded double.
import { serviceLimits, type HostServiceLimits, type ServiceDeclaration } from '../host-service.js';
import { recordedAnswer, type JsonObject, type Recordings } from '../recorded-double.js';
import type { JsonValue, SiteStore } from '../../store/types.js';
import type { StorageContext } from '../define.js';
import type { SiteKitLink } from '../site-kit-link.js';
import { sha256Hex } from '../../core/crypto/digest.js';

// ---- siteInsights: the Site Kit data Yoast's dashboard widgets read ----------------------------
// Yoast asks Site Kit's own REST routes (`rest_do_request`): Search Console's `searchanalytics`
// datapoint and Analytics 4's `report`. The host answers the same query with the same JSON
// Site Kit answers; mounted with `site-insights/v1` (variant B), that namespace's data layer does.

/** Search Console's `searchanalytics` query, as Yoast sends it to Site Kit (`Site_Kit_Search_Console_Adapter`). */
export interface SearchConsoleQuery {
  /** The Site Kit module. */
  module: 'search-console';
  /** Its datapoint. */
  datapoint: 'searchanalytics';
  /** First day, `YYYY-MM-DD` (the comparison's first day for a comparison). */
  startDate: string;
  /** Last day, `YYYY-MM-DD`. */
  endDate: string;
  /** One dimension: `query`, `page` or `date`. */
  dimensions: string[];
  /** Most rows (absent for none). */
  limit?: number;
}

/** Analytics 4's `report` query, as Yoast sends it to Site Kit (`Site_Kit_Analytics_4_Adapter`). */
export interface Analytics4Query {
  /** The Site Kit module. */
  module: 'analytics-4';
  /** Its datapoint. */
  datapoint: 'report';
  /** First day, `YYYY-MM-DD`. */
  startDate: string;
  /** Last day, `YYYY-MM-DD`. */
  endDate: string;
  /** `['date']` for daily rows; absent for a comparison (GA4 then answers a `dateRange` dimension). */
  dimensions?: string[];
  /** `['sessions']`. */
  metrics: string[];
  /** `{sessionDefaultChannelGrouping: ['Organic Search']}`. */
  dimensionFilters: Record<string, string[]>;
  /** `[{dimension: {dimensionName: 'date'}}]` for daily rows. */
  orderby?: Array<Record<string, Record<string, string>>>;
  /** The previous period's first day, for a comparison. */
  compareStartDate?: string;
  /** The previous period's last day, for a comparison. */
  compareEndDate?: string;
}

/** What Yoast asks Site Kit for one widget. */
export type SiteInsightsQuery = SearchConsoleQuery | Analytics4Query;

/** A Search Console row (`ApiDataRow`): the dimension's value in `keys`, and its figures. */
export interface SearchConsoleRow {
  /** The dimension's value: a query, a page URL or a `YYYY-MM-DD` day. */
  keys: string[];
  /** Clicks. */
  clicks: number;
  /** Impressions. */
  impressions: number;
  /** Click-through rate, 0 to 1. */
  ctr: number;
  /** Average position. */
  position: number;
}

/** An Analytics 4 `RunReportResponse`, as far as Yoast reads it. */
export interface Analytics4Report {
  /** `[{name: 'date'}]` or `[{name: 'dateRange'}]`. */
  dimensionHeaders: Array<{ name: string }>;
  /** `[{name: 'sessions', type: 'TYPE_INTEGER'}]`. */
  metricHeaders: Array<{ name: string; type?: string }>;
  /** One row per day or per date range (`date_range_0` the current, `date_range_1` the previous). */
  rows: Array<{ dimensionValues: Array<{ value: string }>; metricValues: Array<{ value: string }> }>;
}

/** Site Kit's error answer (a WP_Error): its message and status, which Yoast passes on. */
export interface SiteInsightsError {
  /** The error. */
  error: { message: string; status?: number };
}

/** What Site Kit answers a query: Search Console's rows, an Analytics 4 report, or an error. */
export type SiteInsightsAnswer = SearchConsoleRow[] | Analytics4Report | SiteInsightsError;

/**
 * Site Kit's data for Yoast's dashboard widgets: answers `query` as Site Kit's REST route answers
 * it (`/google-site-kit/v1/modules/<module>/data/<datapoint>`). `signal` fires at the deadline.
 */
export interface SiteInsights {
  /** Answers one Search Console or Analytics 4 query; `asker` is the request's storage context (who asks, on which site). */
  report(query: SiteInsightsQuery, signal: AbortSignal, asker: StorageContext): Promise<SiteInsightsAnswer> | SiteInsightsAnswer;
}

/**
 * Site Kit on the same server (`site-insights/v1` mounted on `store`, reached through `link`): the
 * query read from its data layer for the user asking, as Yoast's `rest_do_request` reads Site Kit's
 * `modules/{module}/data/{datapoint}` route, its error passed on as `{error: {message, status}}`.
 */
export function linkedSiteInsights(link: SiteKitLink, store: SiteStore): SiteInsights {
  return {
    async report(query, signal, asker) {
      const layer = link.layerFor(store);
      if (!layer) throw new Error('site-insights/v1 is not mounted on this server');
      const { module, datapoint, ...params } = query;
      const answer = await layer({ module, datapoint, params }, asker, signal);
      return answer.ok ? (answer.data as unknown as SiteInsightsAnswer) : { error: { message: answer.message, status: answer.status } };
    },
  };
}

/** Why the widget has no data: Site Kit not set up (Yoast's `Data_Source_Not_Available_Exception`), or a failed request. */
export type InsightsFailure = { kind: 'unavailable' } | { kind: 'failed'; status: number; reason: string } | { kind: 'unexpected' };

/** The budget of a report: a Google API round trip through Site Kit, and a month of rows. */
export const SITE_INSIGHTS_LIMITS: HostServiceLimits = { timeoutMs: 15_000, maxBytes: 1024 * 1024 };

/**
 * Site Kit as a declared service: 15 s and 1 MiB by default. Without a host callback the widgets
 * answer as Yoast does when Site Kit is not set up (400, `… is not available yet`); a throw is
 * Yoast's failed request with no status (500, a fixed reason, never the thrown text), a time-out
 * a 504 failed request, and an answer over the cap Yoast's unexpected response (400). Its double
 * answers the recorded report by module and dimensions (`when: {module, dimensions?}`), Search Console's
 * rows cut to the query's `limit`; a query nothing recorded gets an empty report.
 */
export const siteInsightsService: ServiceDeclaration<SiteInsights, InsightsFailure> = {
  namespace: 'seo-b',
  service: 'site-insights',
  option: 'siteInsights',
  limits: SITE_INSIGHTS_LIMITS,
  failures: {
    unconfigured: () => ({ kind: 'unavailable' }),
    threw: () => ({ kind: 'failed', status: 500, reason: 'Site Kit could not get the data.' }),
    timeout: () => ({ kind: 'failed', status: 504, reason: 'Site Kit did not answer in time.' }),
    'too-large': () => ({ kind: 'unexpected' }),
  },
  double: (recorded) => ({
    async report(query, signal) {
      const { answer, filler } = await recordedAnswer(recorded, 'seo-b/site-insights', query as unknown as JsonObject, signal);
      // Search Console answers at most `limit` rows (its `rowLimit`), whatever was recorded.
      const rows =
        Array.isArray(answer) && query.module === 'search-console' && query.limit !== undefined ? answer.slice(0, query.limit) : answer;
      const report = (rows ?? emptyReport(query)) as JsonValue;
      return (filler === '' ? report : { filler, report }) as unknown as SiteInsightsAnswer;
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// semrush and wincher: the two OAuth APIs behind keyphrase research (`keyword-research-a/*`) and
// rank tracking (`rank-tracker/*`). Yoast's OAuth client makes each call; here the host's callback
// sends it, adding its own OAuth client id and secret to token calls. The tokens live in the
// `wpseo` option, are handed to the callback for each call and are never answered or logged.

/** What an OAuth API answered: its HTTP status and its body, as JSON or as the text received (text that is JSON is read as JSON). */
export interface OAuthApiAnswer {
  /** The HTTP status. */
  status: number;
  /** The body: a JSON value, or the text received. */
  body: JsonValue;
}

/**
 * An OAuth token request's form fields as Yoast's OAuth client sends them (`grant_type` and its
 * grant's fields, `redirect_uri`); the host adds its `client_id` and `client_secret`.
 */
export type OAuthGrant =
  | {
      /** The code exchange. */
      grant_type: 'authorization_code';
      /** The authorization code the API's consent screen handed the editor. */
      code: string;
      /** PKCE's verifier, where the authorization URL carried its challenge (Wincher). A secret: send it, never show it. */
      code_verifier?: string;
      /** The redirect address the authorization used. */
      redirect_uri: string;
    }
  | {
      /** A refresh of expired tokens. */
      grant_type: 'refresh_token';
      /** The stored refresh token: a credential. */
      refresh_token: string;
      /** The redirect address of the client. */
      redirect_uri: string;
    };

/** A token call: POST the grant's form to the API's token address. */
export interface OAuthTokenCall {
  /** Which call this is. */
  operation: 'token';
  /** The HTTP method. */
  method: 'POST';
  /** The token address. */
  url: string;
  /** The form fields (`application/x-www-form-urlencoded`), without the client's id and secret. */
  form: OAuthGrant;
}

/** Why a call to an OAuth API got no answer, as WordPress's `WP_Error` words it: Yoast answers its message with status 0. */
export interface TransportFailure {
  /** The `WP_Error` message. */
  message: string;
}

/** A failure answer of both services: the `WP_Error` message WordPress's HTTP API gives for that case. */
const transportFailure =
  (message: string): (() => TransportFailure) =>
  () => ({ message });

/** The two services' failures: a throw, a time-out or an over-large answer as an unreachable API, no callback as an address WordPress refuses. */
const TRANSPORT_FAILURES = {
  threw: transportFailure("cURL error 7: Couldn't connect to server"),
  timeout: transportFailure('cURL error 28: Operation timed out'),
  'too-large': transportFailure('cURL error 63: Maximum file size exceeded'),
  unconfigured: transportFailure('A valid URL was not provided.'),
} as const;

/** What an OAuth API answers a call nothing recorded. */
const NOT_RECORDED: OAuthApiAnswer = { status: 404, body: { error: 'not_found', message: 'No recorded answer.' } };

/** A recorded `{status, body}` (anything else: {@link NOT_RECORDED}), with a `too-large` double's filler as its body. */
function recordedApiAnswer(answer: JsonValue | undefined, filler: string): OAuthApiAnswer {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer) || typeof answer.status !== 'number') return NOT_RECORDED;
  return { status: answer.status, body: filler === '' ? (answer.body ?? null) : filler };
}

/** What a double matches a token call on: its operation, grant type and code (never the secrets). */
function tokenFields(call: OAuthTokenCall): JsonObject {
  const fields: JsonObject = { operation: call.operation, grant_type: call.form.grant_type };
  if (call.form.grant_type === 'authorization_code') fields.code = call.form.code;
  return fields;
}

/** Semrush's addresses, as Yoast 28.1's Semrush client names them. */
export const SEMRUSH_URLS = {
  /** The OAuth token address. */
  token: 'https://oauth.semrush.com/oauth2/access_token',
  /** The redirect address Yoast's Semrush client is registered with. */
  redirect: 'https://oauth.semrush.com/oauth2/yoast/success',
  /** The related keyphrases report. */
  phrases: 'https://oauth.semrush.com/api/v1/keywords/phrase_fullsearch',
} as const;

/** The query of a `phrase_fullsearch` call, as Yoast sends it (the access token apart). */
export interface SemrushPhrasesQuery {
  /** The keyphrase. */
  phrase: string;
  /** The country database (`us`, `nl`, …), as the editor sent it. */
  database: string;
  /** `Ph,Nq,Td,In,Kd`: phrase, volume, trend, intent, difficulty. */
  export_columns: string;
  /** 10. */
  display_limit: number;
  /** 0. */
  display_offset: number;
  /** `nq_desc`. */
  display_sort: string;
  /** `%2B|Nq|Lt|1000` (volume under 1000 left out), encoded once more as Yoast's query builder does. */
  display_filter: string;
}

/**
 * One call to Semrush: a token call, or GET `phrase_fullsearch` with `query` and the access token
 * as the `access_token` query parameter (as Semrush's API takes it).
 */
export type SemrushCall =
  | OAuthTokenCall
  | {
      /** Which call this is. */
      operation: 'phrase_fullsearch';
      /** The HTTP method. */
      method: 'GET';
      /** The report's address, without the query. */
      url: string;
      /** The report's query. */
      query: SemrushPhrasesQuery;
      /** The access token, sent as `access_token`: a credential, never shown. */
      accessToken: string;
    };

/**
 * The host's way to Semrush. `request` sends one call and answers the status and body; it may
 * throw or be slow: each call is made within `semrushLimits` and `signal` aborts at the deadline.
 */
export interface Semrush {
  /** Sends one call to Semrush. */
  request(call: SemrushCall, signal: AbortSignal): Promise<OAuthApiAnswer>;
}

/**
 * Semrush as a declared service: 5 s (WordPress's HTTP default, which Yoast's calls keep) and
 * 1 MiB (ten rows of a report) by default; every failure is a `WP_Error`'s message, which Yoast
 * answers as `Authentication failed` (401) on the code exchange and with status 0 elsewhere. Its
 * double answers a recorded `{status, body}` by `operation`, `grant_type` and `code` (token calls)
 * or `phrase` and `database` (the report), and Semrush's 404 where nothing is recorded.
 */
export const semrushService: ServiceDeclaration<Semrush, TransportFailure> = {
  namespace: 'seo-b',
  service: 'semrush',
  option: 'semrush',
  limits: { timeoutMs: 5_000, maxBytes: 1024 * 1024 },
  failures: TRANSPORT_FAILURES,
  double: (recorded: Recordings) => ({
    async request(call, signal) {
      const fields =
        call.operation === 'token'
          ? tokenFields(call)
          : { operation: call.operation, phrase: call.query.phrase, database: call.query.database };
      const { answer, filler } = await recordedAnswer(recorded, 'seo-b/semrush', fields, signal);
      return recordedApiAnswer(answer, filler);
    },
  }),
};

/** What Site Kit answers a query with no data: no Search Console rows, or a report without rows. */
function emptyReport(query: SiteInsightsQuery): SiteInsightsAnswer {
  if (query.module === 'search-console') return [];
  return {
    dimensionHeaders: (query.dimensions ?? ['dateRange']).map((name) => ({ name })),
    metricHeaders: query.metrics.map((name) => ({ name, type: 'TYPE_INTEGER' })),
    rows: [],
  };
}

/** The host's limits for `siteInsights`, checked at mount. */
export function siteInsightsLimits(given: Partial<HostServiceLimits> | undefined): HostServiceLimits {
  return serviceLimits('seoB siteInsightsLimits', given, SITE_INSIGHTS_LIMITS);
}

/** Wincher's addresses, as Yoast 28.1's Wincher client and actions name them (`%s`: the website id, then the keyphrase id). */
export const WINCHER_URLS = {
  /** The OAuth authorize address the editor's browser opens. */
  authorize: 'https://auth.wincher.com/connect/authorize',
  /** The OAuth token address. */
  token: 'https://auth.wincher.com/connect/token',
  /** The redirect address Yoast's Wincher client is registered with. */
  redirect: 'https://auth.wincher.com/yoast/setup',
  /** The account and its limits. */
  account: 'https://api.wincher.com/beta/account',
  /** The upgrade campaign shown to free accounts. */
  upgradeCampaign: 'https://api.wincher.com/v1/yoast/upgrade-campaign',
} as const;

/** The fields of a Wincher API call: the access token, sent as `Authorization: Bearer …`, and the JSON content type. */
interface WincherApiCall {
  /** The whole address. */
  url: string;
  /** The access token: a credential, sent as a bearer token, never shown. */
  accessToken: string;
}

/**
 * One call to Wincher: a token call (with PKCE's `code_verifier`), or an API call:
 * - `account`, `upgrade-campaign`: GET the account (its keyword limit and usage) or the campaign;
 * - `track`: POST `websites/<websiteId>/keywords/bulk` with `[{keyword, groups: []}]`;
 * - `keyphrases`: POST `yoast/<websiteId>` with `{keywords, url, start_at}` (ranking data);
 * - `untrack`: DELETE `websites/<websiteId>/keywords/<keyphraseId>`.
 */
export type WincherCall =
  | OAuthTokenCall
  | (WincherApiCall & { operation: 'account' | 'upgrade-campaign'; method: 'GET' })
  | (WincherApiCall & { operation: 'track' | 'keyphrases'; method: 'POST'; websiteId: string; body: JsonValue })
  | (WincherApiCall & { operation: 'untrack'; method: 'DELETE'; websiteId: string; keyphraseId: string });

/**
 * The host's way to Wincher. `request` sends one call and answers the status and body; it may
 * throw or be slow: each call is made within `wincherLimits` and `signal` aborts at the deadline.
 */
export interface Wincher {
  /** Sends one call to Wincher. */
  request(call: WincherCall, signal: AbortSignal): Promise<OAuthApiAnswer>;
}

/** What a double matches a Wincher call on. */
function wincherFields(call: WincherCall): JsonObject {
  if (call.operation === 'token') return tokenFields(call);
  const fields: JsonObject = { operation: call.operation };
  if ('websiteId' in call) fields.websiteId = call.websiteId;
  if ('body' in call) fields.body = call.body;
  if ('keyphraseId' in call) fields.keyphraseId = call.keyphraseId;
  return fields;
}

/**
 * Wincher as a declared service: 60 s (what Yoast gives its slowest call, the ranking data) and
 * 4 MiB (ranking history of many keyphrases) by default; every failure is a `WP_Error`'s message,
 * as for Semrush. Its double answers a recorded `{status, body}` by `operation` and the call's
 * `grant_type` and `code`, `websiteId`, `body` or `keyphraseId`, and a 404 where nothing is recorded.
 */
export const wincherService: ServiceDeclaration<Wincher, TransportFailure> = {
  namespace: 'seo-b',
  service: 'wincher',
  option: 'wincher',
  limits: { timeoutMs: 60_000, maxBytes: 4 * 1024 * 1024 },
  failures: TRANSPORT_FAILURES,
  double: (recorded: Recordings) => ({
    async request(call, signal) {
      const { answer, filler } = await recordedAnswer(recorded, 'seo-b/wincher', wincherFields(call), signal);
      return recordedApiAnswer(answer, filler);
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// yoastAi: Yoast AI (`https://ai.yoa.st/api/v1`), which the AI generator, the content planner and
// AI consent call with the user's access JWT. The JWTs come through Yoast's PKCE flow: the site
// posts `/token/request` (or `/token/refresh`) with `sha256(code verifier)`, and Yoast's server,
// before it answers, posts the tokens to the site's `ai_generator/callback` (`refresh_callback`).
/** Yoast AI's address, before each call's path. */
export const YOAST_AI_URL = 'https://ai.yoa.st/api/v1';

/** One call to Yoast AI, as Yoast 28.1's API client sends it. */
export interface YoastAiCall {
  /** The HTTP method. */
  method: 'GET' | 'POST' | 'DELETE';
  /** The path below {@link YOAST_AI_URL}: `/token/request`, `/openai/suggestions/seo-title`, `/usage/free-usages`, … */
  path: string;
  /** The whole address. */
  url: string;
  /** The headers: `Content-Type: application/json`, `Authorization: Bearer <JWT>` where the call carries one, `X-Yst-Cohort`. */
  headers: { [name: string]: string };
  /** The JSON body of a POST, or null (GET, DELETE and a POST with nothing to send). */
  body: JsonObject | null;
}

/** What Yoast AI answered: the HTTP status and the body, as JSON or as the text received. */
export interface YoastAiAnswer {
  /** The HTTP status (200 is success; anything else is an error, read as Yoast reads it). */
  status: number;
  /** The body: a JSON value, or text (parsed as JSON where it is JSON). */
  body: JsonValue;
}

/** What Yoast's server posts to the site's callback route: the new tokens and the challenge they answer. */
export interface YoastAiCallbackParams {
  /** The access JWT. It is a credential: deliver it, never show it. */
  access_jwt: string;
  /** The refresh JWT. It is a credential: deliver it, never show it. */
  refresh_jwt: string;
  /** The challenge of the call being answered (`sha256` of the site's code verifier). */
  code_challenge: string;
  /** The user the tokens are for (the call's `user_id`). */
  user_id: number;
}

/** What the site's callback route answered: 200 `{message, code_verifier}`, or 401 `"Unauthorized."`. */
export interface YoastAiCallbackAnswer {
  /** The HTTP status. */
  status: number;
  /** The answer's data. */
  body: JsonValue;
}

/**
 * Yoast's server calling the site back: posts the tokens to the call's callback route
 * (`ai_generator/callback` for `/token/request`, `refresh_callback` for `/token/refresh`) through
 * this server's own pipeline, as the HTTP request Yoast's server makes would arrive.
 */
export type YoastAiCallBack = (params: YoastAiCallbackParams) => Promise<YoastAiCallbackAnswer>;

/**
 * The host's way to Yoast AI. `request` forwards a call and answers Yoast AI's status and body;
 * it may throw or be slow: each call is made within the namespace's `yoastAiLimits`, and `signal`
 * aborts at the deadline. A host forwarding to ai.yoa.st lets Yoast's server post the tokens to
 * the public `callback_url` in the body of `/token/request` and never uses `callBack`; a host the
 * server cannot reach (and the recorded double) delivers them with `callBack` before answering.
 */
export interface YoastAi {
  /** Makes one call to Yoast AI and answers its status and body. */
  request(call: YoastAiCall, signal: AbortSignal, callBack: YoastAiCallBack): Promise<YoastAiAnswer> | YoastAiAnswer;
}

/**
 * A failed call as Yoast's routes answer it: the status and `{message, errorIdentifier}` of its
 * `Remote_Request_Exception`, with the missing licenses of a 402 or 429.
 */
export interface YoastAiFailure {
  /** The status the route answers with (the upstream's, or 400 for a request that got no answer). */
  status: number;
  /** The upstream's `message`, or its reason phrase. */
  message: string;
  /** The upstream's `error_code`, or what Yoast maps the message to. */
  errorIdentifier: string;
  /** The upstream's `missing_licenses` (402 and 429 only). */
  missingLicenses: JsonValue;
}

/** `WP_Request_Exception`: `wp_remote_*` gave a `WP_Error`, which Yoast answers 400 `WP_HTTP_REQUEST_ERROR` with its message. */
const noAnswer =
  (message: string): (() => YoastAiFailure) =>
  () => ({ status: 400, message, errorIdentifier: 'WP_HTTP_REQUEST_ERROR', missingLicenses: [] });

/** A token the double mints: a JWT whose payload names the user (`sub`), the recording's `jti` and an expiry. */
function mintedJwt(userId: string, jti: string, exp: number): string {
  const part = (value: JsonObject) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: userId, jti, exp })}.${part({ double: 'yoast-ai' })}`;
}

/** The payload of a `Bearer` JWT the double minted, or an empty object. */
function bearerPayload(headers: { [name: string]: string }): JsonObject {
  const [, payload] = (headers.Authorization ?? '').replace(/^Bearer /, '').split('.');
  try {
    const decoded = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as JsonValue;
    return typeof decoded === 'object' && decoded !== null && !Array.isArray(decoded) ? decoded : {};
  } catch {
    return {};
  }
}

/** A recorded Yoast AI answer: status, body, and for token calls the tokens to deliver (`{access, refresh, exp?}`: their `jti`s). */
interface RecordedYoastAiAnswer {
  status: number;
  body: JsonValue;
  tokens?: { access: string; refresh: string; exp?: number };
}

/** Far in the future: a minted token's expiry where the recording names none (2100-01-01). */
const FAR_EXPIRY = 4_102_444_800;

/** Yoast's server's answer when the site's callback refused the tokens or its verifier does not answer the challenge. */
const CALLBACK_REFUSED: YoastAiAnswer = { status: 401, body: { message: 'Unauthorized', error_code: 'CALLBACK_REFUSED' } };

/**
 * The double's token delivery, as Yoast's server does it: the tokens to the site's callback, then
 * the recorded answer only if the site proved the challenge with its verifier.
 */
async function delivered(
  recorded: RecordedYoastAiAnswer & { tokens: NonNullable<RecordedYoastAiAnswer['tokens']> },
  call: YoastAiCall,
  callBack: YoastAiCallBack,
): Promise<YoastAiAnswer> {
  const challenge = typeof call.body?.code_challenge === 'string' ? call.body.code_challenge : '';
  const sub = bearerPayload(call.headers).sub;
  const user = typeof call.body?.user_id === 'string' ? call.body.user_id : typeof sub === 'string' ? sub : '';
  const exp = recorded.tokens.exp ?? FAR_EXPIRY;
  const answer = await callBack({
    access_jwt: mintedJwt(user, recorded.tokens.access, exp),
    refresh_jwt: mintedJwt(user, recorded.tokens.refresh, exp),
    code_challenge: challenge,
    user_id: Number(user),
  });
  const verifier =
    typeof answer.body === 'object' && answer.body !== null && !Array.isArray(answer.body) ? answer.body.code_verifier : undefined;
  if (answer.status !== 200 || typeof verifier !== 'string' || (await sha256Hex(verifier)) !== challenge) return CALLBACK_REFUSED;
  return { status: recorded.status, body: recorded.body };
}

/**
 * Yoast AI as a declared service: 60 s (Yoast's `ai_suggestions_timeout`) and 1 MiB by default. A
 * call that throws, times out or answers too much is Yoast's `WP_Request_Exception` (400
 * `WP_HTTP_REQUEST_ERROR`); without a callback every call is 503 `SERVICE_UNAVAILABLE`. Its double
 * matches `method`, `path`, `attempt` (the how-many-th call of that path), `bearer` (the `jti` of
 * the call's `Bearer` JWT, which the double itself minted) and `body`; a recording with `tokens`
 * mints them for the call's user and delivers them through `callBack` first, as Yoast's server
 * does. A call nothing matches is answered 404, as Yoast AI answers an unknown path.
 */
export const yoastAiService: ServiceDeclaration<YoastAi, YoastAiFailure> = {
  namespace: 'seo-b',
  service: 'yoast-ai',
  option: 'yoastAi',
  limits: { timeoutMs: 60_000, maxBytes: 1024 * 1024 },
  failures: {
    threw: noAnswer("cURL error 7: Failed to connect to ai.yoa.st port 443: Couldn't connect to server"),
    timeout: noAnswer('cURL error 28: Operation timed out'),
    'too-large': noAnswer('cURL error 63: Maximum file size exceeded'),
    unconfigured: () => ({ status: 503, message: 'Service Unavailable', errorIdentifier: 'SERVICE_UNAVAILABLE', missingLicenses: [] }),
  },
  double: (recordings) => {
    const attempts = new Map<string, number>();
    return {
      async request(call, signal, callBack) {
        const attempt = (attempts.get(call.path) ?? 0) + 1;
        attempts.set(call.path, attempt);
        const matched: JsonObject = { method: call.method, path: call.path, attempt, bearer: bearerPayload(call.headers).jti ?? '' };
        if (call.body !== null) matched.body = call.body;
        const { answer, filler } = await recordedAnswer(recordings, 'seo-b/yoast-ai', matched, signal);
        if (filler !== '') return { status: 200, body: filler };
        if (answer === undefined) return { status: 404, body: { message: 'Not Found', error_code: 'NOT_FOUND' } };
        const recorded = answer as unknown as RecordedYoastAiAnswer;
        return recorded.tokens
          ? delivered({ ...recorded, tokens: recorded.tokens }, call, callBack)
          : { status: recorded.status, body: recorded.body };
      },
    };
  },
};
