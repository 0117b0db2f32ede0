// The submission log on the site store, as Flamingo keeps CF7's submissions: a post of type
// `flamingo_inbound` per message (`flamingo-spam` for spam), its fields in `_field_<name>` post meta
// listed by `_fields`, and the sender's name, address and subject read from `[your-name]`,
// `[your-email]` and `[your-subject]` as CF7's Flamingo module reads them by default.
import { sanitizeKey } from '../../core/schema/text.js';
import { mysqlDate } from '../../store/rows.js';
import type { JsonValue, SiteStore, StoreTables } from '../../store/types.js';
import type { PostedValue, SubmissionRecord } from './storage.js';

/** Flamingo's post type for inbound messages. */
const INBOUND_TYPE = 'flamingo_inbound';

/** Flamingo's status for spam. */
const SPAM_STATUS = 'flamingo-spam';

/** A mail-tag's value as CF7 replaces it: a list joined with commas. */
function tagValue(value: PostedValue | undefined): string {
  return value === undefined ? '' : [value].flat().join(', ');
}

/** The post content Flamingo's `save()` writes: every field's values flattened, trimmed, blanks left out. */
function messageContent(fields: Record<string, PostedValue>, meta: Record<string, string>): string {
  return [...Object.values(fields).flat(), ...Object.values(meta)]
    .map((value) => value.trim())
    .filter((value) => value !== '')
    .join('\n');
}

/** `Flamingo_Inbound_Message::add` of one submission: the post, then its meta as `save()` writes it. */
async function addMessage(tx: StoreTables, record: SubmissionRecord): Promise<void> {
  const subject = tagValue(record.fields['your-subject']);
  const name = tagValue(record.fields['your-name']);
  const email = tagValue(record.fields['your-email']);
  // Flamingo's `_meta` holds CF7's special mail-tags; the unit tag and the form's id are ours, so a log reader finds the form.
  const meta = { user_agent: record.userAgent, contact_form_id: String(record.formId), unit_tag: record.unitTag };
  const date = Number.isNaN(Date.parse(record.submittedAt)) ? undefined : mysqlDate(Date.parse(record.submittedAt));
  const { ID } = await tx.posts.insert({
    post_type: INBOUND_TYPE,
    post_status: record.status === 'spam' ? SPAM_STATUS : 'publish',
    post_title: subject === '' ? '(No Title)' : subject,
    post_content: messageContent(record.fields, meta),
    post_date: date,
    post_date_gmt: date,
  });
  const listed: Record<string, JsonValue> = Object.create(null) as Record<string, JsonValue>;
  const rows: [string, JsonValue][] = [
    ['_submission_status', record.status],
    ['_subject', subject],
    ['_from', `${name} <${email}>`.trim()],
    ['_from_name', name],
    ['_from_email', email],
  ];
  for (const [field, value] of Object.entries(record.fields)) {
    rows.push([sanitizeKey(`_field_${field}`), value]);
    listed[field] = null;
  }
  rows.push(['_fields', listed], ['_meta', meta]);
  for (const [key, value] of rows) await tx.postMeta.add(ID, key, value);
}

/**
 * `recordSubmission` on the site store: each submission a Flamingo inbound message, and the
 * oldest dropped past `max` messages, in the same transaction so that writers in many processes
 * take turns and the log never holds more than `max`.
 */
export function inboundMessageLog(store: SiteStore, max: number): (record: SubmissionRecord) => Promise<void> {
  if (!Number.isInteger(max) || max < 0)
    throw new TypeError('site-rest: contact forms maxSubmissions must be a whole number of at least 0');
  return async (record) => {
    if (max === 0) return;
    await store.transaction(async (tx) => {
      await addMessage(tx, record);
      const { total } = await tx.posts.query({ type: [INBOUND_TYPE], limit: 0 });
      if (total <= max) return;
      const { posts } = await tx.posts.query({ type: [INBOUND_TYPE], orderby: 'ID', order: 'asc', limit: total - max });
      for (const post of posts) await tx.posts.delete(post.ID);
    });
  };
}
