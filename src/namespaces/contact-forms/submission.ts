import type { RestContext, RestUser } from '../../core/types.js';
import { stripAllTags } from '../../core/schema/text.js';
import type { BoundStorage } from '../define.js';
import { unacceptedBoxes } from './acceptance.js';
import { hasOption, scanFormTags, type FormTag } from './form-tags.js';
import type { BoundService } from '../host-service.js';
import { keyedHash } from '../site-salt.js';
import { composeMail } from './mail.js';
import { mailTagResolver, type MailTagEnv } from './mail-tag-values.js';
import { replaceMailTags } from './mail-tags.js';
import { flatJoin, flattenValue, postedData, recordedFields } from './posted-data.js';
import { settingIsTrue } from './settings.js';
import type { ContactFormRecord, ContactFormsStorage, MailMessage, PostedValue, Submission, SubmissionStatus } from './storage.js';
import { swvRules, type RuleMessages } from './swv.js';
import { effectiveMessages } from './templates.js';
import { validateSubmission, type InvalidField } from './validate.js';

/** A submission as the feedback route received it. */
interface FeedbackInput {
  /** The form submitted. */
  form: ContactFormRecord;
  /** The request body (CF7's `$_POST`). */
  body: Record<string, unknown>;
  /** The sanitized unit tag. */
  unitTag: string;
  /** The client's User-Agent. */
  userAgent: string;
  /** The signed-in submitter, or null. */
  user: RestUser | null;
}

/** What running a submission needs besides the submission. */
interface FeedbackEnv {
  /** The namespace's storage, bound to the request. */
  storage: BoundStorage<ContactFormsStorage>;
  /** The site. */
  site: RestContext['site'];
  /** What `[_site_admin_email]` stands for. */
  adminEmail: string;
  /** Key of the keyed hashes. */
  hashKey: string;
  /** The bound storage's `sendMail`, within its budget. */
  mail: BoundService<BoundStorage<ContactFormsStorage>['sendMail'], boolean>;
}

/** How a submission ended; `error` is CF7's refusal of a subscribers-only form. */
export type FeedbackStatus = SubmissionStatus | 'validation_failed' | 'acceptance_missing' | 'error';

/** The outcome of a submission. */
export interface FeedbackResult {
  /** How it ended. */
  status: FeedbackStatus;
  /** The form's message for that ending. */
  message: string;
  /** The fields that failed validation. */
  invalidFields: InvalidField[];
  /** CF7's `posted_data_hash` ('' unless the submission got as far as mailing); null when CF7 leaves it out. */
  postedDataHash: string | null;
  /** Whether the form is in demo mode (mail not sent). */
  demoMode: boolean;
}

const MESSAGE_KEYS: Record<Exclude<FeedbackStatus, 'error'>, string> = {
  mail_sent: 'mail_sent_ok',
  mail_failed: 'mail_sent_ng',
  validation_failed: 'validation_error',
  acceptance_missing: 'accept_terms',
  spam: 'spam',
};

/** Most characters of a User-Agent recorded, as WordPress keeps of a comment's (`wp_new_comment`). */
const MAX_USER_AGENT = 254;

/** CF7's `create_posted_data_hash()`: posted data, unit tag and a half-hour tick under a keyed hash. */
function postedDataHash(posted: Record<string, PostedValue>, unitTag: string, key: string): string {
  const tick = Math.ceil(Date.now() / 1000 / 1800);
  // CF7 also hashes the client's address, which the core does not hand to handlers.
  return keyedHash(flatJoin([String(tick), '', unitTag, ...Object.values(posted)]), 'wpcf7_submission', key);
}

/** Sends a mail: sent only when `sendMail` answered true in time, as `wp_mail()` answers; a failure answers as declared (not sent). */
async function send(message: MailMessage, env: FeedbackEnv): Promise<boolean> {
  const sent = await env.mail.call((sendMail) => sendMail(message), message);
  return sent.ok ? sent.value === true : sent.answer;
}

