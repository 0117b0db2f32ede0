// The outside services of site-insights/v1. Each is a self-contained block: its host callback's
// types, its declaration (budget, Site Kit's answer per failure) and its recorded double.
import { recordedAnswer, type JsonObject, type Recordings } from '../recorded-double.js';
import type { SettingsObject } from '../option-object.js';
import { googleApiError, googleApiUnavailable, googleRequestFailed, inviteMailFailed } from './errors.js';
import type { SiteKitModule } from './registry.js';
import type { JsonValue } from '../../store/types.js';
import { recordedUpstream, type UpstreamAnswer } from '../upstream-json.js';
import type { SendMail } from '../../core/mail/message.js';
import { MAIL_LIMITS, recordedMail, type HostServiceLimits, type ServiceDeclaration } from '../host-service.js';
import { restError, type RestError } from '../../core/errors/rest-error.js';
import { RestResponse } from '../../core/http/response.js';

// ---- fetchHome: the site's own pages, for Site Health's tag placement test -------------------
// Site Kit fetches each tag-placing module's page (`wp_remote_get( home_url() )`, Sign in with
// Google's login page) and looks for its tag in the HTML.

/**
 * Fetches one page of the site (`url`: its home page with a `timestamp` query, or its login page)
 * as a visitor would, and answers the body as text, whatever the status (Site Kit reads the body
 * of a 404 too). `signal` fires at the deadline. Site Kit's own fetch is a loopback request: a host
 * fetching over the network checks the address it connects to as it would any URL.
 */
export type FetchHome = (url: string, signal: AbortSignal) => Promise<string> | string;

/** Why a page gave no body: the module's line then reads Site Kit's "There was an error…" (a `WP_Error` from `wp_remote_get`). */
export interface PageUnavailable {
  /** Always true. */
  unavailable: true;
}

/** A page's budget: `wp_remote_get`'s 5 s, and a cap on the HTML searched. */
const FETCH_HOME_LIMITS: HostServiceLimits = { timeoutMs: 5_000, maxBytes: 2 * 1024 * 1024 };

const unavailable = (): PageUnavailable => ({ unavailable: true });

/**
 * The page fetch as a declared service: 5 s and 2 MiB of HTML by default. A throw, a time-out, a
 * page over the cap or no callback at all is the failed `wp_remote_get` Site Kit words as "There was
 * an error while trying to get the status, please try again later." Its double answers the
 * recorded HTML by the URL's path (`when: {path}`), and an empty page for a path nothing recorded.
 */
export const fetchHomeService: ServiceDeclaration<FetchHome, PageUnavailable> = {
  namespace: 'site-insights',
  service: 'fetch-home',
  option: 'fetchHome',
  limits: FETCH_HOME_LIMITS,
  failures: { threw: unavailable, timeout: unavailable, 'too-large': unavailable, unconfigured: unavailable },
  double: (recorded) => async (url, signal) => {
    const { answer, filler } = await recordedAnswer(recorded, 'site-insights/fetch-home', { path: new URL(url).pathname }, signal);
    return (typeof answer === 'string' ? answer : '') + filler;
  },
};

// ---- healthChecks: whether Google's APIs and Site Kit's service answer ------------------------
// Site Kit asks Search Console's `sites.list` (any answer from Google passes, even a refusal) and
// sends a HEAD request to its service, `https://sitekit.withgoogle.com` (a status under 400 passes).

/** One check's outcome, as Site Kit answers it. */
export interface HealthCheck {
  /** Whether the service answered. */
  pass: boolean;
  /** Why not: the HTTP library's error message, or `connection_fail` for a status of 400 or more; empty when it passed. */
  errorMsg: string;
}

/** Both checks, as `core/site/data/health-checks` answers them under `checks`. */
export interface HealthCheckResults {
  /** Google's APIs (Search Console's `sites.list`). */
  googleAPI: HealthCheck;
  /** Site Kit's service (`https://sitekit.withgoogle.com`). */
  skService: HealthCheck;
}

