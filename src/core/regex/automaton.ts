/**
 * The first step of the ReDoS analysis: a pattern's syntax tree as a position (Glushkov)
 * automaton whose moves keep the order a backtracking engine tries them in, pruned of the moves
 * the engine never tries (after an unconditional accept, or shadowed by a move into a state that
 * surely succeeds), as a graph over states.
 */
import { NO_CODE_POINTS, subtract, union, type CodePoints } from './code-points.js';
import { HazardFound, spend, type Budget } from './hazard.js';
import type { CharMatch, RegexNode } from './syntax.js';

/** Positions after unrolling counted repetitions; above it the answer is "too complex to check". */
const MAX_POSITIONS = 2_000;
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
export interface Mode {
  /** No retry at later indexes (the `y` flag, lookaround bodies). */
  readonly sticky: boolean;
  /** `^` and `$` are plain tests (inside lookarounds, where the index is unknown). */
  readonly genericAnchors: boolean;
  /** Reaching the end is not a success (a repetition's body, which is followed by more pattern). */
  readonly acceptIsConditional: boolean;
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

/** Whether `body+` alone has two paths from a state back to itself on one word (a later step of the analysis answers it). */
type AmbiguousLoop = (body: RegexNode) => boolean;

function expand(
  node: RegexNode,
  automaton: Automaton,
  mode: Mode,
  budget: Budget,
  factor: number,
  isAmbiguousLoop: AmbiguousLoop,
): Expanded {
  switch (node.type) {
    case 'chars': {
      if (automaton.chars.length >= MAX_POSITIONS) throw new HazardFound('too complex to check');
      automaton.chars.push(node);
      return { kind: 'position', id: automaton.chars.length - 1 };
    }
    case 'sequence':
    case 'alternation':
      return { kind: node.type, items: node.items.map((item) => expand(item, automaton, mode, budget, factor, isAmbiguousLoop)) };
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
        const once = expand(node.body, automaton, mode, budget, factor, isAmbiguousLoop);
        return node.min > 0 ? once : { kind: 'alternation', items: [once, { kind: 'sequence', items: [] }] };
      }
      let min = node.min;
      let unbounded = node.max === Infinity;
      let count = unbounded ? Math.max(min, 1) : node.max;
      // Many copies of an ambiguous body multiply paths without any loop: read them as a loop.
      const copies = factor * count;
      if (count > 1 && (copies > UNROLL_LIMIT || (copies > AMBIGUOUS_UNROLL_LIMIT && isAmbiguousLoop(node.body)))) {
        // A loop refuses empty iterations, mandatory copies do not: n copies of a body that can match
        // nothing or something share k somethings in C(n, k) ways, which a loop does not show.
        if (node.min > 1 && nullable(node.body)) throw new HazardFound('exponential backtracking');
        min = Math.min(min, 1);
        unbounded = true;
        count = 1;
      }
      const bodies: Expanded[] = [];
      for (let k = 0; k < count; k++) bodies.push(expand(node.body, automaton, mode, budget, factor * count, isAmbiguousLoop));
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
  if ((flags & CARET) !== 0)
    return { to: move.to, flags: move.flags | flags, looks: look, afterCaret: joined(move.looks, move.afterCaret) };
  return { to: move.to, flags: move.flags | flags, looks: joined(look, move.looks), afterCaret: move.afterCaret };
}

function passing(moves: readonly Move[], flags: number, look: readonly number[] | null): Move[] {
  return moves.map((move) => through(move, flags, look));
}

/** The graph of a pattern built in `mode`; `isAmbiguousLoop` decides how counted repetitions of a body are read. */
export function buildGraph(node: RegexNode, mode: Mode, budget: Budget, isAmbiguousLoop: AmbiguousLoop): Graph {
  const automaton: Automaton = { chars: [], follow: [], looks: [], entry: [] };
  const root = expand(node, automaton, mode, budget, 1, isAmbiguousLoop);
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
export interface Graph {
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
  for (let changed = true; changed;) {
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
  const atStart = automaton.entry.map((m) => ({
    to: m.to,
    flags: m.flags & ~CARET,
    looks: joined(m.looks, m.afterCaret),
    afterCaret: null,
  }));
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
