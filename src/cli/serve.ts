import { nodeImageDownload, nodeOembedFetch } from '../namespaces/address-guard.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listen, ListenFlags, parseFlags, splitUserPassword, UsageError, type CliIo, type Serving } from './common.js';
import {
  describeStore,
  openStore,
  STORE_BACKENDS,
  STORE_FLAG_OPTIONS,
  storeChoice,
  STORE_FLAG_CHECKS,
  type StoreChoice,
} from './store-choice.js';
import { stopSignal } from './startup.js';
import { DEMO_USERS, demoSite, seedOnce } from './demo-data.js';
import { z } from 'zod';
import { createClientErrorHandler, createNodeHandler, writeRawResponse } from '../adapters/node.js';
import { notFoundResponse } from '../adapters/request-body.js';
import { escHtml } from '../core/schema/text.js';
import { createUserStore, type UserStore } from '../core/auth/user-store.js';
import { createRestServer, type RestServer } from '../core/server.js';
import { openMfaSession } from '../namespaces/login-guard/index.js';
import { defaultPageCache } from '../namespaces/page-cache/index.js';
import { blocksuiteResponderStorageOn, type BlocksuiteResponderStorage } from '../namespaces/blocksuite-responder/index.js';
import { RECORDED_ACCOUNT } from '../namespaces/blocksuite-responder/services.js';
import type { PageRequest } from '../core/http/page-cache.js';
import { implementedNamespaces, variantModules } from '../namespaces/variants.js';
import type { SiteStore } from '../store/types.js';
import { isSmtpUrl } from '../core/options.js';
import type { SendMail } from '../core/mail/message.js';
import { smtpMail } from '../core/mail/smtp.js';
import { consoleMail } from './console-mail.js';
import { packagedFixtures, serviceDoubles, serviceRecordings, type ServiceDoubles } from './fixtures.js';
import { signInSiteKitDemo } from './site-kit-demo.js';
import type { VariantOptions } from '../namespaces/variants.js';

export const USAGE = `Usage: site-rest serve [--variant A|B] [--namespaces a,b,c] [--routing path|query] [--port N] [--host H]
                      [--api-root P] [--app-password USER:PASSWORD]... [--smtp URL | --fixtures [DIR]]
                      [--oembed-fetch] [--image-fetch] [--mfa-session USER]... [--data DIR | --memory | --database URL]

  --variant       which site variant to serve, A or B, in either case (default A)
  --namespaces    serve only these of the variant's namespaces (default: all that site-rest implements)
  --routing       URL form the index advertises: path (/wp-json/…) or query (/index.php?rest_route=/…);
                  default: path for A, query for B. Both forms are always served.
  --port          port to listen on (default 8080; 0 picks a free one)
  --host          interface to listen on (default 127.0.0.1)
  --api-root      API root path (default wp-json)
  --app-password  application password of a demo user (admin, author, subscriber); repeatable.
                  At least 24 letters and digits, random, as generated ones are.
                  Also read from SITE_REST_APP_PASSWORDS="user:password,user:password".
                  On the store's first start, users left without one get a generated password,
                  printed once; later starts keep the stored ones and add any given here.
  --smtp          send the site's mail (contact forms, login codes) through this SMTP server: smtp://user:password@host:587
                  (STARTTLS when offered) or smtps://user:password@host:465. Without it, each mail is
                  printed here and not sent.
  --fixtures      answer every outside service (oEmbed providers, the host panel, mail, the SEO page
                  renderer, MailerLite, GetResponse, FluentCRM, image downloads, Yoast AI, Site Kit's
                  page fetch and health checks) from its recorded answers in DIR (default: the package's fixtures/), so every success path runs
                  without a network; mail is still printed here; GetResponse uses a recorded account
                  while the store has none
  --oembed-fetch  let the oEmbed proxy fetch providers' pages over the network (public addresses
                  only); without it, and without --fixtures, the proxy answers 501 and nothing
                  leaves the machine
  --image-fetch   let Kadence's image imports (the image picker, the design library) download images
                  over the network (public addresses only, image types only, 10 MiB and 15 s each);
                  without it, and without --fixtures, nothing is downloaded and only images
                  imported before are answered
  --mfa-session   open a login-guard MFA session for a demo user, as Limit Login Attempts Reloaded's
                  login flow does, and print its token and send-secret (valid 10 minutes, stored in
                  the site store, so any process sharing it serves POST /login-guard/v1/mfa/send-code
                  with them); repeatable; variant B with login-guard/v1 mounted
  --data          keep the site's data in an embedded PostgreSQL (PGlite) in this directory, created
                  when absent (default ./site-rest-data); a restart keeps everything written
  --memory        keep the data in memory: nothing is kept once the process ends
  --database      keep the data in a PostgreSQL server, which several processes may share:
                  postgres://user:password@host:5432/database. Also read from DATABASE_URL.
  -h, --help      this text`;

