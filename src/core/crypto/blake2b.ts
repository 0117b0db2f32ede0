// BLAKE2b (RFC 7693) in plain TypeScript, keyed and with any digest length from 1 to 64 bytes: what
// libsodium's `crypto_generichash` computes, and so WordPress 6.8's `wp_fast_hash`. Node's crypto
// offers BLAKE2b only unkeyed and 64 bytes long. The 64-bit words are kept as pairs of 32-bit halves
// (low word first), the way JavaScript can add and rotate them without BigInt.

/** The initialisation vector (SHA-512's), as 32-bit halves, low first. */
const IV = new Uint32Array([
  0xf3bcc908, 0x6a09e667, 0x84caa73b, 0xbb67ae85, 0xfe94f82b, 0x3c6ef372, 0x5f1d36f1, 0xa54ff53a, 0xade682d1, 0x510e527f, 0x2b3e6c1f,
  0x9b05688c, 0xfb41bd6b, 0x1f83d9ab, 0x137e2179, 0x5be0cd19,
]);

/** The message schedule of each round (rounds 10 and 11 repeat 0 and 1), doubled to index the 32-bit halves. */
const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
].map((row) => row.map((index) => index * 2));

const BLOCK = 128;

// Working state of the compression, shared by every call: the function is synchronous and never re-entered.
const v = new Uint32Array(32);
const m = new Uint32Array(32);

/** The carry out of a sum of at most three 32-bit halves. */
const carry = (sum: number): number => (sum / 0x100000000) | 0;

/**
 * The mixing function G on the words at (half) indices a, b, c, d, with message words x and y:
 * the eight halves are read once, mixed in locals (kept unsigned with `>>> 0` where a sum follows),
 * and written back once.
 */
function mix(a: number, b: number, c: number, d: number, x: number, y: number): void {
  let al = v[a]!;
  let ah = v[a + 1]!;
  let bl = v[b]!;
  let bh = v[b + 1]!;
  let cl = v[c]!;
  let ch = v[c + 1]!;
  let dl = v[d]!;
  let dh = v[d + 1]!;
  let sum = al + bl + m[x]!;
  ah = (ah + bh + m[x + 1]! + carry(sum)) >>> 0;
  al = sum >>> 0;
  // Right by 32: the halves swap.
  let lo = (dl ^ al) >>> 0;
  dl = (dh ^ ah) >>> 0;
  dh = lo;
  sum = cl + dl;
  ch = (ch + dh + carry(sum)) >>> 0;
  cl = sum >>> 0;
  lo = bl ^ cl;
  let hi = bh ^ ch;
  bl = ((lo >>> 24) | (hi << 8)) >>> 0;
  bh = ((hi >>> 24) | (lo << 8)) >>> 0;
  sum = al + bl + m[y]!;
  ah = (ah + bh + m[y + 1]! + carry(sum)) >>> 0;
  al = sum >>> 0;
  lo = dl ^ al;
  hi = dh ^ ah;
  dl = ((lo >>> 16) | (hi << 16)) >>> 0;
  dh = ((hi >>> 16) | (lo << 16)) >>> 0;
  sum = cl + dl;
  ch = (ch + dh + carry(sum)) >>> 0;
  cl = sum >>> 0;
  lo = bl ^ cl;
  hi = bh ^ ch;
  // Right by 63 is left by 1.
  bl = ((lo << 1) | (hi >>> 31)) >>> 0;
  bh = ((hi << 1) | (lo >>> 31)) >>> 0;
  v[a] = al;
  v[a + 1] = ah;
  v[b] = bl;
  v[b + 1] = bh;
  v[c] = cl;
  v[c + 1] = ch;
  v[d] = dl;
  v[d + 1] = dh;
}

