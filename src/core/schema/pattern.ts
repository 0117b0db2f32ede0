/**
 * Schema `pattern`s as WordPress runs them: `preg_match('#' . $pattern . '#u', $value)`.
 *
 * The pattern is rewritten where PCRE and JS regular expressions read the same source
 * differently: PCRE's `$` also matches before a final newline, `.` matches `\r`, `\A`/`\z`/`\Z`
 * anchor, `(?P<name>` names a group, braces and brackets outside quantifiers and classes are
 * literals, and any non-alphanumeric character may be escaped.
 */

import type { RegexHazard } from '../regex/hazard.js';
import { checkRegex } from '../regex/safety.js';
import { isSchemaObject, type ArgSchema } from './types.js';

const SYNTAX_CHARACTERS = new Set('^$\\.*+?()[]{}|/');
const QUANTIFIER = /^\{[0-9]+(?:,[0-9]*)?\}/;
const ANCHOR_ESCAPES: Readonly<Record<string, string>> = { A: '^', z: '$', Z: '(?=\\n?$)' };

/** Rewrites a PCRE pattern into JS regular expression source with the same meaning. */
export function translatePattern(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\') {
      const next = pattern[i + 1];
      i++;
      if (next === undefined) {
        out += '\\\\';
      } else if (!inClass && next in ANCHOR_ESCAPES) {
        out += ANCHOR_ESCAPES[next] as string;
      } else if ((next === 'p' || next === 'P' || next === 'x') && pattern[i + 1] === '{') {
        // Kept whole so its braces are not taken for literals; PCRE's `\x{263a}` is JS's `\u{263a}`.
        const close = pattern.indexOf('}', i);
        const body = close === -1 ? pattern.slice(i + 1) : pattern.slice(i + 1, close + 1);
        out += `\\${next === 'x' ? 'u' : next}${body}`;
        i += body.length;
      } else if (/[a-zA-Z0-9]/.test(next) || SYNTAX_CHARACTERS.has(next)) {
        out += `\\${next}`;
      } else {
        // PCRE allows escaping any punctuation; the `u` flag does not. `\uXXXX` reads the same
        // with and without it, so the OpenAPI export's patterns suit either kind of validator.
        const codePoint = pattern.codePointAt(i) as number;
        if (codePoint > 0xffff) i++;
        out += codePoint > 0xffff ? `\\u{${codePoint.toString(16)}}` : `\\u${codePoint.toString(16).padStart(4, '0')}`;
      }
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
      // A `]` right after `[` or `[^` is a literal in PCRE.
      if (pattern[i + 1] === '^') out += pattern[++i] as string;
      if (pattern[i + 1] === ']') {
        out += '\\]';
        i++;
      }
    } else if (c === '{') {
      // PCRE reads a brace that does not open a quantifier as a literal; the `u` flag rejects it.
      const quantifier = QUANTIFIER.exec(pattern.slice(i));
      if (quantifier === null) out += '\\{';
      else {
        out += quantifier[0];
        i += quantifier[0].length - 1;
      }
    } else if (c === '}' || c === ']') {
      out += `\\${c}`;
    } else if (c === '$') {
      out += '(?=\\n?$)';
    } else if (c === '.') {
      out += '[^\\n]';
    } else if (c === '(' && pattern.startsWith('?P<', i + 1)) {
      out += '(?<';
      i += 3;
    } else {
      out += c;
    }
  }
  return out;
}

/** The compiled pattern, or undefined when JS cannot compile it (PHP's failed match never matches). */
export function compileSchemaPattern(pattern: string): RegExp | undefined {
  try {
    return new RegExp(translatePattern(pattern), 'u');
  } catch {
    return undefined;
  }
}

/** Why matching values against a schema `pattern` could take super-linear time; null when it cannot (or never matches, not compiling). */
function schemaPatternHazard(pattern: string): RegexHazard | null {
  const regex = compileSchemaPattern(pattern);
  return regex === undefined ? null : checkRegex(regex);
}

