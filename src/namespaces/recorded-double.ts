// A service's recorded double: a host callback that answers from recordings (the JSON files under
// `fixtures/<namespace>/<service>/`) instead of reaching anything, so every success path can be run
// and seen without a network, and that fails or hangs on purpose when a test flips its switch.
import type { JsonValue } from '../store/types.js';

/** A JSON object, as recordings are written. */
export type JsonObject = { [key: string]: JsonValue };

/** One recorded exchange: the call it answers (every field it gives must equal the call's) and the answer. */
export interface RecordedExchange {
  /** What the call must carry: each field equal to the call's, objects compared field by field (`{}` answers every call). */
  when: JsonObject;
  /** The answer, shaped like the real service's. */
  answer: JsonValue;
}

/**
 * How a double answers: as recorded; by throwing; with an answer over its service's size cap; or
 * never, so the call is answered at its deadline.
 */
export type DoubleMode = 'recorded' | 'threw' | 'too-large' | 'hang';

/** A service's recordings and the switch that makes its double fail on purpose. */
export interface Recordings {
  /** The exchanges, the first that matches a call answering it. */
  readonly exchanges: readonly RecordedExchange[];
  /** How the double answers its next calls (default `recorded`). */
  mode: DoubleMode;
  /** How many bytes of filler a `too-large` answer carries (default one more than the service's default cap). */
  oversizeBytes: number;
}

/** Recordings to make a double of, answering as recorded; `oversizeBytes` past the service's cap. */
export function recordings(exchanges: readonly RecordedExchange[], oversizeBytes: number): Recordings {
  return { exchanges, mode: 'recorded', oversizeBytes };
}

/** What a double is to answer: the recorded answer (undefined when none matches) and filler to weigh it past the cap. */
interface RecordedAnswer {
  /** The first matching exchange's answer, or undefined. */
  answer: JsonValue | undefined;
  /** Text the double adds to its answer's body: empty, or `oversizeBytes` long in `too-large` mode. */
  filler: string;
}

/** Whether `given` holds every field of `wanted`, objects compared field by field. */
function matches(wanted: JsonValue, given: JsonValue | undefined): boolean {
  if (typeof wanted !== 'object' || wanted === null || Array.isArray(wanted)) return JSON.stringify(wanted) === JSON.stringify(given);
  if (typeof given !== 'object' || given === null || Array.isArray(given)) return false;
  return Object.entries(wanted).every(([key, value]) => Object.hasOwn(given, key) && matches(value, given[key]));
}

/** Settles never, or rejects with the signal's reason once it aborts: a call that hangs until its deadline. */
function hang(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}

/**
 * The answer recorded for `call`, or the failure the switch asks for: a throw naming `service`, a
 * wait until `signal` aborts, or the answer with filler past the cap.
 */
export async function recordedAnswer(
  recorded: Recordings,
  service: string,
  call: JsonObject,
  signal?: AbortSignal,
): Promise<RecordedAnswer> {
  if (recorded.mode === 'threw') throw new Error(`recorded double of ${service} made to fail`);
  if (recorded.mode === 'hang') return hang(signal);
  const answer = recorded.exchanges.find((exchange) => matches(exchange.when, call))?.answer;
  return { answer, filler: recorded.mode === 'too-large' ? 'x'.repeat(recorded.oversizeBytes) : '' };
}
