/**
 * The Google OAuth scopes Site Kit asks for (`OAuth_Client_Base::get_required_scopes` with each
 * active module's `googlesitekit_auth_scopes` filter) and when a granted set satisfies one
 * (`Core/Util/Scopes`).
 */

/** Asked of every user, whatever is active. */
const BASE_SCOPES = ['openid', 'https://www.googleapis.com/auth/userinfo.profile', 'https://www.googleapis.com/auth/userinfo.email'];

const ANALYTICS_READONLY = 'https://www.googleapis.com/auth/analytics.readonly';
const ANALYTICS_EDIT = 'https://www.googleapis.com/auth/analytics.edit';
const TAGMANAGER_READONLY = 'https://www.googleapis.com/auth/tagmanager.readonly';
const ADS = 'https://www.googleapis.com/auth/adwords';
const ADS_SUPPORT_CONTENT = 'https://www.googleapis.com/auth/supportcontent';

/** Each module's `get_scopes()`, where it is fixed (Ads and Analytics decide theirs below; PageSpeed Insights registers no filter). */
const MODULE_SCOPES: Readonly<Record<string, readonly string[]>> = {
  'site-verification': ['https://www.googleapis.com/auth/siteverification'],
  'search-console': ['https://www.googleapis.com/auth/webmasters'],
  tagmanager: [TAGMANAGER_READONLY],
  adsense: ['https://www.googleapis.com/auth/adsense.readonly'],
  'reader-revenue-manager': ['https://www.googleapis.com/auth/subscribewithgoogle.publications.readonly'],
};

/** Broader scopes that satisfy a narrower one: any of them, or all where `all` is set (`Scopes::$map`). */
const SATISFIED_BY: Readonly<Record<string, { all: boolean; scopes: readonly string[] }>> = {
  'https://www.googleapis.com/auth/adsense.readonly': { all: false, scopes: ['https://www.googleapis.com/auth/adsense'] },
  [ANALYTICS_READONLY]: { all: true, scopes: ['https://www.googleapis.com/auth/analytics', ANALYTICS_EDIT] },
  [TAGMANAGER_READONLY]: { all: false, scopes: ['https://www.googleapis.com/auth/tagmanager.edit.containers'] },
  'https://www.googleapis.com/auth/webmasters.readonly': { all: false, scopes: ['https://www.googleapis.com/auth/webmasters'] },
};

/** Whether granted scopes satisfy `scope` (`Scopes::is_satisfied_by`). */
export function isScopeSatisfied(scope: string, granted: readonly string[]): boolean {
  if (granted.includes(scope)) return true;
  const broader = Object.hasOwn(SATISFIED_BY, scope) ? SATISFIED_BY[scope]! : null;
  if (broader === null) return false;
  return broader.all ? broader.scopes.every((s) => granted.includes(s)) : broader.scopes.some((s) => granted.includes(s));
}

/** Whether granted scopes satisfy every one of `scopes` (`Scopes::are_satisfied_by`). */
export function areScopesSatisfied(scopes: readonly string[], granted: readonly string[]): boolean {
  return scopes.every((scope) => isScopeSatisfied(scope, granted));
}

/** What the required scopes depend on. */
interface ScopeFacts {
  /** The active modules' slugs, in the order Site Kit registers them. */
  readonly active: readonly string[];
  /** The scopes the user granted. */
  readonly granted: readonly string[];
  /** Whether the user is signed in with Google. */
  readonly authenticated: boolean;
  /** Whether Analytics is connected (set up): until it is, its edit scope is asked for. */
  readonly analyticsConnected: boolean;
  /** Whether Ads has a customer id (`extCustomerID`): then its scopes are asked for. */
  readonly adsCustomer: boolean;
}

/**
 * Analytics' second filter: the scopes so far plus its edit scope (while signing in, set up, or
 * once granted), plus Tag Manager's read scope unless the user granted all the rest but that.
 * Site Kit forces its `setupFlowRefresh` feature on, so the edit scope rule applies.
 */
function analyticsRefined(scopes: string[], facts: ScopeFacts): string[] {
  const refined = [...scopes];
  if (!facts.authenticated || facts.granted.includes(ANALYTICS_EDIT) || !facts.analyticsConnected) refined.push(ANALYTICS_EDIT);
  const withTagManager = [...refined, TAGMANAGER_READONLY];
  if (areScopesSatisfied(withTagManager, facts.granted) || !areScopesSatisfied(refined, facts.granted)) refined.push(TAGMANAGER_READONLY);
  return refined;
}

/**
 * The scopes Site Kit requires of a user: the base three, then each active module's filter in
 * registration order, duplicates dropped (PHP's `array_unique` leaves holes that would make the
 * list a JSON object; here it stays a list).
 */
export function requiredScopes(facts: ScopeFacts): string[] {
  let scopes: string[] = [];
  for (const slug of facts.active) {
    if (slug === 'ads') {
      if (facts.granted.includes(ADS) || facts.adsCustomer) scopes.push(ADS, ADS_SUPPORT_CONTENT);
    } else if (slug === 'analytics-4') {
      scopes = analyticsRefined([...scopes, ANALYTICS_READONLY], facts);
    } else if (Object.hasOwn(MODULE_SCOPES, slug)) {
      scopes.push(...MODULE_SCOPES[slug]!);
    }
  }
  return [...new Set([...BASE_SCOPES, ...scopes])];
}
