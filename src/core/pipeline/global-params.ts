// WordPress's global parameters, read before dispatch (`serve_request`): `_jsonp`, `_method` /
// `X-HTTP-Method-Override`, `_envelope`, `_pretty` and `_embed`.
import { jsonpCallbackInvalid, jsonpDisabled } from '../errors/catalogue.js';
import type { RestError } from '../errors/rest-error.js';
import { parseEmbedParam, type EmbedRelations } from './embed.js';

/** What the global parameters ask of a request's answer. */
export interface GlobalParams {
  /** The method as received. */
  received: string;
  /** The effective method, after `_method` or `X-HTTP-Method-Override`. */
  method: string;
  /** `_jsonp` was given (the answer is JavaScript, even when the callback is refused). */
  jsonpAsked: boolean;
  /** The `_jsonp` callback the answer is wrapped in, when there is one to call. */
  jsonp: string | undefined;
  /** Why `_jsonp` is refused (disabled, or not a valid callback name). */
  refusal: RestError | null;
  /** `_envelope`: the answer goes in a 200 `{body, status, headers}`. */
  envelope: boolean;
  /** `_pretty`: the JSON is indented. */
  pretty: boolean;
  /** `_embed`: the relations whose embeddable links are embedded (every one inside `_envelope`), or null. */
  embed: EmbedRelations | null;
}

/** WordPress's `wp_check_jsonp_callback`: word characters and dots only. */
const JSONP_CALLBACK = /^[\w.]*$/;

/** PHP truthiness of a query value, which decides whether `_jsonp` applies. */
function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === '0') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** What a request asking none of the global parameters gets, by method: shared, as most requests are such. */
const PLAIN_PARAMS: ReadonlyMap<string, GlobalParams> = new Map(
  ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map((method) => [
    method,
    Object.freeze({
      received: method,
      method,
      jsonpAsked: false,
      jsonp: undefined,
      refusal: null,
      envelope: false,
      pretty: false,
      embed: null,
    }),
  ]),
);

/** The global parameters of a request; `jsonpEnabled` is the server's `jsonp` option. */
export function readGlobalParams(
  receivedMethod: string,
  query: Record<string, unknown>,
  headers: Record<string, string>,
  jsonpEnabled: boolean,
): GlobalParams {
  const plain =
    query._jsonp === undefined &&
    query._method === undefined &&
    query._envelope === undefined &&
    query._pretty === undefined &&
    query._embed === undefined &&
    headers['x-http-method-override'] === undefined
      ? PLAIN_PARAMS.get(receivedMethod)
      : undefined;
  if (plain !== undefined) return plain;
  const asked = query._jsonp;
  const jsonpAsked = isTruthy(asked);
  let refusal: GlobalParams['refusal'] = null;
  if (jsonpAsked && !jsonpEnabled) refusal = jsonpDisabled();
  else if (jsonpAsked && (typeof asked !== 'string' || !JSONP_CALLBACK.test(asked))) refusal = jsonpCallbackInvalid();
  const received = receivedMethod.toUpperCase();
  const override = typeof query._method === 'string' ? query._method : headers['x-http-method-override'];
  return {
    received,
    method: override ? override.toUpperCase() : received,
    jsonpAsked,
    jsonp: jsonpAsked && refusal === null && asked !== '' ? (asked as string) : undefined,
    refusal,
    envelope: query._envelope !== undefined,
    pretty: query._pretty !== undefined,
    // `envelope_response` is told only whether `_embed` is set, so it embeds every relation.
    embed: query._embed === undefined ? null : query._envelope !== undefined ? true : parseEmbedParam(query._embed),
  };
}
