/**
 * Schema `pattern`s as WordPress runs them: `preg_match('#' . $pattern . '#u', $value)`.
 *
 * The pattern is rewritten where PCRE and JS regular expressions read the same source
 * differently: PCRE's `$` also matches before a final newline, `.` matches `\r`, `\A`/`\z`/`\Z`
 * anchor, `(?P<name>` names a group, braces and brackets outside quantifiers and classes are
 * literals, and any non-alphanumeric character may be escaped.
 */

import { checkRegex, type RegexHazard } from '../regex-safety.js';
import type { ArgSchema } from './types.js';

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
        // PCRE allows escaping any punctuation; the `u` flag does not.
        const codePoint = pattern.codePointAt(i) as number;
        if (codePoint > 0xffff) i++;
        out += `\\u{${codePoint.toString(16)}}`;
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
export function compilePattern(pattern: string): RegExp | undefined {
  try {
    return new RegExp(translatePattern(pattern), 'u');
  } catch {
    return undefined;
  }
}

/** Why matching values against a schema `pattern` could take super-linear time; null when it cannot (or never matches, not compiling). */
export function schemaPatternHazard(pattern: string): RegexHazard | null {
  if (compilePattern(pattern) === undefined) return null;
  const verdict = checkRegex(translatePattern(pattern), 'u');
  return verdict.safe ? null : verdict.reason;
}

/** A `pattern` (or a `patternProperties` key) of a descriptor that the ReDoS analysis refuses. */
export interface UnsafeSchemaPattern {
  /** Where it is: `pattern`, `items.pattern`, `properties.meta.patternProperties` (the key is the pattern), … */
  readonly keyword: string;
  /** The pattern as written. */
  readonly pattern: string;
  /** Why it is refused. */
  readonly hazard: RegexHazard;
}

function isSchemaObject(value: unknown): value is ArgSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The descriptor without the patterns the ReDoS analysis refuses (each as if never written;
 * the same object when there are none), and the patterns it dropped, nested schemas included.
 */
export function withoutUnsafePatterns(schema: ArgSchema): { schema: ArgSchema; unsafe: UnsafeSchemaPattern[] } {
  const unsafe: UnsafeSchemaPattern[] = [];
  return { schema: strip(schema, '', unsafe), unsafe };
}

function strip(schema: ArgSchema, at: string, unsafe: UnsafeSchemaPattern[]): ArgSchema {
  let out: Record<string, unknown> | undefined;
  const replace = (keyword: string, value: unknown) => ((out ??= { ...schema })[keyword] = value);
  const sub = (value: unknown, path: string) => (isSchemaObject(value) ? strip(value, path, unsafe) : value);

  if (typeof schema.pattern === 'string') {
    const hazard = schemaPatternHazard(schema.pattern);
    if (hazard !== null) {
      unsafe.push({ keyword: `${at}pattern`, pattern: schema.pattern, hazard });
      out ??= { ...schema };
      delete out.pattern;
    }
  }
  for (const keyword of ['items', 'additionalProperties'] as const) {
    const value = sub(schema[keyword], `${at}${keyword}.`);
    if (value !== schema[keyword]) replace(keyword, value);
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const list = schema[keyword];
    if (!Array.isArray(list)) continue;
    const mapped = list.map((member, k) => sub(member, `${at}${keyword}.${k}.`));
    if (mapped.some((member, k) => member !== list[k])) replace(keyword, mapped);
  }
  if (isSchemaObject(schema.properties)) {
    const entries = Object.entries(schema.properties);
    const mapped = entries.map(([name, property]) => [name, sub(property, `${at}properties.${name}.`)] as const);
    if (mapped.some(([, property], k) => property !== entries[k]![1])) replace('properties', Object.fromEntries(mapped));
  }
  if (isSchemaObject(schema.patternProperties)) {
    const entries = Object.entries(schema.patternProperties);
    const kept: Array<readonly [string, unknown]> = [];
    for (const [pattern, property] of entries) {
      const hazard = schemaPatternHazard(pattern);
      if (hazard !== null) unsafe.push({ keyword: `${at}patternProperties`, pattern, hazard });
      else kept.push([pattern, sub(property, `${at}patternProperties.${pattern}.`)]);
    }
    if (kept.length !== entries.length || kept.some(([, property], k) => property !== entries[k]![1])) replace('patternProperties', Object.fromEntries(kept));
  }
  return (out as ArgSchema | undefined) ?? schema;
}
