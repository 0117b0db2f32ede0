// SEOPress's own error answers, each written once with its code, message and status.
import { restError, type RestError } from '../../core/errors/rest-error.js';
import { RestResponse } from '../../core/http/response.js';

/** `missing_parameters`: `posts/by-url` without a URL; a WP_Error without a status, so 500. */
export const needAnUrl = (): RestError => restError('missing_parameters', 'Need an URL', 500);

/** `not_found`: `posts/by-url` with a URL no post has; a WP_Error without a status, so 500. */
export const urlNotFound = (): RestError => restError('not_found', 'ID for URL not found', 500);

/**
 * SEOPress's own refusal body, `{code: "error", code_message}` (not a WP_Error): 403
 * `missed_parameters` / `execution_failed` from the field writes, 401 `missing_parameters` from the preview.
 */
export const codeError = (codeMessage: 'missed_parameters' | 'execution_failed' | 'missing_parameters', status: 401 | 403): RestResponse =>
  new RestResponse({ code: 'error', code_message: codeMessage }, status);

/** `{code: "success"}`: every field write that went through. */
export const codeSuccess = (): RestResponse => new RestResponse({ code: 'success' });
