/**
 * Site Kit's capabilities (`Core/Permissions/Permissions.php`): its base capabilities granted from
 * WordPress's own, and its meta-capabilities mapped through the site's set-up, the user's Google
 * sign-in and verification, the dashboard's sharing settings and each module's owner, the way its
 * `map_meta_cap` filter maps them on a single site.
 */
import type { RestUser } from '../../core/types.js';
import { isSettingsObject } from '../option-object.js';
import { isSetupCompleted, isUserAuthenticated, isUserVerified } from './connection.js';
import { moduleOwnerId, sharingSettings, type ModuleSharing } from './module-state.js';
import { siteKitModule } from './registry.js';
import type { SiteInsightsBound } from './settings.js';

/** Site Kit's capabilities, by the names its `Permissions` class gives them. */
export const CAPS = {
  AUTHENTICATE: 'googlesitekit_authenticate',
  SETUP: 'googlesitekit_setup',
  VIEW_POSTS_INSIGHTS: 'googlesitekit_view_posts_insights',
  VIEW_DASHBOARD: 'googlesitekit_view_dashboard',
  VIEW_WP_DASHBOARD_WIDGET: 'googlesitekit_view_wp_dashboard_widget',
  VIEW_ADMIN_BAR_MENU: 'googlesitekit_view_admin_bar_menu',
  MANAGE_OPTIONS: 'googlesitekit_manage_options',
  UPDATE_PLUGINS: 'googlesitekit_update_plugins',
  VIEW_SPLASH: 'googlesitekit_view_splash',
  VIEW_SHARED_DASHBOARD: 'googlesitekit_view_shared_dashboard',
  VIEW_AUTHENTICATED_DASHBOARD: 'googlesitekit_view_authenticated_dashboard',
  READ_SHARED_MODULE_DATA: 'googlesitekit_read_shared_module_data',
  MANAGE_MODULE_SHARING_OPTIONS: 'googlesitekit_manage_module_sharing_options',
  DELEGATE_MODULE_SHARING_MANAGEMENT: 'googlesitekit_delegate_module_sharing_management',
} as const;

/** One of Site Kit's capabilities. */
export type SiteKitCapability = (typeof CAPS)[keyof typeof CAPS];

/** The capabilities `core/user/data/permissions` answers, in `Permissions::get_capabilities()`'s order. */
export const LISTED_CAPABILITIES: readonly SiteKitCapability[] = [
  CAPS.AUTHENTICATE,
  CAPS.SETUP,
  CAPS.VIEW_POSTS_INSIGHTS,
  CAPS.VIEW_DASHBOARD,
  CAPS.MANAGE_OPTIONS,
  CAPS.UPDATE_PLUGINS,
  CAPS.VIEW_SPLASH,
  CAPS.VIEW_AUTHENTICATED_DASHBOARD,
  CAPS.VIEW_WP_DASHBOARD_WIDGET,
  CAPS.VIEW_ADMIN_BAR_MENU,
  CAPS.VIEW_SHARED_DASHBOARD,
];

/** The per-module capabilities `core/user/data/permissions` answers for each shareable module, as `cap::["slug"]`. */
export const MODULE_CAPABILITIES: readonly SiteKitCapability[] = [
  CAPS.READ_SHARED_MODULE_DATA,
  CAPS.MANAGE_MODULE_SHARING_OPTIONS,
  CAPS.DELEGATE_MODULE_SHARING_MANAGEMENT,
];

/** Base capabilities: granted to whoever has the WordPress capability (`grant_additional_caps`). */
const BASE_TO_CORE: Readonly<Record<string, string>> = {
  [CAPS.AUTHENTICATE]: 'manage_options',
  [CAPS.VIEW_POSTS_INSIGHTS]: 'edit_posts',
  [CAPS.VIEW_DASHBOARD]: 'edit_posts',
  [CAPS.VIEW_WP_DASHBOARD_WIDGET]: 'edit_posts',
  [CAPS.VIEW_ADMIN_BAR_MENU]: 'edit_posts',
  [CAPS.MANAGE_OPTIONS]: 'manage_options',
  [CAPS.SETUP]: 'manage_options',
  [CAPS.UPDATE_PLUGINS]: 'update_plugins',
};

