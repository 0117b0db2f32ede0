import type { RouteSpecTable } from '../../define.js';
import { EDITABLE } from './args.js';

/**
 * The `site-insights/v1` routes that go through the Site Kit service: the site's notifications
 * (`Core/Notifications/Notifications.php`) and the user's surveys
 * (`Core/User_Surveys/REST_User_Surveys_Controller.php`).
 */
export const siteInsightsSurveysNotificationsRoutes = [
  {
    path: '/core/site/data/notifications',
    endpoints: [
      {
        methods: ['GET'],
        summary: "The site's notifications from the Site Kit service",
        check: 'setupWithCredentials',
        handler: 'notifications',
      },
    ],
  },
  {
    path: '/core/site/data/mark-notification',
    endpoints: [
      {
        methods: EDITABLE,
        summary: 'Mark a notification at the Site Kit service',
        args: { data: { type: 'object', required: true } },
        check: 'setupWithCredentials',
        handler: 'markNotification',
      },
    ],
  },
  {
    path: '/core/user/data/survey-trigger',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Send a survey trigger, queueing the survey the Site Kit service answers',
        args: {
          data: {
            type: 'object',
            properties: { triggerID: { type: 'string', required: true }, ttl: { type: 'integer', minimum: 0 } },
            required: true,
          },
        },
        check: 'authenticatedUsingProxy',
        handler: 'surveyTrigger',
      },
    ],
  },
  {
    path: '/core/user/data/survey-event',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Send a survey event to the Site Kit service',
        args: {
          data: {
            type: 'object',
            properties: {
              session: {
                type: 'object',
                properties: { session_id: { type: 'string', required: true }, session_token: { type: 'string', required: true } },
                required: true,
              },
              event: {
                type: 'object',
                properties: {
                  survey_shown: { type: 'object' },
                  survey_closed: { type: 'object' },
                  question_answered: { type: 'object' },
                  completion_shown: { type: 'object' },
                  follow_up_link_clicked: { type: 'object' },
                },
                required: true,
              },
            },
            required: true,
          },
        },
        check: 'authenticatedUsingProxy',
        handler: 'surveyEvent',
      },
    ],
  },
  {
    path: '/core/user/data/survey-timeouts',
    endpoints: [
      { methods: ['GET'], summary: "The user's resting survey triggers", check: 'authenticatedUsingProxy', handler: 'surveyTimeouts' },
    ],
  },
  {
    path: '/core/user/data/survey',
    endpoints: [{ methods: ['GET'], summary: "The user's next queued survey", check: 'authenticatedUsingProxy', handler: 'survey' }],
  },
] as const satisfies RouteSpecTable;
