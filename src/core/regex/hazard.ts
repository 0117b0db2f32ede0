/**
 * What the ReDoS analysis answers, and the work budget every step of one check draws on: past
 * it, or past a step's own size limit, the check stops with "too complex to check".
 */
import type { CodePoints } from './code-points.js';
import type { RegexNode } from './syntax.js';

/** Why a regular expression is refused. */
export type RegexHazard =
  'exponential backtracking' | 'polynomial backtracking' | 'backreference' | 'too complex to check' | 'unsupported syntax';

/** Product-automaton steps one check may take; above it the answer is "too complex to check". */
const MAX_WORK = 2_000_000;

/** Shared by one check and its sub-checks. */
export interface Budget {
  work: number;
  readonly alphabet: CodePoints;
  readonly loopAmbiguity: Map<RegexNode, boolean>;
}

/** Raised inside the analysis to stop it with a verdict. */
export class HazardFound extends Error {
  constructor(readonly hazard: RegexHazard) {
    super(hazard);
  }
}

/** Charges `amount` steps to the check, stopping it once the budget is spent. */
export function spend(budget: Budget, amount: number): void {
  budget.work += amount;
  if (budget.work > MAX_WORK) throw new HazardFound('too complex to check');
}
