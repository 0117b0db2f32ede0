import type { CompiledPattern } from './route-pattern.js';
import { shapeOf, type SegmentCheck, type ShapeSegment } from './route-shape.js';
import { getSlice, setSlice, sliceAt, sliceMap, type SliceMap } from './slice-map.js';

/** A successful match: which entry won, and the named groups it captured. */
export interface PatternMatch<T> {
  entry: T;
  params: Record<string, string>;
}

/** Finds the first entry, in the given order, whose pattern matches a whole path (case-insensitively). */
export type Matcher<T> = (path: string) => PatternMatch<T> | null;

/** A group of a closed shape: the segment it matches whole, its checks and its parameter name. */
interface SegmentGroup {
  depth: number;
  check: SegmentCheck;
  /** The group alone, anchored: for a segment with a character beyond ASCII. */
  regex: RegExp;
  name: string | null;
}

/**
 * One entry ready to try: its anchored regex and the parameter name of each capture group; for
 * an entry the tree reaches only through its whole shape, its groups' checks instead, as the
 * tree has already compared its literal segments.
 */
interface Candidate<T> {
  entry: T;
  regex: RegExp;
  groups: Array<string | null>;
  segmentGroups: SegmentGroup[] | null;
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
 * Whether the path from `from` to `to` is a segment a group matches whole: its length, then
 * each character against the group's ASCII table; a character beyond ASCII leaves it to the
 * group's regex. Running no regex keeps a lookup from touching regex code a request rarely needs.
 */
function fits(group: SegmentGroup, path: string, from: number, to: number): boolean {
  const { ascii, min, max } = group.check;
  if (to - from < min || to - from > max) return false;
  for (let i = from; i < to; i++) {
    const c = path.charCodeAt(i);
    if (c > 0x7f) return group.regex.test(path.slice(from, to));
    if (ascii[c] === 0) return false;
  }
  return true;
}

/**
 * The checks of a closed shape's groups, each an anchored regex for its segment, with the
 * pattern's group names in order; null when the groups are not the pattern's only ones.
 */
function segmentGroupsOf(segments: ShapeSegment[], names: Array<string | null>): SegmentGroup[] | null {
  const groups: SegmentGroup[] = [];
  segments.forEach((segment, depth) => {
    if ('group' in segment)
      groups.push({ depth, check: segment.check, regex: new RegExp(`^${segment.group}$`, 'i'), name: names[groups.length] ?? null });
  });
  return groups.length === names.length ? groups : null;
}

/**
 * Compiles patterns for WordPress's lookup: the first entry, in registration order, whose
 * `preg_match('@^' . $route . '$@i')` matches. A tree of the patterns' path segments (literal
 * text, or any one segment for a group that cannot span a `/`) leaves only the entries a path's
 * segments fit to be tried: those the tree reached through their whole shape by checking each
 * group's segment, the others with their own anchored regex. A late route of a large namespace
 * costs a walk down the tree, not one regex run per route before it.
 */
export function compileMatcher<T>(entries: readonly T[], patternOf: (entry: T) => CompiledPattern): Matcher<T> {
  if (entries.length === 0) return () => null;
  const candidates: Array<Candidate<T>> = [];
  const root = newNode();
  let depthLimit = 0;
  for (const entry of entries) {
    const pattern = patternOf(entry);
    const index = candidates.length;
    const { segments, open } = shapeOf(pattern.source);
    candidates.push({
      entry,
      regex: new RegExp(`^(?:${pattern.source})$`, 'i'),
      groups: pattern.groups,
      segmentGroups: open ? null : segmentGroupsOf(segments, pattern.groups),
    });
    let node = root;
    for (const segment of segments) {
      if ('group' in segment) node = node.any ??= newNode();
      else {
        let child = getSlice(node.literals, segment.text);
        if (!child) setSlice(node.literals, segment.text, (child = newNode()));
        node = child;
      }
    }
    (open ? node.open : node.ends).push(index);
    depthLimit = Math.max(depthLimit, segments.length);
  }

  // The lookup's state, reset by each call: where each segment of the walk starts, and the best
  // match so far with its entry's index. A walk goes no deeper than the longest shape.
  const starts = new Array<number>(depthLimit + 1).fill(0);
  let bestIndex = Infinity;
  let best: PatternMatch<T> | null = null;

  /** The params of a closed-shape entry whose groups' segments (the path has `depth`) all pass their checks, else null. */
  function segmentParams(groups: SegmentGroup[], path: string, depth: number): Record<string, string> | null {
    const params: Record<string, string> = {};
    for (const group of groups) {
      const at = group.depth;
      const from = starts[at]!;
      const to = at + 1 < depth ? starts[at + 1]! - 1 : path.length;
      if (!fits(group, path, from, to)) return null;
      if (group.name) params[group.name] = path.slice(from, to);
    }
    return params;
  }

  /** The params of an entry's whole regex on the path, else null. */
  function regexParams(candidate: Candidate<T>, path: string): Record<string, string> | null {
    const m = candidate.regex.exec(path);
    if (!m) return null;
    const params: Record<string, string> = {};
    const { groups } = candidate;
    for (let i = 0; i < groups.length; i++) {
      const name = groups[i];
      const value = m[i + 1];
      if (name && value !== undefined) params[name] = value;
    }
    return params;
  }

  /**
   * Tries a list's entries in order, up to the best match found so far; the first that matches
   * becomes the best. `depth` is the number of segments the path had, once it is used up, else -1.
   */
  function tryList(list: number[], path: string, depth: number): void {
    for (const index of list) {
      if (index >= bestIndex) return;
      const candidate = candidates[index]!;
      const params =
        depth >= 0 && candidate.segmentGroups !== null ? segmentParams(candidate.segmentGroups, path, depth) : regexParams(candidate, path);
      if (params === null) continue;
      bestIndex = index;
      best = { entry: candidate.entry, params };
      return;
    }
  }

  /**
   * Walks the tree down the path's segments from `node`, the `depth`th segment starting at
   * `from` (-1 once the path is used up). Every node the path's segments lead to is visited once
   * at most, whatever the path, so a lookup costs no more than the tree holds.
   */
  function visit(node: SegmentNode, path: string, from: number, depth: number): void {
    if (node.open.length > 0) tryList(node.open, path, -1);
    if (from < 0) {
      if (node.ends.length > 0) tryList(node.ends, path, depth);
      return;
    }
    if (depth === depthLimit) return;
    starts[depth] = from;
    const slash = path.indexOf('/', from);
    const next = slash < 0 ? -1 : slash + 1;
    const child = sliceAt(node.literals, path, from, slash < 0 ? path.length : slash);
    if (child) visit(child, path, next, depth + 1);
    if (node.any !== null) visit(node.any, path, next, depth + 1);
  }

  return (path) => {
    bestIndex = Infinity;
    best = null;
    if (path.charCodeAt(0) === SLASH) visit(root, path, 1, 0);
    else if (root.open.length > 0) tryList(root.open, path, -1);
    const found = best;
    best = null;
    return found;
  };
}
