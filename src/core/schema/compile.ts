/**
 * Compiles an argument descriptor once into the form validation and sanitization run on:
 * types normalized, regular expressions built, messages pre-formatted, nested schemas
 * compiled. Compiled forms are cached per descriptor object.
 *
 * Keyword presence follows PHP: `isset()` (a `null` keyword is absent) or `empty()` where
 * WordPress uses it.
 */
import { formatCount, formatEnumValue, formatInt, formatList, plural } from './messages.js';
import { compileSchemaPattern } from './pattern.js';
import { isEmpty, toFloat, toPhpString } from '../php/values.js';
import { isSchemaObject, type ArgSchema } from './types.js';

/** A schema's `type`: one name, a list of names, or none. */
export type TypeSpec = string | readonly string[] | undefined;

/** A bounds check: the message suffix when the number is out of bounds, else undefined. */
type BoundsCheck = (value: number) => string | undefined;

/** The compiled form of one descriptor. */
export interface CompiledSchema {
  readonly type: TypeSpec;
  /** `title`, used in `anyOf`/`oneOf` messages. */
  readonly title: string | undefined;
  readonly anyOf: Combination | undefined;
  readonly oneOf: Combination | undefined;
  /** Allowed values, when `enum` is a non-empty list. */
  readonly enumValues: readonly unknown[] | undefined;
  /** " is not one of a, b, and c." */
  readonly enumSuffix: string;
  readonly format: string | undefined;
  readonly number: NumberRules;
  readonly string: StringRules;
  readonly array: ArrayRules;
  readonly object: ObjectRules;
}

/** `multipleOf`, `minimum`, `maximum` and their exclusive forms. */
export interface NumberRules {
  readonly multipleOf: number | undefined;
  readonly multipleOfSuffix: string;
  readonly bounds: BoundsCheck | undefined;
}

/** `minLength`, `maxLength` and `pattern`. */
export interface StringRules {
  readonly minLength: number | undefined;
  readonly tooShortSuffix: string;
  readonly maxLength: number | undefined;
  readonly tooLongSuffix: string;
  /** Present when `pattern` is set; undefined inside when JS cannot compile it (never matches). */
  readonly pattern: { readonly regex: RegExp | undefined } | undefined;
  readonly patternSuffix: string;
}

/** `items`, `minItems`, `maxItems` and `uniqueItems`. */
export interface ArrayRules {
  /** Validates items when `items` is set. */
  readonly items: CompiledSchema | undefined;
  /** Sanitization only uses a non-empty `items` (`! empty()`). */
  readonly sanitizeItems: boolean;
  readonly minItems: number | undefined;
  readonly tooFewSuffix: string;
  readonly maxItems: number | undefined;
  readonly tooManySuffix: string;
  readonly uniqueItems: boolean;
}

/** A `patternProperties` entry; a `null` schema still stops the search, as in WordPress. */
interface PatternProperty {
  readonly regex: RegExp | undefined;
  readonly schema: CompiledSchema | undefined;
}

/** `properties`, `patternProperties`, `additionalProperties`, `required` and property counts. */
export interface ObjectRules {
  /** Required property names: the draft-4 list, else the draft-3 `required: true` properties. */
  readonly required: readonly string[];
  readonly properties: ReadonlyMap<string, CompiledSchema>;
  /** Every key of `properties`, to rank object schemas in `anyOf`/`oneOf` errors. */
  readonly propertyKeys: readonly string[] | undefined;
  readonly patternProperties: readonly PatternProperty[];
  /** `false` forbids unknown properties, a schema checks them, undefined lets them through. */
  readonly additionalProperties: CompiledSchema | false | undefined;
  readonly minProperties: number | undefined;
  readonly tooFewSuffix: string;
  readonly maxProperties: number | undefined;
  readonly tooManySuffix: string;
}

/**
 * The schemas of `anyOf` or `oneOf`. WordPress copies the parent's `type` into members that
 * have none, and that type can change at run time (a match of `anyOf` gives it to `oneOf`),
 * so members without a type are compiled once per inherited type.
 */
export class Combination {
  private readonly variants = new Map<TypeSpec, readonly CompiledSchema[]>();

