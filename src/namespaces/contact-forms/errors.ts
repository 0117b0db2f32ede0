// Contact Form 7's own error codes, each written once with CF7's message and status.
import { restError, type RestError } from '../../core/errors/rest-error.js';

/** `wpcf7_not_found`: no contact form has the route's id. */
export const notFound = (): RestError => restError('wpcf7_not_found', 'The requested contact form was not found.', 404);

/** `wpcf7_post_exists`: a create request that names an id. */
export const postExists = (): RestError => restError('wpcf7_post_exists', 'Cannot create existing contact form.', 400);

/** `wpcf7_cannot_delete`: the storage did not delete the form. */
export const cannotDelete = (): RestError => restError('wpcf7_cannot_delete', 'There was an error deleting the contact form.', 500);

/** `wpcf7_unsupported_media_type`: a submission that is not `multipart/form-data`. */
export const unsupportedMediaType = (): RestError =>
  restError('wpcf7_unsupported_media_type', 'The request payload format is not supported.', 415);

/** `wpcf7_unit_tag_not_found`: a submission without a usable `_wpcf7_unit_tag`. */
export const unitTagNotFound = (): RestError => restError('wpcf7_unit_tag_not_found', 'There is no valid unit tag.', 400);

/**
 * `rest_invalid_type` for a form setting or one of its members (`mail[body]`): the message names
 * the member, `data.param` the setting it belongs to, as the 400 of a save lists it by setting.
 */
export const notOfType = (path: string, type: string, param: string): RestError =>
  restError('rest_invalid_type', `${path} is not of type ${type}.`, null, { param });
