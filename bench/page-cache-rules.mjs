// What WP Super Cache's rejected URIs and user agents cost an anonymous page: CPU per request of a
// page served from the in-process page cache through the node adapter (Node's own HTTP parser and
// writer, over bench/socket-cpu.mjs's in-memory socket), with the default lists, lists at the
// caps `POST /settings` keeps (1,000 entries of 255 characters each), lists built to be the
// matcher's worst case at the caps, and the 55,000 URIs issue 26 measured (refused at write time
// now, but a list stored before the caps still works). `first request CPU ms` is the first
// request's, which compiles the lists (once per settings change and process).
// `node bench/page-cache-rules.mjs [--runs 3] [--requests 20000] [--project <built checkout>]`
// (after `npm run build`); `--project` measures another checkout, so a change can be set beside
// the code before it. Each run in a fresh process; the least of the runs is reported. Not part of the tests.
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMain, optionIn, runPinnedJsonChild } from './child.mjs';
import { cpuPerRequest } from './socket-cpu.mjs';

const CAP = { entries: 1000, length: 255 };
const DEFAULT_URIS = ['wp-.*\\.php', 'index\\.php'];
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const POST_PATH = '/2024/05/hello-world/';
const LONG_PATH = `/${'ab/'.repeat(666)}`;

/** A deterministic pseudo-random text of `length` characters of `alphabet` (xorshift32), so every run measures the same lists. */
function texts(count, length, alphabet, seed) {
  let state = seed;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % alphabet.length;
  };
  return Array.from({ length: count }, () => Array.from({ length }, () => alphabet[next()]).join(''));
}

/** At the caps: path-like entries, one in twenty with a `.*` inside, and user-agent tokens. */
const capUris = texts(CAP.entries, CAP.length, 'abcdefghijklmnopqrstuvwxyz0123456789-/', 1).map((entry, i) =>
  i % 20 === 0 ? `${entry.slice(0, 120)}.*${entry.slice(122)}` : entry,
);
const capAgents = texts(CAP.entries, CAP.length, 'abcdefghijklmnopqrstuvwxyz ', 2);

/**
 * The matcher's worst case at the caps: `.*` entries whose pieces are suffixes of one another
 * (`a.*z`, `aa.*z`, … up to the length cap) and entries waiting for a piece that never comes, so a
 * URL of `a`s finds a piece at every character and keeps a state waiting throughout.
 */
const nestedUris = [
  ...Array.from({ length: CAP.length - 2 }, (_, k) => `${'a'.repeat(k + 1)}.*z`),
  ...Array.from({ length: CAP.length - 3 }, (_, k) => `/.*${'a'.repeat(k + 1)}.*q`),
  '/.*never',
];

/** At the caps, every entry a pattern whose groups of plain alternatives are spelt out into the most variants read (8). */
const groupedUris = texts(CAP.entries, CAP.length - 24, 'abcdefghijklmnopqrstuvwxyz0123456789-/', 4).map(
  (entry, i) => `/(a${i % 10}|b)(cc|dd)(ee|ff)${entry}`,
);

const CASES = [
  { name: 'default lists', uris: DEFAULT_URIS, agents: [], path: POST_PATH },
  { name: 'default lists, 2,000-character URL', uris: DEFAULT_URIS, agents: [], path: LONG_PATH },
  { name: `at the caps (${CAP.entries} URIs, ${CAP.entries} user agents)`, uris: capUris, agents: capAgents, path: POST_PATH },
  { name: 'at the caps, 2,000-character URL', uris: capUris, agents: capAgents, path: LONG_PATH },
  { name: 'worst case at the caps: nested `.*` pieces, 2,000 `a`s', uris: nestedUris, agents: [], path: `/${'a'.repeat(2000)}` },
  { name: 'at the caps, groups spelt out into 8 patterns an entry', uris: groupedUris, agents: [], path: LONG_PATH },
  {
    name: 'stored before the caps: 55,000 URIs',
    uris: texts(55_000, 20, 'abcdefghijklmnopqrstuvwxyz0123456789-/', 3),
    agents: [],
    path: POST_PATH,
  },
];

/** One case in this process: the first request's CPU time, then CPU µs per page served from the cache. */
async function measure(caseIndex, requests, project) {
  const lib = await import(pathToFileURL(resolve(project, 'dist', 'index.js')).href);
  const { createNodeHandler } = await import(pathToFileURL(resolve(project, 'dist', 'adapters', 'node.js')).href);
  const { uris, agents, path } = CASES[caseIndex];
  const rules = {
    enabled: true,
    maxAgeSeconds: 0,
    rejectedUris: uris,
    rejectedUserAgents: agents,
    bypassLoggedIn: true,
    noCacheForQuery: false,
  };
  const store = lib.memoryStore();
  const rest = lib.createRestServer({ site: { name: 'Bench', url: 'http://127.0.0.1:18402' }, store, onError: () => {} });
  const page = `<!doctype html><html><body>${'Hello, world. '.repeat(200)}</body></html>`;
  const handler = createNodeHandler(rest, { pageCache: lib.inProcessPageCache(store, async () => rules) });
  const serve = (req, res) =>
    handler(req, res, () => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=UTF-8' });
      res.end(page);
    });
  const agent = `User-Agent: ${BROWSER}\r\n`;
  const started = process.cpuUsage();
  await cpuPerRequest(serve, path, 1, agent);
  const spent = process.cpuUsage(started);
  const firstMs = (spent.user + spent.system) / 1000;
  // About a second of CPU for a slow case (a scan of 55,000 entries), `requests` at most.
  const probe = await cpuPerRequest(serve, path, 20, agent);
  const count = Math.max(50, Math.min(requests, Math.round(1_000_000 / probe.us)));
  const { us } = await cpuPerRequest(serve, path, count, agent);
  return { firstMs, us, requests: count };
}

/** Every case, `runs` fresh processes each, on the build in `project`. */
export function measurePageCacheRules({ runs = 3, requests = 20_000, project = fileURLToPath(new URL('..', import.meta.url)) } = {}) {
  return CASES.map((entry, index) => {
    const args = ['--one', String(index), String(requests), project];
    const samples = Array.from({ length: runs }, () => runPinnedJsonChild(new URL(import.meta.url), args));
    return {
      name: entry.name,
      us: Math.min(...samples.map((s) => s.us)),
      runs: samples.map((s) => s.us),
      requests: samples[0].requests,
      firstMs: Math.min(...samples.map((s) => s.firstMs)),
    };
  });
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => optionIn(args, name, fallback);
  if (args[0] === '--one') {
    const [, index, requests, project] = args;
    console.log(JSON.stringify(await measure(Number(index), Number(requests), project)));
  } else {
    const rows = measurePageCacheRules({
      runs: Number(option('runs', 3)),
      requests: Number(option('requests', 20_000)),
      project: resolve(option('project', fileURLToPath(new URL('..', import.meta.url)))),
    });
    console.log(
      '| rejected lists | CPU µs per cached page (least of runs) | each run | requests a run | first request CPU ms |\n|---|--:|---|--:|--:|',
    );
    for (const r of rows)
      console.log(
        `| ${r.name} | ${r.us.toFixed(2)} | ${r.runs.map((u) => u.toFixed(2)).join(' / ')} | ${r.requests} | ${r.firstMs.toFixed(1)} |`,
      );
  }
}
