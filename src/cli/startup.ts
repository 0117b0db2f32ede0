/** What ends a start-up early: a signal asking the process to stop. */
interface StopSignal {
  /** Rejects when SIGTERM or SIGINT arrives; never resolves. */
  stopped: Promise<never>;
  /** Stops listening for the signals (the start-up is over: the serving command's own shutdown takes them). */
  end(): void;
}

/**
 * Listens for SIGTERM and SIGINT while a serving command starts: the first rejects `stopped`, so
 * the requests held for the site are answered and the start is wound down; a second ends the
 * process at once, as the default would.
 */
export function stopSignal(): StopSignal {
  let stop: (signal: NodeJS.Signals) => void = () => undefined;
  const stopped = new Promise<never>((_resolve, reject) => {
    stop = (signal) => {
      end();
      reject(new Error(`stopped by ${signal} before the site was ready`));
    };
  });
  // Nobody may be waiting on it when the start-up fails first.
  stopped.catch(() => undefined);
  const end = (): void => {
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return { stopped, end };
}
