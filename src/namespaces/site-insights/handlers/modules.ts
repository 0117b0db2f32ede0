// Site Kit's modules routes (`REST_Modules_Controller`, `REST_Dashboard_Sharing_Controller`):
// the list and one module's info, activation, the Google access check, recovery and sharing.
import { isRestError, type RestError } from '../../../core/errors/rest-error.js';
import { isPlainObject, setOwn } from '../../../core/own-property.js';
import { phpRtrim } from '../../../core/php/strings.js';
import { isEmpty, isPhpArray, phpValues, toPhpString } from '../../../core/php/values.js';
import type { RestContext } from '../../../core/types.js';
import type { JsonValue } from '../../../store/types.js';
import type { Handlers } from '../../define.js';
import type { BoundService } from '../../host-service.js';
import { isSettingsObject, type SettingsObject } from '../../option-object.js';
import { factsFor } from '../checks.js';
import {
  accessUncheckable,
  invalidModuleSlug,
  invalidSlugs,
  moduleNotAccessible,
  moduleNotConnected,
  moduleNotRecoverable,
  moduleNotShareable,
  unknownModule,
  unknownModuleNotFound,
} from '../errors.js';
import { activationPlan, type ActivationPlan } from '../module-activation.js';
import {
  ACTIVE_MODULES_OPTION,
  DISCONNECTED_MODULES_OPTION,
  LEGACY_ACTIVE_MODULES_OPTION,
  SHARING_OPTION,
  disconnectedAt,
  isModuleConnected,
  isModuleRecoverable,
  isModuleShareable,
  listedModules,
  moduleDependants,
  moduleDependencies,
  modulesSnapshot,
  normalizedSharing,
  ownerIdIn,
  ownerInSettings,
  sharingObject,
  sharingOptionValue,
  storedModuleSettings,
  type ModuleSharing,
  type ModulesSnapshot,
} from '../module-state.js';
import { allowedChanges, mergedSharing, sanitizedSharing, sharingChanged, type SharingKeysAllowed } from '../module-sharing.js';
import { CAPS, DISMISSED_ITEMS_OPTION, siteKitCan } from '../permissions.js';
import { SITE_KIT_MODULES, siteKitModule, type SiteKitModule } from '../registry.js';
import type { siteInsightsModulesRoutes } from '../routes/modules.js';
import { accessFromAnswer, type SiteKitGoogleAccess } from '../services.js';
import type { SiteInsightsBound } from '../settings.js';
import type { SiteInsightsStorage } from '../storage.js';

/** What the modules handlers need: the clock and the Google access service. */
interface SiteInsightsModulesDeps {
  /** The clock in milliseconds. */
  now: () => number;
  /** `google.checkAccess`, bound with its budget. */
  google: BoundService<SiteKitGoogleAccess, RestError>;
}

/** Most slugs one `recover-modules` call takes: each may ask Google, and Site Kit has nine modules. */
const MAX_RECOVER_SLUGS = 50;

/** The dismissed item Analytics' activation clears for the user activating it (`Analytics_4::on_activation`). */
const GA4_CTA_ITEM = 'key-metrics-connect-ga4-cta-widget';

/** The modules in the list's order: by `order`, registration order kept among equals (`uasort`). */
const LISTED = [...SITE_KIT_MODULES].sort((a, b) => a.order - b.order);

/** A request's `data` object as PHP reads `$request['data']`; anything else has no keys. */
function dataOf(params: object): Record<string, unknown> {
  const data = (params as Record<string, unknown>).data;
  return isPlainObject(data) ? data : {};
}

/** A slug as `isset( $data['slug'] ) ? $data['slug'] : ''` gives it, and the module it names. */
function slugIn(data: Record<string, unknown>): { text: string; module: SiteKitModule | undefined } {
  const slug = data.slug;
  const text = slug === undefined || slug === null ? '' : toPhpString(slug);
  return { text, module: typeof slug === 'string' ? siteKitModule(slug) : undefined };
}

/** A module's home page: AdSense's with Site Kit's identifier args (`add_query_arg`, values as given; the home `untrailingslashit`). */
function homepageOf(module: SiteKitModule, home: string): string {
  if (!module.homepageIdentifiesSite) return module.homepage;
  return `${module.homepage}?source=site-kit&url=${phpRtrim(home, '/\\')}`;
}

/** One module as the list and info answer it (`prepare_module_data_for_response`). */
async function moduleData(
  module: SiteKitModule,
  snapshot: ModulesSnapshot,
  sharing: ReadonlyMap<string, ModuleSharing>,
  context: RestContext,
  storage: SiteInsightsBound,
): Promise<Record<string, JsonValue>> {
  const ownerId = ownerIdIn(snapshot, module);
  let owner: JsonValue = null;
  if (module.owned && ownerId !== 0 && context.user?.can('list_users')) {
    owner = { id: ownerId, login: (await storage.getUser(ownerId))?.user_login ?? '' };
  }
  return {
    slug: module.slug,
    name: module.name,
    description: module.description,
    homepage: homepageOf(module, context.site.home),
    internal: module.internal,
    order: module.order,
    forceActive: module.forceActive,
    recoverable: await isModuleRecoverable(storage, sharing, module, ownerId),
    shareable: isModuleShareable(snapshot, module),
    active: snapshot.active.has(module.slug),
    connected: isModuleConnected(snapshot, module),
    disconnectedAt: disconnectedAt(snapshot, module.slug),
    dependencies: moduleDependencies(module.slug),
    dependants: moduleDependants(module.slug),
    owner,
  };
}

