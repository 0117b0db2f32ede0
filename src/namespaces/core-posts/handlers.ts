import { RestError } from '../../core/errors/rest-error.js';
import { paginate, pageCount } from '../../core/http/pagination.js';
import { RestResponse, type RestLink } from '../../core/http/response.js';
import { compactLinks } from '../../core/http/response-data.js';
import { parseDateTime } from '../../core/schema/formats.js';
import type { Handler, PermissionCheck, RestContext, RestRequest, RestUser } from '../../core/types.js';
import { storageContext } from '../define.js';
import { postDefaults } from './defaults.js';
import type { FieldTree } from '../../core/http/response-data.js';
import { permalink, renderPost, requestedFields, type PostContext, type RenderEnv } from './render.js';
import type { PostsHandler, PostsPermission } from './routes.js';
import type { PostQuery, PostRecord, PostsStorage, PostStatus } from './storage.js';
import { slugify } from './text.js';

const READABLE_BY_ALL = new Set<PostStatus>(['publish']);

/**
 * WordPress's `edit_post` / `delete_post` meta capabilities for one post, mapped onto the user's
 * primitive ones (`edit_posts`, `edit_others_posts`, `edit_published_posts`, … or the `delete_` set).
 */
function canChangePost(user: RestUser | null, post: PostRecord, verb: 'edit' | 'delete'): boolean {
  if (!user || !user.can(`${verb}_posts`)) return false;
  const own = post.author === user.id;
  if (!own && !user.can(`${verb}_others_posts`)) return false;
  if (post.status === 'publish') return own ? user.can(`${verb}_published_posts`) : true;
  if (post.status === 'private') return own || user.can(`${verb}_private_posts`);
  return true;
}

const canEditPost = (user: RestUser | null, post: PostRecord) => canChangePost(user, post, 'edit');

/** `check_read_permission`: published posts for everyone, the rest for those who may edit them. */
function canReadPost(user: RestUser | null, post: PostRecord): boolean {
  if (READABLE_BY_ALL.has(post.status)) return true;
  if (post.status === 'private') return user?.can('read_private_posts') === true || canEditPost(user, post);
  return canEditPost(user, post);
}

/** A response carrying a rendered post's data and links. */
function withLinks(response: RestResponse, links: Record<string, RestLink[]>): RestResponse {
  for (const [rel, items] of Object.entries(links)) for (const { href, ...attributes } of items) response.link(rel, href, attributes);
  return response;
}

const denied = (user: RestUser | null, code: string, message: string) => new RestError(code, message, { status: user ? 403 : 401 });

const invalidId = () => new RestError('rest_post_invalid_id', 'Invalid post ID.', { status: 404 });

/** The first and last instants a post's date can hold, in milliseconds: years 0000 to 9999. */
const EARLIEST = Date.parse('0000-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59Z');

/**
 * The instant (milliseconds) a validated `date-time` arg names, as `rest_get_date_with_gmt`
 * reads it: text without an offset is the site's local time, or GMT when `isGmt`. Undefined
 * when the arg is absent; null when it names no instant a post's date can hold, in GMT or in
 * the site's time.
 */
function instantOf(value: unknown, gmtOffset: number, isGmt = false): number | null | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const parsed = parseDateTime(value);
  if (!parsed) return null;
  const offsetMs = gmtOffset * 3_600_000;
  const instant = parsed.seconds * 1000 - (parsed.hasOffset || isGmt ? 0 : offsetMs);
  const fits = (ms: number) => ms >= EARLIEST && ms <= LATEST;
  return fits(instant) && fits(instant + offsetMs) ? instant : null;
}

/** WordPress's answer to a date that passed the schema yet is no date (`rest_invalid_date`). */
const invalidDate = () => new RestError('rest_invalid_date', 'Invalid date.', { status: 400 });

/** A GMT date string (`YYYY-MM-DDTHH:MM:SS`) of a validated `date-time` arg; see {@link instantOf}. */
function gmtOf(value: unknown, gmtOffset: number, isGmt = false): string | null | undefined {
  const instant = instantOf(value, gmtOffset, isGmt);
  return typeof instant === 'number' ? new Date(instant).toISOString().slice(0, 19) : instant;
}

/** A list filter's date as the query takes it, or null for a date that cannot be. */
function filterDate(value: unknown, gmtOffset: number): Date | null | undefined {
  const instant = instantOf(value, gmtOffset);
  return typeof instant === 'number' ? new Date(instant) : instant;
}

