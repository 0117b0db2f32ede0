import type { IncomingMessage, ServerResponse } from 'node:http';
import { restError } from '../core/errors.js';
import type { MaybePromise } from '../core/maybe-async.js';
import type { RestTarget } from '../core/rest-route.js';
import type { RestServer } from '../core/server.js';
import type { RawResponse } from '../core/types.js';
import { readBody } from './read-body.js';

/** Options of {@link createNodeHandler}. */
export interface NodeHandlerOptions {
  /** Largest request body read, in bytes (default 1 MiB); larger ones answer 413. */
  bodyLimit?: number;
}

/** A `node:http` request listener that also works as connect-style middleware. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Writes a core answer out; the body is left off for HEAD. */
export function writeRawResponse(res: ServerResponse, answer: RawResponse, method: string): void {
  // One writeHead with a flat list is much cheaper than a setHeader call per header.
  const head: string[] = [];
  for (const name in answer.headers) {
    const value = answer.headers[name]!;
    if (Array.isArray(value)) for (const v of value) head.push(name, v);
    else head.push(name, value);
  }
  if (method === 'HEAD') {
    res.writeHead(answer.status, head);
    res.end();
    return;
  }
  head.push('Content-Length', String(Buffer.byteLength(answer.body)));
  res.writeHead(answer.status, head);
  // A string body goes out in one write together with the head; a Buffer would take a second.
  res.end(answer.body);
}

/**
 * Serves the REST API from `http.createServer(handler)` or a middleware stack: URLs outside
 * the API go to `next()` when there is one, else answer 404.
 */
export function createNodeHandler(server: RestServer, options: NodeHandlerOptions = {}): NodeHandler {
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;

  function deliver(res: ServerResponse, answer: RawResponse | null, method: string, next?: (error?: unknown) => void): void {
    if (res.destroyed) return;
    if (answer) writeRawResponse(res, answer, method);
    else if (next) next();
  }

  async function serveWithBody(req: IncomingMessage, res: ServerResponse, target: RestTarget, next?: (error?: unknown) => void): Promise<void> {
    const method = req.method ?? 'GET';
    const read = await readBody(req, bodyLimit);
    if (!read.ok) {
      if (read.reason === 'aborted') return;
      const tooLarge = restError('rest_request_too_large', `The request body is larger than this server accepts (${bodyLimit} bytes).`, 413);
      // The unread rest of the body would be parsed as the next request: close instead.
      res.setHeader('Connection', 'close');
      req.resume();
      return writeRawResponse(res, server.errorResponse(tooLarge, req.headers), method);
    }
    deliver(res, await server.handle({ method, url: req.url ?? '/', headers: req.headers, body: read.body }, target), method, next);
  }

  /** Serves a request; synchronous when it has no body to read and nothing on the way is async. */
  function serve(req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): MaybePromise<void> {
    const url = req.url ?? '/';
    const method = req.method ?? 'GET';
    const target = server.resolve(url);
    if (!target) {
      if (next) return next();
      const notFound = restError('rest_no_route', 'No route was found matching the URL and request method.', 404);
      return writeRawResponse(res, server.errorResponse(notFound, req.headers), method);
    }
    if (BODY_METHODS.has(method.toUpperCase())) return serveWithBody(req, res, target, next);
    const answer = server.handle({ method, url, headers: req.headers }, target);
    if (answer instanceof Promise) return answer.then((settled) => deliver(res, settled, method, next));
    deliver(res, answer, method, next);
  }

  /** Last resort for an exception the core did not answer: a generic 500, or a dropped connection once headers went out. */
  function fail(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    if (res.headersSent || res.destroyed) return void res.destroy();
    const failure = restError('internal_server_error', 'There has been a critical error on this website.', 500);
    server.reportError(error, 'the node adapter');
    writeRawResponse(res, server.errorResponse(failure, req.headers), req.method ?? 'GET');
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
