// Abilities as MCP tools, as plain data: what `tools/list` shows of an ability, how a
// `tools/call`'s arguments become its input, and how its outcome becomes the call's result. The
// SDK's server (mcp-server.ts) only carries these; REST and MCP run an ability the same way
// (run.ts). As WordPress's MCP adapter does, a tool's schemas are objects: an ability whose input
// or output is a string, a number or a list has it wrapped in one property (`input`, `result`).
import { argJsonSchema, type JsonSchema } from '../../core/index/openapi-schema.js';
import type { RestError } from '../../core/errors/rest-error.js';
import { setOwn } from '../../core/own-property.js';
import type { ArgSchema } from '../../core/schema/types.js';
import type { Ability } from './registry.js';
import type { RunOutcome } from './run.js';

/** An MCP tool as `tools/list` shows it. */
export interface McpTool {
  /** The ability's name with its `/` written `_` (no ability name holds one, so it reads back unambiguously). */
  name: string;
  /** The ability's label. */
  title: string;
  /** The ability's description. */
  description: string;
  /** The input schema as JSON Schema, an object. */
  inputSchema: JsonSchema & { type: 'object' };
  /** The output schema as JSON Schema, an object; none where the ability declares none. */
  outputSchema?: JsonSchema & { type: 'object' };
  /** The ability's annotations as MCP's hints; the label as the title. */
  annotations: { title: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean };
}

/** A `tools/call` result: the ability's result as JSON text and, where it has an output schema, as structured content; or a tool error. */
export interface McpToolResult {
  /** The result as JSON text, or the error's message. */
  content: Array<{ type: 'text'; text: string }>;
  /** The result, as the tool's output schema describes it. */
  structuredContent?: Record<string, unknown>;
  /** Set on a refusal, invalid input or a failed run. */
  isError?: true;
  /** Index signature the SDK's result type carries. */
  [key: string]: unknown;
}

/** The property a non-object input schema is wrapped in. */
const INPUT_PROPERTY = 'input';
/** The property a non-object output is wrapped in. */
const OUTPUT_PROPERTY = 'result';

/**
 * The formats JSON Schema validators know that WordPress's validator checks too; WordPress's own
 * (`hex-color`, `text-field`, `ip`) are left out, as an MCP client's validator would stop at them.
 */
const KNOWN_FORMATS: ReadonlySet<string> = new Set(['date-time', 'email', 'uri', 'uuid']);

/** The MCP tool name of an ability: `core/get-site-info` is `core_get-site-info`. */
export function toolName(abilityName: string): string {
  return abilityName.replace('/', '_');
}

/** The ability name a tool name stands for (undefined where it stands for none). */
export function abilityNameOf(tool: string): string | undefined {
  const at = tool.indexOf('_');
  return at < 0 || tool.includes('_', at + 1) ? undefined : `${tool.slice(0, at)}/${tool.slice(at + 1)}`;
}

/** Whether a schema is of an object alone. */
const isObjectSchema = (schema: ArgSchema): boolean => schema.type === 'object';

/** A schema as JSON Schema with only formats a client's validator knows. */
function clientSchema(schema: ArgSchema): JsonSchema {
  return withKnownFormats(argJsonSchema(schema));
}

function withKnownFormats(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'format' && !(typeof value === 'string' && KNOWN_FORMATS.has(value))) continue;
    out[keyword] = subschemas(keyword, value);
  }
  return out;
}

/** A keyword's value with the schemas in it cleaned as {@link withKnownFormats} does. */
function subschemas(keyword: string, value: unknown): unknown {
  const isSchema = (item: unknown): item is JsonSchema => typeof item === 'object' && item !== null && !Array.isArray(item);
  if ((keyword === 'items' || keyword === 'additionalProperties') && isSchema(value)) return withKnownFormats(value);
  if ((keyword === 'anyOf' || keyword === 'oneOf') && Array.isArray(value))
    return (value as unknown[]).map((item) => (isSchema(item) ? withKnownFormats(item) : item));
  if ((keyword === 'properties' || keyword === 'patternProperties') && isSchema(value)) {
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) setOwn(out, name, isSchema(item) ? withKnownFormats(item) : item);
    return out;
  }
  return value;
}

/** A tool's schema for one side of an ability: the ability's own where it is an object, else wrapped in `property`. */
function objectSchema(schema: ArgSchema, property: string): JsonSchema & { type: 'object' } {
  const converted = clientSchema(schema);
  if (isObjectSchema(schema) || (property === INPUT_PROPERTY && schema.type === undefined))
    return { ...converted, type: 'object', properties: converted.properties ?? {} };
  return { type: 'object', properties: { [property]: converted }, required: [property] };
}

/** An ability as the MCP tool `tools/list` shows. */
export function abilityTool(ability: Ability): McpTool {
  const hints: McpTool['annotations'] = { title: ability.label };
  const { readonly, destructive, idempotent } = ability.annotations;
  if (typeof readonly === 'boolean') hints.readOnlyHint = readonly;
  if (typeof destructive === 'boolean') hints.destructiveHint = destructive;
  if (typeof idempotent === 'boolean') hints.idempotentHint = idempotent;
  return {
    name: toolName(ability.name),
    title: ability.label,
    description: ability.description,
    inputSchema: ability.inputSchema ? objectSchema(ability.inputSchema, INPUT_PROPERTY) : { type: 'object', properties: {} },
    ...(ability.outputSchema ? { outputSchema: objectSchema(ability.outputSchema, OUTPUT_PROPERTY) } : {}),
    annotations: hints,
  };
}

/**
 * A call's arguments as the ability's input: none given is no input (the schema's default then
 * applies, as on REST); a wrapped input is unwrapped; an ability without an input schema, or with
 * one of no type, takes empty arguments as no input.
 */
export function abilityInput(ability: Ability, args: Record<string, unknown> | undefined): unknown {
  if (args === undefined) return null;
  if (ability.inputSchema?.type === undefined) return Object.keys(args).length === 0 ? null : args;
  if (isObjectSchema(ability.inputSchema)) return args;
  return Object.hasOwn(args, INPUT_PROPERTY) ? args[INPUT_PROPERTY] : null;
}

/** A refusal, invalid input or failed run as a tool error carrying the REST answer's message. */
export function toolError(error: RestError): McpToolResult {
  return { content: [{ type: 'text', text: error.message }], isError: true };
}

/** A run's outcome as the call's result: the result as JSON text, and as structured content where the tool has an output schema. */
export function toolResult(ability: Ability, outcome: RunOutcome): McpToolResult {
  if (!outcome.ok) return toolError(outcome.error);
  const { result } = outcome;
  const content: McpToolResult['content'] = [{ type: 'text', text: JSON.stringify(result) ?? 'null' }];
  if (!ability.outputSchema) return { content };
  const structured = isObjectSchema(ability.outputSchema) ? (result as Record<string, unknown>) : { [OUTPUT_PROPERTY]: result };
  return { content, structuredContent: structured };
}
