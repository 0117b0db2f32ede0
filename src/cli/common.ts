import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import { isStrongPassword, normalizePassword, PASSWORD_REQUIREMENT } from '../core/auth/password-strength.js';
import { nearestWord } from '../core/nearest-word.js';
import type { SiteStore } from '../store/types.js';

/** Where the CLI writes, so tests can run it without a process of its own. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

/** A command that serves until a signal: its HTTP server and, when it keeps data, its store. */
export interface Serving {
  http: Server;
  store?: Pick<SiteStore, 'close'>;
}

/** A command-line mistake: the message to print before the usage, and exit code 2. */
export class UsageError extends Error {}

/**
 * The long flag an unknown one of `argv` most likely meant, written `--name`: the first unknown
 * flag's nearest known name; for one written with a single dash (`-port`, read as `-p -o -r -t`),
 * the nearest to what follows the dash.
 */
function meantFlag(argv: string[], options: ParseArgsConfig['options']): string | undefined {
  const known = Object.keys(options ?? {});
  const { tokens } = parseArgs({ args: argv, options, strict: false, tokens: true });
  const unknown = tokens.find((token) => token.kind === 'option' && !known.includes(token.name));
  if (unknown?.kind !== 'option') return undefined;
  const written = argv[unknown.index]!;
  const name = written.startsWith('--') ? unknown.name : written.slice(1).split('=', 1)[0]!;
  const near = nearestWord(name, known);
  return near === undefined ? undefined : `--${near}`;
}

/**
 * `util.parseArgs` of `config.args`, whose refusal of an unknown flag also names the known flag
 * nearest to it (`--prot`: "Did you mean --port?"); its errors are parseArgs' own otherwise.
 */
export function parseFlags<T extends ParseArgsConfig & { args: string[] }>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw error;
    const meant = meantFlag(config.args, config.options);
    if (meant !== undefined) (error as Error).message += `\nDid you mean ${meant}?`;
    throw error;
  }
}

/** The flags every serving command takes. */
export const ListenFlags = {
  port: z.coerce.number({ error: '--port must be a number' }).int().min(0).max(65535, '--port must be 0-65535').default(8080),
  host: z.string().min(1, '--host must not be empty').default('127.0.0.1'),
  'api-root': z
    .string()
    .regex(/^[\w\-./]+$/, '--api-root may hold letters, digits, -, _, . and /')
    .default('wp-json'),
};

/**
 * `USER:PASSWORD` split at its first colon, the password as strong as an application password
 * must be; `source` names the flag or variable in the message, which never repeats the password.
 */
export function splitUserPassword(entry: string, source: string): [username: string, password: string] {
  const colon = entry.indexOf(':');
  const username = colon > 0 ? entry.slice(0, colon) : '';
  const password = entry.slice(colon + 1);
  if (!username || !/[a-z\d]/i.test(password))
    throw new UsageError(`${source} takes USER:PASSWORD, with a password holding letters or digits`);
  if (!isStrongPassword(normalizePassword(password)))
    throw new UsageError(`${source}: ${PASSWORD_REQUIREMENT}, and the one given for "${username}" is not`);
  return [username, password];
}

/** How long requests under way get to finish after a signal before their connections are cut. */
const SHUTDOWN_GRACE_MS = 5_000;

/** How long the store gets to close (PGlite writing out, a pool ending) before the process ends without it. */
const STORE_CLOSE_MS = 5_000;

/** Whether the arguments ask for the command's usage: `--help` or `-h` before any `--`. */
export function wantsHelp(argv: string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/**
 * Closes the store after the last request; answers the exit code: 0 once closed, 1 when it fails
 * or takes longer than {@link STORE_CLOSE_MS}.
 */
async function closeStore(store: Pick<SiteStore, 'close'> | undefined, io: CliIo): Promise<number> {
  if (store === undefined) return 0;
  const late = sleep(STORE_CLOSE_MS, `did not close within ${STORE_CLOSE_MS / 1000} s`, { ref: false });
  const closing = store.close().then(
    () => undefined,
    (error: unknown) => `could not close: ${(error as Error).message}`,
  );
  const failed = await Promise.race([closing, late]);
  if (failed === undefined) return 0;
  io.err(`site-rest: the store ${failed}\n`);
  return 1;
}

/**
 * On SIGTERM or SIGINT, stops accepting connections, lets requests under way finish (for a
 * moment), closes the store, then exits 0. A second signal ends the process at once, as the
 * default would.
 */
export function closeOnSignals({ http, store }: Serving, io: CliIo): void {
  const stop = (signal: NodeJS.Signals) => {
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
    io.err(`site-rest: ${signal}, shutting down\n`);
    http.close(() => void closeStore(store, io).then((code) => process.exit(code)));
    http.closeIdleConnections();
    setTimeout(() => http.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** Listens on `host:port`; resolves with the URL clients use, rejects with a clear message when the port cannot be had. */
export function listen(http: Server, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http.once('error', (error: NodeJS.ErrnoException) => {
      const why = error.code === 'EADDRINUSE' ? `port ${port} on ${host} is already in use` : error.message;
      reject(new Error(`cannot listen: ${why}`));
    });
    http.listen(port, host, () => {
      const address = http.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
      resolve(`http://${shownHost}:${bound}`);
    });
  });
}
