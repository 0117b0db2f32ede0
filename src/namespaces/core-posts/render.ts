import type { RestLink } from '../../core/http/response.js';
import {
  compactLinks,
  CURIES,
  fieldTree,
  isFieldWanted,
  keepFields,
  requestedFieldList,
  type FieldTree,
} from '../../core/http/response-data.js';
import { sanitizeTitle } from '../../core/schema/sanitize-title.js';
import type { RestUser } from '../../core/types.js';
import type { PostRecord } from './storage.js';
import type { RenderedText } from './render-cache.js';
import { hasBlocks } from './text.js';

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

/** The URLs of a post's links: they read its id, author and revisions and the site's API address, nothing else. */
interface LinkUrls {
  readonly self: string;
  readonly collection: string;
  readonly about: string;
  readonly author: string;
  readonly replies: string;
  readonly versionHistory: string;
  readonly revisions: number;
  /** The newest revision's id and URL, when the post has revisions. */
  readonly predecessor: number;
  readonly predecessorUrl: string;
  readonly attachment: string;
  readonly categories: string;
  readonly tags: string;
}

function linkUrls(post: PostRecord, env: RenderEnv): LinkUrls {
  const ns = `/${env.namespace}`;
  const revisions = post.revisions?.count ?? 0;
  const predecessor = revisions > 0 ? (post.revisions?.latest ?? 0) : 0;
  return Object.freeze({
    self: env.restUrl(`${ns}/posts/${post.id}`),
    collection: env.restUrl(`${ns}/posts`),
    about: env.restUrl(`${ns}/types/post`),
    author: env.restUrl(`${ns}/users/${post.author}`),
    replies: env.restUrl(`${ns}/comments`, { post: post.id }),
    versionHistory: env.restUrl(`${ns}/posts/${post.id}/revisions`),
    revisions,
    predecessor,
    predecessorUrl: revisions > 0 ? env.restUrl(`${ns}/posts/${post.id}/revisions/${predecessor}`) : '',
    attachment: env.restUrl(`${ns}/media`, { parent: post.id }),
    categories: env.restUrl(`${ns}/categories`, { post: post.id }),
    tags: env.restUrl(`${ns}/tags`, { post: post.id }),
  });
}

/** A post's link URLs, kept with its renderings under a key of all they read besides its id. */
function keptLinkUrls(post: PostRecord, env: RenderEnv, text: RenderedText): LinkUrls {
  const key = `${env.restUrl('')} ${env.namespace} ${post.author} ${post.revisions?.count ?? 0} ${post.revisions?.latest ?? 0}`;
  return text.links(key, () => linkUrls(post, env));
}

/** The relations WordPress does not shorten, in its order (`prepare_links`). */
function plainLinks(urls: LinkUrls): Record<string, RestLink[]> {
  const links: Record<string, RestLink[]> = {
    self: [{ href: urls.self }],
    collection: [{ href: urls.collection }],
    about: [{ href: urls.about }],
    author: [{ embeddable: true, href: urls.author }],
    replies: [{ embeddable: true, href: urls.replies }],
    'version-history': [{ count: urls.revisions, href: urls.versionHistory }],
  };
  if (urls.revisions > 0) links['predecessor-version'] = [{ id: urls.predecessor, href: urls.predecessorUrl }];
  return links;
}

/** The post's category and tag links, the `https://api.w.org/term` relation. */
function termLinks(urls: LinkUrls): RestLink[] {
  return [
    { taxonomy: 'category', embeddable: true, href: urls.categories },
    { taxonomy: 'post_tag', embeddable: true, href: urls.tags },
  ];
}

/** A post's links as `add_links` adds them (`prepare_links`), and the edit context's action links by what the user may do. */
function postLinks(urls: LinkUrls, context: PostContext, user: RestUser | null): Record<string, RestLink[]> {
  const links = plainLinks(urls);
  links['https://api.w.org/attachment'] = [{ href: urls.attachment }];
  links['https://api.w.org/term'] = termLinks(urls);
  if (context === 'edit') for (const action of actionLinks(user)) links[`https://api.w.org/action-${action}`] = [{ href: urls.self }];
  return links;
}

/**
 * {@link postLinks} outside the edit context as {@link compactLinks} shows them (`wp:` relations
 * after the others, then the curies), written out as fresh objects of fixed shapes: copying kept
 * ones link by link cost a collection page more than building them.
 */
function listedLinks(urls: LinkUrls): Record<string, unknown> {
  const links: Record<string, unknown> = plainLinks(urls);
  links['wp:attachment'] = [{ href: urls.attachment }];
  links['wp:term'] = termLinks(urls);
  links.curies = CURIES;
  return links;
}

/** Who asks, what `_fields` asks for, whether the post's password was given, and the post's rendered text. */
interface RenderOptions {
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
    generated_slug: asked('generated_slug') ? sanitizeTitle(post.title, String(post.id)) : undefined,
  };
}

/** Whether `_fields` asks for a post's links: they are `_links`, and `_embedded` is made from them. */
const wantsLinks = (fields: FieldTree | null) => isFieldIncluded('_links', fields) || isFieldIncluded('_embedded', fields);

/**
 * WordPress's `prepare_item_for_response` for a post: the fields of the context in WordPress's
 * order, cut to those `_fields` asks for (with `id` always, as `get_fields_for_response` adds
 * it), content and excerpt hidden when the post is password-protected and the password was not
 * given, and the links only when `_fields` asks for them. A post nested in another answer
 * (`previous` of a deletion) is cut here too, since `_fields` there names the outer answer's
 * fields.
 */
export function renderPost(post: PostRecord, context: PostContext, env: RenderEnv, options: RenderOptions): RenderedPost {
  const data = postData(post, context, env, options);
  return { data, links: wantsLinks(options.fields) ? postLinks(keptLinkUrls(post, env, options.text), context, options.user) : {} };
}

/**
 * A post as a collection lists it: {@link renderPost}'s data with its links folded in as
 * `_links`, as `response_to_data` folds them: built for each answer from the post's kept link
 * URLs.
 */
export function renderListedPost(post: PostRecord, context: PostContext, env: RenderEnv, options: RenderOptions): Record<string, unknown> {
  const data = postData(post, context, env, options);
  if (!wantsLinks(options.fields)) return data;
  const urls = keptLinkUrls(post, env, options.text);
  data._links = context === 'edit' ? compactLinks(postLinks(urls, context, options.user)) : listedLinks(urls);
  return data;
}