/** Compresses one 128-byte block into `h`; `counted` is the bytes hashed so far, this block included. */
function compress(h: Uint32Array, block: Uint8Array, offset: number, counted: number, last: boolean): void {
  for (let i = 0; i < 16; i++) {
    v[i] = h[i]!;
    v[i + 16] = IV[i]!;
  }
  v[24] = v[24]! ^ counted;
  v[25] = v[25]! ^ Math.floor(counted / 0x100000000);
  if (last) {
    v[28] = ~v[28]!;
    v[29] = ~v[29]!;
  }
  for (let i = 0; i < 32; i++) {
    const at = offset + i * 4;
    m[i] = block[at]! | (block[at + 1]! << 8) | (block[at + 2]! << 16) | (block[at + 3]! << 24);
  }
  for (let round = 0; round < 12; round++) {
    const s = SIGMA[round % 10]!;
    mix(0, 8, 16, 24, s[0]!, s[1]!);
    mix(2, 10, 18, 26, s[2]!, s[3]!);
    mix(4, 12, 20, 28, s[4]!, s[5]!);
    mix(6, 14, 22, 30, s[6]!, s[7]!);
    mix(0, 10, 20, 30, s[8]!, s[9]!);
    mix(2, 12, 22, 24, s[10]!, s[11]!);
    mix(4, 14, 16, 26, s[12]!, s[13]!);
    mix(6, 8, 18, 28, s[14]!, s[15]!);
  }
  for (let i = 0; i < 16; i++) h[i] = h[i]! ^ v[i]! ^ v[i + 16]!;
}

function checkSizes(key: Uint8Array, length: number): void {
  if (!Number.isInteger(length) || length < 1 || length > 64) throw new RangeError('A BLAKE2b digest is 1 to 64 bytes long');
  if (key.length > 64) throw new RangeError('A BLAKE2b key is at most 64 bytes long');
}

/** The state BLAKE2b starts from for a key length and digest length. */
function initialState(keyLength: number, length: number): Uint32Array {
  const h = IV.slice();
  h[0] = h[0]! ^ 0x01010000 ^ (keyLength << 8) ^ length;
  return h;
}

// The chaining state and last block of the hash under way, shared as `v` and `m` are.
const state = new Uint32Array(16);
const lastBlock = new Uint8Array(BLOCK);

/** Hashes `input` (a key block first, when keyed) on from state `from`, which has compressed `done` bytes already; answers the digest. */
function finish(from: Uint32Array, input: Uint8Array, done: number, length: number): Uint8Array {
  state.set(from);
  let offset = 0;
  while (input.length - offset > BLOCK) {
    compress(state, input, offset, done + offset + BLOCK, false);
    offset += BLOCK;
  }
  lastBlock.fill(0);
  lastBlock.set(offset === 0 ? input : input.subarray(offset));
  compress(state, lastBlock, 0, done + input.length, true);
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = state[i >> 2]! >>> (8 * (i & 3));
  return out;
}

/**
 * BLAKE2b of `message` keyed with `key` (at most 64 bytes; empty for none), `length` bytes long
 * (1 to 64): libsodium's `crypto_generichash(message, key, length)`.
 */
export function blake2b(message: Uint8Array, key: Uint8Array, length: number): Uint8Array {
  checkSizes(key, length);
  if (key.length === 0) return finish(initialState(0, length), message, 0, length);
  // A key is hashed as a first block of its own, padded with zeros.
  const input = new Uint8Array(BLOCK + message.length);
  input.set(key);
  input.set(message, BLOCK);
  return finish(initialState(key.length, length), input, 0, length);
}

/**
 * {@link blake2b} under one key, the key block compressed once: each message then costs its own
 * blocks only (one, up to 128 bytes).
 */
export function keyedBlake2b(key: Uint8Array, length: number): (message: Uint8Array) => Uint8Array {
  checkSizes(key, length);
  const block = new Uint8Array(BLOCK);
  block.set(key);
  const keyed = initialState(key.length, length);
  compress(keyed, block, 0, BLOCK, false);
  // An empty message makes the key block the last one, which the state above did not take as last.
  return (message) => (message.length === 0 ? blake2b(message, key, length) : finish(keyed, message, BLOCK, length));
}
