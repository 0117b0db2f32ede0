/**
 * `rest_sanitize_value_from_schema` over compiled schemas: coerces a value to its schema's
 * type (PHP casts included), cleans formatted strings, and drops forbidden properties.
 */
import { RestError } from '../errors/rest-error.js';
import { setOwn } from '../own-property.js';
import { BUILT_IN_TYPES, handleMultiType, hasUniqueItems, sanitizeArray, sanitizeBoolean, sanitizeObject } from './coerce.js';
import { findAnyMatching, findOneMatching, type ValidateNode } from './combine.js';
import { propertySchema, type CompiledSchema, type TypeSpec } from './compile.js';
import { duplicateItems } from './errors.js';
import { sanitizeHexColor } from './formats.js';
import { phpKeys, toFloat, toInt, toPhpString, type PhpArray } from '../php/values.js';
import { sanitizeTextareaField, sanitizeTextField } from './text.js';
import { escUrlRaw } from './url.js';

/**
 * Sanitizes with a compiled schema. `validate` picks `anyOf`/`oneOf` members; `type` overrides
 * the schema's own, as when validation has already resolved it (WordPress passes its modified
 * `$args` along).
 */
export function sanitizeNode(
  schema: CompiledSchema,
  input: unknown,
  param: string,
  validate: ValidateNode,
  type: TypeSpec = schema.type,
): unknown {
  let value = input;
  // anyOf, then oneOf: the matching member sanitizes the value and, when the node has no type, lends its own.
  // The guard keeps the common, combinator-free schema off the allocation below.
  if (schema.anyOf !== undefined || schema.oneOf !== undefined) {
    for (const [combination, find] of [
      [schema.anyOf, findAnyMatching],
      [schema.oneOf, findOneMatching],
    ] as const) {
      if (combination === undefined) continue;
      const match = find(combination, type, value, param, validate);
      if (match instanceof RestError) return match;
      if (type === undefined) type = match.type;
      value = sanitizeNode(match, value, param, validate);
      if (value instanceof RestError) return value;
    }
  }
  if (type !== undefined && typeof type !== 'string') {
    const best = handleMultiType(value, type);
    if (best === '') return null;
    type = best;
  }
  switch (type) {
    case 'array':
      return sanitizeArrayValue(schema, value, param, validate);
    case 'object':
      return sanitizeObjectValue(schema, value, param, validate);
    case 'null':
      return null;
    case 'integer':
      return toInt(value);
    case 'number':
      return toFloat(value);
    case 'boolean':
      return sanitizeBoolean(value);
  }
  if (schema.format !== undefined && (type === undefined || type === 'string' || !BUILT_IN_TYPES.has(type))) {
    const formatted = sanitizeFormat(schema.format, value);
    if (formatted !== undefined) return formatted;
  }
  return type === 'string' ? toPhpString(value) : value;
}

/** The format's sanitizer result, or undefined for formats without one. */
function sanitizeFormat(format: string, value: unknown): string | undefined {
  switch (format) {
    case 'hex-color':
      return sanitizeHexColor(value);
    case 'uri':
      return escUrlRaw(value);
    case 'date-time':
    case 'email':
    case 'ip':
    case 'uuid':
    case 'text-field':
      // Not sanitize_email(): it validates, and sanitizing must not reject.
      return sanitizeTextField(value);
    case 'textarea-field':
      return sanitizeTextareaField(value);
    default:
      return undefined;
  }
}

function sanitizeArrayValue(schema: CompiledSchema, value: unknown, param: string, validate: ValidateNode): unknown[] | RestError {
  const items = sanitizeArray(value);
  const rules = schema.array;
  if (rules.sanitizeItems && rules.items !== undefined) {
    for (let i = 0; i < items.length; i++) {
      const item = sanitizeNode(rules.items, items[i], `${param}[${i}]`, validate);
      // WordPress would store the WP_Error as the item; passing it up is what callers can use.
      if (item instanceof RestError) return item;
      items[i] = item;
    }
  }
  if (rules.uniqueItems && !hasUniqueItems(items)) {
    return duplicateItems(param);
  }
  return items;
}

function sanitizeObjectValue(schema: CompiledSchema, value: unknown, param: string, validate: ValidateNode): PhpArray | RestError {
  const object = sanitizeObject(value);
  const rules = schema.object;
  if (rules.properties.size === 0 && rules.patternProperties.length === 0 && rules.additionalProperties === undefined) {
    return object;
  }
  const source = object as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  let removed = false;
  for (const key of phpKeys(object)) {
    const property = propertySchema(rules, key);
    if (property === false) {
      removed = true;
      continue;
    }
    const sanitized = property === undefined ? source[key] : sanitizeNode(property, source[key], `${param}[${key}]`, validate);
    if (sanitized instanceof RestError) return sanitized;
    setOwn(result, key, sanitized);
  }
  // A list stays a list unless a property was removed, as a PHP array would.
  return Array.isArray(object) && !removed ? Object.values(result) : result;
}
