// Site Kit's own error answers (`WP_Error`s its controllers return), each written once with its
// code, message and status.
import { restError, type RestError } from '../../core/errors/rest-error.js';

/** `missing_required_param` "Request parameter is empty: %s.": a required `data` member missing or empty (400). */
export const missingRequiredParam = (name: string): RestError =>
  restError('missing_required_param', `Request parameter is empty: ${name}.`, 400);

/** `missing_required_param` with "Request parameter is invalid: %s.": Site Kit's code for a member present but unusable (400). */
export const invalidRequestParam = (name: string): RestError =>
  restError('missing_required_param', `Request parameter is invalid: ${name}.`, 400);

/** `rest_invalid_param` "Invalid parameter: %s." (`Invalid_Param_Exception::to_wp_error`, 400). */
export const invalidParam = (name: string): RestError => restError('rest_invalid_param', `Invalid parameter: ${name}.`, 400);
