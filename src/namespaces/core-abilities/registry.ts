// WordPress 6.9's ability and ability-category registries (`WP_Abilities_Registry`,
// `WP_Ability_Categories_Registry`, `WP_Ability::prepare_properties`) as a value a host holds:
// no global, so two servers given two registries share nothing. Registration refuses what
// WordPress refuses (with its `_doing_it_wrong` messages, thrown), and schemas the way routes'
// args are refused: unknown keywords or types, malformed descriptors, super-linear patterns.
import type { RestError } from '../../core/errors/rest-error.js';
import { isPlainObject } from '../../core/own-property.js';
import { unsafePatternError } from '../../core/regex/safety.js';
import { checkSchemaWords, registrationPolicy } from '../../core/routing/registration-policy.js';
import { assertValidArgSchema, compileSanitizer, compileValidator } from '../../core/schema/index.js';
import { unsafeSchemaPatterns } from '../../core/schema/pattern.js';
import type { ArgSchema, ValidateCallback } from '../../core/schema/types.js';
import type { ArgValue } from '../../core/typed-params.js';
import type { RestContext, RestUser } from '../../core/types.js';
import type { SiteStore } from '../../store/types.js';

/** What an ability's `permission` and `execute` run with: the caller, the site, its store, and the request's signal. */
export interface AbilityContext {
  /** Who runs it (null: anonymous): the REST request's user, or an MCP session's. */
  user: RestUser | null;
  /** The site facts, as handlers see them. */
  site: RestContext['site'];
  /** The server's site store. */
  store: SiteStore;
  /** Aborts when the caller stops waiting. */
  signal: AbortSignal;
}

/** The property names a draft-4 `required` list names. */
type RequiredNames<S> = S extends { required: readonly (infer R)[] } ? R : never;

/** An object schema's properties, typed; a property is required where the `required` list (draft 4) or its own `required: true` (draft 3) says so. */
type ObjectValue<P, R> = {
  [K in keyof P as K extends R ? K : P[K] extends { required: true } ? K : never]: SchemaValue<P[K]>;
} & {
  [K in keyof P as K extends R ? never : P[K] extends { required: true } ? never : K]?: SchemaValue<P[K]>;
} & Record<string, unknown>;

/** A JSON Schema's value type, as an arg's (`ArgValue`), with draft-4 `required` lists, which ability schemas use, typing their properties as present. */
export type SchemaValue<S> = S extends { enum: readonly unknown[] }
  ? ArgValue<S>
  : S extends { type: 'array'; items: infer I }
    ? SchemaValue<I>[]
    : S extends { type: 'object'; properties: infer P }
      ? ObjectValue<P, RequiredNames<S>>
      : ArgValue<S>;

/** The input `permission` and `execute` get for an input schema `I`: its value as the schema types it (as a handler's params are typed from its args); none without a schema. */
export type AbilityInput<I> = I extends ArgSchema ? SchemaValue<I> : undefined;

/** What `execute` answers for an output schema `O`: its value as the schema types it; anything without one. */
export type AbilityOutput<O> = O extends ArgSchema ? SchemaValue<O> : unknown;

/** What an answer may be: the value, or a promise of it. */
type MaybePromise<T> = T | Promise<T>;

/** WordPress's ability annotations: hints for clients; `readonly` and `destructive` + `idempotent` also decide the run method. */
export interface AbilityAnnotations {
  /** The ability changes nothing (runs with GET). */
  readonly?: boolean | null;
  /** It may destroy data (with `idempotent`: runs with DELETE). */
  destructive?: boolean | null;
  /** Running it again with the same input changes nothing more. */
  idempotent?: boolean | null;
}

/** An ability's `meta`: its annotations, whether REST (and so MCP) shows it, and any further keys, listed as given. */
export interface AbilityMetaDefinition {
  /** Annotations (each absent one is null, as WordPress's defaults). */
  annotations?: AbilityAnnotations;
  /** Listed and runnable over REST (WordPress's `show_in_rest`; default false). */
  showInRest?: boolean;
  /** Further meta, shown as given. */
  readonly [key: string]: unknown;
}

