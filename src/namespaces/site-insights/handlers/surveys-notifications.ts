// The site's notifications and the user's surveys, through the Site Kit service (Site Kit 1.184's
// `Notifications` and `REST_User_Surveys_Controller`), each answer read as Site Kit reads it:
// `parse_response` for the notification calls, `Google_Proxy::request` for the survey calls.
import { internal } from '../../../core/errors/catalogue.js';
import { redactText } from '../../../core/index/credentials.js';
import { setOwn } from '../../../core/own-property.js';
import { phpJsonDecode } from '../../../core/php/json-decode.js';
import { isEmpty, isPhpArray, toBool, toInt, toPhpString } from '../../../core/php/values.js';
import type { RestContext } from '../../../core/types.js';
import type { JsonValue } from '../../../store/types.js';
import type { Handlers } from '../../define.js';
import type { BoundService } from '../../host-service.js';
import { isSettingsObject } from '../../option-object.js';
import type { JsonObject } from '../../recorded-double.js';
import { asPhpWritesIt, type UpstreamAnswer } from '../../upstream-json.js';
import { CONNECTION_OPTIONS, siteCredentials, usesProxy, type SiteCredentials } from '../connection.js';
import { exception, httpRequestFailed, missingRequiredParam } from '../errors.js';
import type { siteInsightsSurveysNotificationsRoutes } from '../routes/surveys-notifications.js';
import type { ProxyFailure, SiteKitProxy } from '../services.js';
import type { SiteInsightsBound } from '../settings.js';
import type { SiteInsightsStorage } from '../storage.js';
import {
  addSurveyTimeout,
  dequeueSurvey,
  enqueueSurvey,
  frontSurvey,
  runningSurveyTimeouts,
  setGlobalSurveyTimeout,
  surveyOfSession,
} from '../survey-state.js';

/** What the group's handlers run on. */
interface SurveysNotificationsDeps {
  /** The `siteKitProxy` service, bound with its limits. */
  proxy: BoundService<SiteKitProxy, ProxyFailure>;
  /** The clock in milliseconds. */
  now: () => number;
}

/** The language WordPress speaks when neither the user nor the site names one. */
const DEFAULT_LOCALE = 'en_US';

/** The fields of a notification Site Kit passes on, by the service's name, with the default `Notification` gives a field it left out. */
const NOTIFICATION_FIELDS = [
  'title',
  'content',
  'ctaURL',
  'ctaLabel',
  'ctaTarget',
  'learnMoreURL',
  'learnMoreLabel',
  'dismissible',
  'dismissLabel',
] as const;

/** A WP_Error as a survey call ends with one: code, message and its data (`{status}`, or none). */
interface ProxyError {
  code: string;
  message: string;
  status: number | null;
}

/** A survey call's outcome (`Google_Proxy::request`): the decoded body, or the WP_Error. */
type ProxyRequestOutcome = { ok: true; body: JsonValue } | { ok: false; error: ProxyError };

/** The signed-in user's id (every route here is refused to anonymous callers before its handler). */
function userIdOf(context: RestContext): number {
  return context.user?.id ?? 0;
}

/** `get_user_locale()`: the user's `locale` meta, else the site's `WPLANG`, else `en_US`. */
async function userLocale(storage: SiteInsightsBound, userId: number): Promise<string> {
  const own = await storage.getUserOption(userId, 'locale');
  if (typeof own === 'string' && own !== '') return own;
  const site = await storage.getOption('WPLANG');
  return typeof site === 'string' && site !== '' ? site : DEFAULT_LOCALE;
}

/** Whether the site has an OAuth client (`Credentials::has`). */
function hasCredentials(credentials: SiteCredentials): boolean {
  return credentials.clientId !== '' && credentials.clientSecret !== '';
}

/**
 * `Notifications::parse_response`: the body decoded, or the WP_Error `exception` for a body that
 * is not JSON or that carries an `error` (its text with the site's secret cut out).
 */
function parsedNotificationAnswer(
  answer: UpstreamAnswer,
  secrets: readonly string[],
): { ok: true; value: unknown } | { ok: false; error: ReturnType<typeof exception> } {
  const decoded = phpJsonDecode(answer.body);
  if (!decoded.ok) return { ok: false, error: exception(`Error while decoding response: ${decoded.code}`) };
  const value = decoded.value;
  if (isSettingsObject(value as JsonValue) && !isEmpty((value as Record<string, unknown>).error)) {
    return { ok: false, error: exception(redactText(toPhpString((value as Record<string, unknown>).error), secrets)) };
  }
  return { ok: true, value };
}

