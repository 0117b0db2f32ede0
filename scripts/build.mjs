// Builds dist/ only when it is missing or older than its sources, so `npm ci` (which runs
// `prepare`), `npm test` and `npm start` build once between edits instead of every time.
//
//   node scripts/build.mjs           JavaScript and type declarations (prepare, pretest)
//   node scripts/build.mjs --force   build whatever the dates say
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
/** What a build reads besides src/: a change to any of them makes dist/ stale. */
const INPUT_FILES = ['package.json', 'tsup.config.ts', 'tsconfig.json'];

/** Every file under `dir`, recursively; none when it does not exist. */
function filesUnder(dir) {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
  } catch {
    return [];
  }
}

/** The files package.json promises: its entry points, the bin, and with `types` the declarations too. */
function promisedFiles(pkg, types) {
  const targets = [pkg.main, pkg.module, ...Object.values(pkg.bin ?? {})];
  for (const target of Object.values(pkg.exports ?? {})) if (typeof target === 'object') targets.push(...Object.values(target));
  if (types) {
    targets.push(pkg.types);
    for (const paths of Object.values(pkg.typesVersions?.['*'] ?? {})) targets.push(...paths);
  }
  return targets.filter((path) => typeof path === 'string' && path.startsWith('./dist/')).map((path) => join(ROOT, path));
}

const STORE_TEMPLATE_FOLDER = join(DIST, 'store-template');

/** Where the build puts the PGlite templates for the installed PGlite (the names `src/store/sql/pglite-template.ts` looks for). */
function storeTemplateFiles() {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
  return ['store', 'demo'].map((name) => join(STORE_TEMPLATE_FOLDER, `${name}-pglite-${version}.tar.br`));
}

/** Whether dist/ holds every promised file and the PGlite templates, and nothing older than the newest source. */
function isFresh(types) {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const built = filesUnder(DIST);
  if (![...promisedFiles(pkg, types), ...storeTemplateFiles()].every((path) => built.includes(path))) return false;
  const newestInput = Math.max(...[...filesUnder(join(ROOT, 'src')), ...INPUT_FILES.map((f) => join(ROOT, f))].map(mtime));
  return Math.min(...built.map(mtime)) >= newestInput;
}

function mtime(path) {
  return statSync(path).mtimeMs;
}

/**
 * Builds dist/ unless it is fresh: with `types`, the JavaScript and the type declarations;
 * without, the JavaScript alone (what running the CLI needs, in a fraction of the time). Then the
 * PGlite templates (initdb and the migrations, and the demo's data, done once here so that a new
 * store starts from them).
 */
export async function buildIfStale({ types, force = false }) {
  if (!force && isFresh(types)) return;
  process.stderr.write(`site-rest: building dist/${types ? '' : ' (JavaScript only)'}\n`);
  const { build } = await import('tsup');
  await build(types ? { silent: true } : { dts: false, silent: true });
  const { buildStoreTemplates } = await import(pathToFileURL(join(DIST, 'build-store-templates.js')).href);
  await buildStoreTemplates(STORE_TEMPLATE_FOLDER);
}

if (process.argv[1] === import.meta.filename) await buildIfStale({ types: true, force: process.argv.includes('--force') });
