// Contact forms' one outside service: mail, through the storage's `sendMail` (the host's, or the
// site store's, which counts every mail as sent and drops it).
import { MAIL_LIMITS, recordedMail, type ServiceDeclaration } from '../host-service.js';
import type { BoundStorage } from '../define.js';
import type { ContactFormsStorage } from './storage.js';

/** A false answer: CF7's `mail_failed`. */
const notSent = (): boolean => false;

/**
 * Mail as a declared service: 15 s by default; a `sendMail` that threw, outlasted its time or
 * answered anything but true is a mail not sent, which CF7 answers `mail_failed`. The storage always
 * has one (the site store's counts the mail as sent), so `unconfigured` answers as that one does.
 */
export const mailService: ServiceDeclaration<BoundStorage<ContactFormsStorage>['sendMail'], boolean> = {
  namespace: 'contact-forms',
  service: 'mail',
  option: 'storage.sendMail',
  limits: MAIL_LIMITS,
  failures: { threw: notSent, timeout: notSent, 'too-large': notSent, unconfigured: () => true },
  double: (recorded) => (message) => recordedMail(recorded, 'contact-forms/mail', message),
};
