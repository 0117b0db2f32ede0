// Site Kit's own error answers, each written once with its code, message and status.
import { restError, type RestError } from '../../core/errors/rest-error.js';

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
