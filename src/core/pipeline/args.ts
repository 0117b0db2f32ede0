import { checkSchemaWords, type RegistrationPolicy } from '../routing/registration-policy.js';
import { invalidParams, invalidRequest, missingParams } from '../errors/catalogue.js';
import { isRestError, type RestError } from '../errors/rest-error.js';
import { setOwn } from '../own-property.js';
import { unsafePatternError } from '../regex/safety.js';
import { assertValidArgSchema, compileArg, compileSanitizer, compileValidator, type ParseResult } from '../schema/index.js';
import { unsafeSchemaPatterns } from '../schema/pattern.js';
import type { ArgSchema, ValidateCallback } from '../schema/types.js';

type Parser = (value: unknown, param: string) => ParseResult;

/** An endpoint's args compiled once at registration: what to check, in WordPress's order. */
export interface ArgPlan {
  /** Names of args declared `required: true`, in args order. */
  required: string[];
  /** `[name, default]` for args whose default is set and not null (WordPress's `isset`). */
  defaults: Array<[string, unknown]>;
  /**
   * Args whose default their schema's own parser gives back unchanged: sanitizing that default
   * again for each request would change nothing (a schema parser depends on nothing else).
   */
  settledDefaults: Set<string>;
  /** Args with a `validateCallback`, in args order (checked before sanitizing, as `has_valid_params`). */
  validators: Array<[string, ValidateCallback]>;
  /** Per-arg sanitizer: the `sanitizeCallback` (`'schema'`: sanitization only), or schema validation + sanitization for typed args. */
  parsers: Map<string, Parser>;
  /** The endpoint's whole-request check, run after the arg validators. */
  validateRequest: ((params: Record<string, unknown>) => boolean | RestError) | undefined;
}

/** The places a parameter can come from, highest precedence first; `null` where the request has none. */
export interface ParamSources {
  json: Record<string, unknown> | null;
  body: Record<string, unknown> | null;
  query: Record<string, unknown>;
  url: Record<string, unknown>;
  defaults: Record<string, unknown>;
}

const SOURCE_ORDER = ['json', 'body', 'query', 'url', 'defaults'] as const;

/**
 * Compiles an endpoint's arg descriptors; throws on a malformed descriptor, on a keyword or type
 * the policy does not know, and on an unsafe pattern unless the policy allows them.
 */
export function compileArgs(
  args: Record<string, ArgSchema>,
  where: string,
  validateRequest: ((params: Record<string, unknown>) => boolean | RestError) | undefined,
  policy: RegistrationPolicy,
): ArgPlan {
  const plan: ArgPlan = { required: [], defaults: [], settledDefaults: new Set(), validators: [], parsers: new Map(), validateRequest };
  for (const [name, schema] of Object.entries(args)) {
    checkSchemaWords(schema, `${where} arg "${name}"`, policy);
    assertValidArgSchema(schema, `${where} arg "${name}"`);
    const unsafe = policy.unsafePatterns === 'refuse' ? unsafeSchemaPatterns(schema).next().value : undefined;
    if (unsafe)
      throw unsafePatternError(
        `${where} arg "${name}": schema keyword "${unsafe.keyword}" ${JSON.stringify(unsafe.pattern)}`,
        unsafe.hazard,
      );
    if (schema.required === true) plan.required.push(name);
    if (schema.default !== undefined && schema.default !== null) plan.defaults.push([name, schema.default]);
    const validate = schema.validateCallback === 'schema' ? compileValidator(schema) : schema.validateCallback;
    if (validate) plan.validators.push([name, validate]);
    const parser = sanitizerOf(schema);
    if (parser) plan.parsers.set(name, parser);
    if (parser && typeof schema.sanitizeCallback !== 'function' && settles(parser, schema.default, name)) plan.settledDefaults.add(name);
  }
  return plan;
}

/** `sanitize_params`' callback for an arg: its own, or `rest_parse_request_arg` for a typed arg without one. */
function sanitizerOf(schema: ArgSchema): Parser | null {
  if (schema.sanitizeCallback === 'schema') return compileSanitizer(schema);
  return schema.sanitizeCallback ?? (schema.type !== undefined ? compileArg(schema) : null);
}

/** Whether a schema parser gives a default back as it is (a string, number or boolean; objects are rebuilt). */
function settles(parser: Parser, value: unknown, name: string): boolean {
  if (value === null || (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')) return false;
  try {
    return Object.is(parser(value, name), value);
  } catch {
    return false;
  }
}

/** WordPress's `get_param`: the first source that has a non-null value. */
function getParam(sources: ParamSources, key: string): unknown {
  for (const name of SOURCE_ORDER) {
    const source = sources[name];
    if (source && Object.hasOwn(source, key)) {
      const value = source[key];
      if (value !== null && value !== undefined) return value;
    }
  }
  return undefined;
}

/** WordPress's `get_params`: every source merged, higher precedence overriding lower. */
export function mergeParams(sources: ParamSources): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (let i = SOURCE_ORDER.length - 1; i >= 0; i--) {
    const source = sources[SOURCE_ORDER[i]!];
    if (!source) continue;
    for (const key in source) if (Object.hasOwn(source, key)) setOwn(params, key, source[key]);
  }
  return params;
}

/** The defaults of a plan as a fresh source object. */
export function defaultSource(plan: ArgPlan): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const [name, value] of plan.defaults) setOwn(defaults, name, value);
  return defaults;
}

/**
 * Checks and sanitizes the request's parameters in place, in WordPress's order: missing
 * required args, then `validateCallback`s (args order), then the endpoint's `validateRequest`,
 * then each source's values through their sanitizers (source order, then request order).
 * Answers the first failing step's error.
 */
export function applyArgs(plan: ArgPlan, sources: ParamSources): RestError | null {
  if (plan.required.length > 0) {
    let missing: string[] | null = null;
    for (const name of plan.required) {
      if (getParam(sources, name) === undefined) (missing ??= []).push(name);
    }
    if (missing) {
      return missingParams(missing);
    }
  }

  if (plan.validators.length > 0) {
    let params: Record<string, string> | null = null;
    let details: Record<string, unknown> | null = null;
    for (const [name, validate] of plan.validators) {
      const value = getParam(sources, name);
      if (value === undefined) continue;
      const result = validate(value, name);
      if (result === false) setOwn((params ??= {}), name, 'Invalid parameter.');
      else if (isRestError(result)) {
        setOwn((params ??= {}), name, result.messages().join(' '));
        setOwn((details ??= {}), name, result.toJSON());
      }
    }
    if (params) return invalidParams(params, details ?? []);
  }

  if (plan.validateRequest) {
    const verdict = plan.validateRequest(mergeParams(sources));
    if (isRestError(verdict)) return verdict;
    if (verdict === false) return invalidRequest();
  }

  if (plan.parsers.size === 0) return null;
  let params: Record<string, string> | null = null;
  let details: Record<string, unknown> | null = null;
  for (const name of SOURCE_ORDER) {
    const source = sources[name];
    if (!source) continue;
    const settled = name === 'defaults' ? plan.settledDefaults : null;
    for (const key in source) {
      const parse = plan.parsers.get(key);
      if (!parse || !Object.hasOwn(source, key) || settled?.has(key)) continue;
      const result = parse(source[key], key);
      if (isRestError(result)) {
        setOwn((params ??= {}), key, result.messages().join(' '));
        setOwn((details ??= {}), key, result.toJSON());
      } else {
        setOwn(source, key, result);
      }
    }
  }
  return params ? invalidParams(params, details ?? []) : null;
}
