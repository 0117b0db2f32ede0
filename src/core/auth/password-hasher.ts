import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import { createWorkQueue } from './work-queue.js';

/** scrypt cost parameters. */
export interface ScryptCost {
  /** CPU/memory cost, a power of two (default 16384). */
  N?: number;
  /** Block size (default 8). */
  r?: number;
  /** Parallelisation (default 1). */
  p?: number;
}

/** How sign-in checks share the thread pool. */
export interface HashQueueOptions {
  /**
   * Hashes computed at once (default 2: libuv's pool has 4 threads, and file and DNS work need
   * some). All but one serve ordinary checks, and only while no trusted check runs or waits; the
   * last is kept for trusted ones.
   */
  concurrency?: number;
  /** Checks waiting for a slot (default 16, about half a second at the default cost); more are refused at once. */
  maxWaiting?: number;
}

/**
 * A salt with its scrypt cost, written as the head of a PHC string (`$scrypt$ln=14,r=8,p=1$<salt>`,
 * base64 without padding): a hash is these settings, `$` and the key, so it says how to check it.
 */
export type HashSettings = string;

/** scrypt behind a bounded queue, timing itself so that a check with nothing to hash can take as long. */
interface PasswordHasher {
  /** Settings with a fresh salt and the hasher's cost. */
  newSettings(): HashSettings;
  /** Whether settings are scrypt settings this hasher can hash with. */
  accepts(settings: string): boolean;
  /** The hash of a password under some settings, computed at once: for creating passwords, which no anonymous client can reach. */
  hash(password: string, settings: HashSettings): Promise<string>;
  /**
   * The key of a password under some settings, through the sign-in queue, in the lane kept for
   * trusted checks when `first`; undefined when the queue is full.
   */
  deriveQueued(password: string, settings: HashSettings, first?: boolean): Promise<Buffer> | undefined;
  /** Whether the sign-in queue refuses new ordinary checks now. */
  busy(): boolean;
  /** How long a hash takes now, in milliseconds: the median of recent ones (the first call hashes once to measure, if nothing has been hashed yet). */
  typicalDuration(): Promise<number>;
}

/** Bytes of a salt. */
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const SAMPLES = 16;

function isPositiveInteger(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

/** Checks the cost once up front, so a bad setting fails at startup instead of on every sign-in. */
function scryptOptions(cost: ScryptCost = {}): ScryptOptions {
  const { N = 16384, r = 8, p = 1 } = cost;
  if (!isPositiveInteger(N) || N < 2 || !Number.isInteger(Math.log2(N))) throw new TypeError('scrypt N must be a power of two above 1');
  if (!isPositiveInteger(r) || !isPositiveInteger(p)) throw new TypeError('scrypt r and p must be positive integers');
  // scrypt needs 128·N·r bytes; Node's default 32 MiB cap would refuse N=32768 with r=8.
  return { N, r, p, maxmem: 256 * N * r };
}

function queueLimits(queue: HashQueueOptions = {}): { concurrency: number; maxWaiting: number } {
  const { concurrency = 2, maxWaiting = 16 } = queue;
  if (!isPositiveInteger(concurrency)) throw new TypeError('queue concurrency must be a positive integer');
  if (!Number.isSafeInteger(maxWaiting) || maxWaiting < 0) throw new TypeError('queue maxWaiting must be a non-negative integer');
  return { concurrency, maxWaiting };
}

const SETTINGS = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,6}),p=(\d{1,6})\$([A-Za-z0-9+/]{1,64})$/;

/** Base64 without its padding, as PHC strings write it ('=' appears nowhere else). */
const unpadded = (bytes: Buffer): string => bytes.toString('base64').replace(/=/g, '');

function settingsOf(cost: ScryptOptions, salt: Buffer): HashSettings {
  return `$scrypt$ln=${Math.log2(cost.N!)},r=${cost.r},p=${cost.p}$${unpadded(salt)}`;
}

/** The cost and salt of stored settings; a TypeError when they are not ours (say, a WordPress hash imported as is). */
function parseSettings(settings: HashSettings): { options: ScryptOptions; salt: Buffer } {
  const parts = SETTINGS.exec(settings);
  if (!parts) throw new TypeError('Unknown password hash settings');
  const [, ln, r, p, salt] = parts;
  return { options: scryptOptions({ N: 2 ** Number(ln), r: Number(r), p: Number(p) }), salt: Buffer.from(salt!, 'base64') };
}

/** The key of a hash made under `settings`, or undefined when the hash was made under others. */
export function keyOfHash(hash: unknown, settings: HashSettings): Buffer | undefined {
  if (typeof hash !== 'string' || !hash.startsWith(`${settings}$`)) return undefined;
  const key = Buffer.from(hash.slice(settings.length + 1), 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

/** Creates a hasher with its own queue and duration samples. */
export function createPasswordHasher(cost?: ScryptCost, queue?: HashQueueOptions): PasswordHasher {
  const options = scryptOptions(cost);
  const { concurrency, maxWaiting } = queueLimits(queue);
  const work = createWorkQueue(concurrency, maxWaiting);
  const durations: number[] = [];
  let measuring: Promise<unknown> | undefined;

  /** The async scrypt, so hashing runs on the thread pool and never blocks the event loop. */
  function derive(password: string, salt: Buffer, params = options): Promise<Buffer> {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      scrypt(password, salt, KEY_BYTES, params, (error, key) => {
        if (error) return reject(error);
        durations.push(performance.now() - started);
        if (durations.length > SAMPLES) durations.shift();
        resolve(key);
      });
    });
  }

  async function typicalDuration(): Promise<number> {
    if (durations.length === 0) await (measuring ??= derive(randomBytes(SALT_BYTES).toString('hex'), randomBytes(SALT_BYTES)));
    return median(durations);
  }

  /** The key of `password` under `settings`, parsed before the work is queued so that bad settings throw at once. */
  function deriveUnder(password: string, settings: HashSettings): () => Promise<Buffer> {
    const { options: params, salt } = parseSettings(settings);
    return () => derive(password, salt, params);
  }

  return {
    newSettings: () => settingsOf(options, randomBytes(SALT_BYTES)),
    accepts: (settings) => {
      try {
        parseSettings(settings);
        return true;
      } catch {
        return false;
      }
    },
    hash: async (password, settings) => `${settings}$${unpadded(await deriveUnder(password, settings)())}`,
    deriveQueued: (password, settings, first) => work.run(deriveUnder(password, settings), first),
    busy: work.full,
    typicalDuration,
  };
}
