// Yoast's OAuth client (`OAuth_Client`, with league/oauth2-client's parsing) as Semrush and Wincher
// use it: tokens in a `wpseo` key, a code exchange, a refresh of expired tokens under a 30-second
// transient lock, and each API call's answer read as the library reads it. Its failures are
// exceptions carrying Yoast's message and code, which the actions turn into `{error, status}`.
import { phpJsonDecode } from '../../core/php/json-decode.js';
import { isEmpty, isNumeric, isPhpArray, isScalar, toPhpString } from '../../core/php/values.js';
import { isPlainObject, setOwn } from '../../core/own-property.js';
import type { JsonValue } from '../../store/types.js';
import type { BoundStorage } from '../define.js';
import type { ServiceResult } from '../host-service.js';
import { asPhpWritesIt } from '../upstream-json.js';
import type { OAuthApiAnswer, OAuthGrant, OAuthTokenCall, TransportFailure } from './services.js';
import type { SeoBStorage } from './storage.js';

/** An exception of Yoast's OAuth code: its message and code (the status its action answers). */
export class YoastException extends Error {
  constructor(
    message: string,
    /** The exception's code: an HTTP status, or 0. */
    readonly code: number,
  ) {
    super(message);
  }
}

/** Tokens as `OAuth_Token::to_array()` stores them in `wpseo`. */
interface StoredTokens {
  [key: string]: JsonValue;
  access_token: string;
  refresh_token: string;
  expires: number;
  has_expired: boolean;
  created_at: number;
  error_count: number;
}

/** The token fields that may be shown: everything but the two tokens. */
export function tokensShown(tokens: StoredTokens): { [key: string]: JsonValue } {
  const { access_token: _access, refresh_token: _refresh, ...shown } = tokens;
  return shown;
}

/** One OAuth API as a client reaches it: where its tokens live, its token address, and its bound service. */
export interface OAuthClient {
  /** The `wpseo` key of its tokens (`semrush_tokens`, `wincher_tokens`). */
  option: string;
  /** Its token address. */
  tokenUrl: string;
  /** The redirect address its registration names. */
  redirectUri: string;
  /** Reads an answer as its provider does (`getParsedResponse`). */
  parse(answer: OAuthApiAnswer): JsonValue;
  /** Sends a token call through the bound service. */
  send(call: OAuthTokenCall): Promise<ServiceResult<OAuthApiAnswer, TransportFailure>>;
  /** The clock in milliseconds. */
  now(): number;
}

/** Whole seconds of the clock, as PHP's `time()`. */
const seconds = (client: OAuthClient): number => Math.floor(client.now() / 1000);

/** A call's answer, or the exception Yoast's HTTP handler throws for a `WP_Error` (code 0). */
export function answered(result: ServiceResult<OAuthApiAnswer, TransportFailure>): OAuthApiAnswer {
  if (!result.ok) throw new YoastException(result.answer.message, 0);
  const { status, body } = result.value as Partial<OAuthApiAnswer>;
  if (!Number.isInteger(status) || body === undefined) throw new YoastException('Invalid response received from the server.', 0);
  return { status: status!, body };
}

/** PHP's `var_export` of a non-string error, as `checkResponse` words it (close enough for scalars; arrays as JSON). */
function exported(error: JsonValue): string {
  if (typeof error === 'boolean') return error ? 'true' : 'false';
  return isScalar(error) ? toPhpString(error) : JSON.stringify(error);
}

/**
 * `getParsedResponse`: the body decoded as `json_decode(…, true)` (text that is no JSON kept as
 * text, but an error on a 500), then `checkResponse`: a non-empty `error` throws its text (code 0).
 */
export function parsedAnswer(answer: OAuthApiAnswer): JsonValue {
  let data: JsonValue = answer.body;
  if (typeof data === 'string') {
    const decoded = phpJsonDecode(data);
    if (decoded.ok) data = asPhpWritesIt(decoded.value);
    else if (answer.status === 500) throw new YoastException('An OAuth server error was encountered that did not contain a JSON body', 0);
  } else {
    data = asPhpWritesIt(data);
  }
  if (isPlainObject(data) && !isEmpty(data.error)) throw new YoastException(exported(data.error as JsonValue), 0);
  return data;
}

/** league's `isExpirationTimestamp` bound (2012-10-01): an `expires` above it is a time, one below a duration. */
const OAUTH2_INCEPTION = 1_349_067_600;

/** A token answer's `expires` as league's `AccessToken` sets it: now + `expires_in`, or `expires` (a duration added to now where it is no time). */
function expiresOf(data: Record<string, JsonValue>, now: number): number | undefined {
  if (data.expires_in !== undefined && data.expires_in !== null) {
    if (!isNumeric(data.expires_in)) throw new YoastException('expires_in value must be an integer', 0);
    const value = Math.trunc(Number(data.expires_in));
    return value !== 0 ? now + value : 0;
  }
  if (!isEmpty(data.expires)) {
    const value = Math.trunc(Number(data.expires));
    if (!Number.isFinite(value)) return undefined;
    return value > OAUTH2_INCEPTION ? value : now + value;
  }
  return undefined;
}

/**
 * `getAccessToken` then `OAuth_Token::from_response`: the tokens of a token call's answer, or the
 * library's and Yoast's exceptions (no access token, no `expires`, no refresh token).
 */
