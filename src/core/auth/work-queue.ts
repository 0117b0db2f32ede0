/** Runs async tasks a few at a time, with a bounded list of tasks waiting for a slot. */
interface WorkQueue {
  /**
   * Runs `task` once a slot is free; undefined, without running it, when the wait list is full or
   * `owner` (the client asking) already has as many tasks queued or running as run at once.
   */
  run<T>(task: () => Promise<T>, owner?: string): Promise<T> | undefined;
}

/**
 * A queue running at most `concurrency` tasks at once, with at most `maxWaiting` more waiting. An
 * owner may hold at most `concurrency` of those places, so one client's flood of tasks leaves the
 * wait list to the others.
 */
export function createWorkQueue(concurrency: number, maxWaiting: number): WorkQueue {
  let running = 0;
  const waiting: Array<() => void> = [];
  /** Places held by each owner, running or waiting. */
  const held = new Map<string, number>();

  function release(owner: string | undefined): void {
    if (owner === undefined) return;
    const count = held.get(owner)! - 1;
    if (count === 0) held.delete(owner);
    else held.set(owner, count);
  }

  // Slots are claimed and handed over synchronously, so no newcomer can slip in between.
  function claim<T>(task: () => Promise<T>, owner: string | undefined): Promise<T> {
    running++;
    let result: Promise<T>;
    try {
      result = task();
    } catch (thrown) {
      result = Promise.reject(thrown);
    }
    return result.finally(() => {
      running--;
      release(owner);
      waiting.shift()?.();
    });
  }

  return {
    run<T>(task: () => Promise<T>, owner?: string): Promise<T> | undefined {
      if (owner !== undefined) {
        const count = held.get(owner) ?? 0;
        if (count >= concurrency) return undefined;
        if (running < concurrency || waiting.length < maxWaiting) held.set(owner, count + 1);
      }
      if (running < concurrency) return claim(task, owner);
      if (waiting.length >= maxWaiting) return undefined;
      return new Promise<T>((resolve, reject) => {
        waiting.push(() => void claim(task, owner).then(resolve, reject));
      });
    },
  };
}
