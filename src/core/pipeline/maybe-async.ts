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

/**
 * Runs `run` over `items` one after another, each starting when the one before has answered:
 * synchronously while every answer is a plain value.
 */
export function inOrder<T, R>(items: readonly T[], run: (item: T) => MaybePromise<R>): MaybePromise<R[]> {
  const answers: R[] = [];
  const from = (start: number): MaybePromise<R[]> => {
    for (let i = start; i < items.length; i++) {
      const answer = run(items[i]!);
      if (answer instanceof Promise) {
        return answer.then((value) => {
          answers.push(value);
          return from(i + 1);
        });
      }
      answers.push(answer);
    }
    return answers;
  };
  return from(0);
}