/** An ability as a host registers it (`wp_register_ability`'s arguments); `I` and `O` type `execute` from the schemas. */
export interface AbilityDefinition<
  I extends ArgSchema | undefined = ArgSchema | undefined,
  O extends ArgSchema | undefined = ArgSchema | undefined,
> {
  /** `namespace/ability`: lowercase letters, digits and dashes on each side of one slash. */
  name: string;
  /** Human-readable label. */
  label: string;
  /** What it does, for people and agents. */
  description: string;
  /** The slug of a registered category. */
  category: string;
  /** JSON Schema of the input (WordPress's schema keywords); without one, the ability takes no input. */
  inputSchema?: I;
  /** JSON Schema every result is checked against; without one, any result goes out. */
  outputSchema?: O;
  /** Annotations, `showInRest`, further meta. */
  meta?: AbilityMetaDefinition;
  /** Whether the caller may run it with this (validated) input: true, false, or an error whose code and message are answered. */
  permission(input: AbilityInput<I>, context: AbilityContext): MaybePromise<boolean | RestError>;
  /** Runs it with the validated input: the result, or an error answered as it is. */
  execute(input: AbilityInput<I>, context: AbilityContext): MaybePromise<AbilityOutput<O> | RestError>;
}

/** Any ability definition, whatever its schemas: what a list of definitions holds (each made with `defineAbility` keeps its own types). */
export interface AnyAbilityDefinition extends Omit<AbilityDefinition, 'permission' | 'execute'> {
  /** The ability's permission, taking its own input. */
  permission(input: never, context: AbilityContext): MaybePromise<boolean | RestError>;
  /** The ability's execute, taking its own input. */
  execute(input: never, context: AbilityContext): unknown;
}

/** A category as a host registers it (`wp_register_ability_category`'s arguments). */
export interface AbilityCategoryDefinition {
  /** Lowercase letters and digits, in dash-separated words. */
  slug: string;
  /** Human-readable label. */
  label: string;
  /** What its abilities are about. */
  description: string;
  /** Further data, shown as given. */
  meta?: Readonly<Record<string, unknown>>;
}

/** A registered category. */
export interface AbilityCategory {
  readonly slug: string;
  readonly label: string;
  readonly description: string;
  readonly meta: Readonly<Record<string, unknown>>;
}

/** A registered ability: its definition with WordPress's defaults filled in, and its schemas compiled. */
export interface Ability {
  readonly name: string;
  readonly label: string;
  readonly description: string;
  readonly category: string;
  /** The input schema; undefined where none (or an empty one) was given. */
  readonly inputSchema: ArgSchema | undefined;
  /** The output schema; undefined where none was given. */
  readonly outputSchema: ArgSchema | undefined;
  /** Every annotation (null where not given), whether REST shows it, and the further meta given. */
  readonly annotations: Required<AbilityAnnotations>;
  readonly showInRest: boolean;
  readonly extraMeta: Readonly<Record<string, unknown>>;
  /** `WP_Ability::validate_input`'s schema check of the normalised input, as the param `input`. */
  readonly validateInput: ValidateCallback | undefined;
  /** `rest_sanitize_value_from_schema` over valid input, so `execute` gets the types its schema names. */
  readonly sanitizeInput: ((value: unknown) => unknown) | undefined;
  /** The schema check of a result, as the param `output`. */
  readonly validateOutput: ValidateCallback | undefined;
  /** The host's permission callback. */
  permission(input: unknown, context: AbilityContext): MaybePromise<boolean | RestError>;
  /** The host's execute callback. */
  execute(input: unknown, context: AbilityContext): MaybePromise<unknown>;
}

