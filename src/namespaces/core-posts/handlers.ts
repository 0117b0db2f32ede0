import { invalidParams } from '../../core/errors/catalogue.js';
import { isRestError, type RestError } from '../../core/errors/rest-error.js';
import { paginate, pageCount } from '../../core/http/pagination.js';
import { RestResponse, type RestLink } from '../../core/http/response.js';
import { isEmpty } from '../../core/php/values.js';
import type { FieldTree } from '../../core/http/response-data.js';
import { parseDateTime } from '../../core/schema/formats.js';
import { sanitizeTitle } from '../../core/schema/sanitize-title.js';
import type { RestContext, RestUser } from '../../core/types.js';
import { canChangePost, canReadPost } from '../../core/auth/post-capabilities.js';
import type { BoundStorage, Checks, Handlers } from '../define.js';
import { postDefaults } from './defaults.js';
import {
  alreadyTrashed,
  cannotAssignSticky,
  cannotEditOthers,
  cannotPublish,
  emptyContent,
  forbiddenEditContext,
  forbiddenStatus,
  incorrectPassword,
  invalidDate,
  invalidId,
  invalidPageNumber,
  notDeleted,
  postExists,
  noSearchTerm,
  orderbyIncludeMissing,
} from './errors.js';
import { renderCache } from './render-cache.js';
import { permalink, renderListedPost, renderPost, requestedFields, type PostContext, type RenderEnv } from './render.js';
import type { corePostsRoutes } from './routes.js';
import { asOf, gmtText, scheduledStatus, type Clock } from './schedule.js';
import type { PostQuery, PostRecord, PostsStorage, PostStatus } from './storage.js';

type Table = typeof corePostsRoutes;

/** The params a create or update request carries: WordPress's write args. */
type WriteParams = Parameters<Handlers<Table, PostsStorage>['createPost' | 'updatePost']>[0]['params'];

/** What the posts handlers and checks run on. */
interface CorePostsDeps {
  /** The namespace the routes are mounted under; links follow it. */
  namespace: string;
  /** The clock that decides a post's schedule (milliseconds). */
  now: Clock;
  /** How many posts' rendered text to keep (0: none). */
  renderCacheSize: number;
}

/** The statuses storage keeps; a list filter's others (`inherit`, `request-pending`, …) match no post. */
const STORED_STATUSES = new Set<string>(['publish', 'future', 'draft', 'pending', 'private', 'trash']);
const isStoredStatus = (status: string): status is PostStatus => STORED_STATUSES.has(status);

const canEditPost = (user: RestUser | null, post: PostRecord) => canChangePost(user, post, 'edit');

/** A response carrying a rendered post's data and links. */
function withLinks(response: RestResponse, links: Record<string, RestLink[]>): RestResponse {
  for (const [rel, items] of Object.entries(links)) for (const { href, ...attributes } of items) response.link(rel, href, attributes);
  return response;
}

/** The first and last instants a post's date can hold, in milliseconds: years 0000 to 9999. */
const EARLIEST = Date.parse('0000-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59Z');

/**
 * The instant (milliseconds) a validated `date-time` arg names, as `rest_get_date_with_gmt`
 * reads it: text without an offset is the site's local time, or GMT when `isGmt`. Undefined
 * when the arg is absent; null when it names no instant a post's date can hold, in GMT or in
 * the site's time.
 */
function instantOf(value: string | null | undefined, gmtOffset: number, isGmt = false): number | null | undefined {
  if (!value) return undefined;
  const parsed = parseDateTime(value);
  if (!parsed) return null;
  const offsetMs = gmtOffset * 3_600_000;
  const instant = parsed.seconds * 1000 - (parsed.hasOffset || isGmt ? 0 : offsetMs);
  const fits = (ms: number) => ms >= EARLIEST && ms <= LATEST;
  return fits(instant) && fits(instant + offsetMs) ? instant : null;
}

/** A GMT date string (`YYYY-MM-DDTHH:MM:SS`) of a validated `date-time` arg; see {@link instantOf}. */
function gmtOf(value: string | null | undefined, gmtOffset: number, isGmt = false): string | null | undefined {
  const instant = instantOf(value, gmtOffset, isGmt);
  return typeof instant === 'number' ? new Date(instant).toISOString().slice(0, 19) : instant;
}

