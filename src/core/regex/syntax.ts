/**
 * Reads JS regular expression source into the tree the backtracking analysis works on
 * (`regex-safety.ts`): what each part can match and how often, without capture bookkeeping.
 * Follows ECMAScript's grammar, with Annex B's lenient forms when the `u` flag is off.
 */
import { codePoints, complement, intersect, NO_CODE_POINTS, union, type CodePoints } from './code-points.js';

/** What one character position may match: `over` holds every code point it can match, `under` only those it surely matches. */
export interface CharMatch {
  /** Every code point the position can match (an over-approximation where the class is not modelled exactly). */
  readonly over: CodePoints;
  /** Code points the position matches for sure (an under-approximation, e.g. empty for `\p{…}`). */
  readonly under: CodePoints;
}

/** A parsed regular expression. Anchors are `start`/`end` only without the `m` flag; other zero-width tests are `other`. */
export type RegexNode =
  | ({ readonly type: 'chars' } & CharMatch)
  | { readonly type: 'sequence'; readonly items: readonly RegexNode[] }
  | { readonly type: 'alternation'; readonly items: readonly RegexNode[] }
  | { readonly type: 'repeat'; readonly body: RegexNode; readonly min: number; readonly max: number; readonly greedy: boolean }
  | { readonly type: 'assertion'; readonly kind: 'start' | 'end' | 'other' }
  | { readonly type: 'lookaround'; readonly body: RegexNode; readonly behind: boolean }
  | { readonly type: 'backreference' };

/** Thrown for syntax the analysis does not model (the `v` flag, modifiers). */
export class UnsupportedRegexError extends Error {}

/** Thrown for groups nested deeper than {@link MAX_DEPTH}. */
export class TooDeepRegexError extends Error {}

/** Groups nested within one another, at most: the parser and the analysis recurse once per level, and thousands overflow the stack. */
const MAX_DEPTH = 100;

const DIGIT = codePoints([[0x30, 0x39]]);
const WORD = codePoints([
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
]);
const SPACE = codePoints([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);
const LINE_TERMINATORS = codePoints([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]);
const UPPER = codePoints([[0x41, 0x5a]]);
const LOWER = codePoints([[0x61, 0x7a]]);
/** ASCII letters that `ſ` (U+017F) and the Kelvin sign (U+212A) fold to under `iu`. */
const FOLDED_TO_ASCII = codePoints([
  [0x4b, 0x4b],
  [0x53, 0x53],
  [0x6b, 0x6b],
  [0x73, 0x73],
]);
const FOLDING_TO_ASCII = codePoints([
  [0x17f, 0x17f],
  [0x212a, 0x212a],
]);
const SINGLE_ESCAPES: Readonly<Record<string, number>> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };

function exact(set: CodePoints): CharMatch {
  return { over: set, under: set };
}

function shifted(set: CodePoints, by: number): CodePoints {
  return set.map((c) => c + by);
}

function isHex(text: string): boolean {
  return text.length > 0 && /^[0-9a-fA-F]+$/.test(text);
}

function countGroups(source: string): { groups: number; named: boolean } {
  let groups = 0;
  let named = false;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') {
      if (source[i + 1] !== '?') groups++;
      else if (source[i + 2] === '<' && source[i + 3] !== '=' && source[i + 3] !== '!') {
        groups++;
        named = true;
      }
    }
  }
  return { groups, named };
}

/**
 * The tree of a JS regular expression that compiles with these flags; throws
 * {@link UnsupportedRegexError} for syntax outside the model and {@link TooDeepRegexError} for
 * groups nested too deep.
 */
