// The last step of `serve_request`: a dispatched response as the status and body the client
// gets, with `_envelope`, the handler's headers, JSON (or a handler's own encoding) and `_jsonp`.
import { toRestError } from '../errors/to-rest-error.js';
import type { GlobalParams } from '../pipeline/global-params.js';
import { mergeVary, setHeader, type HeaderGuard } from './headers.js';
import { envelope, responseToData } from './response-data.js';
import type { RestResponse } from './response.js';

/** A serialized answer: the status and body; its headers were written into the given record. */
interface SerializedAnswer {
  status: number;
  body: string;
  /** What JSON threw on an answer it could not encode (a cycle, a BigInt), answered as the generic 500, for the caller to report. */
  encodeError?: { thrown: unknown };
}

/**
 * Serializes `response` as `params` ask, writing its headers into `out` as `sendable` lets them
 * go (a handler's own `Vary` keeps the CORS `Origin`, as WordPress appends it). An answer JSON
 * cannot encode (a cycle, a BigInt) becomes the generic 500, with what was thrown as `encodeError`.
 */
export function serializeAnswer(
  response: RestResponse,
  params: Pick<GlobalParams, 'method' | 'envelope' | 'pretty' | 'jsonp'>,
  out: Record<string, string | string[]>,
  corsVary: string | undefined,
  sendable: HeaderGuard['one'],
): SerializedAnswer {
  const head = params.method === 'HEAD';
  let status = response.status;
  let data: unknown;
  if (params.envelope) {
    data = envelope(response);
    status = 200;
  } else {
    data = responseToData(response);
    for (const name in response.headers) {
      const given = String(response.headers[name]);
      const isVary = corsVary !== undefined && name.length === 4 && name.toLowerCase() === 'vary';
      const value = sendable(name, isVary ? mergeVary(given, corsVary) : given);
      if (value !== null) setHeader(out, name, value);
    }
    if (response.encoded) {
      setHeader(out, 'Content-Type', sendable('Content-Type', response.encoded.contentType)!);
      return { status, body: head ? '' : response.encoded.body };
    }
  }

  if (head || status === 204 || data === null) return { status, body: '' };
  let json: string;
  let encodeError: SerializedAnswer['encodeError'];
  try {
    json = params.pretty ? JSON.stringify(data, null, 4) : JSON.stringify(data);
  } catch (thrown) {
    encodeError = { thrown };
    status = 500;
    json = JSON.stringify(toRestError(thrown).toJSON());
  }
  const body = params.jsonp !== undefined ? `/**/${params.jsonp}(${json})` : json;
  return encodeError === undefined ? { status, body } : { status, body, encodeError };
}
