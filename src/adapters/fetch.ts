import { clientGoneOnSignal } from './client-gone.js';
import { setOwn } from '../core/own-property.js';
import { BODY_METHODS } from '../core/http/methods.js';
import type { RestServer } from '../core/server.js';
import type { RawResponse } from '../core/types.js';
import { readFetchBody } from './read-body.js';
import { DEFAULT_BODY_LIMIT, fetchRequestBody, notFoundResponse, settleBody, type RequestBody } from './request-body.js';
import { bodyChunks, SINGLE_WRITE_LIMIT } from './write-response.js';
import { basePathOption, belowBase } from './mount.js';
import type { ByteSize } from '../core/byte-size.js';
import { checkOptions, fn, optionsObject, text, type OptionsShape } from '../core/options.js';
import { ADAPTER_OPTIONS } from './adapter-options.js';
import { holdGate, isPromised, refusalResponse, type HoldOptions, type StartingServer } from './hold.js';
import { POST_ID_HEADER, type CachedAnswer, type HostPageCache, type PageHead, type PageKeeper } from '../core/http/page-cache.js';
import { clientAddressOf, type TrustedProxies } from './client-address.js';

export type { HoldOptions, StartingServer } from './hold.js';
export type { TrustedProxies } from './client-address.js';

/** Options of {@link createFetchHandler}. */
export interface FetchHandlerOptions {
  /** Largest request body read, in bytes or as Express writes sizes (`'1mb'`; default 1 MiB); larger ones answer 413. */
  bodyLimit?: ByteSize;
  /** Answers requests outside the API (default: WordPress's 404 `rest_no_route`). */
  fallback?: (request: Request) => Response | Promise<Response>;
  /** The path the API is served under (`'/blog'` serves `/blog/wp-json/…` and builds links under it); other URLs go to `fallback`. */
  basePath?: string;
  /** Add WordPress's discovery `Link` header to `fallback`'s responses (default true, as WordPress's front-end pages). */
  discoveryLink?: boolean;
  /** A page cache (`inProcessPageCache`) that serves and keeps `fallback`'s pages; the API's own answers are never cached. */
  pageCache?: HostPageCache;
  /** Given the promise of a server: how many requests wait for it, and how long (default 1,000 for 30 s each). */
  hold?: HoldOptions;
  /**
   * The client's address, which a `Request` does not carry: e.g. Bun's `server.requestIP(request)?.address`,
   * Deno's `info.remoteAddr`, or a header your own proxy sets. The login limiter counts failed
   * sign-ins by it; without it (or `trustedProxies`) the address is unknown, and they are counted
   * by username. Not together with `trustedProxies`.
   */
  clientAddress?: (request: Request) => string | undefined;
  /**
   * Read the client's address from `X-Forwarded-For` over the platform's proxies. A `Request` does
   * not tell who connected, so only `hops` can trust the first: `{ hops: 1 }` behind one proxy
   * reads the header's last entry; `addresses` trusts the proxies further left by address.
   */
  trustedProxies?: TrustedProxies;
}

/** A `Request` does not tell who connected. */
const unknownAddress = (): undefined => undefined;

/** What the trusted-proxy reading takes from a `Request`: no peer, and the header. */
const FETCH_CONNECTION = { peer: unknownAddress, forwardedFor: (request: Request) => request.headers.get('x-forwarded-for') ?? undefined };

const fetchHandlerOptions = optionsObject({
  ...ADAPTER_OPTIONS,
  basePath: text.optional(),
  fallback: fn('request → Response').optional(),
} satisfies OptionsShape<FetchHandlerOptions>);

/** A WHATWG fetch handler: Hono, Bun, Deno, Next.js route handlers, Cloudflare Workers. */
export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * The answer to a client that went away mid-body, which a fetch handler must still return: empty,
 * with nginx's 499 "client closed request", so a platform's log does not show a client error
 * answered. No one receives it; the other adapters write nothing at all.
 */
const CLIENT_CLOSED_REQUEST = 499;

const utf8 = new TextEncoder();

/** A large body as a pull stream: the next chunk is handed over only when the consumer asks for it. */
function pullStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  const chunks = bodyChunks(bytes);
  return new ReadableStream({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
}

/** Headers as fetch `Headers`; array values become repeated headers. */
function fetchHeaders(record: Record<string, string | string[]>): Headers {
  const headers = new Headers();
  for (const name in record) {
    const value = record[name]!;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}

/** A core answer as a fetch `Response`; array header values become repeated headers. */
export function toFetchResponse(answer: RawResponse, method: string): Response {
  const headers = fetchHeaders(answer.headers);
  // A Response cannot carry a body for these statuses.
  if (method === 'HEAD' || answer.status === 204 || answer.status === 304 || answer.body === '') {
    return new Response(null, { status: answer.status, headers });
  }
  // Encoded with TextEncoder, not Buffer: Workers and Deno have no Buffer global.
  const bytes = utf8.encode(answer.body);
  headers.set('Content-Length', String(bytes.length));
  const body = bytes.length <= SINGLE_WRITE_LIMIT ? bytes : pullStream(bytes);
  return new Response(body, { status: answer.status, headers });
}

function headerRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => setOwn(out, name, value));
  return out;
}

/** A cached answer as a `Response`: the head alone for HEAD. */
function cachedResponse(answer: CachedAnswer, method: string): Response {
  const headers = fetchHeaders(answer.headers);
  headers.set('Content-Length', String(answer.body.byteLength));
  return new Response(method === 'HEAD' ? null : answer.body, { status: answer.status, headers });
}

