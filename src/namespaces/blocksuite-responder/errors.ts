// Kadence's GetResponse proxy's own errors: WP_Errors made without a status, which WordPress
// answers with 500 and `data: null`.
import { restError, type RestError } from '../../core/errors/rest-error.js';

/** `getresponse_error`: GetResponse unreachable, failing, or answering a status other than 200. */
export const getResponseFetchError = (): RestError => restError('getresponse_error', 'Error fetching data from GetResponse', null);

/** `getresponse_error`: GetResponse answered 200 with a body that is no JSON object or list. */
export const getResponseEmptyData = (): RestError => restError('getresponse_error', 'Empty data from GetResponse', null);
