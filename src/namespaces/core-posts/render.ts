import type { RestLink } from '../../core/http/response.js';
import { compactLinks, fieldTree, isFieldWanted, keepFields, requestedFieldList, type FieldTree } from '../../core/http/response-data.js';
import type { RestUser } from '../../core/types.js';
import type { PostRecord } from './storage.js';
import type { CompactLinks, RenderedText } from './render-cache.js';
import { hasBlocks, slugify } from './text.js';

/** Which of WordPress's field sets a post is rendered with. */
export type PostContext = 'view' | 'embed' | 'edit';

/** What rendering needs from the site and the mounted namespace. */
export interface RenderEnv {
  /** The namespace the posts routes are mounted under (links point into it). */
  namespace: string;
  /** Absolute URL of an API route. */
  restUrl(route: string, query?: Record<string, string | number>): string;
  /** The site's home URL, without a trailing slash. */
  home: string;
  /** Hours to add to GMT for the site's local time. */
  gmtOffset: number;
}

/** A post as WordPress answers it: the data for one context, and its links. */
interface RenderedPost {
  data: Record<string, unknown>;
  links: Record<string, RestLink[]>;
}

/** The site's local time of a GMT date, as WordPress prints dates. */
function localDate(gmt: string, offsetHours: number): string {
  if (offsetHours === 0) return gmt;
  return new Date(Date.parse(`${gmt}Z`) + offsetHours * 3_600_000).toISOString().slice(0, 19);
}

/** Statuses whose posts have a pretty permalink; others are addressed `?p=ID`. */
const PRETTY = new Set(['publish', 'private']);

/** `get_permalink`. */
export function permalink(post: { status: string; slug: string; id: number }, home: string): string {
  return PRETTY.has(post.status) && post.slug ? `${home}/${post.slug}/` : `${home}/?p=${post.id}`;
}

/** `rest_is_field_included`: with no `_fields`, everything; else the field, a parent or a child of it. */
function isFieldIncluded(field: string, fields: FieldTree | null): boolean {
  return fields === null || isFieldWanted(field, fields);
}

/** The `_fields` of a request as a tree with `id` added (as `get_fields_for_response` always adds it), or null when there are none. */
export function requestedFields(value: unknown): FieldTree | null {
  const fields = requestedFieldList(value);
  return fields.length > 0 ? fieldTree([...fields, 'id']) : null;
}

/** The action links (`wp:action-*`) WordPress adds in the edit context, by what the user may do. */
function actionLinks(user: RestUser | null): string[] {
  if (!user) return [];
  const can = (capability: string) => user.can(capability);
  const actions: Array<[string, boolean]> = [
    ['publish', can('publish_posts')],
    ['unfiltered-html', can('unfiltered_html')],
    ['sticky', can('edit_others_posts') && can('publish_posts')],
    ['assign-author', can('edit_others_posts')],
    ['create-categories', can('manage_categories')],
    ['assign-categories', can('edit_posts')],
    ['create-tags', can('manage_categories')],
    ['assign-tags', can('edit_posts')],
  ];
  return actions.filter(([, allowed]) => allowed).map(([name]) => name);
}

function postLinks(post: PostRecord, env: RenderEnv, context: PostContext, user: RestUser | null): Record<string, RestLink[]> {
  const ns = `/${env.namespace}`;
  const self = env.restUrl(`${ns}/posts/${post.id}`);
  const links: Record<string, RestLink[]> = {
    self: [{ href: self }],
    collection: [{ href: env.restUrl(`${ns}/posts`) }],
    about: [{ href: env.restUrl(`${ns}/types/post`) }],
    author: [{ embeddable: true, href: env.restUrl(`${ns}/users/${post.author}`) }],
    replies: [{ embeddable: true, href: env.restUrl(`${ns}/comments`, { post: post.id }) }],
    'version-history': [{ count: post.revisions?.count ?? 0, href: env.restUrl(`${ns}/posts/${post.id}/revisions`) }],
  };
  if (post.revisions && post.revisions.count > 0) {
    links['predecessor-version'] = [
      { id: post.revisions.latest, href: env.restUrl(`${ns}/posts/${post.id}/revisions/${post.revisions.latest}`) },
    ];
  }
  links['https://api.w.org/attachment'] = [{ href: env.restUrl(`${ns}/media`, { parent: post.id }) }];
  links['https://api.w.org/term'] = [
    { taxonomy: 'category', embeddable: true, href: env.restUrl(`${ns}/categories`, { post: post.id }) },
    { taxonomy: 'post_tag', embeddable: true, href: env.restUrl(`${ns}/tags`, { post: post.id }) },
  ];
  if (context === 'edit') for (const action of actionLinks(user)) links[`https://api.w.org/action-${action}`] = [{ href: self }];
  return links;
}

/** Who asks, what `_fields` asks for, whether the post's password was given, and the post's rendered text. */
export interface RenderOptions {
  user: RestUser | null;
  fields: FieldTree | null;
  passwordGiven: boolean;
  text: RenderedText;
}

/**
 * A post's data in a context: its fields in WordPress's order, one object literal per context (a
 * shape `JSON.stringify` takes its fast path on), cut to what `_fields` asks for.
 */
