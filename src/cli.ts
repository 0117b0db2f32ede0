#!/usr/bin/env node
import pkg from '../package.json' with { type: 'json' };
import { IMPORT_USAGE, importCommand } from './cli/import.js';
import { EXPORT_USAGE, exportCommand } from './cli/export.js';
import { MCP_USAGE, mcp } from './cli/mcp.js';
import { MOCK_USAGE, mock } from './cli/mock.js';
import { closeOnSignals, UsageError, wantsHelp, type CliIo, type Serving } from './cli/common.js';
import { nearestWord } from './core/nearest-word.js';
import { openapi, OPENAPI_USAGE } from './cli/openapi.js';
import { serve, USAGE as SERVE_USAGE } from './cli/serve.js';

/** The commands: what each does in a line, its usage, and how it runs. A command that resolves with a server serves until a signal. */
const COMMANDS: Record<string, { summary: string; usage: string; run: (argv: string[], io: CliIo) => Promise<Serving | void> }> = {
  serve: { summary: 'the demo site, its data kept in ./site-rest-data (PGlite), memory or PostgreSQL', usage: SERVE_USAGE, run: serve },
  mock: {
    summary: "a mock of any WordPress site, from its root index, with WordPress's validation",
    usage: MOCK_USAGE,
    run: async (argv, cliIo) => ({ http: await mock(argv, cliIo) }),
  },
  openapi: {
    summary: 'an OpenAPI 3.1 document of a variant or of a WordPress index',
    usage: OPENAPI_USAGE,
    run: async (argv, cliIo) => {
      await openapi(argv, cliIo);
    },
  },
  mcp: {
    summary: "the site's abilities as MCP tools over stdio, signed in as a user",
    usage: MCP_USAGE,
    run: async (argv, cliIo) => {
      await mcp(argv, cliIo);
    },
  },
  import: {
    summary: 'a WordPress export (WXR) into the site store: posts, pages, media, menus, terms, authors',
    usage: IMPORT_USAGE,
    run: async (argv, cliIo) => {
      await importCommand(argv, cliIo);
    },
  },
  export: {
    summary: "the site's content as a WordPress export file (WXR), to a file or standard output",
    usage: EXPORT_USAGE,
    run: async (argv, cliIo) => {
      await exportCommand(argv, cliIo);
    },
  },
};

const USAGE = `Usage: site-rest <command> [flags]

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(16)}${c.summary}`)
  .join('\n')}
  help [command]  this text, or the command's flags

  site-rest <command> --help (or -h) prints the command's flags; site-rest --version its version.`;

/** What may stand where a command is expected: the commands, `help`, and the top-level flags. */
const FIRST_WORDS = [...Object.keys(COMMANDS), 'help', '--help', '--version'];

/** The refusal of a word that is no command, naming the nearest one when one is close. */
function unknownCommand(word: string): UsageError {
  const near = nearestWord(word, FIRST_WORDS);
  return new UsageError(`unknown command "${word}"${near === undefined ? '' : `\nDid you mean ${near}?`}`);
}

const io: CliIo = { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) };

// A reader that stops early (`site-rest openapi | head`) closes the pipe: that ends the output, not in a crash.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});
const [command, ...args] = process.argv.slice(2);
const known = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;

async function main(): Promise<number | null> {
  if (command === '--version') {
    io.out(`${pkg.version}\n`);
    return 0;
  }
  if (command === undefined || command === '--help' || command === '-h') {
    io.out(`${USAGE}\n`);
    return 0;
  }
  if (command === 'help') {
    const [topic] = args;
    if (topic === undefined) io.out(`${USAGE}\n`);
    else if (Object.hasOwn(COMMANDS, topic)) io.out(`${COMMANDS[topic]!.usage}\n`);
    else throw unknownCommand(topic);
    return 0;
  }
  if (!known) throw unknownCommand(command);
  if (wantsHelp(args)) {
    io.out(`${known.usage}\n`);
    return 0;
  }
  const started = await known.run(args, io);
  if (started) closeOnSignals(started, io);
  return null;
}

main().then(
  (code) => {
    if (code !== null) process.exitCode = code;
  },
  (error: unknown) => {
    const usage = error instanceof UsageError;
    io.err(`site-rest: ${(error as Error).message}\n${usage ? `\n${known?.usage ?? USAGE}\n` : ''}`);
    process.exitCode = usage ? 2 : 1;
  },
);
