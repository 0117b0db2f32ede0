import { createHash, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { createWorkQueue } from './work-queue.js';

/** How checks of hashes stored before the fast format share the thread pool and the event loop. */
export interface HashQueueOptions {
  /** Hashes computed at once (default 2: libuv's pool has 4 threads, and file and DNS work need some). */
  concurrency?: number;
  /** Checks waiting for a slot (default 16, about half a second of scrypt); more are refused at once. */
  maxWaiting?: number;
}

/**
 * Checks application passwords against the hashes stored before WordPress 6.8's fast format: this
 * project's scrypt hashes (a PHC string under the user's settings, `$scrypt$ln=14,r=8,p=1$<salt>`,
 * `$`, the key) and phpass's portable hashes (`$P$`), which WordPress wrote before 6.8. Each costs
 * milliseconds, so checks run through a bounded queue.
 */
interface LegacyChecker {
  /** Whether a stored hash is one this checker can check under the user's settings (meta `_application_passwords_salt`). */
  checks(hash: unknown, settings: unknown): boolean;
  /**
   * The index of the first of `hashes` that `password` matches (-1 for none), through the queue
   * shared fairly between clients (`client`: the address group asking); undefined at once when
   * the queue is full, and rejecting with `QUEUE_PLACE_TAKEN` when its place goes to another client.
   */
  match(password: string, hashes: readonly unknown[], settings: unknown, client?: string): Promise<number> | undefined;
}

const KEY_BYTES = 32;
const SCRYPT_SETTINGS = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,6}),p=(\d{1,6})\$([A-Za-z0-9+/]{1,64})$/;

/** phpass's alphabet, for the cost and the hash. */
const ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/**
 * phpass's cost is 2^n rounds of MD5; WordPress wrote n = 13 ('B'). Above it, a stored hash could
 * make one check take minutes, so it is not checked (as if it were some other format).
 */
const MAX_PHPASS_LOG2 = 13;
/** MD5 rounds between two turns of the event loop: about a millisecond. */
const PHPASS_SLICE = 1024;

function isPositiveInteger(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

function queueLimits(queue: HashQueueOptions = {}): { concurrency: number; maxWaiting: number } {
  const { concurrency = 2, maxWaiting = 16 } = queue;
  if (!isPositiveInteger(concurrency)) throw new TypeError('queue concurrency must be a positive integer');
  if (!Number.isSafeInteger(maxWaiting) || maxWaiting < 0) throw new TypeError('queue maxWaiting must be a non-negative integer');
  return { concurrency, maxWaiting };
}

/** The cost and salt of stored scrypt settings; undefined when they are not scrypt settings. */
function scryptSettings(settings: unknown): { options: ScryptOptions; salt: Buffer } | undefined {
  const parts = typeof settings === 'string' ? SCRYPT_SETTINGS.exec(settings) : null;
  if (!parts) return undefined;
  const [, ln, r, p, salt] = parts;
  const N = 2 ** Number(ln);
  if (N < 2 || Number(r) < 1 || Number(p) < 1) return undefined;
  // scrypt needs 128·N·r bytes; Node's default 32 MiB cap would refuse N=32768 with r=8.
  return { options: { N, r: Number(r), p: Number(p), maxmem: 256 * N * Number(r) }, salt: Buffer.from(salt!, 'base64') };
}

/** The key of a hash made under `settings`, or undefined when it was made under others. */
function scryptKeyOf(hash: unknown, settings: string): Buffer | undefined {
  if (typeof hash !== 'string' || !hash.startsWith(`${settings}$`)) return undefined;
  const key = Buffer.from(hash.slice(settings.length + 1), 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}

/** The async scrypt, on the thread pool. */
function scryptKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** The rounds (log2) of a phpass portable hash (`$P$` WordPress's, `$H$` phpBB's), or undefined when it is none this checker takes. */
function phpassRounds(hash: unknown): number | undefined {
  if (typeof hash !== 'string' || hash.length !== 34 || (!hash.startsWith('$P$') && !hash.startsWith('$H$'))) return undefined;
  const log2 = ITOA64.indexOf(hash[3]!);
  return log2 >= 7 && log2 <= MAX_PHPASS_LOG2 ? log2 : undefined;
}

/** phpass's `encode64`: little-endian groups of 6 bits over its alphabet. */
function phpassEncode(bytes: Buffer): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const value = bytes[i]! | ((bytes[i + 1] ?? 0) << 8) | ((bytes[i + 2] ?? 0) << 16);
    const chars = Math.min(4, bytes.length - i + 1);
    for (let k = 0; k < chars; k++) out += ITOA64[(value >>> (6 * k)) & 63];
  }
  return out;
}

/** phpass's `crypt_private`: the portable hash of `password` under a stored hash's rounds and salt, yielding to the event loop as it goes. */
async function phpassHash(password: string, stored: string, log2: number): Promise<string> {
  const secret = Buffer.from(password, 'utf8');
  let digest = createHash('md5').update(stored.slice(4, 12), 'latin1').update(secret).digest();
  for (let round = 1; round <= 2 ** log2; round++) {
    digest = createHash('md5').update(digest).update(secret).digest();
    if (round % PHPASS_SLICE === 0) await yieldToLoop();
  }
  return stored.slice(0, 12) + phpassEncode(digest);
}

/** Creates a checker with its own queue. */
export function createLegacyChecker(queue?: HashQueueOptions): LegacyChecker {
  const { concurrency, maxWaiting } = queueLimits(queue);
  const work = createWorkQueue(concurrency, maxWaiting);

  function checks(hash: unknown, settings: unknown): boolean {
    if (phpassRounds(hash) !== undefined) return true;
    return typeof settings === 'string' && scryptSettings(settings) !== undefined && scryptKeyOf(hash, settings) !== undefined;
  }

  /** Compares against every hash, without stopping at a match; derives the user's scrypt key once, whatever the number of hashes under it. */
  async function firstMatch(password: string, hashes: readonly unknown[], settings: unknown): Promise<number> {
    const params = scryptSettings(settings);
    const key =
      params && hashes.some((hash) => scryptKeyOf(hash, settings as string))
        ? await scryptKey(password, params.salt, params.options)
        : undefined;
    let found = -1;
    for (const [index, hash] of hashes.entries()) {
      const scrypted = key && scryptKeyOf(hash, settings as string);
      const rounds = phpassRounds(hash);
      let matches = false;
      if (scrypted) matches = timingSafeEqual(key, scrypted);
      else if (rounds !== undefined) {
        const computed = Buffer.from(await phpassHash(password, hash as string, rounds));
        const stored = Buffer.from(hash as string);
        matches = computed.length === stored.length && timingSafeEqual(computed, stored);
      }
      if (matches && found === -1) found = index;
    }
    return found;
  }

  return {
    checks,
    match: (password, hashes, settings, client) => work.run(() => firstMatch(password, hashes, settings), client),
  };
}
