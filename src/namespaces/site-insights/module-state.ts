import { capabilitiesOf } from '../../core/auth/roles.js';
import { setOwn } from '../../core/own-property.js';
import type { JsonValue } from '../../store/types.js';
import { isSettingsObject, type SettingsObject } from '../option-object.js';
import { isUserAuthenticated } from './connection.js';
import { SITE_KIT_MODULES, type SiteKitModule } from './registry.js';
import type { SiteInsightsBound } from './settings.js';

/** The option listing the active modules' slugs. */
export const ACTIVE_MODULES_OPTION = 'googlesitekit_active_modules';
/** The name Site Kit read the active modules from before 1.0, still read when the option is absent. */
export const LEGACY_ACTIVE_MODULES_OPTION = 'googlesitekit-active-modules';
/** The option holding each shareable module's dashboard sharing settings. */
export const SHARING_OPTION = 'googlesitekit_dashboard_sharing';
/** The option holding when each module was last deactivated: slug → Unix seconds (`Disconnected_Modules`). */
export const DISCONNECTED_MODULES_OPTION = 'googlesitekit_disconnected_modules';
/** Active when no module was ever activated: Site Kit's `get_active_modules_option()` default. */
const DEFAULT_ACTIVE = ['pagespeed-insights'];

/** How a module's data is shared with other roles on the dashboard. */
export interface ModuleSharing {
  /** The roles that see the module's data through its owner's access. */
  sharedRoles: string[];
  /** Who may change `sharedRoles`: the module's owner, or every admin. */
  management: 'owner' | 'all_admins';
}

/** The active-modules list as `get_active_modules_option()` reads it: the option, else its legacy name, else PageSpeed Insights alone. */
export function listedModules(stored: JsonValue | undefined, legacy: JsonValue | undefined): JsonValue[] {
  if (Array.isArray(stored)) return stored;
  return Array.isArray(legacy) ? legacy : [...DEFAULT_ACTIVE];
}

/** The stored active-modules list, read as Site Kit reads it (the legacy option only when the option is no list). */
async function readListedModules(storage: SiteInsightsBound): Promise<JsonValue[]> {
  const stored = await storage.getOption(ACTIVE_MODULES_OPTION);
  return listedModules(stored, Array.isArray(stored) ? undefined : await storage.getOption(LEGACY_ACTIVE_MODULES_OPTION));
}

/** The slugs active by a list: force-active modules and those the list names (`Modules::get_active_modules`). */
export function activeIn(listed: readonly JsonValue[], modules: readonly SiteKitModule[] = SITE_KIT_MODULES): Set<string> {
  const active = new Set<string>();
  for (const module of modules) if (module.forceActive || listed.includes(module.slug)) active.add(module.slug);
  return active;
}

/** The slugs of the active modules, force-active ones included (`Modules::get_active_modules`). */
export async function activeModuleSlugs(storage: SiteInsightsBound): Promise<Set<string>> {
  return activeIn(await readListedModules(storage));
}

/** Whether a module is active: force-active, or named by the stored list (`Modules::is_module_active`). */
export async function isModuleActive(storage: SiteInsightsBound, module: SiteKitModule): Promise<boolean> {
  return module.forceActive || (await readListedModules(storage)).includes(module.slug);
}

/** A module's stored settings (not its defaults); empty when it has none. */
export async function storedModuleSettings(storage: SiteInsightsBound, module: SiteKitModule): Promise<SettingsObject> {
  if (module.settingsOption === null) return {};
  const stored = await storage.getOption(module.settingsOption);
  return isSettingsObject(stored) ? stored : {};
}

/** The owner id a module's settings hold; 0 for none. */
export function ownerInSettings(module: SiteKitModule, settings: SettingsObject): number {
  if (!module.owned) return 0;
  const owner = settings.ownerID;
  return typeof owner === 'number' && Number.isInteger(owner) && owner > 0 ? owner : 0;
}

