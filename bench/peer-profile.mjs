// Where a peer-bench server's time goes, per workload: `node bench/peer-profile.mjs --harness <copy of the
// peer bench> [--server project] [--project <built checkout>] [--workloads W1,W2] [--seconds 6] [--top 15]` (after `npm run build`).
// Starts the harness's server with --cpu-prof (pinned to CPU 1 like the harness does), loads one workload
// with wrk pinned to CPU 0, stops the server so the profile is written, and prints the top frames by self
// time as Markdown. The harness is not part of this repository: copy it out and `npm ci` in it first.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { summarizeProfile, topShares } from './cpu-profile.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
};
const harness = option('harness');
if (!harness || !existsSync(join(harness, 'run.mjs'))) throw new Error('--harness <dir>: a copy of the peer bench, with npm ci run in it');
const serverName = option('server', 'project');
const seconds = Number(option('seconds', 6));
const topN = Number(option('top', 15));
const projectDir = resolve(option('project', fileURLToPath(new URL('..', import.meta.url))));
const { WORKLOADS } = await import(pathToFileURL(join(resolve(harness), 'lib', 'workloads.mjs')).href);
const wanted = option('workloads', 'W1,W2,W3,W4').split(',');
const canPin = spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;
const pinned = (cpu, cmd, rest) => (canPin ? ['taskset', ['-c', String(cpu), cmd, ...rest]] : [cmd, rest]);
// SIGTERM ends the server through process.exit, which is what makes V8 write the profile.
const EXIT_ON_TERM = `data:text/javascript,process.on('SIGTERM',()=>process.exit(0))`;

async function profileWorkload(workload, port) {
  const dir = mkdtempSync(join(tmpdir(), 'peer-prof-'));
  const [cmd, rest] = pinned(1, process.execPath, [
    '--cpu-prof',
    `--cpu-prof-dir=${dir}`,
    '--import',
    EXIT_ON_TERM,
    join(harness, 'servers', `${serverName}.mjs`),
    '--port',
    String(port),
  ]);
  const server = spawn(cmd, rest, { cwd: harness, env: { ...process.env, PROJECT_DIR: projectDir }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  for await (const chunk of server.stdout) {
    out += chunk;
    if (/^READY /m.test(out)) break;
  }
  const url = `http://127.0.0.1:${port}${workload.path}`;
  const [wrkCmd, wrkArgs] = pinned(0, 'wrk', ['-t', '1', '-c', '50', '-d', `${seconds}s`, url]);
  const load = spawnSync(wrkCmd, wrkArgs, { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(load.stdout)?.[1] ?? NaN);
  server.kill('SIGTERM');
  await once(server, 'exit');
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  const summary = summarizeProfile(join(dir, file));
  rmSync(dir, { recursive: true, force: true });
  return { rps, ...summary };
}

let port = 18600;
for (const workload of WORKLOADS.filter((w) => wanted.includes(w.id))) {
  const { rps, total, byFunction, byFile } = await profileWorkload(workload, port++);
  console.log(`\n#### ${serverName}, ${workload.id} ${workload.name}: \`${workload.path}\`, ${Math.round(rps)} req/s under the profiler\n`);
  console.log('| self time | function |\n|--:|---|');
  for (const [name, share] of topShares(byFunction, total, topN)) console.log(`| ${(100 * share).toFixed(1)}% | \`${name}\` |`);
  console.log('\n| self time | file |\n|--:|---|');
  for (const [name, share] of topShares(byFile, total, 8)) console.log(`| ${(100 * share).toFixed(1)}% | \`${name}\` |`);
}
