// WP Super Cache's rejected URIs and user agents compiled once per list into one Aho–Corasick
// automaton, so that checking a request is one pass over its URL or user agent however long the
// list is: a scan entry by entry cost 27 ms a page at 55,000 entries.
//
// An entry is a run of literal pieces, each to be found after the one before (`wp-.*\.php`:
// `wp-`, then `.php` after it; rejected-uri.ts splits the plugin's patterns so). The automaton
// finds every piece at once. An entry of one piece matches when its piece is found; an entry of
// several is followed through the states "pieces still to find", each reached at most once a
// request at the earliest place it can be, which is what finding each piece leftmost after the
// last one (`indexOf` piece by piece) decides.

/** Whether a text contains any entry of a compiled list. */
export type FragmentTest = (text: string) => boolean;

/** An entry split into its literal pieces, empty pieces left out (an entry of none matches every text). */
type Pieces = readonly string[];

const ROOT = 0;
/** The `after` of a state whose piece is its entry's last: finding it completes the entry. */
const DONE = -1;
/**
 * Steps allowed for several-piece entries per character of a text, besides a base: states
 * reached and links walked. Lists people write take one or two per character; a list whose `.*`
 * pieces are suffixes of one another hundreds deep could take hundreds, and a text that would
 * need more than this counts as matched: its page is served uncached, as a rejected URI's is.
 */
const STEPS_PER_CHARACTER = 8;
const BASE_STEPS = 1024;

/**
 * The trie of the pieces, numbered breadth first with each node's children in the order of their
 * codes, so a node's children are consecutive nodes and the hot shallow nodes sit together; with
 * Aho–Corasick's failure links.
 */
interface Automaton {
  /** A node's children are the nodes `edgeStart[node] + 1` to `edgeStart[node + 1]`, their codes `edgeCode[edgeStart[node]…]`. */
  edgeStart: Int32Array;
  edgeCode: Uint16Array;
  /** The root's children by ASCII code (-1 for none): the root is where every mismatch falls back to. */
  rootNext: Int32Array;
  /** The node of the longest proper suffix of a node's text that is also a node. */
  fail: Int32Array;
  /** 1 where a one-piece entry ends here or at a suffix: the text matches. */
  accepts: Uint8Array;
  /** The piece of a several-piece entry that ends exactly here, or -1. */
  piece: Int32Array;
  /** The nearest suffix node (through `fail`) where an entry's first piece ends, or -1. */
  firstLink: Int32Array;
  /** The nearest suffix node (through `fail`) where a piece after an entry's first ends, or -1. */
  laterLink: Int32Array;
}

