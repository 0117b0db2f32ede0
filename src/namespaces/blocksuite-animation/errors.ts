// The Lottie routes' own answers, as Kadence Blocks gives them: WP_Errors (one of them with status
// 200, which its uploader reads as a failed upload) and `{error, message}` objects with status 200.
import { restError, type RestError } from '../../core/errors/rest-error.js';

/** GET of an id that is no published `kadence_lottie` post. */
export const animationNotFound = (): RestError => restError('not_found', 'Lottie animation not found', 404);

/** GET of an animation whose stored content does not decode (or decodes to null). */
export const storedJsonInvalid = (): RestError => restError('invalid_json', 'Lottie animation file contains invalid json', 404);

/** POST without a non-empty `lottieFile` object or list: a WP_Error Kadence gives status 200. */
export const uploadJsonInvalid = (): RestError => restError('invalid_json', 'Lottie animation contains invalid JSON', 200);

/** Kadence's failure object, answered with status 200. */
interface AnimationFailure {
  /** Always true. */
  error: true;
  /** What to tell the user. */
  message: string;
}

/** POST with a title that trims to nothing (or to `'0'`, which PHP's `empty` takes for nothing). */
export const titleMissing = (): AnimationFailure => ({ error: true, message: 'Please enter an animation title' });

/** POST whose post the store refused to write, as `wp_insert_post`'s `db_insert_error` reads. */
export const insertFailed = (): AnimationFailure => ({ error: true, message: 'Could not insert post into the database.' });
