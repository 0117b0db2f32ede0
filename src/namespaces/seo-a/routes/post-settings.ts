import { NUMERIC_ID } from './index.js';
import type { RouteSpecTable } from '../../define.js';

/** The `seo-a/v1` routes of a post's SEO fields: redirection, robots, social sharing, title and description, and their preview. */
export const seoAPostSettingsRoutes = [
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
] as const satisfies RouteSpecTable;
