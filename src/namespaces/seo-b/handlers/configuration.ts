// The first-time configuration, integrations, workouts, task list, action tracking, Site Kit
// consent and set-up tracking, and the Site Kit widgets (Yoast's `First_Time_Configuration_Action`,
// `Integrations_Action`, `Workouts_Route`, task list routes, `Action_Tracking_Route` and dashboard routes).
import type { RestContext, RestUser } from '../../../core/types.js';
import { RestResponse } from '../../../core/http/response.js';
import { isPlainObject } from '../../../core/own-property.js';
import { canChangePost } from '../../../core/auth/post-capabilities.js';
import { looseEqualsNumber, toPhpString } from '../../../core/php/values.js';
import { phpRtrim } from '../../../core/php/strings.js';
import { sanitizeTextField } from '../../../core/schema/text.js';
import type { JsonValue } from '../../../store/types.js';
import type { BoundService } from '../../host-service.js';
import { storageContext, type BoundStorage, type Handlers } from '../../define.js';
import { postAddress } from '../../url-to-post.js';
import {
  NOT_SAVED,
  configurationFailure,
  dataSourceNotAvailable,
  invalidTrackedAction,
  noTrackingParams,
  repositoryNotFound,
  taskFailure,
  taskNotFound,
  unexpectedResponse,
  widgetFailure,
} from '../errors.js';
import type { seoBConfigurationRoutes } from '../routes/configuration.js';
import type { InsightsFailure, SiteInsights, SiteInsightsAnswer } from '../services.js';
import { socialUrl, twitterId } from '../social-urls.js';
import type { SeoBStorage } from '../storage.js';
import { completeTask, tasksData, type TaskEnv } from '../task-list.js';
import { createNonce } from '../../site-salt.js';
import { parseWidget, widgetPlan, type WidgetPlan } from '../time-based-metrics.js';
import { TRACKING_ONLY_KEYS, getWpseo, setWpseo } from '../wpseo-options.js';

/** What the configuration handlers need besides their storage. */
interface SeoBConfigurationDeps {
  /** The clock in milliseconds. */
  now: () => number;
  /** Site Kit's data, as bound at mount. */
  insights: BoundService<SiteInsights, InsightsFailure>;
  /** The `nonce` salt, for the task list's tracking links. */
  nonceSalt: () => Promise<string>;
}

/** The version `Action_Tracker` records (`WPSEO_VERSION`). */
const YOAST_VERSION = '28.1';
/** `Cached_Tasks_Collector::TASKS_TRANSIENT`, kept a minute. */
const TASKS_TRANSIENT = 'wpseo_task_list_tasks';

/** `First_Time_Configuration_Action::SITE_REPRESENTATION_FIELDS`, in Yoast's order. */
const SITE_REPRESENTATION_FIELDS = [
  'company_or_person',
  'company_name',
  'website_name',
  'company_logo',
  'company_logo_id',
  'person_logo',
  'person_logo_id',
  'company_or_person_user_id',
  'description',
] as const;

/** `/setup_steps_tracking`'s keys by the camelCase param the handler reads (its args are declared in snake_case). */
const SETUP_STEPS = [
  ['setup_widget_loaded', 'setupWidgetLoaded'],
  ['first_interaction_stage', 'firstInteractionStage'],
  ['last_interaction_stage', 'lastInteractionStage'],
  ['setup_widget_temporarily_dismissed', 'setupWidgetTemporarilyDismissed'],
  ['setup_widget_permanently_dismissed', 'setupWidgetPermanentlyDismissed'],
] as const;

/** `get_json_params()` as the configuration actions index it: the JSON body's object, `{}` without one. */
function jsonParams(json: unknown): Record<string, JsonValue> {
  return isPlainObject(json) ? (json as Record<string, JsonValue>) : {};
}

/** PHP's `isset()` on a JSON param. */
const isSet = (value: JsonValue | undefined): value is JsonValue => value !== undefined && value !== null;

/** `{success, status}` with that status: a configuration action's success. */
const succeeded = (): RestResponse => new RestResponse({ success: true, status: 200 }, 200);

