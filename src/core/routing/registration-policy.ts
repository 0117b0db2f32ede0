// What registration refuses, so that a typo fails at startup instead of answering wrongly:
// unknown methods, capabilities, schema types and keywords, each with a "did you mean". The
// checks run once per route, on host-written tables, never on a request.
import { isPlainObject } from '../own-property.js';
import { DEFAULT_ROLES } from '../auth/roles.js';
import { nearestWord } from '../nearest-word.js';
import type { UnsafePatternPolicy } from '../regex/safety.js';
import { ALLOWED_SCHEMA_KEYWORDS, SCHEMA_TYPES } from '../schema/keywords.js';

/** How strict registration is; built once per server from its options. */
export interface RegistrationPolicy {
  /** Whether route and schema patterns open to ReDoS are refused. */
  unsafePatterns: UnsafePatternPolicy;
  /** Capabilities a `permission` string may name; null accepts any. */
  capabilities: ReadonlySet<string> | null;
  /** Schema keywords allowed besides WordPress's; null accepts any keyword and any type (WordPress's own leniency). */
  schemaKeywords: ReadonlySet<string> | null;
}

/** The methods an endpoint may declare. */
const KNOWN_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** The keywords of an argument descriptor: WordPress's schema keywords plus site-rest's callbacks. */
const SCHEMA_KEYWORDS: readonly string[] = [
  ...ALLOWED_SCHEMA_KEYWORDS,
  'required',
  'context',
  'readonly',
  'validateCallback',
  'sanitizeCallback',
];

const KNOWN_KEYWORDS: ReadonlySet<string> = new Set(SCHEMA_KEYWORDS);

/** Every capability of WordPress's default roles. */
const DEFAULT_CAPABILITIES: ReadonlySet<string> = new Set(Object.values(DEFAULT_ROLES).flat());

/** Options of {@link registrationPolicy}, as the server takes them. */
interface RegistrationOptions {
  /** See `RestServerOptions.unsafePatterns`. */
  unsafePatterns?: UnsafePatternPolicy;
  /** Capabilities beyond WordPress's default roles that `permission` strings may name, or `'any'`. */
  capabilities?: readonly string[] | 'any';
  /** Schema keywords beyond WordPress's that args may use, or `'any'` (unknown keywords and types accepted, as WordPress does). */
  schemaKeywords?: readonly string[] | 'any';
}

/** The policy of a server's options. */
export function registrationPolicy(options: RegistrationOptions): RegistrationPolicy {
  const { capabilities, schemaKeywords } = options;
  return {
    unsafePatterns: options.unsafePatterns ?? 'refuse',
    capabilities: capabilities === 'any' ? null : new Set([...DEFAULT_CAPABILITIES, ...(capabilities ?? [])]),
    schemaKeywords: schemaKeywords === 'any' ? null : new Set(schemaKeywords ?? []),
  };
}

/** `; did you mean "x"?` for the closest known word within two edits, else nothing. */
function suggestion(word: string, known: Iterable<string>): string {
  const best = nearestWord(word, known);
  return best === undefined ? '' : `; did you mean ${JSON.stringify(best)}?`;
}

/** Refuses a method that is not an HTTP method the server serves. */
export function checkMethod(method: string, where: string): void {
  if (!KNOWN_METHODS.includes(method)) {
    throw new TypeError(
      `site-rest: ${where} declares the unknown method ${JSON.stringify(method)}${suggestion(method, KNOWN_METHODS)} (known: ${KNOWN_METHODS.join(', ')})`,
    );
  }
}

/** Refuses a `permission` string that is neither `'public'` nor a known capability. */
export function checkCapability(permission: string, where: string, policy: RegistrationPolicy): void {
  if (permission === 'public' || policy.capabilities === null || policy.capabilities.has(permission)) return;
  throw new TypeError(
    `site-rest: ${where} requires the unknown capability ${JSON.stringify(permission)}${suggestion(permission, ['public', ...policy.capabilities])}; ` +
      "declare a custom one with the server's `capabilities` option",
  );
}

/** The sub-schemas of a descriptor, with the keyword path that leads to each. */
function* subSchemas(schema: Record<string, unknown>, path: string): Generator<[Record<string, unknown>, string]> {
  if (isPlainObject(schema.items)) yield [schema.items, `${path}.items`];
  if (isPlainObject(schema.additionalProperties)) yield [schema.additionalProperties, `${path}.additionalProperties`];
  for (const keyword of ['properties', 'patternProperties'] as const) {
    const map = schema[keyword];
    if (isPlainObject(map))
      for (const [name, sub] of Object.entries(map)) if (isPlainObject(sub)) yield [sub, `${path}.${keyword}.${name}`];
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const list = schema[keyword];
    if (Array.isArray(list)) for (const [i, sub] of list.entries()) if (isPlainObject(sub)) yield [sub, `${path}.${keyword}[${i}]`];
  }
}

/** Refuses unknown keywords and unknown `type` names anywhere in an argument descriptor. */
export function checkSchemaWords(schema: unknown, where: string, policy: RegistrationPolicy): void {
  const custom = policy.schemaKeywords;
  if (custom === null || typeof schema !== 'object' || schema === null || Array.isArray(schema)) return;
  const pending: Array<[Record<string, unknown>, string]> = [[schema as Record<string, unknown>, '']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, path] = next;
    const at = path === '' ? where : `${where} at ${path.slice(1)}`;
    for (const keyword of Object.keys(node)) {
      if (KNOWN_KEYWORDS.has(keyword) || custom.has(keyword)) continue;
      throw new TypeError(
        `site-rest: ${at} has the unknown schema keyword ${JSON.stringify(keyword)}${suggestion(keyword, KNOWN_KEYWORDS)}; ` +
          "allow a custom one with the server's `schemaKeywords` option",
      );
    }
    const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
    for (const type of types) {
      if (typeof type === 'string' && !SCHEMA_TYPES.includes(type)) {
        throw new TypeError(
          `site-rest: ${at} has the unknown type ${JSON.stringify(type)}${suggestion(type, SCHEMA_TYPES)} (WordPress's types: ${SCHEMA_TYPES.join(', ')})`,
        );
      }
    }
    pending.push(...subSchemas(node, path));
  }
}
