// Where a request enters the core (`RestServer.handle`, `inject`): the API route its URL
// addresses, its headers and global params, the address it reached the site at, and who asks.
import { internal } from '../errors/catalogue.js';
import { baseHeaders, normalizeHeaders } from '../http/headers.js';
import { resolveRestRoute, type RestTarget } from '../routing/rest-route.js';
import type { RawRequest, RawResponse, RestUser } from '../types.js';
import { addressOf } from './addresses.js';
import { answerAs } from './answer.js';
import { standaloneError } from './compose.js';
import { within } from './deadline.js';
import type { Exchange, ServerEnv } from './environment.js';
import { readGlobalParams } from './global-params.js';
import type { MaybePromise } from './maybe-async.js';
import { endRequest, requestEnd, type RequestEnd } from './request-end.js';
import { authenticateAndAnswer } from './sign-in.js';

/** `RestServer.handle`: the answer, or WordPress's critical error once it is `answerTimeoutMs` late. */
export function handle(env: ServerEnv, raw: RawRequest, given: RestTarget | undefined): MaybePromise<RawResponse | null> {
  const end = requestEnd(raw.onClientGone);
  const answer = serve(env, raw, given, undefined, end);
  return answer instanceof Promise && env.answerTimeoutMs !== false
    ? answerWithin(env, env.answerTimeoutMs, answer, raw, given, end)
    : answer;
}

/** `answer`, unless it is still pending after `ms`. */
function answerWithin(
  env: ServerEnv,
  ms: number,
  answer: Promise<RawResponse | null>,
  raw: RawRequest,
  given: RestTarget | undefined,
  end: RequestEnd,
): Promise<RawResponse | null> {
  return within(answer, ms, () => {
    // What the request still runs learns through its signal that nobody waits for it any more.
    endRequest(end, new Error(`site-rest: answered late, after ${ms} ms`));
    return lateAnswer(env, ms, raw, given);
  });
}

/** The answer to a request past `answerTimeoutMs`: reported, then WordPress's critical error. */
function lateAnswer(env: ServerEnv, ms: number, raw: RawRequest, given: RestTarget | undefined): RawResponse {
  env.onError(new Error(`site-rest: no answer within ${ms} ms; answered 500`), {
    phase: 'handler',
    method: raw.method,
    route: given?.route,
  });
  return standaloneError(env, internal(), raw.headers);
}

/** Answers a request as `presetUser` when given, else as whoever its credentials sign in; null when its URL is outside the API. */
export function serve(
  env: ServerEnv,
  raw: RawRequest,
  given: RestTarget | undefined,
  presetUser: RestUser | null | undefined,
  end: RequestEnd,
): MaybePromise<RawResponse | null> {
  const target = given ?? resolveRestRoute(raw.url, env.routeRoot);
  if (!target) return null;
  const query = target.query as Record<string, unknown>;
  const headers = normalizeHeaders(raw.headers);
  const params = readGlobalParams(raw.method, query, headers, env.jsonp);
  const { addresses } = env;
  const at =
    addresses.trusting || raw.basePath
      ? addressOf(addresses, { headers, basePath: raw.basePath, secure: raw.secure })
      : addresses.configured;
  // A fresh literal per answer: V8 builds it faster than it copies a prepared one.
  const out: Record<string, string | string[]> = baseHeaders(at.link, params.jsonpAsked, env.cors !== null);
  // WordPress answers a refused `_jsonp` with `json_error`: code and message, no `data`.
  const { refusal } = params;
  if (refusal) return { status: refusal.status, headers: out, body: JSON.stringify({ code: refusal.code, message: refusal.message }) };
  const exchange: Exchange = { raw, target, query, headers, params, out, at, hostAuthenticated: false, end };

  // Who is asking is already known for an injected request, and for the common case: no
  // credentials on a server whose only scheme is Basic. Then no authentication runs at all.
  const known = presetUser !== undefined ? presetUser : env.credentialFree && headers.authorization === undefined ? null : undefined;
  return known !== undefined ? answerAs(env, known, exchange) : authenticateAndAnswer(env, exchange);
}
