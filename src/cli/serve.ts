import { createServer, type Server } from 'node:http';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createNodeHandler } from '../adapters/node.js';
import { createRestServer } from '../core/server.js';
import type { SiteFacts } from '../core/types.js';

export const USAGE = `Usage: site-rest serve [--variant A|B] [--port N] [--host H] [--api-root P]

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

/** Where the CLI writes, so tests can run it without a process of its own. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

/** A command-line mistake: the message to print before the usage, and exit code 2. */
export class UsageError extends Error {}

function siteFor(variant: 'A' | 'B', url: string): SiteFacts {
  const site: SiteFacts = { name: 'Example Site', description: '', url, home: url, gmt_offset: '0', timezone_string: '' };
  return variant === 'B' ? { ...site, page_for_posts: 0, page_on_front: 0, show_on_front: 'posts' } : site;
}

/** The flags of `site-rest serve`, checked; throws {@link UsageError} on a bad one. */
export function parseServeFlags(argv: string[]): z.infer<typeof ServeFlags> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { variant: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, 'api-root': { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const parsed = ServeFlags.safeParse(values);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}

/**
 * `site-rest serve`: the demo server on the built-in memory storage. Resolves with the
 * listening server once it prints its URL; rejects when the port cannot be had.
 */
export function serve(argv: string[], io: CliIo): Promise<Server> {
  const flags = parseServeFlags(argv);
  const http = createServer();
  return new Promise((resolve, reject) => {
    http.once('error', (error: NodeJS.ErrnoException) => {
      const why = error.code === 'EADDRINUSE' ? `port ${flags.port} on ${flags.host} is already in use` : error.message;
      reject(new Error(`cannot listen: ${why}`));
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
      io.out(`site-rest demo, variant ${flags.variant}, serving ${rest.restUrl('/')}\n`);
      resolve(http);
    });
  });
}
