import { clientGoneOn } from './client-gone.js';
import { BODY_METHODS } from '../core/http/methods.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RestServer } from '../core/server.js';
import { DEFAULT_BODY_LIMIT, requestBody, settleBody, type HostBody, type RequestBody } from './request-body.js';
import { sendRawResponse } from './write-response.js';
import { addDiscoveryLink, overTls } from './mount.js';
import type { HostPageCache } from '../core/http/page-cache.js';
import { passThroughCache } from './page-cache.js';
import { clientAddressOf, type TrustedProxies } from './client-address.js';

export type { TrustedProxies } from './client-address.js';
import type { ByteSize } from '../core/byte-size.js';
import { checkOptions, optionsObject, type OptionsShape } from '../core/options.js';
import { ADAPTER_OPTIONS } from './adapter-options.js';
import { heldConnectStyle, isPromised, type HoldOptions, type StartingServer } from './hold.js';

export type { HoldOptions, StartingServer } from './hold.js';

/** Options of {@link createExpressMiddleware}. */
export interface ExpressMiddlewareOptions {
  /** Largest request body read, in bytes or as Express writes sizes (`'1mb'`; default 1 MiB); larger ones answer 413. */
  bodyLimit?: ByteSize;
  /** Add WordPress's discovery `Link` header to the responses of requests passed on to `next()` (default true, as WordPress's front-end pages). */
  discoveryLink?: boolean;
  /** A page cache (`inProcessPageCache`) that serves and keeps the host's pages for requests passed on to `next()`; the API's own answers are never cached. */
  pageCache?: HostPageCache;
  /** Given the promise of a server: how many requests wait for it, and how long (default 1,000 for 30 s each). */
  hold?: HoldOptions;
  /**
   * The client's address, where the host knows it better than Express (`req.ip`, the default: the
   * socket's address, or a proxy's header where the app's `trust proxy` setting allows): a header
   * its own proxy sets, or a platform's API. The login limiter counts failed sign-ins by it;
   * undefined means unknown (then they are counted by username). Not together with
   * `trustedProxies`.
   */
  clientAddress?: (request: ExpressRequestLike) => string | undefined;
  /**
   * Read the client's address from `X-Forwarded-For` over these proxies, instead of `req.ip`,
   * whatever the app's `trust proxy` says: `{ hops: 1 }` behind one load balancer, `{ addresses:
   * ['10.0.0.0/8'] }` behind proxies in that range.
   */
  trustedProxies?: TrustedProxies;
}

// Express gives the mount path itself, so a `basePath` is answered with how to mount there.
const expressMiddlewareOptions = optionsObject({ ...ADAPTER_OPTIONS } satisfies OptionsShape<ExpressMiddlewareOptions>, {
  hints: { basePath: "Express gives the mount path: app.use('/blog', middleware)" },
});

/** What the middleware reads of an Express request (Express 4 and 5): the node request plus what parsers left on it. */
export interface ExpressRequestLike extends IncomingMessage {
  /** What a body parser made of the body (`express.json()`, `express.urlencoded()`, `express.raw()`, `express.text()`). */
  body?: unknown;
  /** The raw body, where the host kept it (the common `verify: (req, res, buf) => { req.rawBody = buf }`). */
  rawBody?: unknown;
  /** The client's address as Express reads it: the socket's, or a proxy's header where the app's `trust proxy` allows. */
  ip?: string;
  /** The path the middleware is mounted at (`app.use('/blog', …)`), '' at the root. */
  baseUrl?: string;
  /** The URL as the client asked it, the mount path included. */
  originalUrl?: string;
}

/** Express-style middleware: `app.use(middleware)` or `app.use('/prefix', middleware)`. */
export type ExpressMiddleware = (req: ExpressRequestLike, res: ServerResponse, next: (error?: unknown) => void) => void;

/** The address Express gives: `req.ip`, which honours the app's `trust proxy` setting, else the socket's. */
const expressAddress = (req: ExpressRequestLike): string | undefined => req.ip || req.socket.remoteAddress;

/** What the trusted-proxy reading takes from an Express request: the socket's address and the header. */
const EXPRESS_CONNECTION = {
  peer: (req: ExpressRequestLike) => req.socket.remoteAddress,
  forwardedFor: (req: ExpressRequestLike) => req.headers['x-forwarded-for'],
};

/**
 * The body as a parser left it: kept raw bytes or text (`rawBody`, or `express.raw()`/`express.text()`
 * output in `body`) are parsed as WordPress would; anything else in `body` is data.
 */
function hostBody(req: ExpressRequestLike): HostBody {
  return { raw: req.rawBody ?? req.body, parsed: req.body };
}

/**
 * Express middleware serving the REST API. URLs outside the API go to `next()`, with the
 * discovery `Link` header set; the URL is read as Express gives it below the mount path, and
 * links are built under that path (`req.baseUrl`). A body parser that ran first is respected
 * (its raw text when kept, else its data); otherwise the body is read from the stream, up to
 * `bodyLimit`. REST errors are answered here; anything unexpected goes to Express's error
 * handler through `next(error)`. Given the promise of a server, requests that arrive before it
 * resolves are held (see {@link HoldOptions}), then served; when it rejects, they and every later
 * request are answered 503 with `Retry-After`.
 */
export function createExpressMiddleware(server: StartingServer, options: ExpressMiddlewareOptions = {}): ExpressMiddleware {
  const given = checkOptions(expressMiddlewareOptions, options, 'createExpressMiddleware');
  const bodyLimit = given.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const addressOf = clientAddressOf(options, 'createExpressMiddleware', EXPRESS_CONNECTION, expressAddress);
  if (!isPromised(server)) return expressMiddleware(server, options, bodyLimit, addressOf);
  return heldConnectStyle(server, given.hold, (ready) => expressMiddleware(ready, options, bodyLimit, addressOf), sendRawResponse);
}

/** {@link createExpressMiddleware} over a server that is ready; its options already checked. */
function expressMiddleware(
  server: RestServer,
  options: ExpressMiddlewareOptions,
  bodyLimit: number,
  addressOf: (request: ExpressRequestLike) => string | undefined,
): ExpressMiddleware {
  const discovery = options.discoveryLink !== false;
  const { pageCache } = options;

  async function serve(req: ExpressRequestLike, res: ServerResponse, next: (error?: unknown) => void): Promise<void> {
    const url = req.url ?? '/';
    const target = server.resolve(url);
    const basePath = req.baseUrl || undefined;
    if (!target) {
      if (discovery) addDiscoveryLink(res, server.discoveryLink({ headers: req.headers, basePath, secure: overTls(req) }));
      return pageCache ? passThroughCache(pageCache, req, res, req.originalUrl ?? url, () => next()) : next();
    }
    const method = req.method ?? 'GET';
    let body: RequestBody = {};
    if (BODY_METHODS.has(method.toUpperCase())) {
      const step = settleBody(server, bodyLimit, req.headers, await requestBody(req, bodyLimit, hostBody(req)));
      if (step === null) return;
      if ('answer' in step) return sendRawResponse(res, step.answer, method);
      body = step;
    }
    const answer = await server.handle(
      {
        method,
        url,
        headers: req.headers,
        remoteAddress: addressOf(req),
        basePath,
        secure: overTls(req),
        onClientGone: clientGoneOn(res),
        ...body,
      },
      target,
    );
    if (res.destroyed) return;
    if (answer) sendRawResponse(res, answer, method);
    else next();
  }

  return (req, res, next) => {
    serve(req, res, next).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else next(error);
    });
  };
}
