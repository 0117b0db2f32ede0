// The "did you mean" of every refusal that names a mistyped word: an unknown method, capability or
// schema keyword at registration, an unknown command or flag of the CLI. Its cost is bounded
// whatever it is given: words past 64 characters get no suggestion, and a candidate whose length
// differs by more than two is skipped before any comparison.

/** The longest word a suggestion is looked for. */
const MAX_WORD = 64;

/** The most edits a suggestion may be away. */
const MAX_EDITS = 2;

/** Levenshtein distance of two short words, given up (MAX_EDITS + 1) when their lengths differ by more than MAX_EDITS. */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > MAX_EDITS) return MAX_EDITS + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The known word closest to `word`, case aside, within two edits (a prefix of three letters or
 * more counts as one: `int` for `integer`, `serv` for `serve`); the first of equally close ones;
 * undefined when none is close enough.
 */
export function nearestWord(word: string, known: Iterable<string>): string | undefined {
  if (word.length > MAX_WORD) return undefined;
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = MAX_EDITS + 1;
  for (const candidate of known) {
    const other = candidate.toLowerCase();
    const d = other === lower ? 0 : lower.length >= 3 && other.startsWith(lower) ? 1 : distance(lower, other);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}
