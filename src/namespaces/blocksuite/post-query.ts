// `get_query_items`' `WP_Query`, on the store's posts query: which posts each mode asks for, in
// which order, with WordPress's taxonomy filters and its sticky posts. Only the store is read; the
// query arguments are built from the params Kadence's sanitizers already made.
import { absint, isNumeric, toBool, toInt } from '../../core/php/values.js';
import type { RestUser } from '../../core/types.js';
import type { BoundStorage } from '../define.js';
import type { ContentTypes } from '../content-types.js';
import type { BlocksuiteStorage, PostQuery, PostRow, TermFilter } from './storage.js';

/** The most posts a query without a page size answers (`posts_per_page => -1` in WordPress, which has no cap). */
export const MAX_UNPAGED_POSTS = 500;

/** The post-query params the handler reads, as Kadence's sanitizers leave them. */
interface PostQueryParams {
  query?: string;
  type?: string;
  include?: number[];
  per_page: number;
  order_by?: string;
  order?: string;
  offset: number;
  allow_sticky?: 0 | 1;
  exclude?: string;
  post_id?: string;
  custom_tax?: 0 | 1;
  tax_type?: string;
  category?: number[];
  tags?: number[];
}

/** `WP_Query::parse_orderby`'s keys the store sorts by: each name WordPress allows (case-sensitive) → the store's column. */
const ORDER_KEYS: Readonly<Record<string, PostQuery['orderby'] | 'rand'>> = {
  post_name: 'post_name',
  name: 'post_name',
  post_author: 'post_author',
  author: 'post_author',
  post_date: 'post_date',
  date: 'post_date',
  post_title: 'post_title',
  title: 'post_title',
  post_modified: 'post_modified',
  modified: 'post_modified',
  post_parent: 'post_parent',
  parent: 'post_parent',
  // One post type is asked for, so its ties fall to the id, as the store breaks every tie.
  post_type: 'ID',
  type: 'ID',
  ID: 'ID',
  menu_order: 'menu_order',
  comment_count: 'comment_count',
  rand: 'rand',
  post__in: 'include',
};

/** How the posts are sorted: a store column, the `include` list's order, or at random. */
interface Sort {
  orderby: NonNullable<PostQuery['orderby']> | 'rand';
  order: 'asc' | 'desc';
}

/**
 * `WP_Query`'s order: `orderby` read as space-separated keys, the first one WordPress allows
 * (`post__in` only with a non-empty `post__in`), else the date; `order` ASC when it says so in any
 * case, else DESC; the `include` order ignores it. Later keys only break ties in WordPress; the
 * store breaks them by id.
 */
function sortOf(orderby: unknown, order: unknown, include: readonly number[] | undefined): Sort {
  const direction = typeof order === 'string' && order.toUpperCase() === 'ASC' ? 'asc' : 'desc';
  const keys = typeof orderby === 'string' ? orderby.split(' ') : [];
  for (const key of keys) {
    const column = Object.hasOwn(ORDER_KEYS, key) ? ORDER_KEYS[key] : undefined;
    if (column === undefined || (column === 'include' && !include?.length)) continue;
    return { orderby: column, order: column === 'include' ? 'asc' : direction };
  }
  return { orderby: 'post_date', order: direction };
}

/** The taxonomy clauses of a type query, and whether WordPress would see it as an archive (which never puts stickies first). */
interface TaxonomyClauses {
  terms: TermFilter[];
  /** Some clause can match nothing (an unknown taxonomy, `IN` with no term): no post is answered. */
  none: boolean;
  /** An `IN` clause: WordPress's `is_category`/`is_tag`/`is_tax`. */
  archive: boolean;
}

