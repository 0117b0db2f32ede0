// MySQL's `LIKE`, as plugins' queries on WordPress's tables use it (SEOPress's `post_name LIKE
// '%…%'`): `%` any run of characters, `_` one character, `\` the next character as written (a `\`
// ending the pattern stands for itself, MySQL's `my_wildcmp_uca_impl`), case-insensitive as
// WordPress's `_ci` collations compare: pattern and text lower-cased whole, as JavaScript lowers them
// (those collations also equate accented letters, `é` with `e`, which no backend here does). `_` is
// one code point, as in utf8mb4. One definition for every backend: the memory store, the SQL stores
// and the namespaces all match with `likeMatches` (the SQL stores read the candidate rows' slugs and
// titles and match them here, since PostgreSQL's own `LIKE` backtracks: a 200-character pattern over
// long titles took seconds).
//
// No backtracking: the pattern is cut at its `%`s; the first piece must start the text, the last end
// it, and each piece between is found at its leftmost place after the one before (a `%` can take
// whatever lies between, so the leftmost place never loses a match). The text is read once, forward:
// a piece of plain characters by Knuth–Morris–Pratt, in steps linear in the text and the piece; a
// piece holding `_` by the bit-parallel Shift-And scan, one step per text character per 32
// characters of the piece (no known linear method matches "any one character" in a piece).

/** A piece's `_`: any one character. */
const ANY_ONE = -1;
const PERCENT = 0x25;
const UNDERSCORE = 0x5f;
const BACKSLASH = 0x5c;

/** Finds a piece in `text[from, to)`: where its leftmost place there ends, or -1. */
type Searcher = (text: Int32Array, from: number, to: number) => number;

/** A `LIKE` pattern read once, for {@link likeMatches}. */
export interface LikePattern {
  /** The pieces between `%`s, one after another: code points, -1 for `_`. */
  readonly chars: Int32Array;
  /** Where each piece starts in `chars`, then where the last one ends; with no `%`, one piece the whole text must match. */
  readonly bounds: Int32Array;
  /** How many characters a matching text has at least. */
  readonly minLength: number;
  /** The middle pieces' searchers by piece, each made the first time a text needs it. */
  readonly searchers: Map<number, Searcher>;
}

/** Text as the `_ci` comparison sees it: lower-cased as JavaScript (and ICU's root locale) lowers it. */
const foldCase = (text: string): string => text.toLowerCase();

/** The code points of a text. */
function codePoints(text: string): Int32Array {
  const out = new Int32Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!;
    out[n++] = code;
    if (code > 0xffff) i++;
  }
  return out.subarray(0, n);
}

/** Reads a `LIKE` pattern (lower-cased first, as the comparison ignores case), in one pass. */
export function likePattern(pattern: string): LikePattern {
  const folded = foldCase(pattern);
  const given = codePoints(folded);
  const chars = new Int32Array(given.length);
  const bounds = new Int32Array(given.length + 2);
  let pieces = 1;
  let n = 0;
  for (let i = 0; i < given.length; i++) {
    let char = given[i]!;
    if (char === PERCENT) {
      // A run of `%`s is one: no empty piece between them, however long the run.
      if (pieces > 1 && bounds[pieces - 1] === n) continue;
      bounds[pieces++] = n;
    } else if (char === UNDERSCORE) {
      chars[n++] = ANY_ONE;
    } else {
      if (char === BACKSLASH && i + 1 < given.length) char = given[++i]!;
      chars[n++] = char;
    }
  }
  bounds[pieces++] = n;
  return {
    chars: chars.slice(0, n),
    bounds: bounds.slice(0, pieces),
    minLength: n,
    searchers: new Map(),
  };
}

/** Knuth–Morris–Pratt over code points, for a piece without `_`. */
function plainSearcher(piece: Int32Array): Searcher {
  const fail = new Int32Array(piece.length);
  for (let i = 1, k = 0; i < piece.length; i++) {
    while (k > 0 && piece[i] !== piece[k]) k = fail[k - 1]!;
    if (piece[i] === piece[k]) k++;
    fail[i] = k;
  }
  return (text, from, to) => {
    for (let i = from, k = 0; i < to; i++) {
      while (k > 0 && text[i] !== piece[k]) k = fail[k - 1]!;
      if (text[i] === piece[k]) k++;
      if (k === piece.length) return i + 1;
    }
    return -1;
  };
}

