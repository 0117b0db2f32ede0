/** What ends a start-up early: a signal asking the process to stop. */
interface StopSignal {
  /** Rejects when SIGTERM or SIGINT arrives; never resolves. */
  stopped: Promise<never>;
  /** Ends the start-up: a signal from now on is the serving command's own shutdown's to take. */
  end(): void;
}

/**
 * Listens for SIGTERM and SIGINT while a serving command starts: the first rejects `stopped`, so
 * the requests held for the site are answered and the start is wound down; a second ends the
 * process at once, as the default would. `end()` leaves the listeners in place, doing nothing,
 * until a signal comes: removing a signal's last listener closes Node's watcher of it, and a
 * signal that watcher had already caught (sent just as the site printed that it is ready) would be
 * lost before the serving command's own listener is added, leaving the process running.
 */
export function stopSignal(): StopSignal {
  let over = false;
  let stop: (signal: NodeJS.Signals) => void = () => undefined;
  const stopped = new Promise<never>((_resolve, reject) => {
    stop = (signal) => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      if (over) return;
      over = true;
      reject(new Error(`stopped by ${signal} before the site was ready`));
    };
  });
  // Nobody may be waiting on it when the start-up fails first.
  stopped.catch(() => undefined);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return {
    stopped,
    end: () => {
      over = true;
    },
  };
}