/** Runs both checks from the host, as Site Kit's `Health_Checks` runs them from the site. `signal` fires at the deadline. */
export type HealthChecks = (signal: AbortSignal) => Promise<HealthCheckResults> | HealthCheckResults;

/** Where Site Kit's checks go. */
const SEARCH_CONSOLE_SITES = 'https://searchconsole.googleapis.com/webmasters/v3/sites';
const SITE_KIT_SERVICE = 'sitekit.withgoogle.com';
/** Guzzle's suffix to a cURL error (the Google client's HTTP library). */
const GUZZLE_SEE = '(see https://curl.haxx.se/libcurl/c/libcurl-errors.html)';

/** Both checks failed with a cURL error, as Guzzle (the Google API) and WordPress's Requests (the HEAD request) word it. */
function bothFailed(errno: number, googleText: string, serviceText: string): () => HealthCheckResults {
  return () => ({
    googleAPI: { pass: false, errorMsg: `cURL error ${errno}: ${googleText} ${GUZZLE_SEE} for ${SEARCH_CONSOLE_SITES}` },
    skService: { pass: false, errorMsg: `cURL error ${errno}: ${serviceText}` },
  });
}

/** Neither host can be reached: what Site Kit answers on a server without a network. */
const unreachable = bothFailed(6, 'Could not resolve host: searchconsole.googleapis.com', `Could not resolve host: ${SITE_KIT_SERVICE}`);

/** Both reachable: the double's answer where nothing else is recorded. */
const REACHABLE: HealthCheckResults = { googleAPI: { pass: true, errorMsg: '' }, skService: { pass: true, errorMsg: '' } };

/**
 * The health checks as a declared service: 10 s (the two requests' 5 s each) and 4 KiB by default.
 * Without a callback, or when it throws or answers too much, both checks fail as on a server
 * without a network (cURL error 6, host not resolved); a time-out fails both with cURL error 28.
 * Its double answers the recorded results (`when: {}`), both passing where nothing is recorded.
 */
export const healthChecksService: ServiceDeclaration<HealthChecks, HealthCheckResults> = {
  namespace: 'site-insights',
  service: 'health-checks',
  option: 'healthChecks',
  limits: { timeoutMs: 10_000, maxBytes: 4096 },
  failures: {
    unconfigured: unreachable,
    threw: unreachable,
    'too-large': unreachable,
    timeout: bothFailed(28, 'Operation timed out', 'Operation timed out'),
  },
  double: (recorded) => async (signal) => {
    const { answer, filler } = await recordedAnswer(recorded, 'site-insights/health-checks', {}, signal);
    const results = (answer ?? REACHABLE) as unknown as HealthCheckResults;
    return filler === '' ? results : { ...results, filler };
  },
};

// ---- google-access: `google.checkAccess` ---------------------------------------------------------
// Whether the caller's Google account reaches a module's service entity (the Search Console
// property, the Analytics property, the Tag Manager container, the AdSense account, the Reader
// Revenue Manager publication), which `check-access` and `recover-modules` ask before an admin
// takes a module over. Site Kit asks Google's APIs with the caller's token; here the host's
// `google.checkAccess` does. Its callback type is its own interface, `SiteKitGoogleAccess`, which
// the `google` option's other callbacks join.

/** What `check-access` asks Google: whether a user's Google account reaches the entity a module's settings name. */
export interface SiteKitAccessCall {
  /** The module's slug (`search-console`, `analytics-4`, `tagmanager`, `adsense`, `reader-revenue-manager`). */
  module: string;
  /** The user whose Google sign-in asks: the caller. */
  userId: number;
  /** The module's stored settings, naming its entity (`propertyID`, `accountID`, `containerID`, `clientID`, `publicationID`). */
  settings: SettingsObject;
}

/** Google's answer: whether the entity is reachable, or the error its API answered. */
export type SiteKitAccessAnswer = { access: boolean } | { error: GoogleApiError };

/** The host's way to ask Google whether a user reaches a module's entity; `signal` fires at the deadline. */
export interface SiteKitGoogleAccess {
  /** Answers one check, as Site Kit's `check_service_entity_access` asks Google's API for it. */
  checkAccess(call: SiteKitAccessCall, signal: AbortSignal): Promise<SiteKitAccessAnswer> | SiteKitAccessAnswer;
}

