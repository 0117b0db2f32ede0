// The build's step that makes the PGlite templates (`store/sql/pglite-template.ts`): a tsup entry
// of its own, run by scripts/build.mjs once the modules are built, and no part of the package's
// exports. One in-memory database makes both: initdb and the migrations, dumped as `store`; then
// the demo's data, dumped as `demo`.
import { clientOn, openPglite } from '../store/sql/pglite-client.js';
import { saveTemplate } from '../store/sql/pglite-template.js';
import { sqlStore } from '../store/sql-store.js';
import { DEMO_TEMPLATE_HOME, seedDemoData } from './demo-data.js';

/** Makes the templates into `folder`; answers their paths. */
export async function buildStoreTemplates(folder: string): Promise<string[]> {
  const db = await openPglite(undefined);
  const client = clientOn(db, () => undefined);
  const store = await sqlStore(client);
  try {
    // A new WAL segment, made of zeros rather than recycled from the last, then a checkpoint that
    // writes the tables' files: the segment left holds the checkpoint record and 16 MiB of zeros,
    // which compress to nothing and are not written when unpacked (`unpackTemplate`).
    const dump = async () => {
      await client.query('SET wal_recycle = off');
      await client.query('SELECT pg_switch_wal()');
      await client.query('CHECKPOINT');
      return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    };
    const made = [saveTemplate(folder, 'store', await dump())];
    await store.transaction((tx) => seedDemoData(tx, DEMO_TEMPLATE_HOME));
    made.push(saveTemplate(folder, 'demo', await dump()));
    return made;
  } finally {
    await store.close();
  }
}
