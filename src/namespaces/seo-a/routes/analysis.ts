import { NUMERIC_ID } from './index.js';
import type { RouteSpecTable } from '../../define.js';

/** The `seo-a/v1` routes of content analysis and page preview (SEOPress's ContentAnalysis and PagePreview, which read the post's rendered page). */
export const seoAAnalysisRoutes = [
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
] as const satisfies RouteSpecTable;
