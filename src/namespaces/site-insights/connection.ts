import { isSettingsObject } from '../option-object.js';
import type { SiteInsightsBound } from './settings.js';

/**
 * Where Site Kit keeps its connection to Google: the site's OAuth client in the option
 * `googlesitekit_credentials` (written when the site is set up), each user's token and
 * verification in user options (written by the OAuth sign-in, which happens on the host's pages,
 * not through this API).
 */
export const CONNECTION_OPTIONS = {
  /** The site's OAuth client: `{oauth2_client_id, oauth2_client_secret}`. */
  credentials: 'googlesitekit_credentials',
  /** A user's access token (user option). */
  accessToken: 'googlesitekit_access_token',
  /** Whether a user verified the site with Google (user option, `"verified"`). */
  verified: 'googlesitekit_site_verified_meta',
} as const;

/** Whether Site Kit's set-up is complete: the site has an OAuth client (`Authentication::is_setup_completed`). */
export async function isSetupCompleted(storage: SiteInsightsBound): Promise<boolean> {
  const credentials = await storage.getOption(CONNECTION_OPTIONS.credentials);
  return isSettingsObject(credentials) && Boolean(credentials.oauth2_client_id) && Boolean(credentials.oauth2_client_secret);
}

/** Whether a user has signed in with Google: a token is kept for them (`Authentication::is_authenticated`). */
export async function isUserAuthenticated(storage: SiteInsightsBound, userId: number): Promise<boolean> {
  return Boolean(await storage.getUserOption(userId, CONNECTION_OPTIONS.accessToken));
}

/** Whether a user verified the site with Google: the user option exists, whatever it holds (`Verification::has`, `metadata_exists`). */
export async function isUserVerified(storage: SiteInsightsBound, userId: number): Promise<boolean> {
  return (await storage.getUserOption(userId, CONNECTION_OPTIONS.verified)) !== undefined;
}

/** The site's OAuth client as `Credentials::get()` reads it: each field a string, empty when absent. */
export interface SiteCredentials {
  /** `oauth2_client_id`: the site's id at the Site Kit service when it is set up through it. */
  clientId: string;
  /** `oauth2_client_secret`: a credential, sent to the Site Kit service and nowhere else. */
  clientSecret: string;
}

/** The site's OAuth client from `googlesitekit_credentials`; empty strings where it has none. */
export async function siteCredentials(storage: SiteInsightsBound): Promise<SiteCredentials> {
  const stored = await storage.getOption(CONNECTION_OPTIONS.credentials);
  const field = (name: string): string => {
    const value = isSettingsObject(stored) ? stored[name] : undefined;
    return typeof value === 'string' ? value : '';
  };
  return { clientId: field('oauth2_client_id'), clientSecret: field('oauth2_client_secret') };
}

/** The domain of the OAuth clients the Site Kit service (Google's proxy) hands out. */
const PROXY_CLIENT_SUFFIX = '.apps.sitekit.withgoogle.com';

/**
 * Whether the site is set up through the Site Kit service (`Credentials::using_proxy`): it has no
 * OAuth client yet, or its client id is one the service handed out (PCRE's `$` also matches
 * before a final newline).
 */
export function usesProxy(credentials: SiteCredentials): boolean {
  if (credentials.clientId === '' || credentials.clientSecret === '') return true;
  const id = credentials.clientId.endsWith('\n') ? credentials.clientId.slice(0, -1) : credentials.clientId;
  return id.endsWith(PROXY_CLIENT_SUFFIX);
}
