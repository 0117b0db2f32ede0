#!/usr/bin/env node
import { MOCK_USAGE, mock } from './cli/mock.js';
import { UsageError, type CliIo } from './cli/common.js';
import { openapi, OPENAPI_USAGE } from './cli/openapi.js';
import { serve, USAGE as SERVE_USAGE } from './cli/serve.js';

/** The commands, each with the usage printed after a mistake in its flags. */
const COMMANDS: Record<string, { run: (argv: string[], io: CliIo) => Promise<unknown>; usage: string }> = {
  serve: { run: serve, usage: SERVE_USAGE },
  mock: { run: mock, usage: MOCK_USAGE },
  openapi: { run: openapi, usage: OPENAPI_USAGE },
};
const USAGE = Object.values(COMMANDS)
  .map((c) => c.usage)
  .join('\n\n');

const io: CliIo = { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) };
const [command, ...args] = process.argv.slice(2);
const known = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;

async function main(): Promise<number | null> {
  if (command === undefined || command === '--help' || command === '-h') {
    io.out(`${USAGE}\n`);
    return 0;
  }
  if (!known) throw new UsageError(`unknown command "${command}"`);
  await known.run(args, io);
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
