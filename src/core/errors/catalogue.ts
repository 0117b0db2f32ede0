// The engine's errors, each written once with WordPress's code, message and status. A
// namespace's own codes live beside its route table (`src/namespaces/<name>/errors.ts`).
import type { DeniedError, RestUser } from '../types.js';
import { restError, type RestError } from './rest-error.js';

/** WordPress's message for an error it will not describe (`wp_die` on a fatal error). */
const INTERNAL_ERROR_MESSAGE = 'There has been a critical error on this website.';

/** `rest_no_route`: no route serves the path and method. */
export const noRoute = (): RestError => restError('rest_no_route', 'No route was found matching the URL and request method.', 404);

/** `rest_invalid_namespace`: `GET /{namespace}` for a namespace nobody registered. */
export const invalidNamespace = (): RestError => restError('rest_invalid_namespace', 'The specified namespace could not be found.', 404);

/** The generic 500 that says nothing of what failed. */
export const internal = (): RestError => restError('internal_server_error', INTERNAL_ERROR_MESSAGE, 500);

// Node's reason phrases (as http-errors words its default messages), each with a WordPress-style code.
const STATUS_ERRORS: Readonly<Record<number, readonly [code: string, text: string]>> = {
  400: ['rest_bad_request', 'Bad Request'],
  401: ['rest_unauthorized', 'Unauthorized'],
  402: ['rest_payment_required', 'Payment Required'],
  403: ['rest_forbidden', 'Forbidden'],
  404: ['rest_not_found', 'Not Found'],
  405: ['rest_method_not_allowed', 'Method Not Allowed'],
  406: ['rest_not_acceptable', 'Not Acceptable'],
  407: ['rest_proxy_authentication_required', 'Proxy Authentication Required'],
  408: ['rest_request_timeout', 'Request Timeout'],
  409: ['rest_conflict', 'Conflict'],
  410: ['rest_gone', 'Gone'],
  411: ['rest_length_required', 'Length Required'],
  412: ['rest_precondition_failed', 'Precondition Failed'],
  413: ['rest_request_too_large', 'Payload Too Large'],
  414: ['rest_uri_too_long', 'URI Too Long'],
  415: ['rest_unsupported_media_type', 'Unsupported Media Type'],
  416: ['rest_range_not_satisfiable', 'Range Not Satisfiable'],
  417: ['rest_expectation_failed', 'Expectation Failed'],
  418: ['rest_im_a_teapot', "I'm a Teapot"],
  421: ['rest_misdirected_request', 'Misdirected Request'],
  422: ['rest_unprocessable_entity', 'Unprocessable Entity'],
  423: ['rest_locked', 'Locked'],
  424: ['rest_failed_dependency', 'Failed Dependency'],
  425: ['rest_too_early', 'Too Early'],
  426: ['rest_upgrade_required', 'Upgrade Required'],
  428: ['rest_precondition_required', 'Precondition Required'],
  429: ['rest_too_many_requests', 'Too Many Requests'],
  431: ['rest_request_headers_too_large', 'Request Header Fields Too Large'],
  451: ['rest_unavailable_for_legal_reasons', 'Unavailable For Legal Reasons'],
  501: ['rest_not_implemented', 'Not Implemented'],
  502: ['rest_bad_gateway', 'Bad Gateway'],
  503: ['rest_service_unavailable', 'Service Unavailable'],
  504: ['rest_gateway_timeout', 'Gateway Timeout'],
  507: ['rest_insufficient_storage', 'Insufficient Storage'],
};

/**
 * The error for a status a handler, check, hook or storage callback threw (an http-errors error,
 * or any `Error` with a `status`): the status's code (`rest_not_found`, `rest_conflict`,
 * `rest_client_error` for a 4xx without a name). It shows `message` when given, else the reason
 * phrase (a 4xx) or the generic 500's text (a 5xx); 500 or a 5xx without a name is the generic 500.
 */
export function statusError(status: number, message?: string): RestError {
  const named = STATUS_ERRORS[status];
  if (status >= 500) return named ? restError(named[0], message ?? INTERNAL_ERROR_MESSAGE, status) : internal();
  const [code, text] = named ?? ['rest_client_error', 'Client Error'];
  return restError(code, message ?? text, status);
}

/**
 * A denial: the endpoint's own code and message or WordPress's generic `rest_forbidden`, 401
 * for anonymous users and 403 for signed-in ones (`rest_authorization_required_code`).
 */
export function forbidden(user: RestUser | null, denied?: DeniedError): RestError {
  const status = user ? 403 : 401;
  return denied
    ? restError(denied.code, denied.message, status)
    : restError('rest_forbidden', 'Sorry, you are not allowed to do that.', status);
}

/** `rest_invalid_param`: each invalid param's message under `params`, its error under `details`. */
export function invalidParams(params: Record<string, string>, details: Record<string, unknown> | []): RestError {
  return restError('rest_invalid_param', `Invalid parameter(s): ${Object.keys(params).join(', ')}`, 400, { params, details });
}

