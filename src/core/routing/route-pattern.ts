import { parse, type Token } from 'path-to-regexp';
import type { RegexHazard } from '../regex/hazard.js';
import { checkRegex, unsafePatternError, type UnsafePatternPolicy } from '../regex/safety.js';
import { phpTrim } from '../php/strings.js';

/** A route pattern ready for matching and for the index. */
export interface CompiledPattern {
  /** The index key, always in WordPress form: `/ns/items/(?P<id>\d+)`. */
  key: string;
  /**
   * The regex source without anchors and with every capture group unnamed, so that many
   * routes can share one alternation regex (JS forbids repeated group names).
   */
  source: string;
  /** For each capture group of `source`, in order: its parameter name, or null. */
  groups: Array<string | null>;
  /** True when the pattern has path variables (the index then shows no `_links.self`). */
  hasVariables: boolean;
}

const PATH_TO_REGEXP_STYLE = /(?:^|\/)[:*][A-Za-z_$]/;

/** A `:` opening a path segment without a name after it (`/items/:`): no regex means that. */
const UNNAMED_PARAMETER = /\/:(?:\/|$)/;

/** Escapes text for use inside a regex source. */
function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, (c) => (c === '/' ? '/' : `\\${c}`));
}

function tokensToWordPress(tokens: Token[]): string {
  let out = '';
  for (const token of tokens) {
    if (token.type === 'text') out += escapeRegex(token.value);
    else if (token.type === 'param') out += `(?P<${token.name}>[^/]+)`;
    else if (token.type === 'wildcard') out += `(?P<${token.name}>.+)`;
    else out += `(?:${tokensToWordPress(token.tokens)})?`;
  }
  return out;
}

/**
 * Joins a namespace and a route path into the route key WordPress's `register_rest_route`
 * builds, translating path-to-regexp style (`:id`, `*rest`, `{…}`) into WordPress's regex form.
 */
