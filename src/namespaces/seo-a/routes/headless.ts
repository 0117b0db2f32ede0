import { NUMERIC_ID } from './index.js';
import type { RouteSpecTable } from '../../define.js';

/** The `seo-a/v1` routes of the public headless SEO data of posts and terms (GetPost, GetPostByUrl, GetTerm). */
export const seoAHeadlessRoutes = [
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
] as const satisfies RouteSpecTable;
