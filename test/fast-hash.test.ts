// BLAKE2b and WordPress 6.8's `wp_fast_hash` against vectors from Python's hashlib (test/fixtures/blake2b.json).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wpFastHash } from '../src/core/auth/fast-hash.js';
import { blake2b, keyedBlake2b } from '../src/core/crypto/blake2b.js';

interface Vectors {
  blake2b: Array<{ message: string; key: string; size: number; digest: string }>;
  wpFastHash: Array<{ password: string; hash: string }>;
}

const vectors = JSON.parse(readFileSync(new URL('./fixtures/blake2b.json', import.meta.url), 'utf8')) as Vectors;
const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));

describe('BLAKE2b', () => {
  it('hashes as hashlib.blake2b does, keyed or not, at every digest size and block boundary', () => {
    for (const { message, key, size, digest } of vectors.blake2b) {
      expect(Buffer.from(blake2b(hex(message), hex(key), size)).toString('hex'), `${message.length / 2} bytes, key ${key}`).toBe(digest);
    }
  });

  it('hashes alike with the key block compressed once, for messages of any length, the empty one included', () => {
    for (const { message, key, size, digest } of vectors.blake2b.filter((v) => v.key !== '')) {
      expect(Buffer.from(keyedBlake2b(hex(key), size)(hex(message))).toString('hex'), `${message.length / 2} bytes, key ${key}`).toBe(
        digest,
      );
    }
  });

  it('refuses a digest size or key length BLAKE2b does not have', () => {
    for (const size of [0, 65, 1.5]) expect(() => blake2b(new Uint8Array(1), new Uint8Array(0), size)).toThrow(RangeError);
    expect(() => blake2b(new Uint8Array(1), new Uint8Array(65), 32)).toThrow(RangeError);
  });
});

describe("WordPress 6.8's wp_fast_hash", () => {
  it('writes $generic$ and the URL-safe base64 of a 30-byte BLAKE2b keyed with wp_fast_hash_6.8+', () => {
    for (const { password, hash } of vectors.wpFastHash) expect(wpFastHash(password)).toBe(hash);
  });
});
