import type { JsonValue, SiteStore } from '../../store/types.js';
import { AUTH_OPTIONS, tokenWrites } from './authentication.js';
import { CONNECTION_OPTIONS } from './connection.js';
import { writeUserMeta } from './site-store.js';

/** A user's Google sign-in, as a host's OAuth pages got it (Site Kit's `OAuth_Client::authorize_user`). */
export interface SiteKitSignIn {
  /** The user who signed in. */
  userId: number;
  /** The access token Google issued: a credential. */
  accessToken: string;
  /** The refresh token, when Google issued one (the first consent does): a credential. */
  refreshToken?: string;
  /** The access token's lifetime in seconds (default an hour). */
  expiresIn?: number;
  /** When the token was issued, in milliseconds (default now). */
  issuedAt?: number;
  /** The scopes the user granted. */
  scopes: readonly string[];
  /** Whether the user verified the site with Google (default true: Site Kit's sign-in verifies it). */
  verified?: boolean;
  /** The site's OAuth client, stored as the site's set-up (`googlesitekit_credentials`) when given. */
  client?: { clientId: string; clientSecret: string };
}

/**
 * Records a user's Google sign-in on the site store where Site Kit keeps it, in one transaction:
 * the token and its expiry, the scopes granted, the site verification, and, when given, the site's
 * OAuth client, which completes Site Kit's set-up; the last disconnection reason and error are
 * cleared. A host's OAuth pages call it once Google answers the consent, since the sign-in itself
 * happens outside the REST API. Nothing here is answered or logged.
 *
 * ```ts
 * await recordSiteKitSignIn(store, { userId: 1, accessToken, refreshToken, scopes: granted.split(' ') });
 * ```
 */
export async function recordSiteKitSignIn(store: SiteStore, signIn: SiteKitSignIn): Promise<void> {
  if (!signIn.accessToken) throw new TypeError('site-rest: recordSiteKitSignIn needs the access token Google issued');
  const issued = Math.floor((signIn.issuedAt ?? Date.now()) / 1000);
  const writes: Record<string, JsonValue | undefined> = {
    ...tokenWrites(
      { access_token: signIn.accessToken, expires_in: signIn.expiresIn, created: issued, refresh_token: signIn.refreshToken },
      issued,
    ),
    [AUTH_OPTIONS.scopes]: [...new Set(signIn.scopes)],
    [AUTH_OPTIONS.additionalScopes]: [],
    [AUTH_OPTIONS.disconnectedReason]: undefined,
    [CONNECTION_OPTIONS.verified]: signIn.verified === false ? undefined : '1',
  };
  await store.transaction(async (tx) => {
    await writeUserMeta(tx, signIn.userId, writes);
    if (signIn.client) {
      await tx.options.set(CONNECTION_OPTIONS.credentials, {
        oauth2_client_id: signIn.client.clientId,
        oauth2_client_secret: signIn.client.clientSecret,
      });
    }
  });
}
