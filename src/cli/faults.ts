import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { writeRawResponse } from '../adapters/write-response.js';
import { internal } from '../core/errors/catalogue.js';
import type { RestServer } from '../core/server.js';

/** A slow or failing site, for testing clients: each answer waits `delayMs`, and a `failRate` share of requests fails. */
interface Faults {
  /** Milliseconds every answer is held back. */
  delayMs: number;
  /** Share of requests (0 to 1) answered with WordPress's 500 `internal_server_error`. */
  failRate: number;
  /** Seed that makes the failing requests the same from run to run (default: random). */
  seed?: number;
}

/** mulberry32: a small seeded generator of numbers in [0, 1), enough to pick which requests fail. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `listener` behind the faults: whether a request fails is drawn when it arrives, so a seed gives
 * the same sequence of answers to the same sequence of requests. Without faults, `listener` itself.
 */
export function withFaults(listener: RequestListener, rest: RestServer, faults: Faults): RequestListener {
  const { delayMs, failRate, seed } = faults;
  if (delayMs === 0 && failRate === 0) return listener;
  const draw = seed === undefined ? Math.random : seeded(seed);
  return (req: IncomingMessage, res: ServerResponse) => {
    const fails = failRate > 0 && draw() < failRate;
    const answer = fails
      ? () => writeRawResponse(res, rest.errorResponse(internal(), req.headers), req.method ?? 'GET')
      : () => listener(req, res);
    if (delayMs === 0) answer();
    else setTimeout(answer, delayMs);
  };
}
