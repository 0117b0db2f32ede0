import { postDefaults } from './defaults.js';
import { asOf, gmtInstant, gmtText, type Clock } from './schedule.js';
import type { NewPost, PostPage, PostQuery, PostRecord, PostsStorage } from './storage.js';

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf'];

/**
 * The sample posts the demo ships with, shaped like the recorded WordPress site's: posts 1–23
 * (ids 4–26, one a day from 2023-01-01 09:00 UTC, every fifth by user 2) and two drafts. Their
 * GUID is left empty, so it shows as the permalink on whatever site serves them.
 */
export function samplePosts(): PostRecord[] {
  const posts: PostRecord[] = [];
  for (let n = 1; n <= 23; n++) {
    const day = String(n).padStart(2, '0');
    const word = WORDS[n % WORDS.length]!;
    const date = `2023-01-${day}T09:00:00`;
    posts.push({
      ...postDefaults(),
      id: n + 3,
      date_gmt: date,
      modified_gmt: date,
      slug: `post-${day}`,
      status: 'publish',
      title: `Post ${day} ${word}`,
      content: `<!-- wp:paragraph -->\n<p>Body of post ${n}. Keyword ${word}.</p>\n<!-- /wp:paragraph -->`,
      author: n % 5 === 0 ? 2 : 1,
      guid: '',
    });
  }
  for (const [i, id] of [27, 28].entries()) {
    const date = `2023-01-${24 + i}T09:00:00`;
    posts.push({
      ...postDefaults(),
      id,
      date_gmt: date,
      modified_gmt: date,
      slug: '',
      status: 'draft',
      title: `Draft ${i + 1}`,
      content: `Draft body ${i + 1}.`,
      author: 1,
      guid: '',
    });
  }
  return posts;
}

/**
 * A query with its lists as sets and its search split into distinct lower-case words, once per
 * query: a request may list hundreds of thousands of ids or slugs, and each post is checked
 * against them.
 */
interface PreparedQuery {
  query: PostQuery;
  statuses: ReadonlySet<string>;
  words: readonly string[];
  search: string;
  authors: ReadonlySet<number>;
  authorsExcluded: ReadonlySet<number>;
  included: ReadonlySet<number>;
  excluded: ReadonlySet<number>;
  slugs: ReadonlySet<string>;
  /** Position of each id in `include` and each slug in `slug`, for `orderby=include` / `include_slugs`. */
  includeOrder: ReadonlyMap<number, number>;
  slugOrder: ReadonlyMap<string, number>;
}

/** Each item's first position in a list. */
function positions<T>(list: readonly T[]): Map<T, number> {
  const at = new Map<T, number>();
  list.forEach((item, i) => {
    if (!at.has(item)) at.set(item, i);
  });
  return at;
}

function prepare(query: PostQuery): PreparedQuery {
  const search = (query.search ?? '').toLowerCase();
  return {
    query,
    statuses: new Set(query.status),
    words: [...new Set(search.split(/\s+/))].filter((word) => word !== ''),
    search,
    authors: new Set(query.author),
    authorsExcluded: new Set(query.authorExclude),
    included: new Set(query.include),
    excluded: new Set(query.exclude),
    slugs: new Set(query.slug),
    includeOrder: positions(query.include),
    slugOrder: positions(query.slug),
  };
}

