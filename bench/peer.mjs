// Issue 16's measure: site-rest beside Fastify and raw node:http in the peer bench, a harness kept
// outside this repository. `node bench/peer.mjs --harness <copy of the peer bench> [--runs 3]
// [--rounds 3] [--quick] [--profile] [--out-dir DIR]` builds this checkout if it is stale, runs the
// harness `--runs` times (servers raw, fastify, project = this checkout), pools the runs and writes
// the section "Peer bench (issue 16)" of bench/RESULTS.md. The harness reads its route table from
// $ROUTES_FILE, by default this repository's copy (test/fixtures/routes.json). With --profile it also
// profiles site-rest's and Fastify's server per workload (bench/peer-profile.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeSections } from './results-file.mjs';
import { median } from './stats.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const harness = option('harness') && resolve(option('harness'));
if (!harness || !existsSync(join(harness, 'run.mjs'))) throw new Error('--harness <dir>: a copy of the peer bench, with npm ci run in it');
const runs = Number(option('runs', 3));
const quick = args.includes('--quick');
const rounds = option('rounds');
const outDir = resolve(option('out-dir', mkdtempSync(join(tmpdir(), 'peer-bench-'))));
mkdirSync(outDir, { recursive: true });

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env, PROJECT_DIR: root, ROUTES_FILE: process.env.ROUTES_FILE ?? join(root, 'test', 'fixtures', 'routes.json') };

/** Issue 16's floors, as ratios to raw in the same round; site-rest must also reach Fastify's ratio. */
const FLOORS = { W1: 0.93, W2: 0.9, W3: 0.92, W4: 0.95 };
const NAMES = { raw: 'raw node:http', fastify: 'Fastify', project: 'site-rest' };

function run(cmd, cmdArgs, options = {}) {
  const result = spawnSync(cmd, cmdArgs, { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'inherit', 'inherit'], ...options });
  if (result.status !== 0) throw new Error(`${[cmd, ...cmdArgs].join(' ')} exited with ${result.status ?? result.signal}`);
  return result.stdout;
}

run(process.execPath, [join(root, 'scripts', 'build.mjs')]);
const files = [];
for (let i = 1; i <= runs; i++) {
  const file = join(outDir, `peer-${i}.json`);
  console.error(`peer bench run ${i}/${runs} → ${file}`);
  const harnessArgs = [
    '--servers',
    'fastify,project',
    ...(quick ? ['--quick'] : []),
    ...(rounds ? ['--rounds', rounds] : []),
    '--out',
    file,
  ];
  // The harness prints its own Markdown on stdout: progress, as far as this script goes.
  run(process.execPath, [join(harness, 'run.mjs'), ...harnessArgs], { stdio: ['ignore', 2, 'inherit'] });
  files.push(file);
}

// Pooled as the harness's report.mjs pools runs, through its own summary, so the figures here are
// the ones `node <harness>/report.mjs <these files>` prints: every (run, round) is one pair with
// the raw sample of its own run and round, and the median is over clean pairs when there are any.
const { report } = await import(pathToFileURL(join(harness, 'lib', 'report.mjs')).href);
const loaded = files.map((f) => JSON.parse(readFileSync(f, 'utf8')));
const samples = loaded.flatMap((r) => r.samples.map((x) => Object.assign(x, { ref: r.samples[x.ref_index] ?? null })));
const first = loaded[0];
const serverNames = first.servers.map((s) => s.name).filter((name) => loaded.every((r) => r.servers.some((s) => s.name === name)));
const servers = serverNames.map((name) => ({ name, rss: loaded.map((r) => r.servers.find((s) => s.name === name).rss_mib) }));
const { summary } = report({
  env: first.env,
  servers,
  workloads: first.workloads,
  samples: samples.filter((x) => serverNames.includes(x.server)),
  pinned: first.env.pinning !== 'none',
  tool: first.env.tool,
  pairRaw: false,
});
if (!serverNames.includes('project') || !serverNames.includes('fastify'))
  throw new Error(`the harness ran ${serverNames.join(', ')}: site-rest or Fastify is missing`);

const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const f0 = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–');
const verdict = (ok) => (ok ? 'met' : '**missed**');
const rss = Object.fromEntries(servers.map((s) => [s.name, { runs: s.rss, median: median(s.rss) }]));

