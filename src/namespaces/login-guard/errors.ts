// The namespace's refusals. LLAR's own are WP_REST_Responses `{success: false, message}` with a
// status, not WP_Errors; the send limit is ours, so it is WordPress-shaped.
import { restError, type RestError } from '../../core/errors/rest-error.js';
import { respond, type RestResponse } from '../../core/http/response.js';

/** LLAR's answer body: whether it went well, and why not. */
interface SendCodeAnswer {
  /** Whether the code was sent (or there was no one to send it to). */
  success: boolean;
  /** Why not, on a failure. */
  message?: string;
}

/** 200 `{success: true}`: sent, or the session's user is gone (LLAR tells no one which). */
export const sent = (): RestResponse<SendCodeAnswer> => respond({ success: true });

/** 403 "Forbidden": an empty token or secret, a secret that does not match, or no session. */
export const forbidden = (): RestResponse<SendCodeAnswer> => respond({ success: false, message: 'Forbidden' }, 403);

/** 500 "Provider not available": the session names a provider other than LLAR's e-mail one. */
export const providerNotAvailable = (): RestResponse<SendCodeAnswer> => respond({ success: false, message: 'Provider not available' }, 500);

/** 500 "Failed to send email": `wp_mail()` said no (here: no `sendMail`, or it said false, threw or timed out). */
export const mailFailed = (): RestResponse<SendCodeAnswer> => respond({ success: false, message: 'Failed to send email' }, 500);

/** `llar_mfa_too_many_sends`: the token has had its sends; a new login opens a new session. */
export const tooManySends = (): RestError =>
  restError('llar_mfa_too_many_sends', 'Too many verification codes were sent for this login. Please log in again.', 429);
