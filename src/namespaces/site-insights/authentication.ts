/**
 * A user's Google sign-in as Site Kit keeps it (`Token`, `OAuth_Client`, `Authentication`): the
 * token in user options, the scopes granted, and the state `core/user/data/authentication`
 * answers. Tokens are credentials: they are read here to be handed to the `oauth` service or
 * answered by `get-token` alone.
 */
import type { JsonValue } from '../../store/types.js';
import { isSettingsObject } from '../option-object.js';
import { CONNECTION_OPTIONS } from './connection.js';
import { activeModuleSlugs, storedModuleSettings } from './module-state.js';
import { siteKitModule } from './registry.js';
import { areScopesSatisfied, isScopeSatisfied, requiredScopes } from './scopes.js';
import type { SiteInsightsBound } from './settings.js';

/** The user options of a sign-in, by Site Kit's names (`OAuth_Client_Base`, `OAuth_Client`, `Disconnected_Reason`). */
export const AUTH_OPTIONS = {
  accessToken: CONNECTION_OPTIONS.accessToken,
  expiresIn: 'googlesitekit_access_token_expires_in',
  createdAt: 'googlesitekit_access_token_created_at',
  refreshToken: 'googlesitekit_refresh_token',
  scopes: 'googlesitekit_auth_scopes',
  additionalScopes: 'googlesitekit_additional_auth_scopes',
  errorCode: 'googlesitekit_error_code',
  redirectUrl: 'googlesitekit_redirect_url',
  errorRedirectUrl: 'googlesitekit_error_redirect_url',
  disconnectedReason: 'googlesitekit_disconnected_reason',
} as const;

/** The prefix of every user option `disconnect` deletes (`googlesitekit\_%`; the `googlesitekitpersistent_` ones stay). */
export const USER_DATA_PREFIX = 'googlesitekit_';
/** The site option of the address the site connected through Site Kit's proxy with (`Connected_Proxy_URL`). */
const CONNECTED_PROXY_URL_OPTION = 'googlesitekit_connected_proxy_url';
/** The site option caching whether some admin is signed in (`Has_Connected_Admins`), reset on a disconnect. */
export const HAS_CONNECTED_ADMINS_OPTION = 'googlesitekit_has_connected_admins';

/** A stored token, as `Token::get()` reads it. */
interface StoredToken {
  /** The access token. */
  readonly accessToken: string;
  /** Its lifetime in seconds (0 when unknown). */
  readonly expiresIn: number;
  /** When it was issued, Unix seconds (0 when unknown). */
  readonly created: number;
  /** The refresh token, when one was kept. */
  readonly refreshToken?: string;
}

/** A token as Google's token endpoint answers it (`access_token`, `expires_in`, `refresh_token`). */
interface GrantedToken {
  /** The access token. */
  access_token: string;
  /** Its lifetime in seconds (default an hour). */
  expires_in?: number;
  /** When it was issued, Unix seconds (default now). */
  created?: number;
  /** The refresh token, kept when given. */
  refresh_token?: string;
}

