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
