import { hmacMd5 } from '../core/crypto/digest.js';
import { constantTimeEqual, randomHex } from '../core/crypto/random.js';
import type { SiteStore } from '../store/types.js';

/**
 * WordPress's `wp_salt($scheme)` without `wp-config.php` constants: a random secret kept in the
 * option `<scheme>_salt`, made by whichever process asks first (`add_option` only adds when
 * absent), so every process serving one store hashes alike. Read once per mount, then remembered;
 * a failed read is retried on the next call.
 */
export function siteSalt(store: SiteStore, scheme: string): () => Promise<string> {
  const name = `${scheme}_salt`;
  let salt: Promise<string> | undefined;
  const read = async (): Promise<string> => {
    await store.options.add(name, randomHex(32), false);
    const kept = await store.options.get(name);
    if (typeof kept !== 'string' || kept === '') throw new TypeError(`site-rest: the option ${name} must hold a non-empty string`);
    return kept;
  };
  return () => {
    salt ??= read().catch((error: unknown) => {
      salt = undefined;
      throw error;
    });
    return salt;
  };
}

/** WordPress's `wp_hash( $data, $scheme )`: an HMAC-MD5 keyed per scheme, from a salt such as {@link siteSalt}'s. */
export function keyedHash(data: string, scheme: string, key: string): string {
  return hmacMd5(data, `${key}:${scheme}`);
}

/** PHP's `hash_equals()`: compares two hashes (or secrets) in constant time. */
export function hashesEqual(known: string, given: string): boolean {
  return constantTimeEqual(known, given);
}

/**
 * `wp_create_nonce( $action )` for user `userId`: ten hex digits of the keyed hash of the
 * half-day tick, the action and the user (the store keeps no session token, so none is mixed in).
 */
export function createNonce(action: string, userId: number, now: number, salt: string): string {
  const tick = Math.ceil(now / 1000 / (86_400 / 2));
  return keyedHash(`${tick}|${action}|${userId}|`, 'nonce', salt).slice(-12, -2);
}
