import { clientGoneOn } from './client-gone.js';
import { BODY_METHODS } from '../core/http/methods.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { RestServer } from '../core/server.js';
import type { RawResponse } from '../core/types.js';
import { DEFAULT_BODY_LIMIT, requestBody, settleBody, type RequestBody } from './request-body.js';
import { bodyChunks, SINGLE_WRITE_LIMIT, withHostVary } from './write-response.js';
import { addDiscoveryLink, basePathOption, belowBase, overTls } from './mount.js';
import { POST_ID_HEADER, type HostPageCache } from '../core/http/page-cache.js';
import { sentHead } from './page-cache.js';
import { clientAddressOf, type TrustedProxies } from './client-address.js';

export type { TrustedProxies } from './client-address.js';
import type { ByteSize } from '../core/byte-size.js';
import { checkOptions, optionsObject, text, type OptionsShape } from '../core/options.js';
import { ADAPTER_OPTIONS } from './adapter-options.js';
import { holdGate, isPromised, refusalResponse, type HoldOptions, type StartingServer } from './hold.js';

export type { HoldOptions, StartingServer } from './hold.js';

// Koa is an optional peer: these shapes stand in for its types so that users without @types/koa still compile.

/** The part of Koa's `ctx.request` the middleware reads. */
export interface KoaRequestLike {
  /** The body text a parser kept (koa-bodyparser's `rawBody`); only a string or bytes are used. */
  rawBody?: unknown;
  /** The body a parser already turned into data (koa-bodyparser's `body`). */
  body?: unknown;
}

/** The part of a Koa context the middleware uses. */
export interface KoaContextLike {
  /** The request method. */
  method: string;
  /** Path and query string, relative to a koa-mount prefix. */
  url: string;
  /** Path and query string as the client asked them, a koa-mount prefix included. */
  originalUrl?: string;
  /** Node's request, whose body is read when no parser consumed it. */
  req: IncomingMessage;
  /** Node's response, whose headers set upstream (a `Vary`) are kept. */
  res: ServerResponse;
  /** Koa's request, where body parsers leave what they read. */
  request: KoaRequestLike;
  /** The client's address as Koa reads it: the socket's, or `X-Forwarded-For` where `app.proxy` is set. */
  ip?: string;
  /** The response status. */
  status: number;
  /** The response body. */
  body: unknown;
  /** `false` keeps Koa from writing any response. */
  respond?: boolean;
  /** Sets a response header; an array value is sent as several lines. */
  set(name: string, value: string | string[]): void;
  /** Removes a response header. */
  remove(name: string): void;
}

/** Options of {@link createKoaMiddleware}. */
export interface KoaMiddlewareOptions {
  /** Largest request body read, in bytes or as Express writes sizes (`'1mb'`; default 1 MiB); larger ones answer 413. */
  bodyLimit?: ByteSize;
  /** The path the API is served under (`'/blog'` serves `/blog/wp-json/…` and builds links under it); other URLs go to `next()`. */
  basePath?: string;
  /** Add WordPress's discovery `Link` header to the responses of requests passed on to `next()` (default true, as WordPress's front-end pages). */
  discoveryLink?: boolean;
  /** A page cache (`inProcessPageCache`) that serves and keeps the host's pages for requests passed on to `next()`; the API's own answers are never cached. */
  pageCache?: HostPageCache;
  /** Given the promise of a server: how many requests wait for it, and how long (default 1,000 for 30 s each). */
  hold?: HoldOptions;
  /**
   * The client's address, where the host knows it better than Koa (`ctx.ip`, the default: the
   * socket's address, or `X-Forwarded-For` where `app.proxy` is set; mind that without
   * `app.maxIpsCount` Koa takes its leftmost entry, which the client writes): a header its own
   * proxy sets, or a platform's API. The login limiter counts failed sign-ins by it; undefined
   * means unknown (then they are counted by username). Not together with `trustedProxies`.
   */
  clientAddress?: (request: KoaContextLike) => string | undefined;
  /**
   * Read the client's address from `X-Forwarded-For` over these proxies, instead of `ctx.ip`,
   * whatever `app.proxy` says: `{ hops: 1 }` behind one load balancer, `{ addresses: ['10.0.0.0/8']
   * }` behind proxies in that range.
   */
  trustedProxies?: TrustedProxies;
}

/** The address Koa gives: `ctx.ip`, which honours `app.proxy`, else the socket's. */
const koaAddress = (ctx: KoaContextLike): string | undefined => ctx.ip || ctx.req.socket.remoteAddress;

/** What the trusted-proxy reading takes from a Koa context: the socket's address and the header. */
const KOA_CONNECTION = {
  peer: (ctx: KoaContextLike) => ctx.req.socket.remoteAddress,
  forwardedFor: (ctx: KoaContextLike) => ctx.req.headers['x-forwarded-for'],
};

const koaMiddlewareOptions = optionsObject({ ...ADAPTER_OPTIONS, basePath: text.optional() } satisfies OptionsShape<KoaMiddlewareOptions>);

/** Koa middleware: the request's context and the rest of the stack. */
export type KoaMiddleware = (ctx: KoaContextLike, next: () => Promise<unknown>) => Promise<void>;

/**
 * Hands a core answer to Koa's response API rather than writing to the socket, so that
 * upstream middleware (compression, logging) still sees and may change it.
 */
