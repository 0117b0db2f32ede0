import type { IncomingMessage } from 'node:http';
import { bodyTooLarge, internal, noRoute } from '../core/errors/catalogue.js';
import type { RestServer } from '../core/server.js';
import type { RawRequest, RawResponse } from '../core/types.js';
import { readBody } from './read-body.js';

/** Default largest request body an adapter reads: 1 MiB. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** What the host framework already did with the body. */
export interface HostBody {
  /** The body text or bytes a body parser kept (koa-bodyparser's `rawBody`): parsed as WordPress would; other values are ignored. */
  raw?: unknown;
  /** A body a parser already turned into data (`req.body`), used once the stream itself is consumed. */
  parsed?: unknown;
}

/** The body part of a core request, or why the request cannot be answered from it. */
export type BodyOutcome = Pick<RawRequest, 'body' | 'parsedBody'> | { failed: 'too-large' | 'aborted' };

/**
 * Where a request's body comes from, most faithful first: the raw text a parser kept, else the
 * stream itself (read up to `limit` bytes) while nobody has consumed it, else what a parser made
 * of it. A stream consumed by someone who kept nothing reads as empty.
 */
export async function requestBody(req: IncomingMessage, limit: number, host: HostBody = {}): Promise<BodyOutcome> {
  const raw = host.raw;
  if (typeof raw === 'string' || raw instanceof Uint8Array) return { body: raw };
  if (req.readableEnded && host.parsed !== undefined) return { parsedBody: host.parsed };
  const read = await readBody(req, limit);
  if (read.ok) return { body: read.body };
  // Drain what is left so the socket can close cleanly after the 413.
  if (read.reason === 'too-large') req.resume();
  return { failed: read.reason };
}

/**
 * The 413 answer for a body over the limit, with the REST headers and `Connection: close`: the
 * unread rest of the body would otherwise be parsed as the next request.
 */
export function tooLargeResponse(server: RestServer, limit: number, headers: Record<string, string | string[] | undefined>): RawResponse {
  const answer = server.errorResponse(bodyTooLarge(limit), headers);
  answer.headers.Connection = 'close';
  return answer;
}

/** WordPress's answer for a URL outside every route, for adapters with nowhere to pass it on. */
export function notFoundResponse(server: RestServer, headers: Record<string, string | string[] | undefined>): RawResponse {
  return server.errorResponse(noRoute(), headers);
}

/** The generic 500 for an exception the core did not answer; nothing of the exception is shown. */
export function failureResponse(server: RestServer, headers: Record<string, string | string[] | undefined>): RawResponse {
  return server.errorResponse(internal(), headers);
}
