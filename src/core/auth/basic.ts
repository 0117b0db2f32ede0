/** A username and password from a Basic `Authorization` header. */
interface BasicCredentials {
  username: string;
  password: string;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The credentials of `Authorization: Basic <base64(user:password)>`, or null for any other
 * scheme or a malformed value (which WordPress treats as no credentials at all).
 */
export function parseBasicCredentials(header: string | undefined): BasicCredentials | null {
  if (header === undefined || header.length < 7 || header.slice(0, 6).toLowerCase() !== 'basic ') return null;
  const encoded = header.slice(6).trim();
  if (!BASE64.test(encoded) || encoded.length % 4 === 1) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