/** A list filter's date as the query takes it, or null for a date that cannot be. */
function filterDate(value: string | undefined, gmtOffset: number): Date | null | undefined {
  const instant = instantOf(value, gmtOffset);
  return typeof instant === 'number' ? new Date(instant) : instant;
}

/** A string field given as text or as `{raw}`, as WordPress's `prepare_item_for_database` reads it. */
function rawText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'raw' in value && typeof value.raw === 'string') return value.raw;
  return undefined;
}

/** The statuses a collection request lists, or WordPress's refusal when the user may not ask for them. */
function statusesOf(wanted: readonly string[], user: RestUser | null): PostStatus[] | RestError {
  const expanded = wanted.includes('any') ? ['publish', 'future', 'draft', 'pending', 'private'] : wanted;
  if (expanded.every((s) => s === 'publish') || user?.can('edit_posts')) return expanded.filter(isStoredStatus);
  return invalidParams({ status: 'Status is forbidden.' }, { status: forbiddenStatus(user).toJSON() });
}

function renderEnv(namespace: string, context: RestContext): RenderEnv {
  return { namespace, restUrl: context.restUrl, home: context.site.home, gmtOffset: Number(context.site.gmt_offset ?? 0) || 0 };
}

/** Where a request's `state` keeps the post it addresses; only this module writes it. */
const ADDRESSED = 'core-posts:addressed';

/**
 * The post a single-post request addresses, or WordPress's 404. The permission check, the
 * handler and the `Allow` header's checks all ask for it: one storage read per request serves
 * them all.
 */
function addressed(
  request: { params: { id?: number }; state: Record<string, unknown> },
  storage: BoundStorage<PostsStorage>,
  now: Clock,
): Promise<PostRecord | RestError> {
  const known = request.state[ADDRESSED];
  if (known instanceof Promise) return known as Promise<PostRecord | RestError>;
  // `Number`, as `get_post` casts with `(int)`: the `Allow` header asks the checks also when the
  // request failed validation (an invalid JSON body, another arg refused), its id still path text.
  const found = lookup(Number(request.params.id), storage, now);
  request.state[ADDRESSED] = found;
  return found;
}

/** The post with an id as it reads now (a host storage's due `future` post published), or WordPress's 404. */
async function lookup(id: number, storage: BoundStorage<PostsStorage>, now: Clock): Promise<PostRecord | RestError> {
  const post = Number.isSafeInteger(id) && id > 0 ? await storage.getPost(id) : null;
  return post ? asOf(post, now()) : invalidId();
}

/** What a write left of the post, so the `Allow` header is worked out on the post as it now is. */
function remember(request: { state: Record<string, unknown> }, post: PostRecord | null): void {
  request.state[ADDRESSED] = Promise.resolve(post ?? invalidId());
}