function postData(post: PostRecord, context: PostContext, env: RenderEnv, options: RenderOptions): Record<string, unknown> {
  const data = contextData(post, context, env, options);
  return options.fields === null ? data : (keepFields(data, options.fields) as Record<string, unknown>);
}

/**
 * The fields of a context, in WordPress's order. Those that render text or read the content are
 * worked out only when `_fields` asks for them, and left undefined (then cut) when not.
 */
function contextData(post: PostRecord, context: PostContext, env: RenderEnv, options: RenderOptions): Record<string, unknown> {
  const fields = options.fields;
  const asked = (field: string) => isFieldIncluded(field, fields);
  const link = permalink(post, env.home);
  const isProtected = post.password !== '';
  const hidden = isProtected && !options.passwordGiven;
  const text = options.text;
  const title = asked('title.rendered') ? (isProtected ? `Protected: ${text.title()}` : text.title()) : undefined;
  const excerpt = hidden ? '' : asked('excerpt.rendered') ? text.excerpt() : undefined;
  if (context === 'embed') {
    return {
      id: post.id,
      date: localDate(post.date_gmt, env.gmtOffset),
      slug: post.slug,
      type: 'post',
      link,
      title: { rendered: title },
      excerpt: { rendered: excerpt, protected: isProtected },
      author: post.author,
      featured_media: post.featured_media,
    };
  }
  const guid = post.guid || link;
  const date = localDate(post.date_gmt, env.gmtOffset);
  const modified = localDate(post.modified_gmt, env.gmtOffset);
  const content = hidden ? '' : asked('content.rendered') ? text.content() : undefined;
  if (context === 'view') {
    return {
      id: post.id,
      date,
      date_gmt: post.date_gmt,
      guid: { rendered: guid },
      modified,
      modified_gmt: post.modified_gmt,
      slug: post.slug,
      status: post.status,
      type: 'post',
      link,
      title: { rendered: title },
      content: { rendered: content, protected: isProtected },
      excerpt: { rendered: excerpt, protected: isProtected },
      author: post.author,
      featured_media: post.featured_media,
      comment_status: post.comment_status,
      ping_status: post.ping_status,
      sticky: post.sticky,
      template: post.template,
      format: post.format,
      meta: [],
      categories: post.categories,
      tags: post.tags,
    };
  }
  return {
    id: post.id,
    date,
    date_gmt: post.date_gmt,
    guid: { rendered: guid, raw: guid },
    modified,
    modified_gmt: post.modified_gmt,
    password: post.password,
    slug: post.slug,
    status: post.status,
    type: 'post',
    link,
    title: { raw: post.title, rendered: title },
    content: {
      raw: asked('content.raw') ? post.content : undefined,
      rendered: content,
      protected: isProtected,
      block_version: asked('content.block_version') ? (hasBlocks(post.content) ? 1 : 0) : undefined,
    },
    excerpt: { raw: post.excerpt, rendered: excerpt, protected: isProtected },
    author: post.author,
    featured_media: post.featured_media,
    comment_status: post.comment_status,
    ping_status: post.ping_status,
    sticky: post.sticky,
    template: post.template,
    format: post.format,
    meta: [],
    categories: post.categories,
    tags: post.tags,
    permalink_template: post.status === 'trash' ? link : `${env.home}/%postname%/`,
    generated_slug: asked('generated_slug') ? slugify(post.title) : undefined,
  };
}

/** Whether `_fields` asks for a post's links: they are `_links`, and `_embedded` is made from them. */
const wantsLinks = (fields: FieldTree | null) => isFieldIncluded('_links', fields) || isFieldIncluded('_embedded', fields);

/**
 * WordPress's `prepare_item_for_response` for a post: the fields of the context in WordPress's
 * order, cut to those `_fields` asks for (with `id` always, as `get_fields_for_response` adds
 * it), content and excerpt hidden when the post is password-protected and the password was not
 * given, and the links only when `_fields` asks for them. A post nested in another answer (`previous` of a deletion) is cut here too, since
 * `_fields` there names the outer answer's fields.
 */
export function renderPost(post: PostRecord, context: PostContext, env: RenderEnv, options: RenderOptions): RenderedPost {
  const data = postData(post, context, env, options);
  return { data, links: wantsLinks(options.fields) ? postLinks(post, env, context, options.user) : {} };
}

/**
 * A post as a collection lists it: {@link renderPost}'s data with its links folded in as
 * `_links`, as `response_to_data` folds them. Outside the edit context the links depend on no
 * user, so the post's kept ones serve, under a key of all they read besides the post's id.
 */
export function renderListedPost(post: PostRecord, context: PostContext, env: RenderEnv, options: RenderOptions): Record<string, unknown> {
  const data = postData(post, context, env, options);
  if (!wantsLinks(options.fields)) return data;
  const build = () => compactLinks(postLinks(post, env, context, options.user));
  const links: CompactLinks | null =
    context === 'edit'
      ? build()
      : options.text.links(
          `${env.restUrl('')} ${env.namespace} ${post.author} ${post.revisions?.count ?? 0} ${post.revisions?.latest ?? 0}`,
          build,
        );
  if (links) data._links = links;
  return data;
}