/** The budget of a check: one small Google API round trip. */
const GOOGLE_ACCESS_LIMITS: HostServiceLimits = { timeoutMs: 15_000, maxBytes: 64 * 1024 };

/**
 * `google.checkAccess` as a declared service: 15 s and 64 KiB by default. Without a callback it
 * answers 503 `google_api_unavailable`; a throw, a time-out or an answer over the cap is Site
 * Kit's answer to a request that got no answer from Google (`unknown`, 500, a fixed message).
 * Its double answers the first recording whose `when` matches `{module, userId, settings}`, and
 * `{access: false}` (what Google's 403 means) where none does.
 */
export const googleAccessService: ServiceDeclaration<SiteKitGoogleAccess, RestError> = {
  namespace: 'site-insights',
  service: 'google-access',
  option: 'google',
  limits: GOOGLE_ACCESS_LIMITS,
  failures: {
    unconfigured: googleApiUnavailable,
    threw: () => googleRequestFailed('The request to Google failed.'),
    timeout: () => googleRequestFailed('The request to Google timed out.'),
    'too-large': () => googleRequestFailed('The answer from Google was too large.'),
  },
  double: (recorded) => ({
    async checkAccess(call, signal) {
      const { answer, filler } = await recordedAnswer(recorded, 'site-insights/google-access', call as unknown as JsonObject, signal);
      const found = (answer ?? { access: false }) as SiteKitAccessAnswer;
      return filler === '' ? found : ({ ...found, filler } as unknown as SiteKitAccessAnswer);
    },
  }),
};

/** Whether a value is a {@link GoogleApiError}. */
function isGoogleFailure(value: unknown): value is GoogleApiError {
  if (typeof value !== 'object' || value === null) return false;
  const { status, message, reason } = value as Record<string, unknown>;
  return Number.isInteger(status) && typeof message === 'string' && (reason === undefined || typeof reason === 'string');
}

/**
 * What Site Kit makes of Google's answer for a module (`check_service_entity_access`): access as
 * answered; the module's "no access" status (403, Tag Manager's 404) as no access; any other
 * error Google's own; an answer of another shape a failed request.
 */
export function accessFromAnswer(module: SiteKitModule, answer: SiteKitAccessAnswer): boolean | RestError {
  if ('access' in answer && typeof answer.access === 'boolean') return answer.access;
  if ('error' in answer && isGoogleFailure(answer.error)) {
    const { status, message, reason = '' } = answer.error;
    if (status === module.noAccessStatus) return false;
    return googleApiError(status >= 100 && status <= 599 ? status : 500, message, reason);
  }
  return googleRequestFailed('The answer from Google could not be read.');
}

// ---- oauth: Google's token endpoint, for a user's refresh and revocation ----------------------
// Site Kit's OAuth client refreshes an expiring access token with the refresh token and revokes
// the token on a disconnect. The host's callback makes the call with the site's OAuth client; the
// tokens it is handed and answers are credentials, kept in user options and never logged.

/** A refresh: the user's refresh token traded for a new access token (`fetchAccessTokenWithRefreshToken`). */
export interface OAuthRefreshCall {
  /** The user whose token it is. */
  userId: number;
  /** The stored refresh token: a credential. */
  refreshToken: string;
  /** The site's OAuth client id (`googlesitekit_credentials`). */
  clientId: string;
  /** The site's OAuth client secret: a credential. */
  clientSecret: string;
}

/** A revocation: the user's token given up (`revokeToken`: the refresh token where one is kept, else the access token). */
export interface OAuthRevokeCall {
  /** The user whose token it is. */
  userId: number;
  /** The token to revoke: a credential. */
  token: string;
  /** The site's OAuth client id. */
  clientId: string;
}

