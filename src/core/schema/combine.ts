/**
 * `anyOf` and `oneOf`: finding the matching member schema, and WordPress's choice of the
 * error to report when none (or, for `oneOf`, more than one) matches.
 */
import type { RestError } from '../errors/rest-error.js';
import type { Combination, CompiledSchema, TypeSpec } from './compile.js';
import { isInvalidType, matchesMoreThanOne, matchesNone, memberMismatch } from './errors.js';
import { isPhpArray, phpKeyExists } from '../php/values.js';

/** Validation of one member schema (`rest_validate_value_from_schema`), handed in by the caller: validation and sanitization both search members, and validation itself recurses through them. */
export type ValidateNode = (schema: CompiledSchema, value: unknown, param: string) => RestError | undefined;

interface Failure {
  readonly error: RestError;
  readonly schema: CompiledSchema;
  readonly index: number;
}

/** `rest_find_any_matching_schema`: the first member the value is valid against. */
export function findAnyMatching(
  combination: Combination,
  inherited: TypeSpec,
  value: unknown,
  param: string,
  validateNode: ValidateNode,
): CompiledSchema | RestError {
  const schemas = combination.schemas(inherited);
  const failures: Failure[] = [];
  for (let index = 0; index < schemas.length; index++) {
    const schema = schemas[index] as CompiledSchema;
    const error = validateNode(schema, value, param);
    if (error === undefined) return schema;
    failures.push({ error, schema, index });
  }
  return combiningError(value, param, failures);
}

/** `rest_find_one_matching_schema`: the only member the value is valid against. */
export function findOneMatching(
  combination: Combination,
  inherited: TypeSpec,
  value: unknown,
  param: string,
  validateNode: ValidateNode,
): CompiledSchema | RestError {
  const schemas = combination.schemas(inherited);
  const failures: Failure[] = [];
  const positions: number[] = [];
  for (let index = 0; index < schemas.length; index++) {
    const schema = schemas[index] as CompiledSchema;
    const error = validateNode(schema, value, param);
    if (error === undefined) positions.push(index);
    else failures.push({ error, schema, index });
  }
  if (positions.length === 0) return combiningError(value, param, failures);
  if (positions.length === 1) return schemas[positions[0] as number] as CompiledSchema;
  return matchesMoreThanOne(
    param,
    positions.map((i) => schemas[i]?.title),
    positions,
  );
}

/** `rest_get_combining_operation_error`. */
function combiningError(value: unknown, param: string, failures: readonly Failure[]): RestError {
  if (failures.length === 1) return formatFailure(param, failures[0] as Failure);
  // Type mismatches of the value itself say little; errors from deeper down say more.
  const telling = failures.filter(({ error }) => {
    const reported = error.data?.param;
    return !isInvalidType(error) || (reported !== undefined && reported !== param);
  });
  if (telling.length === 1) return formatFailure(param, telling[0] as Failure);
  if (telling.length > 1 && telling[0]?.schema.type === 'object') {
    const best = closestObjectSchema(value, telling);
    if (best !== undefined) return formatFailure(param, best);
  }
  return matchesNone(
    param,
    failures.map(({ schema }) => schema.title),
  );
}

/** The object schema sharing the most property names with the value (the first on ties). */
function closestObjectSchema(value: unknown, failures: readonly Failure[]): Failure | undefined {
  if (!isPhpArray(value)) return undefined;
  let best: Failure | undefined;
  let bestCount = 0;
  for (const failure of failures) {
    const keys = failure.schema.object.propertyKeys;
    if (keys === undefined) continue;
    const count = keys.filter((key) => phpKeyExists(value, key)).length;
    if (count > bestCount) {
      best = failure;
      bestCount = count;
    }
  }
  return best;
}

/** `rest_format_combining_operation_error`. */
function formatFailure(param: string, { error, schema, index }: Failure): RestError {
  return memberMismatch(param, schema.title, error.message, index);
}
