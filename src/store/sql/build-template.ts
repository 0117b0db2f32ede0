// The build's step that makes the PGlite store template (`pglite-template.ts`): a tsup entry of its
// own, run by scripts/build.mjs once the modules are built, and no part of the package's exports.
import { clientOn, openPglite } from './pglite-client.js';
import { migrate } from './migrate.js';
import { saveTemplate } from './pglite-template.js';
import { tablePrefix } from './table-prefix.js';

/**
 * Runs initdb and the migrations for the default table prefix in an in-memory PGlite, and saves
 * its data directory as the template into `folder`; answers the file's path.
 */
export async function buildStoreTemplate(folder: string): Promise<string> {
  const db = await openPglite(undefined);
  const client = clientOn(db, () => undefined);
  try {
    await migrate(client, tablePrefix());
    // Written out of the WAL into the tables' files, so a store started from it has no recovery to do.
    await client.query('CHECKPOINT');
    const dump = await db.dumpDataDir('gzip');
    return saveTemplate(folder, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}
