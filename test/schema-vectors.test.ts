/**
 * Replays WordPress 6.1's recorded `rest_validate_value_from_schema` and
 * `rest_sanitize_value_from_schema` results (test/fixtures/schema-vectors.jsonl).
 *
 * Values are JSON.parse'd, so `{}` and `[]` both reach our functions, as PHP arrays reach
 * WordPress's. Sanitized results are compared as PHP sees them: lists and objects with
 * keys "0".."n-1" are the same array, and `{}` equals `[]`.
 *
 * Where WordPress threw a PHP TypeError (an `exception` field: `is_email()` or `ltrim()` given
 * an array), it returned nothing to compare: a throwing validation must still be a rejection
 * (we answer the format's error), and a throwing sanitization is not compared.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RestError } from '../src/core/errors/rest-error.js';
import { sanitizeValue, validateValue, type ArgSchema } from '../src/core/schema/index.js';

interface Vector {
  id: number;
  schema: ArgSchema;
  value: unknown;
  param: string;
  valid: boolean;
  error: { code: string; message: string; data: unknown } | null;
  sanitized: unknown;
  exception?: string;
}

const vectors: Vector[] = readFileSync(fileURLToPath(new URL('./fixtures/schema-vectors.jsonl', import.meta.url)), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Vector);

/**
 * Vectors we knowingly answer differently, with the reason. The test fails when another
 * vector disagrees, and when one of these starts to agree (so the list only shrinks).
 */
const ALLOWED_DISAGREEMENTS: ReadonlyMap<number, string> = new Map<number, string>([]);

type Entry = [string, unknown];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function phpEntries(value: unknown[] | Record<string, unknown>): Entry[] {
  return Array.isArray(value) ? value.map((v, i): Entry => [String(i), v]) : Object.entries(value);
}

/** Equality of two decoded JSON values as PHP arrays and scalars. */
function phpEqual(a: unknown, b: unknown): boolean {
  if (isRecord(a) && isRecord(b)) {
    const ea = phpEntries(a);
    const eb = phpEntries(b);
    return ea.length === eb.length && ea.every(([k, v], i) => eb[i]?.[0] === k && phpEqual(v, eb[i]?.[1]));
  }
  if (typeof a === 'number' && typeof b === 'number') return a === b || (Number.isNaN(a) && Number.isNaN(b));
  return a === b;
}

/**
 * JSON cannot hold INF or NAN, and the recorder's json_encode wrote them as 0 (partial
 * output on error); an infinite or NaN result of ours stands for what WordPress returned.
 */
function sanitizedEqual(ours: unknown, recorded: unknown): boolean {
  if (typeof ours === 'number' && !Number.isFinite(ours)) return recorded === 0;
  return phpEqual(ours, recorded);
}

/** Whether one aspect agrees; undefined where WordPress gave nothing to compare. */
type Verdict = boolean | undefined;

interface Outcome {
  id: number;
  validity: Verdict;
  /** Undefined where WordPress threw a PHP TypeError instead of returning an error. */
  code: Verdict;
  /** Undefined where WordPress's sanitize threw a PHP TypeError. */
  sanitized: Verdict;
  /** Error message and data, of validation and of a sanitize WP_Error. */
  message: Verdict;
  detail: string;
}

function replay(vector: Vector): Outcome {
  const problems: string[] = [];
  const result = validateValue(vector.value, vector.schema, vector.param);
  const validity = (result === true) === vector.valid;
  if (!validity) problems.push(`valid ${String(result === true)} != ${String(vector.valid)}`);

  let code: Verdict;
  let message: Verdict;
  if (vector.error !== null) {
    code = result instanceof RestError && result.code === vector.error.code;
    message = result instanceof RestError && result.message === vector.error.message && phpEqual(result.data, vector.error.data);
    if (!code || !message) problems.push(`error ${JSON.stringify(result)} != ${JSON.stringify(vector.error)}`);
  } else if (vector.valid) {
    code = result === true;
  }

  let sanitized: Verdict;
  const ours = sanitizeValue(vector.value, vector.schema, vector.param);
  const expected = vector.sanitized;
  if (isRecord(expected) && 'wp_error' in expected) {
    const wpError = expected.wp_error as { code: string; message: string };
    sanitized = ours instanceof RestError && ours.code === wpError.code;
    message = (message ?? true) && ours instanceof RestError && ours.message === wpError.message;
    if (!sanitized || !message) problems.push(`sanitized ${JSON.stringify(ours)} != WP_Error ${JSON.stringify(wpError)}`);
  } else if (!(isRecord(expected) && 'exception' in expected)) {
    sanitized = !(ours instanceof RestError) && sanitizedEqual(ours, expected);
    if (!sanitized) problems.push(`sanitized ${JSON.stringify(ours)} != ${JSON.stringify(expected)}`);
  }
  return {
    id: vector.id,
    validity,
    code,
    sanitized,
    message,
    detail: `#${vector.id} ${JSON.stringify(vector.schema)} ${JSON.stringify(vector.value)}: ${problems.join('; ')}`,
  };
}

function rate(outcomes: readonly Outcome[], aspect: 'validity' | 'code' | 'sanitized' | 'message'): string {
  const compared = outcomes.filter((o) => o[aspect] !== undefined);
  return `${aspect} ${compared.filter((o) => o[aspect] === true).length}/${compared.length}`;
}

const agrees = (o: Outcome): boolean => o.validity !== false && o.code !== false && o.sanitized !== false;

describe('WordPress 6.1 schema vectors', () => {
  const outcomes = vectors.map(replay);
  const agreeing = outcomes.filter(agrees).length;
  const disagreeing = outcomes.filter((o) => !agrees(o) || o.message === false);

  it('has every vector', () => {
    expect(vectors).toHaveLength(4172);
  });

  it('agrees on validity, error code and sanitized value for at least 99.5% of vectors', () => {
    const rates = (['validity', 'code', 'sanitized', 'message'] as const).map((aspect) => rate(outcomes, aspect));
    console.info(`schema vectors: ${agreeing}/${outcomes.length} agree on validity, code and sanitized value (${rates.join(', ')})`);
    expect(agreeing / outcomes.length).toBeGreaterThanOrEqual(0.995);
  });

  it('disagrees only where the allow-list says why', () => {
    const unexpected = disagreeing.filter((o) => !ALLOWED_DISAGREEMENTS.has(o.id)).map((o) => o.detail);
    expect(unexpected).toEqual([]);
  });

  it('keeps no stale allow-list entries', () => {
    const disagreeingIds = new Set(disagreeing.map((o) => o.id));
    const stale = [...ALLOWED_DISAGREEMENTS.keys()].filter((id) => !disagreeingIds.has(id));
    expect(stale).toEqual([]);
  });
});
