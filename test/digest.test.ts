// The synchronous digests the root entry uses instead of node:crypto, checked against Node's own.
import { createHash, createHmac } from 'node:crypto';
import { it, expect } from 'vitest';
import { md5, sha1, hmacMd5 } from '../src/core/crypto/digest.js';
it('hashes as PHP md5(), sha1() and hash_hmac("md5") do, over UTF-8 and every padding boundary', () => {
  for (const s of ['', 'a', 'abc', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), 'é漢😀'.repeat(40), 'q'.repeat(1000)]) {
    expect(md5(s)).toBe(createHash('md5').update(s).digest('hex'));
    expect(sha1(s)).toBe(createHash('sha1').update(s).digest('hex'));
    for (const k of ['', 'key', 'k'.repeat(100)]) expect(hmacMd5(s, k)).toBe(createHmac('md5', k).update(s).digest('hex'));
  }
});
