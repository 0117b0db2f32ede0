// Site Kit 1.184's entity search (`REST_Entity_Search_Controller`): a URL of the site answers the
// entity it addresses (`Context::get_reference_entity_from_url`, `Entity_Factory::from_wp_query`),
// any other text the published posts `WP_Query` finds for it, each as `{id, title, url, type}`.
import { isUrl } from '../../../core/php/filter-url.js';
import { phpRawUrlDecode, phpUrlDecode } from '../../../core/php/query.js';
import type { PostRow, TermRow } from '../../../store/types.js';
import { contentTypes, permalinkOf } from '../../content-types.js';
import type { Handlers } from '../../define.js';
import { entityAddress, type EntityAddress } from '../entity-url.js';
import type { siteInsightsSearchRoutes } from '../routes/search.js';
import type { SiteInsightsBound } from '../settings.js';
import type { SiteInsightsStorage } from '../storage.js';

/** One entity as the search answers it. */
interface Entity {
  id: number;
  title: string;
  url: string;
  type: 'post' | 'blog' | 'term' | 'user';
}

/** How many posts a text search answers (`posts_per_page`). */
const RESULTS = 10;
/**
 * The longest query read: longer text is answered `[]` without a search, so the work a request
 * costs stays bounded (WordPress would search it; no title or permalink is that long).
 */
const MAX_QUERY = 2048;
/** The most ancestors followed up a page's parents (a loop in the data ends there too). */
const MAX_DEPTH = 32;

/** WordPress's own post types and taxonomies: which posts are viewable, and their permalinks. */
const TYPES = contentTypes('siteInsights');
/** The post types whose posts Site Kit's entities may be (`is_post_type_viewable`). */
const VIEWABLE = new Set(['post', 'page']);

/** `get_the_archive_title`'s names of the post format archives. */
const FORMAT_TITLES: Readonly<Record<string, string>> = {
  'post-format-aside': 'Asides',
  'post-format-gallery': 'Galleries',
  'post-format-image': 'Images',
  'post-format-video': 'Videos',
  'post-format-quote': 'Quotes',
  'post-format-link': 'Links',
  'post-format-status': 'Statuses',
  'post-format-audio': 'Audio',
  'post-format-chat': 'Chats',
};

/** The site's front page settings, read as `get_permalink` and `WP_Query` read them. */
interface Front {
  home: string;
  show_on_front: string;
  page_on_front: number;
  page_for_posts: number;
}

async function frontOf(storage: SiteInsightsBound, home: string): Promise<Front> {
  const [show, onFront, forPosts] = await Promise.all([
    storage.getOption('show_on_front'),
    storage.getOption('page_on_front'),
    storage.getOption('page_for_posts'),
  ]);
  return {
    home,
    show_on_front: show === 'page' ? 'page' : 'posts',
    page_on_front: Number(onFront) || 0,
    page_for_posts: Number(forPosts) || 0,
  };
}

/** The slugs of a post's ancestors, root first (`get_post_ancestors`). */
async function ancestorSlugs(storage: SiteInsightsBound, post: PostRow): Promise<string[]> {
  const slugs: string[] = [];
  const seen = new Set([post.ID]);
  for (let parent = post.post_parent; parent > 0 && !seen.has(parent) && slugs.length < MAX_DEPTH;) {
    seen.add(parent);
    const row = await storage.getPost(parent);
    if (row === null) break;
    slugs.unshift(row.post_name);
    parent = row.post_parent;
  }
  return slugs;
}

/** `get_permalink` of a post. */
async function permalinkOfPost(storage: SiteInsightsBound, post: PostRow, front: Front): Promise<string> {
  const ancestors = post.post_type === 'page' ? await ancestorSlugs(storage, post) : [];
  return permalinkOf(post, TYPES, ancestors, front);
}

/** `Entity_Factory::create_entity_for_post`: the post's title as stored and its permalink URL-decoded. */
async function postEntity(storage: SiteInsightsBound, post: PostRow, front: Front): Promise<Entity> {
  return { id: post.ID, title: post.post_title, url: phpUrlDecode(await permalinkOfPost(storage, post, front)), type: 'post' };
}

/**
 * A singular post as `from_wp_query` makes it: public only (published, of a viewable type), the
 * posts page as the blog (`create_entity_for_posts_blog`, its permalink as it is).
 */
