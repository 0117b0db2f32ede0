// Values the page cache reads from the site store on the way of every passed-on request (the
// rules, the purge log): read at most once an interval, so a busy site costs the store one read a
// second per process, not one per page view.

/**
 * `load`, called at most once per `intervalMs`: calls within the interval share the last load's
 * promise, and a load that failed answers null for its interval (a failing store is not hammered).
 */
export function throttled<T>(load: () => Promise<T>, intervalMs: number, now: () => number): () => Promise<T | null> {
  let last: { at: number; value: Promise<T | null> } | null = null;
  return () => {
    const at = now();
    // A clock set back counts as time passed, so a stale value never outlives its interval for good.
    if (last !== null && at >= last.at && at - last.at < intervalMs) return last.value;
    const value = (async () => load())().catch(() => null);
    last = { at, value };
    return value;
  };
}