/** `Social_Profiles_Helper::set_organization_social_profiles`: the fields that failed, validated first, then saved. */
async function saveSocialProfiles(storage: BoundStorage<SeoBStorage>, params: Record<string, JsonValue>): Promise<string[]> {
  const failures: string[] = [];
  const given = new Map<string, JsonValue>();
  for (const field of ['facebook_site', 'twitter_site', 'other_social_urls'] as const) {
    const raw = params[field];
    if (!isSet(raw)) continue;
    const value = Array.isArray(raw) ? raw.map((item) => sanitizeTextField(item)) : sanitizeTextField(raw);
    given.set(field, value);
    if (field === 'facebook_site' && value !== '' && socialUrl(String(value)) === false) failures.push(field);
    if (field === 'twitter_site' && value !== '' && value !== '0' && twitterId(value, false) === false) failures.push(field);
    if (field === 'other_social_urls' && Array.isArray(value)) {
      value.forEach((url, index) => {
        if (url !== '' && socialUrl(url) === false) failures.push(`${field}-${index}`);
      });
    }
  }
  if (failures.length > 0) return failures;
  for (const [field, value] of given) {
    const saved = field === 'other_social_urls' && Array.isArray(value) ? value.filter((url) => url !== '') : value;
    if (await setWpseo(storage, field, saved)) continue;
    if (field !== 'twitter_site') {
      failures.push(field);
      continue;
    }
    // The handle is kept instead of a profile URL: not a failure when the URL names it.
    const handle = toPhpString(await getWpseo(storage, field));
    const text = toPhpString(value);
    if (text.indexOf(`twitter.com/${handle}`) <= 0 && text.indexOf(`x.com/${handle}`) <= 0) failures.push(field);
  }
  return failures;
}

/** The task list's context for a request: the storage, the admin address, the clock and the tracking nonce. */
async function taskEnv(storage: BoundStorage<SeoBStorage>, context: RestContext, deps: SeoBConfigurationDeps): Promise<TaskEnv> {
  const now = deps.now();
  const nonce = createNonce('wpseo_tracking_nonce', context.user?.id ?? 0, now, await deps.nonceSalt());
  return { storage, adminUrl: `${context.site.url}/wp-admin/`, now, nonce };
}

/** The name Yoast gives a widget's data source in its failed-request message. */
const sourceName = (plan: WidgetPlan): string => (plan.query.module === 'search-console' ? 'Search Console' : 'Analytics 4');

/** Yoast's answer for a failed Site Kit call. */
function insightsFailure(plan: WidgetPlan, failure: InsightsFailure): RestResponse {
  if (failure.kind === 'unavailable') return dataSourceNotAvailable(plan.source);
  if (failure.kind === 'unexpected') return unexpectedResponse();
  return widgetFailure(`The ${sourceName(plan)} request failed: ${failure.reason}`, failure.status);
}

/** Yoast's SEO score group of a post's focus keyphrase score (`SEO_Score_Groups_Repository`). */
function seoScoreGroup(focusKeyword: JsonValue | undefined, linkdex: JsonValue | undefined): string {
  if (typeof focusKeyword !== 'string' || focusKeyword === '') return 'notAnalyzed';
  const score = Number.parseInt(toPhpString(linkdex), 10);
  if (!(score > 0)) return 'notAnalyzed';
  return score <= 40 ? 'bad' : score <= 70 ? 'ok' : score <= 100 ? 'good' : 'notAnalyzed';
}

