/**
 * `rest_parse_request_arg`: validation then sanitization, compiled once per descriptor.
 */
import { compileSchema } from './compile.js';
import { sanitizeNode } from './sanitize.js';
import type { ArgSchema } from './types.js';
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
    return sanitizeNode(compiled, value, param);
  };
}
