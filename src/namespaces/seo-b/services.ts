// The outside services of seo-b/v1. Each is a self-contained block: its host callback's types, its
// declaration (budget, the plugin's answer per failure) and its recorded double.
import { sha256Hex } from '../../core/crypto/digest.js';
import type { JsonValue } from '../../store/types.js';
import type { ServiceDeclaration } from '../host-service.js';
import { recordedAnswer, type JsonObject } from '../recorded-double.js';

// ---------------------------------------------------------------------------------------------
// yoastAi: Yoast AI (`https://ai.yoa.st/api/v1`), which the AI generator, the content planner and
// AI consent call with the user's access JWT. The JWTs come through Yoast's PKCE flow: the site
// posts `/token/request` (or `/token/refresh`) with `sha256(code verifier)`, and Yoast's server,
// before it answers, posts the tokens to the site's `ai_generator/callback` (`refresh_callback`).

/** Yoast AI's address, before each call's path. */
export const YOAST_AI_URL = 'https://ai.yoa.st/api/v1';

/** One call to Yoast AI, as Yoast 28.1's API client sends it. */
export interface YoastAiCall {
  /** The HTTP method. */
  method: 'GET' | 'POST' | 'DELETE';
  /** The path below {@link YOAST_AI_URL}: `/token/request`, `/openai/suggestions/seo-title`, `/usage/free-usages`, … */
  path: string;
  /** The whole address. */
  url: string;
  /** The headers: `Content-Type: application/json`, `Authorization: Bearer <JWT>` where the call carries one, `X-Yst-Cohort`. */
  headers: { [name: string]: string };
  /** The JSON body of a POST, or null (GET, DELETE and a POST with nothing to send). */
  body: JsonObject | null;
}

/** What Yoast AI answered: the HTTP status and the body, as JSON or as the text received. */
export interface YoastAiAnswer {
  /** The HTTP status (200 is success; anything else is an error, read as Yoast reads it). */
  status: number;
  /** The body: a JSON value, or text (parsed as JSON where it is JSON). */
  body: JsonValue;
}

/** What Yoast's server posts to the site's callback route: the new tokens and the challenge they answer. */
export interface YoastAiCallbackParams {
  /** The access JWT. It is a credential: deliver it, never show it. */
  access_jwt: string;
  /** The refresh JWT. It is a credential: deliver it, never show it. */
  refresh_jwt: string;
  /** The challenge of the call being answered (`sha256` of the site's code verifier). */
  code_challenge: string;
  /** The user the tokens are for (the call's `user_id`). */
  user_id: number;
}

/** What the site's callback route answered: 200 `{message, code_verifier}`, or 401 `"Unauthorized."`. */
export interface YoastAiCallbackAnswer {
  /** The HTTP status. */
  status: number;
  /** The answer's data. */
  body: JsonValue;
}

/**
 * Yoast's server calling the site back: posts the tokens to the call's callback route
 * (`ai_generator/callback` for `/token/request`, `refresh_callback` for `/token/refresh`) through
 * this server's own pipeline, as the HTTP request Yoast's server makes would arrive.
 */
export type YoastAiCallBack = (params: YoastAiCallbackParams) => Promise<YoastAiCallbackAnswer>;

/**
 * The host's way to Yoast AI. `request` forwards a call and answers Yoast AI's status and body;
 * it may throw or be slow: each call is made within the namespace's `yoastAiLimits`, and `signal`
 * aborts at the deadline. A host forwarding to ai.yoa.st lets Yoast's server post the tokens to
 * the public `callback_url` in the body of `/token/request` and never uses `callBack`; a host the
 * server cannot reach (and the recorded double) delivers them with `callBack` before answering.
 */
export interface YoastAi {
  /** Makes one call to Yoast AI and answers its status and body. */
  request(call: YoastAiCall, signal: AbortSignal, callBack: YoastAiCallBack): Promise<YoastAiAnswer> | YoastAiAnswer;
}

/**
 * A failed call as Yoast's routes answer it: the status and `{message, errorIdentifier}` of its
 * `Remote_Request_Exception`, with the missing licenses of a 402 or 429.
 */
export interface YoastAiFailure {
  /** The status the route answers with (the upstream's, or 400 for a request that got no answer). */
  status: number;
  /** The upstream's `message`, or its reason phrase. */
  message: string;
  /** The upstream's `error_code`, or what Yoast maps the message to. */
  errorIdentifier: string;
  /** The upstream's `missing_licenses` (402 and 429 only). */
  missingLicenses: JsonValue;
}

/** `WP_Request_Exception`: `wp_remote_*` gave a `WP_Error`, which Yoast answers 400 `WP_HTTP_REQUEST_ERROR` with its message. */
const noAnswer =
  (message: string): (() => YoastAiFailure) =>
  () => ({ status: 400, message, errorIdentifier: 'WP_HTTP_REQUEST_ERROR', missingLicenses: [] });