function tokensOf(client: OAuthClient, answer: OAuthApiAnswer): StoredTokens {
  const now = seconds(client);
  const data = client.parse(answer);
  if (!isPhpArray(data) || Array.isArray(data))
    throw new YoastException('Invalid response received from Authorization Server. Expected JSON.', 0);
  if (isEmpty(data.access_token)) throw new YoastException('Required option not passed: "access_token"', 0);
  const expires = expiresOf(data, now);
  // `from_response` asks `hasExpired()` before `OAuth_Token`'s constructor checks the refresh token.
  if (expires === undefined || expires === 0) throw new YoastException('"expires" is not set on the token', 0);
  if (isEmpty(data.refresh_token)) throw new YoastException('Token creation failed. Property `refresh_token` cannot be empty.', 400);
  return {
    access_token: toPhpString(data.access_token),
    refresh_token: toPhpString(data.refresh_token),
    expires,
    has_expired: now >= expires,
    created_at: now,
    error_count: 0,
  };
}

/** The stored tokens, or null where `wpseo` holds none (or none Yoast could read). */
async function storedTokens(storage: BoundStorage<SeoBStorage>, client: OAuthClient): Promise<StoredTokens | null> {
  const wpseo = await storage.getOption('wpseo');
  const tokens = isPlainObject(wpseo) ? wpseo[client.option] : undefined;
  if (!isPlainObject(tokens) || isEmpty(tokens.access_token) || isEmpty(tokens.refresh_token) || isEmpty(tokens.expires)) return null;
  return {
    access_token: toPhpString(tokens.access_token),
    refresh_token: toPhpString(tokens.refresh_token),
    expires: Number(tokens.expires),
    has_expired: tokens.has_expired === true,
    created_at: Number(tokens.created_at),
    error_count: Number(tokens.error_count ?? 0) || 0,
  };
}

/** `store_token`: the tokens written into `wpseo`, as `to_array()` computes `has_expired` then. */
async function storeTokens(storage: BoundStorage<SeoBStorage>, client: OAuthClient, tokens: StoredTokens): Promise<StoredTokens> {
  const stored = { ...tokens, has_expired: seconds(client) >= tokens.expires || tokens.has_expired };
  const changes = {};
  setOwn(changes, client.option, stored);
  await storage.mergeOption('wpseo', changes);
  return stored;
}

/** `clear_token`: an empty list in place of the tokens. */
async function clearTokens(storage: BoundStorage<SeoBStorage>, client: OAuthClient): Promise<void> {
  const changes = {};
  setOwn(changes, client.option, []);
  await storage.mergeOption('wpseo', changes);
}

/** A token call of `grant` to the client's token address. */
function tokenCall(client: OAuthClient, grant: OAuthGrant): OAuthTokenCall {
  return { operation: 'token', method: 'POST', url: client.tokenUrl, form: grant };
}

/** `Authentication_Failed_Exception`: 401 with its cause's message kept for `get_response()`. */
export class AuthenticationFailed extends YoastException {
  constructor(
    /** The cause's message. */
    readonly reason: string,
  ) {
    super('Authentication failed', 401);
  }

  /** `get_response()`: the answer of the code exchange routes. */
  response(): { tokens: JsonValue[]; error: string; status: number } {
    return { tokens: [], error: `${this.message}: ${this.reason}`, status: this.code };
  }
}

/**
 * `request_tokens`: the code exchanged and the tokens stored; any failure is `Authentication
 * failed` (401) wrapping the cause's message.
 */
export async function requestTokens(
  storage: BoundStorage<SeoBStorage>,
  client: OAuthClient,
  code: unknown,
  codeVerifier?: string,
): Promise<StoredTokens> {
  try {
    if (code === null || code === undefined || !isScalar(code)) throw new YoastException('Required parameter not passed: "code"', 0);
    const grant: OAuthGrant = { grant_type: 'authorization_code', code: toPhpString(code), redirect_uri: client.redirectUri };
    if (codeVerifier !== undefined) grant.code_verifier = codeVerifier;
    const answer = answered(await client.send(tokenCall(client, grant)));
    return await storeTokens(storage, client, tokensOf(client, answer));
  } catch (error) {
    throw authenticationFailed(error);
  }
}

/** Any failure as `Authentication_Failed_Exception` (a thrown non-Yoast error is passed on as it is). */
function authenticationFailed(error: unknown): unknown {
  return error instanceof YoastException ? new AuthenticationFailed(error.message) : error;
}

/**
 * `get_tokens`: the stored tokens, refreshed first when expired; none is `Token usage failed`
 * (400), a failed refresh `Authentication failed` (401).
 */
export async function currentTokens(storage: BoundStorage<SeoBStorage>, client: OAuthClient): Promise<StoredTokens> {
  const tokens = await storedTokens(storage, client);
  if (tokens === null) throw new YoastException('Token usage failed. Token is empty.', 400);
  if (seconds(client) >= tokens.expires || tokens.has_expired) return refreshTokens(storage, client, tokens);
  return tokens;
}

/**
 * `refresh_tokens`: a refresh under the 30-second `lock:<option>` transient. A refused refresh
 * (`invalid_grant`) seen by the lock's holder counts an error on the tokens, and clears them the
 * second time, so a revoked grant is not retried forever.
 */
async function refreshTokens(storage: BoundStorage<SeoBStorage>, client: OAuthClient, tokens: StoredTokens): Promise<StoredTokens> {
  const lock = `lock:${client.option}`;
  const hasLock = (await storage.getTransient(lock)) === undefined;
  if (hasLock) await storage.setTransient(lock, true, 30);
  try {
    const grant: OAuthGrant = { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, redirect_uri: client.redirectUri };
    const answer = answered(await client.send(tokenCall(client, grant)));
    return await storeTokens(storage, client, tokensOf(client, answer));
  } catch (error) {
    if (hasLock && error instanceof YoastException && error.message === 'invalid_grant') {
      if (tokens.error_count >= 1) await clearTokens(storage, client);
      else await storeTokens(storage, client, { ...tokens, error_count: tokens.error_count + 1 });
    }
    throw authenticationFailed(error);
  } finally {
    await storage.deleteTransient(lock);
  }
}
