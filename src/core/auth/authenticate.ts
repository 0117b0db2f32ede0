import { cookieNonceInvalid, tooManyRetries, unknownUser, wrongPassword } from '../errors/catalogue.js';
import { isRestError, type RestError } from '../errors/rest-error.js';
import { settle, type MaybePromise } from '../pipeline/maybe-async.js';
import { isEmail } from '../schema/formats.js';
import type { RestUser } from '../types.js';
import { memoryStore } from '../../store/memory/index.js';
import type { SiteStore } from '../../store/types.js';
import { parseBasicCredentials } from './basic.js';
import { createLoginLimiter, type LoginLimiterOptions } from './login-limiter.js';
import { z } from 'zod';
import { checkOptions, fn, hostObject, loginLimiterOptions, optionsObject, sessionScheme, type OptionsShape } from '../options.js';

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
  /** The client's address as the adapter saw it (see {@link RawRequest.remoteAddress}); undefined when unknown. */
  remoteAddress?: string;
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
 * does not, or an error of the host's own (one below 500 counts as a failed sign-in for the
 * login limiter; a 503 is answered with `Retry-After: 1`). It is called for every attempt, even
 * from a client locked out by the limiter, since a valid password is always let in: what keeps
 * passwords from being guessed is their randomness, so check only passwords as random as
 * WordPress's generated ones (24 letters and digits), and cheaply. `address` is the client's, as
 * the adapter gave it (undefined when unknown), for a check that shares a scarce resource fairly.
 */
export type VerifyApplicationPassword = (username: string, password: string, address?: string) => MaybePromise<RestUser | null | RestError>;

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
   * plain WordPress site does, so an answer never tells whether a user exists; the answer carries
   * `X-Credentials-Rejected` so a client can tell a wrong password from a missing right. `'wordpress'`:
   * answer 401 `invalid_username` / `incorrect_password` as WordPress does when a plugin reads
   * the current user early.
   */
  credentialErrors?: 'anonymous' | 'wordpress';
  /** A cookie session scheme, tried before application passwords. */
  session?: SessionAuth;
  /**
   * Counts failed Basic sign-ins per client address as Limit Login Attempts Reloaded does (default
   * on: 4 failures lock an address out for 20 minutes, 16 for 24 hours), answering a locked-out
   * client's failures with 429 `too_many_retries` and `Retry-After`; a valid password is answered
   * all the same. `false` turns it off.
   */
  loginLimiter?: LoginLimiterOptions | false;
  /** The site store the login limiter keeps its counts in, shared by every process on it (default a fresh `memoryStore()`). */
  store?: SiteStore;
}

const authenticatorOptions = optionsObject({
  verifyApplicationPassword: fn('username, password → user or null'),
  userExists: fn('username → boolean').optional(),
  credentialErrors: z.enum(['anonymous', 'wordpress'], { error: "must be 'anonymous' or 'wordpress'" }).optional(),
  session: sessionScheme.optional(),
  loginLimiter: z.union([z.literal(false), loginLimiterOptions], { error: 'must be limiter options or false' }).optional(),
  store: hostObject('a site store').optional(),
} satisfies OptionsShape<AuthenticatorOptions>);

/**
 * The header that tells a client its `Authorization` signed nobody in. WordPress answers such a
 * request as anonymous, in the same body as one without credentials (the recordings pin it), so
 * the hint rides beside the body: a 401 then reads as "not accepted", not as a missing right.
 */
const CREDENTIALS_REJECTED_HEADER = 'X-Credentials-Rejected';

/** Answers as anonymous a request whose credentials were not accepted, saying so in a header. */
function rejected(responseHeaders: Record<string, string | string[]>): null {
  responseHeaders[CREDENTIALS_REJECTED_HEADER] = 'The credentials sent were not accepted; the request was answered as anonymous.';
  return null;
}

// WordPress's wp_authenticate_application_password tells the two apart with is_email().
const unknownUserError = (username: string): RestError => unknownUser(isEmail(username));

/** Limit Login Attempts Reloaded's lockout error, as a REST answer; sets its `Retry-After`. */
function lockedOut(retryAfterMs: number, responseHeaders: Record<string, string | string[]>): RestError {
  const seconds = Math.ceil(retryAfterMs / 1000);
  responseHeaders['Retry-After'] = String(seconds);
  return tooManyRetries(seconds);
}