/** PHP's `(int)` of a stored number or numeric text. */
function int(value: JsonValue | undefined): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 10) : 0;
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** The text of a stored string, '' for anything else. */
function text(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** A user's token; null when none is kept (`Token::get()` answering an empty array). */
export async function readToken(storage: SiteInsightsBound, userId: number): Promise<StoredToken | null> {
  const [access, expiresIn, created, refresh] = await Promise.all([
    storage.getUserOption(userId, AUTH_OPTIONS.accessToken),
    storage.getUserOption(userId, AUTH_OPTIONS.expiresIn),
    storage.getUserOption(userId, AUTH_OPTIONS.createdAt),
    storage.getUserOption(userId, AUTH_OPTIONS.refreshToken),
  ]);
  const accessToken = text(access);
  if (accessToken === '') return null;
  const refreshToken = text(refresh);
  return { accessToken, expiresIn: int(expiresIn), created: int(created), ...(refreshToken !== '' ? { refreshToken } : {}) };
}

/**
 * The user option writes of `OAuth_Client_Base::set_token`: the token (an hour and now where not
 * given), the refresh token when given, and the last error code cleared. Empty for a token without
 * an access token, which Site Kit refuses.
 */
export function tokenWrites(token: GrantedToken, nowSeconds: number): Record<string, JsonValue | undefined> {
  if (!token.access_token) return {};
  return {
    [AUTH_OPTIONS.errorCode]: undefined,
    [AUTH_OPTIONS.accessToken]: token.access_token,
    [AUTH_OPTIONS.expiresIn]: token.expires_in || 3600,
    [AUTH_OPTIONS.createdAt]: token.created || nowSeconds,
    ...(token.refresh_token ? { [AUTH_OPTIONS.refreshToken]: token.refresh_token } : {}),
  };
}

/** The user option deletions of `OAuth_Client::delete_token`: the token, the scopes and the redirect addresses. */
export const TOKEN_DELETES: Readonly<Record<string, undefined>> = {
  [AUTH_OPTIONS.accessToken]: undefined,
  [AUTH_OPTIONS.expiresIn]: undefined,
  [AUTH_OPTIONS.createdAt]: undefined,
  [AUTH_OPTIONS.refreshToken]: undefined,
  [AUTH_OPTIONS.scopes]: undefined,
  [AUTH_OPTIONS.redirectUrl]: undefined,
  [AUTH_OPTIONS.errorRedirectUrl]: undefined,
  [AUTH_OPTIONS.additionalScopes]: undefined,
};

/** A stored list's strings, in order, each once. */
function stringList(value: JsonValue | undefined): string[] {
  const items = Array.isArray(value) ? value : isSettingsObject(value) ? Object.values(value) : [];
  return [...new Set(items.filter((item): item is string => typeof item === 'string'))];
}

/** The scopes a user granted: the required ones and the additional ones (`OAuth_Client::get_granted_scopes`). */
async function grantedScopes(storage: SiteInsightsBound, userId: number): Promise<string[]> {
  const [base, extra] = await Promise.all([
    storage.getUserOption(userId, AUTH_OPTIONS.scopes),
    storage.getUserOption(userId, AUTH_OPTIONS.additionalScopes),
  ]);
  return [...new Set([...stringList(base), ...stringList(extra)])];
}

/** Whether a module's stored settings hold a non-empty value under `key`. */
async function moduleSettingHeld(storage: SiteInsightsBound, slug: string, key: string): Promise<boolean> {
  const module = siteKitModule(slug)!;
  const value = (await storedModuleSettings(storage, module))[key];
  return Boolean(value) && value !== '0';
}

/** The scopes Site Kit requires of a user, from the site's active modules and what the user granted. */
async function requiredScopesFor(storage: SiteInsightsBound, granted: readonly string[], authenticated: boolean): Promise<string[]> {
  const [active, analytics, adsCustomer] = await Promise.all([
    activeModuleSlugs(storage),
    storedModuleSettings(storage, siteKitModule('analytics-4')!),
    moduleSettingHeld(storage, 'ads', 'extCustomerID'),
  ]);
  const analyticsConnected = siteKitModule('analytics-4')!.connected(analytics);
  return requiredScopes({ active: [...active], granted, authenticated, analyticsConnected, adsCustomer });
}

/** What `core/user/data/authentication` answers (`REST_Authentication_Controller`). */
interface AuthenticationState {
  /** Whether the user is signed in with Google. */
  authenticated: boolean;
  /** The scopes Site Kit asks for. */
  requiredScopes: string[];
  /** The scopes the user granted (none when not signed in). */
  grantedScopes: string[];
  /** The required scopes not granted (none when not signed in). */
  unsatisfiedScopes: string[];
  /** Whether the user must sign in again for more scopes. */
  needsReauthentication: boolean;
  /** Why the user was disconnected (`connected_url_mismatch`), or ''. */
  disconnectedReason: JsonValue;
  /** The address the site connected through Site Kit's proxy with, or false. */
  connectedProxyURL: JsonValue;
}

/** A user's sign-in state, as `core/user/data/authentication` answers it. */
export async function authenticationState(storage: SiteInsightsBound, userId: number): Promise<AuthenticationState> {
  const [token, granted, reason, proxyUrl] = await Promise.all([
    readToken(storage, userId),
    grantedScopes(storage, userId),
    storage.getUserOption(userId, AUTH_OPTIONS.disconnectedReason),
    storage.getOption(CONNECTED_PROXY_URL_OPTION),
  ]);
  const authenticated = token !== null;
  const required = await requiredScopesFor(storage, granted, authenticated);
  return {
    authenticated,
    requiredScopes: required,
    grantedScopes: authenticated ? granted : [],
    unsatisfiedScopes: authenticated ? required.filter((scope) => !isScopeSatisfied(scope, granted)) : [],
    needsReauthentication: authenticated && !areScopesSatisfied(required, granted),
    disconnectedReason: reason === undefined ? '' : reason,
    connectedProxyURL: proxyUrl === undefined ? false : proxyUrl,
  };
}

/** The site's OAuth client, as the `oauth` service is handed it; empty strings before set-up. */
export async function siteOAuthClient(storage: SiteInsightsBound): Promise<{ clientId: string; clientSecret: string }> {
  const stored = await storage.getOption(CONNECTION_OPTIONS.credentials);
  const given = isSettingsObject(stored) ? stored : {};
  return { clientId: text(given.oauth2_client_id), clientSecret: text(given.oauth2_client_secret) };
}
