import type { RestError } from '../../core/errors/rest-error.js';
import { isPhpArray } from '../../core/php/values.js';
import { validateValue } from '../../core/schema/index.js';
import { asGiven, rawRendered } from '../../core/schema/raw-rendered.js';
import { sanitizeTextField } from '../../core/schema/text.js';
import type { ArgSchema } from '../../core/schema/types.js';
import { args } from '../../core/typed-params.js';
import type { CheckNameOf, HandlerNameOf, RouteSpecTable } from '../define.js';

/**
 * `rest_parse_request_arg` for a `date-time` string, checked while sanitizing as WordPress checks
 * a type-only arg: routes.json leaves the format out of `modified_after`, WordPress's schema has it.
 */
function dateTimeText(value: unknown, param: string): string | RestError {
  const verdict = validateValue(value, { type: 'string', format: 'date-time' }, param);
  return verdict === true ? String(value) : verdict;
}

/**
 * The phases WordPress gives an arg made from the item schema (`rest_get_endpoint_args_for_schema`)
 * and the base controller's `context`, `page`, `per_page`: checked by its schema in args order
 * before any type-only arg, then only sanitized. Where WordPress sanitizes with `sanitize_key` or
 * `absint` instead, a value that passed its schema comes out the same.
 */
const validatedFirst = { validateCallback: 'schema', sanitizeCallback: 'schema' } as const;

const id = { description: 'Unique identifier for the post.', type: 'integer' } as const satisfies ArgSchema;

/** The collection filters: routes.json's six exactly as listed, then WordPress's others (type-only: checked while sanitizing, in request order). */
const collectionArgs = args({
  context: { type: 'string', enum: ['view', 'embed', 'edit'], default: 'view', ...validatedFirst },
  page: { type: 'integer', default: 1, minimum: 1, ...validatedFirst },
  per_page: { type: 'integer', default: 10, minimum: 1, maximum: 100, ...validatedFirst },
  search: { type: 'string', validateCallback: 'schema', sanitizeCallback: sanitizeTextField },
  after: { description: 'posts published after', type: 'string', format: 'date-time' },
  modified_after: { description: 'posts modified after', type: 'string', sanitizeCallback: dateTimeText },
  author: {
    description: 'Limit result set to posts assigned to specific authors.',
    type: 'array',
    items: { type: 'integer' },
    default: [],
  },
  author_exclude: {
    description: 'Ensure result set excludes posts assigned to specific authors.',
    type: 'array',
    items: { type: 'integer' },
    default: [],
  },
  before: { description: 'Limit response to posts published before a given ISO8601 compliant date.', type: 'string', format: 'date-time' },
  modified_before: {
    description: 'Limit response to posts modified before a given ISO8601 compliant date.',
    type: 'string',
    format: 'date-time',
  },
  exclude: { description: 'Ensure result set excludes specific IDs.', type: 'array', items: { type: 'integer' }, default: [] },
  include: { description: 'Limit result set to specific IDs.', type: 'array', items: { type: 'integer' }, default: [] },
  offset: { description: 'Offset the result set by a specific number of items.', type: 'integer' },
  order: { description: 'Order sort attribute ascending or descending.', type: 'string', default: 'desc', enum: ['asc', 'desc'] },
  orderby: {
    description: 'Sort collection by post attribute.',
    type: 'string',
    default: 'date',
    enum: ['author', 'date', 'id', 'include', 'modified', 'parent', 'relevance', 'slug', 'include_slugs', 'title'],
  },
  slug: { description: 'Limit result set to posts with one or more specific slugs.', type: 'array', items: { type: 'string' } },
  status: {
    default: 'publish',
    description: 'Limit result set to posts assigned one or more statuses.',
    type: 'array',
    items: {
      enum: [
        'publish',
        'future',
        'draft',
        'pending',
        'private',
        'trash',
        'auto-draft',
        'inherit',
        'request-pending',
        'request-confirmed',
        'request-failed',
        'request-completed',
        'any',
      ],
      type: 'string',
    },
  },
  sticky: { description: 'Limit result set to items that are sticky.', type: 'boolean' },
});

