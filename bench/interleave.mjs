// Does a request cost more when other kinds of request run between its repeats? In-process µs per
// request of the peer bench's four requests (resolve + handle, bench/peer-core.mjs), measured three
// ways, each run in a fresh process:
//   alone       one request, repeated (one process per request)
//   alternating the four in turn, request by request
//   blocks      the four in turn, in blocks of 1,000 of the same request
// Every request is timed on its own (performance.now() around it) in all three, so the timer's cost
// is the same everywhere. `node bench/interleave.mjs [--runs 5] [--requests 50000] [--warmup 20000]`
// (after `npm run build`): per run, `--warmup` of each request sent in the mode's order, then
// `--requests` of each measured; the median of the runs is reported.
import { isMain, runJsonChild } from './child.mjs';
import { PEER_WORKLOADS, peerRequest, peerRestServer } from './peer-core.mjs';
import { median } from './stats.mjs';

const BLOCK = 1000;

/** The order the requests are sent in: indexes into `requests`, `count` of each. */
function schedule(mode, requests, count) {
  if (mode === 'alternating') return Array.from({ length: count * requests }, (_, i) => i % requests);
  if (mode === 'blocks') return Array.from({ length: count * requests }, (_, i) => Math.floor(i / BLOCK) % requests);
  return new Array(count).fill(0);
}

/** One run in this process: µs per request of each workload in `ids`, sent in `mode`'s order. */
async function oneRun(mode, ids, count, warmup) {
  const rest = peerRestServer();
  const requests = ids.map((id) => peerRequest(rest, PEER_WORKLOADS.find((w) => w.id === id).path));
  const spent = new Float64Array(requests.length);
  const pass = async (order, timed) => {
    for (const k of order) {
      const started = performance.now();
      const answer = requests[k]();
      if (answer instanceof Promise) await answer;
      if (timed) spent[k] += performance.now() - started;
    }
  };
  await pass(schedule(mode, requests.length, warmup), false);
  await pass(schedule(mode, requests.length, count), true);
  return Object.fromEntries(ids.map((id, k) => [id, (spent[k] * 1000) / count]));
}

const MODES = [
  ...PEER_WORKLOADS.map((w) => ({ label: `alone (${w.id})`, mode: 'alone', ids: [w.id] })),
  { label: 'alternating', mode: 'alternating', ids: PEER_WORKLOADS.map((w) => w.id) },
  { label: `blocks of ${BLOCK.toLocaleString('en-US')}`, mode: 'blocks', ids: PEER_WORKLOADS.map((w) => w.id) },
];

/** `runs` rounds of every mode, modes interleaved within a round; µs/request per mode and workload, every run and the median. */
export function measureInterleaving({ runs = 5, requests = 50_000, warmup = 20_000 } = {}) {
  const samples = new Map(); // "mode workload" → µs per run
  for (let run = 1; run <= runs; run++) {
    for (const m of MODES) {
      const result = runJsonChild(new URL(import.meta.url), ['--one', m.mode, m.ids.join(','), String(requests), String(warmup)]);
      for (const [id, us] of Object.entries(result)) {
        const key = `${m.mode} ${id}`;
        samples.set(key, [...(samples.get(key) ?? []), us]);
      }
      console.error(
        `run ${run}/${runs} ${m.label}: ${Object.entries(result)
          .map(([id, us]) => `${id} ${us.toFixed(2)} µs`)
          .join(', ')}`,
      );
    }
  }
  return PEER_WORKLOADS.map((w) => ({
    id: w.id,
    path: w.path,
    ...Object.fromEntries(
      ['alone', 'alternating', 'blocks'].map((mode) => [
        mode,
        { runs: samples.get(`${mode} ${w.id}`), us: median(samples.get(`${mode} ${w.id}`)) },
      ]),
    ),
  }));
}

if (isMain(import.meta.url)) {
  const [, , first, mode, ids, count, warmup] = process.argv;
  if (first === '--one') console.log(JSON.stringify(await oneRun(mode, ids.split(','), Number(count), Number(warmup))));
  else {
    const option = (name, fallback) => {
      const at = process.argv.indexOf(`--${name}`);
      return at === -1 ? fallback : Number(process.argv[at + 1]);
    };
    const runs = option('runs', 5);
    const requests = option('requests', 50_000);
    const warmup = option('warmup', 20_000);
    const rows = measureInterleaving({ runs, requests, warmup });
    const us = (x) => x.us.toFixed(2);
    console.log(
      `\nµs per request, in-process (resolve + handle), median of ${runs} runs, ${requests.toLocaleString('en-US')} requests of each after ${warmup.toLocaleString('en-US')} warm-up ones:\n`,
    );
    console.log(`| request | alone | alternating | alternating − alone | blocks of ${BLOCK.toLocaleString('en-US')} | blocks − alone |`);
    console.log('|---|--:|--:|--:|--:|--:|');
    for (const r of rows) {
      console.log(
        `| ${r.id} \`GET ${r.path}\` | ${us(r.alone)} | ${us(r.alternating)} | ${(r.alternating.us - r.alone.us).toFixed(2)} | ` +
          `${us(r.blocks)} | ${(r.blocks.us - r.alone.us).toFixed(2)} |`,
      );
    }
    console.log('\nEvery run (µs/request):\n');
    for (const r of rows) {
      const list = (x) => x.runs.map((v) => v.toFixed(2)).join(' / ');
      console.log(`- ${r.id}: alone ${list(r.alone)}; alternating ${list(r.alternating)}; blocks ${list(r.blocks)}`);
    }
  }
}
