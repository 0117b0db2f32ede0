/**
 * `rest_validate_value_from_schema` and its per-type helpers, over compiled schemas.
 * Validity is `undefined`; a failure is the first {@link RestError} found.
 */
import { RestError } from '../errors/rest-error.js';
import {
  BUILT_IN_TYPES,
  handleMultiType,
  hasUniqueItems,
  isArrayLike,
  isBooleanLike,
  isIntegerLike,
  isObjectLike,
  sanitizeArray,
  sanitizeObject,
  valuesEqual,
} from './coerce.js';
import { findAnyMatching, findOneMatching } from './combine.js';
import { compileSchema, propertySchema, type CompiledSchema, type TypeSpec } from './compile.js';
import {
  duplicateItems,
  invalidDate,
  invalidEmail,
  invalidHexColor,
  invalidIp,
  invalidType,
  invalidUuid,
  notInEnum,
  notMultipleOf,
  outOfBounds,
  patternMismatch,
  propertyForbidden,
  propertyRequired,
  tooFewItems,
  tooFewProperties,
  tooLong,
  tooManyItems,
  tooManyProperties,
  tooShort,
} from './errors.js';
import { isDateTime, isEmail, isHexColor, isIpAddress, isUuid } from './formats.js';
import { numericValue, phpKeyExists, phpKeys } from '../php/values.js';
import { mbStrlen } from '../php/strings.js';
import { sanitizeNode } from './sanitize.js';
import type { ArgSchema } from './types.js';

/** Validates a value against a descriptor, as WordPress's `rest_validate_value_from_schema`. */
export function validateValue(value: unknown, schema: ArgSchema, param = ''): true | RestError {
  return validateNode(compileSchema(schema), value, param) ?? true;
}

/** Validates against a compiled schema: undefined when valid, else the error. */
export function validateNode(schema: CompiledSchema, value: unknown, param: string): RestError | undefined {
  let type: TypeSpec = schema.type;
  if (schema.anyOf !== undefined) {
    const match = findAnyMatching(schema.anyOf, type, value, param, validateNode);
    if (match instanceof RestError) return match;
    if (type === undefined) type = match.type;
  }
  if (schema.oneOf !== undefined) {
    const match = findOneMatching(schema.oneOf, type, value, param, validateNode);
    if (match instanceof RestError) return match;
    if (type === undefined) type = match.type;
  }
  if (type !== undefined && typeof type !== 'string') {
    const best = handleMultiType(value, type);
    if (best === '') return invalidType(param, type.join(','));
    type = best;
  }
  const error = validateType(schema, type, value, param);
  if (error !== undefined) return error;
  if (schema.enumValues !== undefined) {
    const enumError = validateEnum(schema, type, value, param);
    if (enumError !== undefined) return enumError;
  }
  // WordPress applies "format" to strings, and for backward compatibility to untyped values.
  if (schema.format !== undefined && (type === undefined || type === 'string' || !BUILT_IN_TYPES.has(type))) {
    return validateFormat(schema.format, value, param);
  }
  return undefined;
}

function validateType(schema: CompiledSchema, type: string | undefined, value: unknown, param: string): RestError | undefined {
  switch (type) {
    case 'null':
      return value === null ? undefined : invalidType(param, 'null');
    case 'boolean':
      return isBooleanLike(value) ? undefined : invalidType(param, 'boolean');
    case 'object':
      return validateObject(schema, value, param);
    case 'array':
      return validateArray(schema, value, param);
    case 'number':
      return validateNumber(schema, value, param, 'number');
    case 'string':
      return validateString(schema, value, param);
    case 'integer':
      return validateNumber(schema, value, param, 'integer') ?? (isIntegerLike(value) ? undefined : invalidType(param, 'integer'));
    default:
      return undefined;
  }
}

