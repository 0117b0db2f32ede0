// A vitest setup file. The built package keeps its PGlite templates beside its modules
// (`dist/store-template/`, made by scripts/build.mjs), so a built `pgliteStore` on a new database
// unpacks initdb and the migrations instead of running them (seconds each in WebAssembly). Tests
// import the store from src/, where no template lies beside `pglite-template.ts`: here they read
// the build's, as a user's store does. Without a build, `storeTemplate` finds no file and a store
// runs initdb as before. test/store-template.test.ts checks the templates on the built package itself.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { vi } from 'vitest';

vi.mock('../../src/store/sql/pglite-template.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/store/sql/pglite-template.js')>();
  const root = join(import.meta.dirname, '..', '..');
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  const unpacked = new Map<string, Uint8Array | undefined>();
  const storeTemplate: typeof original.storeTemplate = (name) => () => {
    if (!unpacked.has(name)) {
      const file = join(root, 'dist', 'store-template', `${name}-pglite-${version}.tar.br`);
      unpacked.set(name, existsSync(file) ? brotliDecompressSync(readFileSync(file)) : undefined);
    }
    return unpacked.get(name);
  };
  return { ...original, storeTemplate };
});
