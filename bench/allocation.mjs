// Bytes allocated per request by site-rest's core, in-process: the peer bench's four requests
// (resolve + handle on its route table, bench/peer-core.mjs) and the core/v2 posts page (handle(),
// bench/posts-page.mjs). `node bench/allocation.mjs [--requests 20000] [--top 12]` (after `npm run build`).
// V8's sampling heap profiler counts what is still alive and, with the two `includeObjectsCollected…`
// flags, what the garbage collector already took: every allocation, sampled once per 64 bytes on average.
// A sample is counted under the function that is on the stack: what V8 inlined into the measuring loop
// (`run` below) is counted under `run`, though the core allocated it.
import { Session } from 'node:inspector/promises';
import { isMain } from './child.mjs';
import { PEER_WORKLOADS, peerRequest, peerRestServer } from './peer-core.mjs';
import { POSTS_PAGE_PATH, postsPageRequest } from './posts-page.mjs';

const SAMPLING_INTERVAL = 64;

function sampledBytes(profile) {
  const byFunction = new Map();
  let total = 0;
  const walk = (node) => {
    total += node.selfSize;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^.*\/(node_modules|dist|bench)\//, '$1/')}:${lineNumber + 1}` : '(native)';
    const name = `${functionName || '(anonymous)'}  ${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
  return { total, byFunction };
}

/** Bytes per request of `request` (sync or async) over `count` requests, after as many warm-up ones; the `top` allocating functions. */
async function allocationOf(session, request, count, top) {
  // Awaiting a synchronous answer would allocate a promise the server never made.
  const run = async () => {
    for (let i = 0; i < count; i++) {
      const answer = request();
      if (answer instanceof Promise) await answer;
    }
  };
  await run();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: SAMPLING_INTERVAL,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await run();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  const { total, byFunction } = sampledBytes(profile);
  const functions = [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, bytes]) => ({ name, bytes: bytes / count }));
  return { bytes: total / count, functions };
}

/**
 * Bytes per request of the peer bench's four requests (`requests` each) and of the posts page (a
 * tenth as many: it allocates far more per request), with their top allocating functions.
 */
export async function measureAllocation({ requests = 20_000, top = 12 } = {}) {
  const session = new Session();
  session.connect();
  const rest = peerRestServer();
  const cases = [];
  for (const w of PEER_WORKLOADS)
    cases.push({ id: w.id, request: `GET ${w.path}`, ...(await allocationOf(session, peerRequest(rest, w.path), requests, top)) });
  const page = (await postsPageRequest()).handle;
  const pageRequests = Math.max(1, Math.round(requests / 10));
  cases.push({
    id: 'posts page (`handle()`, memory store)',
    request: `GET ${POSTS_PAGE_PATH}`,
    ...(await allocationOf(session, page, pageRequests, top)),
  });
  session.disconnect();
  return { samplingInterval: SAMPLING_INTERVAL, requests, cases };
}

if (isMain(import.meta.url)) {
  const option = (name, fallback) => {
    const at = process.argv.indexOf(`--${name}`);
    return at === -1 ? fallback : Number(process.argv[at + 1]);
  };
  const result = await measureAllocation({ requests: option('requests', 20_000), top: option('top', 12) });
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
  else {
    const bytes = (n) => Math.round(n).toLocaleString('en-US');
    for (const c of result.cases) {
      console.log(`\n${c.id}: ${c.request}: ${bytes(c.bytes)} bytes/request (sampled every ${result.samplingInterval} bytes)\n`);
      for (const f of c.functions) console.log(`${bytes(f.bytes).padStart(8)} B  ${f.name}`);
    }
  }
}
