import { isPhpArray } from '../../../core/php/values.js';
import { sanitizeKey } from '../../../core/schema/text.js';
import type { RouteSpecTable } from '../../define.js';
import { EDITABLE } from './args.js';

/** A write's `data`: Site Kit's `validate_callback` (`is_array`) in place of the object type check. */
const DATA = { type: 'object', required: false, validateCallback: isPhpArray } as const;

/**
 * The `site-insights/v1` routes of a module's data (Site Kit's `REST_Modules_Controller`):
 * its notifications, settings, data-available state and the datapoints Google's APIs answer.
 */
export const siteInsightsModuleDataRoutes = [
  {
    path: '/modules/(?P<slug>[a-z0-9\\-]+)/data/notifications',
    endpoints: [
      { methods: ['GET'], summary: "A module's notifications", args: {}, check: 'authenticate', handler: 'getModuleNotifications' },
    ],
  },
  {
    path: '/modules/(?P<slug>[a-z0-9\\-]+)/data/settings',
    endpoints: [
      { methods: ['GET'], summary: "A module's settings", args: {}, check: 'viewSplashOrDashboard', handler: 'getModuleSettings' },
      {
        methods: EDITABLE,
        summary: "Merge into a module's settings",
        args: { data: DATA },
        check: 'setupOrManageOptions',
        handler: 'setModuleSettings',
      },
    ],
  },
  {
    path: '/modules/(?P<slug>[a-z0-9\\-]+)/data/data-available',
    endpoints: [
      {
        methods: ['POST'],
        summary: "Mark a module's data as available",
        args: { slug: { required: false, sanitizeCallback: sanitizeKey } },
        check: 'viewSplashOrDashboard',
        handler: 'setModuleDataAvailable',
      },
    ],
  },
  {
    path: '/modules/(?P<slug>[a-z0-9\\-]+)/data/(?P<datapoint>[a-z\\-]+)',
    endpoints: [
      { methods: ['GET'], summary: "Read a module's datapoint", args: {}, check: 'datapointRead', handler: 'getModuleData' },
      {
        methods: EDITABLE,
        summary: "Write a module's datapoint",
        args: { data: DATA },
        check: 'datapointWrite',
        handler: 'setModuleData',
      },
    ],
  },
] as const satisfies RouteSpecTable;