/** A `pattern` (or a `patternProperties` key) of a descriptor that the ReDoS analysis refuses. */
interface UnsafeSchemaPattern {
  /** Where it is: `pattern`, `items.pattern`, `properties.meta.patternProperties` (the key is the pattern), … */
  readonly keyword: string;
  /** The pattern as written. */
  readonly pattern: string;
  /** Why it is refused. */
  readonly hazard: RegexHazard;
}

/**
 * The patterns of a descriptor the ReDoS analysis refuses, nested schemas included, in the order
 * registration reports them; lazily, so a caller that needs only the first stops there. A nested
 * schema under a refused `patternProperties` key is not visited: it goes with its key.
 */
export function* unsafeSchemaPatterns(schema: ArgSchema, at = ''): Generator<UnsafeSchemaPattern, void, undefined> {
  if (typeof schema.pattern === 'string') {
    const hazard = schemaPatternHazard(schema.pattern);
    if (hazard !== null) yield { keyword: `${at}pattern`, pattern: schema.pattern, hazard };
  }
  for (const keyword of ['items', 'additionalProperties'] as const) {
    const value = schema[keyword];
    if (isSchemaObject(value)) yield* unsafeSchemaPatterns(value, `${at}${keyword}.`);
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const list = schema[keyword];
    if (!Array.isArray(list)) continue;
    for (const [k, member] of list.entries()) if (isSchemaObject(member)) yield* unsafeSchemaPatterns(member, `${at}${keyword}.${k}.`);
  }
  if (isSchemaObject(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      if (isSchemaObject(property)) yield* unsafeSchemaPatterns(property, `${at}properties.${name}.`);
    }
  }
  if (isSchemaObject(schema.patternProperties)) {
    for (const [pattern, property] of Object.entries(schema.patternProperties)) {
      const hazard = schemaPatternHazard(pattern);
      if (hazard !== null) yield { keyword: `${at}patternProperties`, pattern, hazard };
      else if (isSchemaObject(property)) yield* unsafeSchemaPatterns(property, `${at}patternProperties.${pattern}.`);
    }
  }
}

/**
 * The descriptor without the patterns the ReDoS analysis refuses (each as if never written;
 * the same object when there are none), and the patterns it dropped, nested schemas included.
 */
export function withoutUnsafePatterns(schema: ArgSchema): { schema: ArgSchema; unsafe: UnsafeSchemaPattern[] } {
  const unsafe = [...unsafeSchemaPatterns(schema)];
  if (unsafe.length === 0) return { schema, unsafe };
  return { schema: strip(schema, new Set(unsafe.map(({ pattern }) => pattern))), unsafe };
}

/** A copy of the descriptor without the `pattern`s and `patternProperties` keys in `refused` (a pattern's hazard is the same wherever it is written). */
function strip(schema: ArgSchema, refused: ReadonlySet<string>): ArgSchema {
  const out: Record<string, unknown> = { ...schema };
  const sub = (value: unknown) => (isSchemaObject(value) ? strip(value, refused) : value);
  if (typeof schema.pattern === 'string' && refused.has(schema.pattern)) delete out.pattern;
  for (const keyword of ['items', 'additionalProperties'] as const)
    if (isSchemaObject(schema[keyword])) out[keyword] = sub(schema[keyword]);
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const list = schema[keyword];
    if (Array.isArray(list)) out[keyword] = list.map(sub);
  }
  if (isSchemaObject(schema.properties)) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, sub(property)]));
  }
  if (isSchemaObject(schema.patternProperties)) {
    const kept = Object.entries(schema.patternProperties).filter(([pattern]) => !refused.has(pattern));
    out.patternProperties = Object.fromEntries(kept.map(([pattern, property]) => [pattern, sub(property)]));
  }
  return out;
}
