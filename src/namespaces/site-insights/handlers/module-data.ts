import { restError } from '../../../core/errors/rest-error.js';
import { RestResponse } from '../../../core/http/response.js';
import { setOwn } from '../../../core/own-property.js';
import type { RestContext, RestRequest } from '../../../core/types.js';
import type { JsonValue } from '../../../store/types.js';
import type { Handlers } from '../../define.js';
import { isSettingsObject, type SettingsObject } from '../../option-object.js';
import type { JsonObject } from '../../recorded-double.js';
import { canAny, factsFor, type siteInsightsChecks } from '../checks.js';
import { siteKitDatapoint } from '../datapoints.js';
import { isModuleActive } from '../module-state.js';
import { invalidModuleSlug, isModuleConnected, moduleData, type DataAnswer, type DataAsker, type ModuleDataDeps } from '../module-data.js';
import { mergeModuleSettings, moduleSettingsShape, readModuleSettings, viewOnlySettings } from '../module-settings.js';
import { CAPS } from '../permissions.js';
import { siteKitModule } from '../registry.js';
import type { SiteInsightsBound } from '../settings.js';
import type { SiteInsightsStorage } from '../storage.js';
import type { siteInsightsModuleDataRoutes } from '../routes/module-data.js';

/** What the module data group needs: the bound `google` service and the clock. */
interface SiteInsightsModuleDataDeps extends ModuleDataDeps {
  /** The clock in milliseconds. */
  now: () => number;
}

/** The modules that keep a data-available state (`Module_With_Data_Available_State`). */
const WITH_DATA_AVAILABLE_STATE: ReadonlySet<string> = new Set(['search-console', 'analytics-4']);

/** Site Kit's 400 for a module without settings. */
const noSettings = () => restError('invalid_module_slug', 'Module does not support settings.', 400);

/** A request's parameters as Site Kit hands a datapoint them (`get_params()`), without the route's own two. */
function datapointParams(params: Record<string, unknown>): JsonObject {
  const given: JsonObject = {};
  for (const key of Object.keys(params)) if (key !== 'slug' && key !== 'datapoint') setOwn(given, key, params[key]);
  return given;
}

/** A write's `data` as `(array) $request['data']`: a list becomes an object keyed by index; none is empty. */
function writtenData(data: unknown): SettingsObject {
  if (isSettingsObject(data as JsonValue)) return data as SettingsObject;
  const written: SettingsObject = {};
  if (Array.isArray(data)) data.forEach((value: JsonValue, index) => (written[String(index)] = value));
  return written;
}

/** A data request's answer as the route answers it. */
const answered = (answer: DataAnswer) => (answer.ok ? new RestResponse(answer.data, 200) : answer.error);

/**
 * The checks of `modules/{slug}/data/{datapoint}`: a datapoint with its own permission
 * (`Permission_Aware_Datapoint`, looked up by the request's own method) is checked by it, any
 * other by the route's: viewing insights for reads, managing options for writes.
 */
export function siteInsightsModuleDataChecks(checks: ReturnType<typeof siteInsightsChecks>, now: () => number) {
  const datapointCheck =
    (fallback: (request: object, context: RestContext, storage: SiteInsightsBound) => boolean | Promise<boolean>) =>
    (request: RestRequest, context: RestContext, storage: SiteInsightsBound): boolean | Promise<boolean> => {
      if (context.user === null) return false;
      const datapoint = siteKitDatapoint(String(request.params.slug), request.method, String(request.params.datapoint));
      return datapoint?.viewDashboard ? canAny(request, context, storage, now, CAPS.VIEW_DASHBOARD) : fallback(request, context, storage);
    };
  return {
    ...checks,
    datapointRead: datapointCheck(checks.setupOrViewPostsInsights),
    datapointWrite: datapointCheck(checks.setupOrManageOptions),
  };
}

/** The module data group's handlers. */
export function siteInsightsModuleDataHandlers(
  deps: SiteInsightsModuleDataDeps,
): Handlers<typeof siteInsightsModuleDataRoutes, SiteInsightsStorage> {
  /** The caller, their facts read when needed: every route here refuses anonymous callers before its handler. */
  const asker = (request: object, context: RestContext, storage: SiteInsightsBound): DataAsker => ({
    user: context.user!,
    facts: () => factsFor(request, context, storage, deps.now)!,
  });

  return {
    async getModuleNotifications(request, context, storage) {
      const module = siteKitModule(String(request.params.slug));
      if (!module) return invalidModuleSlug();
      if (!(await isModuleActive(storage, module))) return [];
      const request_ = { slug: module.slug, method: 'GET', datapoint: 'notifications', params: {}, siteUrl: context.site.url } as const;
      const answer = await moduleData(deps, storage, asker(request, context, storage), request_);
      // A module without a `notifications` datapoint has none (Site Kit's `Invalid_Datapoint_Exception` case).
      if (!answer.ok && 'code' in answer.error && answer.error.code === 'invalid_datapoint') return [];
      return answered(answer);
    },

    async getModuleSettings(request, context, storage) {
      const module = siteKitModule(String(request.params.slug));
      if (!module) return invalidModuleSlug();
      const shape = moduleSettingsShape(module);
      if (!shape) return noSettings();
      const settings = await readModuleSettings(storage, module, shape);
      if (await canAny(request, context, storage, deps.now, CAPS.SETUP, CAPS.MANAGE_OPTIONS)) return settings;
      if (shape.viewOnlyKeys) return viewOnlySettings(settings, shape.viewOnlyKeys);
      return restError('no_view_only_settings', '', null);
    },

    async setModuleSettings(request, context, storage) {
      const module = siteKitModule(String(request.params.slug));
      if (!module) return invalidModuleSlug();
      const shape = moduleSettingsShape(module);
      if (!shape) return noSettings();
      // Owned keys make the writer the owner only when they may manage options (Site Kit's meta-capability).
      const owner = (await canAny(request, context, storage, deps.now, CAPS.MANAGE_OPTIONS)) ? context.user!.id : null;
      return mergeModuleSettings(storage, module, shape, writtenData(request.params.data), owner);
    },

    async setModuleDataAvailable(request, _context, storage) {
      const module = siteKitModule(String(request.params.slug));
      if (!module) return invalidModuleSlug();
      if (!(await isModuleConnected(storage, module))) return restError('module_not_connected', 'Module is not connected.', 500);
      if (!WITH_DATA_AVAILABLE_STATE.has(module.slug)) {
        return restError('invalid_module_slug', 'Module does not support setting data available state.', 500);
      }
      await storage.setTransient(`googlesitekit_${module.slug}_data_available`, true, 0);
      return true;
    },

    async getModuleData(request, context, storage) {
      const call = {
        slug: String(request.params.slug),
        method: 'GET',
        datapoint: String(request.params.datapoint),
        params: datapointParams(request.params),
        siteUrl: context.site.url,
      } as const;
      return answered(await moduleData(deps, storage, asker(request, context, storage), call));
    },

    async setModuleData(request, context, storage) {
      const call = {
        slug: String(request.params.slug),
        method: 'POST',
        datapoint: String(request.params.datapoint),
        params: writtenData(request.params.data),
        siteUrl: context.site.url,
      } as const;
      return answered(await moduleData(deps, storage, asker(request, context, storage), call));
    },
  };
}
