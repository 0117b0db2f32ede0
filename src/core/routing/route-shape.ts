// Where a route pattern's matches lie, path segment by path segment, read off its regex source:
// what lets a lookup skip every route whose literal segments a path does not have.

/** A path segment every match of a pattern has: literal text (lower-cased), or one capture group matching it whole. */
export type ShapeSegment = { text: string } | { group: string; check: SegmentCheck };

/**
 * The segments every match of a pattern starts with; when `open`, the match may go on past them
 * (or stop short of a segment), which only the pattern's regex can tell.
 */
interface PatternShape {
  segments: ShapeSegment[];
  open: boolean;
}

const SLASH = 0x2f;

/** Characters that end a regex source's literal text. */
const REGEX_SYNTAX = new Set(['\\', '[', ']', '(', ')', '{', '}', '.', '*', '+', '?', '^', '$', '|']);

/** Whether a regex source has a `|` outside every group and class: then no text is common to all its matches. */
function hasTopLevelAlternation(source: string): boolean {
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i += 1;
    else if (c === '[') i = classEnd(source, i);
    else if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

/** Index of the `]` closing the class opened at `open`, as route patterns write classes (a `]` first is literal). */
function classEnd(source: string, open: number): number {
  let i = open + 1;
  if (source[i] === '^') i += 1;
  if (source[i] === ']') i += 1;
  while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
  return i;
}

/** Index of the next `/` outside every group and class from `from`, else the source's length. */
function pieceEnd(source: string, from: number): number {
  let depth = 0;
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i += 1;
    else if (c === '[') i = classEnd(source, i);
    else if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === '/' && depth === 0) return i;
  }
  return source.length;
}

/** The piece's text lower-cased when it is plain ASCII text, else null. Without the `u` flag, `i` folds ASCII letters only to ASCII. */
function literalText(piece: string): string | null {
  for (let i = 0; i < piece.length; i++) {
    if (REGEX_SYNTAX.has(piece[i]!) || piece.charCodeAt(i) > 0x7e) return null;
  }
  return piece.toLowerCase();
}

/**
 * How a one-segment group is checked without its regex: the ASCII characters it takes (folded
 * for `i`), and how many; a segment with any other character is left to the regex.
 */
export interface SegmentCheck {
  /** 1 for each ASCII code the group's class takes, whatever the case of a letter. */
  ascii: Uint8Array;
  min: number;
  max: number;
}

/** The ASCII characters of `\d`, `\w` and `\s` (`\s` also takes some non-ASCII spaces, left to the regex). */
const ESCAPE_CHARACTERS: Readonly<Record<string, string>> = {
  d: '0123456789',
  w: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_',
  s: ' \t\n\v\f\r',
};