/** Google's token endpoint's answer: a new token, or its OAuth error (`invalid_grant` for a revoked or expired refresh token). */
export type OAuthTokenAnswer =
  | {
      /** The new access token. */
      access_token: string;
      /** Its lifetime in seconds. */
      expires_in?: number;
      /** A new refresh token, when Google rotates it. */
      refresh_token?: string;
      /** The scopes granted, space-separated. */
      scope?: string;
      /** `Bearer`. */
      token_type?: string;
    }
  | {
      /** The OAuth error code. */
      error: string;
      /** Its description. */
      error_description?: string;
    };

/** The host's way to Google's OAuth endpoints for Site Kit. `signal` fires at the deadline. */
export interface SiteKitOAuth {
  /** Trades a refresh token for a new access token. */
  refresh(call: OAuthRefreshCall, signal: AbortSignal): Promise<OAuthTokenAnswer> | OAuthTokenAnswer;
  /** Revokes a token; its answer is not read (Site Kit revokes on a best-effort basis). */
  revoke(call: OAuthRevokeCall, signal: AbortSignal): Promise<unknown> | unknown;
}

/** Why a refresh got no token: the error code Site Kit keeps in the user option `googlesitekit_error_code`. */
export interface OAuthFailure {
  /** The code kept: the message of the exception Site Kit's HTTP client throws. */
  errorCode: string;
}

/** The budget of a token call: one round trip to Google, for an answer of a few hundred bytes. */
export const SITE_KIT_OAUTH_LIMITS: HostServiceLimits = { timeoutMs: 10_000, maxBytes: 64 * 1024 };

/** A failure's answer: the error code Site Kit keeps for it. */
const failure =
  (errorCode: string): (() => OAuthFailure) =>
  () => ({ errorCode });

/**
 * Google's OAuth endpoints as a declared service: 10 s and 64 KiB by default. A refresh that gets
 * no answer is Site Kit's failed refresh: the exception's message kept as the user's error code
 * and the stale token left as it is, so `get-token` answers it (none without a callback, as Site
 * Kit without a network). A revocation that fails is ignored, as Site Kit ignores it. Its double
 * answers the recorded exchange by `operation` (`refresh`, `revoke`) and `refreshToken`; a refresh
 * token nothing recorded gets Google's `invalid_grant`.
 */
export const oauthService: ServiceDeclaration<SiteKitOAuth, OAuthFailure> = {
  namespace: 'site-insights',
  service: 'oauth',
  option: 'oauth',
  limits: SITE_KIT_OAUTH_LIMITS,
  failures: {
    unconfigured: failure("cURL error 7: Couldn't connect to server"),
    threw: failure("cURL error 7: Couldn't connect to server"),
    timeout: failure('cURL error 28: Operation timed out'),
    'too-large': failure('cURL error 63: Maximum file size exceeded'),
  },
  double: (recorded: Recordings) => ({
    async refresh(call, signal) {
      const { answer, filler } = await recordedAnswer(
        recorded,
        'site-insights/oauth',
        { operation: 'refresh', refreshToken: call.refreshToken, clientId: call.clientId },
        signal,
      );
      const token = (answer ?? { error: 'invalid_grant', error_description: 'Bad Request' }) as OAuthTokenAnswer;
      return filler === '' ? token : ({ ...token, filler } as unknown as OAuthTokenAnswer);
    },
    async revoke(call, signal) {
      const { answer, filler } = await recordedAnswer(
        recorded,
        'site-insights/oauth',
        { operation: 'revoke', clientId: call.clientId },
        signal,
      );
      return filler === '' ? (answer ?? {}) : { filler };
    },
  }),
};

// ---- siteKitProxy: the Site Kit service (Google's proxy, sitekit.withgoogle.com) ---------------
// Site Kit asks it for the site's notifications, marks one seen, and sends survey triggers and
// events (`Core/Notifications/Notifications.php`, `Google_Proxy::send_survey_*`). The host's
// callback makes each HTTP call and answers the service's status and body text; the routes read
// the answer as Site Kit does. The site's secret, the user's access token and a survey session's
// token go to the callback only: never into an answer, an error text or a report.

/** `GET /notifications/?site_id&hl`: the site's notifications, in the user's language. */
export interface NotificationsCall {
  /** `site_id`: the site's OAuth client id. */
  siteId: string;
  /** `hl`: the user's locale (`get_user_locale()`, `en_US` when neither user nor site sets one). */
  locale: string;
}

