// Site Kit's data requests (`Module::execute_data_request`): a module's datapoint answered through
// the `google` service for the right user, the way `modules/{slug}/data/{datapoint}` answers it,
// and the same path for reads made inside the server (Yoast's widgets through the Site Kit link).
import { restError, type RestError } from '../../core/errors/rest-error.js';
import type { RestUser } from '../../core/types.js';
import { RestResponse } from '../../core/http/response.js';
import type { JsonValue } from '../../store/types.js';
import type { BoundService } from '../host-service.js';
import { isSettingsObject, type SettingsObject } from '../option-object.js';
import type { JsonObject } from '../recorded-double.js';
import { isUserAuthenticated } from './connection.js';
import { moduleScopes, siteKitDatapoint } from './datapoints.js';
import { googleErrorResponse, type GoogleRouteFailure, type SiteKitGoogleApi } from './services.js';
import { isModuleActive, moduleOwnerId, storedModuleSettings } from './module-state.js';
import { CAPS, siteKitCan, type SiteKitFacts } from './permissions.js';
import { siteKitModule, type SiteKitModule } from './registry.js';
import type { SiteInsightsBound } from './settings.js';

/** What a data request answers: the datapoint's JSON, or Site Kit's error. */
export type DataAnswer = { ok: true; data: JsonValue } | { ok: false; error: RestError | RestResponse };

/** What the data requests need: the bound `google` service. */
export interface ModuleDataDeps {
  /** Google's APIs, bound at mount. */
  google: BoundService<SiteKitGoogleApi, GoogleRouteFailure>;
}

const fail = (error: RestError | RestResponse): DataAnswer => ({ ok: false, error });

/** Site Kit's 404 for a slug no module has. */
export const invalidModuleSlug = (): RestError => restError('invalid_module_slug', 'Invalid module slug.', 404);

/** Whether a module is connected: active, and its settings say so (`Modules::is_module_connected`). */
export async function isModuleConnected(storage: SiteInsightsBound, module: SiteKitModule): Promise<boolean> {
  if (!(await isModuleActive(storage, module))) return false;
  return module.connected(await storedModuleSettings(storage, module));
}

/** Who asks for data: the signed-in user, and their {@link SiteKitFacts}, read only when a shared read needs them. */
export interface DataAsker {
  /** The user. */
  user: RestUser;
  /** Their facts (read once per request). */
  facts: () => Promise<SiteKitFacts>;
}

/**
 * The user whose Google access answers (`get_oauth_client_for_datapoint`): the module's owner when
 * the module and the datapoint are shareable, the caller is not the owner and reads it through a
 * role the module is shared with (`googlesitekit_read_shared_module_data`); else the caller.
 */
async function googleUserFor(storage: SiteInsightsBound, asker: DataAsker, module: SiteKitModule, shareable: boolean): Promise<number> {
  const caller = asker.user.id;
  if (!module.owned || !module.shareable || !shareable) return caller;
  const owner = await moduleOwnerId(storage, module);
  if (owner === 0 || owner === caller || !(await isModuleConnected(storage, module))) return caller;
  return (await siteKitCan(await asker.facts(), CAPS.READ_SHARED_MODULE_DATA, module.slug)) ? owner : caller;
}

/** Site Kit's 403 when the Google user has not granted the module's scopes (`Insufficient_Scopes_Exception`). */
function missingScopes(module: SiteKitModule, scopes: readonly string[]): RestError {
  return restError(
    'missing_required_scopes',
    `Site Kit can’t access the relevant data from ${module.name} because you haven’t granted all permissions requested during setup.`,
    403,
    { scopes: [...scopes] },
  );
}

/** Calls the `google` service for one datapoint as `userId`, Google's error answered as Site Kit answers it. */
async function callGoogle(
  deps: ModuleDataDeps,
  call: { module: string; datapoint: string; method: 'GET' | 'POST'; params: JsonObject; userId: number },
): Promise<DataAnswer> {
  const result = await deps.google.call((google, signal) => google.request(call, signal), call.params);
  if (!result.ok) return fail(result.answer);
  const answer = result.value;
  if (typeof answer === 'object' && answer !== null && 'error' in answer && isSettingsObject(answer.error as never)) {
    return fail(googleErrorResponse(answer.error));
  }
  if (typeof answer === 'object' && answer !== null && 'data' in answer) return { ok: true, data: answer.data ?? null };
  return fail(restError('invalid_datapoint_request', 'Invalid datapoint request.', 400));
}

/**
 * A module's datapoint as `Module::get_data()` / `set_data()` answers it for `asker`,
 * once the route's own checks passed: `invalid_module_slug` 404, `module_not_active` 403,
 * `invalid_datapoint` 400, `missing_required_scopes` 403 when the Google user never signed in,
 * then the `google` service's answer.
 */
export async function moduleData(
  deps: ModuleDataDeps,
  storage: SiteInsightsBound,
  asker: DataAsker,
  request: { slug: string; method: 'GET' | 'POST'; datapoint: string; params: JsonObject; siteUrl: string },
): Promise<DataAnswer> {
  const module = siteKitModule(request.slug);
  if (!module) return fail(invalidModuleSlug());
  if (!(await isModuleActive(storage, module))) {
    return fail(restError('module_not_active', 'Module must be active to request data.', 403));
  }
  const datapoint = siteKitDatapoint(module.slug, request.method, request.datapoint);
  if (!datapoint) return fail(restError('invalid_datapoint', 'Invalid datapoint.', 400));
  const userId = await googleUserFor(storage, asker, module, datapoint.shareable);
  const scopes = moduleScopes(module.slug);
  if (scopes.length > 0 && !(await isUserAuthenticated(storage, userId))) return fail(missingScopes(module, scopes));
  if (module.slug === 'adsense' && request.datapoint === 'notifications') {
    return { ok: true, data: await adsenseNotifications(deps, storage, module, userId, request.siteUrl) };
  }
  return callGoogle(deps, { module: module.slug, datapoint: request.datapoint, method: request.method, params: request.params, userId });
}

/**
 * AdSense's `notifications` datapoint, which Site Kit makes itself: the account's SEVERE alerts (its
 * `alerts` datapoint) as dashboard notifications; none without an account or when Google fails.
 */
async function adsenseNotifications(
  deps: ModuleDataDeps,
  storage: SiteInsightsBound,
  module: SiteKitModule,
  userId: number,
  siteUrl: string,
): Promise<JsonValue> {
  const settings: SettingsObject = await storedModuleSettings(storage, module);
  const accountId = typeof settings.accountID === 'string' ? settings.accountID : '';
  if (accountId === '') return [];
  const alerts = await callGoogle(deps, {
    module: 'adsense',
    datapoint: 'alerts',
    method: 'GET',
    params: { accountID: accountId },
    userId,
  });
  if (!alerts.ok || !Array.isArray(alerts.data)) return [];
  const query = `source=site-kit&utm_source=site-kit&utm_medium=wordpress_signup&url=${encodeURIComponent(siteUrl)}`;
  return alerts.data
    .filter((alert): alert is JsonObject => isSettingsObject(alert) && alert.severity === 'SEVERE')
    .map((alert) => ({
      id: `adsense::${typeof alert.name === 'string' ? alert.name : ''}`,
      description: alert.message ?? '',
      isDismissible: true,
      severity: 'win-info',
      ctaURL: `https://www.google.com/adsense/new/${accountId}/home?${query}`,
      ctaLabel: 'Go to AdSense',
      ctaTarget: '_blank',
    }));
}