const ServeFlags = z.object({
  variant: z
    .string()
    .default('A')
    .transform((name) => name.toUpperCase())
    .pipe(z.enum(['A', 'B'], { error: '--variant must be A or B' })),
  ...ListenFlags,
  'app-password': z.array(z.string()).default([]),
  'mfa-session': z.array(z.string()).default([]),
  routing: z.enum(['path', 'query'], { error: '--routing must be path or query' }).optional(),
  smtp: z
    .string()
    .refine(isSmtpUrl, '--smtp must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587')
    .optional(),
  namespaces: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((ns) => ns.trim())
        .filter((ns) => ns !== ''),
    )
    .optional(),
  fixtures: z.string().optional(),
  'oembed-fetch': z.boolean().optional(),
  'image-fetch': z.boolean().optional(),
  ...STORE_FLAG_CHECKS,
});

/** The flags of `site-rest serve`, checked. */
type ServeFlags = z.infer<typeof ServeFlags>;

/** `--fixtures` without a folder (last, or before another flag) written `--fixtures=`, so parseArgs reads it as the packaged one. */
function bareFixtures(argv: string[]): string[] {
  return argv.map((arg, i) => (arg === '--fixtures' && (i === argv.length - 1 || argv[i + 1]!.startsWith('-')) ? '--fixtures=' : arg));
}