/** A token the double mints: a JWT whose payload names the user (`sub`), the recording's `jti` and an expiry. */
function mintedJwt(userId: string, jti: string, exp: number): string {
  const part = (value: JsonObject) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: userId, jti, exp })}.${part({ double: 'yoast-ai' })}`;
}

/** The payload of a `Bearer` JWT the double minted, or an empty object. */
function bearerPayload(headers: { [name: string]: string }): JsonObject {
  const [, payload] = (headers.Authorization ?? '').replace(/^Bearer /, '').split('.');
  try {
    const decoded = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as JsonValue;
    return typeof decoded === 'object' && decoded !== null && !Array.isArray(decoded) ? decoded : {};
  } catch {
    return {};
  }
}

/** A recorded Yoast AI answer: status, body, and for token calls the tokens to deliver (`{access, refresh, exp?}`: their `jti`s). */
interface RecordedYoastAiAnswer {
  status: number;
  body: JsonValue;
  tokens?: { access: string; refresh: string; exp?: number };
}

/** Far in the future: a minted token's expiry where the recording names none (2100-01-01). */
const FAR_EXPIRY = 4_102_444_800;

/** Yoast's server's answer when the site's callback refused the tokens or its verifier does not answer the challenge. */
const CALLBACK_REFUSED: YoastAiAnswer = { status: 401, body: { message: 'Unauthorized', error_code: 'CALLBACK_REFUSED' } };

/**
 * The double's token delivery, as Yoast's server does it: the tokens to the site's callback, then
 * the recorded answer only if the site proved the challenge with its verifier.
 */
async function delivered(
  recorded: RecordedYoastAiAnswer & { tokens: NonNullable<RecordedYoastAiAnswer['tokens']> },
  call: YoastAiCall,
  callBack: YoastAiCallBack,
): Promise<YoastAiAnswer> {
  const challenge = typeof call.body?.code_challenge === 'string' ? call.body.code_challenge : '';
  const sub = bearerPayload(call.headers).sub;
  const user = typeof call.body?.user_id === 'string' ? call.body.user_id : typeof sub === 'string' ? sub : '';
  const exp = recorded.tokens.exp ?? FAR_EXPIRY;
  const answer = await callBack({
    access_jwt: mintedJwt(user, recorded.tokens.access, exp),
    refresh_jwt: mintedJwt(user, recorded.tokens.refresh, exp),
    code_challenge: challenge,
    user_id: Number(user),
  });
  const verifier =
    typeof answer.body === 'object' && answer.body !== null && !Array.isArray(answer.body) ? answer.body.code_verifier : undefined;
  if (answer.status !== 200 || typeof verifier !== 'string' || (await sha256Hex(verifier)) !== challenge) return CALLBACK_REFUSED;
  return { status: recorded.status, body: recorded.body };
}

/**
 * Yoast AI as a declared service: 60 s (Yoast's `ai_suggestions_timeout`) and 1 MiB by default. A
 * call that throws, times out or answers too much is Yoast's `WP_Request_Exception` (400
 * `WP_HTTP_REQUEST_ERROR`); without a callback every call is 503 `SERVICE_UNAVAILABLE`. Its double
 * matches `method`, `path`, `attempt` (the how-many-th call of that path), `bearer` (the `jti` of
 * the call's `Bearer` JWT, which the double itself minted) and `body`; a recording with `tokens`
 * mints them for the call's user and delivers them through `callBack` first, as Yoast's server
 * does. A call nothing matches is answered 404, as Yoast AI answers an unknown path.
 */
export const yoastAiService: ServiceDeclaration<YoastAi, YoastAiFailure> = {
  namespace: 'seo-b',
  service: 'yoast-ai',
  option: 'yoastAi',
  limits: { timeoutMs: 60_000, maxBytes: 1024 * 1024 },
  failures: {
    threw: noAnswer("cURL error 7: Failed to connect to ai.yoa.st port 443: Couldn't connect to server"),
    timeout: noAnswer('cURL error 28: Operation timed out'),
    'too-large': noAnswer('cURL error 63: Maximum file size exceeded'),
    unconfigured: () => ({ status: 503, message: 'Service Unavailable', errorIdentifier: 'SERVICE_UNAVAILABLE', missingLicenses: [] }),
  },
  double: (recordings) => {
    const attempts = new Map<string, number>();
    return {
      async request(call, signal, callBack) {
        const attempt = (attempts.get(call.path) ?? 0) + 1;
        attempts.set(call.path, attempt);
        const matched: JsonObject = { method: call.method, path: call.path, attempt, bearer: bearerPayload(call.headers).jti ?? '' };
        if (call.body !== null) matched.body = call.body;
        const { answer, filler } = await recordedAnswer(recordings, 'seo-b/yoast-ai', matched, signal);
        if (filler !== '') return { status: 200, body: filler };
        if (answer === undefined) return { status: 404, body: { message: 'Not Found', error_code: 'NOT_FOUND' } };
        const recorded = answer as unknown as RecordedYoastAiAnswer;
        return recorded.tokens
          ? delivered({ ...recorded, tokens: recorded.tokens }, call, callBack)
          : { status: recorded.status, body: recorded.body };
      },
    };
  },
};
