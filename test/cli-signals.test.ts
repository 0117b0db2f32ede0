// A serving command hands SIGTERM and SIGINT from its start-up's listeners to its shutdown's. A
// signal sent just as the site printed that it is ready (as a supervisor or a test does) must
// reach the shutdown: Node loses a signal its watcher caught if the last listener goes before the
// signal is dispatched, and the process would keep running.
import { afterEach, describe, expect, it } from 'vitest';
import { stopSignal } from '../src/cli/startup.js';

afterEach(() => {
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
});

describe("a serving command's start-up signals", () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('hands a %s sent as the start-up ends to the listener added after it', async (name) => {
    // Only then would Node close its watcher when the start-up's listener goes, as in the CLI.
    expect(process.listenerCount(name)).toBe(0);
    const startup = stopSignal();
    process.kill(process.pid, name);
    startup.end();
    const heard = new Promise<string>((resolve) => process.once(name, () => resolve('heard')));
    const lost = new Promise<string>((resolve) => setTimeout(resolve, 500, 'lost'));
    expect(await Promise.race([heard, lost])).toBe('heard');
  });

  it('stops the start-up on the first signal, rejecting with its name', async () => {
    const startup = stopSignal();
    process.kill(process.pid, 'SIGTERM');
    await expect(startup.stopped).rejects.toThrow('stopped by SIGTERM before the site was ready');
    expect(process.listenerCount('SIGTERM') + process.listenerCount('SIGINT')).toBe(0);
  });
});
