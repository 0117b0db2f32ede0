// One call to Yoast AI through the bound `yoastAi` service, its answer read as Yoast 28.1's
// Response_Parser and Response_Validator read it: 200 is the body, anything else a failure with
// the upstream's status, `message` and `error_code` (402 and 429 with `missing_licenses`).
import type { JsonValue } from '../../store/types.js';
import type { BoundService } from '../host-service.js';
import type { JsonObject } from '../recorded-double.js';
import { YOAST_AI_URL, type YoastAi, type YoastAiCall, type YoastAiCallBack, type YoastAiFailure } from './services.js';

/** A call that failed as Yoast's `Remote_Request_Exception` does: the route answers its status and `{message, errorIdentifier}`. */
export class AiRemoteFailure extends Error {
  constructor(readonly failure: YoastAiFailure) {
    super(failure.message);
  }
}

/** Yoast's `RuntimeException` on the AI path (a token that never arrived): each route answers its own 500 string. */
export class AiRuntimeFailure extends Error {}

/** The reason phrases of the statuses Yoast AI answers, which Yoast takes as the message when the body says none. */
const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** `map_message_to_code`: Yoast's identifier for an upstream message that names none. */
function identifierOf(message: string): string {
  if (message.includes('must NOT have fewer than 1 characters')) return 'NOT_ENOUGH_CONTENT';
  if (message.includes('Client timeout')) return 'CLIENT_TIMEOUT';
  if (message.includes('Server timeout')) return 'SERVER_TIMEOUT';
  return 'UNKNOWN';
}

/** `json_decode( $body )`: the value, or null for text that is no JSON. */
export function decodedAnswer(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return null;
  }
}

/** A JSON object's own field as PHP's `$json->field ?? null` reads it: null unless the value is an object holding it. */
export function answerField(value: JsonValue, name: string): JsonValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, name) ? value[name]! : null;
}

/** PHP's `(string)` of a scalar the upstream put where a string belongs (an array or object, which PHP cannot make one, as ''). */
const asText = (value: JsonValue): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : value === true ? '1' : '';

/** `(array)`: an array as it is, an object as its fields, anything else a one-item list (null an empty one). */
const asList = (value: JsonValue): JsonValue => (value === null ? [] : typeof value === 'object' ? value : [value]);

/** The failure a non-200 answer is, as Response_Parser reads its body. */
function failureOf(status: number, body: string): YoastAiFailure {
  const json = decodedAnswer(body);
  if (json === null) return { status, message: REASONS[status] ?? '', errorIdentifier: '', missingLicenses: [] };
  const message = answerField(json, 'message') ?? REASONS[status] ?? '';
  const code = answerField(json, 'error_code');
  return {
    status,
    message: asText(message),
    errorIdentifier: code === null ? identifierOf(asText(message)) : asText(code),
    missingLicenses: status === 402 || status === 429 ? asList(answerField(json, 'missing_licenses')) : [],
  };
}

/** What the route needs to call Yoast AI: the bound service and Yoast's server's way back to this site. */
export interface AiCaller {
  /** The `yoastAi` service, bound with its limits. */
  service: BoundService<YoastAi, YoastAiFailure>;
  /** Delivers tokens to the site's callback route (`/token/request`) or its refresh callback (`/token/refresh`). */
  callBack(route: 'callback' | 'refresh_callback'): YoastAiCallBack;
}

/** The parts of a call a caller chooses: the rest (address, `Content-Type`) is the API client's. */
export interface AiRequest {
  /** The HTTP method (default POST). */
  method?: YoastAiCall['method'];
  /** The path below Yoast AI's address. */
  path: string;
  /** The JSON body (a POST sends none when it is empty). */
  body?: JsonObject;
  /** Headers besides `Content-Type`. */
  headers?: { [name: string]: string };
  /** Credentials the call carries, cut from any report of what the service threw. */
  secrets?: { [name: string]: string };
}

/**
 * Makes one call and answers the body of a 200; any other answer, a failed call or no service
 * throws {@link AiRemoteFailure} with the failure Yoast would raise.
 */
export async function callYoastAi(caller: AiCaller, request: AiRequest): Promise<string> {
  const method = request.method ?? 'POST';
  const body = method === 'POST' && request.body !== undefined && Object.keys(request.body).length > 0 ? request.body : null;
  const call: YoastAiCall = {
    method,
    path: request.path,
    url: `${YOAST_AI_URL}${request.path}`,
    headers: { ...request.headers, 'Content-Type': 'application/json' },
    body,
  };
  const callBack = caller.callBack(request.path === '/token/refresh' ? 'refresh_callback' : 'callback');
  const result = await caller.service.call((host, signal) => host.request(call, signal, callBack), { ...call, ...request.secrets });
  if (!result.ok) throw new AiRemoteFailure(result.answer);
  const { status, body: answered } = (typeof result.value === 'object' && result.value !== null ? result.value : {}) as {
    status?: unknown;
    body?: unknown;
  };
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) {
    throw new AiRemoteFailure({
      status: 400,
      message: 'Yoast AI answered no HTTP status.',
      errorIdentifier: 'WP_HTTP_REQUEST_ERROR',
      missingLicenses: [],
    });
  }
  const text = typeof answered === 'string' ? answered : (JSON.stringify(answered) ?? '');
  if (status !== 200) throw new AiRemoteFailure(failureOf(status, text));
  return text;
}

/** The `choices` of a 200's JSON body, as Yoast's builders read them: none when the body is no JSON or has none. */
export function choicesOf(body: string): JsonValue[] {
  const choices = answerField(decodedAnswer(body), 'choices');
  if (Array.isArray(choices)) return choices;
  return typeof choices === 'object' && choices !== null ? Object.values(choices) : [];
}
