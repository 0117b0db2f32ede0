import { hasOption, tagFeatures, type FormTag } from './form-tags.js';
import { canonicalize } from './hashing.js';
import type { PostedValue } from './storage.js';

/** A request value as a flat list of strings, as CF7's `wpcf7_array_flatten()` (nested arrays and maps included). */
export function flattenValue(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'object') return Object.values(value).flatMap(flattenValue);
  return [String(value)];
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
    if (!tag.name || !features.nameAttr || features.notForMail || seen.has(tag.name)) continue;
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
