// The in-process measures run each run in a fresh Node process, so that one run's JIT state, heap and
// garbage do not weigh on the next; the child prints its result as one JSON line.
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Runs `node <script> ...args` and returns the JSON of the last line it printed (its stderr passes through). */
export function runJsonChild(script, args = []) {
  const out = execFileSync(process.execPath, [fileURLToPath(script), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.trimEnd().split('\n').at(-1));
}

/** Whether the module at `url` is the script node was started with (not imported by another one). */
export const isMain = (url) => process.argv[1] === fileURLToPath(url);

/**
 * As {@link runJsonChild}, pinned to CPU 1 where `taskset` is there: a run moved between cores by
 * other processes on a shared machine measures the move as much as the code.
 */
export function runPinnedJsonChild(script, args = []) {
  if (spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status !== 0) return runJsonChild(script, args);
  const out = spawnSync('taskset', ['-c', '1', process.execPath, fileURLToPath(script), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  }).stdout;
  return JSON.parse(out.trimEnd().split('\n').at(-1));
}

/** The value after `--name` among a script's arguments, or `fallback`. */
export function optionIn(args, name, fallback) {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
}
