import type { JsonValue, SiteStore } from '../../store/types.js';

/**
 * Tuning of the login limiter: Limit Login Attempts Reloaded's settings and defaults (its
 * `allowed_retries`, `lockout_duration`, `allowed_lockouts`, `long_duration`, `valid_duration`).
 */
export interface LoginLimiterOptions {
  /** Failed sign-ins of a client that lock it out, and again each as many more (default 4). */
  allowedRetries?: number;
  /** How long a lockout lasts, in ms (default 1,200,000: 20 minutes). */
  lockoutMs?: number;
  /** Lockouts after which the next is a long one and the count starts over (default 4: the 16th failure). */
  allowedLockouts?: number;
  /** How long a long lockout lasts, in ms (default 86,400,000: 24 hours). */
  longLockoutMs?: number;
  /** How long failures are counted from a client's first, in ms (default 86,400,000: 24 hours). */
  validMs?: number;
}

/** Counts failed Basic sign-ins per client, in the site store, so every process sharing it shares the counts. */
interface LoginLimiter {
  /**
   * Counts a failed sign-in, unless its client is locked out already (which, as in the plugin, adds
   * nothing). Answers how long the client is locked out, in ms: 0 when it is not.
   */
  failed(address: string | undefined, username: string): Promise<number>;
}

// Long enough for any address, or any WordPress login (60) or email (100); longer ones share a counter, which only ever locks sooner.
const MAX_KEY_LENGTH = 128;
/**
 * Clients are counted in this many slots, by a keyed hash: a flood of fresh ones cannot grow the
 * store beyond them, while slots expire with their counts. Two clients sharing a slot only ever
 * lock sooner, and only under a flood of some 650,000 fresh ones a day; the hash is keyed by a
 * secret kept in the store, so nobody can pick keys that share a victim's slot.
 */
const SLOTS = 65_536;
/** The option keeping the hash's secret, shared by every process on the store. */
const SECRET_OPTION = 'site_rest_login_limiter_secret';

function positiveInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`site-rest: loginLimiter.${name} must be a positive integer`);
  return value;
}

const hex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Milliseconds a stored lockout (its end, in ms since the epoch) has left; 0 when none or over. */
function remaining(until: JsonValue | undefined, now: number): number {
  return typeof until === 'number' && until > now ? until - now : 0;
}

/**
 * Creates a limiter keeping its counts in `store`, as Limit Login Attempts Reloaded counts them
 * (`record_failed_login_attempt`): failures per client address, each `allowedRetries`-th one
 * locking the address out for `lockoutMs`, and the `allowedRetries × allowedLockouts`-th for
 * `longLockoutMs`, after which counting starts over; failures while locked out are not counted.
 * A request whose address is unknown (a fetch host that gives none) is counted by its username
 * instead, so that such clients do not all share one count. Only failures reach the limiter: a
 * valid password is answered whatever the count, as the plugin's own check leaves a signed-in
 * user alone, so nobody can lock a user out by failing from their address or as their username.
 * The count is the store's atomic increment, so parallel failures, through one process or
 * several, lock out exactly once per multiple.
 */
export function createLoginLimiter(store: SiteStore, options: LoginLimiterOptions = {}): LoginLimiter {
  const allowedRetries = positiveInteger(options.allowedRetries ?? 4, 'allowedRetries');
  const lockoutMs = positiveInteger(options.lockoutMs ?? 20 * 60_000, 'lockoutMs');
  const allowedLockouts = positiveInteger(options.allowedLockouts ?? 4, 'allowedLockouts');
  const longLockoutMs = positiveInteger(options.longLockoutMs ?? 24 * 3_600_000, 'longLockoutMs');
  const validSeconds = Math.ceil(positiveInteger(options.validMs ?? 24 * 3_600_000, 'validMs') / 1000);
  const encoder = new TextEncoder();
  let hashKey: ReturnType<typeof crypto.subtle.importKey> | undefined;

  async function loadKey(): ReturnType<typeof crypto.subtle.importKey> {
    await store.options.add(SECRET_OPTION, hex(crypto.getRandomValues(new Uint8Array(32))), false);
    const secret = await store.options.get(SECRET_OPTION);
    if (typeof secret !== 'string') throw new TypeError(`site-rest: the option ${SECRET_OPTION} must be a string`);
    return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  }

  /** The slot a client is counted in: its address's, or its username's when the address is unknown. */
  async function slot(address: string | undefined, username: string): Promise<string> {
    // Read once; a store that failed to answer is asked again by the next failure.
    const key = await (hashKey ??= loadKey().catch((error: unknown) => {
      hashKey = undefined;
      throw error;
    }));
    // An empty address is as unknown as a missing one: keyed together, all its clients would share one count.
    const client = address ? `ip ${address.slice(0, MAX_KEY_LENGTH)}` : `user ${username.slice(0, MAX_KEY_LENGTH).toLowerCase()}`;
    const bytes = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(client)));
    return `${client.slice(0, client.indexOf(' '))}_${((bytes[0]! << 8) | bytes[1]!) % SLOTS}`;
  }

  // Named after the plugin's options: its retries and lockouts.
  const retries = (at: string): string => `limit_login_retries_${at}`;
  const lockout = (at: string): string => `limit_login_lockout_${at}`;

  async function lockOut(at: string, ms: number): Promise<number> {
    await store.transients.set(lockout(at), Date.now() + ms, Math.ceil(ms / 1000));
    return ms;
  }

  return {
    async failed(address, username) {
      const at = await slot(address, username);
      const locked = remaining(await store.transients.get(lockout(at)), Date.now());
      if (locked > 0) return locked;
      const count = await store.counters.increment(retries(at), 1, { ttlSeconds: validSeconds });
      if (count % allowedRetries !== 0) return 0;
      if (count < allowedRetries * allowedLockouts) return lockOut(at, lockoutMs);
      await store.counters.delete(retries(at));
      return lockOut(at, longLockoutMs);
    },
  };
}
