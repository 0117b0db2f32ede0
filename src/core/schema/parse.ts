/**
 * `rest_parse_request_arg`: validation then sanitization, compiled once per descriptor; and
 * `rest_sanitize_value_from_schema` on its own. Sanitization searches `anyOf`/`oneOf` members by
 * validating them, so this is where the two are joined.
 */
import { compileSchema } from './compile.js';
import { sanitizeNode } from './sanitize.js';
import type { ArgSchema, ValidateCallback } from './types.js';
import { validateNode } from './validate.js';

/**
 * The outcome of parsing one argument: its sanitized value, or a {@link RestError} saying why it
 * is invalid. Request data never holds a RestError, so the instance alone marks a failure and
 * a valid value needs no wrapper object.
 */
export type ParseResult = unknown;

/** A compiled argument parser: the value and its parameter name in, a {@link ParseResult} out. */
type ArgParser = (value: unknown, param: string) => ParseResult;

/** Compiles a descriptor into WordPress's `rest_parse_request_arg` (validate, then sanitize). */
export function compileArg(schema: ArgSchema): ArgParser {
  const compiled = compileSchema(schema);
  return (value, param) => {
    const error = validateNode(compiled, value, param);
    if (error !== undefined) return error;
    return sanitizeNode(compiled, value, param, validateNode);
  };
}

/** Compiles a descriptor into WordPress's `rest_validate_request_arg`: validation alone. */
export function compileValidator(schema: ArgSchema): ValidateCallback {
  const compiled = compileSchema(schema);
  return (value, param) => validateNode(compiled, value, param) ?? true;
}

/** Compiles a descriptor into WordPress's `rest_sanitize_request_arg`: sanitization alone. */
export function compileSanitizer(schema: ArgSchema): ArgParser {
  const compiled = compileSchema(schema);
  return (value, param) => sanitizeNode(compiled, value, param, validateNode);
}

/**
 * Sanitizes a value with a descriptor, as WordPress's `rest_sanitize_value_from_schema`;
 * answers a {@link RestError} where WordPress answers a `WP_Error`.
 */
export function sanitizeValue(value: unknown, schema: ArgSchema, param = ''): unknown {
  return sanitizeNode(compileSchema(schema), value, param, validateNode);
}
