import { isPlainObject } from '../../core/own-property.js';
import { invalidParams } from '../../core/errors/catalogue.js';
import type { RestError } from '../../core/errors/rest-error.js';
import { phpTrim } from '../../core/php/strings.js';
import { stripTags } from '../../core/schema/text.js';
import { notOfType } from './errors.js';
import { phpBool } from './php-values.js';
import type { ContactFormFields, FormMessages, MailTemplate } from './storage.js';
import { DEFAULT_MESSAGES } from './templates.js';

/** What a create or update request asks to change; members it leaves out stay as they are. */
interface FormChanges {
  /** New title. */
  title?: string;
  /** New locale. */
  locale?: string;
  /** New form template. */
  form?: string;
  /** New main mail template (replaces the whole template, as CF7 does). */
  mail?: MailTemplate;
  /** New second mail template. */
  mail_2?: MailTemplate;
  /** New messages (keys not given fall back to the defaults, as CF7 does). */
  messages?: FormMessages;
  /** New additional settings. */
  additional_settings?: string;
}

/** Type problems found in a request, by top-level param, WordPress's first one each. */
type Problems = Map<string, RestError>;

/** A member the request itself sent (never one inherited from a prototype). */
function own(map: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(map, name) ? map[name] : undefined;
}

/** A text param: strings, and numbers as PHP would cast them; undefined when absent; anything else is a problem. */
function text(value: unknown, path: string, param: string, problems: Problems): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (!problems.has(param)) problems.set(param, notOfType(path, 'string', param));
  return undefined;
}

/** CF7's `wpcf7_sanitize_mail()`: every member from the input (missing ones empty), texts trimmed, blank header lines dropped. */
function readMail(value: unknown, param: string, problems: Problems): MailTemplate | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) {
    problems.set(param, notOfType(param, 'object', param));
    return undefined;
  }
  const member = (name: string) => (text(own(value, name), `${param}[${name}]`, param, problems) ?? '').trim();
  const headers = member('additional_headers')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
  return {
    // CF7 marks the main mail active on every save, whatever the request says.
    active: param === 'mail' || phpBool(own(value, 'active')),
    subject: member('subject'),
    sender: member('sender'),
    recipient: member('recipient'),
    body: member('body'),
    additional_headers: headers,
    attachments: member('attachments'),
    use_html: phpBool(own(value, 'use_html')),
    exclude_blank: phpBool(own(value, 'exclude_blank')),
  };
}

/** CF7's `wpcf7_sanitize_messages()`: known keys only, trimmed; the defaults fill in the rest. */
function readMessages(value: unknown, problems: Problems): FormMessages | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) {
    problems.set('messages', notOfType('messages', 'object', 'messages'));
    return undefined;
  }
  const messages: FormMessages = { ...DEFAULT_MESSAGES };
  for (const key of Object.keys(DEFAULT_MESSAGES)) {
    const given = text(own(value, key), `messages[${key}]`, 'messages', problems);
    if (given !== undefined) messages[key] = given.trim();
  }
  return messages;
}

/** The 400 WordPress answers for params of the wrong type. */
function wrongTypes(problems: Problems): RestError {
  const entries = [...problems];
  const params = Object.fromEntries(entries.map(([param, error]) => [param, error.message]));
  return invalidParams(params, Object.fromEntries(entries.map(([param, error]) => [param, error.toJSON()])));
}

/**
 * The form changes in a request's params (`title`, `locale`, `form`, `mail`, `mail_2`,
 * `messages`, `additional_settings`), read as leniently as CF7 reads them; a value of the
 * wrong type answers WordPress's 400 `rest_invalid_param` instead of breaking the save.
 */
export function readFormChanges(params: Record<string, unknown>): FormChanges | RestError {
  const problems: Problems = new Map();
  const changes: FormChanges = {
    title: text(params.title, 'title', 'title', problems),
    locale: text(params.locale, 'locale', 'locale', problems),
    form: text(params.form, 'form', 'form', problems),
    mail: readMail(params.mail, 'mail', problems),
    mail_2: readMail(params.mail_2, 'mail_2', problems),
    messages: readMessages(params.messages, problems),
    additional_settings: text(params.additional_settings, 'additional_settings', 'additional_settings', problems),
  };
  return problems.size > 0 ? wrongTypes(problems) : changes;
}

/** CF7's `wpcf7_is_valid_locale()`. */
export function isValidLocale(locale: string): boolean {
  return /^[a-z]{2,3}(?:_[a-zA-Z_]{2,})?$/.test(locale);
}

/** CF7's `set_title()`: tags stripped (PHP's `strip_tags`), trimmed, "Untitled" when nothing is left. */
function cleanTitle(title: string): string {
  const cleaned = phpTrim(stripTags(title));
  return cleaned === '' ? 'Untitled' : cleaned;
}

/** A form's fields with the changes applied as CF7's `wpcf7_save_contact_form()` applies them. */
export function applyFormChanges(fields: ContactFormFields, changes: FormChanges): ContactFormFields {
  const locale = changes.locale?.trim();
  return {
    title: changes.title !== undefined ? cleanTitle(changes.title) : fields.title,
    locale: locale === undefined ? fields.locale : isValidLocale(locale) ? locale : 'en_US',
    form: changes.form !== undefined ? changes.form.trim() : fields.form,
    mail: changes.mail ?? fields.mail,
    mail_2: changes.mail_2 ?? fields.mail_2,
    messages: changes.messages ?? fields.messages,
    additional_settings: changes.additional_settings !== undefined ? changes.additional_settings.trim() : fields.additional_settings,
  };
}
