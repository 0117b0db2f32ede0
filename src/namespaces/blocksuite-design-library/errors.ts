// The design library's error answers, each written once as Kadence Blocks 3.5 words it. None of
// them carries a request param or the license: a library key or license key would be echoed.
import { restError, type RestError } from '../../core/errors/rest-error.js';

/**
 * `rest_invalid_handler`: `/reset` is registered with the callback `reset_items`, which the
 * plugin's controller never defines, so WordPress's `dispatch()` answers this 500 for every call,
 * before validating its params and before the permission check.
 */
export const invalidHandler = (): RestError => restError('rest_invalid_handler', 'The handler for the route is invalid.', 500);

/** `error` 400: the pattern cloud answered `get_library` with a status of 400 or more. */
export const libraryResponseCode = (status: number): RestError => restError('error', `Response Code Error: ${status}`, 400);

/**
 * `http_request_failed` without a status (so 500, `data: null`): `get_library` returns the
 * `WP_Error` of `wp_safe_remote_get` as it is when the pattern cloud cannot be reached.
 */
export const libraryUnreachable = (message: string): RestError => restError('http_request_failed', message, null);

/** `invalid_access` 401: the pattern cloud refused the library key asked for one pattern's content. */
export const invalidAccess = (): RestError => restError('invalid_access', 'Invalid Request, Incorrect Access Key', 401);
