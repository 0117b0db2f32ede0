// `site-rest mcp`: the site's abilities as MCP tools to a local client (Claude Desktop, an IDE)
// over standard input and output, signed in as the user named on the command line. The user is
// read again for every request, so a role taken away or a user deleted counts at once; stdout
// carries only MCP's messages, everything else goes to stderr.
import { z } from 'zod';
import { createUserStore } from '../core/auth/user-store.js';
import { createAbilityRegistry } from '../namespaces/core-abilities/index.js';
import type { SiteStore } from '../store/types.js';
import { parseFlags, UsageError, type CliIo } from './common.js';
import { DEMO_TEMPLATE_HOME, DEMO_USERS, demoSite, seedOnce } from './demo-data.js';
import { describeStore, openStore, STORE_BACKENDS, STORE_FLAG_OPTIONS, storeChoice, STORE_FLAG_CHECKS } from './store-choice.js';

/** The usage text of `site-rest mcp`. */
export const MCP_USAGE = `Usage: site-rest mcp --user LOGIN [--url URL] [--data DIR | --memory | --database URL]

  Serves the site's abilities (those core-abilities/v1 shows in REST) as MCP tools over standard
  input and output, for a local MCP client, signed in as LOGIN: a tool is listed and runs only as
  that user's roles allow at the time of the call.

  --user      the user the session runs as, by login or e-mail (on a new store: admin, author, subscriber)
  --url       the site's address the abilities report (default ${DEMO_TEMPLATE_HOME}, where serve listens)
  --data      the site's data in an embedded PostgreSQL (PGlite) in this directory (default ./site-rest-data)
  --memory    the site's data in memory (the demo's users and posts, nothing kept)
  --database  the site's data in a PostgreSQL server: postgres://user:password@host:5432/database.
              Also read from DATABASE_URL.
  -h, --help  this text`;

const McpFlags = z.object({
  user: z.string({ error: '--user must name the user the session runs as' }).min(1, '--user must name the user the session runs as'),
  url: z
    .string()
    .refine((value) => /^https?:\/\/[^/?#\s]+/i.test(value) && URL.canParse(value), '--url must be an absolute http(s) URL')
    .default(DEMO_TEMPLATE_HOME),
  ...STORE_FLAG_CHECKS,
});

/** The flags of `site-rest mcp`, checked; throws {@link UsageError} on a bad one. */
function parseMcpFlags(argv: string[]): z.infer<typeof McpFlags> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseFlags({
      args: argv,
      options: {
        user: { type: 'string' },
        url: { type: 'string' },
        ...STORE_FLAG_OPTIONS,
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const checked = McpFlags.safeParse(values);
  if (!checked.success) throw new UsageError(checked.error.issues.map((issue) => issue.message).join('; '));
  return checked.data;
}

/** The MCP bridge and the SDK's stdio transport, or a clear refusal where the SDK is not installed. */
async function loadMcp() {
  try {
    const [bridge, stdio] = await Promise.all([
      import('../namespaces/core-abilities/mcp-server.js'),
      import('@modelcontextprotocol/sdk/server/stdio.js'),
    ]);
    return { abilitiesMcpServer: bridge.abilitiesMcpServer, StdioServerTransport: stdio.StdioServerTransport };
  } catch {
    throw new Error('site-rest mcp needs the @modelcontextprotocol/sdk package: npm install @modelcontextprotocol/sdk');
  }
}

/** Serves the abilities over stdio until the client closes standard input; then closes the store. */
export async function mcp(argv: string[], io: CliIo, env: Record<string, string | undefined> = process.env): Promise<void> {
  const flags = parseMcpFlags(argv);
  const choice = storeChoice(flags, env.DATABASE_URL);
  const { abilitiesMcpServer, StdioServerTransport } = await loadMcp();
  const store: SiteStore = await openStore(choice);
  await seedOnce(store, flags.url);
  const users = await createUserStore({ store, users: DEMO_USERS });
  if (!(await users.getUser(flags.user))) {
    await store.close();
    throw new UsageError(`--user names no user of this site: "${flags.user}"`);
  }
  const registry = createAbilityRegistry({ databaseInfo: STORE_BACKENDS[choice.kind] });
  const site = demoSite('B', flags.url);
  const server = abilitiesMcpServer({
    registry,
    // A user deleted meanwhile runs as nobody.
    caller: async (signal) => ({
      user: await users.getUser(flags.user),
      site: { ...site, url: flags.url, home: flags.url },
      store,
      signal,
    }),
    report: (error) => io.err(`site-rest: an ability failed: ${error instanceof Error ? error.message : String(error)}\n`),
  });
  await server.connect(new StdioServerTransport());
  io.err(`site-rest mcp: abilities as MCP tools over stdio, signed in as ${flags.user}; store: ${describeStore(choice)}\n`);
  await new Promise<void>((resolve) => process.stdin.once('end', resolve).once('close', resolve));
  await server.close();
  await store.close();
}
