/**
 * The ReDoS analysis of one pattern: its automaton, its graph over character classes, the
 * ambiguity checks, and each lookaround's body analysed in turn (a lookbehind's reversed).
 */
import { exponential, manyPaths, polynomial, visitedOften } from './ambiguity.js';
import { buildGraph, type Graph, type Mode } from './automaton.js';
import { classify } from './class-graph.js';
import { HazardFound, type Budget, type RegexHazard } from './hazard.js';
import type { RegexNode } from './syntax.js';

/** Whether `body+` alone has two paths from a state back to itself on one word. */
function isAmbiguousLoop(body: RegexNode, budget: Budget): boolean {
  let known = budget.loopAmbiguity.get(body);
  if (known === undefined) {
    try {
      const loop: RegexNode = { type: 'repeat', body, min: 1, max: Infinity, greedy: true };
      const graph = buildGraph(loop, { sticky: true, genericAnchors: true, acceptIsConditional: true }, budget, (inner) =>
        isAmbiguousLoop(inner, budget),
      );
      known = hasExponentialAmbiguity(graph, budget);
    } catch (error) {
      if (!(error instanceof HazardFound)) throw error;
      known = true;
    }
    budget.loopAmbiguity.set(body, known);
  }
  return known;
}

function hasExponentialAmbiguity(graph: Graph, budget: Budget): boolean {
  return exponential(classify(graph, budget), budget);
}

/**
 * The hazard of a pattern built in `mode`, or null; also whether one match attempt can take
 * unbounded time (a cycle through a position, or such a lookaround inside).
 */
export function analyze(node: RegexNode, mode: Mode, budget: Budget): { hazard: RegexHazard | null; unbounded: boolean } {
  const graph = buildGraph(node, mode, budget, (body) => isAmbiguousLoop(body, budget));
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
