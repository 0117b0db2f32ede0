// Yoast SEO's own error answers, each written once with its code (or body), message and status.
import { restError, type RestError } from '../../core/errors/rest-error.js';
import { RestResponse } from '../../core/http/response.js';

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
