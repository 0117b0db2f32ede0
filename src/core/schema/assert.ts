/**
 * Registration-time check of an argument descriptor's shape, with zod. Runs once per
 * route registration, never per request; unknown keywords are allowed, as in WordPress.
 */
import { z } from 'zod';
import { compileSchemaPattern } from './pattern.js';
import type { ArgSchema } from './types.js';

const isPattern = (pattern: string): boolean => compileSchemaPattern(pattern) !== undefined;

const count = z.int({ error: 'must be a whole number' }).min(0, { error: 'must not be negative' }).optional();
const flag = z.boolean({ error: 'must be true or false' }).optional();
const text = z.string({ error: 'must be a string' }).optional();
const callback = z
  .custom<((...args: never[]) => unknown) | 'schema'>((v) => typeof v === 'function' || v === 'schema', {
    error: "must be a function or 'schema'",
  })
  .optional();

const descriptor: z.ZodType = z.lazy(() =>
  z.looseObject(
    {
      title: text,
      description: text,
      type: z
        .union([z.string(), z.array(z.string()).min(1)], { error: 'must be a type name or a non-empty list of type names' })
        .optional(),
      format: text,
      enum: z.array(z.unknown(), { error: 'must be a list of allowed values' }).optional(),
      required: z.union([z.boolean(), z.array(z.string())], { error: 'must be true, false or a list of property names' }).optional(),
      items: descriptor.optional(),
      // WordPress's empty PHP array may stand for "no properties".
      properties: z
        .preprocess(
          (v) => (Array.isArray(v) && v.length === 0 ? {} : v),
          z.record(z.string(), descriptor, { error: 'must map property names to schemas' }),
        )
        .optional(),
      additionalProperties: z.union([z.boolean(), descriptor], { error: 'must be true, false or a schema' }).optional(),
      patternProperties: z
        .record(z.string().refine(isPattern, { error: 'has a property pattern that is not a valid regular expression' }), descriptor, {
          error: 'must map patterns to schemas',
        })
        .optional(),
      minProperties: count,
      maxProperties: count,
      minimum: z.number({ error: 'must be a number' }).optional(),
      maximum: z.number({ error: 'must be a number' }).optional(),
      exclusiveMinimum: flag,
      exclusiveMaximum: flag,
      multipleOf: z.number({ error: 'must be a number' }).positive({ error: 'must be greater than 0' }).optional(),
      minLength: count,
      maxLength: count,
      pattern: z.string({ error: 'must be a string' }).refine(isPattern, { error: 'is not a valid regular expression' }).optional(),
      minItems: count,
      maxItems: count,
      uniqueItems: flag,
      anyOf: z.array(descriptor, { error: 'must be a list of schemas' }).optional(),
      oneOf: z.array(descriptor, { error: 'must be a list of schemas' }).optional(),
      context: z.array(z.string(), { error: 'must be a list of context names' }).optional(),
      readonly: flag,
      validateCallback: callback,
      sanitizeCallback: callback,
    },
    { error: 'must be an object' },
  ),
);

type Issue = z.core.$ZodIssue;

/** The most specific issue: inside a failed union, the branch that got furthest. */
function deepestIssue(issue: Issue): Issue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  let best: Issue | undefined;
  for (const branch of issue.errors) {
    const first = branch[0];
    if (first !== undefined && first.path.length > 0 && (best === undefined || first.path.length > best.path.length)) {
      best = first;
    }
  }
  if (best === undefined) return issue;
  const inner = deepestIssue(best);
  return { ...inner, path: [...issue.path, ...inner.path] };
}

function describe(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  const json = JSON.stringify(value);
  if (json === undefined) return String(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Checks, at registration, that `schema` is a well-formed argument descriptor; throws a
 * `TypeError` naming `where` and the offending keyword otherwise.
 */
export function assertValidArgSchema(schema: unknown, where: string): asserts schema is ArgSchema {
  const result = descriptor.safeParse(schema);
  if (result.success) return;
  const [first] = result.error.issues;
  if (first === undefined) throw new TypeError(`${where}: invalid argument schema`);
  const issue = deepestIssue(first);
  const keyword = issue.path.map(String).join('.');
  const got = ` (got ${describe(valueAt(schema, issue.path))})`;
  const subject = keyword === '' ? 'the argument schema' : `schema keyword "${keyword}"`;
  throw new TypeError(`${where}: ${subject} ${issue.message}${got}`);
}
