import { isPlainObject } from '../own-property.js';
import type { RestError } from '../errors/rest-error.js';

/** A JSON-Schema type name as WordPress accepts it (`bool`/`int` are kept but not built in). */
export type SchemaType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null' | (string & {});

/** A custom validator, WordPress's `validate_callback`: true, false (→ "Invalid parameter.") or an error. */
export type ValidateCallback = (value: unknown, param: string) => boolean | RestError;

/** A custom sanitizer, WordPress's `sanitize_callback`: the new value, or an error. */
export type SanitizeCallback = (value: unknown, param: string) => unknown;

/**
 * An argument descriptor: the same JSON the index shows for an arg (WordPress's schema
 * keywords), plus optional callbacks that the index never shows.
 */
export interface ArgSchema {
  /** Human-readable description, shown in the index. */
  description?: string;
  /** Title, shown in the index. */
  title?: string;
  /** One type or a list of types; only typed args are validated (as WordPress). */
  type?: SchemaType | readonly SchemaType[];
  /** `date-time`, `uri`, `email`, `ip`, `uuid`, `hex-color` or `text-field`. */
  format?: string;
  /** Allowed values. */
  enum?: readonly unknown[];
  /** Value used when the request does not give one (never applied when `null`, as WordPress). */
  default?: unknown;
  /** Top level: the arg must be present. Inside `properties`: draft-3 required. A list: draft-4 required properties. */
  required?: boolean | readonly string[];
  /** Schema of each array item. */
  items?: ArgSchema;
  /** Schemas of known object properties (`[]` is WordPress's empty PHP array). */
  properties?: Readonly<Record<string, ArgSchema>> | readonly [];
  /** `false` forbids unknown properties; a schema validates them. */
  additionalProperties?: boolean | ArgSchema;
  /** Schemas for properties whose names match a pattern. */
  patternProperties?: Record<string, ArgSchema>;
  /** Minimum number of object properties. */
  minProperties?: number;
  /** Maximum number of object properties. */
  maxProperties?: number;
  /** Lower bound of a number. */
  minimum?: number;
  /** Upper bound of a number. */
  maximum?: number;
  /** Makes `minimum` exclusive (draft-4 boolean form). */
  exclusiveMinimum?: boolean;
  /** Makes `maximum` exclusive (draft-4 boolean form). */
  exclusiveMaximum?: boolean;
  /** The number must be a multiple of this. */
  multipleOf?: number;
  /** Minimum string length in code points. */
  minLength?: number;
  /** Maximum string length in code points. */
  maxLength?: number;
  /** A regular expression the string must match (unanchored, as WordPress). */
  pattern?: string;
  /** Minimum number of array items. */
  minItems?: number;
  /** Maximum number of array items. */
  maxItems?: number;
  /** Array items must be distinct. */
  uniqueItems?: boolean;
  /** The value must match at least one of these schemas. */
  anyOf?: readonly ArgSchema[];
  /** The value must match exactly one of these schemas. */
  oneOf?: readonly ArgSchema[];
  /** Contexts (`view`, `edit`, `embed`) a field appears in; used by item schemas. */
  context?: readonly string[];
  /** Marks a field as read-only in an item schema. */
  readonly?: boolean;
  /**
   * WordPress's `validate_callback`, run on the request's value in args order before anything is
   * sanitized; `'schema'` is `rest_validate_request_arg`, the arg's own schema (core controllers'
   * args), so its errors come before any type-only arg's and those are then not looked at.
   */
  validateCallback?: ValidateCallback | 'schema';
  /**
   * WordPress's `sanitize_callback`, run on each source's value: replaces schema validation and
   * sanitization when set; `'schema'` is `rest_sanitize_request_arg`, the schema's sanitizing alone.
   */
  sanitizeCallback?: SanitizeCallback | 'schema';
}

/** Whether a descriptor's value is a schema: an object, not an array. */
export function isSchemaObject(value: unknown): value is ArgSchema {
  return isPlainObject(value);
}