/**
 * Reads a copy of the body beside the client, up to the keeper's cap (beyond it the copy is let
 * go, so at most that much waits for a slow client), and keeps it once whole.
 */
async function keepCopy(keeper: PageKeeper, copy: ReadableStream<Uint8Array>, head: PageHead): Promise<void> {
  const read = await readFetchBody({ headers: new Headers(), body: copy }, keeper.maxBytes);
  if (read.ok) keeper.keep(head, read.body);
  else await copy.cancel().catch(() => undefined);
}

/**
 * `fallback`'s answer through the cache: a hit answered from it with `X-Cache: HIT`; otherwise
 * the host's answer, without the post id header, and a copy of an admitted one kept.
 */
async function throughCache(
  cache: HostPageCache,
  request: Request,
  pass: NonNullable<FetchHandlerOptions['fallback']>,
  url: string,
  headers: Record<string, string>,
  secure: boolean,
): Promise<Response> {
  const method = request.method.toUpperCase();
  const lookup = await cache.lookup({ method, url, headers, secure });
  if (lookup.kind === 'hit') return cachedResponse(lookup.answer, method);
  let response = await pass(request);
  const postId = response.headers.get(POST_ID_HEADER);
  if (postId !== null) {
    // The headers of a Response from fetch() are immutable: answer a copy without it.
    response = new Response(response.body, response);
    response.headers.delete(POST_ID_HEADER);
  }
  if (lookup.kind !== 'miss' || response.body === null) return response;
  const sent = headerRecord(response.headers);
  if (postId !== null) sent[POST_ID_HEADER] = postId;
  if (!lookup.keeper.admits({ status: response.status, headers: sent })) return response;
  const [forClient, forCache] = response.body.tee();
  void keepCopy(lookup.keeper, forCache, { status: response.status, headers: sent });
  return new Response(forClient, response);
}

/**
 * Serves the REST API as `(request: Request) => Promise<Response>`. Requests outside the API
 * go to `fallback`, whose answer gets the discovery `Link` header; bodies are read up to `bodyLimit`. An unexpected exception rejects the
 * promise, so the platform's or framework's error handling sees it. Given the promise of a server,
 * requests that arrive before it resolves are held (see {@link HoldOptions}), then served; when it
 * rejects, they and every later request are answered 503 with `Retry-After`.
 */
export function createFetchHandler(server: StartingServer, options: FetchHandlerOptions = {}): FetchHandler {
  const given = checkOptions(fetchHandlerOptions, options, 'createFetchHandler');
  const bodyLimit = given.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const basePath = basePathOption(options.basePath, 'createFetchHandler');
  const addressOf = clientAddressOf(options, 'createFetchHandler', FETCH_CONNECTION, unknownAddress);
  if (!isPromised(server)) return fetchHandler(server, options, bodyLimit, basePath, addressOf);
  const gate = holdGate(server, given.hold, (ready) => fetchHandler(ready, options, bodyLimit, basePath, addressOf));
  return async (request) => {
    if (gate.ready) return gate.ready(request);
    const outcome = await gate.hold((leave) => request.signal.addEventListener('abort', leave, { once: true }));
    if (typeof outcome !== 'string') return outcome(request);
    return outcome === 'gone'
      ? new Response(null, { status: CLIENT_CLOSED_REQUEST })
      : toFetchResponse(refusalResponse(outcome), request.method.toUpperCase());
  };
}

/** {@link createFetchHandler} over a server that is ready; its options already checked. */
function fetchHandler(
  server: RestServer,
  options: FetchHandlerOptions,
  bodyLimit: number,
  basePath: string,
  addressOf: (request: Request) => string | undefined,
): FetchHandler {
  const { fallback, pageCache } = options;
  const discovery = options.discoveryLink !== false;

  /** The host's own answer, with the discovery `Link` added. */
  async function passOn(
    request: Request,
    pass: NonNullable<FetchHandlerOptions['fallback']>,
    headers: Record<string, string>,
    secure: boolean,
    url: string,
  ) {
    const response = await (pageCache ? throughCache(pageCache, request, pass, url, headers, secure) : pass(request));
    if (!discovery) return response;
    const link = server.discoveryLink({ headers, basePath, secure });
    try {
      response.headers.append('Link', link);
      return response;
    } catch {
      // The headers of a Response from fetch() are immutable: answer a copy that carries the link.
      const copy = new Response(response.body, response);
      copy.headers.append('Link', link);
      return copy;
    }
  }

  return async (request) => {
    const parsed = new URL(request.url);
    const secure = parsed.protocol === 'https:';
    const url = belowBase(parsed.pathname + parsed.search, basePath);
    const headers = headerRecord(request.headers);
    const method = request.method.toUpperCase();
    const target = url === null ? null : server.resolve(url);
    if (!target)
      return fallback
        ? passOn(request, fallback, headers, secure, parsed.pathname + parsed.search)
        : toFetchResponse(notFoundResponse(server, headers), method);
    let body: RequestBody = {};
    if (BODY_METHODS.has(method)) {
      const step = settleBody(server, bodyLimit, headers, await fetchRequestBody(request, bodyLimit));
      if (step === null) return new Response(null, { status: CLIENT_CLOSED_REQUEST });
      if ('answer' in step) return toFetchResponse(step.answer, method);
      body = step;
    }
    const answer = await server.handle(
      {
        method: request.method,
        url: url!,
        headers,
        remoteAddress: addressOf(request),
        secure,
        onClientGone: clientGoneOnSignal(request.signal),
        ...(basePath && { basePath }),
        ...body,
      },
      target,
    );
    // resolve() said this URL is in the API, so the core answers it.
    return toFetchResponse(answer!, method);
  };
}
