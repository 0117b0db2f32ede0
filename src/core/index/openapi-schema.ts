import { setOwn } from '../own-property.js';
import { SCHEMA_TYPES } from '../schema/keywords.js';
import { translatePattern } from '../schema/pattern.js';
import { isUncheckedRawRendered } from '../schema/raw-rendered.js';
import { isSchemaObject, type ArgSchema } from '../schema/types.js';
import { jsonOnly } from './route-data.js';

/** A JSON Schema 2020-12 object, the dialect of OpenAPI 3.1. */
export type JsonSchema = Record<string, unknown>;

/** Keywords that mean the same in WordPress's draft-4 dialect and in JSON Schema 2020-12, copied as they are. */
const SAME_KEYWORDS = [
  'title',
  'description',
  'format',
  'minProperties',
  'maxProperties',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
] as const;

const KNOWN_TYPES: ReadonlySet<string> = new Set(SCHEMA_TYPES);

/** Draft 4's boolean `exclusiveMinimum` beside `minimum` is 2020-12's numeric `exclusiveMinimum` alone. */
function bound(out: JsonSchema, limit: unknown, exclusive: unknown, inclusiveName: string, exclusiveName: string): void {
  if (typeof limit !== 'number') return;
  if (exclusive === true) out[exclusiveName] = limit;
  else out[inclusiveName] = limit;
}

function mapValues(map: Readonly<Record<string, unknown>>, key: (name: string) => string): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [name, value] of Object.entries(map)) if (isSchemaObject(value)) setOwn(out, key(name), toJsonSchema(value));
  return out;
}

/**
 * A WordPress arg schema as JSON Schema 2020-12: callbacks, `context` and `arg_options` left
 * out, `readonly` written `readOnly`, PCRE patterns as ECMA-262 ones, draft-3 `required: true`
 * on a property gathered into its object's `required` list. A top-level `required` is the
 * caller's: OpenAPI carries it on the parameter or the body.
 */
function toJsonSchema(schema: ArgSchema): JsonSchema {
  const out: JsonSchema = {};
  const { type } = schema;
  const types = (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string' && KNOWN_TYPES.has(t));
  if (types.length > 0) out.type = types.length === 1 ? types[0] : types;
  for (const keyword of SAME_KEYWORDS) if (schema[keyword] !== undefined) out[keyword] = schema[keyword];
  if (Array.isArray(schema.enum)) out.enum = jsonOnly(schema.enum);
  if (schema.default !== undefined && typeof schema.default !== 'function') out.default = jsonOnly(schema.default);
  bound(out, schema.minimum, schema.exclusiveMinimum, 'minimum', 'exclusiveMinimum');
  bound(out, schema.maximum, schema.exclusiveMaximum, 'maximum', 'exclusiveMaximum');
  if (typeof schema.pattern === 'string') out.pattern = translatePattern(schema.pattern);
  if (schema.readonly === true) out.readOnly = true;
  if (isSchemaObject(schema.items)) out.items = toJsonSchema(schema.items);
  // `properties: []` is PHP's empty array.
  const properties = isSchemaObject(schema.properties) ? (schema.properties as Readonly<Record<string, ArgSchema>>) : undefined;
  if (properties) {
    out.properties = mapValues(properties, (name) => name);
    const required = Object.entries(properties)
      .filter(([, property]) => isSchemaObject(property) && property.required === true)
      .map(([name]) => name);
    const listed: readonly unknown[] = Array.isArray(schema.required) ? schema.required : [];
    for (const name of listed) if (typeof name === 'string' && !required.includes(name)) required.push(name);
    if (required.length > 0) out.required = required;
  }
  if (typeof schema.additionalProperties === 'boolean') out.additionalProperties = schema.additionalProperties;
  else if (isSchemaObject(schema.additionalProperties)) out.additionalProperties = toJsonSchema(schema.additionalProperties);
  if (isSchemaObject(schema.patternProperties)) out.patternProperties = mapValues(schema.patternProperties, translatePattern);
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const list = schema[keyword];
    if (Array.isArray(list)) out[keyword] = list.filter(isSchemaObject).map(toJsonSchema);
  }
  return out;
}

/**
 * An endpoint's arg as the JSON Schema of its parameter or body property. A raw/rendered field
 * whose checks are off (`rawRendered`) is what it takes effect as: its raw text, or the object it
 * is listed as (`rendered` and the rest read-only).
 */
export function argJsonSchema(arg: ArgSchema): JsonSchema {
  if (!isUncheckedRawRendered(arg)) return toJsonSchema(arg);
  const { description, ...object } = toJsonSchema(arg);
  const raw = (arg.properties as Readonly<Record<string, ArgSchema>>).raw!;
  const text: JsonSchema = { type: 'string', ...(raw.description === undefined ? {} : { description: raw.description }) };
  return { ...(description === undefined ? {} : { description }), anyOf: [text, object] };
}

/** Whether an arg's type is (or may be) `kind`: such query args need their own serialization. */
export function allowsType(schema: JsonSchema, kind: string): boolean {
  return Array.isArray(schema.type) ? schema.type.includes(kind) : schema.type === kind;
}
