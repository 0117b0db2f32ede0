// Yoast 28.1's AI authorization (src/ai/authorization, the token strategy of src/ai/authentication,
// the consent handler): the PKCE code verifier kept five minutes in user meta, the callback that
// stores the JWTs Yoast's server posts when the verifier answers its challenge, getting or
// refreshing a user's access JWT, and sending a call with it, clearing the JWTs and retrying once
// on a 401. All state is user meta on the site store, so every process shares it.
import { constantTimeEqual, randomHex } from '../../core/crypto/random.js';
import { md5, sha256Hex } from '../../core/crypto/digest.js';
import type { JsonValue } from '../../store/types.js';
import type { BoundStorage } from '../define.js';
import { AiRemoteFailure, AiRuntimeFailure, callYoastAi, type AiCaller, type AiRequest } from './ai-upstream.js';
import type { SeoBStorage } from './storage.js';

/** The user meta keys of Yoast's AI features. */
const AI_META = {
  /** The access JWT. */
  access: '_yoast_wpseo_ai_generator_access_jwt',
  /** The refresh JWT. */
  refresh: '_yoast_wpseo_ai_generator_refresh_jwt',
  /** `{code, created_at}`: the code verifier of the token request under way (`get_current_blog_id()` is 1 on a single site). */
  verifier: 'yoast_wpseo_ai_generator_code_verifier_for_blog_1',
  /** `md5` of the callback URL the tokens were requested with: another URL makes them stale. */
  callbackHash: '_yoast_wpseo_ai_generator_callback_url_hash',
  /** The user's consent to the AI features. */
  consent: '_yoast_wpseo_ai_consent',
} as const;

/** How long a code verifier answers a callback: five minutes. */
const VERIFIER_SECONDS = 300;

/** What Yoast's server posts to the callback routes. */
interface TokenDelivery {
  /** The access JWT. */
  access_jwt: string;
  /** The refresh JWT. */
  refresh_jwt: string;
  /** `sha256` of the code verifier the tokens were requested with. */
  code_challenge: string;
  /** The user they are for. */
  user_id: number;
}

/** The callback's answer: the stored verifier for Yoast's server to check, or null for 401 "Unauthorized.". */
export async function acceptTokens(
  storage: BoundStorage<SeoBStorage>,
  delivery: TokenDelivery,
  nowSeconds: number,
): Promise<string | null> {
  const stored = await storage.getUserMeta(delivery.user_id, AI_META.verifier);
  const code = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored.code : undefined;
  if (typeof code !== 'string' || code === '') return null;
  const createdAt = (stored as { created_at?: JsonValue }).created_at;
  if (typeof createdAt !== 'number' || createdAt < nowSeconds - VERIFIER_SECONDS) {
    await storage.setUserMeta(delivery.user_id, new Map([[AI_META.verifier, null]]));
    return null;
  }
  if (!constantTimeEqual(await sha256Hex(code), delivery.code_challenge)) return null;
  await storage.setUserMeta(
    delivery.user_id,
    new Map<string, JsonValue | null>([
      [AI_META.access, delivery.access_jwt],
      [AI_META.refresh, delivery.refresh_jwt],
      [AI_META.verifier, null],
    ]),
  );
  return code;
}

/** One user's AI session: where their tokens live, how Yoast AI is reached, and the site's addresses the token request names. */
export interface AiSession {
  /** The seo-b storage bound to the request. */
  storage: BoundStorage<SeoBStorage>;
  /** The `yoastAi` service and the way back to this site. */
  caller: AiCaller;
  /** The signed-in user. */
  userId: number;
  /** The clock, in seconds. */
  nowSeconds: () => number;
  /** `WPSEO_Utils::get_home_url()`. */
  homeUrl: string;
  /** The callback route's address (`get_rest_url( null, '…/ai_generator/callback' )`). */
  callbackUrl: string;
  /** The refresh callback route's address. */
  refreshCallbackUrl: string;
}

/** A non-empty string meta value, or null. */
async function token(session: AiSession, key: string): Promise<string | null> {
  const value = await session.storage.getUserMeta(session.userId, key);
  return typeof value === 'string' && value !== '' ? value : null;
}

/** `Access_Token_User_Meta_Repository::get_token`: the access JWT, or Yoast's RuntimeException. */
async function storedAccessToken(session: AiSession): Promise<string> {
  const access = await token(session, AI_META.access);
  if (access === null) throw new AiRuntimeFailure('Unable to retrieve the access token.');
  return access;
}

/** `clear_tokens`: forgets both JWTs. */
async function clearTokens(session: AiSession): Promise<void> {
  await session.storage.setUserMeta(
    session.userId,
    new Map([
      [AI_META.access, null],
      [AI_META.refresh, null],
    ]),
  );
}

/** A new code verifier, kept for the callback: `{code, created_at}` in user meta. Answers its challenge. */
async function newChallenge(session: AiSession): Promise<string> {
  const code = await sha256Hex(randomHex(32));
  await session.storage.setUserMeta(session.userId, new Map([[AI_META.verifier, { code, created_at: session.nowSeconds() }]]));
  return sha256Hex(code);
}

