import type { CompiledPattern } from './route-pattern.js';

/** A successful match: which entry won, and the named groups it captured. */
export interface PatternMatch<T> {
  entry: T;
  params: Record<string, string>;
}

/** Finds the first entry, in the given order, whose pattern matches a whole path (case-insensitively). */
export type Matcher<T> = (path: string) => PatternMatch<T> | null;

/**
 * Compiles patterns into ONE anchored, case-insensitive alternation regex. JS tries the
 * alternatives left to right, so the first route in registration order wins exactly as in
 * WordPress's loop of `preg_match('@^' . $route . '$@i')`, while the scan itself runs in
 * compiled regex code. An empty capture group closes each alternative; the one that matched
 * (`''` rather than undefined) tells which entry won.
 */
export function compileMatcher<T>(entries: readonly T[], patternOf: (entry: T) => CompiledPattern): Matcher<T> {
  if (entries.length === 0) return () => null;
  const parts: string[] = [];
  // markerEntry[groupIndex] = the entry whose end marker is that capture group.
  const markerEntry = new Map<number, { entry: T; first: number; groups: Array<string | null> }>();
  let group = 1;
  for (const entry of entries) {
    const pattern = patternOf(entry);
    parts.push(`(?:${pattern.source})()`);
    const first = group;
    group += pattern.groups.length;
    markerEntry.set(group, { entry, first, groups: pattern.groups });
    group += 1;
  }
  const regex = new RegExp(`^(?:${parts.join('|')})$`, 'i');

  return (path) => {
    const m = regex.exec(path);
    if (!m) return null;
    let at = m.indexOf('', 1);
    let found = markerEntry.get(at);
    // A parameter that captured '' comes before its marker; look further.
    while (found === undefined && at > 0) {
      at = m.indexOf('', at + 1);
      found = markerEntry.get(at);
    }
    if (!found) return null;
    const params: Record<string, string> = {};
    for (let i = 0; i < found.groups.length; i++) {
      const name = found.groups[i];
      const value = m[found.first + i];
      if (name && value !== undefined) params[name] = value;
    }
    return { entry: found.entry, params };
  };
}