/** The module state and sharing settings the list and info read. */
async function moduleState(storage: SiteInsightsBound): Promise<{ snapshot: ModulesSnapshot; sharing: Map<string, ModuleSharing> }> {
  const [snapshot, stored] = await Promise.all([modulesSnapshot(storage), storage.getOption(SHARING_OPTION)]);
  return { snapshot, sharing: normalizedSharing(sharingOptionValue(stored, snapshot)) };
}

/** The shareable modules' owners (`get_shareable_modules_owners`). */
function shareableOwners(snapshot: ModulesSnapshot): Map<string, number> {
  return new Map(
    SITE_KIT_MODULES.filter((module) => isModuleShareable(snapshot, module)).map((module) => [module.slug, ownerIdIn(snapshot, module)]),
  );
}

/** Makes `userId` a module's owner (its settings' `ownerID`); false when it already was. */
async function takeOwnership(storage: SiteInsightsBound, module: SiteKitModule, userId: number): Promise<boolean> {
  if (module.settingsOption === null) return false;
  let changed = false;
  await storage.updateOption(module.settingsOption, (current) => {
    const settings = isSettingsObject(current) ? current : {};
    if (settings.ownerID === userId) return undefined;
    changed = true;
    return { ...settings, ownerID: userId };
  });
  return changed;
}

/** The clean-up after modules were switched: disconnection times, each module's own (de)activation steps, sharing. */
async function afterSwitch(
  storage: SiteInsightsBound,
  userId: number,
  activated: string[],
  deactivated: string[],
  nowSeconds: number,
): Promise<void> {
  if (activated.length + deactivated.length === 0) return;
  for (const slug of deactivated) {
    const module = siteKitModule(slug);
    for (const option of module?.deletedOnDeactivation ?? []) await storage.deleteOption(option);
  }
  if (deactivated.length > 0) {
    await storage.updateOption(SHARING_OPTION, (current) => {
      if (!isSettingsObject(current) || !deactivated.some((slug) => Object.hasOwn(current, slug))) return undefined;
      const kept: SettingsObject = {};
      for (const [slug, value] of Object.entries(current)) if (!deactivated.includes(slug)) setOwn(kept, slug, value);
      return kept;
    });
  }
  await storage.updateOption(DISCONNECTED_MODULES_OPTION, (current) => {
    const times: SettingsObject = isSettingsObject(current) ? { ...current } : {};
    const removable = activated.filter((slug) => Object.hasOwn(times, slug));
    if (removable.length === 0 && deactivated.length === 0) return undefined;
    for (const slug of removable) delete times[slug];
    for (const slug of deactivated) setOwn(times, slug, nowSeconds);
    return times;
  });
  if (activated.includes('analytics-4')) {
    await storage.updateUserOption(userId, DISMISSED_ITEMS_OPTION, (current) => {
      if (!isSettingsObject(current) || !Object.hasOwn(current, GA4_CTA_ITEM)) return undefined;
      const { [GA4_CTA_ITEM]: _cleared, ...rest } = current;
      return rest;
    });
  }
}

/**
 * Whether the caller's Google account reaches a module's entity, as check-access answers:
 * unknown 404, not connected 500, no entity `true` for a shareable module and 500 otherwise,
 * else Google's answer through the host.
 */
async function accessTo(
  deps: SiteInsightsModulesDeps,
  storage: SiteInsightsBound,
  module: SiteKitModule | undefined,
  userId: number,
): Promise<boolean | RestError> {
  if (!module) return invalidModuleSlug();
  const settings = await storedModuleSettings(storage, module);
  if (!module.connected(settings)) return moduleNotConnected();
  if (!module.serviceEntity) return module.owned && module.shareable ? true : accessUncheckable();
  const call = { module: module.slug, userId, settings };
  const result = await deps.google.call((google, signal) => google.checkAccess(call, signal), call);
  return result.ok ? accessFromAnswer(module, result.value) : result.answer;
}

/** A `WP_Error` as recover-modules reports it per module (`prepare_error_response`). */
function errorJson(error: RestError): Record<string, unknown> {
  return { code: error.code, message: error.message, data: error.data };
}

