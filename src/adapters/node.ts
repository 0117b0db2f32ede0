import { clientGoneOn } from './client-gone.js';
import { BODY_METHODS } from '../core/http/methods.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MaybePromise } from '../core/pipeline/maybe-async.js';
import type { RestTarget } from '../core/routing/rest-route.js';
import type { RestServer } from '../core/server.js';
import type { RawRequest, RawResponse } from '../core/types.js';
import { DEFAULT_BODY_LIMIT, failureResponse, notFoundResponse, requestBody, settleBody } from './request-body.js';
import { writeRawResponse } from './write-response.js';
import { addDiscoveryLink, basePathOption, belowBase, overTls } from './mount.js';
import type { HostPageCache } from '../core/http/page-cache.js';
import { passThroughCache } from './page-cache.js';
import { clientAddressOf, type TrustedProxies } from './client-address.js';
import type { ByteSize } from '../core/byte-size.js';
import { checkOptions, optionsObject, text, type OptionsShape } from '../core/options.js';
import { ADAPTER_OPTIONS } from './adapter-options.js';
import { heldConnectStyle, isPromised, type HoldOptions, type StartingServer } from './hold.js';

export type { HoldOptions, StartingServer } from './hold.js';

export { writeRawResponse } from './write-response.js';
export { createClientErrorHandler, type ClientErrorHandler } from './client-error.js';
export type { TrustedProxies } from './client-address.js';

/** Options of {@link createNodeHandler}. */
export interface NodeHandlerOptions {
  /** Largest request body read, in bytes or as Express writes sizes (`'1mb'`; default 1 MiB); larger ones answer 413. */
  bodyLimit?: ByteSize;
  /** The path the API is served under (`'/blog'` serves `/blog/wp-json/…` and builds links under it); other URLs are passed on. */
  basePath?: string;
  /** Add WordPress's discovery `Link` header to the responses of requests passed on to `next()` (default true, as WordPress's front-end pages). */
  discoveryLink?: boolean;
  /** A page cache (`inProcessPageCache`) that serves and keeps the host's pages for requests passed on to `next()`; the API's own answers are never cached. */
  pageCache?: HostPageCache;
  /** Given the promise of a server: how many requests wait for it, and how long (default 1,000 for 30 s each). */
  hold?: HoldOptions;
  /**
   * The client's address, where the host knows it better than the socket
   * (`req.socket.remoteAddress`, the default): a header its own proxy sets, or a platform's API.
   * The login limiter counts failed sign-ins by it; undefined means unknown (then they are counted
   * by username). Not together with `trustedProxies`.
   */
  clientAddress?: (request: IncomingMessage) => string | undefined;
  /**
   * Read the client's address from `X-Forwarded-For` over these proxies, instead of the socket's:
   * `{ hops: 1 }` behind one load balancer, `{ addresses: ['10.0.0.0/8'] }` behind proxies in that
   * range.
   */
  trustedProxies?: TrustedProxies;
}

/** The socket's address: who connected, a proxy or the client. */
const socketAddress = (req: IncomingMessage): string | undefined => req.socket.remoteAddress;

/** What the trusted-proxy reading takes from a node request: the socket's address and the header. */
const NODE_CONNECTION = { peer: socketAddress, forwardedFor: (req: IncomingMessage) => req.headers['x-forwarded-for'] };

const nodeHandlerOptions = optionsObject({ ...ADAPTER_OPTIONS, basePath: text.optional() } satisfies OptionsShape<NodeHandlerOptions>);

/** A `node:http` request listener that also works as connect-style middleware. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/**
 * Serves the REST API from `http.createServer(handler)` or a middleware stack: URLs outside
 * the API go to `next()` when there is one, else answer 404. Given the promise of a server (its
 * store still opening), it can listen at once: requests that arrive before the promise resolves
 * are held (see {@link HoldOptions}) and served once it does; when it rejects, they and every
 * later request are answered 503 with `Retry-After`.
 */
export function createNodeHandler(server: StartingServer, options: NodeHandlerOptions = {}): NodeHandler {
  const given = checkOptions(nodeHandlerOptions, options, 'createNodeHandler');
  const bodyLimit = given.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const basePath = basePathOption(options.basePath, 'createNodeHandler');
  const addressOf = clientAddressOf(options, 'createNodeHandler', NODE_CONNECTION, socketAddress);
  if (!isPromised(server)) return nodeHandler(server, options, bodyLimit, basePath, addressOf);
  return heldConnectStyle(server, given.hold, (ready) => nodeHandler(ready, options, bodyLimit, basePath, addressOf), writeRawResponse);
}