/** One notification as `Notification::prepare_for_js` writes it: `id` a string, the fields as the service gave them (null where left out). */
function notificationForJs(given: Record<string, unknown>): JsonObject {
  const out: JsonObject = { id: toPhpString(given.id) };
  for (const field of NOTIFICATION_FIELDS) setOwn(out, field, Object.hasOwn(given, field) ? asPhpWritesIt(given[field]) : null);
  return out;
}

/** The WP_Error a failed survey call ends with: the HTTP API's, or the service's status with its `error` and `error_code`. */
function proxyRequest(answer: UpstreamAnswer, secrets: readonly string[]): ProxyRequestOutcome {
  const decoded = phpJsonDecode(answer.body);
  const body = decoded.ok ? decoded.value : null;
  if (answer.status < 200 || answer.status > 299) {
    let message = '';
    let code = 'request_failed';
    if (isPhpArray(body) && !Array.isArray(body)) {
      if (!isEmpty(body.error)) message = redactText(toPhpString(body.error), secrets);
      if (!isEmpty(body.error_code)) code = toPhpString(body.error_code);
    }
    return { ok: false, error: { code, message, status: answer.status } };
  }
  if (body === null) return { ok: false, error: { code: 'failed_to_parse_response', message: 'Failed to parse response.', status: 500 } };
  return { ok: true, body: asPhpWritesIt(body) };
}

/** A WP_Error inside a 200 answer, as `new WP_REST_Response( $wp_error )` writes it: its public `errors` and `error_data`. */
function serializedWpError(error: ProxyError): JsonObject {
  const errors: JsonObject = {};
  setOwn(errors, error.code, [error.message]);
  if (error.status === null) return { errors, error_data: [] };
  const data: JsonObject = {};
  setOwn(data, error.code, { status: error.status });
  return { errors, error_data: data };
}

/** What a survey call sends besides its own fields: the site's credentials and the user's access token. */
async function signedUserCall(storage: SiteInsightsBound, userId: number, credentials: SiteCredentials) {
  const token = await storage.getUserOption(userId, CONNECTION_OPTIONS.accessToken);
  return { siteId: credentials.clientId, siteSecret: credentials.clientSecret, accessToken: typeof token === 'string' ? token : '' };
}