/** The id of the admin whose Google access a module uses; 0 when it has none (`get_owner_id`). */
export async function moduleOwnerId(storage: SiteInsightsBound, module: SiteKitModule): Promise<number> {
  return ownerInSettings(module, await storedModuleSettings(storage, module));
}

/** What decides each module's state, read once: the active list, every module's stored settings, the disconnection times. */
export interface ModulesSnapshot {
  /** The stored active-modules list (`get_active_modules_option()`). */
  readonly listed: readonly JsonValue[];
  /** The active slugs, force-active ones included. */
  readonly active: ReadonlySet<string>;
  /** Each module's stored settings, by slug. */
  readonly settings: ReadonlyMap<string, SettingsObject>;
  /** When each deactivated module was deactivated (`googlesitekit_disconnected_modules`). */
  readonly disconnected: SettingsObject;
}

/** Reads a {@link ModulesSnapshot}. */
export async function modulesSnapshot(storage: SiteInsightsBound): Promise<ModulesSnapshot> {
  const [listed, settings, disconnected] = await Promise.all([
    readListedModules(storage),
    Promise.all(SITE_KIT_MODULES.map(async (module) => [module.slug, await storedModuleSettings(storage, module)] as const)),
    storage.getOption(DISCONNECTED_MODULES_OPTION),
  ]);
  return {
    listed,
    active: activeIn(listed),
    settings: new Map(settings),
    disconnected: isSettingsObject(disconnected) ? disconnected : {},
  };
}

/** A module's stored settings in a snapshot. */
function settingsIn(snapshot: ModulesSnapshot, module: SiteKitModule): SettingsObject {
  return snapshot.settings.get(module.slug) ?? {};
}

/** Whether a module is active and its settings connect it (`Modules::is_module_connected`). */
export function isModuleConnected(snapshot: ModulesSnapshot, module: SiteKitModule): boolean {
  return snapshot.active.has(module.slug) && module.connected(settingsIn(snapshot, module));
}

/** Whether a module's data can be shared: connected, owned, with shareable datapoints (`Modules::is_module_shareable`). */
export function isModuleShareable(snapshot: ModulesSnapshot, module: SiteKitModule): boolean {
  return module.shareable && module.owned && isModuleConnected(snapshot, module);
}

/** A module's owner id in a snapshot; 0 for none. */
export function ownerIdIn(snapshot: ModulesSnapshot, module: SiteKitModule): number {
  return ownerInSettings(module, settingsIn(snapshot, module));
}

/** When a module was deactivated, as stored (`get_module_disconnected_at`); null when it was not. */
export function disconnectedAt(snapshot: ModulesSnapshot, slug: string): JsonValue {
  return Object.hasOwn(snapshot.disconnected, slug) ? (snapshot.disconnected[slug] ?? null) : null;
}

/** The slugs a module depends on, itself left out (`Modules::get_module_dependencies`). */
export function moduleDependencies(slug: string, modules: readonly SiteKitModule[] = SITE_KIT_MODULES): string[] {
  const module = modules.find((candidate) => candidate.slug === slug);
  return module ? module.dependsOn.filter((dependency) => dependency !== slug) : [];
}

/** The slugs of the modules depending on a module (`Modules::get_module_dependants`). */
export function moduleDependants(slug: string, modules: readonly SiteKitModule[] = SITE_KIT_MODULES): string[] {
  return modules.filter((module) => module.slug !== slug && module.dependsOn.includes(slug)).map((module) => module.slug);
}

/** The modules that are shared-ownership ones once connected. */
const SHARED_OWNERSHIP_CANDIDATES = SITE_KIT_MODULES.filter((module) => !module.serviceEntity && module.shareable && module.owned);

/**
 * The modules whose sharing only ever has every admin manage it: shareable ones without a service
 * entity, such as PageSpeed Insights (`Modules::get_shared_ownership_modules`).
 */
function sharedOwnershipModules(snapshot: ModulesSnapshot): SiteKitModule[] {
  return SHARED_OWNERSHIP_CANDIDATES.filter((module) => isModuleShareable(snapshot, module));
}