/** The handlers of the posts routes, over a storage. */
export function corePostsHandlers(deps: CorePostsDeps): Handlers<Table, PostsStorage> {
  const { namespace, now } = deps;
  const textOf = renderCache(deps.renderCacheSize);
  const env = (context: RestContext) => renderEnv(namespace, context);

  function render(post: PostRecord, context: RestContext, fields: FieldTree | null, as: PostContext, passwordGiven = false) {
    return renderPost(post, as, env(context), { user: context.user, fields, passwordGiven, text: textOf(post) });
  }

  /** The fields a create or update request writes, checked as WordPress checks them. */
  function changesFrom(p: WriteParams, context: RestContext, existing: PostRecord | null): Partial<PostRecord> | RestError {
    const user = context.user;
    const changes: Partial<PostRecord> = {};
    const offset = env(context).gmtOffset;
    for (const field of ['title', 'content', 'excerpt'] as const) {
      const text = rawText(p[field]);
      if (text !== undefined) changes[field] = text;
    }
    for (const field of ['password', 'template', 'format'] as const) {
      const value = p[field];
      if (value !== undefined) changes[field] = value;
    }
    for (const field of ['comment_status', 'ping_status'] as const) {
      const value = p[field];
      if (value !== undefined) changes[field] = value;
    }
    if (p.featured_media !== undefined) changes.featured_media = p.featured_media;
    if (p.categories !== undefined) changes.categories = p.categories;
    if (p.tags !== undefined) changes.tags = p.tags;
    if (p.status !== undefined) {
      if ((p.status === 'publish' || p.status === 'future' || p.status === 'private') && !user?.can('publish_posts'))
        return cannotPublish();
      changes.status = p.status;
    }
    if (p.author !== undefined && p.author !== (existing?.author ?? user?.id)) {
      if (!user?.can('edit_others_posts')) return cannotEditOthers(existing ? 'edit' : 'create');
      changes.author = p.author;
    }
    if (p.sticky !== undefined) {
      if (p.sticky && !(user?.can('edit_others_posts') && user.can('publish_posts'))) return cannotAssignSticky();
      changes.sticky = p.sticky;
    }
    // As `prepare_item_for_database`: `date` when given, else `date_gmt`.
    const date = p.date ? gmtOf(p.date, offset) : gmtOf(p.date_gmt, offset, true);
    if (date === null) return invalidDate();
    if (date) changes.date_gmt = date;
    if (p.slug !== undefined) changes.slug = sanitizeTitle(p.slug);
    return changes;
  }

  /**
   * The slug a post asks for: as given, or for a published post its title's. The storage makes it
   * unique as it stores it (`wp_unique_post_slug`), where no other writer can take it in between.
   */
  function wantedSlug(post: Partial<PostRecord> & Pick<PostRecord, 'status' | 'title'>): string {
    return (
      post.slug || (post.status === 'publish' || post.status === 'private' || post.status === 'future' ? sanitizeTitle(post.title) : '')
    );
  }

  return {
    async listPosts(request, context, storage) {
      const p = request.params;
      const statuses = statusesOf(p.status, context.user);
      if (isRestError(statuses)) return statuses;
      if (p.orderby === 'relevance' && isEmpty(p.search)) return noSearchTerm();
      if (p.orderby === 'include' && isEmpty(p.include)) return orderbyIncludeMissing();
      const perPage = p.per_page;
      const page = p.page;
      const listEnv = env(context);
      const offset = listEnv.gmtOffset;
      const [after, before, modifiedAfter, modifiedBefore] = [p.after, p.before, p.modified_after, p.modified_before].map((value) =>
        filterDate(value, offset),
      );
      if (after === null || before === null || modifiedAfter === null || modifiedBefore === null) return invalidDate();
      const search = p.search || undefined;
      // `WP_Query` leaves password-protected posts out of a logged-out search.
      const anonymousSearch = search !== undefined && !context.user;
      const query: PostQuery = {
        status: statuses,
        search,
        ...(anonymousSearch ? { hasPassword: false } : {}),
        after,
        before,
        modifiedAfter,
        modifiedBefore,
        author: p.author,
        authorExclude: p.author_exclude,
        include: p.include,
        exclude: p.exclude,
        slug: p.slug ?? [],
        sticky: p.sticky,
        orderby: p.orderby,
        order: p.order,
        // WordPress's offset replaces the page's own offset rather than adding to it. PHP reads
        // `page=1e309` as page 0, which `WP_Query` serves as page 1.
        offset: p.offset !== undefined && p.offset > 0 ? p.offset : Math.max(0, (page - 1) * perPage),
        limit: perPage,
      };
      const found = await storage.queryPosts(query);
      if (page > pageCount(found.total, perPage) && found.total > 0) return invalidPageNumber();
      const fields = requestedFields(p._fields);
      const items = found.posts
        .map((post) => asOf(post, now()))
        // Also when a host storage ignores `hasPassword`: a protected post never answers a logged-out search.
        .filter((post) => canReadPost(context.user, post) && !(anonymousSearch && post.password !== ''))
        .map((post) =>
          renderListedPost(post, p.context, listEnv, { user: context.user, fields, passwordGiven: false, text: textOf(post) }),
        );
      return paginate(new RestResponse(items), {
        total: found.total,
        perPage,
        page,
        collectionUrl: context.restUrl(`/${namespace}/posts`),
        query: request.query,
      });
    },

    async createPost(request, context, storage) {
      // WordPress's `! empty( $request['id'] )`: an id of 0 or '0' creates a post.
      if (!isEmpty(request.params.id)) return postExists();
      const changes = changesFrom(request.params, context, null);
      if (isRestError(changes)) return changes;
      if (!changes.title && !changes.content && !changes.excerpt) return emptyContent();
      const at = now();
      const draft = {
        date_gmt: gmtText(at),
        slug: '',
        status: 'draft' as PostStatus,
        title: '',
        content: '',
        author: context.user?.id ?? 0,
        ...postDefaults(),
        ...changes,
      };
      draft.status = scheduledStatus(draft.status, draft.date_gmt, at);
      draft.slug = wantedSlug(draft);
      const created = await storage.createPost(draft);
      const post = created.guid
        ? created
        : ((await storage.updatePost(created.id, { guid: permalink(created, context.site.home), modified_gmt: created.modified_gmt })) ??
          created);
      const { data, links } = render(post, context, requestedFields(request.params._fields), 'edit');
      return withLinks(new RestResponse(data, 201, { Location: context.restUrl(`/${namespace}/posts/${post.id}`) }), links);
    },

    async getPost(request, context, storage) {
      const post = await addressed(request, storage, now);
      if (isRestError(post)) return post;
      const { data, links } = render(
        post,
        context,
        requestedFields(request.params._fields),
        request.params.context,
        request.params.password !== undefined,
      );
      return withLinks(new RestResponse(data).linkHeader('alternate', permalink(post, context.site.home), { type: 'text/html' }), links);
    },

    async updatePost(request, context, storage) {
      const existing = await addressed(request, storage, now);
      if (isRestError(existing)) return existing;
      const changes = changesFrom(request.params, context, existing);
      if (isRestError(changes)) return changes;
      const merged = { ...existing, ...changes };
      // `wp_update_post` runs the whole post through `wp_insert_post`, which reschedules it.
      const scheduled = scheduledStatus(merged.status, merged.date_gmt, now());
      if (scheduled !== merged.status) changes.status = merged.status = scheduled;
      if (changes.slug !== undefined || (changes.status !== undefined && merged.slug === '')) changes.slug = wantedSlug(merged);
      const stored = await storage.updatePost(existing.id, changes);
      const updated = stored && asOf(stored, now());
      remember(request, updated);
      if (!updated) return invalidId();
      const { data, links } = render(updated, context, requestedFields(request.params._fields), 'edit');
      return withLinks(new RestResponse(data), links);
    },

    async deletePost(request, context, storage) {
      const post = await addressed(request, storage, now);
      if (isRestError(post)) return post;
      if (request.params.force) {
        // WordPress answers the deleted post's data without its links, which point nowhere now.
        const previous = render(post, context, requestedFields(request.params._fields), 'edit').data;
        if (!(await storage.deletePost(post.id))) return notDeleted();
        remember(request, null);
        return { deleted: true, previous };
      }
      if (post.status === 'trash') return alreadyTrashed();
      const trashed = await storage.updatePost(post.id, {
        status: 'trash',
        slug: post.slug ? `${post.slug}__trashed` : '',
        trashed_from: post.status,
      });
      remember(request, trashed);
      if (!trashed) return invalidId();
      const { data, links } = render(trashed, context, requestedFields(request.params._fields), 'edit');
      return withLinks(new RestResponse(data), links);
    },
  };
}

