import { parse, type Token } from 'path-to-regexp';

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
  const ns = namespace.replace(/^\/+|\/+$/g, '');
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  const body = PATH_TO_REGEXP_STYLE.test(`/${trimmed}`) && !trimmed.includes('(?P<')
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

/** A group on the nesting stack while scanning: whether a quantifier inside it may repeat without bound. */
interface Frame {
  unboundedInside: boolean;
}

/** Index just past a quantifier starting at `i`, and whether it repeats without bound; null when none starts there. */
function readQuantifier(src: string, i: number): { end: number; unbounded: boolean } | null {
  const c = src[i];
  let end: number;
  let unbounded: boolean;
  if (c === '*' || c === '+') {
    end = i + 1;
    unbounded = true;
  } else if (c === '?') {
    end = i + 1;
    unbounded = false;
  } else if (c === '{') {
    const m = /^\{(\d*)(,?)(\d*)\}/.exec(src.slice(i));
    if (!m || (m[1] === '' && m[3] === '')) return null;
    end = i + m[0].length;
    unbounded = m[2] === ',' && (m[3] === '' || Number(m[3]) > 64);
  } else {
    return null;
  }
  if (src[end] === '+') invalid(src, 'possessive quantifiers are not supported');
  if (src[end] === '?') end += 1;
  return { end, unbounded };
}

/**
 * Translates a WordPress route regex into a JS regex source with unnamed groups, rejecting
 * PCRE-only syntax, backreferences, and nested unbounded quantifiers (`(a+)+`, `(\w*)*`),
 * the shape behind catastrophic backtracking.
 */
export function compilePattern(key: string): CompiledPattern {
  let source = '';
  const groups: Array<string | null> = [];
  const stack: Frame[] = [];
  let hasVariables = false;
  let i = 0;
  // The frame of the group that just closed, so a quantifier after `)` can be judged.
  let lastClosed: Frame | null = null;

  while (i < key.length) {
    const c = key[i]!;
    let closed: Frame | null = null;
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
      stack.push({ unboundedInside: false });
    } else if (c === ')') {
      const frame = stack.pop();
      if (!frame) invalid(key, 'unbalanced parenthesis');
      source += c;
      i += 1;
      closed = frame;
    } else {
      const q = readQuantifier(key, i);
      if (q) {
        if (q.unbounded) {
          if (lastClosed?.unboundedInside) invalid(key, 'nested unbounded quantifiers can backtrack catastrophically');
          const top = stack[stack.length - 1];
          if (top) top.unboundedInside = true;
        }
        source += key.slice(i, q.end);
        i = q.end;
      } else {
        if (c === '$' || c === '^') invalid(key, 'anchors inside a route pattern are not supported');
        source += c;
        i += 1;
      }
    }
    if (closed?.unboundedInside) {
      const top = stack[stack.length - 1];
      if (top) top.unboundedInside = true;
    }
    lastClosed = closed;
  }
  if (stack.length > 0) invalid(key, 'unbalanced parenthesis');
  try {
    new RegExp(`^(?:${source})$`, 'i');
  } catch (e) {
    invalid(key, (e as Error).message);
  }
  return { key, source, groups, hasVariables };
}