/** A server's abilities and categories: register into it at any time; the server lists and runs what it holds. */
export interface AbilityRegistry {
  /** Registers a category; throws with WordPress's message when the slug or a field is invalid or the slug is taken. */
  registerAbilityCategory(category: AbilityCategoryDefinition): AbilityCategory;
  /** Registers an ability, `execute` typed from its schemas; throws with WordPress's message (or the schema's fault) when invalid. */
  registerAbility<const I extends ArgSchema | undefined = undefined, const O extends ArgSchema | undefined = undefined>(
    definition: AbilityDefinition<I, O>,
  ): Ability;
  /** An ability by name. */
  getAbility(name: string): Ability | undefined;
  /** Every ability, in registration order. */
  getAbilities(): Ability[];
  /** A category by slug. */
  getAbilityCategory(slug: string): AbilityCategory | undefined;
  /** Every category, in registration order. */
  getAbilityCategories(): AbilityCategory[];
}

/** `WP_Abilities_Registry::register`'s name rule. */
const ABILITY_NAME = /^[a-z0-9-]+\/[a-z0-9-]+$/;
/** `WP_Ability_Categories_Registry::register`'s slug rule. */
const CATEGORY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Ability schemas are checked as strictly as a default server checks routes' args: WordPress's keywords only, linear-time patterns. */
const SCHEMA_POLICY = registrationPolicy({});

const refuse = (message: string): TypeError => new TypeError(`site-rest: ${message}`);

const isFilledText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** PHP's `empty()` of a schema: absent, or an object without keys. */
const isEmptySchema = (schema: unknown): boolean => schema === undefined || (isPlainObject(schema) && Object.keys(schema).length === 0);

/** Refuses a schema the route args would refuse: unknown words, a malformed descriptor, a pattern open to ReDoS. */
function checkSchema(schema: unknown, where: string): asserts schema is ArgSchema {
  if (!isPlainObject(schema)) throw refuse(`${where} must be a JSON Schema object`);
  checkSchemaWords(schema, where, SCHEMA_POLICY);
  assertValidArgSchema(schema, `site-rest: ${where}`);
  const unsafe = unsafeSchemaPatterns(schema).next().value;
  if (unsafe) throw unsafePatternError(`${where} at schema keyword "${unsafe.keyword}" ${JSON.stringify(unsafe.pattern)}`, unsafe.hazard);
  for (const callback of ['validateCallback', 'sanitizeCallback'])
    if (hasCallback(schema, callback))
      throw refuse(`${where} names a ${callback}: an ability's schema is plain JSON Schema, shown to clients as written`);
}

/** Whether a keyword stands anywhere in a schema, nested schemas included. */
function hasCallback(schema: unknown, keyword: string): boolean {
  if (Array.isArray(schema)) return schema.some((item) => hasCallback(item, keyword));
  if (!isPlainObject(schema)) return false;
  return Object.hasOwn(schema, keyword) || Object.values(schema).some((value) => hasCallback(value, keyword));
}

/** `WP_Ability::prepare_properties`' meta checks and defaults. */
function abilityMeta(meta: unknown, name: string): Pick<Ability, 'annotations' | 'showInRest' | 'extraMeta'> {
  if (meta !== undefined && !isPlainObject(meta))
    throw refuse(`ability "${name}": The ability properties should provide a valid \`meta\` array.`);
  const { annotations = {}, showInRest = false, ...extraMeta } = (meta ?? {}) as AbilityMetaDefinition;
  if (!isPlainObject(annotations)) throw refuse(`ability "${name}": The ability meta should provide a valid \`annotations\` array.`);
  if (typeof showInRest !== 'boolean') throw refuse(`ability "${name}": The ability meta should provide a valid \`showInRest\` boolean.`);
  const given = annotations as AbilityAnnotations;
  for (const [key, value] of Object.entries(given)) {
    if (value !== null && typeof value !== 'boolean')
      throw refuse(`ability "${name}": annotation \`${key}\` must be true, false or null (got ${JSON.stringify(value)})`);
  }
  if ('show_in_rest' in extraMeta) throw refuse(`ability "${name}": write meta.show_in_rest as meta.showInRest`);
  return {
    // WordPress's defaults first, in their order, then any further annotation as given.
    annotations: {
      readonly: null,
      destructive: null,
      idempotent: null,
      ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)),
    },
    showInRest,
    extraMeta,
  };
}

