/**
 * The second step of the ReDoS analysis: the reachable part of the automaton's graph over
 * classes of characters it tells apart (edges as bit sets), with its strongly connected
 * components, over all states and over the states the engine may explore and abandon.
 */
import { subtract, type CodePoints } from './code-points.js';
import type { Graph } from './automaton.js';
import { HazardFound, spend, type Budget } from './hazard.js';

/** States of one cycle (whose pairs the checks explore); above it the answer is "too complex to check". */
const MAX_CYCLE_STATES = 1_000;

/** Strongly connected components (iterative Tarjan) of the nodes reachable from `roots`: component per node, -1 elsewhere. */
export function components(size: number, successors: (node: number) => readonly number[], roots: readonly number[]): Int32Array {
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
export interface ClassEdge {
  readonly to: number;
  readonly bits: Uint32Array;
}

/** A component partition of some states: component per state (-1 outside), and which components have a cycle. */
export interface Components {
  readonly of: Int32Array;
  readonly cyclic: ReadonlySet<number>;
  /** States per cyclic component. */
  readonly members: ReadonlyArray<readonly number[]>;
}

/** The reachable part of a graph over character classes, with its components: over all states, and over failing ones. */
export interface ClassGraph {
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

/** The graph over character classes, with its components. */
export function classify(graph: Graph, budget: Budget): ClassGraph {
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
    isOpen(s)
      ? list
          .filter((e) => isOpen(e.to))
          .map((e) => ({ to: e.to, chars: subtract(e.chars, graph.succeedOn[s]!) }))
          .filter((e) => e.chars.length > 0)
      : [],
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
  return {
    graph,
    edges,
    failing,
    classes: sorted.length,
    all: partition(graph.size, edges, [graph.start]),
    open: partition(graph.size, failing, openStates),
  };
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

/** Whether some character class is in all the given edges' sets. */
export function meets(a: Uint32Array, b: Uint32Array, c?: Uint32Array): boolean {
  for (let k = 0; k < a.length; k++) if ((a[k]! & b[k]! & (c === undefined ? 0xffffffff : c[k]!)) !== 0) return true;
  return false;
}
