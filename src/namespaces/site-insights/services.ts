// Site Kit's mail (`Core\Email\Email`), for e-mail reporting's invitations.
import type { RestError } from '../../core/errors/rest-error.js';
import type { SendMail } from '../../core/mail/message.js';
import { MAIL_LIMITS, recordedMail, type ServiceDeclaration } from '../host-service.js';
import { inviteMailFailed } from './errors.js';

/**
 * Mail as a declared service: 15 s by default; a `sendMail` that threw, outlasted its time,
 * answered anything but true, or is missing is Site Kit's 500 `wp_mail_failed` "Failed to send
 * email.", as `wp_mail()` answering false.
 */
export const mailService: ServiceDeclaration<SendMail, RestError> = {
  namespace: 'site-insights',
  service: 'mail',
  option: 'sendMail',
  limits: MAIL_LIMITS,
  failures: { threw: inviteMailFailed, timeout: inviteMailFailed, 'too-large': inviteMailFailed, unconfigured: inviteMailFailed },
  double: (recorded) => (mail) => recordedMail(recorded, 'site-insights/mail', mail),
};
