// A request's abort signal, made only when a handler, check or storage callback reads it: reading
// an AbortController's `signal` costs microseconds, more than a cached answer's whole path, so a
// request that never asks never pays. What ends a request is known before anyone may ask: the
// adapter's word that the client left, the answer deadline passing, or the request it is part of
// (a batch's, an embedding one's) ending.
import type { RestRequest } from '../types.js';

/** One request's end: where to hear that its client left, and whether the server already gave up on it. */
export interface RequestEnd {
  /** Registers a listener for the client leaving (or the enclosing request ending, with its reason); absent where nothing can tell. */
  readonly gone: ((listener: (reason?: unknown) => void) => void) | undefined;
  /** Made at the first read of the signal. */
  controller: AbortController | undefined;
  /** Set when the server ended the request before anyone read the signal. */
  ended: { reason: unknown } | undefined;
}

/** The end of a request whose client leaving `gone` reports (none: only the server ends it). */
export function requestEnd(gone?: (listener: (reason?: unknown) => void) => void): RequestEnd {
  return { gone, controller: undefined, ended: undefined };
}

/** The end of a request run as part of `request` (a batch item, an embedded link): it ends when `request` does. */
export function partOf(request: RestRequest): RequestEnd {
  return requestEnd((listener) => {
    const { signal } = request;
    if (signal.aborted) listener(signal.reason);
    else signal.addEventListener('abort', () => listener(signal.reason), { once: true });
  });
}

/** Ends the request: its signal aborts with `reason`, now or when first read. */
export function endRequest(end: RequestEnd, reason: unknown): void {
  if (end.controller) end.controller.abort(reason);
  else end.ended ??= { reason };
}

/** The request's abort signal, made on first read and aborted already if the request has ended. */
export function endSignal(end: RequestEnd): AbortSignal {
  if (end.controller) return end.controller.signal;
  const controller = new AbortController();
  end.controller = controller;
  if (end.ended) controller.abort(end.ended.reason);
  else end.gone?.((reason) => controller.abort(reason ?? new Error('site-rest: the client closed the connection')));
  return controller.signal;
}