/** The site's own credentials at the service, which Site Kit posts with each call but the notifications list. */
interface SignedCall {
  /** `site_id`: the site's OAuth client id. */
  siteId: string;
  /** `site_secret`: the site's OAuth client secret, a credential. */
  siteSecret: string;
}

/** `POST /notifications/mark/` (a form): marks a notification. */
export interface MarkNotificationCall extends SignedCall {
  /** `notification_id`, as the client sent it. */
  notificationId: JsonValue;
  /** `notification_state` (`accepted`, `dismissed`), as the client sent it. */
  notificationState: JsonValue;
}

/** A survey call's user: Site Kit sends the user's Google access token as `Authorization: Bearer …`. */
interface UserCall extends SignedCall {
  /** The user's access token, a credential (empty when none is kept). */
  accessToken: string;
}

/** `POST /survey/trigger/` (JSON `{site_id, site_secret, trigger_context: {trigger_id, language}}`). */
export interface SurveyTriggerCall extends UserCall {
  /** `trigger_context.trigger_id`. */
  triggerId: string;
  /** `trigger_context.language`: the user's locale. */
  language: string;
}

/** `POST /survey/event/` (JSON `{site_id, site_secret, session, event}`). */
export interface SurveyEventCall extends UserCall {
  /** The survey's session as the client sent it: `session_id` and `session_token` (a credential). */
  session: JsonObject;
  /** The event as the client sent it: one of `survey_shown`, `survey_closed`, `question_answered`, `completion_shown`, `follow_up_link_clicked`. */
  event: JsonObject;
}

/**
 * The host's way to the Site Kit service. Each method sends one call and answers the service's
 * HTTP status and body text (`{status: response.status, body: await response.text()}`); it may
 * throw or be slow: each call is made within `siteKitProxyLimits` and `signal` aborts at the deadline.
 */
export interface SiteKitProxy {
  /** The site's notifications: a JSON list of `{id, title, content, ctaURL, ctaLabel, ctaTarget, learnMoreURL, learnMoreLabel, dismissible, dismissLabel}`. */
  notifications(call: NotificationsCall, signal: AbortSignal): Promise<UpstreamAnswer>;
  /** Marks a notification: `{success}`. */
  markNotification(call: MarkNotificationCall, signal: AbortSignal): Promise<UpstreamAnswer>;
  /** Sends a survey trigger: a survey `{survey_id, survey_payload, session}`, or `{}` when none is due. */
  surveyTrigger(call: SurveyTriggerCall, signal: AbortSignal): Promise<UpstreamAnswer>;
  /** Sends a survey event: the service's answer, passed on to the client. */
  surveyEvent(call: SurveyEventCall, signal: AbortSignal): Promise<UpstreamAnswer>;
}

/**
 * Why the Site Kit service gave no answer: no callback (the site is not on the service), or a
 * request WordPress's HTTP API failed, with its `WP_Error` (`http_request_failed`, no status).
 */
export type ProxyFailure = { kind: 'unconfigured' } | { kind: 'unreachable'; message: string };

/** A request WordPress's HTTP API could not make, as its `WP_Error` words it. */
const proxyUnreachable =
  (message: string): (() => ProxyFailure) =>
  () => ({ kind: 'unreachable', message });

/** What the service answers a call nothing recorded: its 404 for an unknown site or address. */
const NOT_RECORDED: UpstreamAnswer = { status: 404, body: '{"error":"Not found."}' };

/** A double's answer to `fields` (what a call is matched on, never its credentials). */
async function recordedCall(recorded: Recordings, fields: JsonObject, signal: AbortSignal): Promise<UpstreamAnswer> {
  const { answer, filler } = await recordedAnswer(recorded, 'site-insights/site-kit-proxy', fields, signal);
  return recordedUpstream(answer, filler, NOT_RECORDED);
}

