// `site-rest import FILE`: a WordPress export (WXR) into the store `serve` would open, streamed in
// one transaction (a file that fails leaves the store as it was). Progress goes to stderr, the
// summary to stdout. A new PGlite directory starts empty, not with the demo's data, and a store
// holding an import gets none of the demo's content when `serve` starts on it.
import { createReadStream, statSync } from 'node:fs';
import type { SiteStore } from '../store/types.js';
import { importWxr, type WxrImportSummary, type WxrKindCounts } from '../wxr/import/importer.js';
import { parseFlags, UsageError, type CliIo } from './common.js';
import { describeStore, openStore, STORE_FLAG_OPTIONS, storeChoice } from './store-choice.js';

/** The usage text of `site-rest import`. */
export const IMPORT_USAGE = `Usage: site-rest import FILE [--data DIR | --memory | --database URL]

  Reads a WordPress export (WXR 1.0–1.2, from Tools → Export or wp export) into the site's store:
  authors as users (without passwords), categories, tags and every taxonomy, posts of every type
  and status with their meta; attachments keep their original URL. Ids are kept where free. A
  second import of the same file adds nothing; a file that fails leaves the store as it was.

  --data      the site's data in an embedded PostgreSQL (PGlite) in this directory (default ./site-rest-data);
              a new directory starts empty, without the demo's data
  --memory    into a store in memory, kept for nothing: checks that the file imports
  --database  the site's data in a PostgreSQL server: postgres://user:password@host:5432/database.
              Also read from DATABASE_URL.
  -h, --help  this text`;

/** How often a progress line is printed, in items. */
const PROGRESS_EVERY = 1000;

function parseImportFlags(argv: string[]) {
  let parsed;
  try {
    parsed = parseFlags({
      args: argv,
      options: STORE_FLAG_OPTIONS,
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [file, ...more] = parsed.positionals;
  if (file === undefined || file === '') throw new UsageError('import needs the WXR file to read');
  if (more.length > 0) throw new UsageError('import reads one file at a time');
  return { file, ...parsed.values };
}

const kindLine = (name: string, counts: WxrKindCounts) =>
  `  ${name.padEnd(6)}${counts.imported} imported, ${counts.present} already present, ${counts.remapped} given a new id\n`;

/** The summary as printed. */
function summaryText(summary: WxrImportSummary): string {
  const leftOut = Object.entries(summary.leftOut).map(([what, count]) => `${count} ${what}`);
  return (
    kindLine('posts', summary.posts) +
    kindLine('terms', summary.terms) +
    kindLine('users', summary.users) +
    `  left out: ${leftOut.length === 0 ? 'nothing' : leftOut.join(', ')}\n`
  );
}

/** Imports the file named on the command line into the chosen store, then closes it. */
export async function importCommand(argv: string[], io: CliIo, env: Record<string, string | undefined> = process.env): Promise<void> {
  const flags = parseImportFlags(argv);
  const choice = storeChoice(flags, env.DATABASE_URL);
  let size: number;
  try {
    size = statSync(flags.file).size;
  } catch (error) {
    throw new Error(`cannot read ${flags.file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const store: SiteStore = await openStore(choice, 'store');
  try {
    io.err(`site-rest import: reading ${flags.file} (${size} bytes) into ${describeStore(choice)}\n`);
    const summary = await importWxr(store, createReadStream(flags.file), {
      onProgress: ({ posts }) => {
        if (posts > 0 && posts % PROGRESS_EVERY === 0) io.err(`site-rest import: ${posts} items read\n`);
      },
    });
    io.out(`Imported ${flags.file} into ${describeStore(choice)}:\n${summaryText(summary)}`);
  } catch (error) {
    // The file's refusal names its line; the store is as it was before.
    throw new Error(`${flags.file}: ${(error as Error).message} (nothing was imported)`);
  } finally {
    await store.close();
  }
}