/** A string field given as text or as `{raw}`, as WordPress's `prepare_item_for_database` reads it. */
function rawText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && typeof (value as { raw?: unknown }).raw === 'string') return (value as { raw: string }).raw;
  return undefined;
}

/** The status list of a collection request, and whether the user may ask for it. */
function statusesOf(request: RestRequest, user: RestUser | null): PostStatus[] | RestError {
  const wanted = (request.params.status as string[] | undefined) ?? ['publish'];
  const expanded = wanted.includes('any') ? (['publish', 'future', 'draft', 'pending', 'private'] as PostStatus[]) : (wanted as PostStatus[]);
  if (expanded.every((s) => s === 'publish') || user?.can('edit_posts')) return expanded;
  const forbidden = { code: 'rest_forbidden_status', message: 'Status is forbidden.', data: { status: user ? 403 : 401 } };
  return new RestError('rest_invalid_param', 'Invalid parameter(s): status', {
    status: 400,
    params: { status: 'Status is forbidden.' },
    details: { status: forbidden },
  });
}

/** Handlers and permission checks of the posts routes, over a storage. */
export function postsEndpoints(storage: PostsStorage, namespace: string): { handlers: Record<PostsHandler, Handler>; checks: Record<PostsPermission, PermissionCheck> } {
  function env(context: RestContext): RenderEnv {
    return { namespace, restUrl: context.restUrl, home: context.site.home, gmtOffset: Number(context.site.gmt_offset ?? 0) || 0 };
  }

  function render(post: PostRecord, context: RestContext, fields: FieldTree | null, as: PostContext, passwordGiven = false) {
    return renderPost(post, as, env(context), { user: context.user, fields, passwordGiven });
  }

  // The permission check, the handler and the `Allow` header's checks all ask for the same post:
  // one storage lookup per request serves them all.
  const lookups = new WeakMap<RestRequest, Promise<PostRecord | RestError>>();

  async function lookup(request: RestRequest, context: RestContext): Promise<PostRecord | RestError> {
    const id = Number(request.params.id);
    const post = Number.isSafeInteger(id) && id > 0 ? await storage.getPost(id, storageContext(context)) : null;
    return post ?? invalidId();
  }

  /** The post a single-post request addresses, or WordPress's 404. */
  function addressed(request: RestRequest, context: RestContext): Promise<PostRecord | RestError> {
    let found = lookups.get(request);
    if (!found) {
      found = lookup(request, context);
      lookups.set(request, found);
    }
    return found;
  }

  /** What a write left of the post, so the `Allow` header is worked out on the post as it now is. */
  function remember(request: RestRequest, post: PostRecord | null): void {
    lookups.set(request, Promise.resolve(post ?? invalidId()));
  }

  async function uniqueSlug(wanted: string, self: number, context: RestContext): Promise<string> {
    const taken = async (slug: string) => (await storage.queryPosts(slugQuery(slug), storageContext(context))).posts.some((p) => p.id !== self);
    if (!(await taken(wanted))) return wanted;
    for (let n = 2; ; n++) if (!(await taken(`${wanted}-${n}`))) return `${wanted}-${n}`;
  }

  /** The fields a create or update request writes, checked as WordPress checks them. */
  async function changesFrom(request: RestRequest, context: RestContext, existing: PostRecord | null): Promise<Partial<PostRecord> | RestError> {
    const p = request.params;
    const user = context.user;
    const changes: Partial<PostRecord> = {};
    const offset = env(context).gmtOffset;
    for (const field of ['title', 'content', 'excerpt'] as const) {
      const text = rawText(p[field]);
      if (text !== undefined) changes[field] = text;
    }
    for (const field of ['password', 'template', 'format'] as const) if (typeof p[field] === 'string') changes[field] = p[field] as string;
    for (const field of ['comment_status', 'ping_status'] as const) if (p[field] === 'open' || p[field] === 'closed') changes[field] = p[field];
    if (typeof p.featured_media === 'number') changes.featured_media = p.featured_media;
    if (Array.isArray(p.categories)) changes.categories = p.categories as number[];
    if (Array.isArray(p.tags)) changes.tags = p.tags as number[];
    if (typeof p.status === 'string') {
      const status = p.status as PostStatus;
      if ((status === 'publish' || status === 'future' || status === 'private') && !user?.can('publish_posts')) {
        return new RestError('rest_cannot_publish', 'Sorry, you are not allowed to publish posts in this post type.', { status: 403 });
      }
      changes.status = status;
    }
    if (typeof p.author === 'number' && p.author !== (existing?.author ?? user?.id)) {
      if (!user?.can('edit_others_posts')) {
        const verb = existing ? 'edit posts as this user.' : 'create posts as this user.';
        return new RestError('rest_cannot_edit_others', `Sorry, you are not allowed to ${verb}`, { status: 403 });
      }
      changes.author = p.author;
    }
    if (typeof p.sticky === 'boolean') {
      if (p.sticky && !(user?.can('edit_others_posts') && user.can('publish_posts'))) {
        return new RestError('rest_cannot_assign_sticky', 'Sorry, you are not allowed to make posts sticky.', { status: 403 });
      }
      changes.sticky = p.sticky;
    }
    // As `prepare_item_for_database`: `date` when given, else `date_gmt`.
    const date = typeof p.date === 'string' && p.date !== '' ? gmtOf(p.date, offset) : gmtOf(p.date_gmt, offset, true);
    if (date === null) return invalidDate();
    if (date) changes.date_gmt = date;
    if (typeof p.slug === 'string') changes.slug = slugify(p.slug);
    return changes;
  }

  /** The slug a post ends up with: as given, or for a published post its title's, unique either way. */
  async function settleSlug(post: Partial<PostRecord> & Pick<PostRecord, 'status' | 'title'>, self: number, context: RestContext): Promise<string> {
    const wanted = post.slug || (post.status === 'publish' || post.status === 'private' || post.status === 'future' ? slugify(post.title) : '');
    return wanted ? uniqueSlug(wanted, self, context) : '';
  }

  const handlers: Record<PostsHandler, Handler> = {
    async listPosts(request, context) {
      const p = request.params;
      const statuses = statusesOf(request, context.user);
      if (statuses instanceof RestError) return statuses;
      const perPage = p.per_page as number;
      const page = p.page as number;
      const offset = env(context).gmtOffset;
      const [after, before, modifiedAfter, modifiedBefore] = [p.after, p.before, p.modified_after, p.modified_before].map((value) => filterDate(value, offset));
      if (after === null || before === null || modifiedAfter === null || modifiedBefore === null) return invalidDate();
      const search = typeof p.search === 'string' && p.search !== '' ? p.search : undefined;
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
        author: p.author as number[],
        authorExclude: p.author_exclude as number[],
        include: p.include as number[],
        exclude: p.exclude as number[],
        slug: (p.slug as string[] | undefined) ?? [],
        sticky: typeof p.sticky === 'boolean' ? p.sticky : undefined,
        orderby: (p.search && request.params.orderby === undefined ? 'relevance' : p.orderby) as PostQuery['orderby'],
        order: p.order as PostQuery['order'],
        // WordPress's offset replaces the page's own offset rather than adding to it.
        offset: typeof p.offset === 'number' && p.offset > 0 ? p.offset : (page - 1) * perPage,
        limit: perPage,
      };
      const found = await storage.queryPosts(query, storageContext(context));
      if (page > pageCount(found.total, perPage) && found.total > 0) {
        return new RestError('rest_post_invalid_page_number', 'The page number requested is larger than the number of pages available.', { status: 400 });
      }
      const fields = requestedFields(p._fields);
      const items = found.posts
        // Also when a host storage ignores `hasPassword`: a protected post never answers a logged-out search.
        .filter((post) => canReadPost(context.user, post) && !(anonymousSearch && post.password !== ''))
        .map((post) => {
          const { data, links } = render(post, context, fields, p.context as PostContext);
          const compact = compactLinks(links);
          return compact ? { ...data, _links: compact } : data;
        });
      return paginate(new RestResponse(items), {
        total: found.total,
        perPage,
        page,
        collectionUrl: context.restUrl(`/${namespace}/posts`),
        query: request.query,
      });
    },

    async createPost(request, context) {
      if (request.params.id !== undefined) {
        return new RestError('rest_post_exists', 'Cannot create existing post.', { status: 400 });
      }
      const changes = await changesFrom(request, context, null);
      if (changes instanceof RestError) return changes;
      if (!changes.title && !changes.content && !changes.excerpt) {
        return new RestError('empty_content', 'Content, title, and excerpt are empty.', { status: 400 });
      }
      const now = new Date().toISOString().slice(0, 19);
      const draft = {
        date_gmt: now,
        slug: '',
        status: 'draft' as PostStatus,
        title: '',
        content: '',
        author: context.user?.id ?? 0,
        ...postDefaults(),
        ...changes,
      };
      draft.slug = await settleSlug(draft, 0, context);
      const created = await storage.createPost(draft, storageContext(context));
      const post = created.guid ? created : ((await storage.updatePost(created.id, { guid: permalink(created, context.site.home), modified_gmt: created.modified_gmt }, storageContext(context))) ?? created);
      const { data, links } = render(post, context, requestedFields(request.params._fields), 'edit');
      return withLinks(new RestResponse(data, 201, { Location: context.restUrl(`/${namespace}/posts/${post.id}`) }), links);
    },

    async getPost(request, context) {
      const post = await addressed(request, context);
      if (post instanceof RestError) return post;
      const { data, links } = render(post, context, requestedFields(request.params._fields), request.params.context as PostContext, typeof request.params.password === 'string');
      return withLinks(new RestResponse(data).linkHeader('alternate', permalink(post, context.site.home), { type: 'text/html' }), links);
    },

    async updatePost(request, context) {
      const existing = await addressed(request, context);
      if (existing instanceof RestError) return existing;
      const changes = await changesFrom(request, context, existing);
      if (changes instanceof RestError) return changes;
      const merged = { ...existing, ...changes };
      if (changes.slug !== undefined || (changes.status !== undefined && merged.slug === '')) changes.slug = await settleSlug(merged, existing.id, context);
      const updated = await storage.updatePost(existing.id, changes, storageContext(context));
      remember(request, updated);
      if (!updated) return invalidId();
      const { data, links } = render(updated, context, requestedFields(request.params._fields), 'edit');
      return withLinks(new RestResponse(data), links);
    },

    async deletePost(request, context) {
      const post = await addressed(request, context);
      if (post instanceof RestError) return post;
      if (request.params.force === true) {
        // WordPress answers the deleted post's data without its links, which point nowhere now.
        const previous = render(post, context, requestedFields(request.params._fields), 'edit').data;
        if (!(await storage.deletePost(post.id, storageContext(context)))) {
          return new RestError('rest_cannot_delete', 'The post cannot be deleted.', { status: 500 });
        }
        remember(request, null);
        return { deleted: true, previous };
      }
      if (post.status === 'trash') return new RestError('rest_already_trashed', 'The post has already been deleted.', { status: 410 });
      const trashed = await storage.updatePost(
        post.id,
        { status: 'trash', slug: post.slug ? `${post.slug}__trashed` : '', trashed_from: post.status },
        storageContext(context),
      );
      remember(request, trashed);
      if (!trashed) return invalidId();
      const { data, links } = render(trashed, context, requestedFields(request.params._fields), 'edit');
      return withLinks(new RestResponse(data), links);
    },
  };

  const checks: Record<PostsPermission, PermissionCheck> = {
    readCollection(request, { user }) {
      if (request.params.context === 'edit' && !user?.can('edit_posts')) {
        return denied(user, 'rest_forbidden_context', 'Sorry, you are not allowed to edit posts in this post type.');
      }
      return true;
    },
    createPost(_request, { user }) {
      return user?.can('edit_posts') ? true : denied(user, 'rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.');
    },
    async readPost(request, context) {
      const post = await addressed(request, context);
      if (post instanceof RestError) return post;
      const { user } = context;
      if (request.params.context === 'edit' && !canEditPost(user, post)) {
        return denied(user, 'rest_forbidden_context', 'Sorry, you are not allowed to edit this post.');
      }
      if (typeof request.params.password === 'string' && request.params.password !== post.password) {
        return new RestError('rest_post_incorrect_password', 'Incorrect post password.', { status: 403 });
      }
      return canReadPost(user, post);
    },
    async editPost(request, context) {
      // Anonymous callers may never write: answered before the lookup, so they learn nothing of which posts exist.
      if (!context.user) return denied(null, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this post.');
      const post = await addressed(request, context);
      if (post instanceof RestError) return post;
      return canEditPost(context.user, post) ? true : denied(context.user, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this post.');
    },
    async deletePost(request, context) {
      if (!context.user) return denied(null, 'rest_cannot_delete', 'Sorry, you are not allowed to delete this post.');
      const post = await addressed(request, context);
      if (post instanceof RestError) return post;
      return canChangePost(context.user, post, 'delete') ? true : denied(context.user, 'rest_cannot_delete', 'Sorry, you are not allowed to delete this post.');
    },
  };

  return { handlers, checks };
}

/** A query for the posts holding one slug, whatever their status. */
function slugQuery(slug: string): PostQuery {
  return {
    status: ['publish', 'future', 'draft', 'pending', 'private', 'trash'],
    author: [],
    authorExclude: [],
    include: [],
    exclude: [],
    slug: [slug],
    orderby: 'id',
    order: 'asc',
    offset: 0,
    limit: 100,
  };
}
