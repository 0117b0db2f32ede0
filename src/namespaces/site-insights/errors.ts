// Site Kit's own error answers, each written once with its code, message and status.
import { restError, type RestError } from '../../core/errors/rest-error.js';

/**
 * `invalid_module_slug` with WordPress's `activate_plugin()` message: the WP Consent API plugin is
 * not installed (no site-rest host has plugins). A WP_Error without a status, so 500.
 */
export const consentApiNotInstalled = (): RestError => restError('invalid_module_slug', 'Plugin file does not exist.', null);
