// A rejected URI as WP Super Cache reads it (`preg_match( "~$expr~", $uri )`: a PCRE pattern,
// case-sensitive, unanchored), made into the literal pieces the fragment matcher finds in one pass.
// What that reading can say exactly, it says: literal text, `\x` escapes of punctuation, `.*`, a
// leading `^`, a trailing `$`, top-level `|`, and groups of plain alternatives, spelt out. Anything
// else (a lone `.`, a class `[…]`, another group, a quantified character `s?`, `\d` and the other
// letter escapes) becomes a gap that takes any run of characters, so an entry rejects at least every
// URI the plugin's regex rejects: a page an administrator meant to keep out of the cache is never
// cached, at worst a few more are not. No regex engine runs on a request.

/** Stands for the start of the URI in a piece (`^`): the matcher is given the URI between these two, which no request URL holds. */
const URI_START = '\ufffe';
/** Stands for the end of the URI in a piece (`$`). */
const URI_END = '\uffff';

const BACKSLASH = 0x5c;

function isAlphanumeric(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
}

/**
 * What may follow a letter escape as its argument (`\x41`, `\p{L&}`, `\P{^L}`, `\k<name>`,
 * `\g-1`): skipped with it, since a gap covers it. Never `|`, `[` or `(`, whose meaning a skip would lose.
 */
const ESCAPE_ARGUMENT = new Set("_{}<>'+-^&:=".split('').map((c) => c.charCodeAt(0)));

function isEscapeArgument(c: number): boolean {
  return isAlphanumeric(c) || ESCAPE_ARGUMENT.has(c);
}

/** The end of a `{n}`, `{n,}` or `{n,m}` quantifier opened at `open`, or -1 where PCRE reads the `{` as itself. */
function quantifierEnd(entry: string, open: number): number {
  let i = open + 1;
  while (i < entry.length && entry.charCodeAt(i) >= 0x30 && entry.charCodeAt(i) <= 0x39) i++;
  if (entry[i] === ',') i++;
  while (i < entry.length && entry.charCodeAt(i) >= 0x30 && entry.charCodeAt(i) <= 0x39) i++;
  return entry[i] === '}' && i > open + 1 ? i + 1 : -1;
}

/** Escapes after which the pattern cannot be split without reading it as PCRE does: `\Q…\E` quotes, `\cX` takes any character. */
const UNREADABLE_ESCAPES = /\\[QEc]/;

/** Whether `text[at]` ends a surrogate pair. */
function isPairEnd(text: string, at: number): boolean {
  const low = text.charCodeAt(at);
  const high = text.charCodeAt(at - 1);
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
}

/** Where the class opened at `open` (`[`) ends, after its `]`; -1 when it cannot be told (a nested `[`, as in `[[:alpha:]]`) or never ends. */
function classEnd(entry: string, open: number): number {
  let i = open + 1;
  if (entry[i] === '^') i++;
  // A `]` first in a class is a literal.
  if (entry[i] === ']') i++;
  for (; i < entry.length; i++) {
    const c = entry.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (entry[i] === '[') return -1;
    else if (entry[i] === ']') return i + 1;
  }
  return -1;
}

