// Shared bench data: the fixed JSON answer, routes.json, and routes.json turned into namespace
// modules by the built package's modulesFromIndex (bench/ does not import from test/).
import { readFileSync } from 'node:fs';
import { modulesFromIndex } from '../dist/index.js';

export const SPEC = JSON.parse(readFileSync(new URL('../test/fixtures/routes.json', import.meta.url), 'utf8'));
export const SITE = SPEC.variants.A.site;

/** What `GET /core/v2/posts` answers, as data (site-rest) and as text (the raw server). */
export const POSTS = [1, 2, 3].map((id) => ({
  id,
  date: `2024-05-0${id}T10:00:00`,
  date_gmt: `2024-05-0${id}T10:00:00`,
  modified: `2024-05-0${id}T12:30:00`,
  slug: `hello-world-${id}`,
  status: 'publish',
  type: 'post',
  link: `${SITE.url}/?p=${id}`,
  title: { rendered: `Hello world ${id}` },
  excerpt: { rendered: '<p>Welcome to WordPress. This is a post about nothing in particular.</p>\n', protected: false },
  author: 1,
  categories: [1],
  tags: [],
}));
export const POSTS_JSON = JSON.stringify(POSTS);

/** The bench's two requests: the posts collection with valid query args, and with invalid ones. */
export const VALID_URL = '/wp-json/core/v2/posts?page=2&per_page=20&context=view&search=hello';
export const FAILURE_URL = '/wp-json/core/v2/posts?per_page=500&page=0';
export const BENCH_URLS = [VALID_URL, FAILURE_URL];

const echo = (request) => ({ route: request.route, method: request.method, params: request.params });

/**
 * Namespace modules for a list of spec routes, in order (see `modulesFromIndex`): `rename` maps a
 * namespace to the one to mount it under; `handlerFor(route, methods)` picks each handler.
 */
export function specModules(routes, options = {}) {
  return modulesFromIndex(Object.fromEntries(routes.map((route) => [route.route, route])), options);
}

/** Every spec route mounted, `GET /core/v2/posts` answering {@link POSTS}, the rest echoing. */
export function benchModules() {
  return specModules(SPEC.routes, {
    handlerFor: (route, methods) => (route === '/core/v2/posts' && methods.includes('GET') ? () => POSTS : echo),
  });
}
