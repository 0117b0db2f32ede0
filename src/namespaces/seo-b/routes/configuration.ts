import { sanitizeBoolean } from '../../../core/schema/coerce.js';
import { sanitizeTextField } from '../../../core/schema/text.js';
import { absint } from '../../../core/php/values.js';
import type { RouteSpecTable } from '../../define.js';

/** One of Yoast's `enum: ['yes', 'no']` tracking args. */
const YES_NO = { type: 'string', enum: ['yes', 'no'], required: false } as const;
/** Yoast's Site Kit set-up stages. */
const STAGE = { type: 'string', enum: ['install', 'activate', 'setup', 'grantConsent', 'successfullyConnected'], required: false } as const;
/**
 * A Yoast arg typed `bool`, which WordPress does not know (it checks nothing): `rest_sanitize_boolean`
 * alone makes it a boolean, so `"maybe"` is `true`.
 */
const LOOSE_BOOL = { type: 'bool', required: true, sanitizeCallback: sanitizeBoolean } as const;

/**
 * The `seo-b/v1` routes of the first-time configuration, integrations, workouts, the task list,
 * action tracking, the Site Kit consent and set-up tracking, and the Site Kit widgets' metrics
 * (Yoast's `First_Time_Configuration_Route`, `Integrations_Route`, `Workouts_Route`, task list,
 * `Action_Tracking_Route` and dashboard routes).
 */
export const seoBConfigurationRoutes = [
  {
    path: '/insights_configuration_permanent_dismissal',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Dismiss the Site Kit configuration for good',
        args: { is_dismissed: LOOSE_BOOL },
        check: 'manageSeo',
        handler: 'dismissInsightsConfiguration',
      },
    ],
  },
  {
    path: '/insights_manage_consent',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Grant or revoke the consent to read Site Kit data',
        args: { consent: LOOSE_BOOL },
        check: 'manageSeo',
        handler: 'manageInsightsConsent',
      },
    ],
  },
  {
    path: '/time_based_seo_metrics',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Retrieve a Site Kit widget's search or traffic metrics",
        args: {
          limit: { type: 'int', default: 5, required: false, sanitizeCallback: absint },
          options: { type: 'object', properties: { widget: { type: 'string', required: true } }, required: true },
        },
        check: 'manageSeo',
        handler: 'getTimeBasedSeoMetrics',
      },
    ],
  },
  {
    path: '/setup_steps_tracking',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Record the Site Kit set-up steps taken',
        args: {
          setup_widget_loaded: YES_NO,
          setup_widget_temporarily_dismissed: YES_NO,
          setup_widget_permanently_dismissed: YES_NO,
          first_interaction_stage: STAGE,
          last_interaction_stage: STAGE,
        },
        check: 'manageSeo',
        handler: 'trackSetupSteps',
      },
    ],
  },
  {
    path: '/configuration/site_representation',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Save who the site represents',
        args: {
          company_or_person: { type: 'string', enum: ['company', 'person'], required: true },
          company_name: { type: 'string', required: false },
          company_logo: { type: 'string', required: false },
          company_logo_id: { type: 'integer', required: false },
          person_logo: { type: 'string', required: false },
          person_logo_id: { type: 'integer', required: false },
          company_or_person_user_id: { type: 'integer', required: false },
          description: { type: 'string', required: false },
        },
        check: 'manageSeo',
        handler: 'setSiteRepresentation',
      },
    ],
  },
  {
    path: '/configuration/social_profiles',
    endpoints: [
      {
        methods: ['POST'],
        summary: "Save the organization's social profiles",
        args: {
          facebook_site: { type: 'string', required: false },
          twitter_site: { type: 'string', required: false },
          other_social_urls: { type: 'array', required: false },
        },
        check: 'manageSeo',
        handler: 'setSocialProfiles',
      },
    ],
  },
  {
    path: '/configuration/check_capability',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Tell whether the current user may edit a user',
        args: { user_id: { required: true } },
        check: 'manageSeo',
        handler: 'checkCapability',
      },
    ],
  },
  {
    path: '/configuration/enable_tracking',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Switch usage tracking on or off',
        args: { tracking: { type: 'boolean', required: true } },
        check: 'manageSeo',
        handler: 'enableTracking',
      },
    ],
  },
  {
    path: '/configuration/save_configuration_state',
    endpoints: [
      {
        methods: ['POST'],
        summary: "Save the first-time configuration's finished steps",
        args: { finishedSteps: { type: 'array', required: true } },
        check: 'manageSeo',
        handler: 'saveConfigurationState',
      },
    ],
  },
  {
    path: '/configuration/get_configuration_state',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Retrieve the first-time configuration's finished steps",
        check: 'manageSeo',
        handler: 'getConfigurationState',
      },
    ],
  },
  {
    path: '/integrations/set_active',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Switch an integration on or off',
        args: { active: { type: 'boolean', required: true }, integration: { type: 'string', required: true } },
        check: 'manageSeo',
        handler: 'setIntegrationActive',
      },
    ],
  },
  {
    path: '/workouts',
    endpoints: [
      { methods: ['GET'], summary: 'Retrieve the SEO workouts', permission: 'edit_others_posts', handler: 'getWorkouts' },
      { methods: ['POST'], summary: 'Save the SEO workouts', permission: 'edit_others_posts', handler: 'saveWorkouts' },
    ],
  },
  {
    path: '/complete_task',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Complete a task of the task list',
        args: { options: { type: 'object', properties: { task: { type: 'string', required: true } }, required: true } },
        check: 'manageSeo',
        handler: 'completeTask',
      },
    ],
  },
  {
    path: '/get_tasks',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'List the tasks of the task list',
        args: { options: { type: 'object', properties: { filter: { type: 'string' }, limit: { type: 'int' } }, required: false } },
        check: 'manageSeo',
        handler: 'getTasks',
      },
    ],
  },
  {
    path: '/action_tracking',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Record the version at which an action was first taken',
        args: { action: { type: 'string', required: true, sanitizeCallback: sanitizeTextField } },
        check: 'manageSeo',
        handler: 'trackAction',
      },
    ],
  },
] as const satisfies RouteSpecTable;