/** Punctuation escaped inside or outside a class: itself. */
const ESCAPED_PUNCTUATION = /^[!-/:-@[-`{-~]$/;

/** Marks the ASCII characters of one class member or escape; false when it is anything else. */
function markMember(table: Uint8Array, member: string): boolean {
  if (member.length === 1) {
    if (member.charCodeAt(0) < 0x80) table[member.charCodeAt(0)] = 1;
    return true;
  }
  const letter = member[1]!;
  const chars = ESCAPE_CHARACTERS[letter] ?? (ESCAPED_PUNCTUATION.test(letter) ? letter : null);
  if (chars === null) return false;
  for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)] = 1;
  return true;
}

/** The table with each ASCII letter taken in both cases: what `i` without `u` folds. */
function foldCase(table: Uint8Array): Uint8Array {
  for (let upper = 0x41; upper <= 0x5a; upper++) {
    if (table[upper] || table[upper + 0x20]) table[upper] = table[upper + 0x20] = 1;
  }
  return table;
}

/**
 * The ASCII characters a character class (its members between `[` and `]`) takes, when it
 * leaves `/` out; null for a class it does not read (an escape other than `\d`, `\w`, `\s` or
 * punctuation, a range with an escaped end) or one that takes `/`. Non-ASCII members only
 * concern non-ASCII characters, which the regex decides.
 */
function classTable(members: string): Uint8Array | null {
  if (members.length === 0 || members[0] === ']') return null;
  const negated = members[0] === '^';
  const table = new Uint8Array(128);
  let i = negated ? 1 : 0;
  while (i < members.length) {
    const member = members.slice(i, i + (members[i] === '\\' ? 2 : 1));
    i += member.length;
    if (members[i] === '-' && i + 1 < members.length) {
      const end = members[i + 1]!;
      i += 2;
      if (member.length > 1 || end === '\\') return null;
      for (let c = member.charCodeAt(0); c <= Math.min(end.charCodeAt(0), 0x7f); c++) table[c] = 1;
    } else if (!markMember(table, member)) {
      return null;
    }
  }
  foldCase(table);
  if (negated) for (let c = 0; c < 128; c++) table[c] = table[c] ? 0 : 1;
  return table[SLASH] ? null : table;
}

/** A quantifier that keeps a run of characters: `+`, `*`, `{n}`, `{n,}` or `{n,m}`, lazy or not. */
const RUN_QUANTIFIER = /^(?:([+*])|\{(\d+)(?:(,)(\d*))?\})\??$/;

/**
 * How a piece that is one capture group matching part of one segment only is checked: a class,
 * or `\d`, `\w`, `\s`, repeated (WordPress's `(?P<id>[\d]+)`, path-to-regexp's `[^/]+`);
 * null for any other piece.
 */
function segmentCheck(piece: string): SegmentCheck | null {
  if (piece[0] !== '(' || piece[piece.length - 1] !== ')') return null;
  const body = piece.slice(1, -1);
  let atomEnd: number;
  let ascii: Uint8Array | null;
  if (body[0] === '[') {
    atomEnd = classEnd(body, 0) + 1;
    ascii = atomEnd > body.length ? null : classTable(body.slice(1, atomEnd - 1));
  } else if (body[0] === '\\' && (body[1] === 'd' || body[1] === 'w' || body[1] === 's')) {
    atomEnd = 2;
    ascii = new Uint8Array(128);
    markMember(ascii, body.slice(0, 2));
    foldCase(ascii);
  } else {
    return null;
  }
  const quantifier = RUN_QUANTIFIER.exec(body.slice(atomEnd));
  if (ascii === null || quantifier === null) return null;
  const [, run, low, comma, high] = quantifier;
  if (run) return { ascii, min: run === '+' ? 1 : 0, max: Infinity };
  return { ascii, min: Number(low), max: comma === undefined ? Number(low) : high ? Number(high) : Infinity };
}

/** Whether a quantifier starts at `i`: then the character before it is optional or repeated. */
function quantifiedAt(source: string, i: number): boolean {
  const c = source[i];
  return c === '?' || c === '*' || c === '+' || c === '{';
}

/**
 * The shape of a route pattern's regex source (as `compileRoutePattern` gives it): from the
 * leading `/`, each piece up to the next `/` outside groups and classes that is plain text or a
 * one-segment group; the first piece that is neither, or a `/` that is optional, leaves the
 * shape open there. `/core/v2/posts/(\d+)` → `core`, `v2`, `posts`, then the group `(\d+)`, closed.
 */
export function shapeOf(source: string): PatternShape {
  const segments: ShapeSegment[] = [];
  if (source.charCodeAt(0) !== SLASH || quantifiedAt(source, 1) || hasTopLevelAlternation(source)) return { segments, open: true };
  let from = 1;
  for (;;) {
    const end = pieceEnd(source, from);
    if (end < source.length && quantifiedAt(source, end + 1)) return { segments, open: true };
    const piece = source.slice(from, end);
    const literal = literalText(piece);
    const check = literal === null ? segmentCheck(piece) : null;
    if (literal !== null) segments.push({ text: literal });
    else if (check !== null) segments.push({ group: piece, check });
    else return { segments, open: true };
    if (end === source.length) return { segments, open: false };
    from = end + 1;
  }
}
