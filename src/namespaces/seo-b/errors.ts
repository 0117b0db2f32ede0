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
/** `rest_invalid_content_type`: `/bulk_editor/posts` for a type the bulk editor does not edit. */
export const invalidContentType = (): RestError =>
  restError('rest_invalid_content_type', 'The requested content type is not editable.', 400);

/** `rest_invalid_items`: a bulk update's `items` that is no array. */
export const invalidItems = (): RestError => restError('rest_invalid_items', 'The items argument must be an array.', 400);

/** `rest_no_items`: a bulk update without items. */
export const noItems = (): RestError => restError('rest_no_items', 'A batch must contain at least one item.', 400);

/** `rest_too_many_items`: a bulk update of more items than `Batch_Limit::MAX_ITEMS`. */
export const tooManyItems = (max: number): RestError => restError('rest_too_many_items', `A batch may contain at most ${max} items.`, 400);

/** `rest_invalid_item`: a bulk update item that is no object. */
export const invalidItem = (): RestError => restError('rest_invalid_item', 'Each item must be an object.', 400);

/** `rest_invalid_item_id`: a bulk update item without an integer `id`. */
export const invalidItemId = (): RestError => restError('rest_invalid_item_id', 'Each item must contain an integer id.', 400);

/** `rest_no_fields_to_update`: a bulk update item with none of its route's three fields. */
export const noFieldsToUpdate = (title: string, description: string, keyphrase: string): RestError =>
  restError('rest_no_fields_to_update', `Each item must contain at least a ${title}, a ${description} or a ${keyphrase}.`, 400);

/** `rest_invalid_item_field`: a bulk update item's field that is no string. */
export const invalidItemField = (field: string): RestError =>
  restError('rest_invalid_item_field', `The ${field} field must be a string.`, 400);

/** `/file_size`'s failure, a 404 carrying `{type: "failure", response}` (not a WP_Error). */
export const fileSizeFailure = (url: string, reason: 'externally' | 'unknown'): RestResponse =>
  new RestResponse(
    {
      type: 'failure',
      response:
        reason === 'externally'
          ? `Cannot get the size of ${url} because it is hosted externally.`
          : `Cannot get the size of ${url} because of unknown reasons.`,
    },
    404,
  );

/** `/available_posts` for a post type that is not registered: `Invalid_Post_Type_Exception` as `{error}` with its code, 400. */
export const invalidPostType = (): RestResponse => new RestResponse({ error: 'The post type asked is not valid' }, 400);

/** `/introductions/{id}/seen` for an introduction Yoast does not have: an empty list with 400. */
export const unknownIntroduction = (): RestResponse => new RestResponse([], 400);
// Yoast SEO's own error answers, each written once with its code (or body), message and status.

/** `wpseo_set_site_kit_usage_tracking`: `/setup_steps_tracking` without one camelCase param it reads. */
export const noTrackingParams = (): RestError => restError('wpseo_set_site_kit_usage_tracking', 'No valid parameters were passed.', 400);

/** A configuration action's failure: `{success: false, status, error}` with that status (and the fields that failed, where it lists them). */
export const configurationFailure = (status: 400 | 500, error: string, failures?: string[]): RestResponse =>
  new RestResponse({ success: false, status, error, ...(failures ? { failures } : {}) }, status);

/** The message of a configuration write that did not keep its value. */
export const NOT_SAVED = 'Could not save the option in the database';

/** A task-list or tracking exception answered as Yoast's routes catch it: `{success: false, error}` with the exception's code as status. */
export const taskFailure = (error: string, status: number): RestResponse => new RestResponse({ success: false, error }, status);

/** `Task_Not_Found_Exception`: 404. */
export const taskNotFound = (): RestResponse => taskFailure('Task not found', 404);

/** `Invalid_Tracked_Action_Exception`: 400. */
export const invalidTrackedAction = (): RestResponse => taskFailure('The tracked action is invalid', 400);

/** A dashboard widget's exception: `{error}` with the exception's code as status. */
export const widgetFailure = (error: string, status: number): RestResponse => new RestResponse({ error }, status);

/** `Repository_Not_Found_Exception`: a widget Yoast has no repository for, 404. */
export const repositoryNotFound = (): RestResponse => widgetFailure('Repository not found', 404);

/** `Data_Source_Not_Available_Exception`: Site Kit not set up, connected or consented to, 400. */
export const dataSourceNotAvailable = (source: string): RestResponse =>
  widgetFailure(`${source} is not available yet. Not all prerequisites have been met.`, 400);

/** `Unexpected_Response_Exception`: Site Kit's answer was not what Yoast reads, 400. */
export const unexpectedResponse = (): RestResponse =>
  widgetFailure('The response from Google Site Kit did not have an expected format.', 400);
