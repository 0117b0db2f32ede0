// Site Kit's own WP_Errors, with its codes, messages and statuses.
import { restError, type RestError } from '../../core/errors/rest-error.js';

/** A required request parameter left empty: 400 "Request parameter is empty: %s." (`missing_required_param`). */
export const missingRequiredParam = (param: string): RestError =>
  restError('missing_required_param', `Request parameter is empty: ${param}.`, 400);

/** An answer Site Kit could not read (`new WP_Error( 'exception', $e->getMessage() )`): no status, so 500. */
export const exception = (message: string): RestError => restError('exception', message, null);

/** A request WordPress's HTTP API could not make (`http_request_failed`): no status, so 500. */
export const httpRequestFailed = (message: string): RestError => restError('http_request_failed', message, null);
