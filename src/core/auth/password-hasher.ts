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

/** scrypt behind a bounded queue, timing itself so that a check with nothing to hash can take as long. */
interface PasswordHasher {
  /** The key of a password under a salt, computed at once: for creating passwords, which no anonymous client can reach. */
  derive(password: string, salt: Buffer): Promise<Buffer>;
  /** The same through the sign-in queue, in the lane kept for trusted checks when `first`; undefined when the queue is full. */
  deriveQueued(password: string, salt: Buffer, first?: boolean): Promise<Buffer> | undefined;
  /** Whether the sign-in queue refuses new ordinary checks now. */
  busy(): boolean;
  /** How long a hash takes now, in milliseconds: the median of recent ones (the first call hashes once to measure, if nothing has been hashed yet). */
  typicalDuration(): Promise<number>;
}

/** Bytes of a salt. */
export const SALT_BYTES = 16;
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
  function derive(password: string, salt: Buffer): Promise<Buffer> {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      scrypt(password, salt, KEY_BYTES, options, (error, key) => {
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

  return {
    derive,
    deriveQueued: (password, salt, first) => work.run(() => derive(password, salt), first),
    busy: work.full,
    typicalDuration,
  };
}