/** `Top_Page_Indexable_Collector`: each top page with the SEO score of the post at its URL, and its edit link where the user may edit it. */
async function withSeoScores(
  rows: JsonValue[],
  storage: BoundStorage<SeoBStorage>,
  context: RestContext,
  user: RestUser | null,
): Promise<JsonValue[]> {
  const home = context.site.home;
  return Promise.all(
    rows.map(async (row) => {
      const page = row as Record<string, JsonValue>;
      const url = toPhpString(page.subject);
      const frontPage = phpRtrim(url, '/') === phpRtrim(home, '/') && context.site.show_on_front === 'page';
      const address = frontPage ? { id: context.site.page_on_front ?? 0 } : postAddress(url, home);
      const post =
        address === null
          ? null
          : 'id' in address
            ? await storage.getPost(address.id)
            : ((await storage.findPosts({ type: ['post', 'page'], slug: [address.slug], status: ['publish'], limit: 1 }))[0] ?? null);
      if (!post) return { ...page, seoScore: 'notAnalyzed', links: [] };
      const meta = await storage.getPostMeta(post.ID, ['_yoast_wpseo_focuskw', '_yoast_wpseo_linkdex']);
      const editable = canChangePost(user, { author: post.post_author, status: post.post_status, type: post.post_type }, 'edit');
      return {
        ...page,
        seoScore: seoScoreGroup(meta._yoast_wpseo_focuskw, meta._yoast_wpseo_linkdex),
        links: editable ? { edit: `${context.site.url}/wp-admin/post.php?post=${post.ID}&action=edit` } : [],
      };
    }),
  );
}

/** Site Kit's answer read as Yoast reads it, or Yoast's answer for what it could not read. */
function readInsights(widget: string, plan: WidgetPlan, answer: SiteInsightsAnswer): JsonValue[] | RestResponse {
  if (isPlainObject(answer) && 'error' in answer && isPlainObject(answer.error)) {
    const { message, status } = answer.error;
    return widgetFailure(`The ${sourceName(plan)} request failed: ${toPhpString(message)}`, typeof status === 'number' ? status : 500);
  }
  const parsed = parseWidget(widget, plan, answer);
  if (parsed.ok) return parsed.rows;
  if (parsed.kind === 'unexpected') return unexpectedResponse();
  return widgetFailure(`The Analytics 4 request is invalid: ${parsed.reason}`, 400);
}