const lines = [
  '## Peer bench (issue 16)',
  '',
  `${loaded
    .map((r) => r.env.date.slice(0, 10))
    .filter((d, i, all) => all.indexOf(d) === i)
    .join(', ')}, Node ${first.env.node}, ` +
    `${first.env.cpus} × ${first.env.cpu}. ${runs} run${runs === 1 ? '' : 's'} of the peer bench × ${loaded.map((r) => r.env.rounds).join('+')} rounds` +
    `${quick ? ' (--quick: a smoke test, not a result)' : ''}; ${first.env.loadgen}, ${first.env.connections} connections, ` +
    `${first.env.warmup_s} s warm-up + ${first.env.duration_s} s per server and workload; pinning: ${first.env.pinning}; ` +
    `route table ${first.env.routes} routes (${first.env.registrations} registrations).`,
  '',
  '| workload | Fastify × raw | site-rest × raw | target | verdict | req/s raw / Fastify / site-rest |',
  '|---|--:|--:|---|---|--:|',
];
for (const w of first.workloads) {
  const [raw, fastify, project] = ['raw', 'fastify', 'project'].map((s) => summary[w.id][s]);
  const floor = FLOORS[w.id];
  lines.push(
    `| ${w.id} \`GET ${w.path}\` → ${w.expectStatus} | ${f2(fastify.ratio)} | **${f2(project.ratio)}** | ≥ Fastify, ≥ ${floor.toFixed(2)} | ` +
      `${verdict(project.ratio >= fastify.ratio && project.ratio >= floor)} | ${[raw, fastify, project].map((x) => f0(x.rps)).join(' / ')} |`,
  );
}
lines.push(
  `| server RSS after the run (MiB, median) | ${rss.fastify.median} | **${rss.project.median}** | ≤ Fastify | ${verdict(rss.project.median <= rss.fastify.median)} | |`,
  '',
);
for (const w of first.workloads) {
  lines.push(
    `**${w.id}, ${w.name}: \`GET ${w.path}\` → ${w.expectStatus}**`,
    '',
    '| server | × raw, pooled median (min–max) | clean pairs | req/s (median) | req per server CPU-s, × raw | p99 ms (median) | RSS after each run (MiB) |',
    '|---|--:|--:|--:|--:|--:|---|',
  );
  for (const s of servers) {
    const x = summary[w.id][s.name];
    const ratio = s.name === 'raw' ? '1.00' : `${f2(x.ratio)} (${f2(x.ratio_min)}–${f2(x.ratio_max)})`;
    const pairs = s.name === 'raw' ? '' : `${x.clean_pairs}/${x.pairs}`;
    const flags = (x.errors ? ` ⚠ ${x.errors} socket errors` : '') + (x.statusOk ? '' : ' ⚠ unexpected status');
    lines.push(
      `| ${NAMES[s.name] ?? s.name}${flags} | ${ratio} | ${pairs} | ${f0(x.rps)} | ${s.name === 'raw' ? '' : f2(x.eff_ratio)} | ${f2(x.p99_ms)} | ${s.rss.join(' / ')} |`,
    );
  }
  lines.push('');
}
lines.push(
  'Method: `node bench/peer.mjs --harness <copy of the peer bench>` runs the harness ' +
    `(\`run.mjs --servers fastify,project${quick ? ' --quick' : ''}${rounds ? ` --rounds ${rounds}` : ''}\`; ` +
    'its `project` server is this checkout, built, served by `site-rest/node`) once per run. ' +
    "Each round measures raw, Fastify and site-rest in turn per workload; a ratio is a server's req/s over raw's in the same run, round and workload. " +
    "Runs are pooled as the harness's `report.mjs` pools them: the median over every (run, round) pair whose two samples are clean " +
    '(the server saturated its core, little other load or steal), or over all pairs when none is. ' +
    "RSS is each server process's resident set at the end of a run; the target compares the medians over runs.",
);

if (args.includes('--profile')) {
  lines.push('', '### Where the time goes', '');
  const seconds = quick ? 2 : 6;
  lines.push(
    `Top frames by self time under \`--cpu-prof\`, one server process per workload loaded by wrk for ${seconds} s ` +
      `(\`node bench/peer-profile.mjs --harness <dir> --server project|fastify --seconds ${seconds} --top 10\`; site-rest is \`project\`).`,
  );
  for (const server of ['project', 'fastify']) {
    console.error(`profiling ${server}…`);
    const profileArgs = ['--harness', harness, '--server', server, '--seconds', String(seconds), '--top', '10'];
    const out = run(process.execPath, [join(root, 'bench', 'peer-profile.mjs'), ...profileArgs], { stdio: ['ignore', 'pipe', 'inherit'] });
    lines.push('', out.trim());
  }
}

writeSections({ 'peer-bench': lines.join('\n') });
console.log(lines.join('\n'));
console.error(
  `\nwrote the peer bench section of bench/RESULTS.md; runs kept in ${outDir} (node ${join(harness, 'report.mjs')} ${files.join(' ')})`,
);
