import type { HandlerNameOf, RouteSpecTable } from '../define.js';

/**
 * The `blocksuite-animation/v1` route table (Kadence Blocks' `kb-lottieanimation/v1`). Neither
 * route declares args, as in Kadence: the index shows `args: []` and the handlers read the path and
 * the JSON body themselves.
 *
 * Kadence registers `animations/(?P<id>[\a-zA-Z0-9]+)`, where PCRE reads `\a-z` as the range from
 * BEL (U+0007) to `z`, so the frontend's `animations/12.json` matches (and so does any text of
 * characters up to `z`, `/` and `.` included). The index lists the route as the specification does;
 * a second route, left out of the index, matches what PCRE matches and runs the same handler.
 */
export const blocksuiteAnimationRoutes = [
  {
    path: '/animations/(?P<id>[a-zA-Z0-9]+)',
    endpoints: [{ methods: ['GET'], summary: 'Retrieve a Lottie animation’s JSON', permission: 'public', handler: 'getAnimation' }],
  },
  {
    path: '/animations',
    endpoints: [{ methods: ['POST'], summary: 'Upload a Lottie animation', permission: 'publish_posts', handler: 'createAnimation' }],
  },
  {
    path: '/animations/(?P<id>[\\x07-z]+)',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Retrieve a Lottie animation’s JSON by its file name (`12.json`)',
        permission: 'public',
        handler: 'getAnimation',
        showInIndex: false,
      },
    ],
  },
] as const satisfies RouteSpecTable;

/** The handlers the blocksuite-animation route table names. */
export type BlocksuiteAnimationHandlerName = HandlerNameOf<typeof blocksuiteAnimationRoutes>;
