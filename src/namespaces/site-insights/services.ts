// The outside services of site-insights/v1. Each is a self-contained block: its host callback's
// types, its declaration (budget, Site Kit's answer per failure) and its recorded double.
import type { JsonValue } from '../../store/types.js';
import type { ServiceDeclaration } from '../host-service.js';
import { recordedAnswer, type JsonObject, type Recordings } from '../recorded-double.js';
import { recordedUpstream, type UpstreamAnswer } from '../upstream-json.js';

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
const unreachable =
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
    threw: unreachable("cURL error 7: Couldn't connect to server"),
    timeout: unreachable('cURL error 28: Operation timed out'),
    'too-large': unreachable('cURL error 63: Maximum file size exceeded'),
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
