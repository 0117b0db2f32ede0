/**
 * The third step of the ReDoS analysis, on the graph over character classes: ambiguity that
 * multiplies a backtracking engine's work. Two paths around one cycle on one word (EDA) is
 * exponential; a word pumping p, p to q and q (IDA) is polynomial; more than a few paths of one
 * attempt into one state is exponential in the pattern's size.
 */
import { components, meets, type ClassGraph } from './class-graph.js';
import { spend, type Budget } from './hazard.js';

/** Paths one match attempt may follow into one state at once: 2⁴, four optional items that can each take or leave the same characters. */
export const MAX_PATHS = 16;
/** States of the path-counting DFA explored before its states are split into groups that evolve apart. */
const QUICK_DFA_STATES = 256;

/**
 * EDA among the failing states: two distinct paths from a state back to itself on one word. A
 * path into a state that surely succeeds ends the search, so only paths avoiding them multiply.
 */
export function exponential(classes: ClassGraph, budget: Budget): boolean {
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
export function polynomial(classes: ClassGraph, budget: Budget): boolean {
  const { graph, edges, failing, all, open } = classes;
  if (open.members.length === 0) return false;
  const predecessors: number[][] = Array.from({ length: graph.size }, () => []);
  for (let s = 0; s < graph.size; s++) for (const { to } of failing[s]!) predecessors[to]!.push(s);
  for (const second of open.members) {
    const leadsToSecond = new Set(second);
    const stack = [...second];
    while (stack.length > 0) {
      for (const s of predecessors[stack.pop()!]!) {
        if (leadsToSecond.has(s)) continue;
        leadsToSecond.add(s);
        stack.push(s);
      }
    }
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
export function manyPaths(classes: ClassGraph, budget: Budget): boolean {
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
function groups(
  vector: ReadonlyMap<number, number>,
  meet: ReadonlySet<number>,
  positions: number,
  budget: Budget,
): Array<ReadonlyMap<number, number>> {
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
export function visitedOften(classes: ClassGraph, budget: Budget): boolean[] {
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
