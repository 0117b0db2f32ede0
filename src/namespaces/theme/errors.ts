// The theme namespace's own error: Genesis has none, so this is the cap site-rest puts on a PUT body.
import { restError, type RestError } from '../../core/errors/rest-error.js';

/** `rest_too_many_settings`: a PUT body naming more settings than any Genesis screen sends. */
export const tooManySettings = (max: number): RestError =>
  restError('rest_too_many_settings', `The request names more than ${max} settings.`, 400);
