// MFA sessions and one-time codes on the site store, as Limit Login Attempts Reloaded keeps them:
// transients `llar_mfa_session_<token>` (the session array), `llar_mfa_send_secret_<token>` (the
// secret) and `llar_mfa_otp_<token>` (the code's keyed hash, never the code), and users in
// `wp_users`. Beyond the plugin, a counter `llar_mfa_send_count_<token>` limits the sends.
import { isPlainObject } from '../../core/own-property.js';
import { randomHex } from '../../core/crypto/random.js';
import type { JsonValue, SiteStore } from '../../store/types.js';
import { hashesEqual, siteSalt } from '../site-salt.js';
import { OTP_SALT_SCHEME, otpHash } from './codes.js';
import { OTP_TTL, SESSION_TTL, type LoginGuardStorage, type MfaSession } from './storage.js';
import { survivesSanitizing, usableSecret, usableToken } from './tokens.js';
import { checkOptions, flag, number, optionsObject, text, type OptionsShape } from '../../core/options.js';

const SESSION_PREFIX = 'llar_mfa_session_';
const SEND_SECRET_PREFIX = 'llar_mfa_send_secret_';
const OTP_PREFIX = 'llar_mfa_otp_';
const SEND_COUNT_PREFIX = 'llar_mfa_send_count_';

const textOf = (value: JsonValue | undefined, fallback = ''): string => (typeof value === 'string' ? value : fallback);

/** PHP's `(int)` of a stored id: a number or a numeric string; anything else 0. */
function idOf(value: JsonValue | undefined): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 10) : 0;
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/** A session as LLAR reads its transient: any array is one, its missing keys empty (provider `llar`). */
function sessionOf(value: JsonValue | undefined): MfaSession | null {
  if (!isPlainObject(value)) return null;
  return {
    token: textOf(value.token),
    secret: textOf(value.secret),
    username: textOf(value.username),
    user_id: idOf(value.user_id),
    redirect_to: textOf(value.redirect_to),
    cancel_url: textOf(value.cancel_url),
    provider_id: textOf(value.provider_id, 'llar'),
    is_pre_authenticated: value.is_pre_authenticated === true,
    remember_me: value.remember_me === true,
    created: typeof value.created === 'number' ? value.created : 0,
  };
}

/** The default login-guard storage, on the site store. */
export function loginGuardStorageOn(store: SiteStore): LoginGuardStorage {
  return {
    async sendSecret(token) {
      const secret = await store.transients.get(SEND_SECRET_PREFIX + token);
      return typeof secret === 'string' ? secret : null;
    },
    async session(token) {
      return sessionOf(await store.transients.get(SESSION_PREFIX + token));
    },
    async countSend(token) {
      return store.counters.increment(SEND_COUNT_PREFIX + token, 1, { ttlSeconds: SESSION_TTL });
    },
    async saveOtpHash(token, hash) {
      await store.transients.set(OTP_PREFIX + token, hash, OTP_TTL);
    },
    async sessionUser(session) {
      const user = session.user_id > 0 ? await store.users.get(session.user_id) : await store.users.getBy('user_login', session.username);
      return user === null ? null : { id: user.ID, email: user.user_email };
    },
  };
}

/** Who an MFA session is for and what the login asked, for {@link openMfaSession}. */
export interface OpenMfaSessionOptions {
  /** The user's id; give it, or `username`. */
  userId?: number;
  /** The user's login name; used to find the user when `userId` is not given. */
  username?: string;
  /** Where to go once signed in. */
  redirectTo?: string;
  /** Where the MFA app's "cancel" leads. */
  cancelUrl?: string;
  /** Whether the password was already checked (LLAR's login flow refuses to finish otherwise). */
  preAuthenticated?: boolean;
  /** Whether the login form's "Remember Me" was ticked. */
  rememberMe?: boolean;
  /** The session token, as an outside MFA service issued it (default: 32 random bytes, hex). */
  token?: string;
  /** The send-secret, as an outside MFA service issued it (default: 32 random bytes, hex). */
  secret?: string;
}