/** The node reached from `node` by `code`, or -1: a binary search over its children's codes. */
function step(automaton: Automaton, node: number, code: number): number {
  if (node === ROOT && code < 128) return automaton.rootNext[code]!;
  let low = automaton.edgeStart[node]!;
  let high = automaton.edgeStart[node + 1]! - 1;
  const codes = automaton.edgeCode;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = codes[middle]!;
    if (found === code) return middle + 1;
    if (found < code) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * Builds the automaton of `accepted` (pieces that match alone) and the sequences' pieces. With the
 * pieces sorted, the nodes of each depth are the distinct prefixes of that length in sorted
 * order, which is breadth-first order with children by code: one pass per depth over the pieces
 * that long makes them.
 */
function buildAutomaton(accepted: readonly string[], sequences: Sequences): Automaton {
  const texts = [...accepted, ...sequences.pieces];
  const sorted = texts.map((_, i) => i).sort((a, b) => (texts[a]! < texts[b]! ? -1 : texts[a]! > texts[b]! ? 1 : 0));
  let capacity = 1;
  for (const text of texts) capacity += text.length;
  const parentOf = new Int32Array(capacity);
  const edgeCode = new Uint16Array(capacity - 1);
  /** Each piece's node at the depth reached. */
  const nodeOf = new Int32Array(texts.length);
  /** The pieces at least as long as the depth, in sorted order: the first `longCount`. */
  const long = Int32Array.from(sorted);
  let longCount = long.length;
  let size = 1;
  for (let depth = 1; longCount > 0; depth++) {
    let parent = -1;
    let code = -1;
    let kept = 0;
    for (let k = 0; k < longCount; k++) {
      const index = long[k]!;
      const text = texts[index]!;
      const at = text.charCodeAt(depth - 1);
      if (nodeOf[index] !== parent || at !== code) {
        parent = nodeOf[index]!;
        code = at;
        parentOf[size] = parent;
        edgeCode[size - 1] = at;
        size++;
      }
      nodeOf[index] = size - 1;
      if (text.length > depth) long[kept++] = index;
    }
    longCount = kept;
  }

  const edgeStart = new Int32Array(size + 1);
  for (let node = 1; node < size; node++) edgeStart[parentOf[node]! + 1]! += 1;
  for (let node = 0; node < size; node++) edgeStart[node + 1]! += edgeStart[node]!;
  const rootNext = new Int32Array(128).fill(-1);
  for (let edge = 0; edge < edgeStart[ROOT + 1]!; edge++) if (edgeCode[edge]! < 128) rootNext[edgeCode[edge]!] = edge + 1;
  const automaton: Automaton = {
    edgeStart,
    edgeCode: edgeCode.subarray(0, size - 1),
    rootNext,
    fail: new Int32Array(size),
    accepts: new Uint8Array(size),
    piece: new Int32Array(size).fill(-1),
    firstLink: new Int32Array(size).fill(-1),
    laterLink: new Int32Array(size).fill(-1),
  };
  for (let i = 0; i < accepted.length; i++) automaton.accepts[nodeOf[i]!] = 1;
  for (let id = 0; id < sequences.pieces.length; id++) automaton.piece[nodeOf[accepted.length + id]!] = id;

  // Failure links in node order, which is breadth first: a node's suffixes are done before it.
  const { fail, accepts, piece, firstLink, laterLink } = automaton;
  const { isFirst, isLater } = sequences;
  for (let node = 1; node < size; node++) {
    const parent = parentOf[node]!;
    let link = ROOT;
    if (parent !== ROOT) {
      const code = edgeCode[node - 1]!;
      let suffix = fail[parent]!;
      let target = step(automaton, suffix, code);
      while (target < 0 && suffix !== ROOT) {
        suffix = fail[suffix]!;
        target = step(automaton, suffix, code);
      }
      if (target >= 0) link = target;
    }
    fail[node] = link;
    if (accepts[link]) accepts[node] = 1;
    const id = piece[link]!;
    firstLink[node] = id >= 0 && isFirst[id] ? link : firstLink[link]!;
    laterLink[node] = id >= 0 && isLater[id] ? link : laterLink[link]!;
  }
  return automaton;
}

/**
 * The several-piece entries as states "pieces still to find", shared by entries that end alike:
 * `want` is a state's next piece and `after` the state its finding leads to (or {@link DONE}).
 * `firstFound[piece]` lists the states an entry's first piece leads to, from `firstStart[piece]`.
 */
interface Sequences {
  /** The pieces, by id. */
  pieces: readonly string[];
  pieceLength: Int32Array;
  /** 1 for a piece that begins an entry, and for one that follows another in an entry. */
  isFirst: Uint8Array;
  isLater: Uint8Array;
  want: Int32Array;
  after: Int32Array;
  firstStart: Int32Array;
  firstFound: Int32Array;
}

function buildSequences(entries: readonly Pieces[]): Sequences {
  const pieceIds = new Map<string, number>();
  for (const pieces of entries) for (const text of pieces) if (!pieceIds.has(text)) pieceIds.set(text, pieceIds.size);
  const isFirst = new Uint8Array(pieceIds.size);
  const isLater = new Uint8Array(pieceIds.size);
  const stateOf = new Map<string, number>();
  const want: number[] = [];
  const after: number[] = [];
  const first: Array<Set<number>> = Array.from({ length: pieceIds.size }, () => new Set());
  for (const entry of entries) {
    const ids = entry.map((text) => pieceIds.get(text)!);
    let next = DONE;
    for (let j = ids.length - 1; j >= 1; j--) {
      isLater[ids[j]!] = 1;
      const key = ids.slice(j).join(',');
      let state = stateOf.get(key);
      if (state === undefined) {
        state = want.length;
        stateOf.set(key, state);
        want.push(ids[j]!);
        after.push(next);
      }
      next = state;
    }
    isFirst[ids[0]!] = 1;
    first[ids[0]!]!.add(next);
  }
  const pieces = [...pieceIds.keys()];
  const firstStart = new Int32Array(pieces.length + 1);
  first.forEach((states, id) => (firstStart[id + 1] = firstStart[id]! + states.size));
  return {
    pieces,
    pieceLength: Int32Array.from(pieces, (text) => text.length),
    isFirst,
    isLater,
    want: Int32Array.from(want),
    after: Int32Array.from(after),
    firstStart,
    firstFound: Int32Array.from(first.flatMap((states) => [...states])),
  };
}

/**
 * Compiles entries into one test. Its cost for a text is one automaton step per character
 * (amortized); for entries of several pieces, one step more per state reached (each at most once
 * a call) and, while a state waits for a later piece, one per such piece ending at a character.
 * A first piece counts only where it is first found, so nodes whose pieces were all seen are not
 * walked again. Those steps are capped at {@link STEPS_PER_CHARACTER} a character, so a call is
 * linear in its text whatever the list. The test keeps scratch arrays between calls, stamped with
 * a generation number so no call clears them; it is synchronous, so calls never interleave.
 */
export function compileFragments(entries: readonly Pieces[]): FragmentTest {
  if (entries.length === 0) return () => false;
  if (entries.some((pieces) => pieces.length === 0)) return () => true;
  const single = new Set<string>();
  const several: Pieces[] = [];
  for (const pieces of entries) {
    if (pieces.length === 1) single.add(pieces[0]!);
    else several.push(pieces);
  }
  const sequences = buildSequences(several);
  const automaton = buildAutomaton([...single], sequences);
  const { fail, accepts, piece, firstLink, laterLink } = automaton;

  if (several.length === 0) {
    return (text) => {
      let node = ROOT;
      for (let i = 0; i < text.length; i++) {
        node = advance(automaton, fail, node, text.charCodeAt(i));
        if (accepts[node]) return true;
      }
      return false;
    };
  }

  const { want, after, firstStart, firstFound, pieceLength, pieces } = sequences;
  // Scratch, valid where its stamp is this call's generation.
  const visited = new Uint32Array(fail.length);
  const queueStamp = new Uint32Array(pieces.length);
  const queueHead = new Int32Array(pieces.length);
  const queueTail = new Int32Array(pieces.length);
  const reached = new Uint32Array(want.length);
  const reachedAt = new Int32Array(want.length);
  const queueNext = new Int32Array(want.length);
  let generation = 0;
  /** How many pieces have states waiting for them: none, and no later piece needs looking for. */
  let waitedFor = 0;
  /** Steps left to this call (see {@link STEPS_PER_CHARACTER}). */
  let budget = 0;

  /** Reaches `state` at `end` (the index of the last character of the piece that led there); true when an entry is complete or the budget spent. */
  const reach = (state: number, end: number): boolean => {
    if (state === DONE || --budget < 0) return true;
    if (reached[state] === generation) return false;
    reached[state] = generation;
    reachedAt[state] = end;
    queueNext[state] = -1;
    const wanted = want[state]!;
    if (queueStamp[wanted] !== generation || queueHead[wanted]! < 0) {
      queueStamp[wanted] = generation;
      queueHead[wanted] = state;
      waitedFor++;
    } else queueNext[queueTail[wanted]!] = state;
    queueTail[wanted] = state;
    return false;
  };

  /** A later piece found ending at `end`: the states waiting for it since before it began move on. */
  const laterFound = (id: number, end: number): boolean => {
    if (queueStamp[id] !== generation) return false;
    let state = queueHead[id]!;
    if (state < 0) return false;
    const start = end - pieceLength[id]! + 1;
    // States join a queue in the order they are reached, so the ones that began early enough come first.
    while (state >= 0 && reachedAt[state]! < start) {
      if (reach(after[state]!, end)) return true;
      // Read after reaching: a state reached just now may have joined this very queue behind it.
      state = queueNext[state]!;
    }
    queueHead[id] = state;
    if (state < 0) waitedFor--;
    return false;
  };

  return (text) => {
    if (generation === 0xffffffff) {
      visited.fill(0);
      queueStamp.fill(0);
      reached.fill(0);
      generation = 0;
    }
    generation++;
    waitedFor = 0;
    budget = BASE_STEPS + STEPS_PER_CHARACTER * text.length;
    let node = ROOT;
    for (let i = 0; i < text.length; i++) {
      node = advance(automaton, fail, node, text.charCodeAt(i));
      if (accepts[node]) return true;
      // A first piece's first finding is the earliest any entry it starts can move on: a node
      // walked before had every first piece along its links found then.
      for (let at = isFirstAt(node) ? node : firstLink[node]!; at >= 0 && visited[at] !== generation; at = firstLink[at]!) {
        if (--budget < 0) return true;
        visited[at] = generation;
        const id = piece[at]!;
        for (let k = firstStart[id]!; k < firstStart[id + 1]!; k++) if (reach(firstFound[k]!, i)) return true;
      }
      if (waitedFor > 0)
        for (let at = isLaterAt(node) ? node : laterLink[node]!; at >= 0; at = laterLink[at]!)
          if (--budget < 0 || laterFound(piece[at]!, i)) return true;
    }
    return false;
  };

  function isFirstAt(node: number): boolean {
    const id = piece[node]!;
    return id >= 0 && sequences.isFirst[id] === 1;
  }
  function isLaterAt(node: number): boolean {
    const id = piece[node]!;
    return id >= 0 && sequences.isLater[id] === 1;
  }
}

/** The automaton's next node for one character, following failure links. */
function advance(automaton: Automaton, fail: Int32Array, from: number, code: number): number {
  let node = from;
  let next = step(automaton, node, code);
  while (next < 0 && node !== ROOT) {
    node = fail[node]!;
    next = step(automaton, node, code);
  }
  return next < 0 ? ROOT : next;
}
