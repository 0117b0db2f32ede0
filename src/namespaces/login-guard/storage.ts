import type { StorageContext, StorageGroups } from '../define.js';

/** How long a session and its send-secret live, in seconds (LLAR's `LLA_MFA_SESSION_TTL`). */
export const SESSION_TTL = 600;

/** How long a one-time code's hash lives, in seconds (LLAR's `LLA_MFA_FLOW_OTP_TTL`). */
export const OTP_TTL = 180;

/** A login's MFA session as LLAR keeps it (transient `llar_mfa_session_<token>`, its keys as the plugin writes them). */
export interface MfaSession {
  /** The session token. */
  token: string;
  /** The session secret (the send-secret is the same). */
  secret: string;
  /** Login name of the user signing in. */
  username: string;
  /** The user's id; 0 when only the login name is known. */
  user_id: number;
  /** Where to go once signed in. */
  redirect_to: string;
  /** Where the MFA app's "cancel" leads. */
  cancel_url: string;
  /** Which provider sends the code: `llar` (e-mail) is the one there is. */
  provider_id: string;
  /** Whether the password was already checked when the session was opened. */
  is_pre_authenticated: boolean;
  /** Whether the login form's "Remember Me" was ticked. */
  remember_me: boolean;
  /** When it was opened, Unix seconds. */
  created: number;
}

/** The user a session is for, as the mail needs them. */
export interface MfaUser {
  /** User id. */
  id: number;
  /** E-mail address; empty when the user has none (then nothing is mailed). */
  email: string;
}

/**
 * Where login-guard keeps MFA sessions and one-time codes, and finds users. Every callback is
 * async and gets the request's {@link StorageContext} last. Tokens reach it already checked
 * (`usableToken`): at most 151 characters, no NUL.
 */
export interface LoginGuardStorage {
  /** The send-secret kept for a token (`llar_mfa_send_secret_<token>`); null when none or expired. */
  sendSecret(token: string, ctx: StorageContext): Promise<string | null>;
  /** The session of a token (`llar_mfa_session_<token>`); null when none, expired or not a session. */
  session(token: string, ctx: StorageContext): Promise<MfaSession | null>;
  /** Counts one send for a token and answers the count within the session's lifetime, shared by every process. */
  countSend(token: string, ctx: StorageContext): Promise<number>;
  /** Keeps a code's keyed hash for a token (`llar_mfa_otp_<token>`, 180 s), replacing an earlier one. */
  saveOtpHash(token: string, hash: string, ctx: StorageContext): Promise<void>;
  /** The session's user, by id or else by login name, as LLAR looks them up; null when there is none. */
  sessionUser(session: MfaSession, ctx: StorageContext): Promise<MfaUser | null>;
}

/** {@link LoginGuardStorage}'s callbacks that share data: the session's four together; the users apart. */
export const loginGuardStorageGroups: StorageGroups<LoginGuardStorage> = [
  { data: 'MFA sessions', callbacks: ['sendSecret', 'session', 'countSend', 'saveOtpHash'] },
  { data: 'users', callbacks: ['sessionUser'] },
];

type SessionCallback = 'sendSecret' | 'session' | 'countSend' | 'saveOtpHash';

/** What a host may give of {@link LoginGuardStorage}: the session callbacks all or none, and the user lookup. */
export type GivenLoginGuardStorage = Partial<Pick<LoginGuardStorage, 'sessionUser'>> &
  (Pick<LoginGuardStorage, SessionCallback> | { [K in SessionCallback]?: never });
