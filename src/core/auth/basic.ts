/** A username and password from a Basic `Authorization` header. */
interface BasicCredentials {
  username: string;
  password: string;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

const utf8 = new TextDecoder();

/** Base64 to UTF-8 text through the Web's `atob` (Workers have no Buffer); null when it is no base64. */
function decodeBase64Text(encoded: string): string | null {
  let end = encoded.length;
  while (end > 0 && encoded.charCodeAt(end - 1) === 61) end--;
  let binary: string;
  try {
    binary = atob(encoded.slice(0, end));
  } catch {
    return null;
  }
  // ASCII bytes are their own UTF-8 text: most credentials need no decoding.
  let ascii = true;
  for (let i = 0; i < binary.length && ascii; i++) ascii = binary.charCodeAt(i) < 0x80;
  if (ascii) return binary;
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return utf8.decode(bytes);
}

/**
 * The credentials of `Authorization: Basic <base64(user:password)>`, or null for any other
 * scheme or a malformed value (which WordPress treats as no credentials at all).
 */
export function parseBasicCredentials(header: string | undefined): BasicCredentials | null {
  if (header === undefined || header.length < 7 || header.slice(0, 6).toLowerCase() !== 'basic ') return null;
  const encoded = header.slice(6).trim();
  if (!BASE64.test(encoded) || encoded.length % 4 === 1) return null;
  const decoded = decodeBase64Text(encoded);
  if (decoded === null) return null;
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
