import { sha1 } from '../../core/crypto/digest.js';
import type { StorageContext } from '../define.js';
import { titleSlug, uniqueSlug } from './slug.js';
import type {
  ContactFormFields,
  ContactFormRecord,
  ContactFormsStorage,
  ListFormsQuery,
  MailMessage,
  SubmissionRecord,
} from './storage.js';
import { newFormFields } from './templates.js';

/** The in-memory store: a working {@link ContactFormsStorage} that also shows what it sent and logged. */
export interface MemoryContactFormsStorage extends ContactFormsStorage {
  /** The latest mails handed to `sendMail` (at most `maxEntries`), oldest first. */
  readonly outbox: MailMessage[];
  /** The latest submissions recorded (at most `maxEntries`), oldest first. */
  readonly submissions: SubmissionRecord[];
}

/** Options of {@link memoryContactFormsStorage}. */
export interface MemoryContactFormsOptions {
  /** Start with CF7's "Contact form 1" as form 1 (default true). */
  sample?: boolean;
  /**
   * How many submissions, and how many mails, the store keeps; past that the oldest is dropped,
   * since anyone may submit a form (default 100; 0 keeps none).
   */
  maxEntries?: number;
}

/** The default of {@link MemoryContactFormsOptions.maxEntries}. */
const DEFAULT_MAX_ENTRIES = 100;

/** Appends an entry, dropping the oldest past the bound. */
function appendBounded<T>(list: T[], entry: T, max: number): void {
  list.push(entry);
  if (list.length > max) list.splice(0, list.length - max);
}

interface Stored {
  record: ContactFormRecord;
  /** Creation order, standing in for the post date. */
  created: number;
  /** Order of the last write, standing in for the modified date. */
  modified: number;
}

/** CF7's `wpcf7_generate_contact_form_hash()`: a SHA-1 of who, which, when and where. */
function formHash(userId: number, id: number, home: string): string {
  return sha1(`${userId}|${id}|${Math.floor(Date.now() / 1000)}|${home}`);
}

/** The text a search looks through: the title and every stored property, as WordPress's post content holds them. */
function searchableText(record: ContactFormRecord): string {
  const mails = [record.mail, record.mail_2].flatMap((mail) => Object.values(mail).map(String));
  return [record.title, record.form, ...mails, ...Object.values(record.messages), record.additional_settings].join('\n').toLowerCase();
}

function matchesSearch(record: ContactFormRecord, search: string | null): boolean {
  if (search === null) return true;
  const text = searchableText(record);
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter((term) => term !== '')
    .every((term) => text.includes(term));
}

const SORT_KEYS: Record<ListFormsQuery['orderby'], (stored: Stored) => number | string> = {
  id: (stored) => stored.record.id,
  title: (stored) => stored.record.title.toLowerCase(),
  slug: (stored) => stored.record.slug,
  date: (stored) => stored.created,
  modified: (stored) => stored.modified,
};

function compareBy(query: ListFormsQuery): (a: Stored, b: Stored) => number {
  const key = SORT_KEYS[query.orderby];
  const direction = query.order === 'ASC' ? 1 : -1;
  return (a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka < kb) return -direction;
    if (ka > kb) return direction;
    return a.record.id - b.record.id;
  };
}

/** A contact-forms store kept in memory; ids start at 1, and the outbox and submissions keep the latest `maxEntries` each. */
export function memoryContactFormsStorage(options: MemoryContactFormsOptions = {}): MemoryContactFormsStorage {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  if (!Number.isInteger(maxEntries) || maxEntries < 0)
    throw new TypeError('site-rest: contact forms maxEntries must be a whole number of at least 0');
  const forms = new Map<number, Stored>();
  const outbox: MailMessage[] = [];
  const submissions: SubmissionRecord[] = [];
  let nextId = 1;
  let clock = 0;

  function insert(fields: ContactFormFields, userId: number, home: string): ContactFormRecord {
    const id = nextId++;
    const slugTaken = (candidate: string) => [...forms.values()].some((stored) => stored.record.slug === candidate);
    const slug = uniqueSlug(titleSlug(fields.title, String(id)), slugTaken);
    const record: ContactFormRecord = { ...structuredClone(fields), id, hash: formHash(userId, id, home), slug };
    clock++;
    forms.set(id, { record, created: clock, modified: clock });
    return structuredClone(record);
  }

  if (options.sample ?? true) insert({ ...newFormFields(), title: 'Contact form 1' }, 0, '');

  return {
    outbox,
    submissions,
    async listForms(query) {
      const found = [...forms.values()].filter((stored) => matchesSearch(stored.record, query.search)).sort(compareBy(query));
      const page = query.perPage === null ? found : found.slice(query.offset, query.offset + query.perPage);
      return page.map((stored) => structuredClone(stored.record));
    },
    async getForm(id) {
      const stored = forms.get(id);
      return stored ? structuredClone(stored.record) : null;
    },
    async createForm(fields, ctx: StorageContext) {
      return insert(fields, ctx.user?.id ?? 0, ctx.site.home);
    },
    async updateForm(id, fields) {
      const stored = forms.get(id);
      if (!stored) return null;
      const { hash, slug } = stored.record;
      stored.record = { ...structuredClone(fields), id, hash, slug };
      stored.modified = ++clock;
      return structuredClone(stored.record);
    },
    async deleteForm(id) {
      return forms.delete(id);
    },
    async recordSubmission(record) {
      appendBounded(submissions, structuredClone(record), maxEntries);
    },
    async sendMail(message) {
      appendBounded(outbox, structuredClone(message), maxEntries);
      return true;
    },
    async checkSpam() {
      return false;
    },
  };
}