/** `rest_validate_enum`: the sanitized value must equal one of the allowed values. */
function validateEnum(schema: CompiledSchema, type: string | undefined, value: unknown, param: string): RestError | undefined {
  const sanitized = sanitizeNode(schema, value, param, validateNode, type);
  if (sanitized instanceof RestError) return sanitized;
  for (const allowed of schema.enumValues ?? []) {
    if (valuesEqual(sanitized, allowed)) return undefined;
  }
  return notInEnum(param, schema.enumSuffix);
}

function validateFormat(format: string, value: unknown, param: string): RestError | undefined {
  switch (format) {
    case 'hex-color':
      return isHexColor(value) ? undefined : invalidHexColor();
    case 'date-time':
      return isDateTime(value) ? undefined : invalidDate();
    case 'email':
      return isEmail(value) ? undefined : invalidEmail();
    case 'ip':
      return isIpAddress(value) ? undefined : invalidIp(param);
    case 'uuid':
      return isUuid(value) ? undefined : invalidUuid(param);
    default:
      return undefined;
  }
}

function validateObject(schema: CompiledSchema, value: unknown, param: string): RestError | undefined {
  if (!isObjectLike(value)) return invalidType(param, 'object');
  const object = sanitizeObject(value);
  const rules = schema.object;
  const record = object as Record<string, unknown>;
  for (const name of rules.required) {
    if (!phpKeyExists(object, name)) {
      return propertyRequired(name, param);
    }
  }
  const keys = phpKeys(object);
  for (const key of keys) {
    const property = propertySchema(rules, key);
    if (property === false) {
      return propertyForbidden(key);
    }
    if (property !== undefined) {
      const error = validateNode(property, record[key], `${param}[${key}]`);
      if (error !== undefined) return error;
    }
  }
  if (rules.minProperties !== undefined && keys.length < rules.minProperties) {
    return tooFewProperties(param, rules.tooFewSuffix);
  }
  if (rules.maxProperties !== undefined && keys.length > rules.maxProperties) {
    return tooManyProperties(param, rules.tooManySuffix);
  }
  return undefined;
}

function validateArray(schema: CompiledSchema, value: unknown, param: string): RestError | undefined {
  if (!isArrayLike(value)) return invalidType(param, 'array');
  const items = sanitizeArray(value);
  const rules = schema.array;
  if (rules.items !== undefined) {
    for (let i = 0; i < items.length; i++) {
      const error = validateNode(rules.items, items[i], `${param}[${i}]`);
      if (error !== undefined) return error;
    }
  }
  if (rules.minItems !== undefined && items.length < rules.minItems) {
    return tooFewItems(param, rules.tooFewSuffix);
  }
  if (rules.maxItems !== undefined && items.length > rules.maxItems) {
    return tooManyItems(param, rules.tooManySuffix);
  }
  if (rules.uniqueItems && !hasUniqueItems(items)) {
    return duplicateItems(param);
  }
  return undefined;
}

function validateNumber(schema: CompiledSchema, value: unknown, param: string, type: string): RestError | undefined {
  const n = numericValue(value);
  if (n === undefined) return invalidType(param, type);
  const rules = schema.number;
  if (rules.multipleOf !== undefined && n % rules.multipleOf !== 0) {
    return notMultipleOf(param, rules.multipleOfSuffix);
  }
  const boundsSuffix = rules.bounds?.(n);
  return boundsSuffix === undefined ? undefined : outOfBounds(param, boundsSuffix);
}

function validateString(schema: CompiledSchema, value: unknown, param: string): RestError | undefined {
  if (typeof value !== 'string') return invalidType(param, 'string');
  const rules = schema.string;
  if (rules.minLength !== undefined || rules.maxLength !== undefined) {
    const length = mbStrlen(value);
    if (rules.minLength !== undefined && length < rules.minLength) {
      return tooShort(param, rules.tooShortSuffix);
    }
    if (rules.maxLength !== undefined && length > rules.maxLength) {
      return tooLong(param, rules.tooLongSuffix);
    }
  }
  if (rules.pattern !== undefined && rules.pattern.regex?.test(value) !== true) {
    return patternMismatch(param, rules.patternSuffix);
  }
  return undefined;
}
