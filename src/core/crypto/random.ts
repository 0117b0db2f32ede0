// Randomness from Web Crypto (`globalThis.crypto`), which Node 20, Workers, Deno and Bun all
// have, so the root entry needs no `node:crypto`.

/** A uniformly random integer in `[0, max)`, `max` at most 2³². */
export function randomInt(max: number): number {
  // Rejection sampling: the top of the 32-bit range that would favour small values is drawn again.
  const limit = 2 ** 32 - (2 ** 32 % max);
  const word = new Uint32Array(1);
  do crypto.getRandomValues(word);
  while (word[0]! >= limit);
  return word[0]! % max;
}

/** `count` random bytes as lower-case hex. */
export function randomHex(count: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(count));
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** PHP's `hash_equals()`: whether two strings are equal, in time that depends only on their lengths. */
export function constantTimeEqual(known: string, given: string): boolean {
  if (known.length !== given.length) return false;
  let difference = 0;
  for (let i = 0; i < known.length; i++) difference |= known.charCodeAt(i) ^ given.charCodeAt(i);
  return difference === 0;
}
