// Calling a host's outside service (mail, a control panel, a page fetch) so that a slow, huge or
// failing one costs a route at most its time and size budget: the route then answers what the real
// plugin answers when its upstream fails, never a 500 carrying the callback's text.

import type { ByteSize } from '../core/byte-size.js';
import { bytes, checkedAtUse, optionsObject, type OptionsShape } from '../core/options.js';

/** How long a host service may take and how much it may answer. */
export interface HostServiceLimits {
  /** Milliseconds before the call is given up and its signal aborted. */
  timeoutMs: number;
  /** Most bytes its answer may weigh (strings and bytes by length, anything else as JSON). */
  maxBytes: number;
}

/** Why a host service call gave no answer: it threw, ran out of time, or answered too much. */
export type HostServiceFailure = 'threw' | 'timeout' | 'too-large';

/** What came of a host service call: its answer, or why there is none (and what it threw). */
export type HostServiceOutcome<T> = { ok: true; value: T } | { ok: false; failure: HostServiceFailure; error?: unknown };

/** A service option's limits as a host gives them: each defaults to the namespace's own. */
export interface GivenHostServiceLimits {
  /** Milliseconds before the call is given up and its signal aborted. */
  timeoutMs?: number;
  /** Most bytes its answer may weigh, a number or as Express writes sizes (`'512kb'`). */
  maxBytes?: ByteSize;
}

/** The checks of a {@link GivenHostServiceLimits} option; `.pick({ timeoutMs: true })` for a time alone. */
export const serviceLimitsOptions = optionsObject({
  timeoutMs: checkedAtUse<number>(),
  maxBytes: bytes.optional(),
} satisfies OptionsShape<GivenHostServiceLimits>);

/** A number option, checked at mount: a bad bound would make a route hang or never answer. */
export function boundOption(owner: string, name: string, value: number | undefined, fallback: number, least: number): number {
  const n = value ?? fallback;
  if (!Number.isFinite(n) || n < least) throw new TypeError(`site-rest: ${owner} ${name} must be a number of at least ${least}`);
  return n;
}

/**
 * A namespace's service limits: the host's (as {@link serviceLimitsOptions} read them) where given
 * and sane, else its defaults; a bad one is refused at mount naming `owner`.
 */
export function serviceLimits(
  owner: string,
  given: Partial<HostServiceLimits> | undefined,
  defaults: HostServiceLimits,
): HostServiceLimits {
  return {
    timeoutMs: boundOption(owner, 'timeoutMs', given?.timeoutMs, defaults.timeoutMs, 1),
    maxBytes: boundOption(owner, 'maxBytes', given?.maxBytes, defaults.maxBytes, 1),
  };
}

const encoder = new TextEncoder();

/** An answer's weight: bytes for text and binary, its JSON otherwise (a value JSON cannot write weighs nothing, one it fails on weighs infinitely much). */
export function weight(value: unknown): number {
  if (typeof value === 'string') return encoder.encode(value).byteLength;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value === undefined) return 0;
  try {
    const json = JSON.stringify(value) as string | undefined;
    return json === undefined ? 0 : encoder.encode(json).byteLength;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * Calls a host service with a deadline and a size cap. The callback gets an `AbortSignal` that
 * fires at the deadline, so it can stop its own work; the route answers at the deadline either way.
 */
export async function callHostService<T>(
  call: (signal: AbortSignal) => Promise<T> | T,
  limits: HostServiceLimits,
): Promise<HostServiceOutcome<T>> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), limits.timeoutMs);
  });
  const answered = (async () => call(controller.signal))().then(
    (value): HostServiceOutcome<T> => (weight(value) > limits.maxBytes ? { ok: false, failure: 'too-large' } : { ok: true, value }),
    (error: unknown): HostServiceOutcome<T> => ({ ok: false, failure: 'threw', error }),
  );
  try {
    const first = await Promise.race([answered, expired]);
    if (first !== 'timeout') return first;
    controller.abort(new Error('site-rest: host service timed out'));
    return { ok: false, failure: 'timeout' };
  } finally {
    clearTimeout(timer);
  }
}

/** Mail's default budget: an SMTP exchange's worth of time, for an answer that is a yes or a no. */
export const MAIL_LIMITS: HostServiceLimits = { timeoutMs: 15_000, maxBytes: 16 };

/**
 * Sends a mail through a host's `sendMail` within `limits`: true only when it answered true in
 * time, as `wp_mail()` answers; a throw, a timeout or anything else is a mail not sent.
 */
export async function mailSent(send: (signal: AbortSignal) => Promise<boolean>, limits: HostServiceLimits = MAIL_LIMITS): Promise<boolean> {
  const outcome = await callHostService(send, limits);
  return outcome.ok && outcome.value === true;
}
