// Issue 30's speed target, in-process: `GET site-insights/v1/modules/analytics-4/data/report` answered
// by the module data route from the `google` service's recorded answer, against the peer bench's
// echo of that route (W2 of `bench/peer-core.mjs`: the same path on a table of every route, the
// handler echoing its params), both through `inject`. `node bench/site-insights-report.mjs [--runs 5]`
// (after `npm run build`): each run in a fresh process, 20,000 warm-up requests then 20,000 measured
// of each in alternating slices; prints every run's µs/request and the median ratio. Target: ≤ 2×.
// The warm-up is long because V8 optimizes the report's longer path late: after 2,000 requests it
// still ran at twice its settled cost (28 µs against 14), while the echo had settled.
import { readFileSync } from 'node:fs';
import { createRestServer, memoryStore, siteInsights } from '../dist/index.js';
import { isMain, runJsonChild } from './child.mjs';
import { PEER_WORKLOADS, peerRestServer } from './peer-core.mjs';
import { median } from './stats.mjs';

export const REPORT_PATH = '/site-insights/v1/modules/analytics-4/data/report';
export const REPORT_TARGET = 2;
const WARMUP = 20_000;
const MEASURED = 20_000;
const SLICE = 250;
const ADMIN = { id: 1, username: 'admin', can: (cap) => cap === 'manage_options' || cap === 'edit_posts' };

/** The answer the `google` double gives this request: the packaged recording for an Analytics report without dimensions. */
const RECORDED = JSON.parse(
  readFileSync(new URL('../fixtures/site-insights/google/analytics-4-4-report.json', import.meta.url), 'utf8'),
).answer;

/** A site set up as `serve --fixtures` leaves it: Site Kit set up, the admin signed in, Analytics active and owned by them. */
async function reportServer() {
  const store = memoryStore();
  await store.users.insert({ user_login: 'admin', roles: ['administrator'] });
  await store.options.set('googlesitekit_credentials', { oauth2_client_id: 'client', oauth2_client_secret: 'secret' });
  await store.userMeta.update(1, 'googlesitekit_access_token', 'token');
  await store.userMeta.update(1, 'googlesitekit_site_verified_meta', 'verified');
  await store.options.set('googlesitekit_active_modules', ['pagespeed-insights', 'analytics-4']);
  await store.options.set('googlesitekit_analytics-4_settings', {
    ownerID: 1,
    accountID: '1',
    propertyID: '2',
    webDataStreamID: '3',
    measurementID: 'G-4',
  });
  const google = { request: () => RECORDED };
  return createRestServer({ site: { name: 'bench', url: 'http://127.0.0.1' }, store, namespaces: [siteInsights({ google })] });
}

/**
 * µs per request of each of `requests`, after their warm-up, measured in alternating slices of
 * {@link SLICE} requests: on a machine shared with other work, a load that comes and goes weighs
 * on both sides alike instead of on whichever ran second.
 */
async function interleaved(requests) {
  for (const request of requests) for (let i = 0; i < WARMUP; i++) await request();
  const spent = requests.map(() => 0n);
  for (let done = 0; done < MEASURED; done += SLICE) {
    for (const [k, request] of requests.entries()) {
      const started = process.hrtime.bigint();
      for (let i = 0; i < SLICE; i++) await request();
      spent[k] += process.hrtime.bigint() - started;
    }
  }
  return spent.map((ns) => Number(ns) / 1000 / MEASURED);
}

async function oneRun() {
  const echo = peerRestServer();
  const echoPath = PEER_WORKLOADS.find((w) => w.id === 'W2').path.replace('/wp-json', '');
  if (echoPath !== REPORT_PATH) throw new Error(`the peer bench's W2 is ${echoPath}, not ${REPORT_PATH}`);
  const site = await reportServer();
  const echoRequest = () => echo.inject({ method: 'GET', path: REPORT_PATH });
  const reportRequest = () => site.inject({ method: 'GET', path: REPORT_PATH, user: ADMIN });
  const [echoed, report] = [await echoRequest(), await reportRequest()];
  if (echoed.status !== 200 || report.status !== 200 || report.data.rowCount !== 2) {
    throw new Error(`answered ${echoed.status} / ${report.status} ${report.body.slice(0, 200)}`);
  }
  const [echoUs, reportUs] = await interleaved([echoRequest, reportRequest]);
  return { echoUs, reportUs, ratio: reportUs / echoUs, bytes: Buffer.byteLength(report.body), echoBytes: Buffer.byteLength(echoed.body) };
}

/** `runs` runs, each in a fresh process: µs/request of each side, the ratios and their median. */
export function measureSiteInsightsReport(runs = 5) {
  const results = Array.from({ length: runs }, () => runJsonChild(new URL(import.meta.url), ['--one']));
  return {
    runs: results,
    echoUs: median(results.map((r) => r.echoUs)),
    reportUs: median(results.map((r) => r.reportUs)),
    ratio: median(results.map((r) => r.ratio)),
    bytes: results[0].bytes,
    echoBytes: results[0].echoBytes,
    warmup: WARMUP,
    measured: MEASURED,
  };
}

/** The section of bench/RESULTS.md. */
export function siteInsightsReportSection(r, facts) {
  const met = r.ratio <= REPORT_TARGET ? 'met' : '**missed**';
  return [
    "## Site Kit's Analytics report from the recorded double vs the echo, in-process (issue 30)",
    '',
    `${facts}.`,
    '',
    '| request | answer bytes | µs/request, each run | median |',
    '|---|--:|---|--:|',
    `| echo of \`GET ${REPORT_PATH}\` (peer bench W2) | ${r.echoBytes} | ${r.runs.map((x) => x.echoUs.toFixed(1)).join(' / ')} | ${r.echoUs.toFixed(1)} |`,
    `| \`GET ${REPORT_PATH}\` as the signed-in admin, the google double answering | ${r.bytes} | ${r.runs.map((x) => x.reportUs.toFixed(1)).join(' / ')} | ${r.reportUs.toFixed(1)} |`,
    '',
    `Ratio (median of each run's ratio): **${r.ratio.toFixed(2)}×** (target ≤ ${REPORT_TARGET}×: ${met}).`,
    '',
    "Method: `bench/site-insights-report.mjs` (runnable alone): both through `inject` in one process, the echo on the peer bench's table of every route (`bench/peer-core.mjs`), " +
      'the report on `site-insights/v1` alone over a memory store set up as `serve --fixtures` leaves it (Site Kit set up, the admin signed in with Google and verified, Analytics active and owned by them), ' +
      "the `google` callback answering the packaged recording `fixtures/site-insights/google/analytics-4-4-report.json`. The report's own cost is the route's: Site Kit's permission facts (the set-up, sign-in, verification, sharing and dismissed-items reads), " +
      `the module's active state and owner, the service call within its deadline and size cap, and the report's JSON. ${r.warmup} warm-up then ${r.measured} measured requests of each, in each of ${r.runs.length} fresh processes.`,
  ].join('\n');
}

if (isMain(import.meta.url)) {
  if (process.argv.includes('--one')) console.log(JSON.stringify(await oneRun()));
  else {
    const at = process.argv.indexOf('--runs');
    const r = measureSiteInsightsReport(at === -1 ? 5 : Number(process.argv[at + 1]));
    console.log(
      `echo ${r.runs.map((x) => x.echoUs.toFixed(1)).join(' / ')} µs, report ${r.runs.map((x) => x.reportUs.toFixed(1)).join(' / ')} µs: ` +
        `ratio ${r.ratio.toFixed(2)}× (target ≤ ${REPORT_TARGET}×)`,
    );
  }
}
