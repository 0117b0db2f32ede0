import { randomHex } from '../../core/crypto/random.js';
import type { NamespaceModule } from '../../core/types.js';
import { bindRoutes, withDefaults } from '../define.js';
import { contactFormsHandlers } from './handlers.js';
import { memoryContactFormsStorage } from './memory.js';
import { contactFormsRoutes } from './routes.js';
import { contactFormsStorageGroups, type ContactFormsStorage, type GivenContactFormsStorage } from './storage.js';

export { memoryContactFormsStorage } from './memory.js';
export { contactFormsStorageGroups } from './storage.js';
export type { MemoryContactFormsOptions, MemoryContactFormsStorage } from './memory.js';
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
  /** The host's storage callbacks; the ones left out are the in-memory store's, but the forms' five come all together or not at all. */
  storage?: GivenContactFormsStorage;
  /** What `[_site_admin_email]` stands for in mails and messages (default `wordpress@<site host>`). */
  adminEmail?: string;
  /**
   * Key of the keyed hashes: quiz answers and `posted_data_hash` (WordPress's salts). Default: a
   * random key per module, so give every process serving the same forms the same key.
   */
  hashKey?: string;
}

/** The `contact-forms/v1` namespace (Contact Form 7's REST API): forms, submissions with mail, schemas and quiz refills. */
export function contactForms(options: ContactFormsOptions = {}): NamespaceModule {
  const storage = withDefaults<ContactFormsStorage>(
    () => memoryContactFormsStorage(),
    options.storage,
    contactFormsStorageGroups,
    'contactForms storage',
  );
  const hashKey = options.hashKey ?? randomHex(32);
  return bindRoutes('contact-forms/v1', contactFormsRoutes, contactFormsHandlers({ storage, hashKey, adminEmail: options.adminEmail }));
}
