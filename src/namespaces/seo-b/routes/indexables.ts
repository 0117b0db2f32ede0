import { toInt } from '../../../core/php/values.js';
import { sanitizeBoolean } from '../../../core/schema/coerce.js';
import { sanitizeTextField } from '../../../core/schema/text.js';
import type { RouteSpecTable } from '../../define.js';

/**
 * The score routes' args (Yoast's Abstract_Scores_Route): each `sanitize_callback` replaces
 * WordPress's type check, so `term=abc` reads as 0 and `troubleshooting`'s made-up `bool` type
 * checks nothing.
 */
const SCORE_ARGS = {
  contentType: { type: 'string', required: true, sanitizeCallback: sanitizeTextField },
  taxonomy: { type: 'string', default: '', required: false, sanitizeCallback: sanitizeTextField },
  term: { type: 'integer', default: null, required: false, sanitizeCallback: (value: unknown) => toInt(value) },
  troubleshooting: { type: 'bool', default: null, required: false, sanitizeCallback: sanitizeBoolean },
} as const;

/**
 * The `seo-b/v1` routes of Yoast's indexables: indexing and link counting in batches, the AIOSEO
 * importer, the SEO and readability score counts and the dashboard statistics.
 */
export const seoBIndexablesRoutes = [
  {
    path: '/statistics',
    endpoints: [{ methods: ['GET'], summary: 'Count the published posts per SEO rank', permission: 'read', handler: 'getStatistics' }],
  },
  {
    path: '/readability_scores',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Count a content type’s posts per readability score group',
        args: SCORE_ARGS,
        check: 'manageSeo',
        handler: 'getReadabilityScores',
      },
    ],
  },
  {
    path: '/seo_scores',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Count a content type’s posts per SEO score group',
        args: SCORE_ARGS,
        check: 'manageSeo',
        handler: 'getSeoScores',
      },
    ],
  },
  {
    path: '/import/(?P<plugin>[\\w-]+)/(?P<type>[\\w-]+)',
    endpoints: [
      {
        methods: ['POST'],
        summary: "Run one batch of another SEO plugin's importer",
        permission: 'activate_plugins',
        handler: 'runImport',
      },
    ],
  },
  {
    path: '/indexing/(?P<step>posts|terms|post-type-archives|general|prepare|indexables-complete|complete)',
    endpoints: [
      { methods: ['POST'], summary: 'Run one step of building the indexables', permission: 'edit_posts', handler: 'runIndexing' },
    ],
  },
  {
    path: '/link-indexing/(?P<kind>posts|terms)',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Count the links of one batch of posts or terms',
        permission: 'edit_posts',
        handler: 'runLinkIndexing',
      },
    ],
  },
] as const satisfies RouteSpecTable;
