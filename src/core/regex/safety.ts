/**
 * Decides whether a JS regular expression can backtrack super-linearly (ReDoS), without running it.
 *
 * The pattern becomes a position (Glushkov) automaton whose moves keep the order a backtracking
 * engine tries them in; an unanchored pattern gets a lazy any-character prefix, as the engine
 * retries at each index. A state "surely succeeds" when it can accept with no test in the way
 * (or at the subject's end, with a way on for every character): once the engine enters one, the
 * search ends after that state's own moves. So moves after an unconditional accept, and
 * lower-priority moves on characters that lead into such a state, are never tried, and only
 * paths avoiding such states can multiply. Among those, two distinct paths from a state back to
 * itself on one word (EDA) mean exponential work; p ≠ q with `p →w p`, `p →w q` and `q →w q`
 * (IDA) mean polynomial work; without either, matching is linear. A lookaround costs a scan of
 * its body each time it runs: bounded, or unbounded but at boundedly many indexes, is linear; a
 * lookbehind's body is read reversed, as the engine matches it from right to left. Ambiguity
 * needs no cycle to multiply paths: optional items or alternatives written out (or unrolled) one
 * after another can each take or leave the same characters, so one attempt that can follow more
 * than a few paths into one state is exponential in the pattern's size, and judged so.
 * Counted repetitions are unrolled, or read as loops where copies would multiply paths.
 * Character sets the model cannot state exactly are over-approximated where they add paths and
 * under-approximated where they prune, so the answer errs towards "unsafe".
 */
import { codePoints, NO_CODE_POINTS, subtract, union, type CodePoints } from './code-points.js';
import { parseRegex, TooDeepRegexError, UnsupportedRegexError, type CharMatch, type RegexNode } from './syntax.js';

/** Why a regular expression is refused. */
export type RegexHazard =
  | 'exponential backtracking'
  | 'polynomial backtracking'
  | 'backreference'
  | 'too complex to check'
  | 'unsupported syntax';

/** What registration does with a route or schema pattern the analysis finds unsafe: refuse it (default) or accept it. */
export type UnsafePatternPolicy = 'refuse' | 'allow';

/** The registration error for a pattern the analysis refuses: what it is, why, and the opt-out. */
export function unsafePatternError(subject: string, hazard: RegexHazard): TypeError {
  return new TypeError(
    `site-rest: ${subject} is refused (${hazard}): matching it against client input may take super-linear time; createRestServer's unsafePatterns: 'allow' accepts it`,
  );
}

/** Positions after unrolling counted repetitions; above it the answer is "too complex to check". */
const MAX_POSITIONS = 2_000;
/** States of one cycle (whose pairs the checks explore); above it the answer is "too complex to check". */
const MAX_CYCLE_STATES = 1_000;
/** Paths one match attempt may follow into one state at once: 2⁴, four optional items that can each take or leave the same characters. */
const MAX_PATHS = 16;
/** States of the path-counting DFA explored before its states are split into groups that evolve apart. */
const QUICK_DFA_STATES = 256;
/** Product-automaton steps one check may take; above it the answer is "too complex to check". */
const MAX_WORK = 2_000_000;
/** A counted repetition is unrolled while the product of the counts around it stays within this; above, it is read as unbounded. */
const UNROLL_LIMIT = 16;
/** The same limit for a body with several ways to match one string, whose paths multiply with every copy. */
const AMBIGUOUS_UNROLL_LIMIT = 4;

// Flags of a move: the zero-width tests passed on the way to it.
const CARET = 1;
const DOLLAR = 2;
const CONDITIONAL = 4;

// Move targets other than positions.
const ACCEPT = -1;
const EPSILON = -2;
const SKIP = -3;

/** A move in priority order: to a position (or accept, epsilon, skip), with the tests and lookarounds passed on the way. */
interface Move {
  readonly to: number;
  readonly flags: number;
  /** Lookarounds run on the way. */
  readonly looks: readonly number[] | null;
  /** Lookarounds on the way after a `^`: they run only at index 0. */
  readonly afterCaret: readonly number[] | null;
}

/** The pattern with counted repetitions unrolled into copies, each character position numbered. */
type Expanded =
  | { readonly kind: 'position'; readonly id: number }
  | { readonly kind: 'sequence'; readonly items: readonly Expanded[] }
  | { readonly kind: 'alternation'; readonly items: readonly Expanded[] }
  | {
      readonly kind: 'repeat';
      readonly copies: readonly Expanded[];
      readonly min: number;
      readonly unbounded: boolean;
      readonly greedy: boolean;
      /** Flags added when leaving the repetition: a loop read with fewer mandatory copies than written may not exit. */
      readonly exit: number;
    }
  | { readonly kind: 'zero'; readonly flags: number; readonly look: number };

/** How one automaton is built: the main pattern, a lookahead's body, or a repetition's body checked alone. */
interface Mode {
  /** No retry at later indexes (the `y` flag, lookaround bodies). */
  readonly sticky: boolean;
  /** `^` and `$` are plain tests (inside lookarounds, where the index is unknown). */
  readonly genericAnchors: boolean;
  /** Reaching the end is not a success (a repetition's body, which is followed by more pattern). */
  readonly acceptIsConditional: boolean;
}

