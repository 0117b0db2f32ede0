import { EDITABLE, STRICT, settingsBody } from './args.js';
import { sanitizeTextField } from '../../../core/schema/text.js';

/** The paging and search args of a recipients list (`Eligible_Subscribers_Query::PER_PAGE` 20, `MAX_PER_PAGE` 100). */
const LIST_ARGS = {
  page: { type: 'integer', default: 1, minimum: 1, required: false },
  per_page: { type: 'integer', default: 20, minimum: 1, maximum: 100, required: false },
  search: { type: 'string', default: '', required: false, sanitizeCallback: sanitizeTextField },
} as const;

/** `data.userID` of the invite and unsubscribe routes. */
const USER_ID_ARGS = {
  data: { type: 'object', properties: { userID: { type: 'integer', minimum: 1, required: true } }, required: true },
} as const;

/**
 * The `site-insights/v1` e-mail reporting routes (Site Kit's `Core\Email_Reporting\REST_Email_Reporting_Controller`
 * and `Core\User\REST_Email_Reporting_Controller`, plus the develop branch's subscribed-users,
 * unsubscribe-user and next-report routes), in the order `routes/index.ts` places them.
 */
export const siteInsightsEmailReportingRoutes = [
  {
    path: '/core/site/data/email-reporting',
    endpoints: [
      { methods: ['GET'], summary: "Read the site's e-mail reporting switch", check: 'viewSplashOrDashboard', handler: 'getSiteReporting' },
      {
        methods: EDITABLE,
        summary: 'Turn e-mail reporting on or off for the site',
        args: settingsBody({ enabled: { type: 'boolean', required: true } }, STRICT),
        check: 'manageOptions',
        handler: 'setSiteReporting',
      },
    ],
  },
  {
    path: '/core/site/data/email-reporting-eligible-subscribers',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'List the users who may be invited to e-mail reports',
        args: LIST_ARGS,
        check: 'manageOptions',
        handler: 'listEligibleSubscribers',
      },
    ],
  },
  {
    path: '/core/site/data/email-reporting-subscribed-users',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'List the users subscribed to e-mail reports',
        args: LIST_ARGS,
        check: 'manageOptions',
        handler: 'listSubscribedUsers',
      },
    ],
  },
  {
    path: '/core/site/data/email-reporting-unsubscribe-user',
    endpoints: [
      {
        methods: EDITABLE,
        summary: "End a user's e-mail report subscription",
        args: USER_ID_ARGS,
        check: 'manageOptions',
        handler: 'unsubscribeUser',
      },
    ],
  },
  {
    path: '/core/site/data/email-reporting-invite-user',
    endpoints: [
      {
        methods: EDITABLE,
        summary: 'Invite a user to e-mail reports by mail',
        args: USER_ID_ARGS,
        check: 'manageOptions',
        handler: 'inviteUser',
      },
    ],
  },
  {
    path: '/core/site/data/email-reporting-errors',
    endpoints: [
      {
        methods: ['GET'],
        summary: "The latest report batch's error, when all its mails failed",
        check: 'manageOptions',
        handler: 'getReportErrors',
      },
    ],
  },
  {
    path: '/core/user/data/email-reporting-settings',
    endpoints: [
      { methods: ['GET'], summary: "Read the user's e-mail report subscription", check: 'viewDashboard', handler: 'getUserReporting' },
      {
        methods: EDITABLE,
        summary: "Change the user's e-mail report subscription",
        args: settingsBody({ frequency: { enum: ['weekly', 'monthly', 'quarterly'] }, subscribed: { type: 'boolean' } }, STRICT),
        check: 'viewDashboard',
        handler: 'setUserReporting',
      },
    ],
  },
  {
    path: '/core/user/data/email-reporting-next-report',
    endpoints: [{ methods: ['GET'], summary: "When the user's next report goes out", check: 'viewDashboard', handler: 'getNextReport' }],
  },
] as const;