const openMfaSessionOptions = optionsObject({
  userId: number.optional(),
  username: text.optional(),
  redirectTo: text.optional(),
  cancelUrl: text.optional(),
  preAuthenticated: flag.optional(),
  rememberMe: flag.optional(),
  token: text.optional(),
  secret: text.optional(),
} satisfies OptionsShape<OpenMfaSessionOptions>);

/** An opened MFA session: the token that names it and the secret that lets a caller send its code. */
export interface MfaSessionKeys {
  /** The session token. */
  token: string;
  /** The send-secret: whoever holds it may have codes mailed (and choose them), so it stays on servers. */
  secret: string;
}

/** A host's token or secret, checked; a random one when not given. */
function keyOf(given: string | undefined, name: 'token' | 'secret', usable: (value: string) => boolean): string {
  if (given === undefined) return randomHex(32);
  if (typeof given !== 'string' || !usable(given) || !survivesSanitizing(given)) {
    throw new TypeError(`site-rest: openMfaSession ${name} must be a non-empty string that sanitize_text_field leaves as it is`);
  }
  return given;
}

/** Whether a token a host passes on (from its login form, say) could name a session the route serves: else it names none. */
function hostToken(token: unknown): token is string {
  return typeof token === 'string' && usableToken(token) && survivesSanitizing(token);
}

/**
 * What LLAR's login flow does when the cloud MFA is on: keeps a session for the user and its
 * send-secret, both for 10 minutes, in the site store, so `POST /login-guard/v1/mfa/send-code`
 * with the token and secret mails the user a code, from any process sharing the store.
 */
export async function openMfaSession(store: SiteStore, options: OpenMfaSessionOptions): Promise<MfaSessionKeys> {
  checkOptions(openMfaSessionOptions, options, 'openMfaSession');
  const userId = options.userId ?? 0;
  const username = options.username ?? '';
  if (!Number.isSafeInteger(userId) || userId < 0 || typeof username !== 'string' || (userId === 0 && username === '')) {
    throw new TypeError('site-rest: openMfaSession needs a userId (a whole number above 0) or a username');
  }
  const token = keyOf(options.token, 'token', usableToken);
  const secret = keyOf(options.secret, 'secret', usableSecret);
  const session: MfaSession = {
    token,
    secret,
    username,
    user_id: userId,
    redirect_to: options.redirectTo ?? '',
    cancel_url: options.cancelUrl ?? '',
    provider_id: 'llar',
    is_pre_authenticated: options.preAuthenticated === true,
    remember_me: options.rememberMe === true,
    created: Math.floor(Date.now() / 1000),
  };
  await store.transaction(async (tx) => {
    await tx.transients.set(SEND_SECRET_PREFIX + token, secret, SESSION_TTL);
    await tx.transients.set(SESSION_PREFIX + token, { ...session }, SESSION_TTL);
  });
  return { token, secret };
}

/**
 * LLAR's `verify_otp_once()`: whether `code` is the one last mailed for the session, compared in
 * constant time. The code's hash is taken either way, so each mailed code gets one try.
 */
export async function verifyMfaCode(store: SiteStore, token: string, code: string): Promise<boolean> {
  if (!hostToken(token) || typeof code !== 'string' || code === '') return false;
  const name = OTP_PREFIX + token;
  const kept = await store.transaction(async (tx) => {
    const hash = await tx.transients.get(name);
    if (typeof hash !== 'string') return null;
    await tx.transients.delete(name);
    return hash;
  });
  return kept !== null && hashesEqual(kept, otpHash(code, await siteSalt(store, OTP_SALT_SCHEME)()));
}

/** LLAR's `delete_session()`: the session, its send-secret, its code and its send count are gone. */
export async function closeMfaSession(store: SiteStore, token: string): Promise<void> {
  if (!hostToken(token)) return;
  await store.transaction(async (tx) => {
    for (const prefix of [SESSION_PREFIX, SEND_SECRET_PREFIX, OTP_PREFIX]) await tx.transients.delete(prefix + token);
    await tx.counters.delete(SEND_COUNT_PREFIX + token);
  });
}
