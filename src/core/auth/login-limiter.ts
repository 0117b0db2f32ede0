/** Tuning of the login limiter. */
export interface LoginLimiterOptions {
  /** Failed attempts allowed per client address and per username within `windowMs` (default 10). */
  maxFailures?: number;
  /** The window failures are counted in, and how long a lock lasts once they reach the limit, in ms (default 60,000). */
  windowMs?: number;
}

/** How an attempt that was let through ended: signed in, refused, or neither (the check itself failed). */
export type AttemptOutcome = 'success' | 'failure' | 'undecided';

/** The limiter's answer to an attempt: refused for a while, or let through to be reported on. */
type LoginAttempt =
  | { allowed: false; retryAfterMs: number }
  | {
      allowed: true;
      /** The address signed in as this username lately. */
      trusted: boolean;
      /** Reports how the attempt ended; later calls are ignored. */
      finish(outcome: AttemptOutcome): void;
    };

/** Counts failed Basic sign-ins per client address and per username, in bounded memory. */
interface LoginLimiter {
  /** Lets a sign-in attempt through, or refuses it while its address or username is locked. */
  attempt(address: string | undefined, username: string): LoginAttempt;
}

/** Entries each map keeps at most; the oldest go first. */
const CAPACITY = 10_000;
/** How long an address stays trusted for a username after signing in as it. */
const TRUST_MS = 7 * 24 * 60 * 60 * 1000;
/** The wait answered while attempts still being checked could reach the limit. */
const IN_FLIGHT_WAIT_MS = 1000;
// Long enough for any WordPress login (60) or email (100); longer names share a counter, which only ever locks sooner.
const MAX_KEY_LENGTH = 128;

interface Tally {
  failures: number;
  /** Attempts let through and not yet finished: counted ahead, so a burst cannot outrun the limit. */
  pending: number;
  since: number;
}

/** Inserts or refreshes `key` as the newest entry, dropping the oldest beyond the capacity. */
function setNewest<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > CAPACITY) map.delete(map.keys().next().value!);
}

/**
 * Failure counts for one kind of key. Locked keys live in a map of their own, so a flood of
 * fresh keys evicts other counts before it can evict a lock.
 */
function createCounter(maxFailures: number, windowMs: number) {
  const counting = new Map<string, Tally>();
  const locked = new Map<string, number>();

  function current(key: string, now: number): Tally | undefined {
    const tally = counting.get(key);
    if (tally && now - tally.since >= windowMs) {
      tally.failures = 0;
      tally.since = now;
    }
    return tally;
  }

  function tallyOf(key: string, now: number): Tally {
    const tally = current(key, now) ?? { failures: 0, pending: 0, since: now };
    setNewest(counting, key, tally);
    return tally;
  }

  return {
    /** Milliseconds until `key` may try again, 0 when it may; attempts in flight count unless `settledOnly`. */
    blockedFor(key: string, now: number, settledOnly: boolean): number {
      const until = locked.get(key);
      if (until !== undefined) {
        if (until > now) return until - now;
        locked.delete(key);
      }
      const tally = current(key, now);
      return !settledOnly && tally !== undefined && tally.failures + tally.pending >= maxFailures ? IN_FLIGHT_WAIT_MS : 0;
    },
    reserve(key: string, now: number): Tally {
      const tally = tallyOf(key, now);
      tally.pending++;
      return tally;
    },
    /** Ends an attempt; `reserved` may have been evicted meanwhile, and a failure still counts then. */
    finish(key: string, reserved: Tally | undefined, failed: boolean, now: number): void {
      if (reserved) reserved.pending--;
      if (!failed) return;
      const tally = tallyOf(key, now);
      if (++tally.failures < maxFailures) return;
      counting.delete(key);
      setNewest(locked, key, now + windowMs);
    },
  };
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`site-rest: loginLimiter.${name} must be a positive integer`);
  return value;
}

/**
 * Creates a limiter: after `maxFailures` failed attempts within `windowMs` from one address, or
 * for one username (known or not, so its answers tell nothing of who exists), attempts are
 * refused for `windowMs` without being checked. So that nobody can lock the owner out by
 * failing as their username, an address that signed in as a user within the last week is
 * exempt from that username's lock; the trade-off is that someone sharing the owner's address
 * (the same NAT) shares the exemption, though never the lock of the address itself.
 */
export function createLoginLimiter(options: LoginLimiterOptions = {}): LoginLimiter {
  const maxFailures = positiveInteger(options.maxFailures ?? 10, 'maxFailures');
  const windowMs = positiveInteger(options.windowMs ?? 60_000, 'windowMs');
  const addresses = createCounter(maxFailures, windowMs);
  const usernames = createCounter(maxFailures, windowMs);
  const trusted = new Map<string, number>();

  return {
    attempt(address, username) {
      const now = Date.now();
      // An empty address is as unknown as a missing one: keyed together, all its clients would share one lock.
      const ip = address ? address.slice(0, MAX_KEY_LENGTH) : undefined;
      const user = username.slice(0, MAX_KEY_LENGTH).toLowerCase();
      const pair = ip === undefined ? undefined : `${ip} ${user}`;
      const until = pair === undefined ? undefined : trusted.get(pair);
      // A trusted pair is not counted ahead: its owner's parallel requests never wait for each other.
      const isTrusted = until !== undefined && until > now;
      const wait = Math.max(
        ip === undefined ? 0 : addresses.blockedFor(ip, now, isTrusted),
        isTrusted ? 0 : usernames.blockedFor(user, now, false),
      );
      if (wait > 0) return { allowed: false, retryAfterMs: wait };
      const byAddress = ip === undefined || isTrusted ? undefined : addresses.reserve(ip, now);
      const byUsername = isTrusted ? undefined : usernames.reserve(user, now);
      let finished = false;
      return {
        allowed: true,
        trusted: isTrusted,
        finish(outcome) {
          if (finished) return;
          finished = true;
          const at = Date.now();
          const failed = outcome === 'failure';
          if (ip !== undefined) addresses.finish(ip, byAddress, failed, at);
          usernames.finish(user, byUsername, failed, at);
          if (outcome === 'success' && pair !== undefined) setNewest(trusted, pair, at + TRUST_MS);
        },
      };
    },
  };
}
