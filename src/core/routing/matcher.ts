import type { CompiledPattern } from './route-pattern.js';
import { shapeOf } from './route-shape.js';
import { sliceMap, type SliceMap } from './slice-map.js';

/** A successful match: which entry won, and the named groups it captured. */
export interface PatternMatch<T> {
  entry: T;
  params: Record<string, string>;
}

/** Finds the first entry, in the given order, whose pattern matches a whole path (case-insensitively). */
export type Matcher<T> = (path: string) => PatternMatch<T> | null;

/** One entry ready to try: its anchored regex and the parameter name of each capture group. */
interface Candidate<T> {
  entry: T;
  regex: RegExp;
  groups: Array<string | null>;
}

/**
 * A node of the segment tree: a position after some path segments. Entry lists hold indexes
 * into the entry list, ascending (registration order).
 */
interface SegmentNode {
  /** Entries whose every segment is behind this node: the path must end here. */
  ends: number[];
  /** Entries whose shape is open here: any rest of the path may match, as their regex tells. */
  open: number[];
  /** The next node by the next segment's text, ASCII letters in either case. */
  literals: SliceMap<SegmentNode>;
  /** The next node for any next segment (a one-segment group). */
  any: SegmentNode | null;
}

const newNode = (): SegmentNode => ({ ends: [], open: [], literals: sliceMap(true), any: null });

const SLASH = 0x2f;

/**
 * Compiles patterns for WordPress's lookup: the first entry, in registration order, whose
 * `preg_match('@^' . $route . '$@i')` matches. A tree of the patterns' path segments (literal
 * text, or any one segment for a group that cannot span a `/`) leaves only the entries a path's
 * segments fit to be tried, each with its own anchored regex, so a late route of a large
 * namespace costs one regex run, not one per route before it.
 */
export function compileMatcher<T>(entries: readonly T[], patternOf: (entry: T) => CompiledPattern): Matcher<T> {
  if (entries.length === 0) return () => null;
  const candidates: Array<Candidate<T>> = [];
  const root = newNode();
  for (const entry of entries) {
    const pattern = patternOf(entry);
    const index = candidates.length;
    candidates.push({ entry, regex: new RegExp(`^(?:${pattern.source})$`, 'i'), groups: pattern.groups });
    const { segments, open } = shapeOf(pattern.source);
    let node = root;
    for (const segment of segments) {
      if (segment === null) node = node.any ??= newNode();
      else {
        let child = node.literals.get(segment);
        if (!child) node.literals.set(segment, (child = newNode()));
        node = child;
      }
    }
    (open ? node.open : node.ends).push(index);
  }

  // The lookup's state, reset by each call: the best match so far and its entry's index.
  let bestIndex = Infinity;
  let best: PatternMatch<T> | null = null;

  /** Tries a list's entries in order, up to the best match found so far; the first that matches becomes the best. */
  function tryList(list: number[], path: string): void {
    for (const index of list) {
      if (index >= bestIndex) return;
      const { entry, regex, groups } = candidates[index]!;
      const m = regex.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      for (let i = 0; i < groups.length; i++) {
        const name = groups[i];
        const value = m[i + 1];
        if (name && value !== undefined) params[name] = value;
      }
      bestIndex = index;
      best = { entry, params };
      return;
    }
  }

  /**
   * Walks the tree down the path's segments from `node`; `from` is where the next segment
   * starts, or -1 once the path is used up. Every node the path's segments lead to is visited
   * once at most, whatever the path, so a lookup costs no more than the tree holds.
   */
  function visit(node: SegmentNode, path: string, from: number): void {
    if (node.open.length > 0) tryList(node.open, path);
    if (from < 0) {
      if (node.ends.length > 0) tryList(node.ends, path);
      return;
    }
    const slash = path.indexOf('/', from);
    const next = slash < 0 ? -1 : slash + 1;
    if (node.literals.size > 0) {
      const child = node.literals.at(path, from, slash < 0 ? path.length : slash);
      if (child) visit(child, path, next);
    }
    if (node.any !== null) visit(node.any, path, next);
  }

  return (path) => {
    bestIndex = Infinity;
    best = null;
    if (path.charCodeAt(0) === SLASH) visit(root, path, 1);
    else if (root.open.length > 0) tryList(root.open, path);
    const found = best;
    best = null;
    return found;
  };
}
