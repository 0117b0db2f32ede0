// The outside services of site-insights/v1. Each is a self-contained block: its host callback's
// types, its declaration (budget, Site Kit's answer per failure) and its recorded double.
import type { HostServiceLimits, ServiceDeclaration } from '../host-service.js';
import { recordedAnswer, type Recordings } from '../recorded-double.js';

// ---- oauth: Google's token endpoint, for a user's refresh and revocation ----------------------
// Site Kit's OAuth client refreshes an expiring access token with the refresh token and revokes
// the token on a disconnect. The host's callback makes the call with the site's OAuth client; the
// tokens it is handed and answers are credentials, kept in user options and never logged.

/** A refresh: the user's refresh token traded for a new access token (`fetchAccessTokenWithRefreshToken`). */
export interface OAuthRefreshCall {
  /** The user whose token it is. */
  userId: number;
  /** The stored refresh token: a credential. */
  refreshToken: string;
  /** The site's OAuth client id (`googlesitekit_credentials`). */
  clientId: string;
  /** The site's OAuth client secret: a credential. */
  clientSecret: string;
}

/** A revocation: the user's token given up (`revokeToken`: the refresh token where one is kept, else the access token). */
export interface OAuthRevokeCall {
  /** The user whose token it is. */
  userId: number;
  /** The token to revoke: a credential. */
  token: string;
  /** The site's OAuth client id. */
  clientId: string;
}

/** Google's token endpoint's answer: a new token, or its OAuth error (`invalid_grant` for a revoked or expired refresh token). */
export type OAuthTokenAnswer =
  | {
      /** The new access token. */
      access_token: string;
      /** Its lifetime in seconds. */
      expires_in?: number;
      /** A new refresh token, when Google rotates it. */
      refresh_token?: string;
      /** The scopes granted, space-separated. */
      scope?: string;
      /** `Bearer`. */
      token_type?: string;
    }
  | {
      /** The OAuth error code. */
      error: string;
      /** Its description. */
      error_description?: string;
    };

/** The host's way to Google's OAuth endpoints for Site Kit. `signal` fires at the deadline. */
export interface SiteKitOAuth {
  /** Trades a refresh token for a new access token. */
  refresh(call: OAuthRefreshCall, signal: AbortSignal): Promise<OAuthTokenAnswer> | OAuthTokenAnswer;
  /** Revokes a token; its answer is not read (Site Kit revokes on a best-effort basis). */
  revoke(call: OAuthRevokeCall, signal: AbortSignal): Promise<unknown> | unknown;
}

/** Why a refresh got no token: the error code Site Kit keeps in the user option `googlesitekit_error_code`. */
export interface OAuthFailure {
  /** The code kept: the message of the exception Site Kit's HTTP client throws. */
  errorCode: string;
}

/** The budget of a token call: one round trip to Google, for an answer of a few hundred bytes. */
export const SITE_KIT_OAUTH_LIMITS: HostServiceLimits = { timeoutMs: 10_000, maxBytes: 64 * 1024 };

/** A failure's answer: the error code Site Kit keeps for it. */
const failure =
  (errorCode: string): (() => OAuthFailure) =>
  () => ({ errorCode });

/**
 * Google's OAuth endpoints as a declared service: 10 s and 64 KiB by default. A refresh that gets
 * no answer is Site Kit's failed refresh: the exception's message kept as the user's error code
 * and the stale token left as it is, so `get-token` answers it (none without a callback, as Site
 * Kit without a network). A revocation that fails is ignored, as Site Kit ignores it. Its double
 * answers the recorded exchange by `operation` (`refresh`, `revoke`) and `refreshToken`; a refresh
 * token nothing recorded gets Google's `invalid_grant`.
 */
export const oauthService: ServiceDeclaration<SiteKitOAuth, OAuthFailure> = {
  namespace: 'site-insights',
  service: 'oauth',
  option: 'oauth',
  limits: SITE_KIT_OAUTH_LIMITS,
  failures: {
    unconfigured: failure("cURL error 7: Couldn't connect to server"),
    threw: failure("cURL error 7: Couldn't connect to server"),
    timeout: failure('cURL error 28: Operation timed out'),
    'too-large': failure('cURL error 63: Maximum file size exceeded'),
  },
  double: (recorded: Recordings) => ({
    async refresh(call, signal) {
      const { answer, filler } = await recordedAnswer(
        recorded,
        'site-insights/oauth',
        { operation: 'refresh', refreshToken: call.refreshToken, clientId: call.clientId },
        signal,
      );
      const token = (answer ?? { error: 'invalid_grant', error_description: 'Bad Request' }) as OAuthTokenAnswer;
      return filler === '' ? token : ({ ...token, filler } as unknown as OAuthTokenAnswer);
    },
    async revoke(call, signal) {
      const { answer, filler } = await recordedAnswer(
        recorded,
        'site-insights/oauth',
        { operation: 'revoke', clientId: call.clientId },
        signal,
      );
      return filler === '' ? (answer ?? {}) : { filler };
    },
  }),
};