function matchesSearch(post: PostRecord, words: readonly string[]): boolean {
  const haystack = `${post.title}\n${post.excerpt}\n${post.content}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

function matches(post: PostRecord, p: PreparedQuery): boolean {
  const q = p.query;
  if (!p.statuses.has(post.status)) return false;
  if (q.search && !matchesSearch(post, p.words)) return false;
  if (q.hasPassword !== undefined && (post.password !== '') !== q.hasPassword) return false;
  const published = gmtInstant(post.date_gmt);
  const modified = gmtInstant(post.modified_gmt);
  if (q.after && !(published > q.after.getTime())) return false;
  if (q.before && !(published < q.before.getTime())) return false;
  if (q.modifiedAfter && !(modified > q.modifiedAfter.getTime())) return false;
  if (q.modifiedBefore && !(modified < q.modifiedBefore.getTime())) return false;
  if (p.authors.size > 0 && !p.authors.has(post.author)) return false;
  if (p.authorsExcluded.has(post.author)) return false;
  if (p.included.size > 0 && !p.included.has(post.id)) return false;
  if (p.excluded.has(post.id)) return false;
  if (p.slugs.size > 0 && !p.slugs.has(post.slug)) return false;
  if (q.sticky !== undefined && post.sticky !== q.sticky) return false;
  return true;
}

/** WordPress's relevance: whole-phrase title matches first, then the date. */
function relevance(post: PostRecord, search: string): number {
  return search !== '' && post.title.toLowerCase().includes(search) ? 1 : 0;
}

function comparator(p: PreparedQuery): (a: PostRecord, b: PostRecord) => number {
  const q = p.query;
  const direction = q.order === 'asc' ? 1 : -1;
  const byDate = (a: PostRecord, b: PostRecord) => (gmtInstant(a.date_gmt) - gmtInstant(b.date_gmt) || a.id - b.id) * direction;
  switch (q.orderby) {
    case 'id':
      return (a, b) => (a.id - b.id) * direction;
    case 'title':
      return (a, b) => a.title.localeCompare(b.title, 'en') * direction || byDate(a, b);
    case 'slug':
      return (a, b) => a.slug.localeCompare(b.slug, 'en') * direction || byDate(a, b);
    case 'author':
      return (a, b) => (a.author - b.author) * direction || byDate(a, b);
    case 'modified':
      return (a, b) => (gmtInstant(a.modified_gmt) - gmtInstant(b.modified_gmt)) * direction || byDate(a, b);
    case 'include':
      return (a, b) => (p.includeOrder.get(a.id) ?? -1) - (p.includeOrder.get(b.id) ?? -1);
    case 'include_slugs':
      return (a, b) => (p.slugOrder.get(a.slug) ?? -1) - (p.slugOrder.get(b.slug) ?? -1);
    case 'relevance':
      // Relevance always ranks the best match first; `order` only breaks ties by date.
      return (a, b) => relevance(b, p.search) - relevance(a, p.search) || byDate(a, b);
    default:
      return byDate;
  }
}

/** The memory store's options. */
export interface MemoryPostsOptions {
  /** Posts to start with (default: none). */
  posts?: PostRecord[];
  /** The clock in milliseconds (default `Date.now`): stamps `modified_gmt` and decides when a `future` post reads as published. */
  now?: Clock;
}

/**
 * Posts kept in memory: what `corePosts()` runs on when the host brings no storage. A scheduled
 * post is kept `future` and read as `publish` from its date on (see `schedule.ts`).
 */
export function memoryPostsStorage(options: MemoryPostsOptions = {}): PostsStorage {
  const posts = new Map<number, PostRecord>((options.posts ?? []).map((p) => [p.id, structuredClone(p)]));
  const now = options.now ?? Date.now;
  let nextId = Math.max(0, ...posts.keys()) + 1;
  const read = (post: PostRecord, at: number) => structuredClone(asOf(post, at));

  return {
    async queryPosts(query): Promise<PostPage> {
      const prepared = prepare(query);
      const at = now();
      const found = [...posts.values()]
        .map((post) => asOf(post, at))
        .filter((post) => matches(post, prepared))
        .sort(comparator(prepared));
      return { posts: found.slice(query.offset, query.offset + query.limit).map((p) => structuredClone(p)), total: found.length };
    },
    async getPost(id) {
      const post = posts.get(id);
      return post ? read(post, now()) : null;
    },
    async createPost(fields: NewPost) {
      const id = nextId++;
      const at = now();
      const post: PostRecord = { ...fields, id, guid: fields.guid ?? '', modified_gmt: gmtText(at) };
      posts.set(id, structuredClone(post));
      return read(post, at);
    },
    async updatePost(id, changes) {
      const post = posts.get(id);
      if (!post) return null;
      const at = now();
      const updated: PostRecord = { ...post, ...structuredClone(changes), id, modified_gmt: changes.modified_gmt ?? gmtText(at) };
      posts.set(id, updated);
      return read(updated, at);
    },
    async deletePost(id) {
      return posts.delete(id);
    },
  };
}