/** A taxonomy's term ids among `ids`, with every descendant of each for a hierarchical taxonomy that includes children. */
async function termsIn(
  storage: BoundStorage<BlocksuiteStorage>,
  taxonomy: string,
  ids: readonly number[],
  withChildren: boolean,
): Promise<number[]> {
  const listed = await storage.listTerms(taxonomy);
  const known = new Set(listed.map((term) => term.term_id));
  const found = new Set(ids.filter((id) => known.has(id)));
  if (!withChildren) return [...found];
  const children = new Map<number, number[]>();
  for (const term of listed) children.set(term.parent, [...(children.get(term.parent) ?? []), term.term_id]);
  // Breadth first over the taxonomy's own terms: each term is visited once, whatever the parents say.
  const queue = [...found];
  for (let i = 0; i < queue.length; i++) {
    for (const child of children.get(queue[i]!) ?? []) {
      if (found.has(child)) continue;
      found.add(child);
      queue.push(child);
    }
  }
  return [...found];
}

/** One `tax_query` clause as `WP_Tax_Query` runs it: an unknown taxonomy or `IN` with no term matches nothing, `NOT IN` with none everything. */
async function clause(
  storage: BoundStorage<BlocksuiteStorage>,
  types: ContentTypes,
  taxonomy: string,
  ids: readonly number[],
  exclude: boolean,
  includeChildren: boolean,
): Promise<{ filter: TermFilter | null; none: boolean }> {
  const registered = types.taxonomies.get(taxonomy);
  if (!registered) return { filter: null, none: true };
  const terms = await termsIn(storage, taxonomy, ids, includeChildren && registered.hierarchical);
  if (terms.length === 0) return { filter: null, none: !exclude };
  return { filter: exclude ? { terms, exclude: true } : { terms }, none: false };
}

/**
 * Kadence's taxonomy filter: for a type other than `post`, or with `custom_tax` (after its
 * inverting sanitizer), `tax_type` by the `category` ids (children included), NOT IN when
 * `exclude` is `exclude`; for `post`, `category__in`/`tag__in` (or their `__not_in`), each only when
 * it lists something.
 */
async function taxonomyClauses(
  storage: BoundStorage<BlocksuiteStorage>,
  types: ContentTypes,
  params: PostQueryParams,
): Promise<TaxonomyClauses> {
  const exclude = params.exclude === 'exclude';
  const categories = params.category ?? [];
  const out: TaxonomyClauses = { terms: [], none: false, archive: false };
  const add = async (taxonomy: string, ids: readonly number[], includeChildren: boolean) => {
    const { filter, none } = await clause(storage, types, taxonomy, ids, exclude, includeChildren);
    if (filter) out.terms.push(filter);
    out.none ||= none;
    out.archive ||= !exclude;
  };
  if (params.type !== 'post' || toBool(params.custom_tax)) {
    if (toBool(params.tax_type)) await add(params.tax_type!, categories, true);
  } else {
    if (categories.length > 0) await add('category', categories, false);
    if ((params.tags ?? []).length > 0) await add('post_tag', params.tags!, false);
  }
  return out;
}

/** The statuses a query without `post_status` reads for a signed-in user: published, and private ones the user may read. */
function readableByUser(user: RestUser | null, postType: string): (post: PostRow) => boolean {
  const canReadPrivate = user?.can(postType === 'page' ? 'read_private_pages' : 'read_private_posts') === true;
  return (post) => post.post_status !== 'private' || canReadPrivate || post.post_author === user?.id;
}

/** Up to how many matching posts a random order reads them all in one query and draws from them. */
const RANDOM_IN_ONE_READ = 1000;

/** `count` distinct whole numbers below `below`, in random order (a partial Fisher-Yates draw). */
function draw(count: number, below: number): number[] {
  const picked = new Map<number, number>();
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(Math.random() * (below - i));
    out.push(picked.get(j) ?? j);
    picked.set(j, picked.get(i) ?? i);
  }
  return out;
}

/**
 * The store's answer in random order, as `ORDER BY RAND()` with its limit: the query's count, then
 * its posts read at once (a site of up to {@link RANDOM_IN_ONE_READ}) or one row at each drawn
 * position, so a random page costs at most its size in reads.
 */
