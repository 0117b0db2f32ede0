import { isPlainObject } from '../own-property.js';
import type { ArgSchema, SanitizeCallback } from './types.js';

/** WordPress's null `sanitize_callback`: the value as the client sent it, neither checked nor changed. */
export const asGiven: SanitizeCallback = (value) => value;

/** The properties of the raw/rendered fields of WordPress's core controllers (title, content, excerpt, caption, description). */
const RAW_RENDERED_PROPERTIES: ReadonlySet<string> = new Set(['raw', 'rendered', 'block_version', 'protected']);

/**
 * Whether an arg is a raw/rendered field as WordPress's core controllers list it: an object with
 * a `raw` property and no others but `rendered`, `block_version` and `protected`.
 */
export function isRawRendered(schema: ArgSchema): boolean {
  const { type, properties } = schema;
  const objectTyped = type === 'object' || (Array.isArray(type) && type.includes('object'));
  if (!objectTyped || !isPlainObject(properties) || !('raw' in properties)) return false;
  return Object.keys(properties).every((name) => RAW_RENDERED_PROPERTIES.has(name));
}

/**
 * A raw/rendered field as core's controllers make it an arg: its item-schema descriptor, listed
 * as it is, with validation and sanitizing turned off (`arg_options` with null callbacks), so a
 * plain string, `{raw}` or any other value reaches the handler as sent. The one place that turns
 * them off: route tables, the mock of an index and the OpenAPI export all go through it.
 */
export function rawRendered<const S extends ArgSchema>(schema: S): S & { sanitizeCallback: SanitizeCallback } {
  if (!isRawRendered(schema)) throw new TypeError(`site-rest: ${JSON.stringify(schema.description ?? '')} is not a raw/rendered field`);
  return { ...schema, sanitizeCallback: asGiven };
}

/** Whether an arg is a raw/rendered field whose value is taken as given, as {@link rawRendered} makes it. */
export function isUncheckedRawRendered(schema: ArgSchema): boolean {
  return schema.sanitizeCallback === asGiven && schema.validateCallback === undefined && isRawRendered(schema);
}