/** Where the group opened at `open` (`(`) ends, after its `)`; -1 when it cannot be told or never ends. */
function groupEnd(entry: string, open: number): number {
  let depth = 0;
  for (let i = open; i < entry.length; i++) {
    const c = entry[i];
    if (c === '\\') i++;
    else if (c === '[') {
      const end = classEnd(entry, i);
      if (end < 0) return -1;
      i = end - 1;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/** Most patterns an entry's groups of plain alternatives are spelt out into; beyond it a group is a gap. */
const MAX_VARIANTS = 8;

/** Where the first group at or after `from` opens (an unescaped `(` outside a class), or -1. */
function nextGroup(entry: string, from: number): number {
  for (let i = from; i < entry.length; i++) {
    const c = entry[i];
    if (c === '\\') i++;
    else if (c === '(') return i;
    else if (c === '[') {
      const end = classEnd(entry, i);
      if (end < 0) return -1;
      i = end - 1;
    }
  }
  return -1;
}

/** The options of a group of plain alternatives opened at `open` (`(a|b)`, `(?:a|b)`, not quantified, nothing nested) and where it ends; null for any other group. */
function plainGroup(entry: string, open: number): { options: string[]; end: number } | null {
  let i = open + 1;
  if (entry.startsWith('?:', i)) i += 2;
  else if (entry[i] === '?') return null;
  const options: string[] = [];
  let from = i;
  for (; i < entry.length; i++) {
    const c = entry[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') return null;
    else if (c === '|') {
      options.push(entry.slice(from, i));
      from = i + 1;
    } else if (c === ')') {
      options.push(entry.slice(from, i));
      const next = entry[i + 1];
      return next === '*' || next === '+' || next === '?' || next === '{' ? null : { options, end: i + 1 };
    }
  }
  return null;
}

/**
 * The entry with its groups of plain alternatives spelt out (`/(cart|checkout)/` is `/cart/` or
 * `/checkout/`), at most {@link MAX_VARIANTS} patterns; other groups are left for the reading to gap.
 */
function spelledOut(entry: string): string[] {
  const done: string[] = [];
  const pending: Array<{ text: string; from: number }> = [{ text: entry, from: 0 }];
  while (pending.length > 0) {
    const { text, from } = pending.pop()!;
    const open = nextGroup(text, from);
    if (open < 0) {
      done.push(text);
      continue;
    }
    const group = plainGroup(text, open);
    if (group === null || done.length + pending.length + group.options.length > MAX_VARIANTS) {
      const end = groupEnd(text, open);
      if (end < 0) done.push(text);
      else pending.push({ text, from: end });
      continue;
    }
    for (const option of group.options)
      pending.push({ text: text.slice(0, open) + option + text.slice(group.end), from: open + option.length });
  }
  return done;
}

/** An option setting that changes how the rest of a pattern reads (`(?i)`, `(?x)`, `(?-i)`). */
const OPTION_SETTING = /\(\?[A-Za-z^-]*\)/;

/**
 * The alternatives of a rejected URI, each as its pieces in order (an alternative of no pieces
 * matches every URI).
 */
export function uriAlternatives(entry: string): string[][] {
  // Option settings and verbs such as `(*CR)` change how the rest reads: such an entry rejects every
  // URI. So do `\Q…\E` and `\cX`, which a split into pieces could misread.
  if (OPTION_SETTING.test(entry) || entry.includes('(*') || UNREADABLE_ESCAPES.test(entry)) return [[]];
  return spelledOut(entry).flatMap(patternAlternatives);
}

/** The alternatives of one pattern, as {@link uriAlternatives} answers them. Linear in its length. */
function patternAlternatives(entry: string): string[][] {
  const alternatives: string[][] = [];
  let pieces: string[] = [];
  // The piece being read, as parts joined once it ends (each part a slice of the entry, so the joined piece is a flat string).
  let parts: string[] = [];
  let partStart = 0;
  let everything = false;

  const cut = (at: number): void => {
    if (at > partStart) parts.push(entry.slice(partStart, at));
  };
  const gap = (at: number, resume: number): void => {
    cut(at);
    const piece = parts.join('');
    if (piece !== '') pieces.push(piece);
    parts = [];
    partStart = resume;
  };
  /** Drops the last character read (one a quantifier makes optional, both halves of a surrogate pair), then leaves a gap. */
  const quantified = (at: number, resume: number): void => {
    if (at > partStart) {
      cut(at - (isPairEnd(entry, at - 1) && at - 2 >= partStart ? 2 : 1));
      partStart = at;
    } else if (parts.length > 0) {
      const last = parts[parts.length - 1]!;
      parts[parts.length - 1] = last.slice(0, isPairEnd(last, last.length - 1) ? -2 : -1);
    }
    gap(at, resume);
  };

  for (let i = 0; i < entry.length; i++) {
    const c = entry[i]!;
    if (c === '\\') {
      if (i + 1 === entry.length) break;
      if (!isAlphanumeric(entry.charCodeAt(i + 1))) {
        // `\.`: the character itself.
        cut(i);
        partStart = ++i;
        continue;
      }
      let end = i + 2;
      while (end < entry.length && isEscapeArgument(entry.charCodeAt(end))) end++;
      gap(i, end);
      i = end - 1;
    } else if (c === '.') {
      const end = entry[i + 1] === '*' ? i + 2 : i + 1;
      gap(i, end);
      i = end - 1;
    } else if (c === '*' || c === '+' || c === '?' || (c === '{' && quantifierEnd(entry, i) > 0)) {
      let end = c === '{' ? quantifierEnd(entry, i) : i + 1;
      // A lazy `?` or possessive `+` belongs to the quantifier before it.
      if (entry[end] === '?' || entry[end] === '+') end++;
      quantified(i, end);
      i = end - 1;
    } else if (c === '[' || c === '(') {
      const end = c === '[' ? classEnd(entry, i) : groupEnd(entry, i);
      if (end < 0) {
        everything = true;
        break;
      }
      gap(i, end);
      i = end - 1;
    } else if (c === '^') {
      cut(i);
      if (i === 0 || entry[i - 1] === '|') parts.push(URI_START);
      else gap(i, i + 1);
      partStart = i + 1;
    } else if (c === '$') {
      cut(i);
      const last = i + 1 === entry.length || entry[i + 1] === '|';
      if (last) parts.push(URI_END);
      else gap(i, i + 1);
      partStart = i + 1;
    } else if (c === '|') {
      gap(i, i + 1);
      alternatives.push(pieces);
      pieces = [];
    } else if (c === ')') {
      gap(i, i + 1);
    }
  }
  if (everything) return [[]];
  gap(entry.length, entry.length);
  alternatives.push(pieces);
  return alternatives;
}

/** A URI as the rejected URIs' pieces are found in it: between the marks of its start and end. */
export function anchoredUri(uri: string): string {
  return URI_START + uri + URI_END;
}
