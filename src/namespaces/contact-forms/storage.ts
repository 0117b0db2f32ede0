import type { OutgoingMail } from '../../core/mail/message.js';
import type { StorageContext, StorageGroups } from '../define.js';

/** A mail template as Contact Form 7 stores it (`_mail`, `_mail_2`); its texts may hold mail-tags such as `[your-name]`. */
export interface MailTemplate {
  /** Whether the template is sent; CF7 always sends `mail` and sends `mail_2` only when active. */
  active: boolean;
  /** Subject line. */
  subject: string;
  /** `From:` address, e.g. `[_site_title] <wordpress@example.com>`. */
  sender: string;
  /** `To:` address or addresses. */
  recipient: string;
  /** Message body. */
  body: string;
  /** Extra header lines, one per line (`Reply-To: [your-email]`). */
  additional_headers: string;
  /** Attachment paths or file fields, one per line. */
  attachments: string;
  /** Send the body as HTML (submitted values are escaped). */
  use_html: boolean;
  /** Leave out body lines whose mail-tags all came out empty. */
  exclude_blank: boolean;
}

/** A form's messages by key (`mail_sent_ok`, `invalid_required`, …), as CF7's `_messages`. */
export type FormMessages = Record<string, string>;

/** What a contact form is made of: everything but the identity the store gives it. */
export interface ContactFormFields {
  /** Title (CF7 uses "Untitled" for an empty one). */
  title: string;
  /** Locale such as `en_US`. */
  locale: string;
  /** The form template with its form-tags (`[text* your-name]`). */
  form: string;
  /** The main mail template. */
  mail: MailTemplate;
  /** The second mail template (an autoresponder, say). */
  mail_2: MailTemplate;
  /** Messages shown after a submission. */
  messages: FormMessages;
  /** Additional settings, one `name: value` per line (`demo_mode: on`). */
  additional_settings: string;
}

/** A stored contact form. */
export interface ContactFormRecord extends ContactFormFields {
  /** Numeric id (a post id in WordPress). */
  id: number;
  /** Random hash; its first 7 characters identify the form in shortcodes and listings. */
  hash: string;
  /** Slug, fixed when the form is created. */
  slug: string;
}

/** The order a listing can take, as WP_Query's `orderby` of the same names. */
export type ListOrderBy = 'id' | 'title' | 'slug' | 'date' | 'modified';

/** A listing request, already read from the query string as WP_Query would read it. */
export interface ListFormsQuery {
  /** Most forms to return; null for all. */
  perPage: number | null;
  /** Forms to skip first (only applies when `perPage` is set, as in WP_Query). */
  offset: number;
  /** Sort direction. */
  order: 'ASC' | 'DESC';
  /** Sort key. */
  orderby: ListOrderBy;
  /** Words that must all appear in the title or the form's content; null for no search. */
  search: string | null;
}

/** A submitted value: one string, or several for checkboxes and multiple selects. */
export type PostedValue = string | string[];

/** A submission on its way to the spam check or the log (credential-named fields left out). */
export interface Submission {
  /** The form's id. */
  formId: number;
  /** The unit tag the client sent (`wpcf7-f1-o1`). */
  unitTag: string;
  /** The form's own fields by name, after CF7's pipes, each value capped at 10,000 characters; fields the form does not declare and credential-named ones are not kept. */
  fields: Record<string, PostedValue>;
  /** The client's User-Agent header. */
  userAgent: string;
  /** When it was submitted (ISO 8601). */
  submittedAt: string;
}

/** How a stored submission ended. */
export type SubmissionStatus = 'mail_sent' | 'mail_failed' | 'spam';

/** A submission as the log keeps it (CF7 and Flamingo store sent, failed and spam ones). */
export interface SubmissionRecord extends Submission {
  /** How it ended. */
  status: SubmissionStatus;
}

/** A mail ready to send, its mail-tags replaced: the {@link OutgoingMail} every namespace sends, and where it came from. */
export interface MailMessage extends OutgoingMail {
  /** The form it came from. */
  formId: number;
  /** Which template made it. */
  template: 'mail' | 'mail_2';
}

/**
 * Where contact forms live and how submissions reach the outside world. Every callback is
 * async, gets the request's {@link StorageContext} last and may throw a `RestError`, which is
 * answered as it is.
 */
export interface ContactFormsStorage {
  /** The forms a listing asks for, in its order. */
  listForms(query: ListFormsQuery, ctx: StorageContext): Promise<ContactFormRecord[]>;
  /** One form, or null when there is none with that id. */
  getForm(id: number, ctx: StorageContext): Promise<ContactFormRecord | null>;
  /** Stores a new form and gives it an id, a hash and a unique slug. */
  createForm(fields: ContactFormFields, ctx: StorageContext): Promise<ContactFormRecord>;
  /** Replaces a form's fields (id, hash and slug stay); null when it is gone. */
  updateForm(id: number, fields: ContactFormFields, ctx: StorageContext): Promise<ContactFormRecord | null>;
  /** Deletes a form; false when it could not be deleted. */
  deleteForm(id: number, ctx: StorageContext): Promise<boolean>;
  /** Keeps a sent, failed or spam submission (the default keeps them in memory). */
  recordSubmission(record: SubmissionRecord, ctx: StorageContext): Promise<void>;
  /** Sends a mail; false (or a throw) makes the submission `mail_failed`. */
  sendMail(message: MailMessage, ctx: StorageContext): Promise<boolean>;
  /** Whether a submission is spam (Akismet, a captcha check…); the default says no. */
  checkSpam(submission: Submission, ctx: StorageContext): Promise<boolean>;
}

/** The callbacks that read and write the forms. */
const FORM_CALLBACKS = ['getForm', 'listForms', 'createForm', 'updateForm', 'deleteForm'] as const;
type FormCallback = (typeof FORM_CALLBACKS)[number];

/**
 * {@link ContactFormsStorage}'s callbacks that share data: the forms' five are replaced together;
 * the submission log, the mail and the spam check each reach somewhere of their own.
 */
export const contactFormsStorageGroups: StorageGroups<ContactFormsStorage> = [
  { data: 'forms', callbacks: FORM_CALLBACKS },
  { data: 'submissions', callbacks: ['recordSubmission'] },
  { data: 'mail', callbacks: ['sendMail'] },
  { data: 'spam verdicts', callbacks: ['checkSpam'] },
];

/** What a host may give of {@link ContactFormsStorage}: the forms' callbacks all or none, and any of the others. */
export type GivenContactFormsStorage = Partial<Omit<ContactFormsStorage, FormCallback>> &
  (Pick<ContactFormsStorage, FormCallback> | { [K in FormCallback]?: never });
