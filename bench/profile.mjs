// Where the site-rest server's time goes: `node bench/profile.mjs [valid|failure|raw] [seconds]`
// (after `npm run build`; DEPTH and CONNECTIONS env vars set the load, default 8 × 32). Runs the server child with --cpu-prof under the bench load, then
// prints its top functions by self time, and self time per file.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { summarizeProfile, topShares } from './cpu-profile.mjs';
import { FAILURE_URL, VALID_URL } from './fixture.mjs';
import { runLoad } from './load.mjs';

const which = process.argv[2] ?? 'valid';
const seconds = Number(process.argv[3] ?? 8);
const CASES = {
  valid: { server: 'site-rest', path: VALID_URL, expect: 200 },
  failure: { server: 'site-rest', path: FAILURE_URL, expect: 400 },
  raw: { server: 'raw', path: VALID_URL, expect: 200 },
};
const c = CASES[which];
if (!c) throw new Error(`unknown case ${which} (valid | failure | raw)`);

const dir = mkdtempSync(join(tmpdir(), 'site-rest-prof-'));
const child = fork(new URL('./server.mjs', import.meta.url), [c.server], {
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
});
try {
  const [{ port }] = await once(child, 'message');
  const depth = Number(process.env.DEPTH ?? 32);
  const connections = Number(process.env.CONNECTIONS ?? 8);
  const run = await runLoad({ port, path: c.path, expect: c.expect, connections, depth, warmupMs: 1000, durationMs: seconds * 1000 });
  console.log(`${which}: ${Math.round(run.rps)} req/s under the profiler, statuses ${JSON.stringify(run.statuses)}`);
  child.disconnect(); // the child exits on disconnect, which writes the profile
  await once(child, 'exit');
} finally {
  if (child.exitCode === null && child.signalCode === null) child.kill();
}

const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
const { total, byFunction, byFile } = summarizeProfile(join(dir, file));
const top = (map, n) =>
  topShares(map, total, n)
    .map(([name, share]) => `${(100 * share).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
console.log(`\nTop functions by self time (${(total / 1e6).toFixed(1)} s sampled, profile in ${dir}):\n${top(byFunction, 30)}`);
console.log(`\nSelf time by file:\n${top(byFile, 15)}`);
