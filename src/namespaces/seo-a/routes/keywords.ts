import { NUMERIC_ID } from './index.js';
import type { RouteSpecTable } from '../../define.js';

/** The `seo-a/v1` routes of a post's target keywords and how many posts use them (TargetKeywords, CountTargetKeywordsUse). */
export const seoAKeywordsRoutes = [
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
] as const satisfies RouteSpecTable;