/**
 * The built-in authentication: a cookie session with its nonce (`rest_cookie_check_errors`),
 * then Basic application passwords (`wp_validate_application_password`). Credentials are checked
 * first, and only a failure reaches the login limiter, so a valid password is never refused for
 * others' failures and costs no limiter round trip. A request with neither scheme is answered
 * synchronously as anonymous, so the common case costs no promise.
 */
export function createAuthenticator(options: AuthenticatorOptions): Authenticate {
  checkOptions(authenticatorOptions, options, 'createAuthenticator');
  const { verifyApplicationPassword, session, userExists } = options;
  const reportErrors = options.credentialErrors === 'wordpress';
  const limiter = options.loginLimiter === false ? undefined : createLoginLimiter(options.store ?? memoryStore(), options.loginLimiter);

  /** How a failure is answered when its client is not locked out: the host's error, WordPress's 401, or anonymous. */
  function failure(
    checked: RestError | null,
    username: string,
    responseHeaders: Record<string, string | string[]>,
  ): MaybePromise<AuthOutcome> {
    if (checked) return checked;
    if (!reportErrors) return rejected(responseHeaders);
    if (!userExists) return wrongPassword();
    return settle(userExists(username), (exists) => (exists ? wrongPassword() : unknownUserError(username)));
  }

  /** The answer to a check: the user, a 503 passed on, or a failure counted by the limiter first. */
  function checked(
    result: RestUser | null | RestError,
    request: AuthRequest,
    username: string,
    responseHeaders: Record<string, string | string[]>,
  ): MaybePromise<AuthOutcome> {
    if (result !== null && !isRestError(result)) return result;
    if (result !== null && result.status >= 500) {
      if (result.status === 503) responseHeaders['Retry-After'] = '1';
      return result;
    }
    if (!limiter) return failure(result, username, responseHeaders);
    return settle(limiter.failed(request.remoteAddress, username), (lockedMs) =>
      lockedMs > 0 ? lockedOut(lockedMs, responseHeaders) : failure(result, username, responseHeaders),
    );
  }

  /** {@link checked} once an async check settles. */
  function checkedLater(
    result: Promise<RestUser | null | RestError>,
    request: AuthRequest,
    username: string,
    responseHeaders: Record<string, string | string[]>,
  ): Promise<AuthOutcome> {
    return result.then((settled) => checked(settled, request, username, responseHeaders));
  }

  function applicationPassword(request: AuthRequest, responseHeaders: Record<string, string | string[]>): MaybePromise<AuthOutcome> {
    const { authorization } = request.headers;
    const credentials = parseBasicCredentials(authorization);
    if (!credentials) return authorization === undefined ? null : rejected(responseHeaders);
    const { username, password } = credentials;
    // A check answered at once (credentials verified before) stays synchronous, closure-free.
    const result = verifyApplicationPassword(username, password, request.remoteAddress);
    return result instanceof Promise
      ? checkedLater(result, request, username, responseHeaders)
      : checked(result, request, username, responseHeaders);
  }

  function sessionUser(
    user: RestUser,
    request: AuthRequest,
    responseHeaders: Record<string, string | string[]>,
    auth: SessionAuth,
  ): MaybePromise<AuthOutcome> {
    const fromQuery = request.query._wpnonce;
    const nonce = typeof fromQuery === 'string' ? fromQuery : request.headers['x-wp-nonce'];
    // A session without a nonce is treated as anonymous, which is what makes cookies safe from CSRF.
    if (nonce === undefined) return null;
    return settle(auth.verifyNonce(nonce, user, request), (valid) => {
      if (!valid) return cookieNonceInvalid();
      if (!auth.createNonce) return user;
      return settle(auth.createNonce(user), (fresh) => {
        responseHeaders['X-WP-Nonce'] = fresh;
        return user;
      });
    });
  }

  return (request, responseHeaders) => {
    if (!session) return applicationPassword(request, responseHeaders);
    return settle(session.user(request), (user) =>
      user ? sessionUser(user, request, responseHeaders, session) : applicationPassword(request, responseHeaders),
    );
  };
}
