// A namespace's outside services (mail, a control panel, a provider's fetch), declared one way: the
// host callback's type, a time and size budget, and what the route answers for each way the service
// can fail or be missing, the real plugin's answer for that case. A slow, huge or failing service
// costs a route at most its budget, and what it threw reaches `onError` redacted, never a client.

import type { ByteSize } from '../core/byte-size.js';
import { isCredentialName, redactText } from '../core/index/credentials.js';
import { bytes, checkedAtUse, optionsObject, type OptionsShape } from '../core/options.js';
import type { MountContext } from '../core/types.js';
import type { OutgoingMail } from '../core/mail/message.js';
import { weighsAtMost } from './answer-weight.js';
import { recordedAnswer, type Recordings } from './recorded-double.js';
import { serviceDeadline, TIMED_OUT, within } from './service-deadline.js';

/** How long a host service may take and how much it may answer. */
export interface HostServiceLimits {
  /** Milliseconds before the call is given up and its signal aborted. */
  timeoutMs: number;
  /** Most bytes its answer may weigh (strings and bytes by length, anything else as JSON). */
  maxBytes: number;
}

/** Why a host service call gave no answer: it threw, ran out of time, or answered too much. */
type HostServiceFailure = 'threw' | 'timeout' | 'too-large';

/** What came of a host service call: its answer, or why there is none (and what it threw). */
type HostServiceOutcome<T> = { ok: true; value: T } | { ok: false; failure: HostServiceFailure; error?: unknown };

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

/**
 * Calls a host service with a deadline and a size cap. The callback gets an `AbortSignal` that
 * fires at the deadline, so it can stop its own work; the route answers at the deadline either way.
 * An answer given at once is taken at once.
 */
export async function callHostService<T>(
  call: (signal: AbortSignal) => Promise<T> | T,
  limits: HostServiceLimits,
): Promise<HostServiceOutcome<T>> {
  const deadline = serviceDeadline(limits.timeoutMs);
  let answer: Promise<T> | T;
  try {
    answer = call(deadline.signal);
  } catch (error) {
    return { ok: false, failure: 'threw', error };
  }
  if (!isThenable(answer)) return sized(answer, limits);
  const outcome = await within(
    deadline,
    Promise.resolve(answer).then(
      (value) => sized(value, limits),
      (error: unknown): HostServiceOutcome<T> => ({ ok: false, failure: 'threw', error }),
    ),
  );
  return outcome === TIMED_OUT ? { ok: false, failure: 'timeout' } : outcome;
}

/** Whether `value` may be a promise: a `then` that is a function, or one that throws when read (the promise path then answers as a throw). */
function isThenable<T>(value: Promise<T> | T): value is Promise<T> {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  try {
    return typeof (value as { then?: unknown }).then === 'function';
  } catch {
    return true;
  }
}

/** The outcome of an answer, refused when it weighs more than the cap. */
function sized<T>(value: T, limits: HostServiceLimits): HostServiceOutcome<T> {
  return weighsAtMost(value, limits.maxBytes) ? { ok: true, value } : { ok: false, failure: 'too-large' };
}

/** Why a declared service gave no answer: a call that failed, or no callback from the host at all. */
export type ServiceFailure = HostServiceFailure | 'unconfigured';

/**
 * A namespace's outside service, declared once in its `services.ts`: the host callback's type
 * (`Callback`), its default budget, the route's answer for each failure (`Answer`: the real
 * plugin's answer for that case), and its recorded double.
 */
export interface ServiceDeclaration<Callback, Answer> {
  /** The namespace's folder name (`host-toolkit`): the first folder of its recordings under `fixtures/`. */
  namespace: string;
  /** The service's name within the namespace (`panel`): the folder of its recordings. */
  service: string;
  /** The option the host gives the callback in (`hostPanel`), as messages name it. */
  option: string;
  /** The budget when the host sets none. */
  limits: HostServiceLimits;
  /** What the route answers when the call threw, timed out or answered too much, or when the host gave no callback. */
  failures: { readonly [F in ServiceFailure]: () => Answer };
  /** The recorded double: a callback of the host's type answering from recordings (`fixtures/<namespace>/<service>/`). */
  double(recordings: Recordings): Callback;
}

/** What came of a declared service's call: the value, or the declared answer for its failure. */
export type ServiceResult<T, Answer> = { ok: true; value: T } | { ok: false; failure: ServiceFailure; answer: Answer };