/** A registry without any category or ability (`createAbilityRegistry` adds WordPress's core ones). */
export function emptyAbilityRegistry(): AbilityRegistry {
  const abilities = new Map<string, Ability>();
  const categories = new Map<string, AbilityCategory>();

  const registerAbilityCategory = (definition: AbilityCategoryDefinition): AbilityCategory => {
    if (!isPlainObject(definition)) throw refuse('registerAbilityCategory takes { slug, label, description, meta? }');
    const { slug, label, description, meta = {} } = definition;
    if (typeof slug === 'string' && categories.has(slug)) throw refuse(`Ability category "${slug}" is already registered.`);
    if (typeof slug !== 'string' || !CATEGORY_SLUG.test(slug))
      throw refuse(`Ability category slug must contain only lowercase alphanumeric characters and dashes (got ${JSON.stringify(slug)}).`);
    if (!isFilledText(label)) throw refuse(`category "${slug}": The category properties must contain a \`label\` string.`);
    if (!isFilledText(description)) throw refuse(`category "${slug}": The category properties must contain a \`description\` string.`);
    if (!isPlainObject(meta)) throw refuse(`category "${slug}": The category properties should provide a valid \`meta\` array.`);
    const category: AbilityCategory = Object.freeze({ slug, label, description, meta: { ...meta } });
    categories.set(slug, category);
    return category;
  };

  const registerAbility = (definition: AnyAbilityDefinition): Ability => {
    if (!isPlainObject(definition)) throw refuse('registerAbility takes { name, label, description, category, permission, execute, … }');
    const { name, label, description, category, inputSchema, outputSchema, meta, permission, execute } = definition;
    if (typeof name !== 'string' || !ABILITY_NAME.test(name)) {
      throw refuse(
        'Ability name must be a string containing a namespace prefix, i.e. "my-plugin/my-ability". It can only contain lowercase alphanumeric characters, dashes and the forward slash.' +
          ` (got ${JSON.stringify(name)})`,
      );
    }
    if (abilities.has(name)) throw refuse(`Ability "${name}" is already registered.`);
    if (category !== undefined && !categories.has(category)) {
      throw refuse(
        `Ability category "${String(category)}" is not registered. Please register the ability category before assigning it to ability "${name}".`,
      );
    }
    if (!isFilledText(label)) throw refuse(`ability "${name}": The ability properties must contain a \`label\` string.`);
    if (!isFilledText(description)) throw refuse(`ability "${name}": The ability properties must contain a \`description\` string.`);
    if (!isFilledText(category)) throw refuse(`ability "${name}": The ability properties must contain a \`category\` string.`);
    if (typeof execute !== 'function') throw refuse(`ability "${name}": The ability properties must contain a valid \`execute\` function.`);
    if (typeof permission !== 'function')
      throw refuse(`ability "${name}": The ability properties must provide a valid \`permission\` function.`);
    const input = isEmptySchema(inputSchema) ? undefined : inputSchema;
    const output = isEmptySchema(outputSchema) ? undefined : outputSchema;
    if (input !== undefined) checkSchema(input, `ability "${name}" inputSchema`);
    if (output !== undefined) checkSchema(output, `ability "${name}" outputSchema`);
    const sanitize = input && compileSanitizer(input);
    const ability: Ability = Object.freeze({
      name,
      label,
      description,
      category,
      inputSchema: input,
      outputSchema: output,
      ...abilityMeta(meta, name),
      validateInput: input && compileValidator(input),
      sanitizeInput: sanitize && ((value: unknown) => sanitize(value, 'input')),
      validateOutput: output && compileValidator(output),
      permission: permission,
      execute: execute,
    });
    abilities.set(name, ability);
    return ability;
  };

  return {
    registerAbilityCategory,
    registerAbility,
    getAbility: (name) => abilities.get(name),
    getAbilities: () => [...abilities.values()],
    getAbilityCategory: (slug) => categories.get(slug),
    getAbilityCategories: () => [...categories.values()],
  };
}