/**
 * The Site Kit service as a declared service: 15 s (`Google_Proxy::request`'s time-out) and
 * 512 KiB by default. A throw, a time-out or an answer over the cap is WordPress's
 * `http_request_failed` (no status), which each route answers as Site Kit answers that
 * `WP_Error`; without a callback the site is answered as one not on the service (no
 * notifications, no survey). Its double answers a recorded `{status, body}` by `operation` and
 * `siteId`, `locale`, `notificationId`, `notificationState`, `triggerId`, `language`,
 * `sessionId` or `event` fields, and the service's 404 where nothing is recorded.
 */
export const siteKitProxyService: ServiceDeclaration<SiteKitProxy, ProxyFailure> = {
  namespace: 'site-insights',
  service: 'site-kit-proxy',
  option: 'siteKitProxy',
  limits: { timeoutMs: 15_000, maxBytes: 512 * 1024 },
  failures: {
    threw: proxyUnreachable("cURL error 7: Couldn't connect to server"),
    timeout: proxyUnreachable('cURL error 28: Operation timed out'),
    'too-large': proxyUnreachable('cURL error 63: Maximum file size exceeded'),
    unconfigured: () => ({ kind: 'unconfigured' }),
  },
  double: (recorded) => ({
    notifications: ({ siteId, locale }, signal) => recordedCall(recorded, { operation: 'notifications', siteId, locale }, signal),
    markNotification: ({ siteId, notificationId, notificationState }, signal) =>
      recordedCall(recorded, { operation: 'mark-notification', siteId, notificationId, notificationState }, signal),
    surveyTrigger: ({ siteId, triggerId, language }, signal) =>
      recordedCall(recorded, { operation: 'survey-trigger', siteId, triggerId, language }, signal),
    surveyEvent: ({ siteId, session, event }, signal) =>
      recordedCall(recorded, { operation: 'survey-event', siteId, sessionId: session.session_id ?? null, event }, signal),
  }),
};

// ---- mail: Site Kit's mail (`Core\Email\Email`), for e-mail reporting's invitations -------------

/**
 * Mail as a declared service: 15 s by default; a `sendMail` that threw, outlasted its time,
 * answered anything but true, or is missing is Site Kit's 500 `wp_mail_failed` "Failed to send
 * email.", as `wp_mail()` answering false.
 */
export const mailService: ServiceDeclaration<SendMail, RestError> = {
  namespace: 'site-insights',
  service: 'mail',
  option: 'sendMail',
  limits: MAIL_LIMITS,
  failures: { threw: inviteMailFailed, timeout: inviteMailFailed, 'too-large': inviteMailFailed, unconfigured: inviteMailFailed },
  double: (recorded) => (mail) => recordedMail(recorded, 'site-insights/mail', mail),
};

// ---- google: Google's APIs as Site Kit's modules reach them (`Module::get_data()` / `set_data()`) ----
// For `modules/{slug}/data/{datapoint}`. The host's callback answers a module's datapoint with the
// JSON Site Kit's route answers, or Google's error.

/** One datapoint call, as Site Kit's `Data_Request` carries it. */
export interface GoogleApiCall {
  /** The module's slug (`analytics-4`). */
  module: string;
  /** The datapoint (`report`). */
  datapoint: string;
  /** `GET` for a read, `POST` for a write (PUT and PATCH included), as Site Kit's data request names them. */
  method: 'GET' | 'POST';
  /** A read's request parameters, or a write's `data`. */
  params: JsonObject;
  /**
   * The user whose Google access answers: the caller, or the module's owner when a user in a role
   * the module is shared with reads a shareable datapoint. The host picks that user's OAuth token.
   */
  userId: number;
}

/** Google's error as Site Kit reads it from a `Google_Service_Exception` (`errors[0]`). */
export interface GoogleApiError {
  /** The HTTP status Google answered (403, 404, 429, …). */
  status: number;
  /** Google's message. */
  message: string;
  /** Google's reason (`forbidden`, `notFound`, `rateLimitExceeded`), empty for none. */
  reason?: string;
}

/** The callback's answer: the datapoint's JSON, or Google's error. */
export type GoogleApiAnswer = { data: JsonValue } | { error: GoogleApiError };

