import { sanitizeKey } from '../../../core/schema/text.js';
import type { RouteSpecTable } from '../../define.js';
import { EDITABLE } from './args.js';

/**
 * The `site-insights/v1` routes of Site Kit's modules (`REST_Modules_Controller`,
 * `REST_Dashboard_Sharing_Controller`): the list, activation, one module's info, the access
 * check, recovery of modules whose owner is gone, and dashboard sharing.
 */
export const siteInsightsModulesRoutes = [
  {
    path: '/core/modules/data/list',
    endpoints: [{ methods: ['GET'], summary: "List Site Kit's modules and their state", check: 'viewSplashOrDashboard', handler: 'list' }],
  },
  {
    path: '/core/modules/data/activation',
    endpoints: [
      {
        methods: EDITABLE,
        summary: 'Activate or deactivate a module',
        args: { data: { type: 'object', required: true } },
        check: 'setupOrManageOptions',
        handler: 'activation',
      },
    ],
  },
  {
    path: '/core/modules/data/info',
    endpoints: [
      {
        methods: ['GET'],
        summary: "One module's state",
        args: { slug: { description: 'module identifier', type: 'string', sanitizeCallback: sanitizeKey } },
        check: 'authenticate',
        handler: 'info',
      },
    ],
  },
  {
    path: '/core/modules/data/check-access',
    endpoints: [
      {
        methods: EDITABLE,
        summary: "Whether the caller's Google account reaches a module's property",
        args: { slug: { type: 'string', sanitizeCallback: sanitizeKey } },
        check: 'setup',
        handler: 'checkAccess',
      },
    ],
  },
  {
    path: '/core/modules/data/recover-modules',
    endpoints: [
      {
        methods: EDITABLE,
        summary: 'Take over modules whose owner can no longer use them',
        check: 'setup',
        handler: 'recoverModules',
      },
    ],
  },
  {
    path: '/core/modules/data/sharing-settings',
    endpoints: [
      {
        methods: EDITABLE,
        summary: "Change the dashboard's sharing settings",
        args: { data: { type: 'object', required: true } },
        check: 'manageOptions',
        handler: 'saveSharing',
      },
      { methods: ['DELETE'], summary: "Delete the dashboard's sharing settings", check: 'manageOptions', handler: 'deleteSharing' },
    ],
  },
] as const satisfies RouteSpecTable;