/**
 * The sharing option as `get_option` answers it: the stored object (anything else counts as
 * none) with `{sharedRoles: [], management: 'all_admins'}` for each shared-ownership module it
 * leaves out (`populate_default_shared_ownership_module_settings`).
 */
export function sharingOptionValue(stored: JsonValue | undefined, snapshot: ModulesSnapshot): SettingsObject {
  const value: SettingsObject = {};
  if (isSettingsObject(stored)) for (const [slug, entry] of Object.entries(stored)) setOwn(value, slug, entry);
  for (const module of sharedOwnershipModules(snapshot)) {
    if (!Object.hasOwn(value, module.slug)) value[module.slug] = { sharedRoles: [], management: 'all_admins' };
  }
  return value;
}

/** Whether a WordPress role may be shared with: it exists and can `edit_posts` (`filter_shared_roles`). */
export function shareableRole(role: unknown): role is string {
  return typeof role === 'string' && capabilitiesOf([role]).has('edit_posts');
}

/** Each module's sharing from the option's value, as `Module_Sharing_Settings::get()` reads it (roles that may share, management one of two). */
export function normalizedSharing(value: SettingsObject): Map<string, ModuleSharing> {
  const settings = new Map<string, ModuleSharing>();
  for (const [slug, entry] of Object.entries(value)) {
    const given = isSettingsObject(entry) ? entry : {};
    const roles = Array.isArray(given.sharedRoles) ? given.sharedRoles.filter(shareableRole) : [];
    settings.set(slug, { sharedRoles: roles, management: given.management === 'all_admins' ? 'all_admins' : 'owner' });
  }
  return settings;
}

/** Every module's sharing settings as `Module_Sharing_Settings::get()` reads them (roles a list, management one of two). */
export async function sharingSettings(storage: SiteInsightsBound): Promise<Map<string, ModuleSharing>> {
  // Only the modules that may be shared-ownership ones decide the defaults: read their settings alone.
  const [stored, listed, settings] = await Promise.all([
    storage.getOption(SHARING_OPTION),
    readListedModules(storage),
    Promise.all(SHARED_OWNERSHIP_CANDIDATES.map(async (module) => [module.slug, await storedModuleSettings(storage, module)] as const)),
  ]);
  const snapshot: ModulesSnapshot = { listed, active: activeIn(listed), settings: new Map(settings), disconnected: {} };
  return normalizedSharing(sharingOptionValue(stored, snapshot));
}

/** Sharing settings as the JSON object Site Kit answers. */
export function sharingObject(sharing: ReadonlyMap<string, ModuleSharing>): SettingsObject {
  const object: SettingsObject = {};
  for (const [slug, settings] of sharing) setOwn(object, slug, { sharedRoles: settings.sharedRoles, management: settings.management });
  return object;
}

/**
 * Whether another admin may take a module over (`Modules::is_module_recoverable`): it has an
 * owner and shared roles, and its owner (`ownerId`, from its settings) is gone, cannot sign in
 * with Google, or is signed out.
 */
export async function isModuleRecoverable(
  storage: SiteInsightsBound,
  sharing: ReadonlyMap<string, ModuleSharing>,
  module: SiteKitModule,
  ownerId: number,
): Promise<boolean> {
  if (!module.owned || (sharing.get(module.slug)?.sharedRoles.length ?? 0) === 0) return false;
  if (ownerId === 0) return true;
  const owner = await storage.getUser(ownerId);
  if (owner === null || !capabilitiesOf(owner.roles).has('manage_options')) return true;
  return !(await isUserAuthenticated(storage, ownerId));
}

/** The modules `Modules::get_shareable_modules()` answers: active, connected and shareable, in the registry's order. */
export async function shareableModules(storage: SiteInsightsBound): Promise<SiteKitModule[]> {
  const snapshot = await modulesSnapshot(storage);
  return SITE_KIT_MODULES.filter((module) => isModuleShareable(snapshot, module));
}
