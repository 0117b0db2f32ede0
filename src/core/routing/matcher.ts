import type { CompiledPattern } from './route-pattern.js';

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

/** A node of the literal-prefix tree: the entries whose prefix ends here, and the next path segments. */
interface PrefixNode {
  /** Indexes into the entry list, ascending (registration order). */
  entries: number[];
  children: Map<string, PrefixNode>;
}

const newNode = (): PrefixNode => ({ entries: [], children: new Map() });

/** Characters that end a regex source's literal text. */
const REGEX_SYNTAX = new Set(['\\', '[', ']', '(', ')', '{', '}', '.', '*', '+', '?', '^', '$', '|']);

/** Whether a regex source has a `|` outside every group and class: then no text is common to all its matches. */
function hasTopLevelAlternation(source: string): boolean {
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i += 1;
    else if (c === '[') {
      i += source[i + 1] === ']' ? 2 : 1;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
    } else if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

/** Where a pattern can match: only one path (plain text), paths under a run of literal segments, or anywhere. */
type Reach = { exact: string } | { under: string[] } | null;

/**
 * Where a pattern's matches lie, from its literal text: a plain-text pattern matches one path
 * (lower-cased); else every match starts with the segments up to its text's last `/`:
 * `/core/v2/posts/(\d+)` → under `['core', 'v2', 'posts']`; null when a match need not start with
 * `/`. Only ASCII is taken: without the `u` flag, `i` folds ASCII letters only to ASCII.
 */
function reachOf(source: string): Reach {
  if (hasTopLevelAlternation(source)) return null;
  let end = 0;
  while (end < source.length) {
    const c = source[end]!;
    if (REGEX_SYNTAX.has(c) || c.charCodeAt(0) > 0x7e) break;
    end += 1;
  }
  if (end === source.length) return { exact: source.toLowerCase() };
  // A quantifier makes the character before it optional.
  const next = source[end];
  if (next === '*' || next === '?' || next === '{') end -= 1;
  const head = source.slice(0, end);
  if (!head.startsWith('/')) return null;
  const lastSlash = head.lastIndexOf('/');
  return { under: lastSlash === 0 ? [] : head.slice(1, lastSlash).toLowerCase().split('/') };
}

/**
 * Compiles patterns for WordPress's lookup: the first entry, in registration order, whose
 * `preg_match('@^' . $route . '$@i')` matches. A tree of the patterns' literal path prefixes
 * leaves only the entries a path can match to be tried, each with its own anchored regex, so a
 * late route of a large namespace costs a few regex runs, not one per route before it.
 */
export function compileMatcher<T>(entries: readonly T[], patternOf: (entry: T) => CompiledPattern): Matcher<T> {
  if (entries.length === 0) return () => null;
  const candidates: Array<Candidate<T>> = [];
  // Entries that may match a path not starting with `/`, and the tree of those that need one.
  const anywhere: number[] = [];
  const rooted = newNode();
  // Plain-text patterns by their lower-cased text: each matches only that path.
  const exact = new Map<string, number[]>();
  for (const entry of entries) {
    const pattern = patternOf(entry);
    const index = candidates.length;
    candidates.push({ entry, regex: new RegExp(`^(?:${pattern.source})$`, 'i'), groups: pattern.groups });
    const reach = reachOf(pattern.source);
    if (reach === null) {
      anywhere.push(index);
      continue;
    }
    if ('exact' in reach) {
      const list = exact.get(reach.exact);
      if (list) list.push(index);
      else exact.set(reach.exact, [index]);
      continue;
    }
    let node = rooted;
    for (const segment of reach.under) {
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = newNode()));
      node = child;
    }
    node.entries.push(index);
  }

  function tryEntry(index: number, path: string): PatternMatch<T> | null {
    const { entry, regex, groups } = candidates[index]!;
    const m = regex.exec(path);
    if (!m) return null;
    const params: Record<string, string> = {};
    for (let i = 0; i < groups.length; i++) {
      const name = groups[i];
      const value = m[i + 1];
      if (name && value !== undefined) params[name] = value;
    }
    return { entry, params };
  }

  /** The first match among several entry lists, trying their entries merged back into registration order. */
  function firstOfLists(lists: number[][], path: string): PatternMatch<T> | null {
    const at = new Array<number>(lists.length).fill(0);
    for (;;) {
      let pick = -1;
      for (let l = 0; l < lists.length; l++) {
        if (at[l]! < lists[l]!.length && (pick < 0 || lists[l]![at[l]!]! < lists[pick]![at[pick]!]!)) pick = l;
      }
      if (pick < 0) return null;
      const found = tryEntry(lists[pick]![at[pick]!]!, path);
      if (found) return found;
      at[pick] = at[pick]! + 1;
    }
  }

  return (path) => {
    // The entry lists along the path's walk down the tree; most paths meet only one.
    let only: number[] | null = anywhere.length > 0 ? anywhere : null;
    let lists: number[][] | null = null;
    // Still checked by its regex below: `toLowerCase` folds a few non-ASCII letters the regex does not.
    const same = exact.size > 0 ? exact.get(path.toLowerCase()) : undefined;
    if (same !== undefined) {
      if (only === null) only = same;
      else lists = [only, same];
    }
    if (path.charCodeAt(0) === 47 /* / */) {
      let node: PrefixNode | undefined = rooted;
      let from = 1;
      while (node) {
        if (node.entries.length > 0) {
          if (only === null) only = node.entries;
          else (lists ??= [only]).push(node.entries);
        }
        const slash = path.indexOf('/', from);
        if (slash < 0 || node.children.size === 0) break;
        node = node.children.get(path.slice(from, slash).toLowerCase());
        from = slash + 1;
      }
    }
    if (lists !== null) return firstOfLists(lists, path);
    if (only === null) return null;
    for (const index of only) {
      const found = tryEntry(index, path);
      if (found) return found;
    }
    return null;
  };
}
