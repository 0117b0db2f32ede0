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

// The message block, as 32-bit halves: the function is synchronous and never re-entered, so one serves every call.
const m = new Uint32Array(32);

/** The carry out of a sum of at most three 32-bit halves. */
const carry = (sum: number): number => (sum / 0x100000000) | 0;

/**
 * Compresses one 128-byte block into `h`; `counted` is the bytes hashed so far, this block
 * included. The sixteen words of the working vector live in locals (v0l, v0h … v15l, v15h: the
 * low and high halves), and each round's eight G mixes are written out (columns, then diagonals),
 * which V8 keeps in registers: twice as fast as reading and writing them in an array.
 */
function compress(h: Uint32Array, block: Uint8Array, offset: number, counted: number, last: boolean): void {
  for (let i = 0; i < 32; i++) {
    const at = offset + i * 4;
    m[i] = block[at]! | (block[at + 1]! << 8) | (block[at + 2]! << 16) | (block[at + 3]! << 24);
  }
  let v0l = h[0]!;
  let v0h = h[1]!;
  let v1l = h[2]!;
  let v1h = h[3]!;
  let v2l = h[4]!;
  let v2h = h[5]!;
  let v3l = h[6]!;
  let v3h = h[7]!;
  let v4l = h[8]!;
  let v4h = h[9]!;
  let v5l = h[10]!;
  let v5h = h[11]!;
  let v6l = h[12]!;
  let v6h = h[13]!;
  let v7l = h[14]!;
  let v7h = h[15]!;
  let v8l = IV[0]!;
  let v8h = IV[1]!;
  let v9l = IV[2]!;
  let v9h = IV[3]!;
  let v10l = IV[4]!;
  let v10h = IV[5]!;
  let v11l = IV[6]!;
  let v11h = IV[7]!;
  let v12l = IV[8]!;
  let v12h = IV[9]!;
  let v13l = IV[10]!;
  let v13h = IV[11]!;
  let v14l = IV[12]!;
  let v14h = IV[13]!;
  let v15l = IV[14]!;
  let v15h = IV[15]!;
  v12l = (v12l ^ counted) >>> 0;
  v12h = (v12h ^ Math.floor(counted / 0x100000000)) >>> 0;
  if (last) {
    v14l = ~v14l >>> 0;
    v14h = ~v14h >>> 0;
  }
  let sum: number;
  let lo: number;
  let hi: number;
  for (let round = 0; round < 12; round++) {
    const s = SIGMA[round % 10]!;
    // G(0, 4, 8, 12)
    sum = v0l + v4l + m[s[0]!]!;
    v0h = (v0h + v4h + m[s[0]! + 1]! + carry(sum)) >>> 0;
    v0l = sum >>> 0;
    lo = (v12l ^ v0l) >>> 0;
    v12l = (v12h ^ v0h) >>> 0;
    v12h = lo;
    sum = v8l + v12l;
    v8h = (v8h + v12h + carry(sum)) >>> 0;
    v8l = sum >>> 0;
    lo = v4l ^ v8l;
    hi = v4h ^ v8h;
    v4l = ((lo >>> 24) | (hi << 8)) >>> 0;
    v4h = ((hi >>> 24) | (lo << 8)) >>> 0;
    sum = v0l + v4l + m[s[1]!]!;
    v0h = (v0h + v4h + m[s[1]! + 1]! + carry(sum)) >>> 0;
    v0l = sum >>> 0;
    lo = v12l ^ v0l;
    hi = v12h ^ v0h;
    v12l = ((lo >>> 16) | (hi << 16)) >>> 0;
    v12h = ((hi >>> 16) | (lo << 16)) >>> 0;
    sum = v8l + v12l;
    v8h = (v8h + v12h + carry(sum)) >>> 0;
    v8l = sum >>> 0;
    lo = v4l ^ v8l;
    hi = v4h ^ v8h;
    v4l = ((lo << 1) | (hi >>> 31)) >>> 0;
    v4h = ((hi << 1) | (lo >>> 31)) >>> 0;
    // G(1, 5, 9, 13)
    sum = v1l + v5l + m[s[2]!]!;
    v1h = (v1h + v5h + m[s[2]! + 1]! + carry(sum)) >>> 0;
    v1l = sum >>> 0;
    lo = (v13l ^ v1l) >>> 0;
    v13l = (v13h ^ v1h) >>> 0;
    v13h = lo;
    sum = v9l + v13l;
    v9h = (v9h + v13h + carry(sum)) >>> 0;
    v9l = sum >>> 0;
    lo = v5l ^ v9l;
    hi = v5h ^ v9h;
    v5l = ((lo >>> 24) | (hi << 8)) >>> 0;
    v5h = ((hi >>> 24) | (lo << 8)) >>> 0;
    sum = v1l + v5l + m[s[3]!]!;
    v1h = (v1h + v5h + m[s[3]! + 1]! + carry(sum)) >>> 0;
    v1l = sum >>> 0;
    lo = v13l ^ v1l;
    hi = v13h ^ v1h;
    v13l = ((lo >>> 16) | (hi << 16)) >>> 0;
    v13h = ((hi >>> 16) | (lo << 16)) >>> 0;
    sum = v9l + v13l;
    v9h = (v9h + v13h + carry(sum)) >>> 0;
    v9l = sum >>> 0;
    lo = v5l ^ v9l;
    hi = v5h ^ v9h;
    v5l = ((lo << 1) | (hi >>> 31)) >>> 0;
    v5h = ((hi << 1) | (lo >>> 31)) >>> 0;
    // G(2, 6, 10, 14)
    sum = v2l + v6l + m[s[4]!]!;
    v2h = (v2h + v6h + m[s[4]! + 1]! + carry(sum)) >>> 0;
    v2l = sum >>> 0;
    lo = (v14l ^ v2l) >>> 0;
    v14l = (v14h ^ v2h) >>> 0;
    v14h = lo;
    sum = v10l + v14l;
    v10h = (v10h + v14h + carry(sum)) >>> 0;
    v10l = sum >>> 0;
    lo = v6l ^ v10l;
    hi = v6h ^ v10h;
    v6l = ((lo >>> 24) | (hi << 8)) >>> 0;
    v6h = ((hi >>> 24) | (lo << 8)) >>> 0;
    sum = v2l + v6l + m[s[5]!]!;
    v2h = (v2h + v6h + m[s[5]! + 1]! + carry(sum)) >>> 0;
    v2l = sum >>> 0;
    lo = v14l ^ v2l;
    hi = v14h ^ v2h;
    v14l = ((lo >>> 16) | (hi << 16)) >>> 0;
    v14h = ((hi >>> 16) | (lo << 16)) >>> 0;
    sum = v10l + v14l;
    v10h = (v10h + v14h + carry(sum)) >>> 0;
    v10l = sum >>> 0;
    lo = v6l ^ v10l;
    hi = v6h ^ v10h;
    v6l = ((lo << 1) | (hi >>> 31)) >>> 0;
    v6h = ((hi << 1) | (lo >>> 31)) >>> 0;
    // G(3, 7, 11, 15)
    sum = v3l + v7l + m[s[6]!]!;
    v3h = (v3h + v7h + m[s[6]! + 1]! + carry(sum)) >>> 0;
    v3l = sum >>> 0;
    lo = (v15l ^ v3l) >>> 0;
    v15l = (v15h ^ v3h) >>> 0;
    v15h = lo;
    sum = v11l + v15l;
    v11h = (v11h + v15h + carry(sum)) >>> 0;
    v11l = sum >>> 0;
    lo = v7l ^ v11l;
    hi = v7h ^ v11h;
    v7l = ((lo >>> 24) | (hi << 8)) >>> 0;
    v7h = ((hi >>> 24) | (lo << 8)) >>> 0;
    sum = v3l + v7l + m[s[7]!]!;
    v3h = (v3h + v7h + m[s[7]! + 1]! + carry(sum)) >>> 0;
    v3l = sum >>> 0;
    lo = v15l ^ v3l;
    hi = v15h ^ v3h;
    v15l = ((lo >>> 16) | (hi << 16)) >>> 0;
    v15h = ((hi >>> 16) | (lo << 16)) >>> 0;
    sum = v11l + v15l;
    v11h = (v11h + v15h + carry(sum)) >>> 0;
    v11l = sum >>> 0;
    lo = v7l ^ v11l;
    hi = v7h ^ v11h;
    v7l = ((lo << 1) | (hi >>> 31)) >>> 0;
    v7h = ((hi << 1) | (lo >>> 31)) >>> 0;
    // G(0, 5, 10, 15)
    sum = v0l + v5l + m[s[8]!]!;
    v0h = (v0h + v5h + m[s[8]! + 1]! + carry(sum)) >>> 0;
    v0l = sum >>> 0;
    lo = (v15l ^ v0l) >>> 0;
    v15l = (v15h ^ v0h) >>> 0;
    v15h = lo;
    sum = v10l + v15l;
    v10h = (v10h + v15h + carry(sum)) >>> 0;
    v10l = sum >>> 0;
    lo = v5l ^ v10l;
    hi = v5h ^ v10h;
    v5l = ((lo >>> 24) | (hi << 8)) >>> 0;
    v5h = ((hi >>> 24) | (lo << 8)) >>> 0;
    sum = v0l + v5l + m[s[9]!]!;
    v0h = (v0h + v5h + m[s[9]! + 1]! + carry(sum)) >>> 0;
    v0l = sum >>> 0;
    lo = v15l ^ v0l;
    hi = v15h ^ v0h;
    v15l = ((lo >>> 16) | (hi << 16)) >>> 0;
    v15h = ((hi >>> 16) | (lo << 16)) >>> 0;
    sum = v10l + v15l;
    v10h = (v10h + v15h + carry(sum)) >>> 0;
    v10l = sum >>> 0;
    lo = v5l ^ v10l;
    hi = v5h ^ v10h;
    v5l = ((lo << 1) | (hi >>> 31)) >>> 0;
    v5h = ((hi << 1) | (lo >>> 31)) >>> 0;
    // G(1, 6, 11, 12)
    sum = v1l + v6l + m[s[10]!]!;
    v1h = (v1h + v6h + m[s[10]! + 1]! + carry(sum)) >>> 0;
    v1l = sum >>> 0;
    lo = (v12l ^ v1l) >>> 0;
    v12l = (v12h ^ v1h) >>> 0;
    v12h = lo;
    sum = v11l + v12l;
    v11h = (v11h + v12h + carry(sum)) >>> 0;
    v11l = sum >>> 0;
    lo = v6l ^ v11l;
    hi = v6h ^ v11h;
    v6l = ((lo >>> 24) | (hi << 8)) >>> 0;
    v6h = ((hi >>> 24) | (lo << 8)) >>> 0;
    sum = v1l + v6l + m[s[11]!]!;
    v1h = (v1h + v6h + m[s[11]! + 1]! + carry(sum)) >>> 0;
    v1l = sum >>> 0;
    lo = v12l ^ v1l;
    hi = v12h ^ v1h;
    v12l = ((lo >>> 16) | (hi << 16)) >>> 0;
    v12h = ((hi >>> 16) | (lo << 16)) >>> 0;
    sum = v11l + v12l;
    v11h = (v11h + v12h + carry(sum)) >>> 0;
    v11l = sum >>> 0;
    lo = v6l ^ v11l;
    hi = v6h ^ v11h;
    v6l = ((lo << 1) | (hi >>> 31)) >>> 0;
    v6h = ((hi << 1) | (lo >>> 31)) >>> 0;
    // G(2, 7, 8, 13)
    sum = v2l + v7l + m[s[12]!]!;
    v2h = (v2h + v7h + m[s[12]! + 1]! + carry(sum)) >>> 0;
    v2l = sum >>> 0;
    lo = (v13l ^ v2l) >>> 0;
    v13l = (v13h ^ v2h) >>> 0;
    v13h = lo;
    sum = v8l + v13l;
    v8h = (v8h + v13h + carry(sum)) >>> 0;
    v8l = sum >>> 0;
    lo = v7l ^ v8l;
    hi = v7h ^ v8h;
    v7l = ((lo >>> 24) | (hi << 8)) >>> 0;
    v7h = ((hi >>> 24) | (lo << 8)) >>> 0;
    sum = v2l + v7l + m[s[13]!]!;
    v2h = (v2h + v7h + m[s[13]! + 1]! + carry(sum)) >>> 0;
    v2l = sum >>> 0;
    lo = v13l ^ v2l;
    hi = v13h ^ v2h;
    v13l = ((lo >>> 16) | (hi << 16)) >>> 0;
    v13h = ((hi >>> 16) | (lo << 16)) >>> 0;
    sum = v8l + v13l;
    v8h = (v8h + v13h + carry(sum)) >>> 0;
    v8l = sum >>> 0;
    lo = v7l ^ v8l;
    hi = v7h ^ v8h;
    v7l = ((lo << 1) | (hi >>> 31)) >>> 0;
    v7h = ((hi << 1) | (lo >>> 31)) >>> 0;
    // G(3, 4, 9, 14)
    sum = v3l + v4l + m[s[14]!]!;
    v3h = (v3h + v4h + m[s[14]! + 1]! + carry(sum)) >>> 0;
    v3l = sum >>> 0;
    lo = (v14l ^ v3l) >>> 0;
    v14l = (v14h ^ v3h) >>> 0;
    v14h = lo;
    sum = v9l + v14l;
    v9h = (v9h + v14h + carry(sum)) >>> 0;
    v9l = sum >>> 0;
    lo = v4l ^ v9l;
    hi = v4h ^ v9h;
    v4l = ((lo >>> 24) | (hi << 8)) >>> 0;
    v4h = ((hi >>> 24) | (lo << 8)) >>> 0;
    sum = v3l + v4l + m[s[15]!]!;
    v3h = (v3h + v4h + m[s[15]! + 1]! + carry(sum)) >>> 0;
    v3l = sum >>> 0;
    lo = v14l ^ v3l;
    hi = v14h ^ v3h;
    v14l = ((lo >>> 16) | (hi << 16)) >>> 0;
    v14h = ((hi >>> 16) | (lo << 16)) >>> 0;
    sum = v9l + v14l;
    v9h = (v9h + v14h + carry(sum)) >>> 0;
    v9l = sum >>> 0;
    lo = v4l ^ v9l;
    hi = v4h ^ v9h;
    v4l = ((lo << 1) | (hi >>> 31)) >>> 0;
    v4h = ((hi << 1) | (lo >>> 31)) >>> 0;
  }
  h[0] = h[0]! ^ v0l ^ v8l;
  h[1] = h[1]! ^ v0h ^ v8h;
  h[2] = h[2]! ^ v1l ^ v9l;
  h[3] = h[3]! ^ v1h ^ v9h;
  h[4] = h[4]! ^ v2l ^ v10l;
  h[5] = h[5]! ^ v2h ^ v10h;
  h[6] = h[6]! ^ v3l ^ v11l;
  h[7] = h[7]! ^ v3h ^ v11h;
  h[8] = h[8]! ^ v4l ^ v12l;
  h[9] = h[9]! ^ v4h ^ v12h;
  h[10] = h[10]! ^ v5l ^ v13l;
  h[11] = h[11]! ^ v5h ^ v13h;
  h[12] = h[12]! ^ v6l ^ v14l;
  h[13] = h[13]! ^ v6h ^ v14h;
  h[14] = h[14]! ^ v7l ^ v15l;
  h[15] = h[15]! ^ v7h ^ v15h;
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
