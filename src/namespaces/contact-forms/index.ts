import type { MountableNamespace } from '../../core/types.js';
import { bindGroups, routeGroup, withDefaults } from '../define.js';
import { serviceLimits, serviceLimitsOptions, type GivenHostServiceLimits } from '../host-service.js';
import { siteSalt } from '../site-salt.js';
import { contactFormsHandlers } from './handlers.js';
import { contactFormsRoutes } from './routes.js';
import { mailService } from './services.js';
import { contactFormsStorageOn } from './site-store.js';
import { contactFormsStorageGroups, type ContactFormsStorage, type GivenContactFormsStorage } from './storage.js';
import { checkOptions, hostObject, number, text, optionsObject, type OptionsShape } from '../../core/options.js';

export { contactFormsStorageOn, seedContactForms } from './site-store.js';
export { contactFormsStorageGroups } from './storage.js';
export type { ContactFormsStoreOptions } from './site-store.js';
export type {
  ContactFormFields,
  ContactFormRecord,
  ContactFormsStorage,
  FormMessages,
  GivenContactFormsStorage,
  ListFormsQuery,
  ListOrderBy,
  MailMessage,
  MailTemplate,
  PostedValue,
  Submission,
  SubmissionRecord,
  SubmissionStatus,
} from './storage.js';

/** Options of {@link contactForms}. */
export interface ContactFormsOptions {
  /** The host's storage callbacks; the ones left out are the site store's, but the forms' five come all together or not at all. */
  storage?: GivenContactFormsStorage;
  /** How many submissions the site store's log keeps, the oldest dropped first (default 100; 0 keeps none). */
  maxSubmissions?: number;
  /** What `[_site_admin_email]` stands for in mails and messages (default `wordpress@<site host>`). */
  adminEmail?: string;
  /**
   * Key of the keyed hashes: quiz answers and `posted_data_hash` (WordPress's salts). Default: the
   * site store's `nonce_salt` option, made at random on first use, so every process sharing the store agrees.
   */
  hashKey?: string;
  /** How long `sendMail` may take before the mail counts as failed (default 15 s). */
  mailLimits?: Pick<GivenHostServiceLimits, 'timeoutMs'>;
}

/** The checks of {@link ContactFormsOptions}. */
export const contactFormsOptions = optionsObject({
  storage: hostObject('the contact forms storage callbacks').optional(),
  maxSubmissions: number.optional(),
  adminEmail: text.optional(),
  hashKey: text.optional(),
  mailLimits: serviceLimitsOptions.pick({ timeoutMs: true }).optional(),
} satisfies OptionsShape<ContactFormsOptions>);

/**
 * The `contact-forms/v1` namespace (Contact Form 7's REST API): forms, submissions with mail,
 * schemas and quiz refills. Forms and submissions live in the server's site store unless the host
 * gives their callbacks; `seedContactForms(store)` adds CF7's sample form.
 */
export function contactForms(options: ContactFormsOptions = {}): MountableNamespace {
  checkOptions(contactFormsOptions, options, 'contactForms');
  const given = options.hashKey;
  const mailLimits = serviceLimits('contactForms mailLimits', options.mailLimits, mailService.limits);
  return ({ store, reportService }) => {
    const hashKey = given === undefined ? siteSalt(store, 'nonce') : () => Promise.resolve(given);
    const storage = withDefaults<ContactFormsStorage>(
      () => contactFormsStorageOn(store, { maxSubmissions: options.maxSubmissions }),
      options.storage,
      contactFormsStorageGroups,
      'contactForms storage',
    );
    const handlers = contactFormsHandlers({ hashKey, adminEmail: options.adminEmail, mailLimits, reportService });
    return bindGroups('contact-forms/v1', [routeGroup(contactFormsRoutes, handlers)], { storage });
  };
}
