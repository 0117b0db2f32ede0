/**
 * Decides whether a JS regular expression can backtrack super-linearly (ReDoS), without running it.
 *
 * The pattern becomes a position (Glushkov) automaton whose moves keep the order a backtracking
 * engine tries them in; an unanchored pattern gets a lazy any-character prefix, as the engine
 * retries at each index. A state "surely succeeds" when it can accept with no test in the way
 * (or at the subject's end, with a way on for every character): once the engine enters one, the
 * search ends after that state's own moves. So moves after an unconditional accept, and
 * lower-priority moves on characters that lead into such a state, are never tried, and only
 * paths avoiding such states can multiply. Among those, two distinct paths from a state back to
 * itself on one word (EDA) mean exponential work; p ≠ q with `p →w p`, `p →w q` and `q →w q`
 * (IDA) mean polynomial work; without either, matching is linear. A lookaround costs a scan of
 * its body each time it runs: bounded, or unbounded but at boundedly many indexes, is linear; a
 * lookbehind's body is read reversed, as the engine matches it from right to left. Ambiguity
 * needs no cycle to multiply paths: optional items or alternatives written out (or unrolled) one
 * after another can each take or leave the same characters, so one attempt that can follow more
 * than a few paths into one state is exponential in the pattern's size, and judged so.
 * Counted repetitions are unrolled, or read as loops where copies would multiply paths.
 * Character sets the model cannot state exactly are over-approximated where they add paths and
 * under-approximated where they prune, so the answer errs towards "unsafe".
 *
 * The steps live in `automaton.ts`, `class-graph.ts`, `ambiguity.ts` and `analyze.ts`; this
 * module is the public check, with its verdict cache.
 */
import { MAX_PATHS } from './ambiguity.js';
import { analyze } from './analyze.js';
import { codePoints } from './code-points.js';
import { HazardFound, type Budget, type RegexHazard } from './hazard.js';
import { parseRegex, TooDeepRegexError, UnsupportedRegexError, type RegexNode } from './syntax.js';

/** What registration does with a route or schema pattern the analysis finds unsafe: refuse it (default) or accept it. */
export type UnsafePatternPolicy = 'refuse' | 'allow';

/** The registration error for a pattern the analysis refuses: what it is, why, and the opt-out. */
export function unsafePatternError(subject: string, hazard: RegexHazard): TypeError {
  return new TypeError(
    `site-rest: ${subject} is refused (${hazard}): matching it against client input may take super-linear time; createRestServer's unsafePatterns: 'allow' accepts it`,
  );
}

/**
 * Paths through a pattern, counted from its syntax (Infinity with a loop or a backreference): at
 * least as many as one attempt can follow on any subject.
 */
function pathBound(node: RegexNode): number {
  switch (node.type) {
    case 'sequence':
      return node.items.reduce((paths, item) => paths * pathBound(item), 1);
    case 'alternation':
      return node.items.reduce((paths, item) => paths + pathBound(item), 0);
    case 'repeat': {
      const body = pathBound(node.body);
      return node.max === Infinity ? Infinity : body ** node.min * (body + 1) ** (node.max - node.min);
    }
    case 'lookaround':
      return pathBound(node.body);
    case 'backreference':
      return Infinity;
    default:
      return 1;
  }
}

/**
 * Hazards already found (null: none) by flags and source: every server registers the same route
 * patterns again. Only short sources are kept, so what a fetched index holds cannot grow it past
 * a few MiB, and the oldest go first.
 */
const verdicts = new Map<string, RegexHazard | null>();
const MAX_VERDICTS = 4_096;
const MAX_CACHED_SOURCE = 1_024;

/**
 * Why matching `regex` against some subject may take time super-linear in the subject's length,
 * as V8's backtracking engine runs it (`test`/`exec`: first match wins); null when it cannot.
 */
export function checkRegex(regex: RegExp): RegexHazard | null {
  const { source, flags } = regex;
  if (source.length > MAX_CACHED_SOURCE) return judge(source, flags);
  const key = `${flags}/${source}`;
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  const hazard = judge(source, flags);
  if (verdicts.size >= MAX_VERDICTS) verdicts.delete(verdicts.keys().next().value!);
  verdicts.set(key, hazard);
  return hazard;
}

function judge(source: string, flags: string): RegexHazard | null {
  const budget: Budget = { work: 0, alphabet: codePoints([[0, flags.includes('u') ? 0x10ffff : 0xffff]]), loopAmbiguity: new Map() };
  try {
    const tree = parseRegex(source, flags);
    // Without loops, and with few choices on the way, each attempt follows a few paths: nothing to analyse.
    if (pathBound(tree) <= MAX_PATHS) return null;
    return analyze(tree, { sticky: flags.includes('y'), genericAnchors: false, acceptIsConditional: false }, budget).hazard;
  } catch (error) {
    if (error instanceof HazardFound) return error.hazard;
    if (error instanceof TooDeepRegexError) return 'too complex to check';
    if (error instanceof UnsupportedRegexError) return 'unsupported syntax';
    throw error;
  }
}
