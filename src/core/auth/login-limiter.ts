import type { MaybePromise } from '../pipeline/maybe-async.js';
import type { JsonValue, SiteStore } from '../../store/types.js';

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
      /** Reports how the attempt ended, once written to the store; later calls are ignored. */
      finish(outcome: AttemptOutcome): MaybePromise<void>;
    };

/** Counts failed Basic sign-ins per client address and per username, in the site store, so every process sharing it shares the counts. */
interface LoginLimiter {
  /** Lets a sign-in attempt through, or refuses it while its address or username is locked. */
  attempt(address: string | undefined, username: string): Promise<LoginAttempt>;
}

/** How long an address stays trusted for a username after signing in as it. */
const TRUST_MS = 7 * 24 * 60 * 60 * 1000;
/** A trust is renewed when it is older than this, so a client in steady use writes once a day, not once a request. */
const TRUST_RENEW_MS = 24 * 60 * 60 * 1000;
/** The wait answered while attempts still being checked could reach the limit. */
const IN_FLIGHT_WAIT_MS = 1000;
// Long enough for any WordPress login (60) or email (100); longer names share a counter, which only ever locks sooner.
const MAX_KEY_LENGTH = 128;
/**
 * Addresses and usernames are counted in this many slots each, by a keyed hash: a flood of fresh
 * ones cannot grow the store beyond them, while slots expire with their window. Two keys sharing
 * a slot only ever lock sooner, and only under a flood of some 650,000 fresh keys a window; the
 * hash is keyed by a secret kept in the store, so nobody can pick keys that share a victim's slot.
 */
const SLOTS = 65_536;
/** The option keeping the hash's secret, shared by every process on the store. */
const SECRET_OPTION = 'site_rest_login_limiter_secret';

function positiveInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`site-rest: loginLimiter.${name} must be a positive integer`);
  return value;
}

const hex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Milliseconds a stored lock or trust (its end, in ms since the epoch) has left; 0 when none or over. */
function remaining(until: JsonValue | undefined, now: number): number {
  return typeof until === 'number' && until > now ? until - now : 0;
}

/**
 * Creates a limiter keeping its counts in `store`: after `maxFailures` failed attempts within
 * `windowMs` from one address, or for one username (known or not, so its answers tell nothing of
 * who exists), attempts are refused for `windowMs` without being checked. So that nobody can lock
 * the owner out by failing as their username, an address that signed in as a user within the last
 * week is exempt from that username's lock; the trade-off is that someone sharing the owner's
 * address (the same NAT) shares the exemption, though never the lock of the address itself.
 * Attempts are counted before they are checked (the store's increment answers the count with this
 * one in), so a parallel burst, through one process or several, cannot outrun the limit.
 */
export function createLoginLimiter(store: SiteStore, options: LoginLimiterOptions = {}): LoginLimiter {
  const maxFailures = positiveInteger(options.maxFailures ?? 10, 'maxFailures');
  const windowMs = positiveInteger(options.windowMs ?? 60_000, 'windowMs');
  const window = { ttlSeconds: Math.ceil(windowMs / 1000) };
  const encoder = new TextEncoder();
  let hashKey: ReturnType<typeof crypto.subtle.importKey> | undefined;

  async function loadKey(): ReturnType<typeof crypto.subtle.importKey> {
    await store.options.add(SECRET_OPTION, hex(crypto.getRandomValues(new Uint8Array(32))), false);
    const secret = await store.options.get(SECRET_OPTION);
    if (typeof secret !== 'string') throw new TypeError(`site-rest: the option ${SECRET_OPTION} must be a string`);
    return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  }

  async function digest(text: string): Promise<Uint8Array> {
    // Read once; a store that failed to answer is asked again by the next attempt.
    const key = await (hashKey ??= loadKey().catch((error: unknown) => {
      hashKey = undefined;
      throw error;
    }));
    return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
  }

  async function slot(kind: 'ip' | 'user', key: string): Promise<string> {
    const bytes = await digest(`${kind} ${key}`);
    return `${kind}_${((bytes[0]! << 8) | bytes[1]!) % SLOTS}`;
  }

  // Names after Limit Login Attempts Reloaded's: its retries, lockouts and valid (trusted) logins.
  const tries = (at: string): string => `limit_login_tries_${at}`;
  const retries = (at: string): string => `limit_login_retries_${at}`;
  const lockout = (at: string): string => `limit_login_lockout_${at}`;

  /** Counts a failure of the slot, and locks it for a window once failures reach the limit. */
  async function failed(at: string): Promise<void> {
    if ((await store.counters.increment(retries(at), 1, window)) < maxFailures) return;
    await store.transients.set(lockout(at), Date.now() + windowMs, window.ttlSeconds);
  }

  return {
    async attempt(address, username) {
      // An empty address is as unknown as a missing one: keyed together, all its clients would share one lock.
      const ip = address ? address.slice(0, MAX_KEY_LENGTH) : undefined;
      const user = username.slice(0, MAX_KEY_LENGTH).toLowerCase();
      const [ipAt, userAt, trustAt] = await Promise.all([
        ip === undefined ? undefined : slot('ip', ip),
        slot('user', user),
        ip === undefined ? undefined : digest(`trust ${ip} ${user}`).then((bytes) => `limit_login_trusted_${hex(bytes.subarray(0, 16))}`),
      ]);
      const [trustUntil, ipLock, userLock] = await Promise.all([
        trustAt === undefined ? undefined : store.transients.get(trustAt),
        ipAt === undefined ? undefined : store.transients.get(lockout(ipAt)),
        store.transients.get(lockout(userAt)),
      ]);
      const now = Date.now();
      const isTrusted = remaining(trustUntil, now) > 0;
      const wait = Math.max(remaining(ipLock, now), isTrusted ? 0 : remaining(userLock, now));
      if (wait > 0) return { allowed: false, retryAfterMs: wait };

      // A trusted pair is not counted ahead: its owner's parallel requests never wait for each other.
      const ahead = isTrusted ? [] : [ipAt, userAt].filter((at) => at !== undefined);
      const counts = await Promise.all(ahead.map((at) => store.counters.increment(tries(at), 1, window)));
      const giveBack = () => Promise.all(ahead.map((at) => store.counters.increment(tries(at), -1, window)));
      if (counts.some((count) => count > maxFailures)) {
        await giveBack();
        return { allowed: false, retryAfterMs: IN_FLIGHT_WAIT_MS };
      }
      let finished = false;
      return {
        allowed: true,
        trusted: isTrusted,
        async finish(outcome) {
          if (finished) return;
          finished = true;
          const slots = [ipAt, userAt].filter((at) => at !== undefined);
          if (outcome === 'failure') {
            // A failure keeps its place among the tries; a trusted one, not counted ahead, takes one now.
            if (isTrusted) await Promise.all(slots.map((at) => store.counters.increment(tries(at), 1, window)));
            await Promise.all(slots.map(failed));
            return;
          }
          await giveBack();
          if (outcome === 'success' && trustAt !== undefined && remaining(trustUntil, Date.now()) < TRUST_MS - TRUST_RENEW_MS)
            await store.transients.set(trustAt, Date.now() + TRUST_MS, TRUST_MS / 1000);
        },
      };
    },
  };
}
