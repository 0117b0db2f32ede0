// One-time codes: drawn on the site when the caller names none, and kept only as a keyed hash.
import { randomInt } from '../../core/crypto/random.js';
import { keyedHash } from '../site-salt.js';

/** The salt scheme LLAR keys its code hashes with (`wp_salt( 'auth' )`). */
export const OTP_SALT_SCHEME = 'auth';

/** A six-digit one-time code from the platform's cryptographic random source. */
export function newCode(): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}

/** A one-time code's keyed hash, as kept in `llar_mfa_otp_<token>`. */
export function otpHash(code: string, salt: string): string {
  return keyedHash(code, OTP_SALT_SCHEME, salt);
}
