// How many cases a fast-check property draws. The suite's own run (`npm test`) draws a number
// sized for CI; `npm run test:deep` (vitest's `--mode deep`, which sets SITE_REST_DEEP_TESTS=1)
// draws the deep number, for a change to matching, escaping or routing, or a night run. Each
// run draws new cases (no fixed seed), so CI's smaller runs add up over time; the hand-picked
// cases beside a property run whatever the size.

/** Whether this run is the deep one. */
const DEEP = process.env.SITE_REST_DEEP_TESTS === '1';

/** The `numRuns` of a property: `ci` in the suite's own run, `deep` under `npm run test:deep`. */
export function propertyRuns(runs: { ci: number; deep: number }): number {
  return DEEP ? runs.deep : runs.ci;
}
