import { BODY_METHODS } from '../core/http/methods.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MaybePromise } from '../core/pipeline/maybe-async.js';
import type { RestTarget } from '../core/routing/rest-route.js';
import type { RestServer } from '../core/server.js';
import type { RawResponse } from '../core/types.js';
import { DEFAULT_BODY_LIMIT, failureResponse, notFoundResponse, requestBody, settleBody } from './request-body.js';
import { writeRawResponse } from './write-response.js';

export { writeRawResponse } from './write-response.js';
export { createClientErrorHandler, type ClientErrorHandler } from './client-error.js';

/** Options of {@link createNodeHandler}. */
export interface NodeHandlerOptions {
  /** Largest request body read, in bytes (default 1 MiB); larger ones answer 413. */
  bodyLimit?: number;
}

/** A `node:http` request listener that also works as connect-style middleware. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/**
 * Serves the REST API from `http.createServer(handler)` or a middleware stack: URLs outside
 * the API go to `next()` when there is one, else answer 404.
 */
export function createNodeHandler(server: RestServer, options: NodeHandlerOptions = {}): NodeHandler {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;

  function deliver(res: ServerResponse, answer: RawResponse | null, method: string, next?: (error?: unknown) => void): void {
    if (res.destroyed) return;
    if (answer) writeRawResponse(res, answer, method);
    else if (next) next();
  }

  async function serveWithBody(
    req: IncomingMessage,
    res: ServerResponse,
    target: RestTarget,
    next?: (error?: unknown) => void,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const body = settleBody(server, bodyLimit, req.headers, await requestBody(req, bodyLimit));
    if (body === null) return;
    if ('answer' in body) return writeRawResponse(res, body.answer, method);
    deliver(
      res,
      await server.handle({ method, url: req.url ?? '/', headers: req.headers, remoteAddress: req.socket.remoteAddress, ...body }, target),
      method,
      next,
    );
  }

  /** Serves a request; synchronous when it has no body to read and nothing on the way is async. */
  function serve(req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): MaybePromise<void> {
    const url = req.url ?? '/';
    const method = req.method ?? 'GET';
    const target = server.resolve(url);
    if (!target) {
      if (next) return next();
      return writeRawResponse(res, notFoundResponse(server, req.headers), method);
    }
    if (BODY_METHODS.has(method.toUpperCase())) return serveWithBody(req, res, target, next);
    const answer = server.handle({ method, url, headers: req.headers, remoteAddress: req.socket.remoteAddress }, target);
    if (answer instanceof Promise) return answer.then((settled) => deliver(res, settled, method, next));
    deliver(res, answer, method, next);
  }

  /** Last resort for an exception the core did not answer: a generic 500, or a dropped connection once headers went out. */
  function fail(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    if (res.headersSent || res.destroyed) return void res.destroy();
    server.reportError(error, { phase: 'adapter' });
    writeRawResponse(res, failureResponse(server, req.headers), req.method ?? 'GET');
  }

  return (req, res, next) => {
    try {
      const served = serve(req, res, next);
      if (served instanceof Promise) served.catch((error: unknown) => fail(req, res, error));
    } catch (error) {
      fail(req, res, error);
    }
  };
}
