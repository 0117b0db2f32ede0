// The throughput benches' servers, each `bench/server.mjs <kind>` in a child process of its own,
// killed when this process ends however it ends.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';

const children = new Set();
export function killChildren() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill();
  children.clear();
}
process.on('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killChildren();
    process.exit(130);
  });
}

/** Forks `bench/server.mjs <kind>` and waits for its port. */
export async function startServer(kind) {
  const child = fork(new URL('./server.mjs', import.meta.url), [kind], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  children.add(child);
  const [message] = await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`${kind} server exited with ${code} before listening`))),
    sleep(30_000, undefined, { ref: false }).then(() => Promise.reject(new Error(`${kind} server did not start within 30 s`))),
  ]);
  /** The child's CPU time so far, in µs. */
  const cpu = async () => {
    child.send({ cmd: 'cpu' });
    const [{ cpu: usage }] = await once(child, 'message');
    return usage.user + usage.system;
  };
  return { child, port: message.port, cpu };
}
