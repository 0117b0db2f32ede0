// What a session token and a send-secret may be. The token ends up in transient names, so it is
// checked, with the secret, before any store is asked: the route answers a token or secret it
// could never have issued as an unknown session, in constant work.
import { sanitizeTextField } from '../../core/schema/text.js';

/** LLAR's longest transient prefix; a token must fit after it in a transient name (172 characters). */
const LONGEST_PREFIX = 'llar_mfa_send_secret_';

/** Longest token: what the longest transient name leaves. */
const MAX_TOKEN_LENGTH = 172 - LONGEST_PREFIX.length;

/** Longest send-secret kept or compared; LLAR's cloud sends far shorter ones. */
const MAX_SECRET_LENGTH = 256;

/** Whether a token can name a session's transients: not empty, short enough, no NUL (which no name holds). */
export function usableToken(token: string): boolean {
  return token !== '' && token.length <= MAX_TOKEN_LENGTH && !token.includes('\u0000');
}

/** Whether a secret can be compared with a stored one: not empty, not longer than any kept. */
export function usableSecret(secret: string): boolean {
  return secret !== '' && secret.length <= MAX_SECRET_LENGTH;
}

/** Whether a host's token or secret reaches the route unchanged: the route's `sanitize_text_field` would alter it otherwise, and it could never match. */
export function survivesSanitizing(value: string): boolean {
  return sanitizeTextField(value) === value;
}