/** CF7's `mail()`: the main mail, then `mail_2` when the first went out and the second is active. */
async function mail(form: ContactFormRecord, tagEnv: MailTagEnv, env: FeedbackEnv): Promise<boolean> {
  if (!(await send(composeMail(form.mail, 'mail', form.id, tagEnv), env))) return false;
  if (form.mail_2.active) await send(composeMail(form.mail_2, 'mail_2', form.id, tagEnv), env);
  return true;
}

/** The endings CF7 (through Flamingo) stores: sent, failed and spam. */
function isStored(status: FeedbackStatus): status is SubmissionStatus {
  return status === 'mail_sent' || status === 'mail_failed' || status === 'spam';
}

/** Whether the submitter declined storage through a `consent_for:storage` box, as CF7's `do_not_store` meta. */
function declinedStorage(tags: FormTag[], posted: Record<string, PostedValue>): boolean {
  return tags.some((tag) => hasOption(tag, 'consent_for:storage') && flattenValue(posted[tag.name]).every((value) => value === ''));
}

/**
 * Runs a submission as CF7's `WPCF7_Submission::proceed()`: validation, acceptance, spam
 * (CF7's own User-Agent check, then the host's `checkSpam`), then mail unless the form is in
 * demo mode or skips mail; sent, failed and spam submissions are recorded unless the form or
 * the submitter opts out of storage.
 */
export async function runSubmission(input: FeedbackInput, env: FeedbackEnv): Promise<FeedbackResult> {
  const { form, body } = input;
  const settings = form.additional_settings;
  if (settingIsTrue(settings, 'subscribers_only') && !input.user?.can('read')) {
    const message = 'This contact form is available only for logged in users.';
    return { status: 'error', message, invalidFields: [], postedDataHash: null, demoMode: false };
  }
  const tags = scanFormTags(form.form);
  const posted = postedData(body, tags);
  const tagEnv: MailTagEnv = {
    posted,
    raw: body,
    tags,
    formTitle: form.title,
    site: env.site,
    adminEmail: env.adminEmail,
    user: input.user,
    userAgent: input.userAgent,
    invalidFields: 0,
  };
  const messages = effectiveMessages(form.messages);
  const filter = (text: string, invalidFields = 0) =>
    stripAllTags(replaceMailTags(text, mailTagResolver({ ...tagEnv, invalidFields }, false)));
  const ruleMessages: RuleMessages = { message: (key) => filter(messages[key] ?? ''), text: (text) => filter(text) };
  const invalidFields = validateSubmission({
    tags,
    rules: swvRules(tags, ruleMessages),
    body,
    message: ruleMessages.message,
    acceptanceAsValidation: settingIsTrue(settings, 'acceptance_as_validation'),
    hashKey: env.hashKey,
  });
  const submission: Submission = {
    formId: form.id,
    unitTag: input.unitTag,
    fields: recordedFields(posted, tags),
    userAgent: input.userAgent.slice(0, MAX_USER_AGENT),
    submittedAt: new Date().toISOString(),
  };
  const demoMode = settingIsTrue(settings, 'demo_mode');

  let status: Exclude<FeedbackStatus, 'error'>;
  if (invalidFields.length > 0) status = 'validation_failed';
  else if (unacceptedBoxes(tags, body).length > 0) status = 'acceptance_missing';
  // CF7 itself takes a missing or one-character User-Agent for a bot.
  else if (input.userAgent.length < 2 || (await env.storage.checkSpam(submission))) status = 'spam';
  else if (demoMode || settingIsTrue(settings, 'skip_mail')) status = 'mail_sent';
  else status = (await mail(form, tagEnv, env)) ? 'mail_sent' : 'mail_failed';

  if (isStored(status) && !settingIsTrue(settings, 'do_not_store') && !declinedStorage(tags, posted)) {
    await env.storage.recordSubmission({ ...submission, status });
  }
  const reachedMail = status === 'mail_sent' || status === 'mail_failed';
  return {
    status,
    message: filter(messages[MESSAGE_KEYS[status]] ?? '', invalidFields.length),
    invalidFields,
    postedDataHash: reachedMail ? postedDataHash(posted, input.unitTag, env.hashKey) : '',
    demoMode,
  };
}