/** The configuration group's handlers. */
export function seoBConfigurationHandlers(deps: SeoBConfigurationDeps): Handlers<typeof seoBConfigurationRoutes, SeoBStorage> {
  return {
    async dismissInsightsConfiguration(request, _context, storage) {
      const success = await setWpseo(storage, 'site_kit_configuration_permanently_dismissed', request.params.is_dismissed);
      return new RestResponse({ success }, success ? 200 : 400);
    },

    async manageInsightsConsent(request, _context, storage) {
      const success = await setWpseo(storage, 'site_kit_connected', request.params.consent);
      return new RestResponse({ success }, success ? 200 : 400);
    },

    async getTimeBasedSeoMetrics(request, context, storage) {
      const plan = widgetPlan(request.params.options.widget, request.params.limit, deps.now());
      if (!plan) return repositoryNotFound();
      // Yoast's `is_onboarded()`: Site Kit set up (a host callback) and the consent given.
      if ((await getWpseo(storage, 'site_kit_connected')) !== true) return dataSourceNotAvailable(plan.source);
      const asker = storageContext(context, request);
      const result = await deps.insights.call((host, signal) => host.report(plan.query, signal, asker), plan.query);
      if (!result.ok) return insightsFailure(plan, result.answer);
      const rows = readInsights(request.params.options.widget, plan, result.value);
      if (rows instanceof RestResponse) return rows;
      return request.params.options.widget === 'page' ? withSeoScores(rows, storage, context, context.user) : rows;
    },

    async trackSetupSteps(request, _context, storage) {
      const given = SETUP_STEPS.filter(([, param]) => isSet(request.params[param] as JsonValue | undefined));
      if (given.length === 0) return noTrackingParams();
      let success = true;
      for (const [key, param] of given) {
        const value = request.params[param];
        // Yoast's `string $element_value`: a scalar as PHP casts it; anything else is not written.
        success = typeof value === 'object' ? false : await setWpseo(storage, `site_kit_tracking_${key}`, toPhpString(value));
        if (!success) break;
      }
      return new RestResponse({ success }, success ? 200 : 400);
    },

    async setSiteRepresentation(request, _context, storage) {
      const params = jsonParams(request.json);
      const failures: string[] = [];
      for (const field of SITE_REPRESENTATION_FIELDS) {
        const value = params[field];
        if (isSet(value) && !(await setWpseo(storage, field, value))) failures.push(field);
      }
      await setWpseo(storage, 'company_logo_meta', false);
      await setWpseo(storage, 'person_logo_meta', false);
      if (failures.length === 0) return succeeded();
      return configurationFailure(500, 'Could not save some options in the database', failures);
    },

    async setSocialProfiles(request, _context, storage) {
      const failures = await saveSocialProfiles(storage, jsonParams(request.json));
      if (failures.length === 0) return { json: { success: true, status: 200 } };
      return { json: { success: false, status: 200, error: 'Could not save some options in the database', failures } };
    },

    checkCapability(request, context) {
      const user = context.user;
      // `edit_user` on a user id: a user may edit themselves, others need `edit_users` (`map_meta_cap`).
      const may = user !== null && (looseEqualsNumber(request.params.user_id, user.id) || user.can('edit_users'));
      return may ? { success: true, status: 200 } : { success: false, status: 403 };
    },

    async enableTracking(request, _context, storage) {
      const tracking = jsonParams(request.json).tracking ?? null;
      if ((await getWpseo(storage, 'tracking')) !== tracking) {
        await setWpseo(storage, 'toggled_tracking', true);
        if (!(await setWpseo(storage, 'tracking', tracking))) return configurationFailure(500, NOT_SAVED);
      }
      return succeeded();
    },

    async saveConfigurationState(request, _context, storage) {
      const steps = jsonParams(request.json).finishedSteps;
      if (!isSet(steps)) return configurationFailure(400, 'Bad request');
      const list = Array.isArray(steps) ? steps : isPlainObject(steps) ? Object.values(steps) : [steps];
      const finished = list.map((step) => sanitizeTextField(step));
      if (!(await setWpseo(storage, 'configuration_finished_steps', finished))) return configurationFailure(500, NOT_SAVED);
      if (list.length === 3) await setWpseo(storage, 'first_time_install', false);
      return succeeded();
    },

    async getConfigurationState(_request, _context, storage) {
      const steps = await getWpseo(storage, 'configuration_finished_steps');
      if (steps === null) return configurationFailure(500, 'Could not get data from the database');
      return { success: true, status: 200, data: steps };
    },

    async setIntegrationActive(request, _context, storage) {
      const params = jsonParams(request.json);
      const name = `${toPhpString(params.integration)}_integration_active`;
      const active = params.active ?? null;
      const success = (await getWpseo(storage, name)) === active || (await setWpseo(storage, name, active));
      return { json: success ? { success: true, status: 200 } : { success: false, status: 500, error: NOT_SAVED } };
    },

    async getWorkouts(_request, _context, storage) {
      return { json: await getWpseo(storage, 'workouts_data') };
    },

    // The free plugin saves nothing: Premium hooks `Yoast\WP\SEO\workouts_route_save`, whose default is null.
    saveWorkouts() {
      return { json: null };
    },

    async completeTask(request, context, storage) {
      await setWpseo(storage, 'task_first_actioned_on', YOAST_VERSION);
      const outcome = await completeTask(await taskEnv(storage, context, deps), request.params.options.task);
      if (!outcome.done) return outcome.missing ? taskNotFound() : taskFailure(outcome.message, 400);
      await storage.deleteTransient(TASKS_TRANSIENT);
      return { success: true };
    },

    async getTasks(_request, context, storage) {
      await setWpseo(storage, 'task_list_first_opened_on', YOAST_VERSION);
      const cached = await storage.getTransient(TASKS_TRANSIENT);
      if (typeof cached === 'string') return { success: true, tasks: JSON.parse(cached) as JsonValue };
      const tasks = await tasksData(await taskEnv(storage, context, deps));
      await storage.setTransient(TASKS_TRANSIENT, JSON.stringify(tasks), 60);
      return { success: true, tasks };
    },

    async trackAction(request, _context, storage) {
      const action = request.params.action;
      if (!TRACKING_ONLY_KEYS.includes(action)) return invalidTrackedAction();
      await setWpseo(storage, action, YOAST_VERSION);
      return { success: true, action };
    },
  };
}