function answerWith(ctx: KoaContextLike, answer: RawResponse): void {
  // Headers first: with a Content-Type present, Koa does not relabel a string body as text/plain.
  for (const name in answer.headers) ctx.set(name, withHostVary(ctx.res, name, answer.headers[name]!));
  // Always set, even for 200: Koa starts every response at 404 and must not keep that for an API answer.
  ctx.status = answer.status;
  const length = Buffer.byteLength(answer.body);
  if (length <= SINGLE_WRITE_LIMIT) {
    ctx.body = answer.body;
    // Koa would announce the empty HEAD body as `Content-Length: 0`, which is not GET's length.
    if (ctx.method === 'HEAD') ctx.remove('Content-Length');
    return;
  }
  // Koa pipes a stream with backpressure, so a slow reader never makes it buffer the whole body again.
  ctx.body = Readable.from(bodyChunks(Buffer.from(answer.body)));
  // Koa sends a stream chunked; the length is known, so announce it.
  ctx.set('Content-Length', String(length));
}

/**
 * The body part of the core request, or null when the request was settled here: a body over
 * the limit answers 413, and a client gone mid-body gets no answer at all.
 */
async function bodyOf(ctx: KoaContextLike, server: RestServer, limit: number): Promise<RequestBody | null> {
  if (!BODY_METHODS.has(ctx.method.toUpperCase())) return {};
  const step = settleBody(
    server,
    limit,
    ctx.req.headers,
    await requestBody(ctx.req, limit, { raw: ctx.request.rawBody, parsed: ctx.request.body }),
  );
  if (step === null) ctx.respond = false;
  else if ('answer' in step) answerWith(ctx, step.answer);
  else return step;
  return null;
}

/**
 * Passes a request on to `next()` through the cache: a hit is answered with `X-Cache: HIT`;
 * otherwise the host's answer, once downstream middleware set it, is kept when its body is text or
 * bytes (a stream is let through uncached) and the cache admits it.
 */
async function throughCache(cache: HostPageCache, ctx: KoaContextLike, next: () => Promise<unknown>): Promise<void> {
  const lookup = await cache.lookup({
    method: ctx.method,
    url: ctx.originalUrl ?? ctx.url,
    headers: ctx.req.headers,
    secure: overTls(ctx.req),
  });
  if (lookup.kind === 'hit') {
    const { answer } = lookup;
    // Headers first, so Koa keeps the page's Content-Type for a Buffer body.
    for (const name in answer.headers) ctx.set(name, answer.headers[name]!);
    ctx.status = answer.status;
    ctx.body = Buffer.from(answer.body);
    return;
  }
  await next();
  const postId = ctx.res.getHeader(POST_ID_HEADER);
  ctx.remove(POST_ID_HEADER);
  const { body } = ctx;
  if (lookup.kind !== 'miss' || (typeof body !== 'string' && !(body instanceof Uint8Array))) return;
  const bytes = Buffer.from(body);
  const head = sentHead(ctx.res, ctx.status, postId);
  if (bytes.byteLength <= lookup.keeper.maxBytes && lookup.keeper.admits(head)) lookup.keeper.keep(head, bytes);
}

/**
 * Koa middleware serving the REST API. URLs outside the API go to `next()`. Exceptions the core
 * does not answer itself reject, for Koa's own error handling. Given the promise of a server,
 * requests that arrive before it resolves are held (see {@link HoldOptions}), then served; when it
 * rejects, they and every later request are answered 503 with `Retry-After`.
 */
export function createKoaMiddleware(server: StartingServer, options: KoaMiddlewareOptions = {}): KoaMiddleware {
  const given = checkOptions(koaMiddlewareOptions, options, 'createKoaMiddleware');
  const bodyLimit = given.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const basePath = basePathOption(options.basePath, 'createKoaMiddleware');
  const addressOf = clientAddressOf(options, 'createKoaMiddleware', KOA_CONNECTION, koaAddress);
  if (!isPromised(server)) return koaMiddleware(server, options, bodyLimit, basePath, addressOf);
  const gate = holdGate(server, given.hold, (ready) => koaMiddleware(ready, options, bodyLimit, basePath, addressOf));
  return async (ctx, next) => {
    if (gate.ready) return gate.ready(ctx, next);
    const outcome = await gate.hold((leave) => ctx.res.once('close', leave));
    if (typeof outcome !== 'string') return outcome(ctx, next);
    if (outcome === 'gone') ctx.respond = false;
    else answerWith(ctx, refusalResponse(outcome));
  };
}

/** {@link createKoaMiddleware} over a server that is ready; its options already checked. */
function koaMiddleware(
  server: RestServer,
  options: KoaMiddlewareOptions,
  bodyLimit: number,
  basePath: string,
  addressOf: (request: KoaContextLike) => string | undefined,
): KoaMiddleware {
  const discovery = options.discoveryLink !== false;
  const { pageCache } = options;

  return async (ctx, next) => {
    const url = belowBase(ctx.url, basePath);
    const target = url === null ? null : server.resolve(url);
    if (!target) {
      if (discovery) addDiscoveryLink(ctx.res, server.discoveryLink({ headers: ctx.req.headers, basePath, secure: overTls(ctx.req) }));
      await (pageCache ? throughCache(pageCache, ctx, next) : next());
      return;
    }
    const body = await bodyOf(ctx, server, bodyLimit);
    if (!body) return;
    const remoteAddress = addressOf(ctx);
    const secure = overTls(ctx.req);
    const answer = await server.handle(
      {
        method: ctx.method,
        url: url!,
        headers: ctx.req.headers,
        remoteAddress,
        secure,
        onClientGone: clientGoneOn(ctx.res),
        ...(basePath && { basePath }),
        ...body,
      },
      target,
    );
    if (answer) answerWith(ctx, answer);
    else await next();
  };
}