/** Shared by one check and its sub-checks. */
interface Budget {
  work: number;
  readonly alphabet: CodePoints;
  readonly loopAmbiguity: Map<RegexNode, boolean>;
}

/** Raised inside the analysis to stop it with a verdict. */
class HazardFound extends Error {
  constructor(readonly hazard: RegexHazard) {
    super(hazard);
  }
}

function spend(budget: Budget, amount: number): void {
  budget.work += amount;
  if (budget.work > MAX_WORK) throw new HazardFound('too complex to check');
}

function hasPositions(node: RegexNode): boolean {
  switch (node.type) {
    case 'chars':
      return true;
    case 'sequence':
    case 'alternation':
      return node.items.some(hasPositions);
    case 'repeat':
      return node.max > 0 && hasPositions(node.body);
    default:
      return false;
  }
}

/** The automaton of a pattern: per position its characters and ordered next moves, and the entry moves. */
interface Automaton {
  readonly chars: CharMatch[];
  readonly follow: Array<readonly Move[]>;
  readonly looks: Array<{ readonly body: RegexNode; readonly behind: boolean }>;
  entry: readonly Move[];
}

function expand(node: RegexNode, automaton: Automaton, mode: Mode, budget: Budget, factor: number): Expanded {
  switch (node.type) {
    case 'chars': {
      if (automaton.chars.length >= MAX_POSITIONS) throw new HazardFound('too complex to check');
      automaton.chars.push(node);
      return { kind: 'position', id: automaton.chars.length - 1 };
    }
    case 'sequence':
    case 'alternation':
      return { kind: node.type, items: node.items.map((item) => expand(item, automaton, mode, budget, factor)) };
    case 'assertion': {
      const flags = mode.genericAnchors || node.kind === 'other' ? CONDITIONAL : node.kind === 'start' ? CARET : DOLLAR;
      return { kind: 'zero', flags, look: -1 };
    }
    case 'lookaround':
      automaton.looks.push({ body: node.body, behind: node.behind });
      return { kind: 'zero', flags: CONDITIONAL, look: automaton.looks.length - 1 };
    case 'backreference':
      throw new HazardFound('backreference');
    case 'repeat': {
      if (node.max === 0) return { kind: 'sequence', items: [] };
      if (!hasPositions(node.body)) {
        const once = expand(node.body, automaton, mode, budget, factor);
        return node.min > 0 ? once : { kind: 'alternation', items: [once, { kind: 'sequence', items: [] }] };
      }
      let min = node.min;
      let unbounded = node.max === Infinity;
      let count = unbounded ? Math.max(min, 1) : node.max;
      // Many copies of an ambiguous body multiply paths without any loop: read them as a loop.
      const copies = factor * count;
      if (count > 1 && (copies > UNROLL_LIMIT || (copies > AMBIGUOUS_UNROLL_LIMIT && isAmbiguousLoop(node.body, budget)))) {
        // A loop refuses empty iterations, mandatory copies do not: n copies of a body that can match
        // nothing or something share k somethings in C(n, k) ways, which a loop does not show.
        if (node.min > 1 && nullable(node.body)) throw new HazardFound('exponential backtracking');
        min = Math.min(min, 1);
        unbounded = true;
        count = 1;
      }
      const bodies: Expanded[] = [];
      for (let k = 0; k < count; k++) bodies.push(expand(node.body, automaton, mode, budget, factor * count));
      return { kind: 'repeat', copies: bodies, min, unbounded, greedy: node.greedy, exit: min < node.min ? CONDITIONAL : 0 };
    }
  }
}

/** Whether a pattern can match the empty string. */
function nullable(node: RegexNode): boolean {
  switch (node.type) {
    case 'chars':
      return false;
    case 'sequence':
      return node.items.every(nullable);
    case 'alternation':
      return node.items.some(nullable);
    case 'repeat':
      return node.min === 0 || nullable(node.body);
    default:
      return true;
  }
}

/** Whether `body+` alone has two paths from a state back to itself on one word. */
function isAmbiguousLoop(body: RegexNode, budget: Budget): boolean {
  let known = budget.loopAmbiguity.get(body);
  if (known === undefined) {
    try {
      const loop: RegexNode = { type: 'repeat', body, min: 1, max: Infinity, greedy: true };
      const graph = buildGraph(loop, { sticky: true, genericAnchors: true, acceptIsConditional: true }, budget);
      known = hasExponentialAmbiguity(graph, budget);
    } catch (error) {
      if (!(error instanceof HazardFound)) throw error;
      known = true;
    }
    budget.loopAmbiguity.set(body, known);
  }
  return known;
}

/** Caps a move list at two moves of each kind: a third adds no path a pair does not already show. */
function dedupe(moves: Move[]): Move[] {
  if (moves.length < 3) return moves;
  const seen = new Map<string, number>();
  const out: Move[] = [];
  for (const move of moves) {
    const key = `${move.to} ${move.flags} ${move.looks?.join(',') ?? ''} ${move.afterCaret?.join(',') ?? ''}`;
    const times = seen.get(key) ?? 0;
    if (times < 2) out.push(move);
    seen.set(key, times + 1);
  }
  return out;
}

