import type { RestContext, RestUser } from '../../core/types.js';
import { CAPS, siteKitCan, siteKitCanAlone, siteKitFacts, type SiteKitCapability, type SiteKitFacts } from './permissions.js';
import { isSetupCompleted, isUserAuthenticated, siteCredentials, usesProxy } from './connection.js';
import type { SiteInsightsBound } from './settings.js';

/** The facts of each request, read once however many checks and handlers ask. */
const FACTS = new WeakMap<object, Promise<SiteKitFacts>>();

/** The request's {@link SiteKitFacts}; null for an anonymous caller. */
export function factsFor(
  request: object,
  context: RestContext,
  storage: SiteInsightsBound,
  now: () => number,
): Promise<SiteKitFacts> | null {
  const user = context.user;
  if (user === null) return null;
  let facts = FACTS.get(request);
  if (!facts) {
    facts = siteKitFacts(storage, user, now);
    FACTS.set(request, facts);
  }
  return facts;
}

/** Whether the user alone grants one of the capabilities (SETUP's `manage_options`), with no facts read. */
function decidedAlone(user: RestUser, capabilities: readonly SiteKitCapability[]): boolean {
  for (const capability of capabilities) if (siteKitCanAlone(user, capability) === true) return true;
  return false;
}

/** Whether the caller has some of the capabilities (`current_user_can( a ) || current_user_can( b )`). */
export async function canAny(
  request: object,
  context: RestContext,
  storage: SiteInsightsBound,
  now: () => number,
  ...capabilities: SiteKitCapability[]
): Promise<boolean> {
  if (context.user === null) return false;
  if (decidedAlone(context.user, capabilities)) return true;
  const known = await factsFor(request, context, storage, now)!;
  for (const capability of capabilities) if (await siteKitCan(known, capability)) return true;
  return false;
}

/** The permission checks Site Kit's routes name, each its `permission_callback`. */
export function siteInsightsChecks(now: () => number) {
  // Answered at once where the user alone decides (anonymous, or SETUP's `manage_options`), so the route stays synchronous.
  const any =
    (...capabilities: SiteKitCapability[]) =>
    (request: object, context: RestContext, storage: SiteInsightsBound): boolean | Promise<boolean> => {
      const user = context.user;
      if (user === null) return false;
      if (decidedAlone(user, capabilities)) return true;
      return canAny(request, context, storage, now, ...capabilities);
    };
  return {
    setup: any(CAPS.SETUP),
    authenticate: any(CAPS.AUTHENTICATE),
    manageOptions: any(CAPS.MANAGE_OPTIONS),
    updatePlugins: any(CAPS.UPDATE_PLUGINS),
    viewDashboard: any(CAPS.VIEW_DASHBOARD),
    viewSplashOrDashboard: any(CAPS.VIEW_SPLASH, CAPS.VIEW_DASHBOARD),
    viewAuthenticatedDashboard: any(CAPS.VIEW_AUTHENTICATED_DASHBOARD),
    setupOrManageOptions: any(CAPS.SETUP, CAPS.MANAGE_OPTIONS),
    setupOrViewPostsInsights: any(CAPS.SETUP, CAPS.VIEW_POSTS_INSIGHTS),
    sharedDashboardOrSetup: any(CAPS.VIEW_SHARED_DASHBOARD, CAPS.SETUP),
    authenticateOrSharedDashboard: any(CAPS.AUTHENTICATE, CAPS.VIEW_SHARED_DASHBOARD),
    signedIn: (_request: object, context: RestContext): boolean => context.user !== null,
    // WordPress's `view_site_health_checks`, which `wp_maybe_grant_site_health_caps` grants on a single site to whoever may install plugins.
    viewSiteHealthChecks: (_request: object, context: RestContext): boolean => context.user?.can('install_plugins') === true,
    /** Notifications' `current_user_can( SETUP ) && credentials->has()`. */
    setupWithCredentials: async (request: object, context: RestContext, storage: SiteInsightsBound): Promise<boolean> =>
      (await canAny(request, context, storage, now, CAPS.SETUP)) && (await isSetupCompleted(storage)),
    /** Surveys' `is_authenticated() && credentials()->using_proxy()`: no capability, only a Google sign-in on a proxy site. */
    authenticatedUsingProxy: async (_request: object, context: RestContext, storage: SiteInsightsBound): Promise<boolean> =>
      context.user !== null && (await isUserAuthenticated(storage, context.user.id)) && usesProxy(await siteCredentials(storage)),
  };
}
