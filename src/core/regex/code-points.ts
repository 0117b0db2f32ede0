/**
 * Sets of code points as sorted, disjoint, non-adjacent inclusive ranges, flattened:
 * `[lo0, hi0, lo1, hi1, …]`. Plain arrays so the regex analysis can build, combine and
 * compare character classes without enumerating them.
 */

/** A set of code points: sorted, disjoint, non-adjacent inclusive ranges, flattened. */
export type CodePoints = readonly number[];

/** The empty set. */
export const NO_CODE_POINTS: CodePoints = [];

/** The set of the given inclusive ranges, in any order, overlapping or not. */
export function codePoints(ranges: ReadonlyArray<readonly [number, number]>): CodePoints {
  const sorted = ranges.filter(([lo, hi]) => lo <= hi).sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [lo, hi] of sorted) add(out, lo, hi);
  return out;
}

/** Appends a range to a set whose ranges all start at or before `lo`, merging it with the last one where they touch. */
function add(out: number[], lo: number, hi: number): void {
  const last = out.length - 1;
  if (last > 0 && lo <= out[last]! + 1) out[last] = Math.max(out[last]!, hi);
  else out.push(lo, hi);
}

/** Every code point in `a` or `b`: one merge of their sorted ranges. */
export function union(a: CodePoints, b: CodePoints): CodePoints {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! <= b[j]!)) {
      add(out, a[i]!, a[i + 1]!);
      i += 2;
    } else {
      add(out, b[j]!, b[j + 1]!);
      j += 2;
    }
  }
  return out;
}

/** Every code point from 0 to `max` that is not in `a`. */
export function complement(a: CodePoints, max: number): CodePoints {
  const out: number[] = [];
  let next = 0;
  for (let i = 0; i < a.length && a[i]! <= max; i += 2) {
    if (a[i]! > next) out.push(next, a[i]! - 1);
    next = a[i + 1]! + 1;
  }
  if (next <= max) out.push(next, max);
  return out;
}

/** Every code point in both `a` and `b`. */
export function intersect(a: CodePoints, b: CodePoints): CodePoints {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i]!, b[j]!);
    const hi = Math.min(a[i + 1]!, b[j + 1]!);
    if (lo <= hi) out.push(lo, hi);
    if (a[i + 1]! < b[j + 1]!) i += 2;
    else j += 2;
  }
  return out;
}

/** Every code point in `a` and not in `b`. */
export function subtract(a: CodePoints, b: CodePoints): CodePoints {
  if (a.length === 0 || b.length === 0) return a;
  return intersect(a, complement(b, Math.max(a[a.length - 1]!, b[b.length - 1]!)));
}
