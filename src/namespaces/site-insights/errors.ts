// Site Kit's own error answers, each written once with its code, message and status.
import { restError, type RestError } from '../../core/errors/rest-error.js';

/**
 * `invalid_module_slug` with WordPress's `activate_plugin()` message: the WP Consent API plugin is
 * not installed (no site-rest host has plugins). A WP_Error without a status, so 500.
 */
export const consentApiNotInstalled = (): RestError => restError('invalid_module_slug', 'Plugin file does not exist.', null);

// ---- modules (`REST_Modules_Controller`, `REST_Dashboard_Sharing_Controller`) ---------------

/** `invalid_module_slug` as activation and info answer it: `Modules::get_module`'s message, a WP_Error without a status, so 500. */
export const unknownModule = (slug: string): RestError => restError('invalid_module_slug', `Invalid module slug ${slug}.`, null);

/** `invalid_module_slug` as check-access answers it: 404 with its own message. */
export const invalidModuleSlug = (): RestError => restError('invalid_module_slug', 'Invalid module slug.', 404);

/** `invalid_module_slug` as recover-modules reports it for one slug: `get_module`'s message, 404. */
export const unknownModuleNotFound = (slug: string): RestError => restError('invalid_module_slug', `Invalid module slug ${slug}.`, 404);

/** `inactive_dependencies`: activating a module one of whose dependencies is inactive. */
export const inactiveDependency = (name: string): RestError =>
  restError('inactive_dependencies', `Module cannot be activated because of inactive dependency ${name}.`, 500);

/** `cannot_deactivate_dependant`: a dependant that would not deactivate (force-active). */
export const cannotDeactivateDependant = (name: string): RestError =>
  restError('cannot_deactivate_dependant', `Module cannot be deactivated because deactivation of dependant ${name} failed.`, 500);

/** `cannot_deactivate_module`: a force-active module the active list names. */
export const cannotDeactivateModule = (): RestError =>
  restError('cannot_deactivate_module', 'An internal error occurred while trying to deactivate the module.', 500);

/** `module_not_connected`: check-access on a module whose settings do not connect it. */
export const moduleNotConnected = (): RestError => restError('module_not_connected', 'Module is not connected.', 500);

/** `invalid_module`: check-access on a module with no service entity that cannot be shared. */
export const accessUncheckable = (): RestError => restError('invalid_module', 'Module access cannot be checked.', 500);

/** `invalid_param`: recover-modules without a non-empty `data.slugs` list. */
export const invalidSlugs = (): RestError => restError('invalid_param', 'Request parameter slugs is not valid.', 400);

/** `module_not_shareable`: recovering a module that cannot be shared. */
export const moduleNotShareable = (): RestError => restError('module_not_shareable', 'Module is not shareable.', 404);

/** `module_not_recoverable`: recovering a module whose owner can still use it. */
export const moduleNotRecoverable = (): RestError => restError('module_not_recoverable', 'Module is not recoverable.', 403);

/** `module_not_accessible`: recovering a module the caller's Google account cannot reach. */
export const moduleNotAccessible = (): RestError => restError('module_not_accessible', 'Module is not accessible by current user.', 403);

// ---- Google's APIs ---------------------------------------------------------------------------

/** `google_api_unavailable`: no way to reach Google's APIs (the host gave no callback). */
export const googleApiUnavailable = (): RestError => restError('google_api_unavailable', 'Google APIs are not available.', 503);

/**
 * A Google API call that failed without Google's answer (a network error, a time-out, an answer
 * too large), as Site Kit's `exception_to_error` words one: code `unknown`, 500, no reason. The
 * message is fixed, never what the host threw.
 */
export const googleRequestFailed = (message: string): RestError => restError('unknown', message, 500, { reason: '' });

/**
 * An error Google answered (`Google_Service_Exception`), as `exception_to_error` words it: the
 * HTTP status as code and status, Google's first error's message and reason.
 */
export const googleApiError = (status: number, message: string, reason: string): RestError =>
  restError(String(status), message, status, { reason });

/** A required request parameter left empty: 400 "Request parameter is empty: %s." (`missing_required_param`). */
export const missingRequiredParam = (param: string): RestError =>
  restError('missing_required_param', `Request parameter is empty: ${param}.`, 400);

/** An answer Site Kit could not read (`new WP_Error( 'exception', $e->getMessage() )`): no status, so 500. */
export const exception = (message: string): RestError => restError('exception', message, null);

/** A request WordPress's HTTP API could not make (`http_request_failed`): no status, so 500. */
export const httpRequestFailed = (message: string): RestError => restError('http_request_failed', message, null);

/** `missing_required_param` with "Request parameter is invalid: %s.": Site Kit's code for a member present but unusable (400). */
export const invalidRequestParam = (name: string): RestError =>
  restError('missing_required_param', `Request parameter is invalid: ${name}.`, 400);

/** `rest_invalid_param` "Invalid parameter: %s." (`Invalid_Param_Exception::to_wp_error`, 400). */
export const invalidParam = (name: string): RestError => restError('rest_invalid_param', `Invalid parameter: ${name}.`, 400);
/** `rest_invalid_param` of `core/user/data/key-metrics`: an empty `widgetSlugs` (`REST_Key_Metrics_Controller`). */
export const selectedMetricsEmpty = (): RestError => restError('rest_invalid_param', 'Selected metrics cannot be empty.', 400);
/** An invitation's refusal (`REST_Email_Reporting_Controller::invite_error`): its status and `success: false`. */
const inviteError = (code: string, message: string, status: number): RestError => restError(code, message, status, { success: false });

/** `email_reporting_invalid_user_id`: no such user. */
export const invalidUserId = (): RestError => inviteError('email_reporting_invalid_user_id', 'Invalid user ID.', 400);

/** `email_reporting_user_already_subscribed`. */
export const alreadySubscribed = (): RestError =>
  inviteError('email_reporting_user_already_subscribed', 'The user is already subscribed to email reports.', 400);

/** `email_reporting_ineligible_user`: neither a signed-in administrator nor in a role Analytics or Search Console is shared with. */
export const ineligibleUser = (): RestError =>
  inviteError('email_reporting_ineligible_user', 'The provided user is not eligible for invitation.', 400);

/** `email_reporting_invite_rate_limited`: an invitation went to the user within the last day. */
export const inviteRateLimited = (): RestError =>
  inviteError('email_reporting_invite_rate_limited', 'An invitation has already been sent to this user recently.', 429);

/** `wp_mail_failed` (`Email::set_last_error`): the invitation did not go out, whatever the mailer did. */
export const inviteMailFailed = (): RestError => inviteError('wp_mail_failed', 'Failed to send email.', 500);

/** `db_insert_error` (`wp_insert_post( …, true )`): the subscription confirmation's log was not filed; no status, so 500. */
export const confirmationNotFiled = (): RestError => restError('db_insert_error', 'Could not insert post into the database.', null);
