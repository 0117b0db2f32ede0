/** Runs async tasks a few at a time, with a bounded list of tasks waiting for a slot. */
interface WorkQueue {
  /** Runs `task` once a slot is free; undefined, without running it, when the wait list is full. */
  run<T>(task: () => Promise<T>): Promise<T> | undefined;
}

/** A queue running at most `concurrency` tasks at once, with at most `maxWaiting` more waiting. */
export function createWorkQueue(concurrency: number, maxWaiting: number): WorkQueue {
  let running = 0;
  const waiting: Array<() => void> = [];

  // Slots are claimed and handed over synchronously, so no newcomer can slip in between.
  function claim<T>(task: () => Promise<T>): Promise<T> {
    running++;
    let result: Promise<T>;
    try {
      result = task();
    } catch (thrown) {
      result = Promise.reject(thrown);
    }
    return result.finally(() => {
      running--;
      waiting.shift()?.();
    });
  }

  return {
    run<T>(task: () => Promise<T>): Promise<T> | undefined {
      if (running < concurrency) return claim(task);
      if (waiting.length >= maxWaiting) return undefined;
      return new Promise<T>((resolve, reject) => {
        waiting.push(() => void claim(task).then(resolve, reject));
      });
    },
  };
}