/** The group's handlers, on the bound `siteKitProxy` service. */
export function siteInsightsSurveysNotificationsHandlers({
  proxy,
  now,
}: SurveysNotificationsDeps): Handlers<typeof siteInsightsSurveysNotificationsRoutes, SiteInsightsStorage> {
  const nowSeconds = () => Math.floor(now() / 1000);

  /**
   * A survey call through `Google_Proxy::request`: a site without an OAuth client gets
   * `oauth_credentials_not_exist` without a call; a call that failed, WordPress's HTTP error.
   */
  const surveyCall = async <C extends object>(
    credentials: SiteCredentials,
    call: C & { siteSecret: string; accessToken: string },
    send: (service: SiteKitProxy, call: C, signal: AbortSignal) => Promise<UpstreamAnswer>,
    secrets: readonly string[],
  ): Promise<ProxyRequestOutcome | ProxyFailure> => {
    if (!hasCredentials(credentials)) {
      return { ok: false, error: { code: 'oauth_credentials_not_exist', message: "OAuth credentials haven't been found.", status: 401 } };
    }
    const result = await proxy.call((service, signal) => send(service, call, signal), call);
    return result.ok ? proxyRequest(result.value, secrets) : result.answer;
  };

  return {
    async notifications(_request, context, storage) {
      const credentials = await siteCredentials(storage);
      // A site not on the Site Kit service has no notifications from it.
      if (!usesProxy(credentials)) return [];
      const call = { siteId: credentials.clientId, locale: await userLocale(storage, userIdOf(context)) };
      const result = await proxy.call((service, signal) => service.notifications(call, signal), call);
      if (!result.ok) return result.answer.kind === 'unconfigured' ? [] : httpRequestFailed(result.answer.message);
      const parsed = parsedNotificationAnswer(result.value, [credentials.clientSecret]);
      if (!parsed.ok) return parsed.error;
      // `map_response_to_notifications( array $response )`: anything but a list or object stops Site Kit with a PHP error.
      if (!isPhpArray(parsed.value)) return internal();
      const notifications: JsonObject = {};
      for (const [key, given] of Object.entries(parsed.value)) {
        if (!isPhpArray(given) || Array.isArray(given)) return internal();
        setOwn(notifications, key, notificationForJs(given));
      }
      return asPhpWritesIt(notifications);
    },

    async markNotification(request, _context, storage) {
      const data = request.params.data as unknown;
      const given = isPhpArray(data) && !Array.isArray(data) ? data : {};
      if (isEmpty(given.notificationID)) return missingRequiredParam('data.notificationID');
      if (isEmpty(given.notificationState)) return missingRequiredParam('data.notificationState');
      const credentials = await siteCredentials(storage);
      const call = {
        siteId: credentials.clientId,
        siteSecret: credentials.clientSecret,
        notificationId: given.notificationID as JsonValue,
        notificationState: given.notificationState as JsonValue,
      };
      const result = await proxy.call((service, signal) => service.markNotification(call, signal), call);
      // Without the service there is no notification to mark.
      if (!result.ok) return result.answer.kind === 'unconfigured' ? { success: false } : httpRequestFailed(result.answer.message);
      const parsed = parsedNotificationAnswer(result.value, [credentials.clientSecret]);
      if (!parsed.ok) return parsed.error;
      const answer = parsed.value;
      const flag = isPhpArray(answer) && !Array.isArray(answer) ? answer.success : undefined;
      return { success: flag !== undefined && flag !== null && toBool(flag) };
    },

    async surveyTrigger(request, context, storage) {
      const userId = userIdOf(context);
      const data = request.params.data as Record<string, unknown>;
      const triggerId = data.triggerID as string;
      const credentials = await siteCredentials(storage);
      const call = { ...(await signedUserCall(storage, userId, credentials)), triggerId, language: await userLocale(storage, userId) };
      const outcome = await surveyCall(credentials, call, (service, sent, signal) => service.surveyTrigger(sent, signal), [
        credentials.clientSecret,
        call.accessToken,
      ]);
      // Site Kit answers success whatever the service answered; only a survey it handed out is queued.
      if (!('ok' in outcome) || !outcome.ok) return { success: true };
      const survey = outcome.body;
      if (isSettingsObject(survey) && !isEmpty(survey.survey_id)) await enqueueSurvey(storage, userId, survey);
      if (!isEmpty(data.ttl)) {
        const ttl = toInt(data.ttl);
        if (ttl > 0) await addSurveyTimeout(storage, userId, triggerId, ttl, nowSeconds());
      }
      return { success: true };
    },

    async surveyEvent(request, context, storage) {
      const userId = userIdOf(context);
      const data = request.params.data as Record<string, unknown>;
      const session = data.session as JsonObject;
      const event = data.event as JsonObject;
      const has = (name: string) => Object.hasOwn(event, name) && event[name] !== null;
      if (has('survey_shown')) await setGlobalSurveyTimeout(storage, userId, nowSeconds());
      const credentials = await siteCredentials(storage);
      const call = { ...(await signedUserCall(storage, userId, credentials)), session, event };
      const secrets = [credentials.clientSecret, call.accessToken, typeof session.session_token === 'string' ? session.session_token : ''];
      const outcome = await surveyCall(credentials, call, (service, sent, signal) => service.surveyEvent(sent, signal), secrets);
      if (!('ok' in outcome)) {
        const message = outcome.kind === 'unconfigured' ? 'A valid URL was not provided.' : outcome.message;
        return serializedWpError({ code: 'http_request_failed', message, status: null });
      }
      if (!outcome.ok) return serializedWpError(outcome.error);
      if (has('survey_closed') || has('completion_shown')) {
        const survey = await surveyOfSession(storage, userId, session.session_id);
        if (survey !== null) await dequeueSurvey(storage, userId, survey.survey_id ?? null);
      }
      return outcome.body;
    },

    async surveyTimeouts(_request, context, storage) {
      return runningSurveyTimeouts(storage, userIdOf(context), nowSeconds());
    },

    async survey(_request, context, storage) {
      return { survey: await frontSurvey(storage, userIdOf(context)) };
    },
  };
}