/** Meta-capabilities: what each starts from before its own checks. */
const META_TO_BASE: Readonly<Record<string, readonly string[]>> = {
  [CAPS.VIEW_SPLASH]: [CAPS.VIEW_DASHBOARD],
  [CAPS.VIEW_AUTHENTICATED_DASHBOARD]: [CAPS.VIEW_DASHBOARD, CAPS.AUTHENTICATE],
  [CAPS.READ_SHARED_MODULE_DATA]: [CAPS.VIEW_DASHBOARD],
  [CAPS.MANAGE_MODULE_SHARING_OPTIONS]: [CAPS.MANAGE_OPTIONS],
  [CAPS.DELEGATE_MODULE_SHARING_MANAGEMENT]: [CAPS.MANAGE_OPTIONS],
  [CAPS.VIEW_SHARED_DASHBOARD]: [CAPS.VIEW_DASHBOARD],
};

/** Base capabilities that need no Google sign-in (the rest need the user signed in, verified if admin, and set-up complete). */
const WITHOUT_SIGN_IN: ReadonlySet<string> = new Set([
  CAPS.AUTHENTICATE,
  CAPS.SETUP,
  CAPS.VIEW_DASHBOARD,
  CAPS.VIEW_POSTS_INSIGHTS,
  CAPS.VIEW_WP_DASHBOARD_WIDGET,
  CAPS.VIEW_ADMIN_BAR_MENU,
]);

/** Never granted: WordPress's `do_not_allow`. */
const DENY = 'do_not_allow';

/** The dismissed item that hides the shared dashboard's splash screen once a user saw it. */
const SPLASH_ITEM = 'shared_dashboard_splash';
/** The user option of dismissed items: slug → expiry (Unix seconds, 0 for ever). */
export const DISMISSED_ITEMS_OPTION = 'googlesitekitpersistent_dismissed_items';

/** What Site Kit's capabilities depend on, read once per request for one user. */
export interface SiteKitFacts {
  /** The user asking. */
  readonly user: RestUser;
  /** The user's roles. */
  readonly roles: readonly string[];
  /** Whether the site's set-up is complete. */
  readonly setupCompleted: boolean;
  /** Whether the user signed in with Google. */
  readonly authenticated: boolean;
  /** Whether the user verified the site. */
  readonly verified: boolean;
  /** Whether the user dismissed the shared dashboard's splash screen. */
  readonly splashDismissed: boolean;
  /** Each module's sharing settings. */
  readonly sharing: ReadonlyMap<string, ModuleSharing>;
  /** A module's owner id (0 for none), read when a check needs it. */
  ownerOf(slug: string): Promise<number>;
}

/** Whether a dismissed-items map holds `slug`, unexpired (`Dismissed_Items::is_dismissed`). */
function isItemDismissed(items: unknown, slug: string, nowSeconds: number): boolean {
  if (!isSettingsObject(items as never) || !Object.hasOwn(items as object, slug)) return false;
  const expiry = Number((items as Record<string, unknown>)[slug]);
  return !(expiry > 0 && expiry < nowSeconds);
}

/** Reads {@link SiteKitFacts} for the signed-in user. */
export async function siteKitFacts(storage: SiteInsightsBound, user: RestUser, now: () => number): Promise<SiteKitFacts> {
  const [row, setupCompleted, authenticated, verified, dismissed, sharing] = await Promise.all([
    storage.getUser(user.id),
    isSetupCompleted(storage),
    isUserAuthenticated(storage, user.id),
    isUserVerified(storage, user.id),
    storage.getUserOption(user.id, DISMISSED_ITEMS_OPTION),
    sharingSettings(storage),
  ]);
  return {
    user,
    roles: row?.roles ?? [],
    setupCompleted,
    authenticated,
    verified,
    splashDismissed: isItemDismissed(dismissed, SPLASH_ITEM, Math.floor(now() / 1000)),
    sharing,
    ownerOf: async (slug) => {
      const module = siteKitModule(slug);
      return module ? moduleOwnerId(storage, module) : 0;
    },
  };
}

/** Whether the user holds a capability as WordPress checks the list `map_meta_cap` answers: base ones through WordPress's. */
function holds(facts: SiteKitFacts, capability: string): boolean {
  if (capability === DENY) return false;
  return facts.user.can(BASE_TO_CORE[capability] ?? capability);
}

/** Whether the user has one of the roles. */
function hasRole(facts: SiteKitFacts, roles: Iterable<string>): boolean {
  for (const role of roles) if (facts.roles.includes(role)) return true;
  return false;
}

/** Every role some module is shared with. */
function allSharedRoles(facts: SiteKitFacts): string[] {
  return [...facts.sharing.values()].flatMap((settings) => settings.sharedRoles);
}

