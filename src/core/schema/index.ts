/**
 * WordPress 6.1's REST argument validation and sanitization (`rest_validate_value_from_schema`,
 * `rest_sanitize_value_from_schema`, `rest_parse_request_arg`) over argument descriptors.
 */
export { assertValidArgSchema } from './assert.js';
export { compileArg, compileSanitizer, compileValidator, sanitizeValue, type ParseResult } from './parse.js';
export type { ArgSchema } from './types.js';
export { validateValue } from './validate.js';
