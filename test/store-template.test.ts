// The build makes a PGlite data directory once (initdb and the migrations of the default table
// prefix): the built `pgliteStore` starts a new directory from it instead of running initdb again.
// Every directory made from it shares its PostgreSQL system identifier, where each initdb draws
// a new one; that is how these tests tell the two apart.
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The built store entry: the template lies beside it. */
const built = (await import(join(import.meta.dirname, '..', 'dist', 'store.js'))) as typeof import('../src/store.js');

const root = mkdtempSync(join(tmpdir(), 'site-rest-template-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Reads what the test needs of a closed store's directory, through PGlite itself. */
async function inspect(dataDir: string): Promise<{ system: string; tables: string[] }> {
  const db = await PGlite.create({ dataDir });
  try {
    const [{ system }] = (await db.query<{ system: string }>('SELECT system_identifier::text AS system FROM pg_control_system()')).rows as [
      { system: string },
    ];
    const tables = (await db.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1"))
      .rows;
    return { system, tables: tables.map((row) => row.name) };
  } finally {
    await db.close();
  }
}

/** Opens a store on a new directory, keeps an option in it, closes it; answers the directory. */
async function storeOnce(name: string, tablePrefix?: string): Promise<string> {
  const dataDir = join(root, name);
  const store = await built.pgliteStore({ dataDir, tablePrefix });
  await store.options.add('kept', name);
  await store.close();
  return dataDir;
}

describe('pgliteStore on a new directory, built', () => {
  it("starts from the build's template with the default prefix: no initdb of its own", async () => {
    const [first, second] = await Promise.all([storeOnce('a'), storeOnce('b')]);
    const [a, b] = [await inspect(first), await inspect(second)];
    expect(a.system).toBe(b.system);
    expect(a.tables).toContain('wp_options');
    expect(a.tables).toContain('site_rest_migrations');
  });

  it("starts a store with another table prefix from initdb, without the template's tables", async () => {
    const [templated, other] = [await inspect(await storeOnce('c')), await inspect(await storeOnce('d', 'shop_'))];
    expect(other.system).not.toBe(templated.system);
    expect(other.tables).toContain('shop_options');
    expect(other.tables).not.toContain('wp_options');
  });

  it('keeps what a directory holds on later starts', async () => {
    const dataDir = await storeOnce('e');
    const store = await built.pgliteStore({ dataDir });
    try {
      expect(await store.options.get('kept')).toBe('e');
    } finally {
      await store.close();
    }
  });
});
