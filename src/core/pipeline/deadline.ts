/**
 * `answer`, or `late()`'s value when `answer` has not settled within `ms` milliseconds; what it
 * settles with after that is dropped. `late` must not throw: it runs from a timer.
 */
export function within<T>(answer: Promise<T>, ms: number, late: () => T): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(late()), ms);
    answer.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
