import type { RouteSpecTable } from '../../define.js';

/**
 * The `site-insights/v1` routes of a user's dismissals (Site Kit's `Core/Dismissals`,
 * `Core/Expirables`, `Core/Feature_Tours` and `Core/Prompts`): dismissed items, expirable items,
 * dismissed feature tours and dismissed prompts, each in its `googlesitekitpersistent_*` user option.
 */
export const siteInsightsDismissalsRoutes = [
  {
    path: '/core/user/data/dismissed-items',
    endpoints: [
      {
        methods: ['GET'],
        summary: "The user's dismissed items that have not expired",
        check: 'viewSplashOrDashboard',
        handler: 'dismissedItems',
      },
      {
        methods: ['DELETE'],
        summary: "Remove items from the user's dismissed items",
        args: {
          data: {
            type: 'object',
            required: true,
            minProperties: 1,
            additionalProperties: false,
            properties: { slugs: { type: 'array', required: true, items: { type: 'string' } } },
          },
        },
        check: 'viewSplashOrDashboard',
        handler: 'undismissItems',
      },
    ],
  },
  {
    path: '/core/user/data/dismiss-item',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Dismiss an item for the user, for ever or for some seconds',
        args: { data: { type: 'object', required: true } },
        check: 'viewSplashOrDashboard',
        handler: 'dismissItem',
      },
    ],
  },
  {
    path: '/core/user/data/expirable-items',
    endpoints: [
      { methods: ['GET'], summary: "The user's expirable items and when each expires", check: 'viewDashboard', handler: 'expirableItems' },
    ],
  },
  {
    path: '/core/user/data/set-expirable-item-timers',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Start the timers of expirable items',
        args: {
          data: {
            type: 'array',
            required: true,
            items: {
              type: 'object',
              additionalProperties: false,
              properties: { slug: { type: 'string', required: true }, expiration: { type: 'integer', required: true } },
            },
          },
        },
        check: 'viewDashboard',
        handler: 'setExpirableItemTimers',
      },
    ],
  },
  {
    path: '/core/user/data/dismissed-tours',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'The feature tours the user dismissed',
        check: 'authenticateOrSharedDashboard',
        handler: 'dismissedTours',
      },
    ],
  },
  {
    path: '/core/user/data/dismiss-tour',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Dismiss a feature tour for the user',
        args: { data: { type: 'object', required: true } },
        check: 'authenticateOrSharedDashboard',
        handler: 'dismissTour',
      },
    ],
  },
  {
    path: '/core/user/data/dismissed-prompts',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'The prompts the user dismissed, with when each expires and how often it was dismissed',
        check: 'viewSplashOrDashboard',
        handler: 'dismissedPrompts',
      },
    ],
  },
  {
    path: '/core/user/data/dismiss-prompt',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Dismiss a prompt for the user, for ever or for some seconds, counting the dismissals',
        args: { data: { type: 'object', required: true } },
        check: 'viewSplashOrDashboard',
        handler: 'dismissPrompt',
      },
    ],
  },
] as const satisfies RouteSpecTable;
