import type { RestLink } from '../../core/http/response.js';
import { compactLinks, fieldTree, isFieldWanted, requestedFieldList, type FieldTree } from '../../core/http/response-data.js';
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

/** The fields of each context, in WordPress's order. */
const CONTEXT_FIELDS: Record<PostContext, readonly string[]> = {
  embed: ['id', 'date', 'slug', 'type', 'link', 'title', 'excerpt', 'author', 'featured_media'],
  view: [
    'id',
    'date',
    'date_gmt',
    'guid',
    'modified',
    'modified_gmt',
    'slug',
    'status',
    'type',
    'link',
    'title',
    'content',
    'excerpt',
    'author',
    'featured_media',
    'comment_status',
    'ping_status',
    'sticky',
    'template',
    'format',
    'meta',
    'categories',
    'tags',
  ],
  edit: [
    'id',
    'date',
    'date_gmt',
    'guid',
    'modified',
    'modified_gmt',
    'password',
    'slug',
    'status',
    'type',
    'link',
    'title',
    'content',
    'excerpt',
    'author',
    'featured_media',
    'comment_status',
    'ping_status',
    'sticky',
    'template',
    'format',
    'meta',
    'categories',
    'tags',
    'permalink_template',
    'generated_slug',
  ],
};

/** An object of the sub-fields `_fields` asks for, each built only then, in the order given. */
function subFields(parent: string, fields: FieldTree | null, builders: Record<string, () => unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, build] of Object.entries(builders)) if (isFieldIncluded(`${parent}.${name}`, fields)) out[name] = build();
  return out;
}

/** Who asks, what `_fields` asks for, whether the post's password was given, and the post's rendered text. */
export interface RenderOptions {
  user: RestUser | null;
  fields: FieldTree | null;
  passwordGiven: boolean;
  text: RenderedText;
}

/** A post's data in a context: the fields `_fields` asks for, in WordPress's order, each built only then. */
function postData(post: PostRecord, context: PostContext, env: RenderEnv, options: RenderOptions): Record<string, unknown> {
  const fields = options.fields;
  const edit = context === 'edit';
  const link = () => permalink(post, env.home);
  const guid = () => post.guid || link();
  const isProtected = post.password !== '';
  const hidden = isProtected && !options.passwordGiven;
  const text = options.text;
  const title = () => (isProtected ? `Protected: ${text.title()}` : text.title());
  const builders: Record<string, () => unknown> = {
    id: () => post.id,
    date: () => localDate(post.date_gmt, env.gmtOffset),
    date_gmt: () => post.date_gmt,
    guid: () => (edit ? { rendered: guid(), raw: guid() } : { rendered: guid() }),
    modified: () => localDate(post.modified_gmt, env.gmtOffset),
    modified_gmt: () => post.modified_gmt,
    password: () => post.password,
    slug: () => post.slug,
    status: () => post.status,
    type: () => 'post',
    link,
    title: () => subFields('title', fields, edit ? { raw: () => post.title, rendered: title } : { rendered: title }),
    content: () =>
      subFields('content', fields, {
        ...(edit ? { raw: () => post.content } : {}),
        rendered: () => (hidden ? '' : text.content()),
        protected: () => isProtected,
        ...(edit ? { block_version: () => (hasBlocks(post.content) ? 1 : 0) } : {}),
      }),
    excerpt: () =>
      subFields('excerpt', fields, {
        ...(edit ? { raw: () => post.excerpt } : {}),
        rendered: () => (hidden ? '' : text.excerpt()),
        protected: () => isProtected,
      }),
    author: () => post.author,
    featured_media: () => post.featured_media,
    comment_status: () => post.comment_status,
    ping_status: () => post.ping_status,
    sticky: () => post.sticky,
    template: () => post.template,
    format: () => post.format,
    meta: () => [],
    categories: () => post.categories,
    tags: () => post.tags,
    permalink_template: () => (post.status === 'trash' ? link() : `${env.home}/%postname%/`),
    generated_slug: () => slugify(post.title),
  };
  const data: Record<string, unknown> = {};
  for (const name of CONTEXT_FIELDS[context]) if (isFieldIncluded(name, fields)) data[name] = builders[name]!();
  return data;
}

/** Whether `_fields` asks for a post's links: they are `_links`, and `_embedded` is made from them. */
const wantsLinks = (fields: FieldTree | null) => isFieldIncluded('_links', fields) || isFieldIncluded('_embedded', fields);

/**
 * WordPress's `prepare_item_for_response` for a post: the fields of the context in WordPress's
 * order, each built only when `_fields` asks for it (with `id` always, as
 * `get_fields_for_response` adds it), content and excerpt hidden when the post is
 * password-protected and the password was not given, and the links only when `_fields` asks
 * for them. A post nested in another answer (`previous` of a deletion) is cut here too, since
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
  return links ? { ...data, _links: links } : data;
}
