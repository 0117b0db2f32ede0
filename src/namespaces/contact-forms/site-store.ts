// Contact forms kept on the site store as Contact Form 7 keeps them: a post of type
// `wpcf7_contact_form` per form (title, slug, `publish`, its properties flattened into the content,
// which WP_Query's search reads) and one post meta per property, so a WordPress database's forms
// could be read as they are.
import { isPlainObject } from '../../core/own-property.js';
import { sha1 } from '../../core/crypto/digest.js';
import { phpTrim } from '../../core/php/strings.js';
import { sanitizeTitle } from '../../core/schema/sanitize-title.js';
import type { JsonValue, PostOrderBy, PostRow, SiteStore, StoreTables } from '../../store/types.js';
import type { StorageContext } from '../define.js';
import { inboundMessageLog } from './inbound-messages.js';
import type { ContactFormFields, ContactFormRecord, ContactFormsStorage, ListFormsQuery, MailTemplate } from './storage.js';
import { newFormFields } from './templates.js';
import { checkOptions, number, optionsObject, type OptionsShape } from '../../core/options.js';

/** CF7's post type. */
const FORM_TYPE = 'wpcf7_contact_form';

/** The post meta CF7 keeps a form's properties, locale and hash in. */
const META_KEYS = ['_form', '_mail', '_mail_2', '_messages', '_additional_settings', '_locale', '_hash'];

/** Options of {@link contactFormsStorageOn}. */
export interface ContactFormsStoreOptions {
  /** How many submissions the log keeps; past that the oldest go first, since anyone may submit (default 100; 0 keeps none). */
  maxSubmissions?: number;
}

const contactFormsStoreOptions = optionsObject({ maxSubmissions: number.optional() } satisfies OptionsShape<ContactFormsStoreOptions>);

/** CF7's `wpcf7_generate_contact_form_hash()`: a hash of who, which, when and where. */
function formHash(userId: number, id: number, home: string): string {
  return sha1(`${userId}|${id}|${Math.floor(Date.now() / 1000)}|${home}`);
}

/** PHP's string conversion of a flattened property, as `implode` makes it. */
function phpText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return value === true ? '1' : '';
}

/** `wpcf7_array_flatten`: every leaf of a property, in order. */
function flatten(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(flatten);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(flatten);
  return [value];
}

/** The post content CF7's `save()` writes: the properties flattened, one value a line, trimmed. */
function postContent(fields: ContactFormFields): string {
  const properties = [fields.form, fields.mail, fields.mail_2, fields.messages, fields.additional_settings];
  return phpTrim(flatten(properties).map(phpText).join('\n'));
}

/** The properties as CF7 writes them with `update_post_meta`. */
function propertyMeta(fields: ContactFormFields): [string, JsonValue][] {
  return [
    ['_form', fields.form],
    ['_mail', { ...fields.mail }],
    ['_mail_2', { ...fields.mail_2 }],
    ['_messages', { ...fields.messages }],
    ['_additional_settings', fields.additional_settings],
    ['_locale', fields.locale],
  ];
}

function text(value: JsonValue | undefined, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

/** A stored mail template, its missing or mistyped keys from the default one (a form imported from WordPress keeps 0/1 flags). */
function mailTemplate(value: JsonValue | undefined, fallback: MailTemplate): MailTemplate {
  if (!isPlainObject(value)) return { ...fallback };
  const flag = (key: 'active' | 'use_html' | 'exclude_blank') => (value[key] === undefined ? fallback[key] : Boolean(value[key]));
  const line = (key: 'subject' | 'sender' | 'recipient' | 'body' | 'additional_headers' | 'attachments') => text(value[key], fallback[key]);
  return {
    active: flag('active'),
    subject: line('subject'),
    sender: line('sender'),
    recipient: line('recipient'),
    body: line('body'),
    additional_headers: line('additional_headers'),
    attachments: line('attachments'),
    use_html: flag('use_html'),
    exclude_blank: flag('exclude_blank'),
  };
}

/** A form from its post and its meta (each key's first value, as `get_post_meta( …, true )`). */
function formRecord(post: PostRow, meta: Record<string, JsonValue[]> | undefined): ContactFormRecord {
  const first = (key: string): JsonValue | undefined => meta?.[key]?.[0];
  const defaults = newFormFields();
  const messages = first('_messages');
  return {
    id: post.ID,
    hash: text(first('_hash'), ''),
    slug: post.post_name,
    title: post.post_title,
    locale: text(first('_locale'), ''),
    form: text(first('_form'), ''),
    mail: mailTemplate(first('_mail'), defaults.mail),
    mail_2: mailTemplate(first('_mail_2'), defaults.mail_2),
    messages: isPlainObject(messages)
      ? Object.fromEntries(Object.entries(messages).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])))
      : {},
    additional_settings: text(first('_additional_settings'), ''),
  };
}

