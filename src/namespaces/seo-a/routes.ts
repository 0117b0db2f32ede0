import { isNumeric } from '../../core/php/values.js';
import type { HandlerNameOf, RouteSpecTable } from '../define.js';

/** SEOPress registers `id` with only a `validate_callback` (`is_numeric`): the index lists it as `{required: false}`. */
const NUMERIC_ID = { id: { validateCallback: (value: unknown) => isNumeric(value) } } as const;

/**
 * The `seo-a/v1` route table (SEOPress 9.6's `seopress/v1`), in the order SEOPress registers
 * them. The per-post routes ask `current_user_can('edit_post', $request['id'])`, whose refusal is
 * WordPress's `rest_forbidden`; the headless routes and `search-url` are public; options and
 * roles need `manage_options`.
 */
export const seoARoutes = [
  {
    path: '/posts/(?P<id>\\d+)/content-analysis',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Retrieve a post's content analysis",
        args: NUMERIC_ID,
        check: 'canEditPost',
        handler: 'getContentAnalysis',
      },
      {
        methods: ['POST'],
        summary: "Save a post's content analysis",
        args: NUMERIC_ID,
        check: 'canEditPost',
        handler: 'saveContentAnalysis',
      },
    ],
  },
  {
    path: '/posts/(?P<id>\\d+)/count-target-keywords-use',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Count the posts using a post's target keywords",
        args: NUMERIC_ID,
        check: 'canEditPost',
        handler: 'countTargetKeywordsUse',
      },
    ],
  },
  {
    path: '/posts/(?P<id>\\d+)',
    endpoints: [
      { methods: ['GET'], summary: "Retrieve a post's SEO data", args: NUMERIC_ID, permission: 'public', handler: 'getHeadlessPost' },
    ],
  },
  {
    path: '/posts/by-url',
    endpoints: [
      { methods: ['GET'], summary: 'Retrieve the SEO data of the post at a URL', permission: 'public', handler: 'getHeadlessPostByUrl' },
    ],
  },
  {
    path: '/terms/(?P<id>\\d+)',
    endpoints: [
      { methods: ['GET'], summary: "Retrieve a term's SEO data", args: NUMERIC_ID, permission: 'public', handler: 'getHeadlessTerm' },
    ],
  },
  {
    path: '/posts/(?P<id>\\d+)/redirection-settings',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Retrieve a post's redirection",
        args: NUMERIC_ID,
        check: 'canEditPost',
        handler: 'getRedirectionSettings',
      },
      {
        methods: ['PUT'],
        summary: "Update a post's redirection",
        args: NUMERIC_ID,
        check: 'canEditPost',
        handler: 'putRedirectionSettings',
      },
    ],
  },
  {
    path: '/posts/(?P<id>\\d+)/meta-robot-settings',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Retrieve a post's robots settings",
        args: NUMERIC_ID,
        check: 'canEditPost',
        handler: 'getRobotSettings',
      },
      { methods: ['PUT'], summary: "Update a post's robots settings", args: NUMERIC_ID, check: 'canEditPost', handler: 'putRobotSettings' },
    ],
  },
  {
    path: '/posts/(?P<id>\\d+)/social-settings',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Retrieve a post's social sharing settings",
        args: NUMERIC_ID,
        check: 'canEditPost',
        handler: 'getSocialSettings',
      },
      {
        methods: ['PUT'],
        summary: "Update a post's social sharing settings",
        args: NUMERIC_ID,
        check: 'canEditPost',
        handler: 'putSocialSettings',
      },
    ],
  },
  {
    path: '/posts/(?P<id>\\d+)/target-keywords',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Retrieve a post's target keywords",
        args: NUMERIC_ID,
        check: 'canEditPost',
        handler: 'getTargetKeywords',
      },
      {
        methods: ['PUT'],
        summary: "Update a post's target keywords",
        args: NUMERIC_ID,
        check: 'canEditPost',
        handler: 'putTargetKeywords',
      },
    ],
  },
  {
    path: '/posts/(?P<id>\\d+)/title-description-metas',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Retrieve a post's SEO title and description",
        args: NUMERIC_ID,
        check: 'canEditPost',
        handler: 'getTitleDescription',
      },
      {
        methods: ['PUT'],
        summary: "Update a post's SEO title and description",
        args: NUMERIC_ID,
        check: 'canEditPost',
        handler: 'putTitleDescription',
      },
    ],
  },
  {
    path: '/posts/(?P<id>\\d+)/page-preview',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Preview a post's page as search engines read it",
        args: NUMERIC_ID,
        check: 'canEditPost',
        handler: 'getPagePreview',
      },
    ],
  },
  {
    path: '/posts/(?P<id>\\d+)/preview-title-description-metas',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Preview a post's SEO title and description",
        args: NUMERIC_ID,
        check: 'canEditPost',
        handler: 'previewTitleDescription',
      },
    ],
  },
  {
    path: '/options/(?P<group>advanced-settings|analytics-settings|bot-settings|dashboard-settings|indexing-settings|license-settings|pro-settings|sitemaps-settings|social-settings|titles-settings|shop-settings)',
    endpoints: [{ methods: ['GET'], summary: 'Retrieve a group of SEO settings', permission: 'manage_options', handler: 'getOptionGroup' }],
  },
  { path: '/roles', endpoints: [{ methods: ['GET'], summary: 'List the roles', permission: 'manage_options', handler: 'getRoles' }] },
  { path: '/search-url', endpoints: [{ methods: ['GET'], summary: 'Search posts by URL', permission: 'public', handler: 'searchUrl' }] },
] as const satisfies RouteSpecTable;

/** The handlers the seo-a route table names. */
export type SeoAHandlerName = HandlerNameOf<typeof seoARoutes>;
