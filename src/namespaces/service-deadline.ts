// Host service deadlines, shared by the calls that start in the same millisecond with the same
// budget: one AbortSignal and one timer between them. Node 20 spends some 3 µs making an
// AbortSignal, more than a recorded answer's whole route costs (see request-end.ts), and a timer
// per call adds its own. A shared signal still fires at each call's deadline (to the millisecond)
// while a call that shares it is running; a call that answered may see it fire later, when it has
// nothing left to stop. A callback cannot abort it: it only ever gets the signal.
/**
 * Most calls sharing one deadline: fewer than the 10 abort listeners past which Node warns of a
 * leak, when each adds one (as `fetch` does). The root entry runs outside Node too, so it cannot
 * raise that limit with `node:events`.
 */
const MAX_SHARED = 8;

/** What a call still running is told when its time is up. */
type Expire = () => void;

/** A deadline, shared by the calls that started in the same millisecond with the same budget. */
interface ServiceDeadline {
  /** Aborts at the deadline: what each call's callback gets. */
  readonly signal: AbortSignal;
  readonly budgetMs: number;
  /** `Date.now()` when its first call started: the deadline is this plus the budget. */
  readonly startedAt: number;
  readonly controller: AbortController;
  /** The calls still running. */
  readonly running: Set<Expire>;
  /** How many calls joined it, running or not. */
  joined: number;
  /** Armed while a call is running. */
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** The deadline calls starting now join, by budget. */
const current = new Map<number, ServiceDeadline>();

/** What a timed-out call answers in place of its value. */
export const TIMED_OUT: unique symbol = Symbol('site-rest: host service timed out');

/** The deadline of a call starting now with `budgetMs` milliseconds. */
export function serviceDeadline(budgetMs: number): ServiceDeadline {
  const now = Date.now();
  let deadline = current.get(budgetMs);
  if (deadline === undefined || deadline.startedAt !== now || deadline.joined >= MAX_SHARED) {
    const controller = new AbortController();
    const { signal } = controller;
    deadline = { signal, budgetMs, startedAt: now, controller, running: new Set(), joined: 0, timer: undefined };
    current.set(budgetMs, deadline);
  }
  deadline.joined += 1;
  return deadline;
}

/** `answer`'s value, or {@link TIMED_OUT} when `deadline` passes first; `answer` must not reject. */
export function within<T>(deadline: ServiceDeadline, answer: Promise<T>): Promise<T | typeof TIMED_OUT> {
  return new Promise((resolve) => {
    const expire: Expire = () => resolve(TIMED_OUT);
    deadline.running.add(expire);
    deadline.timer ??= setTimeout(() => expireAll(deadline), Math.max(0, deadline.startedAt + deadline.budgetMs - Date.now()));
    void answer.then((value) => {
      if (!deadline.running.delete(expire)) return;
      resolve(value);
      if (deadline.running.size === 0) {
        clearTimeout(deadline.timer);
        deadline.timer = undefined;
      }
    });
  });
}

function expireAll(deadline: ServiceDeadline): void {
  deadline.timer = undefined;
  if (current.get(deadline.budgetMs) === deadline) current.delete(deadline.budgetMs);
  const running = [...deadline.running];
  deadline.running.clear();
  for (const expire of running) expire();
  deadline.controller.abort(new Error('site-rest: host service timed out'));
}
