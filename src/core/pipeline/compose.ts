// The answer as the client gets it: the core's headers, then the serialized response.
import type { ReportError } from '../errors/error-info.js';
import type { RestError } from '../errors/rest-error.js';
import { CORS_CONSTANT_HEADERS } from '../http/cors.js';
import { baseHeaders, headerGuard, NO_CACHE_HEADERS, normalizeHeaders, type HeaderGuard } from '../http/headers.js';
import { serializeAnswer } from '../http/serialize.js';
import type { RawResponse, RestUser } from '../types.js';
import type { Dispatched } from './dispatch.js';
import type { Exchange, ServerEnv } from './environment.js';

/** Most header names reported as dropped: a handler building names from requests cannot grow the set. */
const MOST_DROPPED_NAMES_REPORTED = 32;

/**
 * The guard of a server's answers: the core's own headers on the configured address (`link`) are
 * trusted; a header dropped is reported once by name, for a few names at most.
 */
export function answerHeaderGuard(link: string, onError: ReportError): HeaderGuard {
  const droppedHeaderNames = new Set<string>();
  return headerGuard(
    [baseHeaders(link, false, true), baseHeaders(link, true, true), NO_CACHE_HEADERS, CORS_CONSTANT_HEADERS],
    (name, reason) => {
      const shown = name.slice(0, 100);
      if (droppedHeaderNames.has(shown) || droppedHeaderNames.size >= MOST_DROPPED_NAMES_REPORTED) return;
      droppedHeaderNames.add(shown);
      onError(new TypeError(`site-rest: dropped the response header ${JSON.stringify(shown)}: ${reason}`), { phase: 'response-headers' });
    },
  );
}

/**
 * The dispatched response as the client gets it: the core's headers, then the serialized
 * answer. The core's own headers are sendable as they are; what a handler, hook, host's
 * authentication or reflected `Origin` adds is made sendable on the way in.
 */
export function compose(env: ServerEnv, dispatched: Dispatched, user: RestUser | null, ex: Exchange): RawResponse {
  const { out, params } = ex;
  if (user) Object.assign(out, NO_CACHE_HEADERS);
  const corsOut = env.cors?.(ex.headers.origin, params.received, user !== null);
  if (corsOut) Object.assign(out, corsOut);
  const { sendable } = env;
  if (ex.hostAuthenticated || (corsOut && corsOut['Access-Control-Allow-Origin'] !== undefined)) sendable.all(out);
  const { status, body, encodeError } = serializeAnswer(dispatched.response, params, out, corsOut?.Vary, sendable.one);
  if (encodeError !== undefined)
    env.onError(encodeError.thrown, { phase: 'encode', method: params.method, route: dispatched.route?.key ?? ex.target.route });
  return { status, headers: out, body };
}

/** A complete answer for an error raised outside dispatch, with the REST headers of the configured address. */
export function standaloneError(
  env: ServerEnv,
  error: RestError,
  requestHeaders: Record<string, string | string[] | undefined> = {},
): RawResponse {
  const headers = normalizeHeaders(requestHeaders);
  const { cors } = env;
  const out: Record<string, string | string[]> = {
    ...baseHeaders(env.addresses.configured.link, false, cors !== null),
    ...cors?.(headers.origin, '', false),
  };
  return { status: error.status, headers: env.sendable.all(out), body: JSON.stringify(error.toJSON()) };
}