function joined(a: readonly number[] | null, b: readonly number[] | null): readonly number[] | null {
  return a === null ? b : b === null ? a : [...new Set([...a, ...b])];
}

/** `move` reached through a zero-width test (`flags`, and the lookaround `look` if it is one). */
function through(move: Move, flags: number, look: readonly number[] | null): Move {
  // A `^` comes before the move's own lookarounds: past index 0 they never run.
  if ((flags & CARET) !== 0) return { to: move.to, flags: move.flags | flags, looks: look, afterCaret: joined(move.looks, move.afterCaret) };
  return { to: move.to, flags: move.flags | flags, looks: joined(look, move.looks), afterCaret: move.afterCaret };
}

function passing(moves: readonly Move[], flags: number, look: readonly number[] | null): Move[] {
  return moves.map((move) => through(move, flags, look));
}

function buildGraph(node: RegexNode, mode: Mode, budget: Budget): Graph {
  const automaton: Automaton = { chars: [], follow: [], looks: [], entry: [] };
  const root = expand(node, automaton, mode, budget, 1);
  const firsts = new Map<Expanded, readonly Move[]>();
  const EPSILON_MOVE: Move = { to: EPSILON, flags: 0, looks: null, afterCaret: null };

  /**
   * The moves one iteration of `body` starts with. An iteration that matches nothing is refused
   * (JS's empty check), but only once it has run the lookarounds on its way: such a move stays,
   * leading nowhere, for its lookarounds to be judged.
   */
  function iteration(body: Expanded): Move[] {
    let first = firsts.get(body);
    if (first === undefined) {
      first = entry(body, [EPSILON_MOVE], false);
      firsts.set(body, first);
    }
    return first.filter((move) => move.to !== EPSILON || move.looks !== null || move.afterCaret !== null);
  }

  function entry(part: Expanded, next: readonly Move[], record: boolean): readonly Move[] {
    spend(budget, next.length + 1);
    switch (part.kind) {
      case 'position':
        if (record) automaton.follow[part.id] = next;
        return [{ to: part.id, flags: 0, looks: null, afterCaret: null }];
      case 'sequence': {
        let moves = next;
        for (let k = part.items.length - 1; k >= 0; k--) moves = entry(part.items[k]!, moves, record);
        return moves;
      }
      case 'alternation':
        return dedupe(part.items.flatMap((item) => entry(item, next, record)));
      case 'zero':
        return passing(next, part.flags, part.look < 0 ? null : [part.look]);
      case 'repeat': {
        const { copies, min, unbounded, greedy } = part;
        const exit = part.exit === 0 ? next : passing(next, part.exit, null);
        const optional = (body: Expanded): Move[] => {
          const moves = iteration(body);
          return dedupe(greedy ? [...moves, ...exit] : [...exit, ...moves]);
        };
        let moves = exit;
        for (let k = copies.length - 1; k >= 0; k--) {
          const body = copies[k]!;
          if (unbounded && k === copies.length - 1) {
            const loop = optional(body);
            const first = entry(body, loop, record);
            moves = k < min ? first : loop;
          } else if (k < min) {
            moves = entry(body, moves, record);
          } else {
            if (record) entry(body, moves, true);
            moves = optional(body);
          }
        }
        return moves;
      }
    }
  }

  automaton.entry = entry(root, [{ to: ACCEPT, flags: mode.acceptIsConditional ? CONDITIONAL : 0, looks: null, afterCaret: null }], true);
  return toGraph(automaton, mode, budget);
}

/** The pruned automaton as a graph over states: positions, then the start state, then the retry state. */
interface Graph {
  /** Number of states. */
  readonly size: number;
  /** The start state (index 0 of the subject). */
  readonly start: number;
  /** Per state, its moves that can ever be tried: target and the characters that take it. */
  readonly edges: ReadonlyArray<ReadonlyArray<{ readonly to: number; readonly chars: CodePoints }>>;
  /** States that surely succeed: entering one ends the search once its own moves are tried. */
  readonly succeeds: readonly boolean[];
  /** Per state, characters that some move takes into a state that surely succeeds: reading one ends the search too. */
  readonly succeedOn: readonly CodePoints[];
  /** Lookarounds passed from each state, by state. */
  readonly looksAt: ReadonlyArray<readonly number[]>;
  readonly looks: Automaton['looks'];
}

/**
 * States from which the search surely ends in success: those that accept unconditionally, and
 * (the largest such set) those that accept at the end of the subject and whose every character
 * leads, unconditionally, into the set.
 */
