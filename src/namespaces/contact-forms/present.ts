import { isValidLocale } from './form-changes.js';
import { scanFormTags } from './form-tags.js';
import { settingsForRest } from './settings.js';
import type { ContactFormRecord } from './storage.js';
import { effectiveMessages } from './templates.js';

/** CF7's `locale()`: the stored locale when it looks valid, else ''. */
function shownLocale(record: ContactFormRecord): string {
  return isValidLocale(record.locale) ? record.locale : '';
}

/** A form as the listing shows it: `{id, hash, slug, title, locale}` with CF7's 7-character hash. */
export function formSummary(record: ContactFormRecord): Record<string, unknown> {
  return { id: record.id, hash: record.hash.slice(0, 7), slug: record.slug, title: record.title, locale: shownLocale(record) };
}

/** CF7's `get_properties()` for the REST API: the form with its scanned fields, and the settings read line by line. */
function properties(record: ContactFormRecord): Record<string, unknown> {
  return {
    form: {
      content: record.form,
      fields: scanFormTags(record.form).map((tag) => ({
        type: tag.type,
        basetype: tag.basetype,
        name: tag.name,
        options: tag.options,
        raw_values: tag.raw_values,
        labels: tag.labels,
        values: tag.values,
        pipes: tag.pipes,
        content: tag.content,
      })),
    },
    mail: record.mail,
    mail_2: record.mail_2,
    messages: effectiveMessages(record.messages),
    additional_settings: { content: record.additional_settings, settings: settingsForRest(record.additional_settings) },
  };
}

/** A form as reading one shows it: `{id, slug, title, locale, properties}`. */
export function formDetail(record: ContactFormRecord): Record<string, unknown> {
  return { id: record.id, slug: record.slug, title: record.title, locale: shownLocale(record), properties: properties(record) };
}

/**
 * A form as creating or updating one answers: the detail plus `config_errors`. CF7 fills these
 * from its configuration validator, which this namespace does not run, so they stay empty.
 */
export function savedForm(record: ContactFormRecord): Record<string, unknown> {
  return { ...formDetail(record), config_errors: [] };
}