/** `token_request`: asks Yoast AI for tokens, which its server delivers to the callback before it answers. */
async function requestTokens(session: AiSession): Promise<void> {
  const challenge = await newChallenge(session);
  await callYoastAi(session.caller, {
    path: '/token/request',
    body: {
      service: 'openai',
      code_challenge: challenge,
      license_site_url: session.homeUrl,
      user_id: String(session.userId),
      callback_url: session.callbackUrl,
      refresh_callback_url: session.refreshCallbackUrl,
    },
    secrets: { code_challenge: challenge },
  });
  await session.storage.setUserMeta(session.userId, new Map([[AI_META.callbackHash, md5(session.callbackUrl)]]));
}

/** `token_refresh`: asks for new tokens with the refresh JWT (none kept is Yoast's RuntimeException). */
async function refreshTokens(session: AiSession): Promise<void> {
  const refresh = await token(session, AI_META.refresh);
  if (refresh === null) throw new AiRuntimeFailure('Unable to retrieve the refresh token.');
  const challenge = await newChallenge(session);
  await callYoastAi(session.caller, {
    path: '/token/refresh',
    body: { code_challenge: challenge },
    headers: { Authorization: `Bearer ${refresh}` },
    secrets: { refresh_jwt: refresh, code_challenge: challenge },
  });
}

/** `has_token_expired`: a JWT whose payload has no numeric `exp`, or one in the past, has expired. */
function hasExpired(jwt: string, nowSeconds: number): boolean {
  const parts = jwt.split('.');
  if (parts.length !== 3) return true;
  let payload: unknown;
  try {
    payload = JSON.parse(atob(parts[1]!.replaceAll('-', '+').replaceAll('_', '/')));
  } catch {
    return true;
  }
  const exp = typeof payload === 'object' && payload !== null ? (payload as { exp?: unknown }).exp : undefined;
  const seconds = typeof exp === 'number' ? exp : typeof exp === 'string' && exp.trim() !== '' ? Number(exp) : Number.NaN;
  return Number.isNaN(seconds) || seconds < nowSeconds;
}

/** `get_or_request_access_token`: the user's access JWT, requested when none is kept, refreshed when expired. */
async function accessToken(session: AiSession): Promise<string> {
  const registered = await session.storage.getUserMeta(session.userId, AI_META.callbackHash);
  if (typeof registered !== 'string' || registered !== md5(session.callbackUrl)) await clearTokens(session);
  const access = await token(session, AI_META.access);
  if (access === null) {
    await requestTokens(session);
  } else if (hasExpired(access, session.nowSeconds())) {
    try {
      await refreshTokens(session);
    } catch (error) {
      if (!(error instanceof AiRemoteFailure && error.failure.status === 401)) throw error;
      await requestTokens(session);
    }
  } else {
    return access;
  }
  return storedAccessToken(session);
}

/** The body of a call made with the user's access JWT. */
async function sendOnce(session: AiSession, request: AiRequest): Promise<string> {
  const access = await accessToken(session);
  return callYoastAi(session.caller, {
    ...request,
    headers: { ...request.headers, Authorization: `Bearer ${access}` },
    secrets: { access_jwt: access },
  });
}

/** The token strategy's `send`: a 401 (from the call or from getting its token) clears the JWTs and the call is made once more. */
export async function sendWithToken(session: AiSession, request: AiRequest): Promise<string> {
  try {
    return await sendOnce(session, request);
  } catch (error) {
    if (!(error instanceof AiRemoteFailure && error.failure.status === 401)) throw error;
    await clearTokens(session);
    return sendOnce(session, request);
  }
}

/** `token_invalidate`: tells Yoast AI to forget the JWTs (a 401 or 403 means it has) and forgets them here in any case. */
async function invalidateTokens(session: AiSession): Promise<void> {
  const access = (await token(session, AI_META.access)) ?? '';
  try {
    await callYoastAi(session.caller, {
      path: '/token/invalidate',
      headers: { Authorization: `Bearer ${access}` },
      secrets: { access_jwt: access },
    });
  } catch (error) {
    if (!(error instanceof AiRemoteFailure && (error.failure.status === 401 || error.failure.status === 403))) throw error;
  } finally {
    await clearTokens(session);
  }
}

/** `grant_consent`: tells Yoast AI (`POST /user/consent`), then keeps the consent. */
export async function grantConsent(session: AiSession): Promise<void> {
  await sendWithToken(session, { path: '/user/consent' });
  await session.storage.setUserMeta(session.userId, new Map([[AI_META.consent, '1']]));
}

/**
 * `revoke_consent`: forgets the consent here first, whatever Yoast AI answers, tells it
 * (`DELETE /user/consent`), and invalidates the JWTs when any are kept.
 */
export async function revokeConsent(session: AiSession): Promise<void> {
  await session.storage.setUserMeta(session.userId, new Map([[AI_META.consent, null]]));
  try {
    await sendWithToken(session, { method: 'DELETE', path: '/user/consent' });
  } finally {
    if ((await token(session, AI_META.access)) !== null || (await token(session, AI_META.refresh)) !== null)
      await invalidateTokens(session);
  }
}
