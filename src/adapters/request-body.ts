import type { IncomingMessage } from 'node:http';
import { bodyTooLarge, internal, noRoute } from '../core/errors/catalogue.js';
import type { RestServer } from '../core/server.js';
import type { RawRequest, RawResponse } from '../core/types.js';
import { readFetchBody, readNodeBody, type BodyReadFailure } from './read-body.js';

/** Default largest request body an adapter reads: 1 MiB. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** What the host framework already did with the body. */
export interface HostBody {
  /** The body text or bytes a body parser kept (koa-bodyparser's `rawBody`): parsed as WordPress would; other values are ignored. */
  raw?: unknown;
  /** A body a parser already turned into data (`req.body`), used once the stream itself is consumed. */
  parsed?: unknown;
}

/** The body part of a core request. */
export type RequestBody = Pick<RawRequest, 'body' | 'parsedBody'>;

/** The body part of a core request, or why the request cannot be answered from it. */
type BodyOutcome = RequestBody | { failed: BodyReadFailure };

/** What an adapter does next: hand the core this body, send this answer instead, or nothing at all (null). */
type BodyStep = RequestBody | { answer: RawResponse } | null;

/**
 * Where a request's body comes from, most faithful first: the raw text a parser kept, else the
 * stream itself (read up to `limit` bytes) while nobody has consumed it, else what a parser made
 * of it. A stream consumed by someone who kept nothing reads as empty.
 */
export async function requestBody(req: IncomingMessage, limit: number, host: HostBody = {}): Promise<BodyOutcome> {
  const raw = host.raw;
  if (typeof raw === 'string' || raw instanceof Uint8Array) return { body: raw };
  if (req.readableEnded && host.parsed !== undefined) return { parsedBody: host.parsed };
  const read = await readNodeBody(req, limit);
  if (read.ok) return { body: read.body };
  // Drain what is left so the socket can close cleanly after the 413.
  if (read.reason === 'too-large') req.resume();
  return { failed: read.reason };
}

/** {@link requestBody} for a fetch `Request`, which no parser has read. */
export async function fetchRequestBody(request: Request, limit: number): Promise<BodyOutcome> {
  const read = await readFetchBody(request, limit);
  return read.ok ? { body: read.body } : { failed: read.reason };
}

/**
 * The same step for every adapter once the body is read: the body goes to the core; a body over
 * the limit is answered 413 here; a client that went away mid-body gets nothing — no handler, no
 * hook and no answer, as there is no one to read it.
 */
export function settleBody(
  server: RestServer,
  limit: number,
  headers: Record<string, string | string[] | undefined>,
  outcome: BodyOutcome,
): BodyStep {
  if (!('failed' in outcome)) return outcome;
  return outcome.failed === 'aborted' ? null : { answer: tooLargeResponse(server, limit, headers) };
}

/**
 * The 413 answer for a body over the limit, with the REST headers and `Connection: close`: the
 * unread rest of the body would otherwise be parsed as the next request.
 */
function tooLargeResponse(server: RestServer, limit: number, headers: Record<string, string | string[] | undefined>): RawResponse {
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
