// The build's step that makes the PGlite templates (`store/sql/pglite-template.ts`): a tsup entry
// of its own, run by scripts/build.mjs once the modules are built, and no part of the package's
// exports. One database in a scratch directory makes both: initdb and the migrations, shut down
// and packed as `store`; then the demo's data, shut down and packed as `demo`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clientOn, openPglite } from '../store/sql/pglite-client.js';
import { packTemplate, saveTemplate } from '../store/sql/pglite-template.js';
import { sqlStore } from '../store/sql/index.js';
import type { SiteStore } from '../store/types.js';
import { DEMO_TEMPLATE_HOME, seedDemoData } from './demo-data.js';

/**
 * Opens the database in `dataDir` (made by initdb the first time), migrates it, runs `write`,
 * shuts it down cleanly and answers the directory as a tar. Its WAL is a new segment rather than
 * one recycled from the last: 16 MiB of zeros but the shutdown's checkpoint, which compress to
 * nothing and are not written when unpacked.
 */
async function written(dataDir: string, write: (store: SiteStore) => Promise<void>): Promise<Uint8Array> {
  const client = clientOn(await openPglite(dataDir), () => undefined);
  const store = await sqlStore(client);
  try {
    await write(store);
    await client.query('SET wal_recycle = off');
    await client.query('SELECT pg_switch_wal()');
  } finally {
    await store.close();
  }
  return packTemplate(dataDir);
}

/** Makes the templates into `folder`; answers their paths. */
export async function buildStoreTemplates(folder: string): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-rest-template-'));
  try {
    const store = await written(dataDir, async () => undefined);
    const demo = await written(dataDir, (site) => site.transaction((tx) => seedDemoData(tx, DEMO_TEMPLATE_HOME)));
    return [saveTemplate(folder, 'store', store), saveTemplate(folder, 'demo', demo)];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