function surelySucceeding(
  lists: ReadonlyArray<readonly Move[]>,
  consumes: (m: Move) => boolean,
  stateOf: (m: Move) => number,
  charsOf: (m: Move) => CodePoints,
  alphabet: CodePoints,
): boolean[] {
  const accepts = (list: readonly Move[]) => list.some((m) => m.to === ACCEPT && (m.flags & (CARET | DOLLAR | CONDITIONAL)) === 0);
  const atEnd = (list: readonly Move[]) => list.some((m) => m.to === ACCEPT && m.flags === DOLLAR);
  const succeeds = lists.map((list) => accepts(list) || atEnd(list));
  for (let changed = true; changed; ) {
    changed = false;
    lists.forEach((list, s) => {
      if (!succeeds[s] || accepts(list)) return;
      let covered: CodePoints = NO_CODE_POINTS;
      for (const m of list) if (consumes(m) && (m.flags & CONDITIONAL) === 0 && succeeds[stateOf(m)]) covered = union(covered, charsOf(m));
      if (subtract(alphabet, covered).length > 0) {
        succeeds[s] = false;
        changed = true;
      }
    });
  }
  return succeeds;
}

function toGraph(automaton: Automaton, mode: Mode, budget: Budget): Graph {
  const positions = automaton.chars.length;
  const start = positions;
  const retry = positions + 1;
  const size = mode.sticky ? positions + 1 : positions + 2;
  const skip: Move = { to: SKIP, flags: 0, looks: null, afterCaret: null };
  const lists: Array<readonly Move[]> = Array.from({ length: positions }, (_, p) => automaton.follow[p] ?? []);
  // At index 0 `^` holds; after a character (or a retry) it never does.
  const atStart = automaton.entry.map((m) => ({ to: m.to, flags: m.flags & ~CARET, looks: joined(m.looks, m.afterCaret), afterCaret: null }));
  lists.push(mode.sticky ? atStart : [...atStart, skip]);
  if (!mode.sticky) lists.push([...automaton.entry, skip]);

  // A move through `^` after index 0, or through `$` to a character, never happens (its lookarounds still run).
  const isAccept = (m: Move) => m.to === ACCEPT && (m.flags & (CARET | DOLLAR | CONDITIONAL)) === 0;
  const consumes = (m: Move) => m.to === SKIP || (m.to >= 0 && (m.flags & (CARET | DOLLAR)) === 0);
  const pruned = lists.map((list) => {
    const at = list.findIndex(isAccept);
    return at < 0 ? list : list.slice(0, at + 1);
  });
  const stateOf = (m: Move) => (m.to === SKIP ? retry : m.to);
  const charsOf = (m: Move, which: 'over' | 'under') => (m.to === SKIP ? budget.alphabet : automaton.chars[m.to]![which]);
  const succeeds = surelySucceeding(pruned, consumes, stateOf, (m) => charsOf(m, 'under'), budget.alphabet);
  const sure = (m: Move) => consumes(m) && (m.flags & CONDITIONAL) === 0 && succeeds[stateOf(m)] === true;
  const succeedOn = pruned.map((list) => list.filter(sure).reduce<CodePoints>((all, m) => union(all, charsOf(m, 'under')), NO_CODE_POINTS));

  const edges = pruned.map((list) => {
    const out: Array<{ to: number; chars: CodePoints }> = [];
    let taken: CodePoints = NO_CODE_POINTS;
    for (const move of list) {
      if (!consumes(move)) continue;
      spend(budget, 1);
      const chars = subtract(charsOf(move, 'over'), taken);
      if (chars.length > 0) out.push({ to: stateOf(move), chars });
      // Taking this move means success: no later move sees these characters.
      if (sure(move)) taken = union(taken, charsOf(move, 'under'));
    }
    return out;
  });
  const looksAt = pruned.map((list) => [...new Set(list.flatMap((m) => m.looks ?? []))]);
  return { size, start, edges, succeeds, succeedOn, looksAt, looks: automaton.looks };
}