/**
 * The permission checks of the posts routes, over a storage. A plain `false` answers the
 * endpoint's `denied` error from the table. The `Allow` header asks each check with the request
 * another endpoint of the route matched, so a param only some endpoints declare is checked here.
 */
export function corePostsChecks({ now }: Pick<CorePostsDeps, 'now'>): Checks<Table, PostsStorage> {
  return {
    readCollection(request, { user }) {
      return request.params.context !== 'edit' || user?.can('edit_posts') === true;
    },
    async readPost(request, context, storage) {
      const post = await addressed(request, storage, now);
      if (isRestError(post)) return post;
      const { user } = context;
      if (request.params.context === 'edit' && !canEditPost(user, post)) return forbiddenEditContext(user);
      const password = request.params.password;
      if (typeof password === 'string' && password !== post.password) return incorrectPassword();
      return canReadPost(user, post);
    },
    async editPost(request, context, storage) {
      // Anonymous callers may never write: answered before the lookup, so they learn nothing of which posts exist.
      if (!context.user) return false;
      const post = await addressed(request, storage, now);
      if (isRestError(post)) return post;
      return canEditPost(context.user, post);
    },
    async deletePost(request, context, storage) {
      if (!context.user) return false;
      const post = await addressed(request, storage, now);
      if (isRestError(post)) return post;
      return canChangePost(context.user, post, 'delete');
    },
  };
}
