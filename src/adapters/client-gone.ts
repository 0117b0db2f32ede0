import type { ServerResponse } from 'node:http';

/**
 * `RawRequest.onClientGone` for a Node response: the listener runs once if the connection closes
 * before the response finished (at once when it already has). Node emits `close` after a
 * finished response too, so finishing is what tells the two apart.
 */
export function clientGoneOn(res: ServerResponse): (listener: () => void) => void {
  return (listener) => {
    if (res.closed) {
      if (!res.writableFinished) listener();
      return;
    }
    res.once('close', () => {
      if (!res.writableFinished) listener();
    });
  };
}

/** `RawRequest.onClientGone` for a fetch `Request`: its signal aborts when the platform sees the client leave. */
export function clientGoneOnSignal(signal: AbortSignal): (listener: () => void) => void {
  return (listener) => {
    if (signal.aborted) listener();
    else signal.addEventListener('abort', () => listener(), { once: true });
  };
}
