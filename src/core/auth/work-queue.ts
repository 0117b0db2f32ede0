/** Runs async tasks a few at a time, with a bounded list of tasks waiting for a slot. */
interface WorkQueue {
  /**
   * Runs `task` once a slot is free; a `first` task goes ahead of the others waiting and may
   * take the slot kept from them. Undefined, without running it, when the wait list is full.
   */
  run<T>(task: () => Promise<T>, first?: boolean): Promise<T> | undefined;
  /** Whether `run` would refuse an ordinary task now. */
  full(): boolean;
}

/**
 * A queue running at most `concurrency` tasks at once, with at most `maxWaiting` more waiting.
 * Ordinary tasks hold all slots but one (when there are several), and none starts while a
 * `first` task runs or waits: a flood of them never makes a `first` task wait for a slot, and
 * shares the cores with it only for what remains of those already running. The price: a steady
 * stream of `first` tasks slows the others down, up to refusing them once the wait list is full.
 */
export function createWorkQueue(concurrency: number, maxWaiting: number): WorkQueue {
  const ordinarySlots = Math.max(1, concurrency - 1);
  let running = 0;
  let ordinaryRunning = 0;
  const firsts: Array<() => void> = [];
  const others: Array<() => void> = [];

  function canStart(first: boolean): boolean {
    if (first) return running < concurrency;
    const firstsRunning = running - ordinaryRunning;
    return firstsRunning === 0 && firsts.length === 0 && ordinaryRunning < ordinarySlots;
  }

  // Slots are claimed and handed over synchronously, so no newcomer can slip in between.
  function claim<T>(task: () => Promise<T>, first: boolean): Promise<T> {
    running++;
    if (!first) ordinaryRunning++;
    let result: Promise<T>;
    try {
      result = task();
    } catch (thrown) {
      result = Promise.reject(thrown);
    }
    return result.finally(() => {
      running--;
      if (!first) ordinaryRunning--;
      startWaiting();
    });
  }

  function startWaiting(): void {
    for (;;) {
      if (firsts.length > 0 && canStart(true)) firsts.shift()!();
      else if (others.length > 0 && canStart(false)) others.shift()!();
      else return;
    }
  }

  function full(): boolean {
    return !canStart(false) && firsts.length + others.length >= maxWaiting;
  }

  function run<T>(task: () => Promise<T>, first = false): Promise<T> | undefined {
    if (canStart(first)) return claim(task, first);
    if (firsts.length + others.length >= maxWaiting) return undefined;
    return new Promise<T>((resolve, reject) => {
      (first ? firsts : others).push(() => void claim(task, first).then(resolve, reject));
    });
  }

  return { run, full };
}
