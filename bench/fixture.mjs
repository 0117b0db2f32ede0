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

/** The post both headless bench cases read: core/v2's `GET /posts/{id}` and seo-a/v1's. */
export const SEO_POST_ID = 1;

/** Stores the headless bench's post (id {@link SEO_POST_ID}) with its SEOPress meta, and SEOPress's titles and social options. */
export async function seedSeoPost(store) {
  const paragraph = 'Welcome to WordPress. This is a post about nothing in particular, long enough to be a page. ';
  await store.posts.insert({
    ID: SEO_POST_ID,
    post_title: 'Hello headless SEO',
    post_name: 'hello-headless-seo',
    post_status: 'publish',
    post_author: 1,
    post_content: `<!-- wp:paragraph -->\n<p>${paragraph.repeat(20)}</p>\n<!-- /wp:paragraph -->`,
    post_excerpt: 'A post to measure headless SEO data with.',
  });
  await store.postMeta.update(SEO_POST_ID, '_seopress_titles_desc', '%%post_excerpt%% %%sep%% %%sitetitle%%');
  await store.postMeta.update(SEO_POST_ID, '_seopress_social_fb_title', '%%post_title%% on %%sitetitle%%');
  await store.postMeta.update(SEO_POST_ID, '_seopress_analysis_target_kw', 'headless,seo');
  await store.options.set('seopress_titles_option_name', {
    seopress_titles_sep: '|',
    seopress_titles_single_titles: { post: { title: '%%post_title%% %%sep%% %%sitetitle%%', description: '%%post_excerpt%%' } },
  });
  await store.options.set('seopress_social_option_name', { seopress_social_facebook_og: '1', seopress_social_twitter_card: '1' });
}
