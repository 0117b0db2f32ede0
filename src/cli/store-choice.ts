import { isStoreError } from '../store/errors.js';
import { connectionFault } from '../store/sql/connection-faults.js';
import { memoryStore } from '../store/memory/index.js';
import { z } from 'zod';
import type { SiteStore } from '../store/types.js';
import { UsageError } from './common.js';

/** Where `site-rest serve` keeps the site's data. */
export type StoreChoice = { kind: 'pglite'; dataDir: string } | { kind: 'memory' } | { kind: 'postgres'; url: string };

/** Each store's backend as `core/get-environment-info` names the database server. */
export const STORE_BACKENDS: Readonly<Record<StoreChoice['kind'], string>> = { memory: 'memory', pglite: 'PGlite', postgres: 'PostgreSQL' };

/** The store flags every command that opens a store takes, as `parseArgs` reads them. */
export const STORE_FLAG_OPTIONS = { data: { type: 'string' }, memory: { type: 'boolean' }, database: { type: 'string' } } as const;

/** The store flags' checks, for a command's own flag schema; {@link storeChoice} decides between them. */
export const STORE_FLAG_CHECKS = { data: z.string().optional(), memory: z.boolean().optional(), database: z.string().optional() };

/** The store flags, as parsed. */
interface StoreFlags {
  data?: string;
  memory?: boolean;
  database?: string;
}

/** Where the data lives when nothing is said: next to where the command runs, git-ignored. */
const DEFAULT_DATA_DIR = './site-rest-data';

function isPostgresUrl(text: string): boolean {
  return URL.canParse(text) && ['postgres:', 'postgresql:'].includes(new URL(text).protocol);
}

/**
 * The store the flags ask for: `--data DIR`, `--memory` or `--database URL`, one at most; without
 * any, the server `DATABASE_URL` names, else PGlite in `./site-rest-data`. Messages never repeat a
 * URL, which may hold a password.
 */
export function storeChoice(flags: StoreFlags, databaseUrl: string | undefined): StoreChoice {
  const given = [flags.data !== undefined && '--data', flags.memory === true && '--memory', flags.database !== undefined && '--database'];
  const named = given.filter((flag) => flag !== false);
  if (named.length > 1) throw new UsageError(`${named.join(' and ')} cannot be used together: pick one store`);
  if (flags.memory === true) return { kind: 'memory' };
  if (flags.data !== undefined) {
    if (flags.data === '') throw new UsageError('--data must name a directory');
    return { kind: 'pglite', dataDir: flags.data };
  }
  const [url, source] = flags.database !== undefined ? [flags.database, '--database'] : [databaseUrl || undefined, 'DATABASE_URL'];
  if (url === undefined) return { kind: 'pglite', dataDir: DEFAULT_DATA_DIR };
  if (!isPostgresUrl(url)) throw new UsageError(`${source} must be a postgres:// URL, e.g. postgres://user:password@localhost:5432/site`);
  return { kind: 'postgres', url };
}

/** A PostgreSQL URL as it may be printed: user, host, port and database, without the password or the query. */
function shownUrl(url: string): string {
  const { protocol, username, host, pathname } = new URL(url);
  return `${protocol}//${username === '' ? '' : `${username}@`}${host}${pathname}`;
}

/** What start-up prints after `store: `. */
export function describeStore(choice: StoreChoice): string {
  if (choice.kind === 'memory') return 'memory (nothing kept)';
  if (choice.kind === 'pglite') return `PGlite in ${choice.dataDir}`;
  return `PostgreSQL at ${shownUrl(choice.url)}`;
}

/** An error's message in one line; PGlite's file system errors carry none. */
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  return message === '' ? 'the directory cannot be used as a database (is it a file, or unwritable?)' : message.split('\n', 1)[0]!;
}

/**
 * Opens the chosen store, migrating its tables; a new PGlite directory starts with the demo's data
 * (`serve`, `mcp`), or empty with `template` `store` (`import`). A database out of reach fails at once (within the
 * store's connect timeout) with a one-line message naming the URL without its password.
 */
export async function openStore(choice: StoreChoice, template: 'demo' | 'store' = 'demo'): Promise<SiteStore> {
  if (choice.kind === 'memory') return memoryStore();
  // Loaded only when used: PGlite carries PostgreSQL as WebAssembly, which `--memory` never needs.
  const { pgliteStoreFrom, postgresStore } = await import('../store/sql-backends.js');
  const { storeTemplate } = await import('../store/sql/pglite-template.js');
  try {
    // A new directory starts from a template: the demo's holds the demo's data written at build time.
    return choice.kind === 'pglite'
      ? await pgliteStoreFrom(storeTemplate(template), { dataDir: choice.dataDir })
      : await postgresStore({ connectionString: choice.url });
  } catch (error) {
    const where = describeStore(choice);
    if (isStoreError(error, 'unavailable')) throw new Error(`cannot reach ${where} (${connectionFault(error.cause) ?? 'cannot connect'})`);
    throw new Error(`cannot open ${where}: ${firstLine(error)}`);
  }
}
