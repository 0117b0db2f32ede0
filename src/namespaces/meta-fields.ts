/**
 * Meta field descriptors, the pattern SEO plugins' per-post routes share: GET answers each field's
 * descriptor with `can_modify` and its value (the forced default where a global setting decides
 * it), PUT writes the body keys named after the fields' meta keys, sanitised per field, an empty
 * value deleting the meta (PHP's `empty()`).
 */
import { isEmpty, isScalar, toPhpString } from '../core/php/values.js';
import type { JsonValue } from '../store/types.js';

/** A field descriptor as the plugin answers it: `key` names the meta, the rest is shown as is. */
export interface MetaField {
  /** The meta key (`_seopress_robots_index`). */
  key: string;
  /** The control: `checkbox`, `input`, `select`, `textarea`, `upload`, `hidden`. */
  type: string;
  /** Truthy: a global setting decides the field; GET answers `default` and `can_modify: false`. */
  use_default?: JsonValue;
  /** The value used when `use_default` is set. */
  default?: JsonValue;
  /** Everything else the descriptor carries (label, placeholder, options, visible, …). */
  [other: string]: JsonValue | undefined;
}

/** How a stored value reads back: a checkbox as the plugin shows it, the rest as stored (`''` when absent). */
export type ReadValue = (field: MetaField, stored: JsonValue | undefined) => JsonValue;

/** A field's value on its way to the store: sanitised, or undefined when the body's value is left as it is. */
export type SanitizeValue = (field: MetaField, given: unknown) => unknown;

/** A descriptor as GET answers it. */
type DescribedField = MetaField & { can_modify: boolean; value: JsonValue };

/** GET: each descriptor with `can_modify` and its value. */
export function describeFields(fields: readonly MetaField[], stored: Record<string, JsonValue>, read: ReadValue): DescribedField[] {
  return fields.map((field) =>
    field.use_default
      ? { ...field, can_modify: false, value: field.default ?? null }
      : { ...field, can_modify: true, value: read(field, Object.hasOwn(stored, field.key) ? stored[field.key] : undefined) },
  );
}

/** What WordPress keeps of a meta value: scalars as their text (`update_post_meta` casts), arrays and objects as they are. */
function storedForm(value: unknown): JsonValue {
  if (isScalar(value)) return toPhpString(value);
  return JSON.parse(JSON.stringify(value ?? null)) as JsonValue;
}

/**
 * PUT: the meta writes of a body, in the fields' order: each field whose key the body sets
 * (`isset`, so not null), sanitised; an empty result deletes the meta (null), the rest is stored.
 */
export function fieldWrites(
  fields: readonly MetaField[],
  body: Record<string, unknown>,
  sanitize: SanitizeValue,
  writable: (key: string) => boolean = () => true,
): Map<string, JsonValue | null> {
  const writes = new Map<string, JsonValue | null>();
  for (const field of fields) {
    const given = Object.hasOwn(body, field.key) ? body[field.key] : undefined;
    if (given === undefined || given === null || !writable(field.key)) continue;
    const value = sanitize(field, given);
    writes.set(field.key, isEmpty(value) ? null : storedForm(value));
  }
  return writes;
}

/** PHP's truthiness of a stored checkbox (`$result ? true : false`). */
export const truthyCheckbox: ReadValue = (field, stored) => (field.type === 'checkbox' ? !isEmpty(stored) : (stored ?? ''));

/** First values of some keys from a meta table's answer for one object. */
export function firstValues(all: Record<string, JsonValue[]> | undefined): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const [key, values] of Object.entries(all ?? {})) if (values.length > 0) out[key] = values[0]!;
  return out;
}
