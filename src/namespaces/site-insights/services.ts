// The outside services of site-insights/v1. `google`: Google's APIs as Site Kit's modules reach
// them (`Module::get_data()` / `set_data()`), for `modules/{slug}/data/{datapoint}`. The host's
// callback answers a module's datapoint with the JSON Site Kit's route answers, or Google's error.
import { restError, type RestError } from '../../core/errors/rest-error.js';
import { RestResponse } from '../../core/http/response.js';
import type { JsonValue } from '../../store/types.js';
import type { HostServiceLimits, ServiceDeclaration } from '../host-service.js';
import { recordedAnswer, type JsonObject } from '../recorded-double.js';

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
export type GoogleApiFailure = RestError | RestResponse;

/** The budget of a datapoint call: a Google API round trip, and a report of many rows. */
const GOOGLE_API_LIMITS: HostServiceLimits = { timeoutMs: 30_000, maxBytes: 4 * 1024 * 1024 };

/**
 * Site Kit's answer to a Google API transport failure (`exception_to_error` of an exception with
 * no code): 500, the code `unknown`, the message of WordPress's HTTP transport for that case.
 */
const transportFailure =
  (message: string): (() => GoogleApiFailure) =>
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
export const googleApiService: ServiceDeclaration<SiteKitGoogleApi, GoogleApiFailure> = {
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
