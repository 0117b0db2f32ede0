// Login guard's one outside service: the mail that carries a login's one-time code.
import type { RestResponse } from '../../core/http/response.js';
import type { SendMail } from '../../core/mail/message.js';
import { MAIL_LIMITS, recordedMail, type ServiceDeclaration } from '../host-service.js';
import { mailFailed } from './errors.js';

/**
 * Mail as a declared service: 15 s by default; a `sendMail` that threw, outlasted its time,
 * answered anything but true, or is missing is LLAR's 500 "Failed to send email", as `wp_mail()`
 * answering false.
 */
export const mailService: ServiceDeclaration<SendMail, RestResponse> = {
  namespace: 'login-guard',
  service: 'mail',
  option: 'sendMail',
  limits: MAIL_LIMITS,
  failures: { threw: mailFailed, timeout: mailFailed, 'too-large': mailFailed, unconfigured: mailFailed },
  double: (recorded) => (mail) => recordedMail(recorded, 'login-guard/mail', mail),
};
