/** A value now, or later: the pipeline stays synchronous until a hook or handler is async. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Continues with `onValue` at once for a plain value, or when the promise settles; a rejected
 * promise goes to `onRejected` when given, else rejects the result. Awaiting every step would cost a microtask turn per step on
 * requests where nothing is async.
 */
export function settle<T, R>(
  value: MaybePromise<T>,
  onValue: (value: T) => MaybePromise<R>,
  onRejected?: (reason: unknown) => MaybePromise<R>,
): MaybePromise<R> {
  return value instanceof Promise ? value.then(onValue, onRejected) : onValue(value);
}
