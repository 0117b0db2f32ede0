// site-rest's core as the peer bench's `project` server builds it (its servers/project.mjs), for the
// in-process scripts (allocation.mjs, interleave.mjs): the variant-B and common routes of
// routes.json mounted from data with `modulesFromIndex`, `GET /core/v2/posts` paging 100 posts,
// every other route answering an echo. No socket: each request is `resolve` then `handle`.
import * as built from '../dist/index.js';
import { SPEC } from './fixture.mjs';

/** The peer bench's four requests (its lib/workloads.mjs). */
export const PEER_WORKLOADS = [
  { id: 'W1', name: 'posts list (valid query)', path: '/wp-json/core/v2/posts?per_page=10&page=1', status: 200 },
  { id: 'W2', name: 'late route with path variables', path: '/wp-json/site-insights/v1/modules/analytics-4/data/report', status: 200 },
  { id: 'W3', name: 'posts validation failure (per_page=0)', path: '/wp-json/core/v2/posts?per_page=0', status: 400 },
  { id: 'W4', name: 'no such route (404)', path: '/wp-json/no/such/route', status: 404 },
];

// The posts and the paging below are copied from the peer bench's lib/common.mjs (`makePost`,
// `listPosts`), so W1 answers the same 5,011 bytes there and here.
function makePost(i) {
  const id = 1000 + i;
  const slug = `benchmark-post-${i}`;
  const date = new Date(Date.UTC(2024, 0, 1, 12, 0, 0) - i * 3600_000).toISOString().slice(0, 19);
  return {
    id,
    date,
    slug,
    status: 'publish',
    title: { rendered: `Benchmark post number ${i}` },
    content: {
      rendered:
        `<p>This is the body of benchmark post ${i}. It has a couple of sentences so that the payload is not trivially small, ` +
        `roughly what a short WordPress post looks like once rendered.</p>\n<p>Second paragraph of post ${i}.</p>\n`,
    },
    excerpt: { rendered: `<p>Excerpt of benchmark post ${i}&hellip;</p>\n` },
    author: 1 + (i % 3),
    link: `http://127.0.0.1/${slug}/`,
  };
}
const POSTS = Array.from({ length: 100 }, (_, i) => makePost(i));

/** The posts list handler, answering through `respond` of the build it is mounted on. */
const postsHandler = (respond) => (request) => {
  const { page, per_page: perPage, search } = request.params;
  const found = search ? POSTS.filter((p) => p.title.rendered.toLowerCase().includes(search.toLowerCase())) : POSTS;
  const totalPages = Math.ceil(found.length / perPage);
  if (page > totalPages && found.length > 0) {
    const message = 'The page number requested is larger than the number of pages available.';
    return respond({ code: 'rest_post_invalid_page_number', message, data: { status: 400 } }, 400);
  }
  const start = (page - 1) * perPage;
  return respond(found.slice(start, start + perPage), 200, { 'X-WP-Total': found.length, 'X-WP-TotalPages': totalPages });
};

const echo = (request) => ({
  namespace: request.matchedRoute.split('/')[1],
  route: request.matchedRoute,
  method: request.method,
  params: request.params,
});

/** The core of the peer bench's `project` server, on the route table copied into test/fixtures; `lib` is a build of site-rest (this checkout's by default). */
export function peerRestServer(lib = built) {
  const selected = SPEC.routes.filter((r) => r.namespace && (!Array.isArray(r.variants) || r.variants.includes('B')));
  const index = Object.fromEntries(selected.map((r) => [r.route, { namespace: r.namespace, endpoints: r.endpoints }]));
  const posts = postsHandler(lib.respond);
  return lib.createRestServer({
    site: { name: 'bench', url: 'http://127.0.0.1' },
    namespaces: lib.modulesFromIndex(index, {
      handlerFor: (route, methods) => (route === '/core/v2/posts' && methods.includes('GET') ? posts : echo),
    }),
  });
}

/** A function answering one request for `path` through `resolve` and `handle`, as the node adapter does. */
export function peerRequest(rest, path) {
  const raw = {
    method: 'GET',
    url: path,
    headers: { host: '127.0.0.1:18402', 'user-agent': 'wrk' },
    remoteAddress: '127.0.0.1',
    secure: false,
  };
  return () => rest.handle(raw, rest.resolve(path));
}