async function randomPosts(storage: BoundStorage<BlocksuiteStorage>, query: PostQuery): Promise<PostRow[]> {
  const { total } = await storage.queryPosts({ ...query, orderby: 'ID', offset: 0, limit: 0 });
  const wanted = Math.min(query.limit ?? total, Math.max(0, total - (query.offset ?? 0)));
  const positions = draw(wanted, total);
  if (total <= RANDOM_IN_ONE_READ) {
    const { posts } = await storage.queryPosts({ ...query, orderby: 'ID', order: 'asc', offset: 0, limit: total });
    return positions.map((at) => posts[at]).filter((post): post is PostRow => post !== undefined);
  }
  const pages = await Promise.all(
    positions.map((offset) => storage.queryPosts({ ...query, orderby: 'ID', order: 'asc', offset, limit: 1 })),
  );
  return pages.flatMap((page) => page.posts);
}

/** The posts of a query in its sort. */
async function sortedPosts(storage: BoundStorage<BlocksuiteStorage>, query: PostQuery, sort: Sort): Promise<PostRow[]> {
  if (sort.orderby === 'rand') return randomPosts(storage, query);
  return (await storage.queryPosts({ ...query, orderby: sort.orderby, order: sort.order })).posts;
}

/**
 * `WP_Query`'s sticky posts on a home query's first page: the stickies found move to the front in
 * the order found, then those not found (less `post__not_in`) are read, published and of the
 * query's type, newest first, and put after them.
 */
async function withStickies(
  storage: BoundStorage<BlocksuiteStorage>,
  posts: PostRow[],
  postType: string,
  notIn: readonly number[],
  publishedBy: string,
): Promise<PostRow[]> {
  const option = await storage.getOption('sticky_posts');
  const sticky = Array.isArray(option) ? option.map(toInt).filter((id) => id > 0) : [];
  if (sticky.length === 0) return posts;
  const stickySet = new Set(sticky);
  const front = posts.filter((post) => stickySet.has(post.ID));
  const rest = posts.filter((post) => !stickySet.has(post.ID));
  const found = new Set(front.map((post) => post.ID));
  const missing = sticky.filter((id) => !found.has(id) && !notIn.includes(id));
  const fetched =
    missing.length === 0
      ? []
      : (
          await storage.queryPosts({
            type: [postType],
            status: ['publish'],
            publishedBy,
            include: missing,
            orderby: 'post_date',
            order: 'desc',
          })
        ).posts;
  return [...front, ...fetched, ...rest];
}

/** The posts `get_query_items` answers, in its order; `[]` without a `query`. */
export async function queriedPosts(
  storage: BoundStorage<BlocksuiteStorage>,
  types: ContentTypes,
  params: PostQueryParams,
  user: RestUser | null,
  publishedBy: string,
): Promise<PostRow[]> {
  if (!toBool(params.query)) return [];
  // `WP_Query` without a post type reads posts.
  const postType = params.type || 'post';
  if (params.query === 'individual' || params.query === 'individual-ordered') {
    const include = params.include;
    const sort = params.query === 'individual' ? sortOf('post__in', undefined, include) : sortOf(params.order_by, params.order, include);
    const query: PostQuery = { type: [postType], status: ['publish', 'private'], publishedBy, limit: MAX_UNPAGED_POSTS };
    if (include?.length) query.include = include;
    return (await sortedPosts(storage, query, sort)).filter(readableByUser(user, postType));
  }
  const taxonomy = await taxonomyClauses(storage, types, params);
  if (taxonomy.none) return [];
  const perPage = params.per_page === 0 ? toInt((await storage.getOption('posts_per_page')) ?? 10) || 10 : params.per_page;
  const notIn = toBool(params.post_id) && isNumeric(params.post_id) ? [absint(params.post_id)] : [];
  const query: PostQuery = {
    type: [postType],
    status: ['publish'],
    publishedBy,
    terms: taxonomy.terms,
    exclude: notIn,
    offset: params.offset,
    limit: perPage,
  };
  if (params.include?.length) query.include = params.include;
  const posts = await sortedPosts(storage, query, sortOf(params.order_by, params.order, params.include));
  const home = params.allow_sticky !== 1 && !taxonomy.archive && !(types.postTypes.get(postType)?.hasArchive ?? false);
  return home ? withStickies(storage, posts, postType, notIn, publishedBy) : posts;
}
