// Yoast SEO's own error answers, each written once with its code, message and status.
import { restError, type RestError } from '../../core/errors/rest-error.js';
import { RestResponse } from '../../core/http/response.js';

/**
 * What `getTraceAsString()` gives for an exception thrown at the top level: the shape of Yoast's
 * `stackTrace` data kept, without a trace of this server's code.
 */
const NO_TRACE = { stackTrace: '#0 {main}' };

/** `wpseo_error_indexing`: an indexing, link-counting or import batch that threw; a WP_Error without a status, so 500. */
export const indexingFailed = (message: string): RestError => restError('wpseo_error_indexing', message, null, NO_TRACE);

/** `wpseo_error_validation`: the AIOSEO data failed Yoast's validation (`Aioseo_Validation_Exception`); no status, so 500. */
export const aioseoValidationFailed = (): RestError =>
  restError('wpseo_error_validation', 'The validation of the AIOSEO data structure has failed.', null, NO_TRACE);

/** `rest_no_route` with the importing route's own message: an importer unknown or not enabled. */
export const importerNotFound = (): RestError => restError('rest_no_route', 'Requested importer not found', 404);

/** The score routes' refusals: a plain `{error}` body with 400 (an Exception's message and code), not a WP_Error. */
export const scoresError = (
  message:
    'Invalid content type.' | 'Invalid taxonomy.' | 'Term needs a provided taxonomy.' | 'Taxonomy needs a provided term.' | 'Invalid term.',
): RestResponse => new RestResponse({ error: message }, 400);