/** A declared service bound at mount to the host's callback, its budget and the server's `onError`. */
export interface BoundService<Callback, Answer> {
  /** Its budget. */
  readonly limits: HostServiceLimits;
  /**
   * Calls the host's callback through `use` within the budget: `signal` aborts at the deadline.
   * `sent` is what the call hands the service: its credential-named fields' values are cut from
   * the report of what the service threw, as the credential rule's names are everywhere.
   */
  call<T>(use: (callback: Callback, signal: AbortSignal) => Promise<T> | T, sent?: unknown): Promise<ServiceResult<T, Answer>>;
}

/** Most characters of a thrown message reported: a service's error may quote a whole answer. */
const MAX_REPORTED = 1000;

/** The text of what a service threw, redacted of `secrets` and of credentials it spells itself. */
function thrownText(thrown: unknown, secrets: readonly string[]): string {
  const text = thrown instanceof Error ? thrown.message : typeof thrown === 'string' ? thrown : 'a value that is not an Error';
  const redacted = redactText(text.slice(0, MAX_REPORTED * 2), secrets);
  return redacted.length > MAX_REPORTED ? `${redacted.slice(0, MAX_REPORTED)}…` : redacted;
}

/** The report of a failed call, told to `onError` in place of what the service threw. */
function failureReport(
  declaration: ServiceDeclaration<unknown, unknown>,
  failure: HostServiceFailure,
  limits: HostServiceLimits,
  thrown: unknown,
  sent: unknown,
): Error {
  const name = `${declaration.namespace} ${declaration.service} (the \`${declaration.option}\` option)`;
  if (failure === 'timeout') return new Error(`site-rest: ${name} did not answer within ${limits.timeoutMs} ms`);
  if (failure === 'too-large') return new Error(`site-rest: ${name} answered more than ${limits.maxBytes} bytes`);
  return new Error(`site-rest: ${name} failed: ${thrownText(thrown, credentialValues(sent))}`);
}

/**
 * A declared service bound to the host's `callback` (none: every call answers the declared
 * `unconfigured` answer) within `limits`; a failed call is reported through `report` (the
 * mount's `reportService`), redacted, and answered as declared.
 */
export function bindService<Callback, Answer>(
  declaration: ServiceDeclaration<Callback, Answer>,
  callback: Callback | null | undefined,
  limits: HostServiceLimits,
  report: MountContext['reportService'],
): BoundService<Callback, Answer> {
  const given = callback ?? null;
  return {
    limits,
    async call(use, sent) {
      if (given === null) return { ok: false, failure: 'unconfigured', answer: declaration.failures.unconfigured() };
      const outcome = await callHostService((signal) => use(given, signal), limits);
      if (outcome.ok) return outcome;
      report(failureReport(declaration, outcome.failure, limits, outcome.error, sent), `${declaration.namespace}/${declaration.service}`);
      return { ok: false, failure: outcome.failure, answer: declaration.failures[outcome.failure]() };
    },
  };
}

/** Most credential values collected from what a call sends, and the deepest level looked at. */
const MAX_SECRETS = 64;
const MAX_DEPTH = 8;

/** The string values of `sent`'s credential-named fields, at any depth up to a bound (`token`, `apiKey`, a URL's password). */
function credentialValues(sent: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (found.length >= MAX_SECRETS || depth > MAX_DEPTH || typeof value !== 'object' || value === null) return;
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string' && isCredentialName(key)) found.push(item);
      else visit(item, depth + 1);
    }
  };
  visit(sent, 0);
  return found;
}

/** Mail's default budget: an SMTP exchange's worth of time, for an answer that is a yes or a no. */
export const MAIL_LIMITS: HostServiceLimits = { timeoutMs: 15_000, maxBytes: 16 };

/**
 * A mail double's answer, as `wp_mail()` answers: the recorded `true` or `false` for the mail's
 * recipient and subject (`when: {recipient?, subject?}`), sent when nothing recorded says otherwise;
 * in `too-large` mode the filler itself, an answer no mailer gives.
 */
export async function recordedMail(recorded: Recordings, service: string, mail: OutgoingMail): Promise<boolean> {
  const { answer, filler } = await recordedAnswer(recorded, service, { recipient: mail.recipient, subject: mail.subject });
  return filler === '' ? answer !== false : (filler as unknown as boolean);
}
