#!/usr/bin/env node
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createNodeHandler } from './adapters/node.js';
import { createRestServer } from './core/server.js';
import type { SiteFacts } from './core/types.js';

const USAGE = `Usage: site-rest serve [--variant A|B] [--port N] [--host H] [--api-root P]

  --variant   which site variant to serve (default A; B advertises ?rest_route= URLs)
  --port      port to listen on (default 8080; 0 picks a free one)
  --host      interface to listen on (default 127.0.0.1)
  --api-root  API root path (default wp-json)`;

const ServeFlags = z.object({
  variant: z.enum(['A', 'B'], { error: '--variant must be A or B' }).default('A'),
  port: z.coerce.number({ error: '--port must be a number' }).int().min(0).max(65535, '--port must be 0-65535').default(8080),
  host: z.string().min(1, '--host must not be empty').default('127.0.0.1'),
  'api-root': z.string().regex(/^[\w\-./]+$/, '--api-root may hold letters, digits, -, _, . and /').default('wp-json'),
});

function fail(message: string): never {
  process.stderr.write(`site-rest: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function siteFor(variant: 'A' | 'B', url: string): SiteFacts {
  const site: SiteFacts = { name: 'Example Site', description: '', url, home: url, gmt_offset: '0', timezone_string: '' };
  return variant === 'B' ? { ...site, page_for_posts: 0, page_on_front: 0, show_on_front: 'posts' } : site;
}

function serve(argv: string[]): void {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { variant: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, 'api-root': { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  const parsed = ServeFlags.safeParse(values);
  if (!parsed.success) fail(parsed.error.issues.map((i) => i.message).join('; '));
  const flags = parsed.data;

  const http = createServer();
  http.on('error', (error: NodeJS.ErrnoException) => {
    const why = error.code === 'EADDRINUSE' ? `port ${flags.port} on ${flags.host} is already in use` : error.message;
    process.stderr.write(`site-rest: cannot listen: ${why}\n`);
    process.exit(1);
  });
  http.listen(flags.port, flags.host, () => {
    const address = http.address();
    const port = typeof address === 'object' && address ? address.port : flags.port;
    const shownHost = flags.host === '0.0.0.0' || flags.host === '::' ? 'localhost' : flags.host.includes(':') ? `[${flags.host}]` : flags.host;
    const url = `http://${shownHost}:${port}`;
    const rest = createRestServer({
      site: siteFor(flags.variant, url),
      apiRoot: flags['api-root'],
      routing: flags.variant === 'B' ? 'query' : 'path',
    });
    http.on('request', createNodeHandler(rest));
    process.stdout.write(`site-rest demo, variant ${flags.variant}, serving ${rest.restUrl('/')}\n`);
  });
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'serve') serve(rest);
else if (command === undefined || command === '--help' || command === '-h') process.stdout.write(`${USAGE}\n`);
else fail(`unknown command "${command}"`);
