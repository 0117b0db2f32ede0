#!/usr/bin/env node
import { serve, UsageError, USAGE, type CliIo } from './cli/serve.js';

const io: CliIo = { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) };
const [command, ...args] = process.argv.slice(2);

async function main(): Promise<number | null> {
  if (command === undefined || command === '--help' || command === '-h') {
    io.out(`${USAGE}\n`);
    return 0;
  }
  if (command !== 'serve') throw new UsageError(`unknown command "${command}"`);
  await serve(args, io);
  return null;
}

main().then(
  (code) => {
    if (code !== null) process.exitCode = code;
  },
  (error: unknown) => {
    const usage = error instanceof UsageError;
    io.err(`site-rest: ${(error as Error).message}\n${usage ? `\n${USAGE}\n` : ''}`);
    process.exitCode = usage ? 2 : 1;
  },
);
