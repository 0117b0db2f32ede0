/** The error a waiting task's promise rejects with when its place is given to another client's task. */
export const QUEUE_PLACE_TAKEN = new Error('site-rest: the queue place went to another client');

/** Runs async tasks a few at a time, with a bounded list of tasks waiting for a slot. */
interface WorkQueue {
  /**
   * Runs `task` once a slot is free, for `owner` (the client asking; tasks without one share one
   * owner). Undefined, without running it, when the wait list is full and no owner holds more
   * places than this one would; a waiting task whose place is taken rejects with {@link QUEUE_PLACE_TAKEN}.
   */
  run<T>(task: () => Promise<T>, owner?: string): Promise<T> | undefined;
}

/** A task waiting for a slot. */
interface Waiting {
  owner: string;
  start: () => void;
  refuse: () => void;
}

/**
 * A queue running at most `concurrency` tasks at once, with at most `maxWaiting` more waiting,
 * shared fairly between owners: a freed slot goes to the waiting task of the owner with the fewest
 * tasks running, and a newcomer who finds the wait list full takes the newest place of the owner
 * holding the most, when that owner holds more than the newcomer would. So one client's flood
 * never keeps another's task from running soon, and no task is refused while the list has room.
 */
export function createWorkQueue(concurrency: number, maxWaiting: number): WorkQueue {
  const waiting: Waiting[] = [];
  /** Tasks running by owner, and places held (running or waiting) by owner. */
  const runningBy = new Map<string, number>();
  const heldBy = new Map<string, number>();
  let running = 0;

  const count = (map: Map<string, number>, owner: string, by: number): void => {
    const next = (map.get(owner) ?? 0) + by;
    if (next === 0) map.delete(owner);
    else map.set(owner, next);
  };

  /** Starts the waiting task of the owner with the fewest running, the earliest among equals. */
  function next(): void {
    if (waiting.length === 0) return;
    let chosen = 0;
    for (let i = 1; i < waiting.length; i++)
      if ((runningBy.get(waiting[i]!.owner) ?? 0) < (runningBy.get(waiting[chosen]!.owner) ?? 0)) chosen = i;
    waiting.splice(chosen, 1)[0]!.start();
  }

  // Slots are claimed and handed over synchronously, so no newcomer can slip in between.
  function claim<T>(task: () => Promise<T>, owner: string): Promise<T> {
    running++;
    count(runningBy, owner, 1);
    let result: Promise<T>;
    try {
      result = task();
    } catch (thrown) {
      result = Promise.reject(thrown);
    }
    return result.finally(() => {
      running--;
      count(runningBy, owner, -1);
      count(heldBy, owner, -1);
      next();
    });
  }

  /** Frees a wait-list place for `owner` by refusing the newest task of the owner holding the most, if it holds more than `owner` would; false when none does. */
  function takePlace(owner: string): boolean {
    const wanted = (heldBy.get(owner) ?? 0) + 1;
    let victim = -1;
    let most = wanted;
    for (let i = waiting.length - 1; i >= 0; i--) {
      const held = heldBy.get(waiting[i]!.owner)!;
      if (held > most) {
        most = held;
        victim = i;
      }
    }
    if (victim < 0) return false;
    const [taken] = waiting.splice(victim, 1);
    count(heldBy, taken!.owner, -1);
    taken!.refuse();
    return true;
  }

  return {
    run<T>(task: () => Promise<T>, owner = ''): Promise<T> | undefined {
      if (running < concurrency) {
        count(heldBy, owner, 1);
        return claim(task, owner);
      }
      if (waiting.length >= maxWaiting && !takePlace(owner)) return undefined;
      count(heldBy, owner, 1);
      return new Promise<T>((resolve, reject) => {
        waiting.push({ owner, start: () => void claim(task, owner).then(resolve, reject), refuse: () => reject(QUEUE_PLACE_TAKEN) });
      });
    },
  };
}
