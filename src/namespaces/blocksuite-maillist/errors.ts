// Kadence's MailerLite proxy has no error codes: every failure is a bare string answered with
// status 200, which the form block's editor shows as "no groups". Each is written once here.

/** What the proxy answers, with status 200, when it has no data: no key, a refused key, no answer, or no JSON. */
export type MailerLiteFailure = 'Error' | 'Unauthorized' | 'Forbidden' | 'No Content';

/** `"Error"`: no `apikey`, MailerLite unreachable, or an upstream status other than 200, 401 and 403. */
export const mailerLiteError = (): MailerLiteFailure => 'Error';

/** `"Unauthorized"`: MailerLite answered 401 (a wrong or revoked key). */
export const mailerLiteUnauthorized = (): MailerLiteFailure => 'Unauthorized';

/** `"Forbidden"`: MailerLite answered 403 (a key without access to the endpoint). */
export const mailerLiteForbidden = (): MailerLiteFailure => 'Forbidden';

/** `"No Content"`: MailerLite answered 200 with a body that is no JSON object or list. */
export const mailerLiteNoContent = (): MailerLiteFailure => 'No Content';