/** Whether the user has a role a module is shared with. */
function sharedRoleFor(facts: SiteKitFacts, slug: string): boolean {
  const roles = facts.sharing.get(slug)?.sharedRoles ?? [];
  return roles.length > 0 && hasRole(facts, roles);
}

function viewSharedDashboard(facts: SiteKitFacts): string[] {
  if (!hasRole(facts, allSharedRoles(facts))) return [DENY];
  return facts.splashDismissed ? [] : [DENY];
}

function viewAuthenticatedDashboard(facts: SiteKitFacts): string[] {
  return facts.authenticated && facts.verified && facts.setupCompleted ? [CAPS.AUTHENTICATE] : [DENY];
}

function viewDashboard(facts: SiteKitFacts): string[] {
  const authenticated = viewAuthenticatedDashboard(facts);
  return authenticated.includes(DENY) ? viewSharedDashboard(facts) : authenticated;
}

async function moduleSharingAdmin(facts: SiteKitFacts, capability: string, slug: string): Promise<string[]> {
  if (!facts.authenticated) return [DENY];
  if (capability === CAPS.MANAGE_MODULE_SHARING_OPTIONS && facts.sharing.get(slug)?.management === 'all_admins') return [];
  const module = siteKitModule(slug);
  if (!module?.owned) return [DENY];
  return (await facts.ownerOf(slug)) === facts.user.id ? [] : [DENY];
}

/**
 * Whether the user has a capability that depends on their WordPress capabilities alone: Site Kit's
 * SETUP is `manage_options` whatever the set-up, sign-in or sharing (undefined for any other), so
 * a check can answer it without reading {@link SiteKitFacts}.
 */
export function siteKitCanAlone(user: RestUser, capability: SiteKitCapability): boolean | undefined {
  return capability === CAPS.SETUP ? user.can(BASE_TO_CORE[CAPS.SETUP]!) : undefined;
}

/**
 * Whether the user has a Site Kit capability (`current_user_can( $cap, $module )`), as Site Kit's
 * `map_meta_capabilities` maps it on a single site.
 */
export async function siteKitCan(facts: SiteKitFacts, capability: SiteKitCapability, moduleSlug = ''): Promise<boolean> {
  let caps: string[] = [...(META_TO_BASE[capability] ?? [capability])];
  if (capability in BASE_TO_CORE) {
    if (capability !== CAPS.SETUP && !facts.setupCompleted) caps.push(CAPS.SETUP);
    if (!WITHOUT_SIGN_IN.has(capability)) {
      if (!facts.authenticated) return false;
      if (holds(facts, CAPS.SETUP) && !facts.verified) return false;
      if (!facts.setupCompleted) return false;
    }
  }
  switch (capability) {
    case CAPS.VIEW_SHARED_DASHBOARD:
      caps = caps.concat(viewSharedDashboard(facts));
      break;
    case CAPS.READ_SHARED_MODULE_DATA:
      if (!sharedRoleFor(facts, moduleSlug)) caps.push(DENY);
      break;
    case CAPS.MANAGE_MODULE_SHARING_OPTIONS:
    case CAPS.DELEGATE_MODULE_SHARING_MANAGEMENT:
      caps = caps.concat(await moduleSharingAdmin(facts, capability, moduleSlug));
      break;
    case CAPS.VIEW_SPLASH:
      if (facts.splashDismissed || !hasRole(facts, allSharedRoles(facts))) caps.push(CAPS.AUTHENTICATE);
      break;
    case CAPS.VIEW_AUTHENTICATED_DASHBOARD:
      caps = caps.concat(viewAuthenticatedDashboard(facts));
      break;
    case CAPS.VIEW_DASHBOARD:
    case CAPS.VIEW_POSTS_INSIGHTS:
      caps = caps.concat(viewDashboard(facts));
      break;
    case CAPS.VIEW_WP_DASHBOARD_WIDGET:
    case CAPS.VIEW_ADMIN_BAR_MENU: {
      const dashboard = viewDashboard(facts);
      if (dashboard.includes(CAPS.AUTHENTICATE) || dashboard.includes(DENY)) caps = caps.concat(dashboard);
      else if (!sharedRoleFor(facts, 'analytics-4') && !sharedRoleFor(facts, 'search-console')) caps.push(DENY);
      break;
    }
  }
  return caps.every((cap) => holds(facts, cap));
}
