import { md5 } from '../core/crypto/digest.js';

/** `get_avatar_url` of an e-mail address with WordPress's defaults (96 pixels, mystery person, rated G). */
export function avatarUrl(email: string, secure: boolean): string {
  const hash = md5(email.trim().toLowerCase());
  const base = secure ? 'https://secure.gravatar.com' : `http://${Number.parseInt(hash[0]!, 16) % 3}.gravatar.com`;
  return `${base}/avatar/${hash}?s=96&d=mm&r=g`;
}