const ORDER_COLUMNS: Record<ListFormsQuery['orderby'], PostOrderBy> = {
  id: 'ID',
  title: 'post_title',
  slug: 'post_name',
  date: 'post_date',
  modified: 'post_modified',
};

/** A page of forms' posts in a listing's order (titles regardless of case, as the store sorts them). */
async function formPosts(tables: StoreTables, query: ListFormsQuery): Promise<PostRow[]> {
  const order = query.order === 'ASC' ? 'asc' : 'desc';
  const search = query.search ?? undefined;
  const page = query.perPage === null ? {} : { offset: query.offset, limit: query.perPage };
  return (await tables.posts.query({ type: [FORM_TYPE], search, orderby: ORDER_COLUMNS[query.orderby], order, ...page })).posts;
}

/** A form's post when the id is one; null otherwise. */
async function formPost(tables: StoreTables, id: number): Promise<PostRow | null> {
  const post = await tables.posts.get(id);
  return post !== null && post.post_type === FORM_TYPE ? post : null;
}

async function readForm(tables: StoreTables, post: PostRow): Promise<ContactFormRecord> {
  return formRecord(post, (await tables.postMeta.getMany([post.ID], META_KEYS)).get(post.ID));
}

/** CF7's `save()` of a new form: the post (its slug `sanitize_title` of the title, else the id, made unique), its properties and its hash. */
async function insertForm(tables: StoreTables, fields: ContactFormFields, userId: number, home: string): Promise<ContactFormRecord> {
  let post = await tables.posts.insert({
    post_type: FORM_TYPE,
    post_status: 'publish',
    post_title: fields.title,
    post_name: sanitizeTitle(fields.title),
    post_content: postContent(fields),
    post_author: userId,
  });
  if (post.post_name === '') post = (await tables.posts.update(post.ID, { post_name: String(post.ID) })) ?? post;
  for (const [key, value] of propertyMeta(fields)) await tables.postMeta.add(post.ID, key, value);
  await tables.postMeta.add(post.ID, '_hash', formHash(userId, post.ID, home), true);
  return readForm(tables, post);
}

/**
 * The default contact-forms storage, on the site store: forms as CF7 keeps them, submissions as
 * Flamingo keeps them (see {@link inboundMessageLog}), mail counted as sent without leaving the
 * server, and no submission taken for spam.
 */
export function contactFormsStorageOn(store: SiteStore, options: ContactFormsStoreOptions = {}): ContactFormsStorage {
  checkOptions(contactFormsStoreOptions, options, 'contactFormsStorageOn');
  const recordSubmission = inboundMessageLog(store, options.maxSubmissions ?? 100);
  return {
    async listForms(query) {
      const posts = await formPosts(store, query);
      const meta = await store.postMeta.getMany(
        posts.map((post) => post.ID),
        META_KEYS,
      );
      return posts.map((post) => formRecord(post, meta.get(post.ID)));
    },
    async getForm(id) {
      const post = await formPost(store, id);
      return post === null ? null : readForm(store, post);
    },
    async createForm(fields, ctx: StorageContext) {
      return store.transaction((tx) => insertForm(tx, fields, ctx.user?.id ?? 0, ctx.site.home));
    },
    async updateForm(id, fields, ctx: StorageContext) {
      return store.transaction(async (tx) => {
        if ((await formPost(tx, id)) === null) return null;
        const post = await tx.posts.update(id, { post_status: 'publish', post_title: fields.title, post_content: postContent(fields) });
        for (const [key, value] of propertyMeta(fields)) await tx.postMeta.update(id, key, value);
        // CF7 adds the hash on every save, unique: a form imported without one gets it here.
        await tx.postMeta.add(id, '_hash', formHash(ctx.user?.id ?? 0, id, ctx.site.home), true);
        return readForm(tx, post!);
      });
    },
    async deleteForm(id) {
      return store.transaction(async (tx) => (await formPost(tx, id)) !== null && tx.posts.delete(id));
    },
    recordSubmission,
    async sendMail() {
      return true;
    },
    async checkSpam() {
      return false;
    },
  };
}

/**
 * Adds CF7's "Contact form 1", as the plugin does on activation, when the store holds no contact
 * form yet; answers it, or null when there were forms already. For a demo's first start: give it a
 * transaction's tables (`store.transaction(tx => seedContactForms(tx))`) to check and add at once.
 */
export async function seedContactForms(tables: StoreTables, site: { home: string } = { home: '' }): Promise<ContactFormRecord | null> {
  const { total } = await tables.posts.query({ type: [FORM_TYPE], limit: 0 });
  return total > 0 ? null : insertForm(tables, { ...newFormFields(), title: 'Contact form 1' }, 0, site.home);
}