/** Strongly connected components (iterative Tarjan) of the nodes reachable from `roots`: component per node, -1 elsewhere. */
function components(size: number, successors: (node: number) => readonly number[], roots: readonly number[]): Int32Array {
  const index = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const component = new Int32Array(size).fill(-1);
  const onStack = new Uint8Array(size);
  const stack: number[] = [];
  let counter = 0;
  let found = 0;
  for (const root of roots) {
    if (index[root] !== -1) continue;
    const frames: Array<{ node: number; next: readonly number[]; at: number }> = [];
    const open = (node: number) => {
      index[node] = low[node] = counter++;
      stack.push(node);
      onStack[node] = 1;
      frames.push({ node, next: successors(node), at: 0 });
    };
    open(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      if (frame.at < frame.next.length) {
        const to = frame.next[frame.at++]!;
        if (index[to] === -1) open(to);
        else if (onStack[to]) low[frame.node] = Math.min(low[frame.node]!, index[to]!);
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low[parent.node] = Math.min(low[parent.node]!, low[frame.node]!);
      if (low[frame.node] === index[frame.node]) {
        let member: number;
        do {
          member = stack.pop()!;
          onStack[member] = 0;
          component[member] = found;
        } while (member !== frame.node);
        found++;
      }
    }
  }
  return component;
}

/** An edge whose characters are a bit set over the classes of characters the graph tells apart. */
interface ClassEdge {
  readonly to: number;
  readonly bits: Uint32Array;
}

/** A component partition of some states: component per state (-1 outside), and which components have a cycle. */
interface Components {
  readonly of: Int32Array;
  readonly cyclic: ReadonlySet<number>;
  /** States per cyclic component. */
  readonly members: ReadonlyArray<readonly number[]>;
}

/** The reachable part of a graph over character classes, with its components: over all states, and over failing ones. */
interface ClassGraph {
  readonly graph: Graph;
  /** Edges of reachable states. */
  readonly edges: ReadonlyArray<readonly ClassEdge[]>;
  /** Edges between reachable states that do not surely succeed, on characters that do not: the paths the engine may explore and abandon. */
  readonly failing: ReadonlyArray<readonly ClassEdge[]>;
  /** Number of character classes: bit `c` of an edge stands for the characters from the c-th cut to the next. */
  readonly classes: number;
  readonly all: Components;
  readonly open: Components;
}

function partition(size: number, edges: ReadonlyArray<readonly ClassEdge[]>, roots: readonly number[]): Components {
  const of = components(size, (s) => edges[s]!.map((e) => e.to), roots);
  const cyclic = new Set<number>();
  for (let s = 0; s < size; s++) for (const { to } of edges[s]!) if (of[s]! >= 0 && of[to] === of[s]) cyclic.add(of[s]!);
  const members: number[][] = [];
  for (let s = 0; s < size; s++) if (cyclic.has(of[s]!)) (members[of[s]!] ??= []).push(s);
  // The checks explore pairs and triples of a cycle's states.
  if (members.some((m) => m.length > MAX_CYCLE_STATES)) throw new HazardFound('too complex to check');
  return { of, cyclic, members: members.filter((m): m is number[] => m !== undefined) };
}

function classify(graph: Graph, budget: Budget): ClassGraph {
  const live = new Array<boolean>(graph.size).fill(false);
  const stack = [graph.start];
  live[graph.start] = true;
  while (stack.length > 0) {
    for (const { to } of graph.edges[stack.pop()!]!) {
      if (!live[to]) {
        live[to] = true;
        stack.push(to);
      }
    }
  }
  const isOpen = (s: number) => live[s] && !graph.succeeds[s];
  // Paths the engine may explore and abandon: between states that do not surely succeed, on characters that do not either.
  const openEdges = graph.edges.map((list, s) =>
    isOpen(s) ? list.filter((e) => isOpen(e.to)).map((e) => ({ to: e.to, chars: subtract(e.chars, graph.succeedOn[s]!) })).filter((e) => e.chars.length > 0) : [],
  );
  const cuts = new Set<number>();
  for (let s = 0; s < graph.size; s++) {
    if (!live[s]) continue;
    for (const { chars } of graph.edges[s]!) for (let k = 0; k < chars.length; k += 2) cuts.add(chars[k]!).add(chars[k + 1]! + 1);
    for (const { chars } of openEdges[s]!) for (let k = 0; k < chars.length; k += 2) cuts.add(chars[k]!).add(chars[k + 1]! + 1);
  }
  const sorted = [...cuts].sort((a, b) => a - b);
  const words = Math.max(1, Math.ceil(sorted.length / 32));
  spend(budget, sorted.length);
  const toBits = (list: ReadonlyArray<{ readonly to: number; readonly chars: CodePoints }>): ClassEdge[] =>
    list.map(({ to, chars }) => {
      const bits = new Uint32Array(words);
      for (let k = 0; k < chars.length; k += 2) {
        const last = binarySearch(sorted, chars[k + 1]! + 1);
        for (let c = binarySearch(sorted, chars[k]!); c < last; c++) bits[c >>> 5]! |= 1 << (c & 31);
      }
      return { to, bits };
    });
  const edges = graph.edges.map((list, s) => (live[s] ? toBits(list) : []));
  const failing = openEdges.map(toBits);
  const openStates = failing.map((_, s) => s).filter(isOpen);
  return { graph, edges, failing, classes: sorted.length, all: partition(graph.size, edges, [graph.start]), open: partition(graph.size, failing, openStates) };
}

function binarySearch(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function meets(a: Uint32Array, b: Uint32Array, c?: Uint32Array): boolean {
  for (let k = 0; k < a.length; k++) if ((a[k]! & b[k]! & (c === undefined ? 0xffffffff : c[k]!)) !== 0) return true;
  return false;
}

function hasExponentialAmbiguity(graph: Graph, budget: Budget): boolean {
  return exponential(classify(graph, budget), budget);
}

/**
 * EDA among the failing states: two distinct paths from a state back to itself on one word. A
 * path into a state that surely succeeds ends the search, so only paths avoiding them multiply.
 */
function exponential(classes: ClassGraph, budget: Budget): boolean {
  const { failing, open } = classes;
  for (const states of open.members) {
    for (const s of states) {
      // Two moves to the same state inside the component.
      const out = failing[s]!;
      for (let a = 0; a < out.length; a++) {
        for (let b = a + 1; b < out.length; b++) {
          if (out[a]!.to === out[b]!.to && open.of[out[a]!.to] === open.of[s] && meets(out[a]!.bits, out[b]!.bits)) return true;
        }
      }
    }
    const local = new Map<number, number>(states.map((s, k) => [s, k]));
    const n = states.length;
    const inside = states.map((s) => failing[s]!.filter((e) => local.has(e.to)));
    const pairSuccessors = (pair: number): number[] => {
      const p = inside[Math.floor(pair / n)]!;
      const q = inside[pair % n]!;
      spend(budget, p.length * q.length + 1);
      const out: number[] = [];
      for (const e of p) for (const f of q) if (meets(e.bits, f.bits)) out.push(local.get(e.to)! * n + local.get(f.to)!);
      return out;
    };
    const diagonals = states.map((_, k) => k * n + k);
    const pairComponent = components(n * n, pairSuccessors, diagonals);
    const withDiagonal = new Set(diagonals.map((d) => pairComponent[d]!));
    for (let pair = 0; pair < n * n; pair++) {
      if (Math.floor(pair / n) !== pair % n && pairComponent[pair]! >= 0 && withDiagonal.has(pairComponent[pair]!)) return true;
    }
  }
  return false;
}

/**
 * IDA: p ≠ q with `p →w p`, `p →w q` and `q →w q` for one word w. The p loop may pass states
 * that surely succeed (a chain of such states, each explored once, can come back to p at every
 * index), the way to q and q's loop may not.
 */
function polynomial(classes: ClassGraph, budget: Budget): boolean {
  const { graph, edges, failing, all, open } = classes;
  if (open.members.length === 0) return false;
  const predecessors: number[][] = Array.from({ length: graph.size }, () => []);
  for (let s = 0; s < graph.size; s++) for (const { to } of failing[s]!) predecessors[to]!.push(s);
  for (const second of open.members) {
    const leadsToSecond = new Set(second);
    const stack = [...second];
    while (stack.length > 0) for (const s of predecessors[stack.pop()!]!) if (!leadsToSecond.has(s)) (leadsToSecond.add(s), stack.push(s));
    const inSecond = new Set(second);
    for (const first of all.members) {
      const inFirst = new Set(first);
      for (const p of first) {
        if (!edges[p]!.some((e) => leadsToSecond.has(e.to))) continue;
        for (const q of second) if (p !== q && pumps(p, q, inFirst, leadsToSecond, inSecond)) return true;
      }
    }
  }
  return false;

  /** Whether (p, p, q) reaches (p, q, q): first track within p's component, second through failing states towards q, third within q's. */
  function pumps(p: number, q: number, first: ReadonlySet<number>, towards: ReadonlySet<number>, second: ReadonlySet<number>): boolean {
    const key = (x: number, y: number, z: number) => (x * graph.size + y) * graph.size + z;
    const seen = new Set<number>([key(p, p, q)]);
    const stack: Array<[number, number, number]> = [[p, p, q]];
    while (stack.length > 0) {
      const [x, y, z] = stack.pop()!;
      // The second track leaves p by any move, then stays among failing states.
      const middle = y === p ? edges[y]! : failing[y]!;
      for (const a of edges[x]!) {
        if (!first.has(a.to)) continue;
        for (const b of middle) {
          if (!towards.has(b.to) || !meets(a.bits, b.bits)) continue;
          for (const c of failing[z]!) {
            spend(budget, 1);
            if (!second.has(c.to) || !meets(a.bits, b.bits, c.bits)) continue;
            if (a.to === p && b.to === q && c.to === q) return true;
            const k = key(a.to, b.to, c.to);
            if (!seen.has(k)) {
              seen.add(k);
              stack.push([a.to, b.to, c.to]);
            }
          }
        }
      }
    }
    return false;
  }
}

/**
 * Whether one match attempt can follow more than {@link MAX_PATHS} paths into one state on some
 * subject: paths that lead to one state do the same work from there on, so they multiply it (a
 * handful of paths to each of many states is work linear in the pattern's size). The automaton
 * is read as a DFA whose states count the failing paths into each position (a path into a state
 * that surely succeeds ends the search); the retry state is left out, as it starts a new attempt.
 * Counts are capped, so the DFA is finite; when it grows, it is kept small by splitting its states
 * into groups of positions whose paths may still meet, which evolve apart.
 */
function manyPaths(classes: ClassGraph, budget: Budget): boolean {
  if (!pathsMeet(classes, budget)) return false;
  // Most patterns settle (or show many paths) within a few DFA states; grouping costs a pass over
  // pairs of positions, paid only when the DFA grows.
  const quick = countPaths(classes, budget, (vector) => [vector], QUICK_DFA_STATES);
  if (quick !== undefined) return quick;
  const meet = meeting(classes, budget);
  return countPaths(classes, budget, (vector) => groups(vector, meet, classes.graph.start, budget), Infinity)!;
}

/**
 * Whether two distinct paths of one attempt can lead into one state on one word (through two
 * states, or by two moves of one state): without that, every state is reached by one path at
 * most, and there is nothing to count.
 */
function pathsMeet(classes: ClassGraph, budget: Budget): boolean {
  const { graph, failing } = classes;
  const positions = graph.start;
  const roots = graph.size > positions + 1 ? [positions, positions + 1] : [positions];
  const seen = new Set<number>(roots.map((root) => root * graph.size + root));
  const stack = roots.map((root) => [root, root] as const);
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    for (const e of failing[x]!) {
      if (e.to >= positions) continue;
      for (const f of failing[y]!) {
        spend(budget, 1);
        if (f.to >= positions || !meets(e.bits, f.bits)) continue;
        if (e.to === f.to && (x !== y || e !== f)) return true;
        const pair = e.to * graph.size + f.to;
        if (!seen.has(pair)) {
          seen.add(pair);
          stack.push([e.to, f.to]);
        }
      }
    }
  }
  return false;
}

/** {@link manyPaths} over the DFA whose states `split` makes; undefined past `limit` DFA states. */
function countPaths(
  classes: ClassGraph,
  budget: Budget,
  split: (vector: ReadonlyMap<number, number>) => Array<ReadonlyMap<number, number>>,
  limit: number,
): boolean | undefined {
  const { graph, failing } = classes;
  const positions = graph.start;
  const words = Math.max(1, Math.ceil(classes.classes / 32));
  const roots = graph.size > positions + 1 ? [positions, positions + 1] : [positions];
  const vectors: Array<ReadonlyMap<number, number>> = roots.map((root) => new Map([[root, 1]]));
  const seen = new Set<string>();
  while (vectors.length > 0) {
    const vector = vectors.pop()!;
    const present = new Uint32Array(words);
    for (const s of vector.keys()) for (const { bits } of failing[s]!) for (let k = 0; k < words; k++) present[k]! |= bits[k]!;
    for (let c = 0; c < words * 32; c++) {
      const bit = 1 << (c & 31);
      if ((present[c >>> 5]! & bit) === 0) continue;
      const next = new Map<number, number>();
      for (const [s, paths] of vector) {
        spend(budget, failing[s]!.length);
        for (const { to, bits } of failing[s]!) {
          if (to >= positions || (bits[c >>> 5]! & bit) === 0) continue;
          const into = (next.get(to) ?? 0) + paths;
          if (into > MAX_PATHS) return true;
          next.set(to, into);
        }
      }
      for (const part of split(next)) {
        const key = [...part].sort((a, b) => a[0] - b[0]).join(' ');
        if (seen.has(key)) continue;
        if (seen.size >= limit) return undefined;
        seen.add(key);
        vectors.push(part);
      }
    }
  }
  return false;
}

/** Pairs of distinct positions (`p * positions + q`, p < q) from which one word leads both into one state: their paths may meet. */
function meeting(classes: ClassGraph, budget: Budget): Set<number> {
  const { graph, failing } = classes;
  const positions = graph.start;
  const into: Array<Array<{ readonly from: number; readonly bits: Uint32Array }>> = Array.from({ length: positions }, () => []);
  for (let s = 0; s < positions; s++) for (const { to, bits } of failing[s]!) if (to < positions) into[to]!.push({ from: s, bits });
  const meet = new Set<number>();
  const stack: Array<readonly [number, number]> = [];
  // Backwards from one state reached twice, through pairs of moves on a common character.
  const back = (p: number, q: number): void => {
    for (const e of into[p]!) {
      for (const f of into[q]!) {
        spend(budget, 1);
        if (e.from === f.from || !meets(e.bits, f.bits)) continue;
        const pair = Math.min(e.from, f.from) * positions + Math.max(e.from, f.from);
        if (!meet.has(pair)) {
          meet.add(pair);
          stack.push([e.from, f.from]);
        }
      }
    }
  };
  for (let t = 0; t < positions; t++) back(t, t);
  while (stack.length > 0) back(...stack.pop()!);
  return meet;
}

/** A DFA state split into groups of positions whose paths may meet (through others of the group); paths of different groups never share a state. */
function groups(vector: ReadonlyMap<number, number>, meet: ReadonlySet<number>, positions: number, budget: Budget): Array<ReadonlyMap<number, number>> {
  const states = [...vector.keys()];
  const out: Array<Map<number, number>> = [];
  const placed = new Set<number>();
  for (const first of states) {
    if (placed.has(first)) continue;
    const group = new Map<number, number>();
    const stack = [first];
    placed.add(first);
    while (stack.length > 0) {
      const s = stack.pop()!;
      group.set(s, vector.get(s)!);
      spend(budget, states.length);
      for (const other of states) {
        if (placed.has(other) || !meet.has(Math.min(s, other) * positions + Math.max(s, other))) continue;
        placed.add(other);
        stack.push(other);
      }
    }
    out.push(group);
  }
  return out;
}

/**
 * States the search can reach at many indexes of one subject: some `p` has `p →w p` and
 * `p →w s` for one word w, so on `x w^n` the state is reached n times.
 */
function visitedOften(classes: ClassGraph, budget: Budget): boolean[] {
  const { graph, edges, all } = classes;
  const often: boolean[] = [];
  for (const states of all.members) {
    const component = new Set(states);
    for (const p of states) {
      const key = (x: number, y: number) => x * graph.size + y;
      const seen = new Set<number>([key(p, p)]);
      const stack: Array<[number, number]> = [[p, p]];
      while (stack.length > 0) {
        const [x, y] = stack.pop()!;
        for (const a of edges[x]!) {
          if (!component.has(a.to)) continue;
          for (const b of edges[y]!) {
            spend(budget, 1);
            if (!meets(a.bits, b.bits)) continue;
            if (a.to === p) often[b.to] = true;
            if (!seen.has(key(a.to, b.to))) {
              seen.add(key(a.to, b.to));
              stack.push([a.to, b.to]);
            }
          }
        }
      }
    }
  }
  return often;
}

/**
 * The hazard of a pattern built in `mode`, or null; also whether one match attempt can take
 * unbounded time (a cycle through a position, or such a lookaround inside).
 */
function analyze(node: RegexNode, mode: Mode, budget: Budget): { hazard: RegexHazard | null; unbounded: boolean } {
  const graph = buildGraph(node, mode, budget);
  const classes = classify(graph, budget);
  // A cycle through a position (not the retry state) consumes without bound.
  let unbounded = classes.all.members.some((states) => states.some((s) => s < graph.start));
  if (exponential(classes, budget)) return { hazard: 'exponential backtracking', unbounded };
  if (polynomial(classes, budget)) return { hazard: 'polynomial backtracking', unbounded };
  if (manyPaths(classes, budget)) return { hazard: 'exponential backtracking', unbounded };
  const live = (s: number) => classes.all.of[s]! >= 0;
  const often = graph.looks.length === 0 ? [] : visitedOften(classes, budget);
  for (let look = 0; look < graph.looks.length; look++) {
    // A lookaround evaluated at a bounded number of indexes costs one scan each; at many, a scan each time.
    const repeated = graph.looksAt.some((looks, s) => often[s] === true && looks.includes(look));
    if (!repeated && !graph.looksAt.some((looks, s) => live(s) && looks.includes(look))) continue;
    const { body, behind } = graph.looks[look]!;
    const inner = analyze(behind ? reversed(body) : body, { sticky: true, genericAnchors: true, acceptIsConditional: false }, budget);
    if (inner.unbounded && repeated) return { hazard: 'polynomial backtracking', unbounded: true };
    if (inner.hazard !== null) return { hazard: inner.hazard, unbounded };
    unbounded ||= inner.unbounded;
  }
  return { hazard: null, unbounded };
}

/**
 * A pattern as a lookbehind runs it, from right to left: its sequences reversed. Lookarounds
 * inside keep their own direction.
 */
function reversed(node: RegexNode): RegexNode {
  switch (node.type) {
    case 'sequence':
      return { type: 'sequence', items: node.items.map(reversed).reverse() };
    case 'alternation':
      return { type: 'alternation', items: node.items.map(reversed) };
    case 'repeat':
      return { ...node, body: reversed(node.body) };
    default:
      return node;
  }
}

/**
 * Paths through a pattern, counted from its syntax (Infinity with a loop or a backreference): at
 * least as many as one attempt can follow on any subject.
 */
function pathBound(node: RegexNode): number {
  switch (node.type) {
    case 'sequence':
      return node.items.reduce((paths, item) => paths * pathBound(item), 1);
    case 'alternation':
      return node.items.reduce((paths, item) => paths + pathBound(item), 0);
    case 'repeat': {
      const body = pathBound(node.body);
      return node.max === Infinity ? Infinity : body ** node.min * (body + 1) ** (node.max - node.min);
    }
    case 'lookaround':
      return pathBound(node.body);
    case 'backreference':
      return Infinity;
    default:
      return 1;
  }
}

/**
 * Hazards already found (null: none) by flags and source: every server registers the same route
 * patterns again. Only short sources are kept, so what a fetched index holds cannot grow it past
 * a few MiB, and the oldest go first.
 */
const verdicts = new Map<string, RegexHazard | null>();
const MAX_VERDICTS = 4_096;
const MAX_CACHED_SOURCE = 1_024;

/**
 * Why matching `regex` against some subject may take time super-linear in the subject's length,
 * as V8's backtracking engine runs it (`test`/`exec`: first match wins); null when it cannot.
 */
export function checkRegex(regex: RegExp): RegexHazard | null {
  const { source, flags } = regex;
  if (source.length > MAX_CACHED_SOURCE) return judge(source, flags);
  const key = `${flags}/${source}`;
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  const hazard = judge(source, flags);
  if (verdicts.size >= MAX_VERDICTS) verdicts.delete(verdicts.keys().next().value!);
  verdicts.set(key, hazard);
  return hazard;
}

function judge(source: string, flags: string): RegexHazard | null {
  const budget: Budget = { work: 0, alphabet: codePoints([[0, flags.includes('u') ? 0x10ffff : 0xffff]]), loopAmbiguity: new Map() };
  try {
    const tree = parseRegex(source, flags);
    // Without loops, and with few choices on the way, each attempt follows a few paths: nothing to analyse.
    if (pathBound(tree) <= MAX_PATHS) return null;
    return analyze(tree, { sticky: flags.includes('y'), genericAnchors: false, acceptIsConditional: false }, budget).hazard;
  } catch (error) {
    if (error instanceof HazardFound) return error.hazard;
    if (error instanceof TooDeepRegexError) return 'too complex to check';
    if (error instanceof UnsupportedRegexError) return 'unsupported syntax';
    throw error;
  }
}