/** The handlers of {@link siteInsightsModulesRoutes}. */
export function siteInsightsModulesHandlers(
  deps: SiteInsightsModulesDeps,
): Handlers<typeof siteInsightsModulesRoutes, SiteInsightsStorage> {
  return {
    async list(_request, context, storage) {
      const { snapshot, sharing } = await moduleState(storage);
      return Promise.all(LISTED.map((module) => moduleData(module, snapshot, sharing, context, storage)));
    },

    async info(request, context, storage) {
      const slug = request.params.slug ?? '';
      const module = siteKitModule(slug);
      if (!module) return unknownModule(slug);
      const { snapshot, sharing } = await moduleState(storage);
      return moduleData(module, snapshot, sharing, context, storage);
    },

    async activation(request, context, storage) {
      const data = dataOf(request.params);
      const { text, module } = slugIn(data);
      if (!module) return unknownModule(text);
      const stored = await storage.getOption(ACTIVE_MODULES_OPTION);
      const legacy = Array.isArray(stored) ? undefined : await storage.getOption(LEGACY_ACTIVE_MODULES_OPTION);
      let plan: ActivationPlan = { list: null, activated: [], deactivated: [] };
      await storage.updateOption(ACTIVE_MODULES_OPTION, (current) => {
        plan = activationPlan(SITE_KIT_MODULES, listedModules(current, legacy), module, !isEmpty(data.active));
        return plan.list ?? undefined;
      });
      await afterSwitch(storage, context.user?.id ?? 0, plan.activated, plan.deactivated, Math.floor(deps.now() / 1000));
      return plan.error ?? { success: true };
    },

    async checkAccess(request, context, storage) {
      const access = await accessTo(deps, storage, slugIn(dataOf(request.params)).module, context.user?.id ?? 0);
      return isRestError(access) ? access : { access };
    },

    async recoverModules(request, context, storage) {
      const given = dataOf(request.params).slugs;
      const slugs = isPhpArray(given) ? phpValues(given) : [];
      if (slugs.length === 0 || slugs.length > MAX_RECOVER_SLUGS) return invalidSlugs();
      const userId = context.user?.id ?? 0;
      const success: Record<string, boolean> = {};
      const errors: Record<string, unknown> = {};
      const fail = (key: string, error: RestError) => {
        setOwn(success, key, false);
        setOwn(errors, key, errorJson(error));
      };
      const { sharing } = await moduleState(storage);
      for (const slug of slugs) {
        const key = toPhpString(slug);
        const module = typeof slug === 'string' ? siteKitModule(slug) : undefined;
        if (!module) {
          fail(key, unknownModuleNotFound(key));
          continue;
        }
        const settings = await storedModuleSettings(storage, module);
        if (!(module.owned && module.shareable && module.connected(settings))) {
          fail(key, moduleNotShareable());
          continue;
        }
        if (!(await isModuleRecoverable(storage, sharing, module, ownerInSettings(module, settings)))) {
          fail(key, moduleNotRecoverable());
          continue;
        }
        // Site Kit asks its own check-access route: any error there reads as no access.
        if ((await accessTo(deps, storage, module, userId)) !== true) {
          fail(key, moduleNotAccessible());
          continue;
        }
        if (await takeOwnership(storage, module, userId)) setOwn(success, key, true);
      }
      // PHP's empty `success` array is a JSON list; `error` is cast to an object.
      return { success: Object.keys(success).length === 0 ? [] : success, error: errors };
    },

    async saveSharing(request, context, storage) {
      const userId = context.user?.id ?? 0;
      const facts = await factsFor(request, context, storage, deps.now);
      const given = dataOf(request.params);
      const allowed = new Map<string, SharingKeysAllowed>();
      for (const slug of Object.keys(given)) {
        allowed.set(slug, {
          sharedRoles: facts !== null && (await siteKitCan(facts, CAPS.MANAGE_MODULE_SHARING_OPTIONS, slug)),
          management: facts !== null && (await siteKitCan(facts, CAPS.DELEGATE_MODULE_SHARING_MANAGEMENT, slug)),
        });
      }
      const changes = allowedChanges(given, allowed);
      const before = await modulesSnapshot(storage);
      let written: { old: SettingsObject; value: SettingsObject } | null = null;
      await storage.updateOption(SHARING_OPTION, (current) => {
        const old = sharingOptionValue(current, before);
        const value = sanitizedSharing(mergedSharing(sharingObject(normalizedSharing(old)), changes));
        if (JSON.stringify(value) === JSON.stringify(old)) {
          written = null;
          return undefined;
        }
        // A first write adds the option: its change handler then sees no old settings at all.
        written = { old: current === undefined ? {} : old, value };
        return value;
      });
      if (written !== null) {
        const { old, value } = written as { old: SettingsObject; value: SettingsObject };
        for (const [slug, settings] of Object.entries(value)) {
          const module = siteKitModule(slug);
          if (!module || module.serviceEntity || !module.owned) continue;
          if (Object.keys(old).length === 0 || sharingChanged(settings, old[slug])) await takeOwnership(storage, module, userId);
        }
      }
      const original = shareableOwners(before);
      const { snapshot, sharing } = await moduleState(storage);
      const newOwnerIDs: Record<string, number> = {};
      for (const [slug, ownerId] of shareableOwners(snapshot)) if (original.get(slug) !== ownerId) setOwn(newOwnerIDs, slug, ownerId);
      return { settings: sharingObject(sharing), newOwnerIDs };
    },

    async deleteSharing(_request, _context, storage) {
      return storage.deleteOption(SHARING_OPTION);
    },
  };
}
