// The real core/v2 posts page, in-process: `GET /core/v2/posts?per_page=10` on a memory store seeded
// with the demo's sample posts, through `inject` and through `handle()` (the server's own work, as
// an adapter calls it: no request building or answer decoding around it). `node bench/posts-page.mjs
// [--runs 5]` (after `npm run build`): each run in a fresh process, 2,000 warm-up requests then 5,000
// measured, each way; prints every run's µs/request, their medians and the answer's size. Issue 16's target: ≤ 75 µs.
import { corePosts, createRestServer, memoryStore, samplePosts, seedPosts } from '../dist/index.js';
import { isMain, runJsonChild } from './child.mjs';
import { median } from './stats.mjs';

export const POSTS_PAGE_PATH = '/core/v2/posts?per_page=10';
export const POSTS_PAGE_TARGET_US = 75;
const WARMUP = 2000;
const MEASURED = 5000;

/** Functions answering the posts page once, through `inject` and through `handle()`, on one fresh server and store. */
export async function postsPageRequest() {
  const store = memoryStore();
  await seedPosts(store, samplePosts());
  const rest = createRestServer({ site: { name: 'Example Site', url: 'http://127.0.0.1:8080' }, store, namespaces: [corePosts()] });
  const raw = { method: 'GET', url: `/wp-json${POSTS_PAGE_PATH}`, headers: { host: '127.0.0.1:8080' } };
  return { inject: () => rest.inject({ method: 'GET', path: POSTS_PAGE_PATH }), handle: () => rest.handle(raw) };
}

/** µs per request of `request`, after its warm-up. */
async function timed(request) {
  for (let i = 0; i < WARMUP; i++) await request();
  const started = process.hrtime.bigint();
  for (let i = 0; i < MEASURED; i++) await request();
  return Number(process.hrtime.bigint() - started) / 1000 / MEASURED;
}

async function oneRun() {
  const requests = await postsPageRequest();
  const answer = await requests.inject();
  const handled = await requests.handle();
  if (handled.body !== answer.body) throw new Error('handle() and inject answered the posts page differently');
  const handleUs = await timed(requests.handle);
  const us = await timed(requests.inject);
  return { us, handleUs, status: answer.status, bytes: Buffer.byteLength(answer.body), posts: answer.data.length };
}

/** `runs` runs, each in a fresh process: their µs/request, the median, and the answer's status, size and post count. */
export function measurePostsPage(runs = 5) {
  const results = Array.from({ length: runs }, () => runJsonChild(new URL(import.meta.url), ['--one']));
  return {
    ...results[0],
    runs: results.map((r) => r.us),
    us: median(results.map((r) => r.us)),
    handleRuns: results.map((r) => r.handleUs),
    handleUs: median(results.map((r) => r.handleUs)),
    warmup: WARMUP,
    measured: MEASURED,
  };
}

if (isMain(import.meta.url)) {
  if (process.argv.includes('--one')) console.log(JSON.stringify(await oneRun()));
  else {
    const at = process.argv.indexOf('--runs');
    const r = measurePostsPage(at === -1 ? 5 : Number(process.argv[at + 1]));
    console.log(
      `GET ${POSTS_PAGE_PATH} (memory store, sample posts) → ${r.status}, ${r.posts} posts, ${r.bytes} bytes: ` +
        `handle() ${r.handleRuns.map((us) => us.toFixed(1)).join(' / ')} µs/request, median ${r.handleUs.toFixed(1)}; ` +
        `inject ${r.runs.map((us) => us.toFixed(1)).join(' / ')}, median ${r.us.toFixed(1)} ` +
        `(target ≤ ${POSTS_PAGE_TARGET_US} µs)`,
    );
  }
}
