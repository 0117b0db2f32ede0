import { randomInt } from '../../core/crypto/random.js';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `wp_generate_password(10, false)`: the secret that pairs an embed's blockquote with its iframe. */
export function embedSecret(): string {
  let secret = '';
  for (let i = 0; i < 10; i++) secret += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return secret;
}