async function singularEntity(storage: SiteInsightsBound, post: PostRow | null, front: Front): Promise<Entity | null> {
  if (post === null || post.post_status !== 'publish' || !VIEWABLE.has(post.post_type)) return null;
  if (front.show_on_front === 'page' && post.ID === front.page_for_posts)
    return { id: post.ID, title: post.post_title, url: await permalinkOfPost(storage, post, front), type: 'blog' };
  return postEntity(storage, post, front);
}

/** `get_page_by_path`: the published page whose ancestors' slugs and own slug are `segments`. */
async function pageByPath(storage: SiteInsightsBound, segments: readonly string[]): Promise<PostRow | null> {
  if (segments.length > MAX_DEPTH) return null;
  const parents = segments.slice(0, -1).join('/');
  for (const page of await storage.publishedBySlug(segments.at(-1)!, ['page']))
    if ((await ancestorSlugs(storage, page)).join('/') === parents) return page;
  return null;
}

/** `get_term_link`: the taxonomy's base, the ancestors' slugs and the term's (a post format's without `post-format-`). */
async function termLink(storage: SiteInsightsBound, term: TermRow, home: string): Promise<string> {
  if (term.taxonomy === 'post_format') return `${home}/type/${term.slug.replace(/^post-format-/, '')}/`;
  if (term.taxonomy === 'post_tag') return `${home}/tag/${term.slug}/`;
  const slugs = [term.slug];
  const seen = new Set([term.term_id]);
  for (let parent = term.parent; parent > 0 && !seen.has(parent) && slugs.length <= MAX_DEPTH;) {
    seen.add(parent);
    const row = await storage.getTerm(parent);
    if (row === null) break;
    slugs.unshift(row.slug);
    parent = row.parent;
  }
  return `${home}/category/${slugs.join('/')}/`;
}

/** `create_entity_for_term`: its archive title as `get_the_archive_title` writes it. */
async function termEntity(storage: SiteInsightsBound, term: TermRow, home: string): Promise<Entity> {
  const title =
    term.taxonomy === 'category'
      ? `Category: ${term.name}`
      : term.taxonomy === 'post_tag'
        ? `Tag: ${term.name}`
        : (FORMAT_TITLES[term.slug] ?? term.name);
  return { id: term.term_id, title, url: await termLink(storage, term, home), type: 'term' };
}

/** The entity at an address, or null where Site Kit finds none with an id. */
async function entityAt(storage: SiteInsightsBound, address: EntityAddress, front: Front): Promise<Entity | null> {
  switch (address.kind) {
    case 'front':
      // The latest posts on the front page are the front blog, which has no id.
      if (front.show_on_front !== 'page' || front.page_on_front === 0) return null;
      return singularEntity(storage, await storage.getPost(front.page_on_front), front);
    case 'id':
      return singularEntity(storage, await storage.getPost(address.id), front);
    case 'path': {
      // WordPress's page rule first (a page's path, maybe ending in a page number), then the post rule (posts only).
      const { segments } = address;
      const page =
        (await pageByPath(storage, segments)) ??
        (segments.length > 1 && /^[0-9]+$/.test(segments.at(-1)!) ? await pageByPath(storage, segments.slice(0, -1)) : null);
      if (page !== null) return singularEntity(storage, page, front);
      if (address.slug === null) return null;
      const [post] = await storage.publishedBySlug(address.slug, ['post']);
      return singularEntity(storage, post ?? null, front);
    }
    case 'term': {
      const term = await storage.getTermBySlug(address.taxonomy, address.slug);
      return term === null ? null : termEntity(storage, term, front.home);
    }
    case 'author': {
      const user = await storage.getUserBySlug(address.nicename);
      if (user === null) return null;
      return { id: user.ID, title: `Author: ${user.display_name}`, url: `${front.home}/author/${user.user_nicename}/`, type: 'user' };
    }
  }
}

/** The handlers of {@link siteInsightsSearchRoutes}. */
export const siteInsightsSearchHandlers: Handlers<typeof siteInsightsSearchRoutes, SiteInsightsStorage> = {
  entitySearch: async (request, context, storage) => {
    if (request.params.query.length > MAX_QUERY) return [];
    const query = phpRawUrlDecode(request.params.query);
    const front = await frontOf(storage, context.site.home);
    if (isUrl(query)) {
      const address = entityAddress(query, front.home);
      const entity = address === null ? null : await entityAt(storage, address, front);
      return entity === null ? [] : [entity];
    }
    const posts = await storage.searchPosts(query, RESULTS);
    return Promise.all(posts.map((post) => postEntity(storage, post, front)));
  },
};