/** `rest_missing_callback_param`: required params the request left out. */
export function missingParams(missing: string[]): RestError {
  return restError('rest_missing_callback_param', `Missing parameter(s): ${missing.join(', ')}`, 400, { params: missing });
}

/** `rest_callback_disabled`: `_jsonp` on a server whose `jsonp` option is off. */
export const jsonpDisabled = (): RestError => restError('rest_callback_disabled', 'JSONP support is disabled on this site.', 400);

/** `rest_callback_invalid`: a `_jsonp` callback that is not word characters and dots. */
export const jsonpCallbackInvalid = (): RestError => restError('rest_callback_invalid', 'Invalid JSONP callback function.', 400);

/** `rest_invalid_params`: an endpoint's own whole-request check said no. */
export const invalidRequest = (): RestError => restError('rest_invalid_params', 'Invalid parameters.', 400);

/** `rest_invalid_json` with PHP's `json_last_error` code and message. */
export function invalidJson(code: number, message: string): RestError {
  return restError('rest_invalid_json', 'Invalid JSON body passed.', 400, { json_error_code: code, json_error_message: message });
}

/** `rest_request_too_large`: a body over the adapter's limit (the connection is closed after it). */
export const bodyTooLarge = (limit: number): RestError =>
  restError('rest_request_too_large', `The request body is larger than this server accepts (${limit} bytes).`, 413);

/** Errors for requests Node's HTTP parser gave up on, by its error code. */
export function malformedRequest(parserCode: string | undefined): RestError {
  switch (parserCode) {
    case 'HPE_HEADER_OVERFLOW':
      return restError('rest_request_headers_too_large', 'The request headers are larger than this server accepts.', 431);
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return restError('rest_request_too_large', 'The request is larger than this server accepts.', 413);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return restError('rest_request_timeout', 'The request did not arrive in time.', 408);
    case 'HPE_INVALID_EOF_STATE':
      return bodyIncomplete();
    default:
      return restError('rest_bad_request', 'The request is malformed.', 400);
  }
}

/** `rest_request_incomplete`: the client hung up before its body was complete. */
const bodyIncomplete = (): RestError => restError('rest_request_incomplete', 'The request ended before its body was complete.', 400);

/** `rest_batch_path_too_long`: a batch item's path over the cap. */
export const batchPathTooLong = (max: number): RestError =>
  restError('rest_batch_path_too_long', `The request path is longer than ${max} characters.`, 400);

/** `parse_path_failed`: a batch item's path that is not a URL path. */
export const batchPathUnparsable = (): RestError => restError('parse_path_failed', 'Could not parse the path.', 400);

/** `rest_batch_not_allowed`: a batch item for a route that does not allow batching. */
export const batchNotAllowed = (): RestError =>
  restError('rest_batch_not_allowed', 'The requested route does not support batch requests.', 400);

/** `rest_cookie_invalid_nonce`: a cookie session without a valid `X-WP-Nonce`. */
export const cookieNonceInvalid = (): RestError => restError('rest_cookie_invalid_nonce', 'Cookie check failed', 403);

/** `invalid_email` / `invalid_username`: Basic credentials for a user that does not exist. */
export function unknownUser(byEmail: boolean): RestError {
  return byEmail
    ? restError('invalid_email', '<strong>Error:</strong> Unknown email address. Check again or try your username.', 401)
    : restError('invalid_username', '<strong>Error:</strong> Unknown username. Check again or try your email address.', 401);
}

/** `incorrect_password`: an application password that does not match. */
export const wrongPassword = (): RestError =>
  restError('incorrect_password', 'The provided password is an invalid application password.', 401);

/**
 * `too_many_retries`: Limit Login Attempts Reloaded's lockout, in its words (`error_msg`): the
 * time left in minutes, rounded up, or in hours once over 60 minutes.
 */
export function tooManyRetries(seconds: number): RestError {
  const minutes = Math.ceil(seconds / 60);
  const hours = Math.ceil(minutes / 60);
  const when = minutes > 60 ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return restError('too_many_retries', `<strong>ERROR</strong>: Too many failed login attempts. Please try again in ${when}.`, 429);
}

/** `rest_authentication_busy`: the password-hash queue is full. */
export const authenticationBusy = (): RestError =>
  restError('rest_authentication_busy', 'Too many sign-in attempts are being checked right now. Please try again in a moment.', 503);

/** `rest_embed_limit`: an embeddable link past the most one answer embeds (site-rest's cap; WordPress has none). */
export const embedLimit = (max: number): RestError =>
  restError('rest_embed_limit', `Only the first ${max} linked resources of an answer are embedded.`, 400, { limit: max });

/**
 * `rest_service_unavailable` for a request the site cannot serve yet (it is starting) or any more
 * (its start failed): WordPress's own words while it cannot serve (`wp_maintenance`), answered 503.
 */
export const siteUnavailable = (): RestError =>
  restError('rest_service_unavailable', 'Briefly unavailable for scheduled maintenance. Check back in a minute.', 503);
