// MD5, HMAC-MD5 and SHA-1 in plain TypeScript, for what WordPress and its plugins hash
// synchronously (`wp_hash`, Contact Form 7's form hash) where Web Crypto is async and has no MD5.
// They identify and sign; they never guard passwords (application passwords are hashed with
// BLAKE2b, `blake2b.ts`, as WordPress 6.8's `wp_fast_hash` does).

const encoder = new TextEncoder();

/** The message padded as MD5 and SHA-1 pad it: 0x80, zeros, and the bit length in 8 bytes. */
function padded(message: Uint8Array, bigEndian: boolean): DataView {
  const length = (((message.length + 8) >> 6) + 1) * 64;
  const bytes = new Uint8Array(length);
  bytes.set(message);
  bytes[message.length] = 0x80;
  const view = new DataView(bytes.buffer);
  const bits = message.length * 8;
  view.setUint32(length - (bigEndian ? 4 : 8), bits >>> 0, !bigEndian);
  view.setUint32(length - (bigEndian ? 8 : 4), Math.floor(bits / 2 ** 32), !bigEndian);
  return view;
}

const rotl = (x: number, n: number): number => (x << n) | (x >>> (32 - n));

const MD5_SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const MD5_K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

function md5Bytes(message: Uint8Array): Uint8Array {
  const view = padded(message, false);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let block = 0; block < view.byteLength; block += 64) {
    let [a, b, c, d] = h as [number, number, number, number];
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) [f, g] = [(b & c) | (~b & d), i];
      else if (i < 32) [f, g] = [(d & b) | (~d & c), (5 * i + 1) % 16];
      else if (i < 48) [f, g] = [b ^ c ^ d, (3 * i + 5) % 16];
      else [f, g] = [c ^ (b | ~d), (7 * i) % 16];
      const sum = (a + f + MD5_K[i]! + view.getUint32(block + g * 4, true)) | 0;
      [a, d, c] = [d, c, b];
      b = (b + rotl(sum, MD5_SHIFTS[(i >> 4) * 4 + (i % 4)]!)) | 0;
    }
    h[0] = (h[0]! + a) | 0;
    h[1] = (h[1]! + b) | 0;
    h[2] = (h[2]! + c) | 0;
    h[3] = (h[3]! + d) | 0;
  }
  const out = new DataView(new ArrayBuffer(16));
  h.forEach((word, i) => out.setUint32(i * 4, word, true));
  return new Uint8Array(out.buffer);
}

function sha1Bytes(message: Uint8Array): Uint8Array {
  const view = padded(message, true);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Int32Array(80);
  for (let block = 0; block < view.byteLength; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getInt32(block + i * 4, false);
    for (let i = 16; i < 80; i++) w[i] = rotl(w[i - 3]! ^ w[i - 8]! ^ w[i - 14]! ^ w[i - 16]!, 1);
    let [a, b, c, d, e] = h as [number, number, number, number, number];
    for (let i = 0; i < 80; i++) {
      const [f, k] =
        i < 20
          ? [(b & c) | (~b & d), 0x5a827999]
          : i < 40
            ? [b ^ c ^ d, 0x6ed9eba1]
            : i < 60
              ? [(b & c) | (b & d) | (c & d), 0x8f1bbcdc]
              : [b ^ c ^ d, 0xca62c1d6];
      const t = (rotl(a, 5) + f + e + k + w[i]!) | 0;
      [e, d, c, b, a] = [d, c, rotl(b, 30), a, t];
    }
    h[0] = (h[0]! + a) | 0;
    h[1] = (h[1]! + b) | 0;
    h[2] = (h[2]! + c) | 0;
    h[3] = (h[3]! + d) | 0;
    h[4] = (h[4]! + e) | 0;
  }
  const out = new DataView(new ArrayBuffer(20));
  h.forEach((word, i) => out.setUint32(i * 4, word, false));
  return new Uint8Array(out.buffer);
}

const hex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** PHP's `md5()`: the hex MD5 of a string's UTF-8 bytes. */
export function md5(text: string): string {
  return hex(md5Bytes(encoder.encode(text)));
}

/** PHP's `sha1()`: the hex SHA-1 of a string's UTF-8 bytes. */
export function sha1(text: string): string {
  return hex(sha1Bytes(encoder.encode(text)));
}

/** PHP's `hash_hmac('md5', data, key)`: hex HMAC-MD5 over UTF-8 bytes. */
export function hmacMd5(data: string, key: string): string {
  const given = encoder.encode(key);
  const keyBytes = given.length > 64 ? md5Bytes(given) : given;
  const inner = new Uint8Array(64);
  const outer = new Uint8Array(64);
  for (let i = 0; i < 64; i++) {
    inner[i] = (keyBytes[i] ?? 0) ^ 0x36;
    outer[i] = (keyBytes[i] ?? 0) ^ 0x5c;
  }
  const message = encoder.encode(data);
  const innerInput = new Uint8Array(64 + message.length);
  innerInput.set(inner);
  innerInput.set(message, 64);
  const outerInput = new Uint8Array(64 + 16);
  outerInput.set(outer);
  outerInput.set(md5Bytes(innerInput), 64);
  return hex(md5Bytes(outerInput));
}

/** PHP's `hash('sha256', …)`: the hex SHA-256 of a string's UTF-8 bytes, through Web Crypto (so asynchronous). */
export async function sha256Hex(text: string): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}
