// Writes to a PGlite store until it is killed, for test/store-durability.test.ts. Like the other
// child-process helpers it imports the built package (`npm test` builds first).
//
//   node test/helpers/pglite-writer.mjs <data-dir>
//
// Each write is one transaction: option `write_<n>` set to n, and counter `writes` incremented.
// Once the transaction has committed, the process prints `<n>` on a line of its own (stdout on a
// pipe is written synchronously on POSIX, so a printed line was acknowledged before any kill).
import { pgliteStore } from '../../dist/store.js';

const store = await pgliteStore({ dataDir: process.argv[2] });
process.stdout.write('open\n');
for (let n = 1; ; n += 1) {
  await store.transaction(async (tx) => {
    await tx.options.set(`write_${n}`, n);
    await tx.counters.increment('writes');
  });
  process.stdout.write(`${n}\n`);
}