/**
 * Google's APIs as the host reaches them for Site Kit's modules: answers one datapoint call for
 * the user `call.userId`. `signal` fires at the deadline.
 */
export interface SiteKitGoogleApi {
  /** Answers a module's datapoint. */
  request(call: GoogleApiCall, signal: AbortSignal): Promise<GoogleApiAnswer> | GoogleApiAnswer;
}

/** What a route answers when the call gave no answer. */
export type GoogleRouteFailure = RestError | RestResponse;

/** The budget of a datapoint call: a Google API round trip, and a report of many rows. */
const GOOGLE_API_LIMITS: HostServiceLimits = { timeoutMs: 30_000, maxBytes: 4 * 1024 * 1024 };

/**
 * Site Kit's answer to a Google API transport failure (`exception_to_error` of an exception with
 * no code): 500, the code `unknown`, the message of WordPress's HTTP transport for that case.
 */
const transportFailure =
  (message: string): (() => GoogleRouteFailure) =>
  () =>
    restError('unknown', message, 500, { reason: '' });

/** Site Kit's answer to Google's error (`exception_to_error` of a `Google_Service_Exception`): its status as the code. */
export function googleErrorResponse(error: GoogleApiError): RestResponse {
  const status = Number.isInteger(error.status) && error.status >= 400 && error.status <= 599 ? error.status : 500;
  return new RestResponse({ code: status, message: String(error.message), data: { status, reason: error.reason ?? '' } }, status);
}

/**
 * The `google` service: 30 s and 4 MiB by default. Without a host callback every datapoint answers
 * 503 `google_api_unavailable`; a throw, a time-out and an answer over the cap are answered as
 * Site Kit answers Google's client failing to connect, timing out or reading too much (500
 * `unknown`, a fixed cURL message, never what was thrown). Its double answers the recorded
 * exchange whose `when` matches `{module, datapoint, method, dimensions?}` (Search Console's
 * `dimensions` read as a list whether sent as one string or a list), its rows cut to the call's
 * `limit`; a call nothing recorded answers Google's 404.
 */
export const googleApiService: ServiceDeclaration<SiteKitGoogleApi, GoogleRouteFailure> = {
  namespace: 'site-insights',
  service: 'google',
  option: 'google',
  limits: GOOGLE_API_LIMITS,
  failures: {
    unconfigured: () => restError('google_api_unavailable', 'Google’s APIs are not available on this site.', 503),
    threw: transportFailure("cURL error 7: Couldn't connect to server"),
    timeout: transportFailure('cURL error 28: Operation timed out'),
    'too-large': transportFailure('cURL error 63: Maximum file size exceeded'),
  },
  double: (recorded) => ({
    async request(call, signal) {
      const dimensions = dimensionNames(call.params.dimensions);
      const fields: JsonObject = { module: call.module, datapoint: call.datapoint, method: call.method };
      if (dimensions.length > 0) fields.dimensions = dimensions;
      const { answer, filler } = await recordedAnswer(recorded, 'site-insights/google', fields, signal);
      if (filler !== '') return { data: filler };
      if (!isAnswer(answer)) return { error: { status: 404, message: 'Requested entity was not found.', reason: 'notFound' } };
      const limit = Number(call.params.limit);
      return 'data' in answer && Array.isArray(answer.data) && Number.isInteger(limit) && limit > 0
        ? { data: answer.data.slice(0, limit) }
        : answer;
    },
  }),
};

/** Whether a recorded answer is `{data}` or `{error: {status, message}}`. */
function isAnswer(answer: JsonValue | undefined): answer is GoogleApiAnswer & JsonObject {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return false;
  if ('data' in answer) return true;
  const error = answer.error;
  return typeof error === 'object' && error !== null && !Array.isArray(error) && typeof error.status === 'number';
}

/**
 * A dimensions parameter as Site Kit reads it: a comma-separated string (`parse_string_list`) or a
 * list of names or of `{name}` objects (Analytics 4's dimensions).
 */
function dimensionNames(value: JsonValue | undefined): string[] {
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  return items
    .map((item) => (typeof item === 'object' && item !== null && !Array.isArray(item) ? item.name : item))
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
