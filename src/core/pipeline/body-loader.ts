import { isRestError, type RestError } from '../errors/rest-error.js';
import type { RawRequest } from '../types.js';
import { isJsonMediaType } from '../http/content-type.js';
import { parseBody } from './body.js';
import type { BodyParams } from './dispatch.js';

/** What a request without a body or content type reads: nothing. */
const noBody = (): BodyParams => ({ json: undefined, isJson: false, form: {} });

/**
 * The body of a raw request as the dispatcher reads it, parsed only when called (after a route
 * matched): a body the host framework already parsed is taken as it is, JSON by content type.
 */
export function bodyLoader(raw: RawRequest, method: string, headers: Record<string, string>): () => BodyParams | RestError {
  // Most requests (every plain GET) send no body and no content type: they share one loader.
  if (raw.parsedBody === undefined && (raw.body === undefined || raw.body.length === 0) && headers['content-type'] === undefined)
    return noBody;
  return () => {
    const contentType = headers['content-type'];
    const isJson = contentType !== undefined && isJsonMediaType(contentType);
    if (raw.parsedBody !== undefined) {
      const parsed = raw.parsedBody;
      // The text a parser kept as it is, or JSON written again from the data it made: the nearest to the body sent.
      const text = typeof parsed === 'string' ? parsed : isJson ? JSON.stringify(parsed) : undefined;
      if (isJson) return { json: parsed, isJson, form: {}, raw: text };
      return {
        json: undefined,
        isJson,
        form: typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {},
        raw: text,
      };
    }
    // No body at all (a GET, say): nothing to parse.
    if (raw.body === undefined || raw.body.length === 0) return { json: undefined, isJson, form: {} };
    const parsed = parseBody({ method, httpMethod: raw.method.toUpperCase(), contentType, body: raw.body });
    if (isRestError(parsed)) return parsed;
    return { json: parsed.json, isJson, form: parsed.form, raw: raw.body };
  };
}
