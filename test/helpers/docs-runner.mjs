// Runs the compiled code samples of one documentation page for test/docs-samples.test.ts, in a
// process of their own, reporting each through IPC:
//   programs FILE...            imports each in order (a sample is a complete program), one after another
//   fetch FILE METHOD PATH      asks the default export's `fetch` (a Workers, Bun or Hono app) one request
import { pathToFileURL } from 'node:url';

const [mode, ...args] = process.argv.slice(2);
/** Sends a report and waits until it has left, so exiting next cannot lose it. */
const report = (message) => new Promise((resolve) => process.send(message, resolve));
const describe = (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

if (mode === 'programs') {
  for (const file of args) {
    await report({ file, event: 'start' });
    try {
      await import(pathToFileURL(file).href);
      await report({ file, event: 'ok' });
    } catch (error) {
      await report({ file, event: 'error', message: describe(error) });
    }
  }
} else if (mode === 'fetch') {
  const [file, method, path] = args;
  try {
    const app = (await import(pathToFileURL(file).href)).default;
    const answer = await app.fetch(new Request(new URL(path, 'http://localhost'), { method }));
    await report({ file, event: 'answer', status: answer.status, body: await answer.text() });
  } catch (error) {
    await report({ file, event: 'error', message: describe(error) });
  }
}
process.exit(0);
