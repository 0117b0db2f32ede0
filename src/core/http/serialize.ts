// The last step of `serve_request`: a dispatched response as the status and body the client
// gets, with `_envelope`, the handler's headers, JSON (or a handler's own encoding) and `_jsonp`.
import { toRestError } from '../errors/to-rest-error.js';
import type { GlobalParams } from '../pipeline/global-params.js';
import { mergeVary, setHeader } from './headers.js';
import { envelope, responseToData } from './response-data.js';
import type { RestResponse } from './response.js';

/** A serialized answer: the status and body; its headers were written into the given record. */
interface SerializedAnswer {
  status: number;
  body: string;
}

/**
 * Serializes `response` as `params` ask, writing its headers into `out` (a handler's own `Vary`
 * keeps the CORS `Origin`, as WordPress appends it). An answer JSON cannot encode (a cycle, a
 * BigInt) becomes the generic 500, reported through `reportEncodeError`.
 */
export function serializeAnswer(
  response: RestResponse,
  params: Pick<GlobalParams, 'method' | 'envelope' | 'pretty' | 'jsonp'>,
  out: Record<string, string | string[]>,
  corsVary: string | undefined,
  reportEncodeError: (thrown: unknown) => void,
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
      const value = String(response.headers[name]);
      setHeader(out, name, corsVary !== undefined && name.toLowerCase() === 'vary' ? mergeVary(value, corsVary) : value);
    }
    if (response.encoded) {
      setHeader(out, 'Content-Type', response.encoded.contentType);
      return { status, body: head ? '' : response.encoded.body };
    }
  }

  if (head || status === 204 || data === null) return { status, body: '' };
  let json: string;
  try {
    json = params.pretty ? JSON.stringify(data, null, 4) : JSON.stringify(data);
  } catch (thrown) {
    reportEncodeError(thrown);
    status = 500;
    json = JSON.stringify(toRestError(thrown).toJSON());
  }
  return { status, body: params.jsonp !== undefined ? `/**/${params.jsonp}(${json})` : json };
}