export function parseRegex(source: string, flags: string): RegexNode {
  if (flags.includes('v')) throw new UnsupportedRegexError('the v flag');
  const unicode = flags.includes('u');
  const ignoreCase = flags.includes('i');
  const dotAll = flags.includes('s');
  const multiline = flags.includes('m');
  const max = unicode ? 0x10ffff : 0xffff;
  const { groups, named } = countGroups(source);
  let i = 0;
  let depth = 0;

  function closeOver(set: CodePoints): CodePoints {
    let out = closeUnder(set);
    // Non-ASCII case mappings are not modelled: any non-ASCII member may stand for any other.
    if (out.length > 0 && out[out.length - 1]! >= 0x80) out = union(out, codePoints([[0x80, max]]));
    if (unicode && hasAny(out, FOLDED_TO_ASCII)) out = union(out, FOLDING_TO_ASCII);
    if (unicode && hasAny(out, FOLDING_TO_ASCII)) out = union(out, FOLDED_TO_ASCII);
    return out;
  }

  function closeUnder(set: CodePoints): CodePoints {
    return union(set, union(shifted(intersect(set, UPPER), 0x20), shifted(intersect(set, LOWER), -0x20)));
  }

  function hasAny(set: CodePoints, members: CodePoints): boolean {
    return intersect(set, members).length > 0;
  }

  function caseless(chars: CharMatch): CharMatch {
    return ignoreCase ? { over: closeOver(chars.over), under: closeUnder(chars.under) } : chars;
  }

  function negate(chars: CharMatch): CharMatch {
    return { over: complement(chars.under, max), under: complement(chars.over, max) };
  }

  function builtin(letter: string): CharMatch | undefined {
    const lower = letter.toLowerCase();
    const base = lower === 'd' ? DIGIT : lower === 'w' ? WORD : lower === 's' ? SPACE : undefined;
    if (base === undefined) return undefined;
    const chars = lower === 'w' ? caseless(exact(base)) : exact(base);
    return letter === lower ? chars : negate(chars);
  }

  /** The next source character (a code point with `u`, else a code unit), consumed. */
  function next(): number {
    const c = unicode ? source.codePointAt(i)! : source.charCodeAt(i);
    i += c > 0xffff ? 2 : 1;
    return c;
  }

  function hexAt(from: number, length: number): number | undefined {
    const text = source.slice(from, from + length);
    return text.length === length && isHex(text) ? parseInt(text, 16) : undefined;
  }

  /** `\u` escapes after the `u`: `XXXX`, a surrogate pair with `u`, or `{X…}` with `u`; undefined when none. */
  function unicodeEscape(): number | undefined {
    if (unicode && source[i] === '{') {
      const close = source.indexOf('}', i);
      const value = parseInt(source.slice(i + 1, close), 16);
      i = close + 1;
      return value;
    }
    const high = hexAt(i, 4);
    if (high === undefined) return undefined;
    i += 4;
    if (unicode && high >= 0xd800 && high <= 0xdbff && source.startsWith('\\u', i)) {
      const low = hexAt(i + 2, 4);
      if (low !== undefined && low >= 0xdc00 && low <= 0xdfff) {
        i += 6;
        return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
      }
    }
    return high;
  }

  function legacyOctal(): number {
    let value = 0;
    let digits = 0;
    while (digits < 3 && /[0-7]/.test(source[i] ?? '') && value * 8 + Number(source[i]) <= 0o377) {
      value = value * 8 + Number(source[i]);
      i++;
      digits++;
    }
    return value;
  }

  /**
   * The escape after a backslash (already consumed): a code point, a set, or, outside a class,
   * an assertion or a backreference.
   */
  function escape(inClass: boolean): number | CharMatch | RegexNode {
    const c = source[i]!;
    const set = builtin(c);
    if (set !== undefined) {
      i++;
      return set;
    }
    if (c === 'b' || c === 'B') {
      i++;
      return inClass ? 0x08 : { type: 'assertion', kind: 'other' };
    }
    if (c in SINGLE_ESCAPES) {
      i++;
      return SINGLE_ESCAPES[c]!;
    }
    if (c === 'c') {
      const letter = source[i + 1] ?? '';
      if (/[A-Za-z]/.test(letter) || (inClass && !unicode && /[0-9_]/.test(letter))) {
        i += 2;
        return letter.charCodeAt(0) % 32;
      }
      // Annex B: a `\c` that starts no control escape is a backslash.
      return 0x5c;
    }
    if (c === '0' && !/[0-9]/.test(source[i + 1] ?? '')) {
      i++;
      return 0;
    }
    if (/[0-9]/.test(c)) {
      const digits = /^[0-9]+/.exec(source.slice(i))![0];
      if (!inClass && c !== '0' && Number(digits) <= groups) {
        i += digits.length;
        return { type: 'backreference' };
      }
      if (/[0-7]/.test(c)) return legacyOctal();
      i++;
      return c.charCodeAt(0);
    }
    if (c === 'k' && (unicode || named) && !inClass) {
      i = source.indexOf('>', i) + 1;
      return { type: 'backreference' };
    }
    if (c === 'x') {
      const value = hexAt(i + 1, 2);
      if (value !== undefined) {
        i += 3;
        return value;
      }
    }
    if (c === 'u') {
      i++;
      return unicodeEscape() ?? 0x75;
    }
    if ((c === 'p' || c === 'P') && unicode) {
      i = source.indexOf('}', i) + 1;
      // Property classes are not modelled: they may match anything and surely match nothing.
      return { over: codePoints([[0, max]]), under: NO_CODE_POINTS };
    }
    return next();
  }

  function classAtom(): number | CharMatch {
    if (source[i] !== '\\') return next();
    i++;
    return escape(true) as number | CharMatch;
  }

  function asChars(atom: number | CharMatch): CharMatch {
    if (typeof atom !== 'number') return atom;
    const lower = atom | 0x20;
    // The common cases without set arithmetic: ASCII, folded or not.
    if (ignoreCase && lower >= 0x61 && lower <= 0x7a && !(unicode && (lower === 0x6b || lower === 0x73)))
      return exact([lower - 0x20, lower - 0x20, lower, lower]);
    if (atom < 0x80 && !(ignoreCase && lower >= 0x61 && lower <= 0x7a)) return exact([atom, atom]);
    return caseless(exact(codePoints([[atom, atom]])));
  }

  function characterClass(): CharMatch {
    const negated = source[i] === '^';
    if (negated) i++;
    // Ranges are collected and made a set once, at `]`: a union per member made a long class quadratic.
    const over: Array<[number, number]> = [];
    const under: Array<[number, number]> = [];
    const add = (chars: CharMatch): void => {
      for (let k = 0; k < chars.over.length; k += 2) over.push([chars.over[k]!, chars.over[k + 1]!]);
      for (let k = 0; k < chars.under.length; k += 2) under.push([chars.under[k]!, chars.under[k + 1]!]);
    };
    while (source[i] !== ']') {
      const from = classAtom();
      if (source[i] !== '-' || source[i + 1] === ']') {
        add(asChars(from));
        continue;
      }
      i++;
      const to = classAtom();
      if (typeof from === 'number' && typeof to === 'number') add(caseless(exact(codePoints([[from, to]]))));
      else {
        // Annex B: a class escape next to `-` makes the dash a literal.
        add(asChars(from));
        add(asChars(0x2d));
        add(asChars(to));
      }
    }
    i++;
    const chars = { over: codePoints(over), under: codePoints(under) };
    return negated ? negate(chars) : chars;
  }

  function quantifier(): { min: number; max: number } | undefined {
    const c = source[i];
    let bounds: { min: number; max: number } | undefined;
    if (c === '*') bounds = { min: 0, max: Infinity };
    else if (c === '+') bounds = { min: 1, max: Infinity };
    else if (c === '?') bounds = { min: 0, max: 1 };
    else if (c === '{') {
      const m = /^\{([0-9]+)(?:(,)([0-9]*))?\}/.exec(source.slice(i));
      if (!m) return undefined;
      const min = Number(m[1]);
      bounds = { min, max: m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]) };
      i += m[0].length - 1;
    }
    if (bounds) i++;
    return bounds;
  }

  function group(): RegexNode {
    if (source[i] !== '?') return disjunction();
    const kind = source.slice(i, i + 3);
    if (kind.startsWith('?:')) {
      i += 2;
      return disjunction();
    }
    if (kind.startsWith('?=') || kind.startsWith('?!')) {
      i += 2;
      return { type: 'lookaround', body: disjunction(), behind: false };
    }
    if (kind === '?<=' || kind === '?<!') {
      i += 3;
      return { type: 'lookaround', body: disjunction(), behind: true };
    }
    if (kind.startsWith('?<')) {
      i = source.indexOf('>', i) + 1;
      return disjunction();
    }
    throw new UnsupportedRegexError(`group syntax (${kind}`);
  }

  function atom(): RegexNode {
    const c = source[i]!;
    if (c === '^' || c === '$') {
      i++;
      return { type: 'assertion', kind: multiline ? 'other' : c === '^' ? 'start' : 'end' };
    }
    if (c === '(') {
      if (++depth > MAX_DEPTH) throw new TooDeepRegexError(`groups nested deeper than ${MAX_DEPTH}`);
      i++;
      const body = group();
      i++;
      depth--;
      return body;
    }
    if (c === '.') {
      i++;
      return { type: 'chars', ...exact(dotAll ? codePoints([[0, max]]) : complement(LINE_TERMINATORS, max)) };
    }
    if (c === '[') {
      i++;
      return { type: 'chars', ...characterClass() };
    }
    if (c === '\\') {
      i++;
      const escaped = escape(false);
      if (typeof escaped === 'number') return { type: 'chars', ...asChars(escaped) };
      return 'type' in escaped ? escaped : { type: 'chars', ...escaped };
    }
    return { type: 'chars', ...asChars(next()) };
  }

  function term(): RegexNode {
    // Anchors, word boundaries and lookbehinds take no quantifier; a group holding one does.
    const bare = source[i] === '^' || source[i] === '$' || /^\\[bB]|^\(\?<[=!]/.test(source.slice(i, i + 4));
    const body = atom();
    const bounds = bare ? undefined : quantifier();
    if (bounds === undefined) return body;
    const greedy = source[i] !== '?';
    if (!greedy) i++;
    return { type: 'repeat', body, ...bounds, greedy };
  }

  function alternative(): RegexNode {
    const items: RegexNode[] = [];
    while (i < source.length && source[i] !== '|' && source[i] !== ')') items.push(term());
    return items.length === 1 ? items[0]! : { type: 'sequence', items };
  }

  function disjunction(): RegexNode {
    const items = [alternative()];
    while (source[i] === '|') {
      i++;
      items.push(alternative());
    }
    return items.length === 1 ? items[0]! : { type: 'alternation', items };
  }

  return disjunction();
}
