// `site-rest export`: the chosen store's content as a WXR 1.2 file, to a file or standard output.
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { z } from 'zod';
import type { SiteStore } from '../store/types.js';
import { exportWxr, type WxrExportSummary, type WxrSink } from '../wxr/export/index.js';
import { parseFlags, UsageError, type CliIo } from './common.js';
import { DEMO_TEMPLATE_HOME, seedDemoData } from './demo-data.js';
import { describeStore, openStore, STORE_FLAG_OPTIONS, storeChoice, STORE_FLAG_CHECKS } from './store-choice.js';

/** The usage text of `site-rest export`. */
export const EXPORT_USAGE = `Usage: site-rest export [FILE] [--data DIR | --memory | --database URL] [--post-type T] [--url URL] [--name NAME]

  Writes the site's content as a WordPress export file (WXR 1.2, as WordPress 6.1's Tools > Export
  writes it) that WordPress's importer reads: authors, categories, tags, terms, and every post,
  page, attachment and other post type with its meta and terms. To FILE, else standard output.

  --post-type  only this post type's posts (default: every type, and every term)
  --url        the site's address, the base of each post's link (default ${DEMO_TEMPLATE_HOME}, where serve listens)
  --name       the site's name in the file's header (default Example Site)
  --data       the site's data in an embedded PostgreSQL (PGlite) in this directory (default ./site-rest-data)
  --memory     the demo's posts, in memory
  --database   the site's data in a PostgreSQL server: postgres://user:password@host:5432/database.
               Also read from DATABASE_URL.
  -h, --help   this text`;

const ExportFlags = z.object({
  file: z.string().min(1, 'FILE must not be empty').optional(),
  'post-type': z
    .string()
    .regex(/^[a-z0-9_-]{1,20}$/, '--post-type must be a post type name: up to 20 lower-case letters, digits, _ and -')
    .optional(),
  url: z
    .string()
    .refine((value) => /^https?:\/\/[^/?#\s]+/i.test(value) && URL.canParse(value), '--url must be an absolute http(s) URL')
    .default(DEMO_TEMPLATE_HOME),
  name: z.string().default('Example Site'),
  ...STORE_FLAG_CHECKS,
});

/** The flags of `site-rest export`, checked; throws {@link UsageError} on a bad one. */
function parseExportFlags(argv: string[]): z.infer<typeof ExportFlags> {
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseFlags({
      args: argv,
      options: {
        'post-type': { type: 'string' },
        url: { type: 'string' },
        name: { type: 'string' },
        ...STORE_FLAG_OPTIONS,
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length > 1) throw new UsageError('export takes at most one FILE');
  const checked = ExportFlags.safeParse({ ...parsed.values, file: parsed.positionals[0] });
  if (!checked.success) throw new UsageError(checked.error.issues.map((issue) => issue.message).join('; '));
  return checked.data;
}

/** A file to write, opened before the export starts so a path that cannot be written fails first. */
function openFile(path: string): Promise<WxrSink> {
  const file = createWriteStream(path);
  return new Promise((resolve, reject) => {
    file.once('open', () => resolve(file));
    file.once('error', (error) => reject(new Error(`cannot write ${path}: ${error.message}`)));
  });
}

/** `site-rest export`: writes the export, then says on standard error what it wrote; resolves with the summary. */
export async function exportCommand(
  argv: string[],
  io: CliIo,
  env: Record<string, string | undefined> = process.env,
): Promise<WxrExportSummary> {
  const flags = parseExportFlags(argv);
  const choice = storeChoice(flags, env.DATABASE_URL);
  // Opening a directory that does not exist would make a new demo site there: there is nothing to export.
  if (choice.kind === 'pglite' && !existsSync(choice.dataDir))
    throw new UsageError(`${choice.dataDir} holds no site: name a --data directory serve or import wrote`);
  const sink = flags.file === undefined ? (chunk: string) => io.out(chunk) : await openFile(flags.file);
  let store: SiteStore | undefined;
  try {
    store = await openStore(choice);
    // A memory store starts empty; serve would fill it with the demo's posts, so export shows those.
    if (choice.kind === 'memory') await seedDemoData(store, flags.url);
    const summary = await exportWxr(store, sink, {
      site: { name: flags.name, url: flags.url },
      ...(flags['post-type'] === undefined ? {} : { content: flags['post-type'] }),
    });
    const replaced = summary.replaced > 0 ? `, ${summary.replaced} characters XML forbids written as U+FFFD` : '';
    io.err(
      `site-rest export: ${summary.items} items, ${summary.bytes} bytes to ${flags.file ?? 'standard output'} from ${describeStore(choice)}${replaced}\n`,
    );
    return summary;
  } catch (error) {
    // Half a file would read as a site cut short: none is left.
    if (flags.file !== undefined) {
      (sink as WriteStream).destroy();
      await rm(flags.file, { force: true });
    }
    throw error;
  } finally {
    await store?.close();
  }
}
