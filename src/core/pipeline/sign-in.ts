// Authentication: whoever the request's credentials sign in, then the answer as them.
import type { AuthOutcome } from '../auth/authenticate.js';
import { isRestError, type RestError } from '../errors/rest-error.js';
import { answerThrown } from '../errors/to-rest-error.js';
import type { RawResponse } from '../types.js';
import { answerAs } from './answer.js';
import { compose } from './compose.js';
import { errorResponse } from './dispatch.js';
import type { Exchange, ServerEnv } from './environment.js';
import type { MaybePromise } from './maybe-async.js';

/** Signs in whoever the request's credentials name, then answers as them; a refusal answers its error. */
export function authenticateAndAnswer(env: ServerEnv, ex: Exchange): MaybePromise<RawResponse> {
  const { raw, params, headers, query, out } = ex;
  ex.hostAuthenticated = !env.credentialFree;
  let auth: MaybePromise<AuthOutcome>;
  try {
    auth = env.authenticate({ method: params.received, url: raw.url, headers, query, remoteAddress: raw.remoteAddress }, out);
  } catch (thrown) {
    auth = authFailure(env, thrown);
  }
  return auth instanceof Promise ? answerAuthenticatedLater(env, auth, ex) : answerAuthenticated(env, auth, ex);
}

/** Answers as whoever authentication found, or with the error it answered. */
function answerAuthenticated(env: ServerEnv, result: AuthOutcome, ex: Exchange): MaybePromise<RawResponse> {
  return isRestError(result) ? refused(env, result, ex) : answerAs(env, result, ex);
}

/** {@link answerAuthenticated} once an async authentication settles; a rejection answers its error. */
function answerAuthenticatedLater(env: ServerEnv, auth: Promise<AuthOutcome>, ex: Exchange): Promise<RawResponse> {
  return auth.then(
    (result) => answerAuthenticated(env, result, ex),
    (thrown: unknown) => refused(env, authFailure(env, thrown), ex),
  );
}

/** The answer to a request authentication refused, as anonymous. */
function refused(env: ServerEnv, error: RestError, ex: Exchange): RawResponse {
  return compose(env, { response: errorResponse(error), route: null, request: null }, null, ex);
}

/** What an authentication that threw answers, reported. */
function authFailure(env: ServerEnv, thrown: unknown): RestError {
  return answerThrown(thrown, (error) => env.onError(error, { phase: 'authenticate' }));
}
