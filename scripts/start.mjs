// `npm start`: builds the JavaScript when the sources changed, then runs the CLI in this very
// process. npm forwards SIGTERM and SIGINT to the shell it runs scripts in, and a shell that
// does not exec its last command (dash) dies of it, leaving this process behind with a new
// parent: that change is read as the SIGTERM it stands for, so the server closes cleanly.
import { buildIfStale } from './build.mjs';

/** How often to look whether the shell npm started this in is gone. */
const PARENT_CHECK_MS = 250;

const parent = process.ppid;
const watch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watch);
  process.kill(process.pid, 'SIGTERM');
}, PARENT_CHECK_MS).unref();

await buildIfStale({ types: false });
await import('../dist/cli.js');
