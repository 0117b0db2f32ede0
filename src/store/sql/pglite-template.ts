// A PGlite data directory made once at build time: PostgreSQL's `initdb` and the site store's
// migrations for the default table prefix, dumped as a gzipped tar beside the built modules. A
// store on a fresh directory starts from it (PGlite's `loadDataDir`) instead of running initdb in
// WebAssembly and the migrations statement by statement, which took most of a first start
// (7–9 s of 9–12 s on a 2-core machine). Used only when the PGlite installed is the version that
// made it: the directory format is PostgreSQL's, and a newer PGlite may carry a newer PostgreSQL.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder beside the built modules holding templates, one file per PGlite version. */
const TEMPLATE_FOLDER = 'store-template';

/** The version of the PGlite package this module loads. */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // The entry is `<package>/dist/index.cjs`; the package root holds its package.json.
  const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version?: unknown };
  return String(manifest.version);
}

/** Where the template for the installed PGlite lives, inside `folder` (default: beside this module once built). */
export function templateFile(folder = fileURLToPath(new URL(`./${TEMPLATE_FOLDER}/`, import.meta.url))): string {
  return join(folder, `pglite-${pgliteVersion()}.tar.gz`);
}

/** The template for the installed PGlite as PGlite's `loadDataDir` takes it, or undefined when the build made none for it. */
export function storeTemplate(): Blob | undefined {
  const file = templateFile();
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/** Writes `bytes` as the template for the installed PGlite into `folder`; answers the file's path. */
export function saveTemplate(folder: string, bytes: Uint8Array): string {
  const file = templateFile(folder);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  return file;
}
