// How WordPress 6.9's list controllers show a category and an ability (`prepare_item_for_response`):
// their fields in order, filtered by context, with `_links`. PHP's empty arrays stay `[]`, as
// `json_encode` writes them: a category without meta, an ability without an input schema.
import type { Ability, AbilityCategory } from './registry.js';

/** What a rendered item needs of the request: its context and the server's URLs. */
export interface PresentEnv {
  /** The namespace the routes are mounted under. */
  namespace: string;
  /** `$request['context'] ?? 'view'`, as given (an unknown one leaves no field). */
  context: unknown;
  /** Absolute URL of a route. */
  restUrl(route: string, query?: Record<string, string | number>): string;
}

type Contexts = readonly string[];
const EVERY: Contexts = ['view', 'edit', 'embed'];
const FULL: Contexts = ['view', 'edit'];

/** The contexts of each field of the category schema (`get_item_schema`). */
const CATEGORY_CONTEXTS: Readonly<Record<string, Contexts>> = { slug: EVERY, label: EVERY, description: FULL, meta: FULL };

/** The contexts of each field of the ability schema. */
const ABILITY_CONTEXTS: Readonly<Record<string, Contexts>> = {
  name: EVERY,
  label: EVERY,
  description: FULL,
  category: EVERY,
  input_schema: FULL,
  output_schema: FULL,
  meta: FULL,
};

/** `filter_response_by_context`: the fields whose schema lists the context. */
function byContext(data: Record<string, unknown>, contexts: Readonly<Record<string, Contexts>>, context: unknown): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(data))
    if (typeof context === 'string' && contexts[field]!.includes(context)) kept[field] = value;
  return kept;
}

/** An object as PHP's `json_encode` writes the array it would be: `[]` when empty. */
const phpArray = (value: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> | [] =>
  Object.keys(value).length === 0 ? [] : value;

/** `normalize_schema_empty_object_defaults`: an object schema's empty `default` written `{}`; no schema is PHP's empty array. */
function schemaData(schema: Ability['inputSchema']): unknown {
  if (schema === undefined) return [];
  if (schema.type === 'object' && Array.isArray(schema.default) && schema.default.length === 0) return { ...schema, default: {} };
  return schema;
}

/** An ability's meta as WordPress keeps it: the defaults' keys first (`annotations`, `show_in_rest`), then the rest. */
function metaData(ability: Ability): Record<string, unknown> {
  return { annotations: ability.annotations, show_in_rest: ability.showInRest, ...ability.extraMeta };
}

/** A category as `/categories` lists it. */
export function categoryData(category: AbilityCategory, env: PresentEnv): Record<string, unknown> {
  const data = byContext(
    { slug: category.slug, label: category.label, description: category.description, meta: phpArray(category.meta) },
    CATEGORY_CONTEXTS,
    env.context,
  );
  const ns = `/${env.namespace}`;
  data._links = {
    self: [{ href: env.restUrl(`${ns}/categories/${category.slug}`) }],
    collection: [{ href: env.restUrl(`${ns}/categories`) }],
    abilities: [{ href: env.restUrl(`${ns}/abilities`, { category: category.slug }) }],
  };
  return data;
}

/** An ability as `/abilities` lists it. */
export function abilityData(ability: Ability, env: PresentEnv): Record<string, unknown> {
  const data = byContext(
    {
      name: ability.name,
      label: ability.label,
      description: ability.description,
      category: ability.category,
      input_schema: schemaData(ability.inputSchema),
      output_schema: schemaData(ability.outputSchema),
      meta: metaData(ability),
    },
    ABILITY_CONTEXTS,
    env.context,
  );
  const ns = `/${env.namespace}`;
  data._links = {
    self: [{ href: env.restUrl(`${ns}/abilities/${ability.name}`) }],
    collection: [{ href: env.restUrl(`${ns}/abilities`) }],
    'wp:action-run': [{ href: env.restUrl(`${ns}/abilities/${ability.name}/run`) }],
  };
  return data;
}