/** {@link createNodeHandler} over a server that is ready; its options already checked. */
function nodeHandler(
  server: RestServer,
  options: NodeHandlerOptions,
  bodyLimit: number,
  basePath: string,
  addressOf: (request: IncomingMessage) => string | undefined,
): NodeHandler {
  const { pageCache } = options;
  const discovery = options.discoveryLink !== false;

  // The steps below keep their callbacks in functions of their own: a function that creates a
  // closure allocates its scope on every call, even on the synchronous path that never uses it.

  function deliver(res: ServerResponse, answer: RawResponse | null, method: string, next?: (error?: unknown) => void): void {
    if (res.destroyed) return;
    if (answer) writeRawResponse(res, answer, method);
    else if (next) next();
  }

  /** {@link deliver} once an async answer settles. */
  function deliverLater(
    answer: Promise<RawResponse | null>,
    res: ServerResponse,
    method: string,
    next?: (error?: unknown) => void,
  ): Promise<void> {
    return answer.then((settled) => deliver(res, settled, method, next));
  }

  async function serveWithBody(
    req: IncomingMessage,
    res: ServerResponse,
    url: string,
    target: RestTarget,
    next?: (error?: unknown) => void,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const body = settleBody(server, bodyLimit, req.headers, await requestBody(req, bodyLimit));
    if (body === null) return;
    if ('answer' in body) return writeRawResponse(res, body.answer, method);
    deliver(res, await server.handle({ ...rawRequest(req, res, method, url), ...body }, target), method, next);
  }

  function rawRequest(req: IncomingMessage, res: ServerResponse, method: string, url: string): RawRequest {
    const raw: RawRequest = {
      method,
      url,
      headers: req.headers,
      remoteAddress: addressOf(req),
      secure: overTls(req),
      onClientGone: clientGoneOn(res),
    };
    if (basePath) raw.basePath = basePath;
    return raw;
  }

  /** A URL outside the API: on to `next()` with the discovery `Link` (through the page cache when there is one), else 404. */
  function passOn(req: IncomingMessage, res: ServerResponse, method: string, next?: (error?: unknown) => void): MaybePromise<void> {
    if (!next) return writeRawResponse(res, notFoundResponse(server, req.headers), method);
    if (discovery) addDiscoveryLink(res, server.discoveryLink({ headers: req.headers, basePath, secure: overTls(req) }));
    return pageCache ? passThroughCache(pageCache, req, res, req.url ?? '/', next) : next();
  }

  /** Serves a request; synchronous when it has no body to read and nothing on the way is async. */
  function serve(req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): MaybePromise<void> {
    const method = req.method ?? 'GET';
    const url = belowBase(req.url ?? '/', basePath);
    const target = url === null ? null : server.resolve(url);
    if (!target) return passOn(req, res, method, next);
    // Node's parser gives methods in upper case; another case is read as WordPress reads it.
    if (BODY_METHODS.has(method) || (method !== 'GET' && BODY_METHODS.has(method.toUpperCase())))
      return serveWithBody(req, res, url!, target, next);
    const answer = server.handle(rawRequest(req, res, method, url!), target);
    if (answer instanceof Promise) return deliverLater(answer, res, method, next);
    deliver(res, answer, method, next);
  }

  /** Last resort for an exception the core did not answer: a generic 500, or a dropped connection once headers went out. */
  function fail(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    if (res.headersSent || res.destroyed) return void res.destroy();
    server.reportError(error, { phase: 'adapter' });
    writeRawResponse(res, failureResponse(server, req.headers), req.method ?? 'GET');
  }

  /** {@link fail} for an async serve that rejects. */
  function failLater(served: Promise<void>, req: IncomingMessage, res: ServerResponse): void {
    served.catch((error: unknown) => fail(req, res, error));
  }

  return (req, res, next) => {
    try {
      const served = serve(req, res, next);
      if (served instanceof Promise) failLater(served, req, res);
    } catch (error) {
      fail(req, res, error);
    }
  };
}
