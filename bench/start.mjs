// Time to first answer of `npm start`: `node scripts/start.mjs serve` (what `npm start` runs, without
// npm's own start-up), after the build, its store in a new directory (`--data`, as a fresh clone's
// ./site-rest-data), then again on the directory a first start left (a kept store). From the moment the process is spawned,
// a new `GET /wp-json/` is sent every PROBE_EVERY_MS on a connection of its own: the time of the
// first 200 is the time to first answer; a request that got no answer by the end is one left
// hanging. Then where a start spends its time, step by step (bench/start-phases.mjs). Not part of the tests.
//
//   node bench/start.mjs [--runs 5] [--project DIR] [--write]
//
// `--project` measures another checkout (built, with its node_modules; the steps only for this
// checkout), to compare before and after a change; `--write` puts the tables in
// bench/RESULTS.md's `start-up` section.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeSections } from './results-file.mjs';
import { measurePhases } from './start-phases.mjs';
import { median } from './stats.mjs';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    project: { type: 'string', default: join(import.meta.dirname, '..') },
    write: { type: 'boolean', default: false },
  },
});
const RUNS = Number(flags.runs);
const PROJECT = resolve(flags.project);

/** How often a probe request leaves while the server starts. */
const PROBE_EVERY_MS = 25;
/** How long probing goes on after the first 200, so that requests held until then have their turn. */
const SETTLE_MS = 3_000;
/** How long the requests still under way when probing stops get to be answered before they count as left hanging. */
const DRAIN_MS = 5_000;
/** A start that has not answered 200 by then is reported as failed. */
const GIVE_UP_MS = 90_000;

/** A port nobody listens on now. */
async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * One probe: resolves with its status and when it arrived, `refused` when nothing listened yet,
 * or `hung` when it was still unanswered at `drained`.
 */
function probe(port, sentAt, drained) {
  return new Promise((done) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/wp-json/', agent: false }, (res) => {
      res.resume();
      res.on('end', () => done({ sentAt, status: res.statusCode, at: performance.now() }));
      res.on('error', () => done({ sentAt, status: 'reset', at: performance.now() }));
    });
    req.on('error', (error) => done({ sentAt, status: error.code === 'ECONNREFUSED' ? 'refused' : 'reset', at: performance.now() }));
    drained.then(() => {
      done({ sentAt, status: 'hung' });
      req.destroy();
    });
  });
}

/** Starts the server on `dataDir`, probes it until its first 200 and a while after, stops it; answers the timings (ms after the spawn). */
async function measureStart(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(PROJECT, 'scripts/start.mjs'), 'serve', '--port', String(port), '--data', dataDir], {
    cwd: PROJECT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printedAt = null;
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    if (printedAt === null && output.includes('serving ')) printedAt = performance.now() - started;
  });
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit');

  let endProbing;
  const stop = new Promise((resolveStop) => (endProbing = resolveStop));
  let endDrain;
  const drained = new Promise((resolveDrain) => (endDrain = resolveDrain));
  const probes = [];
  let firstOk = null;
  const giveUp = setTimeout(() => endProbing(), GIVE_UP_MS);
  void exited.then(endProbing);
  while (true) {
    const sent = probe(port, performance.now() - started, drained);
    probes.push(sent);
    void sent.then((result) => {
      if (result.status === 200 && firstOk === null) {
        firstOk = result.at - started;
        setTimeout(() => endProbing(), SETTLE_MS);
      }
    });
    const tick = await Promise.race([stop.then(() => 'stop'), new Promise((r) => setTimeout(r, PROBE_EVERY_MS, 'tick'))]);
    if (tick === 'stop') break;
  }
  clearTimeout(giveUp);
  const drainTimer = setTimeout(() => endDrain(), DRAIN_MS);
  const results = await Promise.all(probes);
  clearTimeout(drainTimer);
  endDrain();
  child.kill('SIGTERM');
  await exited;
  if (firstOk === null) throw new Error(`no 200 within ${GIVE_UP_MS / 1000} s; output:\n${output}`);
  const connected = results.filter((r) => r.status !== 'refused');
  return {
    firstAnswer: firstOk,
    printed: printedAt,
    connected: connected.length,
    hung: results.filter((r) => r.status === 'hung').length,
    other: connected.filter((r) => r.status !== 200 && r.status !== 'hung').length,
  };
}

/** `runs` starts on a new directory each, each followed by one on a kept directory. */
async function measure() {
  // After the build, as `npm start` on a fresh clone (whose `npm ci` built it): the starts measured never build.
  execFileSync(process.execPath, [join(PROJECT, 'scripts/build.mjs')], { stdio: 'inherit' });
  const rows = { fresh: [], kept: [] };
  const root = mkdtempSync(join(os.tmpdir(), 'site-rest-start-'));
  const keptDir = join(root, 'kept');
  try {
    await measureStart(keptDir);
    for (let run = 0; run < RUNS; run += 1) {
      const freshDir = join(root, `fresh-${run}`);
      rows.fresh.push(await measureStart(freshDir));
      rmSync(freshDir, { recursive: true, force: true });
      rows.kept.push(await measureStart(keptDir));
      process.stderr.write(
        `run ${run + 1}/${RUNS}: fresh ${rows.fresh.at(-1).firstAnswer.toFixed(0)} ms, kept ${rows.kept.at(-1).firstAnswer.toFixed(0)} ms\n`,
      );
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return rows;
}

const seconds = (ms) => (ms === null ? '–' : (ms / 1000).toFixed(2));

function report(rows) {
  const lines = [
    `Node ${process.version}, ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)} at the end, ${new Date().toISOString()}; ${RUNS} runs of each; project ${PROJECT === resolve(import.meta.dirname, '..') ? 'this checkout' : PROJECT}.`,
    '',
    '| store | first 200, s: median (each run) | URL printed, s (median) | requests sent while starting (median) | left hanging (total) | answered other than 200 (total) |',
    '|---|---|--:|--:|--:|--:|',
  ];
  for (const [name, runs] of Object.entries(rows)) {
    const first = runs.map((r) => r.firstAnswer);
    lines.push(
      `| ${name} | **${seconds(median(first))}** (${first.map(seconds).join(', ')}) | ${seconds(median(runs.map((r) => r.printed ?? Infinity)))} | ${median(runs.map((r) => r.connected))} | ${runs.reduce((s, r) => s + r.hung, 0)} | ${runs.reduce((s, r) => s + r.other, 0)} |`,
    );
  }
  return lines.join('\n');
}

const table = report(await measure());
process.stdout.write(`${table}\n\n`);
// The steps are this checkout's own: measured only when it is the project measured.
const steps = PROJECT === resolve(import.meta.dirname, '..') ? measurePhases(RUNS) : null;
if (steps) process.stdout.write(`${steps}\n`);
if (flags.write) {
  const stepsPart = steps ? `Where a start spends its time, each step in a fresh process (this checkout, built):\n\n${steps}\n\n` : '';
  writeSections({
    'start-up': `## Time to first answer of \`npm start\` (issue 26)\n\n${table}\n\n${stepsPart}Method: \`node bench/start.mjs --runs ${RUNS}\`.`,
  });
}
