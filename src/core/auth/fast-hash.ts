import { keyedBlake2b } from '../crypto/blake2b.js';

/** What WordPress 6.8's `wp_fast_hash` writes before the digest. */
const PREFIX = '$generic$';
/** BLAKE2b keyed as `wp_fast_hash` keys it (the same key on every site, so a hash moves with its database), 30 bytes long. */
const fastBlake2b = keyedBlake2b(new TextEncoder().encode('wp_fast_hash_6.8+'), 30);
const encoder = new TextEncoder();
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** libsodium's `SODIUM_BASE64_VARIANT_URLSAFE_NO_PADDING` (30 bytes make 40 characters, no padding either way). */
function base64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const word = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += BASE64URL[(word >>> (18 - 6 * k)) & 63];
  }
  return out;
}

/** A message's UTF-8 bytes; ASCII (every application password) copied straight, without the encoder's cost. */
function utf8(message: string): Uint8Array {
  const bytes = new Uint8Array(message.length);
  for (let i = 0; i < message.length; i++) {
    const code = message.charCodeAt(i);
    if (code > 0x7f) return encoder.encode(message);
    bytes[i] = code;
  }
  return bytes;
}

/**
 * WordPress 6.8's `wp_fast_hash`: `$generic$` and the URL-safe base64 of a 30-byte BLAKE2b of the
 * message keyed with `wp_fast_hash_6.8+`. Fit only for secrets generated with enough entropy
 * (application passwords), which a slow hash would only make costlier to check.
 */
export function wpFastHash(message: string): string {
  return PREFIX + base64url(fastBlake2b(utf8(message)));
}

/** Whether a stored hash is in `wp_fast_hash`'s format. */
export const isFastHash = (hash: unknown): hash is string => typeof hash === 'string' && hash.startsWith(PREFIX);