  constructor(
    private readonly members: readonly ArgSchema[],
    declaredType: TypeSpec,
  ) {
    this.variants.set(declaredType, this.build(declaredType));
  }

  /** The member schemas as seen with the parent's current `type`. */
  schemas(inherited: TypeSpec): readonly CompiledSchema[] {
    let schemas = this.variants.get(inherited);
    if (schemas === undefined) {
      schemas = this.build(inherited);
      this.variants.set(inherited, schemas);
    }
    return schemas;
  }

  private build(inherited: TypeSpec): readonly CompiledSchema[] {
    return this.members.map((member) =>
      isset(member.type) || inherited === undefined ? compileSchema(member) : buildSchema({ ...member, type: inherited }),
    );
  }
}

const compiled = new WeakMap<ArgSchema, CompiledSchema>();

/** The compiled form of a descriptor, built on first use and cached. */
export function compileSchema(schema: ArgSchema): CompiledSchema {
  let result = compiled.get(schema);
  if (result === undefined) {
    result = buildSchema(schema);
    compiled.set(schema, result);
  }
  return result;
}

function isset(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function optionalNumber(value: unknown): number | undefined {
  return isset(value) ? toFloat(value) : undefined;
}

function normalizeType(type: unknown): TypeSpec {
  if (!isset(type)) return undefined;
  if (Array.isArray(type)) return type.map((t) => toPhpString(t));
  return toPhpString(type);
}

function buildSchema(schema: ArgSchema): CompiledSchema {
  const type = normalizeType(schema.type);
  const enumValues = Array.isArray(schema.enum) && schema.enum.length > 0 ? schema.enum : undefined;
  return {
    type,
    title: isset(schema.title) ? toPhpString(schema.title) : undefined,
    anyOf: Array.isArray(schema.anyOf) ? new Combination(schema.anyOf, type) : undefined,
    oneOf: Array.isArray(schema.oneOf) ? new Combination(schema.oneOf, type) : undefined,
    enumValues,
    enumSuffix: enumValues === undefined ? '' : enumSuffix(enumValues),
    format: typeof schema.format === 'string' ? schema.format : undefined,
    number: numberRules(schema),
    string: stringRules(schema),
    array: arrayRules(schema),
    object: objectRules(schema),
  };
}

function enumSuffix(values: readonly unknown[]): string {
  const printed = values.map(formatEnumValue);
  return printed.length === 1 ? ` is not ${printed[0] as string}.` : ` is not one of ${formatList(printed)}.`;
}

function numberRules(schema: ArgSchema): NumberRules {
  const multipleOf = optionalNumber(schema.multipleOf);
  return {
    multipleOf,
    multipleOfSuffix: multipleOf === undefined ? '' : ` must be a multiple of ${toPhpString(schema.multipleOf)}.`,
    bounds: boundsCheck(schema),
  };
}

/** The branches of `rest_validate_number_value_from_schema`, with their `%d` messages. */
function boundsCheck(schema: ArgSchema): BoundsCheck | undefined {
  const min = optionalNumber(schema.minimum);
  const max = optionalNumber(schema.maximum);
  const exclusiveMin = !isEmpty(schema.exclusiveMinimum);
  const exclusiveMax = !isEmpty(schema.exclusiveMaximum);
  const lo = formatInt(schema.minimum);
  const hi = formatInt(schema.maximum);
  if (min !== undefined && max === undefined) {
    return exclusiveMin
      ? (v) => (v <= min ? ` must be greater than ${lo}` : undefined)
      : (v) => (v < min ? ` must be greater than or equal to ${lo}` : undefined);
  }
  if (max !== undefined && min === undefined) {
    return exclusiveMax
      ? (v) => (v >= max ? ` must be less than ${hi}` : undefined)
      : (v) => (v > max ? ` must be less than or equal to ${hi}` : undefined);
  }
  if (min === undefined || max === undefined) return undefined;
  const lower = exclusiveMin ? 'exclusive' : 'inclusive';
  const upper = exclusiveMax ? 'exclusive' : 'inclusive';
  const message = ` must be between ${lo} (${lower}) and ${hi} (${upper})`;
  const belowMin = exclusiveMin ? (v: number) => v <= min : (v: number) => v < min;
  const aboveMax = exclusiveMax ? (v: number) => v >= max : (v: number) => v > max;
  return (v) => (aboveMax(v) || belowMin(v) ? message : undefined);
}

function stringRules(schema: ArgSchema): StringRules {
  const minLength = optionalNumber(schema.minLength);
  const maxLength = optionalNumber(schema.maxLength);
  const pattern = isset(schema.pattern) ? toPhpString(schema.pattern) : undefined;
  return {
    minLength,
    tooShortSuffix: ` must be at least ${formatCount(minLength)} ${plural(minLength, 'character', 'characters')} long.`,
    maxLength,
    tooLongSuffix: ` must be at most ${formatCount(maxLength)} ${plural(maxLength, 'character', 'characters')} long.`,
    pattern: pattern === undefined ? undefined : { regex: compileSchemaPattern(pattern) },
    patternSuffix: ` does not match pattern ${pattern ?? ''}.`,
  };
}

function arrayRules(schema: ArgSchema): ArrayRules {
  const minItems = optionalNumber(schema.minItems);
  const maxItems = optionalNumber(schema.maxItems);
  const items = isSchemaObject(schema.items) ? schema.items : undefined;
  return {
    items: items === undefined ? undefined : compileSchema(items),
    sanitizeItems: items !== undefined && Object.keys(items).length > 0,
    minItems,
    tooFewSuffix: ` must contain at least ${formatCount(minItems)} ${plural(minItems, 'item', 'items')}.`,
    maxItems,
    tooManySuffix: ` must contain at most ${formatCount(maxItems)} ${plural(maxItems, 'item', 'items')}.`,
    uniqueItems: !isEmpty(schema.uniqueItems),
  };
}

function objectRules(schema: ArgSchema): ObjectRules {
  const propertySources = isset(schema.properties) ? Object.entries(schema.properties as object) : [];
  const properties = new Map<string, CompiledSchema>();
  for (const [name, property] of propertySources) {
    if (isSchemaObject(property)) properties.set(name, compileSchema(property));
  }
  const patternProperties = isSchemaObject(schema.patternProperties)
    ? Object.entries(schema.patternProperties).map(([pattern, property]) => ({
        regex: compileSchemaPattern(pattern),
        schema: isSchemaObject(property) ? compileSchema(property) : undefined,
      }))
    : [];
  const additional = schema.additionalProperties;
  const minProperties = optionalNumber(schema.minProperties);
  const maxProperties = optionalNumber(schema.maxProperties);
  return {
    required: requiredProperties(schema, propertySources),
    properties,
    propertyKeys: isset(schema.properties) ? propertySources.map(([name]) => name) : undefined,
    patternProperties,
    additionalProperties: additional === false ? false : isSchemaObject(additional) ? compileSchema(additional) : undefined,
    minProperties,
    tooFewSuffix: ` must contain at least ${formatCount(minProperties)} ${plural(minProperties, 'property', 'properties')}.`,
    maxProperties,
    tooManySuffix: ` must contain at most ${formatCount(maxProperties)} ${plural(maxProperties, 'property', 'properties')}.`,
  };
}

/** Draft 4 (`required: ["a"]` on the object) wins; else draft 3 (`required: true` on a property). */
function requiredProperties(schema: ArgSchema, propertySources: ReadonlyArray<[string, unknown]>): string[] {
  if (Array.isArray(schema.required)) return schema.required.map((name) => toPhpString(name));
  return propertySources.filter(([, property]) => isSchemaObject(property) && property.required === true).map(([name]) => name);
}

/** The schema a property's value must match: `false` when forbidden, undefined when unchecked. */
export function propertySchema(rules: ObjectRules, name: string): CompiledSchema | false | undefined {
  const property = rules.properties.get(name);
  if (property !== undefined) return property;
  for (const entry of rules.patternProperties) {
    if (entry.regex?.test(name) === true) {
      if (entry.schema !== undefined) return entry.schema;
      break;
    }
  }
  return rules.additionalProperties;
}
