// Yoast's score bands: WPSEO_Rank's numeric ranges (inc/class-wpseo-rank.php), which the post list
// filters and the statistics widget use, and the dashboard's score groups
// (src/dashboard/domain/score-groups/*), which the SEO and readability score counts use.

/** A WPSEO_Rank: the SEO score bands, `na` (no focus keyphrase) and `noindex`. */
export type Rank = 'bad' | 'ok' | 'good' | 'na' | 'noindex';

/** WPSEO_Rank::$ranks, in Yoast's order. */
export const RANKS: readonly Rank[] = ['bad', 'ok', 'good', 'na', 'noindex'];

/** WPSEO_Rank::$ranges: the inclusive numeric band of each scored rank. */
const RANGES: Readonly<Record<'na' | 'bad' | 'ok' | 'good', readonly [number, number]>> = {
  na: [0, 0],
  bad: [1, 40],
  ok: [41, 70],
  good: [71, 100],
};

/** `get_starting_score()` / `get_end_score()`: a rank's band; `noindex` has none (-1, -1). */
export function rankBand(rank: Rank): readonly [number, number] {
  return rank === 'noindex' ? [-1, -1] : RANGES[rank];
}

/** A dashboard score group: its name in the answer, its filter value in the posts list's link, its band. */
export interface ScoreGroup {
  /** `get_name()`: `good`, `ok`, `bad`, `notAnalyzed`. */
  name: 'good' | 'ok' | 'bad' | 'notAnalyzed';
  /** `get_filter_value()`: the `seo_filter` / `readability_filter` value of its view link. */
  filter: 'good' | 'ok' | 'bad' | 'na';
  /** `get_min_score()` / `get_max_score()`; null for the group of what has no score. */
  band: readonly [number, number] | null;
}

/** The score groups in their answer's order (`get_position()`: good 0, ok 1, bad 2, not analysed 3). */
export const SCORE_GROUPS: readonly ScoreGroup[] = [
  { name: 'good', filter: 'good', band: [71, 100] },
  { name: 'ok', filter: 'ok', band: [41, 70] },
  { name: 'bad', filter: 'bad', band: [1, 40] },
  { name: 'notAnalyzed', filter: 'na', band: null },
];

/**
 * The SEO score group of an indexable's `primary_focus_keyword_score` (null without a focus
 * keyphrase), as the SEO score collector's `CASE` puts it: 0 or null is not analysed; a score
 * outside every band (above 100, below 0) is counted in none.
 */
export function seoScoreGroup(score: number | null): ScoreGroup['name'] | null {
  if (score === null || score === 0) return 'notAnalyzed';
  return bandGroup(score);
}

/**
 * The readability group of an indexable's `readability_score`, as the readability collector's
 * `CASE` puts it: 0 without an estimated reading time is not analysed, 0 with one is `bad`.
 */
export function readabilityScoreGroup(score: number, readingTime: number | null): ScoreGroup['name'] | null {
  if (score === 0) return readingTime === null ? 'notAnalyzed' : 'bad';
  return bandGroup(score);
}

function bandGroup(score: number): ScoreGroup['name'] | null {
  for (const group of SCORE_GROUPS) if (group.band && group.band[0] <= score && score <= group.band[1]) return group.name;
  return null;
}
