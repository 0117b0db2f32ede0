import { RestError } from '../errors.js';
import { settle, type MaybePromise } from '../maybe-async.js';
import type { RestUser } from '../types.js';
import { parseBasicCredentials } from './basic.js';

/** What authentication sees of a request. */
export interface AuthRequest {
  /** Request method as received. */
  method: string;
  /** Request URL as received. */
  url: string;
  /** Request headers, lower-cased names. */
  headers: Record<string, string>;
  /** Query parameters. */
  query: Record<string, unknown>;
}

/** Who is asking: a user, null for anonymous, or an error to answer with (`rest_authentication_errors`). */
export type AuthOutcome = RestUser | null | RestError;

/**
 * Resolves the signed-in user of a request. `responseHeaders` are the answer's headers so far:
 * a scheme may add its own (WordPress refreshes `X-WP-Nonce` there).
 */
export type Authenticate = (request: AuthRequest, responseHeaders: Record<string, string | string[]>) => MaybePromise<AuthOutcome>;

/**
 * Checks a Basic `username:application-password` pair: the user when it holds, null when it
 * does not, or an error of the host's own.
 */
export type VerifyApplicationPassword = (username: string, password: string) => MaybePromise<RestUser | null | RestError>;

/** A cookie session, checked with WordPress's REST nonce (`X-WP-Nonce` header or `_wpnonce` query). */
export interface SessionAuth {
  /** The user the request's session (cookie) signs in, or null. */
  user(request: AuthRequest): MaybePromise<RestUser | null>;
  /** Whether a nonce for the action `wp_rest` is valid for this user. */
  verifyNonce(nonce: string, user: RestUser, request: AuthRequest): MaybePromise<boolean>;
  /** A fresh nonce, sent back in `X-WP-Nonce` on every answer, as WordPress does. */
  createNonce?(user: RestUser): MaybePromise<string>;
}

/** The built-in schemes and how they report bad credentials. */
export interface AuthenticatorOptions {
  /** Checks Basic application-password credentials. */
  verifyApplicationPassword: VerifyApplicationPassword;
  /** Tells an unknown user from a wrong password, for `credentialErrors: 'wordpress'`. */
  userExists?: (username: string) => MaybePromise<boolean>;
  /**
   * `'anonymous'` (default): bad or malformed credentials are treated as no credentials, as a
   * plain WordPress site does, so an answer never tells whether a user exists. `'wordpress'`:
   * answer 401 `invalid_username` / `incorrect_password` as WordPress does when a plugin reads
   * the current user early.
   */
  credentialErrors?: 'anonymous' | 'wordpress';
  /** A cookie session scheme, tried before application passwords. */
  session?: SessionAuth;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function unknownUser(username: string): RestError {
  return EMAIL.test(username)
    ? new RestError('invalid_email', '<strong>Error:</strong> Unknown email address. Check again or try your username.', { status: 401 })
    : new RestError('invalid_username', '<strong>Error:</strong> Unknown username. Check again or try your email address.', { status: 401 });
}

const WRONG_PASSWORD = (): RestError =>
  new RestError('incorrect_password', 'The provided password is an invalid application password.', { status: 401 });

/**
 * The built-in authentication: a cookie session with its nonce (`rest_cookie_check_errors`),
 * then Basic application passwords (`wp_validate_application_password`). A request with
 * neither is answered synchronously as anonymous, so the common case costs no promise.
 */
export function createAuthenticator(options: AuthenticatorOptions): Authenticate {
  const { verifyApplicationPassword, session, userExists } = options;
  const reportErrors = options.credentialErrors === 'wordpress';

  function applicationPassword(request: AuthRequest): MaybePromise<AuthOutcome> {
    const credentials = parseBasicCredentials(request.headers.authorization);
    if (!credentials) return null;
    const { username, password } = credentials;
    return settle(verifyApplicationPassword(username, password), (user) => {
      if (user !== null) return user;
      if (!reportErrors) return null;
      if (!userExists) return WRONG_PASSWORD();
      return settle(userExists(username), (exists) => (exists ? WRONG_PASSWORD() : unknownUser(username)));
    });
  }

  function sessionUser(user: RestUser, request: AuthRequest, responseHeaders: Record<string, string | string[]>, auth: SessionAuth): MaybePromise<AuthOutcome> {
    const fromQuery = request.query._wpnonce;
    const nonce = typeof fromQuery === 'string' ? fromQuery : request.headers['x-wp-nonce'];
    // A session without a nonce is treated as anonymous, which is what makes cookies safe from CSRF.
    if (nonce === undefined) return null;
    return settle(auth.verifyNonce(nonce, user, request), (valid) => {
      if (!valid) return new RestError('rest_cookie_invalid_nonce', 'Cookie check failed', { status: 403 });
      if (!auth.createNonce) return user;
      return settle(auth.createNonce(user), (fresh) => {
        responseHeaders['X-WP-Nonce'] = fresh;
        return user;
      });
    });
  }

  return (request, responseHeaders) => {
    if (!session) return applicationPassword(request);
    return settle(session.user(request), (user) => (user ? sessionUser(user, request, responseHeaders, session) : applicationPassword(request)));
  };
}