/** Shift-And, for a piece with `_`: bit j of the state says the piece's first j + 1 characters end here. */
function wildSearcher(piece: Int32Array): Searcher {
  const words = Math.ceil(piece.length / 32);
  /** Bits of the `_` positions, 32 positions a word (signed words: the bit operators' own type, no conversion on every store). */
  const anyOne = new Int32Array(words);
  const bits = new Map<number, Map<number, number>>();
  piece.forEach((char, at) => {
    const word = at >>> 5;
    const bit = 1 << (at & 31);
    if (char === ANY_ONE) {
      anyOne[word]! |= bit;
      return;
    }
    let own = bits.get(char);
    if (!own) bits.set(char, (own = new Map<number, number>()));
    own.set(word, (own.get(word) ?? 0) | bit);
  });
  /** Per character of the piece: pairs of a word index and that word's bits of its positions, flattened. */
  const places = new Map<number, Int32Array>();
  for (const [char, own] of bits) places.set(char, Int32Array.from([...own].flat()));
  const last = words - 1;
  const done = 1 << ((piece.length - 1) & 31);
  return (text, from, to) => {
    const state = new Int32Array(words);
    const shifted = new Int32Array(words);
    // Words above `live` hold no bit: a step shifts bits up by one, so it touches `live` + 1 words at
    // most. On text that stops matching the piece within a few characters that is one or two words.
    let live = 0;
    for (let i = from; i < to; i++) {
      const reach = Math.min(live + 1, last);
      let carry = 1;
      for (let w = 0; w <= reach; w++) {
        const word = state[w]!;
        shifted[w] = (word << 1) | carry;
        carry = word >>> 31;
        state[w] = shifted[w]! & anyOne[w]!;
      }
      const own = places.get(text[i]!);
      if (own) for (let k = 0; k < own.length && own[k]! <= reach; k += 2) state[own[k]!]! |= shifted[own[k]!]! & own[k + 1]!;
      if ((state[last]! & done) !== 0) return i + 1;
      live = reach;
      while (live > 0 && state[live] === 0) live--;
    }
    return -1;
  };
}

/** The searcher of middle piece `p`, made once. */
function searcherOf(pattern: LikePattern, p: number): Searcher {
  let searcher = pattern.searchers.get(p);
  if (!searcher) {
    const piece = pattern.chars.subarray(pattern.bounds[p], pattern.bounds[p + 1]);
    searcher = piece.includes(ANY_ONE) ? wildSearcher(piece) : plainSearcher(piece);
    pattern.searchers.set(p, searcher);
  }
  return searcher;
}

/** Whether piece `p` matches the text at `at` (which leaves room for it). */
function matchesAt({ chars, bounds }: LikePattern, p: number, text: Int32Array, at: number): boolean {
  for (let j = bounds[p]!, t = at; j < bounds[p + 1]!; j++, t++) if (chars[j] !== ANY_ONE && chars[j] !== text[t]) return false;
  return true;
}

/** Whether `text` matches the pattern, as MySQL's `text LIKE pattern` under a `_ci` collation answers. */
export function likeMatches(pattern: LikePattern, text: string): boolean {
  const chars = codePoints(foldCase(text));
  const n = chars.length;
  const { bounds } = pattern;
  const pieces = bounds.length - 1;
  const length = (p: number) => bounds[p + 1]! - bounds[p]!;
  if (n < pattern.minLength) return false;
  if (pieces === 1) return n === pattern.minLength && matchesAt(pattern, 0, chars, 0);
  const tail = pieces - 1;
  // minLength counts both ends, so they cannot overlap here.
  if (!matchesAt(pattern, 0, chars, 0) || !matchesAt(pattern, tail, chars, n - length(tail))) return false;
  let from = length(0);
  const to = n - length(tail);
  for (let p = 1; p < tail; p++) {
    from = searcherOf(pattern, p)(chars, from, to);
    if (from < 0) return false;
  }
  return true;
}