export function routeKey(namespace: string, path: string): string {
  const ns = phpTrim(namespace, '/');
  const trimmed = phpTrim(path, '/');
  if (UNNAMED_PARAMETER.test(`/${trimmed}`)) invalid(`/${ns}/${trimmed}`, 'a path parameter has no name (write `:id` or `(?P<id>…)`)');
  const body =
    PATH_TO_REGEXP_STYLE.test(`/${trimmed}`) && !trimmed.includes('(?P<')
      ? tokensToWordPress(parse(`/${trimmed}`).tokens).replace(/^\//, '')
      : trimmed;
  if (!ns) return `/${body}`;
  return body ? `/${ns}/${body}` : `/${ns}`;
}

/** Thrown at registration for a pattern that cannot be served safely. */
function invalid(key: string, why: string): never {
  throw new TypeError(`site-rest: invalid route pattern ${JSON.stringify(key)}: ${why}`);
}

const UNSUPPORTED_ESCAPES = new Set(['A', 'Z', 'z', 'G', 'K', 'R', 'h', 'H', 'X', 'C', 'Q', 'E', 'p', 'P']);

function isDigitAt(src: string, i: number): boolean {
  const c = src.charCodeAt(i);
  return c >= 48 && c <= 57;
}

/** Index just past a `{n}`, `{n,}`, `{,m}` or `{n,m}` starting at `i` (at least one number), else -1. */
function countedQuantifierEnd(src: string, i: number): number {
  let j = i + 1;
  const lowStart = j;
  while (isDigitAt(src, j)) j++;
  const hasLow = j > lowStart;
  let hasHigh = false;
  if (src[j] === ',') {
    const highStart = ++j;
    while (isDigitAt(src, j)) j++;
    hasHigh = j > highStart;
  }
  return src[j] === '}' && (hasLow || hasHigh) ? j + 1 : -1;
}

/** Index just past a quantifier starting at `i`; null when none starts there. */
function quantifierEnd(src: string, i: number): number | null {
  const c = src[i];
  let end: number;
  if (c === '*' || c === '+' || c === '?') {
    end = i + 1;
  } else if (c === '{') {
    end = countedQuantifierEnd(src, i);
    if (end < 0) return null;
  } else {
    return null;
  }
  if (src[end] === '+') invalid(src, 'possessive quantifiers are not supported');
  if (src[end] === '?') end += 1;
  return end;
}

/**
 * Translates a WordPress route regex into a JS regex source with unnamed groups, rejecting
 * PCRE-only syntax and backreferences; with the regex a path is matched against.
 */
function translateRoutePattern(key: string): { pattern: CompiledPattern; matcher: RegExp } {
  let source = '';
  const groups: Array<string | null> = [];
  let depth = 0;
  let hasVariables = false;
  let i = 0;

  while (i < key.length) {
    const c = key[i]!;
    if (c === '\\') {
      const next = key[i + 1];
      if (next === undefined) invalid(key, 'dangling backslash');
      if (/[1-9]/.test(next) || next === 'k' || next === 'g') invalid(key, 'backreferences are not supported');
      if (UNSUPPORTED_ESCAPES.has(next)) invalid(key, `\\${next} is not supported`);
      source += c + next;
      i += 2;
    } else if (c === '[') {
      let j = i + 1;
      if (key[j] === '^') j += 1;
      if (key[j] === ']') j += 1;
      while (j < key.length && key[j] !== ']') j += key[j] === '\\' ? 2 : 1;
      if (j >= key.length) invalid(key, 'unterminated character class');
      source += key.slice(i, j + 1);
      i = j + 1;
    } else if (c === '(') {
      const rest = key.slice(i + 1, i + 4);
      const named = /^\?P?<([A-Za-z_]\w*)>/.exec(key.slice(i + 1));
      if (named) {
        groups.push(named[1]!);
        hasVariables = true;
        source += '(';
        i += 1 + named[0].length;
      } else if (rest.startsWith('?:') || rest.startsWith('?=') || rest.startsWith('?!')) {
        source += `(${rest.slice(0, 2)}`;
        i += 3;
      } else if (rest.startsWith('?<=') || rest.startsWith('?<!')) {
        source += `(${rest}`;
        i += 4;
      } else if (rest.startsWith('?')) {
        invalid(key, `group syntax (${rest}… is not supported`);
      } else {
        groups.push(null);
        source += '(';
        i += 1;
      }
      depth += 1;
    } else if (c === ')') {
      if (depth === 0) invalid(key, 'unbalanced parenthesis');
      depth -= 1;
      source += c;
      i += 1;
    } else {
      const end = quantifierEnd(key, i);
      if (end !== null) {
        source += key.slice(i, end);
        i = end;
      } else {
        if (c === '$' || c === '^') invalid(key, 'anchors inside a route pattern are not supported');
        source += c;
        i += 1;
      }
    }
  }
  if (depth > 0) invalid(key, 'unbalanced parenthesis');
  let matcher: RegExp;
  try {
    // Anchored at both ends, case-insensitively, as WordPress's `preg_match('@^' . $route . '$@i')`.
    matcher = new RegExp(`^(?:${source})$`, 'i');
  } catch (e) {
    invalid(key, (e as Error).message);
  }
  return { pattern: { key, source, groups, hasVariables }, matcher };
}

/**
 * Why matching request paths against a route pattern could take super-linear time, or null
 * when it cannot; throws on a pattern {@link compileRoutePattern} refuses as malformed.
 */
export function routePatternHazard(key: string): RegexHazard | null {
  return checkRegex(translateRoutePattern(key).matcher);
}

/**
 * Translates a WordPress route regex into a JS regex source with unnamed groups, rejecting
 * PCRE-only syntax, backreferences, and, unless `unsafePatterns` is `'allow'`, any pattern the
 * ReDoS analysis finds open to super-linear backtracking.
 */
export function compileRoutePattern(key: string, unsafePatterns: UnsafePatternPolicy = 'refuse'): CompiledPattern {
  const { pattern, matcher } = translateRoutePattern(key);
  const names = pattern.groups.filter((name): name is string => name !== null);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated !== undefined) invalid(key, `the path parameter ${JSON.stringify(repeated)} appears twice`);
  const hazard = unsafePatterns === 'refuse' ? checkRegex(matcher) : null;
  if (hazard !== null) throw unsafePatternError(`route pattern ${JSON.stringify(key)}`, hazard);
  return pattern;
}
