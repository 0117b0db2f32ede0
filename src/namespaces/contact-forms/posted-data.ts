import { isCredentialName } from '../../core/index/credentials.js';
import { hasOption, tagFeatures, type FormTag } from './form-tags.js';
import { canonicalize } from './canonicalize.js';
import type { PostedValue } from './storage.js';

/** A request value as a flat list of strings, as CF7's `wpcf7_array_flatten()` (nested arrays and maps included). */
export function flattenValue(value: unknown): string[] {
  switch (typeof value) {
    case 'string':
      return [value];
    case 'number':
    case 'boolean':
    case 'bigint':
      return [String(value)];
    case 'object':
      return value === null ? [] : Object.values(value).flatMap(flattenValue);
    default:
      return [];
  }
}

/** CF7's `wpcf7_flat_join()`: the flattened values, each trimmed, joined with commas. */
export function flatJoin(value: unknown): string {
  return flattenValue(value)
    .map((item) => item.trim())
    .join(', ');
}

/** A body value as CF7 reads one field: a string, or a list for array-valued fields. */
function asPosted(value: unknown): PostedValue {
  return typeof value === 'object' && value !== null ? flattenValue(value) : flattenValue(value).join('');
}

/** CF7's `WPCF7_Pipes::do_pipe()` over every tag of the field: the text after the pipe of the value chosen, else the value. */
function throughPipes(value: string, tags: FormTag[]): string {
  const chosen = canonicalize(value, { lower: false, stripSeparators: false });
  for (const tag of tags) {
    for (const [before, after] of tag.pipes ?? []) {
      if (canonicalize(before, { lower: false, stripSeparators: false }) === chosen) return after;
    }
  }
  return value;
}

/** Whether a tag declares a field of the posted data: named, posted under its name, and mail data (not the quiz). */
function isPostedField(tag: FormTag): boolean {
  const features = tagFeatures(tag);
  return tag.name !== '' && features.nameAttr && !features.notForMail;
}

/**
 * Most UTF-16 code units of one field's value a recorded submission keeps (of a list, of its
 * items together): five times CF7's default textarea `maxlength` (2,000), so a value a form
 * accepts by default is kept whole, while an anonymous client cannot grow the store by more than
 * this per field.
 */
const MAX_RECORDED_VALUE = 10_000;

/** The first `max` code units of a string, a surrogate pair never split. */
function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** A posted value cut to {@link MAX_RECORDED_VALUE}: a string to its start, a list to its first items. */
function capValue(value: PostedValue): PostedValue {
  if (typeof value === 'string') return capText(value, MAX_RECORDED_VALUE);
  const kept: string[] = [];
  let left = MAX_RECORDED_VALUE;
  for (const item of value) {
    if (left === 0) break;
    const cut = capText(item, left);
    kept.push(cut);
    left -= cut.length;
    if (cut.length < item.length) break;
  }
  return kept;
}

/**
 * What a submission records of the posted data: only the fields the form declares (what a
 * client adds besides is never kept), credential-named ones left out, each value capped at
 * {@link MAX_RECORDED_VALUE}.
 */
export function recordedFields(posted: Record<string, PostedValue>, tags: FormTag[]): Record<string, PostedValue> {
  const names = new Set(tags.filter(isPostedField).map((tag) => tag.name));
  return Object.fromEntries([...names].filter((name) => !isCredentialName(name)).map((name) => [name, capValue(posted[name] ?? '')]));
}

/**
 * The posted data of a submission as CF7's `setup_posted_data()` builds it: every body field not
 * starting with `_`; each form field present (empty when not posted); choices as lists, through
 * their pipes; a checkbox's `free_text` appended to its last choice.
 */
export function postedData(body: Record<string, unknown>, tags: FormTag[]): Record<string, PostedValue> {
  const posted: Record<string, PostedValue> = Object.create(null) as Record<string, PostedValue>;
  for (const [name, value] of Object.entries(body)) {
    if (!name.startsWith('_')) posted[name] = asPosted(value);
  }
  const seen = new Set<string>();
  for (const tag of tags) {
    const features = tagFeatures(tag);
    if (!isPostedField(tag) || seen.has(tag.name)) continue;
    seen.add(tag.name);
    let value: PostedValue = posted[tag.name] ?? '';
    if (features.selectableValues) {
      const sameName = tags.filter((other) => other.name === tag.name);
      value = (typeof value === 'string' ? [value] : value).map((choice) => throughPipes(choice, sameName));
    }
    if ((tag.basetype === 'checkbox' || tag.basetype === 'radio') && hasOption(tag, 'free_text')) {
      value = withFreeText(value, flatJoin(body[`_wpcf7_free_text_${tag.name}`]));
    }
    posted[tag.name] = value;
  }
  return posted;
}

/** CF7's `wpcf7_posted_data_checkbox()`: the free text joins the last choice. */
function withFreeText(value: PostedValue, freeText: string): string[] {
  const choices = typeof value === 'string' ? [value] : [...value];
  const last = choices.pop();
  if (last !== undefined) choices.push(`${last} ${freeText}`.trim());
  return choices;
}
