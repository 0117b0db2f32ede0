import { capabilitiesOf } from '../../core/auth/roles.js';
import { isSettingsObject, type SettingsObject } from '../option-object.js';
import { SITE_KIT_MODULES, type SiteKitModule } from './registry.js';
import type { SiteInsightsBound } from './settings.js';

/** The option listing the active modules' slugs. */
export const ACTIVE_MODULES_OPTION = 'googlesitekit_active_modules';
/** The option holding each shareable module's dashboard sharing settings. */
export const SHARING_OPTION = 'googlesitekit_dashboard_sharing';
/** Active when no module was ever activated: Site Kit's `get_active_modules_option()` default. */
const DEFAULT_ACTIVE = ['pagespeed-insights'];

/** How a module's data is shared with other roles on the dashboard. */
export interface ModuleSharing {
  /** The roles that see the module's data through its owner's access. */
  sharedRoles: string[];
  /** Who may change `sharedRoles`: the module's owner, or every admin. */
  management: 'owner' | 'all_admins';
}

/** The slugs of the active modules, force-active ones included (`Modules::get_active_modules`). */
export async function activeModuleSlugs(storage: SiteInsightsBound): Promise<Set<string>> {
  const stored = await storage.getOption(ACTIVE_MODULES_OPTION);
  const listed = Array.isArray(stored) ? stored.filter((slug): slug is string => typeof slug === 'string') : DEFAULT_ACTIVE;
  const active = new Set<string>();
  for (const module of SITE_KIT_MODULES) if (module.forceActive || listed.includes(module.slug)) active.add(module.slug);
  return active;
}

/** A module's stored settings (not its defaults); empty when it has none. */
export async function storedModuleSettings(storage: SiteInsightsBound, module: SiteKitModule): Promise<SettingsObject> {
  if (module.settingsOption === null) return {};
  const stored = await storage.getOption(module.settingsOption);
  return isSettingsObject(stored) ? stored : {};
}

/** The id of the admin whose Google access a module uses; 0 when it has none (`get_owner_id`). */
export async function moduleOwnerId(storage: SiteInsightsBound, module: SiteKitModule): Promise<number> {
  if (!module.owned) return 0;
  const owner = (await storedModuleSettings(storage, module)).ownerID;
  return typeof owner === 'number' && Number.isInteger(owner) && owner > 0 ? owner : 0;
}

/** Whether a role may be shared with: it exists and can `edit_posts` (`Module_Sharing_Settings::filter_shared_roles`). */
function shareableRole(role: string): boolean {
  return capabilitiesOf([role]).has('edit_posts');
}

/**
 * Every module's sharing settings as `Module_Sharing_Settings::get()` reads them: roles a list of
 * those that exist and can `edit_posts`, management one of two.
 */
export async function sharingSettings(storage: SiteInsightsBound): Promise<Map<string, ModuleSharing>> {
  const stored = await storage.getOption(SHARING_OPTION);
  const settings = new Map<string, ModuleSharing>();
  if (!isSettingsObject(stored)) return settings;
  for (const [slug, value] of Object.entries(stored)) {
    const given = isSettingsObject(value) ? value : {};
    const roles = Array.isArray(given.sharedRoles)
      ? given.sharedRoles.filter((role): role is string => typeof role === 'string' && shareableRole(role))
      : [];
    settings.set(slug, { sharedRoles: roles, management: given.management === 'all_admins' ? 'all_admins' : 'owner' });
  }
  return settings;
}

/** The modules `Modules::get_shareable_modules()` answers: active, connected and shareable, in the registry's order. */
export async function shareableModules(storage: SiteInsightsBound): Promise<SiteKitModule[]> {
  const active = await activeModuleSlugs(storage);
  const candidates = SITE_KIT_MODULES.filter((module) => module.shareable && active.has(module.slug));
  const settings = await Promise.all(candidates.map((module) => storedModuleSettings(storage, module)));
  return candidates.filter((module, index) => module.connected(settings[index]!));
}
