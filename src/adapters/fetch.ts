import { BODY_METHODS } from '../core/http/methods.js';
import type { RestServer } from '../core/server.js';
import type { RawResponse } from '../core/types.js';
import { DEFAULT_BODY_LIMIT, notFoundResponse, tooLargeResponse } from './request-body.js';
import { bodyChunks, SINGLE_WRITE_LIMIT } from './write-response.js';

/** Options of {@link createFetchHandler}. */
export interface FetchHandlerOptions {
  /** Largest request body read, in bytes (default 1 MiB); larger ones answer 413. */
  bodyLimit?: number;
  /** Answers requests outside the API (default: WordPress's 404 `rest_no_route`). */
  fallback?: (request: Request) => Response | Promise<Response>;
  /**
   * The client's address, which a `Request` does not carry: e.g. Bun's `server.requestIP(request)?.address`,
   * or a header your own proxy sets. Without it the login limiter counts by username only.
   */
  clientAddress?: (request: Request) => string | undefined;
}

/** A WHATWG fetch handler: Hono, Bun, Deno, Next.js route handlers, Cloudflare Workers. */
export type FetchHandler = (request: Request) => Promise<Response>;

type BodyRead = { ok: true; body: Uint8Array } | { ok: false; reason: 'too-large' | 'aborted' };

/** Reads a request body, stopping as soon as it grows past `limit` bytes instead of buffering it all. */
async function readLimited(request: Request, limit: number): Promise<BodyRead> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) return { ok: false, reason: 'too-large' };
  if (!request.body) return { ok: true, body: new Uint8Array(0) };
  const reader: ReadableStreamDefaultReader<Uint8Array> = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: Awaited<ReturnType<typeof reader.read>>;
    try {
      read = await reader.read();
    } catch {
      // The client went away mid-body: an everyday event, not an error for the host to log.
      return { ok: false, reason: 'aborted' };
    }
    if (read.done) break;
    size += read.value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return { ok: false, reason: 'too-large' };
    }
    chunks.push(read.value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, body };
}

/** A large body as a pull stream: the next chunk is encoded only when the consumer asks for it. */
function pullStream(text: string): ReadableStream<Uint8Array> {
  const chunks = bodyChunks(Buffer.from(text));
  return new ReadableStream({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
}

/** A core answer as a fetch `Response`; array header values become repeated headers. */
export function toFetchResponse(answer: RawResponse, method: string): Response {
  const headers = new Headers();
  for (const name in answer.headers) {
    const value = answer.headers[name]!;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  // A Response cannot carry a body for these statuses.
  if (method === 'HEAD' || answer.status === 204 || answer.status === 304 || answer.body === '') {
    return new Response(null, { status: answer.status, headers });
  }
  const length = Buffer.byteLength(answer.body);
  headers.set('Content-Length', String(length));
  const body = length <= SINGLE_WRITE_LIMIT ? answer.body : pullStream(answer.body);
  return new Response(body, { status: answer.status, headers });
}

function headerRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/**
 * Serves the REST API as `(request: Request) => Promise<Response>`. Requests outside the API
 * go to `fallback`; bodies are read up to `bodyLimit`. An unexpected exception rejects the
 * promise, so the platform's or framework's error handling sees it.
 */
export function createFetchHandler(server: RestServer, options: FetchHandlerOptions = {}): FetchHandler {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;

  return async (request) => {
    const parsed = new URL(request.url);
    const url = parsed.pathname + parsed.search;
    const headers = headerRecord(request.headers);
    const method = request.method.toUpperCase();
    const target = server.resolve(url);
    if (!target) return options.fallback ? options.fallback(request) : toFetchResponse(notFoundResponse(server, headers), method);
    let body: Uint8Array | undefined;
    if (BODY_METHODS.has(method)) {
      const read = await readLimited(request, bodyLimit);
      if (!read.ok && read.reason === 'aborted') return new Response(null, { status: 400 });
      if (!read.ok) return toFetchResponse(tooLargeResponse(server, bodyLimit, headers), method);
      body = read.body;
    }
    const answer = await server.handle({ method: request.method, url, headers, body, remoteAddress: options.clientAddress?.(request) }, target);
    // resolve() said this URL is in the API, so the core answers it.
    return toFetchResponse(answer!, method);
  };
}
