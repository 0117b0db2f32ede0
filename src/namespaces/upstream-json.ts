// An HTTP upstream's answer as Kadence Blocks' list proxies read it (MailerLite, GetResponse): a
// status other than 200 is a failure; otherwise the body goes through `json_decode( $body, true )`
// and only a PHP array (a JSON object or list) is data. What the route answers for each case is
// the plugin's own, so the namespaces map the reading, not this module.
import { phpJsonDecode } from '../core/php/json-decode.js';
import { isIntegerKey, isPhpArray } from '../core/php/values.js';
import { setOwn } from '../core/own-property.js';
import type { JsonValue } from '../store/types.js';

/** What an upstream HTTP API answered: its status and its body's text, as the host's fetch read them. */
export interface UpstreamAnswer {
  /** The HTTP status (`401` for a refused key). */
  status: number;
  /** The body as text, as sent (`await response.text()`); decoded here as PHP's `json_decode` does. */
  body: string;
}

/** How a proxy reads an upstream answer: data, a status other than 200 (0 for an answer that is no {@link UpstreamAnswer}), or a body that is no JSON object or list. */
export type UpstreamReading = { kind: 'data'; value: JsonValue } | { kind: 'status'; status: number } | { kind: 'not-array' };

/** Whether a host's answer has the {@link UpstreamAnswer} shape: an integer status and a text body. */
function isUpstreamAnswer(answer: unknown): answer is UpstreamAnswer {
  if (typeof answer !== 'object' || answer === null) return false;
  const { status, body } = answer as Record<string, unknown>;
  return Number.isInteger(status) && typeof body === 'string';
}

/**
 * A value `json_decode( …, true )` made, as `json_encode` writes it back: a PHP array whose keys
 * are 0 to n-1 in order (an empty object among them) is a list. Depth is bounded by the decoder's.
 */
export function asPhpWritesIt(value: unknown): JsonValue {
  if (Array.isArray(value)) return value.map(asPhpWritesIt);
  if (typeof value !== 'object' || value === null) return value as JsonValue;
  const entries = Object.entries(value);
  if (entries.every(([key], i) => isIntegerKey(key) && Number(key) === i)) return entries.map(([, item]) => asPhpWritesIt(item));
  const written: { [key: string]: JsonValue } = {};
  for (const [key, item] of entries) setOwn(written, key, asPhpWritesIt(item));
  return written;
}

/**
 * Reads a host's upstream answer as the plugins do: anything but a 200 (or an answer that is no
 * `{status, body}`, as `is_wp_error` sees a failed request) is its status; a body that is not a
 * JSON object or list, or not JSON at all, is `not-array`; else the decoded data.
 */
export function readUpstream(answer: unknown): UpstreamReading {
  if (!isUpstreamAnswer(answer)) return { kind: 'status', status: 0 };
  if (answer.status !== 200) return { kind: 'status', status: answer.status };
  const decoded = phpJsonDecode(answer.body);
  if (!decoded.ok || !isPhpArray(decoded.value)) return { kind: 'not-array' };
  return { kind: 'data', value: asPhpWritesIt(decoded.value) };
}

/**
 * A recorded double's answer (`{status, body}`, a body that is not text written as JSON), or
 * `unrecorded` where no recording matched, with `filler` (a `too-large` double's) after the body.
 */
export function recordedUpstream(recorded: JsonValue | undefined, filler: string, unrecorded: UpstreamAnswer): UpstreamAnswer {
  if (recorded === undefined) return { status: unrecorded.status, body: unrecorded.body + filler };
  const { status, body } = recorded as { status: number; body?: JsonValue };
  return { status, body: (typeof body === 'string' ? body : JSON.stringify(body ?? null)) + filler };
}
