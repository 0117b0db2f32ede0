// recheck's verdict on a regex. A verdict depends on the pattern, its flags and recheck alone, and
// its fuzzing takes seconds on some patterns (the ReDoS sweep and the analysis's comparison with
// recheck spent some 80 s of CPU on a fresh clone asking it), so verdicts are read, in order, from
// test/fixtures/recheck-verdicts.jsonl (recorded with this recheck version, one `[key, verdict]`
// per line, the attack strings left out), from the disk cache (node_modules/.cache, which `npm ci`
// starts afresh), and only then asked of recheck. Only a finished verdict is kept; one cut short by
// the timeout is asked again. `SITE_REST_RECHECK_RECORD=<file>` appends every verdict read to
// <file> in the fixture's form: `sort -u` of it is the fixture for the patterns of that run.
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSync, type Diagnostics } from 'recheck';

const ROOT = join(import.meta.dirname, '..', '..');
const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'recheck', 'package.json'), 'utf8')) as { version: string };
const CACHE = join(ROOT, 'node_modules', '.cache', 'site-rest-recheck', version);
/** The recheck version the fixture's verdicts were recorded with; another version asks again. */
const RECORDED_WITH = '4.5.0';

/** The recorded verdicts by `flags/source`. */
const RECORDED: ReadonlyMap<string, Diagnostics> =
  version === RECORDED_WITH
    ? new Map(
        readFileSync(join(ROOT, 'test', 'fixtures', 'recheck-verdicts.jsonl'), 'utf8')
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as [string, Diagnostics]),
      )
    : new Map();

/** A verdict without what no test reads (the attack string, the hotspot), as the fixture keeps it. */
function recorded(verdict: Diagnostics): Diagnostics {
  const { source, flags, status, checker, complexity } = verdict as Diagnostics & { checker?: string; complexity?: unknown };
  return { source, flags, status, checker, complexity } as unknown as Diagnostics;
}

/** Appends a verdict to the file `SITE_REST_RECHECK_RECORD` names, if any. */
function record(key: string, verdict: Diagnostics): Diagnostics {
  const file = process.env.SITE_REST_RECHECK_RECORD;
  if (file) appendFileSync(file, `${JSON.stringify([key, recorded(verdict)])}\n`);
  return verdict;
}

/** What `checkSync(source, flags, { timeout })` answers, from the cache when it holds the pattern. */
export function recheckVerdict(source: string, flags: string, timeout: number): Diagnostics {
  const key = `${flags}/${source}`;
  const known = RECORDED.get(key);
  if (known) return record(key, known);
  const file = join(CACHE, `${createHash('sha256').update(`${flags}/${source}`).digest('hex')}.json`);
  try {
    return record(key, JSON.parse(readFileSync(file, 'utf8')) as Diagnostics);
  } catch {
    // Not checked yet.
  }
  const verdict = checkSync(source, flags, { timeout });
  if (verdict.status !== 'unknown') {
    mkdirSync(CACHE, { recursive: true });
    // Written whole, then renamed: a file checking in parallel never reads half a verdict.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(verdict));
    renameSync(partial, file);
  }
  return verdict.status === 'unknown' ? verdict : record(key, verdict);
}