/** What a post is written with: WordPress's create and update args, in its item schema's order. */
const writeArgs = args({
  date: {
    description: "The date the post was published, in the site's timezone.",
    type: ['string', 'null'],
    format: 'date-time',
    ...validatedFirst,
  },
  date_gmt: { description: 'The date the post was published, as GMT.', type: ['string', 'null'], format: 'date-time', ...validatedFirst },
  slug: { description: 'An alphanumeric identifier for the post unique to its type.', type: 'string', ...validatedFirst },
  status: {
    description: 'A named status for the post.',
    type: 'string',
    enum: ['publish', 'future', 'draft', 'pending', 'private'],
    ...validatedFirst,
  },
  password: { description: 'A password to protect access to the content and excerpt.', type: 'string', ...validatedFirst },
  // title, content and excerpt are listed with their item-schema properties and take a string, `{raw}` or anything, as in WordPress.
  title: rawRendered({
    description: 'The title for the post.',
    type: 'object',
    properties: {
      raw: { description: 'Title for the post, as it exists in the database.', type: 'string', context: ['edit'] },
      rendered: {
        description: 'HTML title for the post, transformed for display.',
        type: 'string',
        context: ['view', 'edit', 'embed'],
        readonly: true,
      },
    },
  }),
  content: rawRendered({
    description: 'The content for the post.',
    type: 'object',
    properties: {
      raw: { description: 'Content for the post, as it exists in the database.', type: 'string', context: ['edit'] },
      rendered: {
        description: 'HTML content for the post, transformed for display.',
        type: 'string',
        context: ['view', 'edit'],
        readonly: true,
      },
      block_version: {
        description: 'Version of the content block format used by the post.',
        type: 'integer',
        context: ['edit'],
        readonly: true,
      },
      protected: {
        description: 'Whether the content is protected with a password.',
        type: 'boolean',
        context: ['view', 'edit', 'embed'],
        readonly: true,
      },
    },
  }),
  author: { description: 'The ID for the author of the post.', type: 'integer', ...validatedFirst },
  excerpt: rawRendered({
    description: 'The excerpt for the post.',
    type: 'object',
    properties: {
      raw: { description: 'Excerpt for the post, as it exists in the database.', type: 'string', context: ['edit'] },
      rendered: {
        description: 'HTML excerpt for the post, transformed for display.',
        type: 'string',
        context: ['view', 'edit', 'embed'],
        readonly: true,
      },
      protected: {
        description: 'Whether the excerpt is protected with a password.',
        type: 'boolean',
        context: ['view', 'edit', 'embed'],
        readonly: true,
      },
    },
  }),
  featured_media: { description: 'The ID of the featured media for the post.', type: 'integer', ...validatedFirst },
  comment_status: {
    description: 'Whether or not comments are open on the post.',
    type: 'string',
    enum: ['open', 'closed'],
    ...validatedFirst,
  },
  ping_status: { description: 'Whether or not the post can be pinged.', type: 'string', enum: ['open', 'closed'], ...validatedFirst },
  format: {
    description: 'The format for the post.',
    type: 'string',
    enum: ['standard', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio'],
    ...validatedFirst,
  },
  // `check_meta_is_array` and no sanitizing: any PHP array passes, anything else is "Invalid parameter.".
  meta: { description: 'Meta fields.', type: 'object', properties: [], validateCallback: isPhpArray, sanitizeCallback: asGiven },
  sticky: { description: 'Whether or not the post should be treated as sticky.', type: 'boolean', ...validatedFirst },
  template: { description: 'The theme file to use to display the post.', type: 'string', ...validatedFirst },
  categories: {
    description: 'The terms assigned to the post in the category taxonomy.',
    type: 'array',
    items: { type: 'integer' },
    ...validatedFirst,
  },
  tags: {
    description: 'The terms assigned to the post in the post_tag taxonomy.',
    type: 'array',
    items: { type: 'integer' },
    ...validatedFirst,
  },
});

/** The `core/v2` posts routes, in routes.json's order; every endpoint may be batched. */
export const corePostsRoutes = [
  {
    path: '/posts',
    allowBatch: { v1: true },
    endpoints: [
      {
        methods: ['GET'],
        summary: 'List posts',
        args: collectionArgs,
        handler: 'listPosts',
        check: 'readCollection',
        denied: { code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to edit posts in this post type.' },
      },
      {
        methods: ['POST'],
        summary: 'Create a post',
        args: writeArgs,
        handler: 'createPost',
        permission: 'edit_posts',
        denied: { code: 'rest_cannot_create', message: 'Sorry, you are not allowed to create posts as this user.' },
      },
    ],
  },
  {
    path: '/posts/(?P<id>[\\d]+)',
    allowBatch: { v1: true },
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Retrieve a post',
        args: {
          id,
          context: {
            description: 'Scope under which the request is made; determines fields present in response.',
            type: 'string',
            enum: ['view', 'embed', 'edit'],
            default: 'view',
            ...validatedFirst,
          },
          password: { description: 'The password for the post if it is password protected.', type: 'string' },
        },
        handler: 'getPost',
        check: 'readPost',
      },
      {
        methods: ['POST', 'PUT', 'PATCH'],
        summary: 'Update a post',
        args: { id, ...writeArgs },
        handler: 'updatePost',
        check: 'editPost',
        denied: { code: 'rest_cannot_edit', message: 'Sorry, you are not allowed to edit this post.' },
      },
      {
        methods: ['DELETE'],
        summary: 'Delete a post',
        args: { id, force: { type: 'boolean', default: false, description: 'Whether to bypass Trash and force deletion.' } },
        handler: 'deletePost',
        check: 'deletePost',
        denied: { code: 'rest_cannot_delete', message: 'Sorry, you are not allowed to delete this post.' },
      },
    ],
  },
] as const satisfies RouteSpecTable;

/** The handler keys the posts table names. */
export type CorePostsHandlerName = HandlerNameOf<typeof corePostsRoutes>;

/** The permission-check keys the posts table names; bound to storage in `index.ts`. */
export type CorePostsCheckName = CheckNameOf<typeof corePostsRoutes>;
