// Where a route pattern's matches lie, path segment by path segment, read off its regex source:
// what lets a lookup skip every route whose literal segments a path does not have.

/** A path segment every match of a pattern has: literal text (lower-cased), or one capture group matching it whole. */
export type ShapeSegment = { text: string } | { group: string };

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

/** Escapes, inside or outside a class, whose characters never include `/`. */
const SLASH_FREE_CLASS_ESCAPES = /^\\[dws]$/;
/** A class member escaped because it is punctuation: itself, unless it is `/`. */
const ESCAPED_PUNCTUATION = /^\\[!-.:-@[-`{-~]$/;
/** Range ends of one kind, so a range never spans `/`: digits, lower-case or upper-case letters. */
const SAME_KIND_RANGE = /^(?:[0-9]-[0-9]|[a-z]-[a-z]|[A-Z]-[A-Z])$/;

/**
 * Whether a character class's members (between `[` and `]`) leave out `/`: a negated class
 * naming `/`, or a class of members none of which is or spans `/`. Anything it does not
 * recognise counts as possibly `/`.
 */
function classExcludesSlash(members: string): boolean {
  if (members.length === 0 || members[0] === ']') return false;
  const negated = members[0] === '^';
  let namesSlash = false;
  let mayHoldSlash = false;
  let i = negated ? 1 : 0;
  while (i < members.length) {
    const member = members.slice(i, i + (members[i] === '\\' ? 2 : 1));
    i += member.length;
    if (members[i] === '-' && i + 1 < members.length) {
      // A range: only one of a single kind is known to leave `/` out.
      const end = members.slice(i + 1, i + (members[i + 1] === '\\' ? 3 : 2));
      i += 1 + end.length;
      if (!SAME_KIND_RANGE.test(`${member}-${end}`)) mayHoldSlash = true;
    } else if (member === '/' || member === '\\/') {
      namesSlash = true;
    } else if (member.length === 2 && !SLASH_FREE_CLASS_ESCAPES.test(member) && !ESCAPED_PUNCTUATION.test(member)) {
      mayHoldSlash = true;
    }
  }
  return negated ? namesSlash : !namesSlash && !mayHoldSlash;
}

/** A quantifier that keeps a run of one or more characters (`+`, `*`, `{n}`, `{n,m}`, lazy or not). */
const RUN_QUANTIFIER = /^(?:[+*]|\{\d+(?:,\d*)?\})\??$/;

/**
 * Whether a piece is one capture group that matches part of one segment only: a class or `\d`,
 * `\w`, `\s` repeated, such as WordPress's `(?P<id>[\d]+)` and path-to-regexp's `[^/]+`.
 */
function isSegmentGroup(piece: string): boolean {
  if (piece[0] !== '(' || piece[piece.length - 1] !== ')') return false;
  const body = piece.slice(1, -1);
  let atomEnd: number;
  if (body[0] === '[') {
    atomEnd = classEnd(body, 0) + 1;
    if (atomEnd > body.length || !classExcludesSlash(body.slice(1, atomEnd - 1))) return false;
  } else if (SLASH_FREE_CLASS_ESCAPES.test(body.slice(0, 2))) {
    atomEnd = 2;
  } else {
    return false;
  }
  return RUN_QUANTIFIER.test(body.slice(atomEnd));
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
    if (literal !== null) segments.push({ text: literal });
    else if (isSegmentGroup(piece)) segments.push({ group: piece });
    else return { segments, open: true };
    if (end === source.length) return { segments, open: false };
    from = end + 1;
  }
}