/** The flags of `site-rest serve`, checked; throws {@link UsageError} on a bad one. */
export function parseServeFlags(argv: string[]): ServeFlags {
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    ({ values } = parseFlags({
      args: bareFixtures(argv),
      options: {
        variant: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'api-root': { type: 'string' },
        'app-password': { type: 'string', multiple: true },
        'mfa-session': { type: 'string', multiple: true },
        routing: { type: 'string' },
        namespaces: { type: 'string' },
        smtp: { type: 'string' },
        fixtures: { type: 'string' },
        'oembed-fetch': { type: 'boolean' },
        'image-fetch': { type: 'boolean' },
        ...STORE_FLAG_OPTIONS,
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const parsed = ServeFlags.safeParse(values);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join('; '));
  if (parsed.data.fixtures !== undefined && parsed.data.smtp !== undefined) {
    throw new UsageError('--fixtures answers mail from its recordings and --smtp sends it: give one of them');
  }
  if (parsed.data.fixtures !== undefined && parsed.data['oembed-fetch'] === true) {
    throw new UsageError('--fixtures answers oEmbed providers from its recordings and --oembed-fetch fetches them: give one of them');
  }
  if (parsed.data.fixtures !== undefined && parsed.data['image-fetch'] === true) {
    throw new UsageError('--fixtures answers image downloads from its recordings and --image-fetch downloads them: give one of them');
  }
  const implemented = implementedNamespaces(parsed.data.variant);
  const unknown = (parsed.data.namespaces ?? []).filter((ns) => !implemented.includes(ns));
  if (unknown.length > 0) {
    throw new UsageError(
      `--namespaces: variant ${parsed.data.variant} has no namespace ${unknown.join(', ')} that site-rest implements (it has: ${implemented.join(', ')})`,
    );
  }
  const unknownUsers = parsed.data['mfa-session'].filter((name) => !DEMO_USERS.some((user) => user.username === name));
  if (unknownUsers.length > 0) {
    throw new UsageError(
      `--mfa-session names unknown user "${unknownUsers[0]}" (demo users: ${DEMO_USERS.map((u) => u.username).join(', ')})`,
    );
  }
  if (
    parsed.data['mfa-session'].length > 0 &&
    !implemented.filter((ns) => parsed.data.namespaces?.includes(ns) ?? true).includes('login-guard/v1')
  ) {
    throw new UsageError('--mfa-session needs login-guard/v1, which variant B serves');
  }
  return parsed.data;
}

/**
 * The demo users' application passwords: `--app-password` flags first, then
 * `SITE_REST_APP_PASSWORDS`. Messages never repeat a password.
 */
export function demoPasswords(flags: string[], fromEnv: string | undefined): Map<string, string> {
  const passwords = new Map<string, string>();
  const entries: Array<[source: string, entry: string]> = flags.map((entry) => ['--app-password', entry]);
  for (const entry of (fromEnv ?? '').split(',')) if (entry.trim()) entries.push(['SITE_REST_APP_PASSWORDS', entry.trim()]);
  for (const [source, entry] of entries) {
    const [username, password] = splitUserPassword(entry, source);
    if (!DEMO_USERS.some((u) => u.username === username)) {
      throw new UsageError(`${source} names unknown user "${username}" (demo users: ${DEMO_USERS.map((u) => u.username).join(', ')})`);
    }
    if (!passwords.has(username)) passwords.set(username, password);
  }
  return passwords;
}

/** WordPress's display form of an application password: groups of four. */
function chunked(password: string): string {
  return password.replace(/(.{4})(?!$)/g, '$1 ');
}

/**
 * The demo users in the store (added when absent) and their application passwords: on the first
 * start, each user gets the one given or a generated one, shown once; on later starts the stored
 * ones stay, and a given one is added unless it already signs its user in. Answers the user store
 * and the lines telling how to sign in.
 */
async function demoUsers(
  store: SiteStore,
  given: Map<string, string>,
  firstStart: boolean,
): Promise<{ users: UserStore; lines: string[] }> {
  const users = await createUserStore({ store, users: DEMO_USERS });
  const lines = ['users (HTTP Basic, username:application-password):'];
  for (const { username, roles } of DEMO_USERS) {
    const wanted = given.get(username);
    let shown = 'application passwords kept from an earlier start';
    if (wanted !== undefined) {
      const known = !firstStart && (await users.verifyApplicationPassword(username, wanted)) !== null;
      if (!known) await users.createApplicationPassword(username, { name: 'site-rest demo', password: wanted });
      shown = 'password as given';
    } else if (firstStart) {
      const { password } = await users.createApplicationPassword(username, { name: 'site-rest demo' });
      shown = `generated password: ${chunked(password)}`;
    }
    lines.push(`  ${username.padEnd(11)} ${roles[0]!.padEnd(14)} ${shown}`);
  }
  return { users, lines };
}

/** Opens an MFA session for each user named, as LLAR's login flow would; answers the lines that tell their keys. */
async function mfaSessions(store: SiteStore, usernames: string[]): Promise<string[]> {
  const lines: string[] = [];
  for (const username of usernames) {
    const { token, secret } = await openMfaSession(store, { username, preAuthenticated: true });
    lines.push(`MFA session for ${username} (10 minutes): token=${token} secret=${secret}`);
  }
  return lines.length > 0 ? ['login-guard (POST /login-guard/v1/mfa/send-code with token and secret mails the code):', ...lines] : [];
}

/** The demo's mail: through the SMTP server `--smtp` names, its failures told on stderr; without one, printed. */
function demoMail(smtp: string | undefined, io: CliIo): SendMail {
  if (smtp === undefined) return consoleMail(io);
  return smtpMail(smtp, { onError: (error) => io.err(`site-rest: mail not sent: ${error.message}\n`) });
}

/** A mail double's answer, after the mail is printed as the demo prints every mail. */
function printedThen<M extends Parameters<SendMail>[0], R extends unknown[]>(
  io: CliIo,
  double: (mail: M, ...rest: R) => Promise<boolean>,
): (mail: M, ...rest: R) => Promise<boolean> {
  const print = consoleMail(io);
  return async (mail, ...rest) => (await print(mail)) && double(mail, ...rest);
}

/** The GetResponse settings the site store holds, or the recorded account where it holds none, so the recordings can be seen. */
function storedOrRecordedAccount(store: SiteStore): BlocksuiteResponderStorage {
  const stored = blocksuiteResponderStorageOn(store);
  return {
    async readSettings(ctx) {
      const settings = await stored.readSettings(ctx);
      return settings.apiKey !== '' && settings.apiBase !== '' ? settings : RECORDED_ACCOUNT;
    },
  };
}

/** The namespaces' options that put every outside service on its recorded double, the mails printed too. */
function onDoubles(
  doubles: ServiceDoubles,
  io: CliIo,
  store: SiteStore,
): Pick<
  VariantOptions,
  | 'oembed'
  | 'hostToolkit'
  | 'seoA'
  | 'seoB'
  | 'siteInsights'
  | 'blocksuiteDesignLibrary'
  | 'contactForms'
  | 'loginGuard'
  | 'blocksuiteMaillist'
  | 'blocksuiteResponder'
  | 'blocksuiteCrm'
  | 'imageDownload'
> {
  return {
    blocksuiteMaillist: { mailingList: doubles['blocksuite-maillist/mailing-list'] },
    blocksuiteResponder: { responder: doubles['blocksuite-responder/responder'], storage: storedOrRecordedAccount(store) },
    blocksuiteCrm: { crm: doubles['blocksuite-crm/crm'] },
    oembed: { fetch: doubles['oembed/provider'] },
    imageDownload: doubles['blocksuite-image-picker/download'],
    hostToolkit: { hostPanel: doubles['host-toolkit/panel'] },
    seoA: { renderPage: doubles['seo-a/render-page'] },
    seoB: {
      siteInsights: doubles['seo-b/site-insights'],
      semrush: doubles['seo-b/semrush'],
      wincher: doubles['seo-b/wincher'],
      yoastAi: doubles['seo-b/yoast-ai'],
    },
    blocksuiteDesignLibrary: { designLibrary: doubles['blocksuite-design-library/design-library'] },
    contactForms: { storage: { sendMail: printedThen(io, doubles['contact-forms/mail']) } },
    loginGuard: { sendMail: printedThen(io, doubles['login-guard/mail']) },
    siteInsights: {
      fetchHome: doubles['site-insights/fetch-home'],
      healthChecks: doubles['site-insights/health-checks'],
      google: { ...doubles['site-insights/google'], ...doubles['site-insights/google-access'] },
      oauth: doubles['site-insights/oauth'],
      siteKitProxy: doubles['site-insights/site-kit-proxy'],
      sendMail: printedThen(io, doubles['site-insights/mail']),
    },
  };
}

/** An SMTP URL without its user and password, to print. */
function smtpServerName(smtp: string): string {
  const url = new URL(smtp);
  return `${url.protocol}//${url.host}`;
}

/**
 * The site's front page, for `GET /` and `HEAD /`: the discovery `Link` header (set by the
 * adapter) and the `<link rel="https://api.w.org/">` element WordPress's `wp_head` prints, so
 * clients that discover the API from the site's address (`wpapi`'s `discover`) find it.
 * Any other URL outside the API answers WordPress's 404.
 */
function frontPage(rest: RestServer, name: string, req: IncomingMessage, res: ServerResponse): void {
  const method = req.method ?? 'GET';
  const path = (req.url ?? '/').split('?', 1)[0];
  if (path !== '/' || (method !== 'GET' && method !== 'HEAD')) return writeRawResponse(res, notFoundResponse(rest, req.headers), method);
  const api = escHtml(rest.restUrl('/'));
  const page = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<title>${escHtml(name)}</title>
<link rel="https://api.w.org/" href="${api}" />
</head>
<body>
<p>site-rest demo: the REST API is at <a href="${api}">${api}</a>.</p>
</body>
</html>
`;
  res.writeHead(200, { 'Content-Type': 'text/html; charset=UTF-8', 'Content-Length': Buffer.byteLength(page) });
  res.end(method === 'HEAD' ? undefined : page);
}

/** The demo site once started: its server, its store, and what start-up prints. */
interface StartedSite {
  rest: RestServer;
  store: SiteStore;
  name: string;
  summary: string;
}

/**
 * Listens, then opens the store, seeds it on its first start, makes the demo users and the REST
 * server for the site at the URL listened on; closes the store again when a later step fails.
 */
async function startSite(
  http: Server,
  flags: ServeFlags,
  choice: StoreChoice,
  passwords: Map<string, string>,
  names: string[],
  doubles: { dir: string; services: ServiceDoubles } | null,
  io: CliIo,
): Promise<StartedSite> {
  const url = await listen(http, flags.port, flags.host);
  const store = await openStore(choice);
  try {
    const firstStart = await seedOnce(store, url);
    const { users, lines } = await demoUsers(store, passwords, firstStart);
    const namespaces = variantModules(flags.variant, {
      users,
      oembed: flags['oembed-fetch'] === true ? { fetch: nodeOembedFetch() } : {},
      ...(flags['image-fetch'] === true ? { imageDownload: nodeImageDownload() } : {}),
      sendMail: demoMail(flags.smtp, io),
      coreAbilities: { databaseInfo: STORE_BACKENDS[choice.kind], mcp: true },
      only: flags.namespaces,
      ...(doubles && onDoubles(doubles.services, io, store)),
    });
    const site = demoSite(flags.variant, url);
    const rest = createRestServer({
      site,
      apiRoot: flags['api-root'],
      routing: flags.routing ?? (flags.variant === 'B' ? 'query' : 'path'),
      users,
      store,
      namespaces,
    });
    const mounted = `namespaces: ${names.join(', ') || 'none'}`;
    const mails = names.includes('contact-forms/v1') || names.includes('login-guard/v1');
    const mail =
      flags.smtp !== undefined
        ? `sent through ${smtpServerName(flags.smtp)}`
        : doubles
          ? 'printed here, answered from the recordings'
          : 'printed here, not sent (--smtp sends it)';
    const sessions = await mfaSessions(store, flags['mfa-session']);
    const siteKit = doubles && names.includes('site-insights/v1') ? [await signInSiteKitDemo(store, url)] : [];
    const services = doubles
      ? [`outside services: recorded answers from ${doubles.dir}, no network`]
      : names.includes('oembed/1.0')
        ? [
            `oembed proxy: ${flags['oembed-fetch'] === true ? 'fetches providers over the network' : 'answers 501, no network (--oembed-fetch fetches)'}`,
          ]
        : [];
    if (!doubles && names.includes('blocksuite-image-picker/v1')) {
      services.push(
        `image imports: ${flags['image-fetch'] === true ? 'download images over the network' : 'download nothing, no network (--image-fetch downloads)'}`,
      );
    }
    const mcp = names.includes('core-abilities/v1')
      ? [`MCP (the abilities as tools, Streamable HTTP): ${rest.restUrl('/core-abilities/v1/mcp')}`]
      : [];
    const summary = [
      mounted,
      `store: ${describeStore(choice)}`,
      ...mcp,
      ...services,
      ...(mails ? [`mail: ${mail}`] : []),
      ...lines,
      ...sessions,
      ...siteKit,
    ].join('\n');
    return {
      rest,
      store,
      name: site.name,
      summary: `site-rest demo, variant ${flags.variant}, serving ${rest.restUrl('/')}\n${summary}\n`,
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** Closes the store of a start that was given up on, once it is done: a store being opened cannot be stopped halfway. */
async function closeWhenStarted(starting: Promise<StartedSite>): Promise<void> {
  const site = await starting.catch(() => null);
  await site?.store.close();
}

/**
 * `site-rest serve`: the demo server, its data in the store the flags choose (PGlite in
 * ./site-rest-data by default). Listens first, with its request handler attached, then opens the
 * store, seeds it and makes the users: a request that arrives meanwhile is held and answered once
 * the site is ready. Resolves with the listening server and the store once it prints its URL;
 * when the port cannot be had, the store cannot be opened, or SIGTERM/SIGINT comes first, the
 * requests held are answered 503 with `Retry-After`, and it rejects, leaving nothing open.
 */
export async function serve(
  argv: string[],
  io: CliIo,
  env: Record<string, string | undefined> = process.env,
): Promise<Serving & { store: SiteStore }> {
  const flags = parseServeFlags(argv);
  const choice = storeChoice(flags, env.DATABASE_URL);
  const passwords = demoPasswords(flags['app-password'], env.SITE_REST_APP_PASSWORDS);
  const fixtures = flags.fixtures === undefined ? null : flags.fixtures || packagedFixtures();
  const doubles = fixtures === null ? null : { dir: fixtures, services: serviceDoubles(serviceRecordings(fixtures)) };
  const names = implementedNamespaces(flags.variant).filter((name) => flags.namespaces?.includes(name) ?? true);
  const http = createServer();
  const signal = stopSignal();
  // Begun once this turn is over, so the server listens only with the request handler below attached.
  const starting = Promise.resolve().then(() => startSite(http, flags, choice, passwords, names, doubles, io));
  const ready = Promise.race([starting, signal.stopped]);
  // With page-cache/v1 mounted, the demo's front page is cached for anonymous visitors as the namespace's rules say.
  const pageCache = names.includes('page-cache/v1')
    ? { lookup: async (request: PageRequest) => defaultPageCache((await ready).store).lookup(request) }
    : undefined;
  const api = createNodeHandler(
    ready.then((site) => site.rest),
    { pageCache },
  );
  http.on('request', (req, res) => api(req, res, () => void ready.then((site) => frontPage(site.rest, site.name, req, res))));
  try {
    const site = await ready;
    http.on('clientError', createClientErrorHandler(site.rest));
    io.out(site.summary);
    return { http, store: site.store };
  } catch (error) {
    http.close();
    await closeWhenStarted(starting);
    throw error;
  } finally {
    signal.end();
  }
}
