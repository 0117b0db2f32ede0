// recheck's verdict on a regex, kept on disk per recheck version (node_modules/.cache, which
// `npm ci` starts afresh): a verdict depends on the pattern, its flags and recheck alone, and
// its fuzzing takes seconds on some patterns, so the ReDoS sweep and the analysis's comparison
// with recheck (which meet on every regex in src/) check each pattern once, not once per file
// and run. Only a finished verdict is kept; one cut short by the timeout is asked again.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSync, type Diagnostics } from 'recheck';

const ROOT = join(import.meta.dirname, '..', '..');
const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'recheck', 'package.json'), 'utf8')) as { version: string };
const CACHE = join(ROOT, 'node_modules', '.cache', 'site-rest-recheck', version);

/** What `checkSync(source, flags, { timeout })` answers, from the cache when it holds the pattern. */
export function recheckVerdict(source: string, flags: string, timeout: number): Diagnostics {
  const file = join(CACHE, `${createHash('sha256').update(`${flags}/${source}`).digest('hex')}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Diagnostics;
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
  return verdict;
}
