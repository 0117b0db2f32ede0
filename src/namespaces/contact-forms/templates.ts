import type { ContactFormFields, FormMessages, MailTemplate } from './storage.js';

/**
 * CF7's default messages (`wpcf7_messages()` with the messages its bundled modules add), in
 * CF7's order. A stored form missing one of them falls back to these, as CF7's upgrade does.
 */
export const DEFAULT_MESSAGES: Readonly<FormMessages> = Object.freeze({
  mail_sent_ok: 'Thank you for your message. It has been sent.',
  mail_sent_ng: 'There was an error trying to send your message. Please try again later.',
  validation_error: 'One or more fields have an error. Please check and try again.',
  spam: 'There was an error trying to send your message. Please try again later.',
  accept_terms: 'You must accept the terms and conditions before sending your message.',
  invalid_required: 'Please fill out this field.',
  invalid_too_long: 'This field has a too long input.',
  invalid_too_short: 'This field has a too short input.',
  invalid_date: 'Please enter a date in YYYY-MM-DD format.',
  date_too_early: 'This field has a too early date.',
  date_too_late: 'This field has a too late date.',
  upload_failed: 'There was an unknown error uploading the file.',
  upload_file_type_invalid: 'You are not allowed to upload files of this type.',
  upload_file_too_large: 'The uploaded file is too large.',
  upload_failed_php_error: 'There was an error uploading the file.',
  invalid_number: 'Please enter a number.',
  number_too_small: 'This field has a too small number.',
  number_too_large: 'This field has a too large number.',
  quiz_answer_not_correct: 'The answer to the quiz is incorrect.',
  invalid_email: 'Please enter an email address.',
  invalid_url: 'Please enter a URL.',
  invalid_tel: 'Please enter a telephone number.',
});

/** CF7's default form template. */
const DEFAULT_FORM = `<label> Your name
    [text* your-name] </label>

<label> Your email
    [email* your-email] </label>

<label> Subject
    [text* your-subject] </label>

<label> Your message (optional)
    [textarea your-message] </label>

[submit "Submit"]`;

const SIGNATURE = '-- \nThis e-mail was sent from a contact form on [_site_title] ([_site_url])';

// CF7 writes a computed From address (the admin's, or wordpress@<host>) into new templates; a
// mail-tag keeps the template independent of the site it was created on and resolves the same.
const SENDER = '[_site_title] <[_site_admin_email]>';

/** CF7's default main mail template. */
const DEFAULT_MAIL: Readonly<MailTemplate> = Object.freeze({
  active: true,
  subject: '[_site_title] "[your-subject]"',
  sender: SENDER,
  recipient: '[_site_admin_email]',
  body: `From: [your-name] <[your-email]>\nSubject: [your-subject]\n\nMessage Body:\n[your-message]\n\n${SIGNATURE}`,
  additional_headers: 'Reply-To: [your-email]',
  attachments: '',
  use_html: false,
  exclude_blank: false,
});

/** CF7's default second mail template (inactive). */
const DEFAULT_MAIL_2: Readonly<MailTemplate> = Object.freeze({
  active: false,
  subject: '[_site_title] "[your-subject]"',
  sender: SENDER,
  recipient: '[your-email]',
  body: `Message Body:\n[your-message]\n\n${SIGNATURE}`,
  additional_headers: 'Reply-To: [_site_admin_email]',
  attachments: '',
  use_html: false,
  exclude_blank: false,
});

/** A new form as CF7's template makes it: "Untitled", `en_US`, the default form, mails and messages. */
export function newFormFields(): ContactFormFields {
  return {
    title: 'Untitled',
    locale: 'en_US',
    form: DEFAULT_FORM,
    mail: { ...DEFAULT_MAIL },
    mail_2: { ...DEFAULT_MAIL_2 },
    messages: { ...DEFAULT_MESSAGES },
    additional_settings: '',
  };
}

/** A form's messages with CF7's defaults filled in where it has none. */
export function effectiveMessages(messages: FormMessages): FormMessages {
  return { ...DEFAULT_MESSAGES, ...messages };
}
