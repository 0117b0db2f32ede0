// Requests that reach an adapter while the server it was given is still starting (the host's
// store opening, its users and data being written): held, up to a count and a time, and served
// once the server is ready; answered 503 with `Retry-After` when the start fails, when too many
// wait or one waits too long. Nothing is left without an answer.
import { siteUnavailable } from '../core/errors/catalogue.js';
import { NO_CACHE_HEADERS } from '../core/http/headers.js';
import type { RestServer } from '../core/server.js';
import type { RawResponse } from '../core/types.js';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A RestServer, or the promise of one still starting (`createNodeHandler(start())` where `start`
 * opens the store, makes the users and resolves with `createRestServer(…)`): an adapter given a
 * promise holds the requests that arrive before it resolves (see {@link HoldOptions}).
 */
export type StartingServer = RestServer | PromiseLike<RestServer>;

/** How an adapter given a promise of its server holds the requests that arrive before it resolves. */
export interface HoldOptions {
  /** Most requests held at once (default 1,000); one more is answered 503 at once. */
  maxRequests?: number;
  /** Longest one request is held, in milliseconds (default 30,000), then it is answered 503. */
  maxWaitMs?: number;
}

/** Why a held request is not served: the start failed, too many were held, it waited too long, or its client went away. */
type HoldRefusal = 'failed' | 'full' | 'late' | 'gone';

/** The requests held while a promised server starts; `T` is the adapter's handler over the server. */
interface HoldGate<T> {
  /** The handler once the server resolved; null while it starts, and for good once it failed. */
  readonly ready: T | null;
  /**
   * Resolves with the handler once the server is ready, or with why the request is not served.
   * `watch` is handed the call that ends the hold when the client goes away.
   */
  hold(watch: (leave: () => void) => void): Promise<T | HoldRefusal>;
}

const DEFAULT_MAX_REQUESTS = 1000;
const DEFAULT_MAX_WAIT_MS = 30_000;

/** Seconds a client refused while the site starts is told to wait before it tries again. */
const RETRY_AFTER_SECONDS = 5;

/** Whether an adapter was given the promise of a server rather than a server. */
export function isPromised(server: StartingServer): server is PromiseLike<RestServer> {
  return typeof (server as Partial<PromiseLike<RestServer>>).then === 'function';
}

/**
 * Holds requests until `promised` settles: then builds the adapter's handler over the server (once)
 * and hands it to each, or, when the promise rejects or the build throws, refuses every request held
 * and every one after. A request is refused at once when `maxRequests` are already held, and when
 * it has waited `maxWaitMs`. The adapter checked `options` when it was made (`ADAPTER_OPTIONS`).
 */
export function holdGate<T extends (...args: never[]) => unknown>(
  promised: PromiseLike<RestServer>,
  options: HoldOptions | undefined,
  build: (server: RestServer) => T,
): HoldGate<T> {
  const maxRequests = options?.maxRequests ?? DEFAULT_MAX_REQUESTS;
  const maxWaitMs = options?.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  const held = new Set<(outcome: T | HoldRefusal) => void>();
  let failed = false;
  const gate: HoldGate<T> & { ready: T | null } = {
    ready: null,
    hold(watch) {
      if (gate.ready) return Promise.resolve(gate.ready);
      if (failed) return Promise.resolve('failed');
      if (held.size >= maxRequests) return Promise.resolve('full');
      return new Promise((resolve) => {
        const settle = (outcome: T | HoldRefusal): void => {
          if (!held.delete(settle)) return;
          clearTimeout(timer);
          resolve(outcome);
        };
        const timer = setTimeout(settle, maxWaitMs, 'late');
        held.add(settle);
        watch(() => settle('gone'));
      });
    },
  };
  const release = (outcome: T | HoldRefusal): void => {
    for (const settle of [...held]) settle(outcome);
  };
  const fail = (): void => {
    failed = true;
    release('failed');
  };
  promised.then((server) => {
    if (typeof server?.handle !== 'function') return fail();
    try {
      gate.ready = build(server);
    } catch (error) {
      server.reportError(error, { phase: 'adapter' });
      return fail();
    }
    release(gate.ready);
  }, fail);
  return gate;
}

/**
 * The answer to a request refused while the site starts or after its start failed: WordPress's
 * 503 as JSON with `Retry-After`, never cached; after a failed start, with `Connection: close`, as
 * the process is going away. No REST header the server would add: there is no server to ask.
 */
export function refusalResponse(refusal: Exclude<HoldRefusal, 'gone'>): RawResponse {
  const error = siteUnavailable();
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=UTF-8',
    'X-Robots-Tag': 'noindex',
    'X-Content-Type-Options': 'nosniff',
    ...NO_CACHE_HEADERS,
    'Retry-After': String(RETRY_AFTER_SECONDS),
  };
  if (refusal === 'failed') headers.Connection = 'close';
  return { status: error.status, headers, body: JSON.stringify(error.toJSON()) };
}

/** A connect-style handler (node:http, Express): the request, its response, and the rest of the stack. */
type ConnectStyle<Req extends IncomingMessage, Next> = (req: Req, res: ServerResponse, next: Next) => void;

/**
 * A connect-style adapter over a promised server: each request served by the handler once it is
 * ready, else held by {@link holdGate}, then served or answered its refusal through `write`
 * (`writeRawResponse`, Express's `sendRawResponse`) unless its client left.
 */
export function heldConnectStyle<Req extends IncomingMessage, Next>(
  promised: PromiseLike<RestServer>,
  options: HoldOptions | undefined,
  build: (server: RestServer) => ConnectStyle<Req, Next>,
  write: (res: ServerResponse, answer: RawResponse, method: string) => void,
): ConnectStyle<Req, Next> {
  const gate = holdGate(promised, options, build);
  return (req, res, next) => {
    if (gate.ready) return gate.ready(req, res, next);
    void gate
      .hold((leave) => res.once('close', leave))
      .then((outcome) => {
        if (typeof outcome !== 'string') return outcome(req, res, next);
        if (outcome !== 'gone' && !res.headersSent) write(res, refusalResponse(outcome), req.method ?? 'GET');
      });
  };
}
