import { isPlainObject } from '../core/own-property.js';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { z } from 'zod';
import { createClientErrorHandler, createNodeHandler } from '../adapters/node.js';
import { echoRequest, modulesFromIndex, type IndexRoute } from '../core/index/from-index.js';
import { RestResponse } from '../core/http/response.js';
import { createUserStore } from '../core/auth/user-store.js';
import { createRestServer, type RestServer, type RestServerOptions } from '../core/server.js';
import type { Handler, RestUser, SiteFacts } from '../core/types.js';
import { listen, ListenFlags, parseFlags, splitUserPassword, UsageError, type CliIo } from './common.js';
import { anonymousWriteRoutes, withAnonymousWrites } from './anonymous-writes.js';
import { withFaults } from './faults.js';
import { dropUnsafePatterns } from './unsafe-patterns.js';

/** The usage text of `site-rest mock`. */
export const MOCK_USAGE = `Usage: site-rest mock <index.json | URL> [--fixtures DIR] [--app-password USER:PASSWORD]... [--open]
                     [--anonymous-writes all|NAMESPACE|ROUTE]... [--delay MS] [--fail-rate R] [--seed N]
                     [--port N] [--host H] [--api-root P]

  Serves the routes of a WordPress root index (what GET /wp-json/ answers, from a file or an
  http(s) URL) with WordPress's validation; valid requests are answered {route, method, params}.
  Writes (POST, PUT, PATCH, DELETE) need a signed-in user, as on WordPress: 401 otherwise, except
  on the routes --anonymous-writes names (an index does not show which routes are public).

  --fixtures      directory of recorded answers (*.json: {request: {method, path}, status, body}),
                  served instead of the echo to valid requests with the same method, route and query
  --app-password  a user who may write, signing in with HTTP Basic USER:PASSWORD; repeatable
  --open          any HTTP Basic user and password signs in (instead of --app-password)
  --anonymous-writes all|NAMESPACE|ROUTE
                  anonymous callers may write to these routes, as to a plugin route that is public on
                  the real site (a contact form's feedback, an MFA send-code): all, a namespace
                  (contact-form-7/v1) or a route as the index lists it; repeatable. Invalid requests
                  still get WordPress's 400s.
  --delay         milliseconds every answer is held back (0-60000, default 0)
  --fail-rate     share of requests answered 500 internal_server_error (0-1, default 0)
  --seed          integer that makes the failing requests the same from run to run
  --port          port to listen on (default 8080; 0 picks a free one)
  --host          interface to listen on (default 127.0.0.1)
  --api-root      API root path (default wp-json)
  -h, --help      this text`;

/** How long a URL given as the index may take to answer. */
const FETCH_TIMEOUT_MS = 10_000;

/** The placeholder recordings write for the recorded site's URL. */
const BASE_PLACEHOLDER = '{base}';

/** The longest `--delay`: enough to trip any client's timeout, short of holding connections for good. */
const MAX_DELAY_MS = 60_000;

const MockFlags = z
  .object({
    source: z.string().min(1, 'mock takes an index file or URL'),
    fixtures: z.string().min(1, '--fixtures must not be empty').optional(),
    'app-password': z.array(z.string()).default([]),
    open: z.boolean().default(false),
    'anonymous-writes': z.array(z.string().min(1, '--anonymous-writes must not be empty')).default([]),
    delay: z.coerce
      .number({ error: '--delay must be a number' })
      .int('--delay must be whole milliseconds')
      .min(0, `--delay must be 0-${MAX_DELAY_MS}`)
      .max(MAX_DELAY_MS, `--delay must be 0-${MAX_DELAY_MS}`)
      .default(0),
    'fail-rate': z.coerce
      .number({ error: '--fail-rate must be a number' })
      .min(0, '--fail-rate must be 0-1')
      .max(1, '--fail-rate must be 0-1')
      .default(0),
    seed: z.coerce.number({ error: '--seed must be a number' }).int('--seed must be an integer').optional(),
    ...ListenFlags,
  })
  .refine((flags) => !(flags.open && flags['app-password'].length > 0), '--open lets any user in: leave out --app-password');

/** The flags of `site-rest mock`, checked. */
type MockFlags = z.infer<typeof MockFlags>;

// PHP writes an empty associative array as `[]`.
const EmptyPhpArray = z.array(z.unknown()).length(0);

const IndexShape = z.object({
  name: z.string().default(''),
  url: z.string().optional(),
  home: z.string().optional(),
  description: z.string().optional(),
  gmt_offset: z.union([z.string(), z.number()]).transform(String).optional(),
  timezone_string: z.string().optional(),
  page_for_posts: z.number().optional(),
  page_on_front: z.number().optional(),
  show_on_front: z.string().optional(),
  authentication: z.union([EmptyPhpArray.transform(() => ({})), z.record(z.string(), z.unknown())]).default({}),
  routes: z.record(
    z.string(),
    z.object({
      namespace: z.string(),
      endpoints: z.array(
        z.object({
          methods: z.array(z.string()).min(1),
          args: z.union([EmptyPhpArray, z.record(z.string(), z.record(z.string(), z.unknown()))]),
          allow_batch: z.object({ v1: z.boolean() }).optional(),
        }),
      ),
    }),
  ),
});

const RecordingShape = z.object({
  request: z.object({
    method: z.string().min(1),
    path: z.string().startsWith('/'),
    headers: z.record(z.string(), z.string()).optional(),
  }),
  status: z.number().int().min(100).max(599),
  body: z.unknown(),
});

/** A recorded exchange of a fixtures directory. */
type Recording = z.infer<typeof RecordingShape>;

/** What the mock serves, read from a WordPress root index. */
interface MockedSite {
  /** The site facts, `url` and `home` as the index gives them (a recording's may be a placeholder). */
  site: Omit<SiteFacts, 'url' | 'home'> & { url?: string; home?: string };
  authentication: Record<string, unknown>;
  routes: Record<string, IndexRoute>;
}

/** Recorded answers by {@link answerKey}. */
type RecordedAnswers = Map<string, { status: number; body: unknown }>;

/** The flags of `site-rest mock`, checked; throws {@link UsageError} on a bad one. */
export function parseMockFlags(argv: string[]): MockFlags {
  let parsed: { values: Record<string, string | string[] | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseFlags({
      args: argv,
      options: {
        fixtures: { type: 'string' },
        'app-password': { type: 'string', multiple: true },
        open: { type: 'boolean' },
        'anonymous-writes': { type: 'string', multiple: true },
        delay: { type: 'string' },
        'fail-rate': { type: 'string' },
        seed: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'api-root': { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length !== 1) throw new UsageError('mock takes one index file or URL');
  const checked = MockFlags.safeParse({ ...parsed.values, source: parsed.positionals[0] });
  if (!checked.success) throw new UsageError(checked.error.issues.map((i) => i.message).join('; '));
  return checked.data;
}

/** Why a fetch failed, in words: undici hides the reason (refused, unknown host) in `cause`. */
function fetchFailure(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${FETCH_TIMEOUT_MS / 1000} s`;
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Error ? cause.message : (error as Error).message;
}

/** The text of the index: a file, or the answer of an http(s) URL. */
export async function readSource(source: string): Promise<string> {
  if (/^https?:\/\//i.test(source)) {
    let answer: Response;
    let text: string;
    try {
      answer = await fetch(source, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      text = await answer.text();
    } catch (error) {
      throw new Error(`cannot fetch ${source}: ${fetchFailure(error)}`);
    }
    if (!answer.ok) throw new Error(`cannot fetch ${source}: HTTP ${answer.status}`);
    return text;
  }
  try {
    return await readFile(source, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${source}: ${(error as Error).message}`);
  }
}

/** The first few problems zod found, with where they are. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** The site a root index describes; accepts the bare index or a recording of it (the index is its `body`). */
export function parseIndex(text: string, source: string): MockedSite {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON: ${(error as Error).message}`);
  }
  const index = isPlainObject(data) && !('routes' in data) && isPlainObject(data.body) ? data.body : data;
  if (!isPlainObject(index) || !isPlainObject(index.routes))
    throw new Error(`${source} is not a WordPress root index: it has no "routes" object`);
  const checked = IndexShape.safeParse(index);
  if (!checked.success) throw new Error(`${source} is not a WordPress root index: ${describeIssues(checked.error)}`);
  const { authentication, routes, ...site } = checked.data;
  // The arg schemas are checked where it counts, when the server compiles them.
  return { site, authentication, routes: routes as Record<string, IndexRoute> };
}

/** The recordings of a fixtures directory (its `*.json` files), in file-name order. */
async function loadRecordings(dir: string): Promise<Array<{ file: string; recording: Recording }>> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  } catch (error) {
    throw new Error(`cannot read fixtures directory ${dir}: ${(error as Error).message}`);
  }
  const out: Array<{ file: string; recording: Recording }> = [];
  for (const file of files) {
    const path = join(dir, file);
    let data: unknown;
    try {
      data = JSON.parse(await readFile(path, 'utf8'));
    } catch (error) {
      throw new Error(`cannot read fixture ${path}: ${(error as Error).message}`);
    }
    const checked = RecordingShape.safeParse(data);
    if (!checked.success) throw new Error(`fixture ${path} is not a recording: ${describeIssues(checked.error)}`);
    out.push({ file, recording: checked.data });
  }
  return out;
}

/** A JSON value with object keys sorted, so equal parsed queries print alike. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortedKeys(value[k])]),
  );
}

/** The lookup key of a request: effective method, route, and parsed query. */
function answerKey(method: string, route: string, query: Record<string, unknown>): string {
  // `rest_route` is the route itself: without it both URL forms of a request look alike.
  const rest = { ...query };
  delete rest.rest_route;
  return `${method.toUpperCase()} ${route} ${JSON.stringify(sortedKeys(rest))}`;
}

/** The method the recorded request's handler saw: the server applies `_method` and `X-HTTP-Method-Override` first. */
function effectiveMethod(recording: Recording, query: Record<string, unknown>): string {
  const headers = recording.request.headers ?? {};
  const header = Object.keys(headers).find((name) => name.toLowerCase() === 'x-http-method-override');
  const override = typeof query._method === 'string' ? query._method : header && headers[header];
  return (override || recording.request.method).toUpperCase();
}

/** Replaces the recorded site's URL placeholder with the mock's, throughout a JSON value. */
function withBase<T>(value: T, url: string): T {
  const text = JSON.stringify(value);
  return text === undefined ? value : (JSON.parse(text.split(BASE_PLACEHOLDER).join(JSON.stringify(url).slice(1, -1))) as T);
}

/**
 * Fills `answers` from the recordings, once at start-up, so a request costs one map lookup. The
 * first recording of a request wins; the answer lists the recordings that can never be served.
 */
function recordAnswers(
  answers: RecordedAnswers,
  recordings: Array<{ file: string; recording: Recording }>,
  rest: RestServer,
  url: string,
): string[] {
  const problems: string[] = [];
  for (const { file, recording } of recordings) {
    const target = rest.resolve(recording.request.path);
    if (!target) {
      problems.push(`${file}: ${recording.request.path} is outside the API`);
      continue;
    }
    const method = effectiveMethod(recording, target.query);
    const key = answerKey(method, target.route, target.query);
    const served = rest.routes.match(target.route, method)?.route;
    if (answers.has(key)) problems.push(`${file}: shadowed by an earlier recording of ${method} ${recording.request.path}`);
    else if (!served && method === 'OPTIONS') problems.push(`${file}: OPTIONS is answered by the server itself`);
    else if (!served) problems.push(`${file}: the index has no route for ${method} ${target.route}`);
    else if (served.namespace === '' || served.key === `/${served.namespace}`)
      problems.push(`${file}: ${served.key} is answered by the server itself`);
    else answers.set(key, { status: recording.status, body: withBase(recording.body, url) });
  }
  return problems;
}

/** Who may sign in to write, as server options, and the start-up line that says so. */
type SignIn = { options: Pick<RestServerOptions, 'users' | 'verifyApplicationPassword'>; line: string };

/** With `--open` every Basic user signs in, with every capability; with `--app-password` those users; else nobody. */
async function signIn(flags: MockFlags): Promise<SignIn> {
  if (flags.open) {
    const anyone = (username: string): RestUser => ({ id: 1, username, can: () => true });
    return { options: { verifyApplicationPassword: anyone }, line: 'writes: any HTTP Basic user and password (--open)' };
  }
  const passwords = new Map<string, string>();
  for (const entry of flags['app-password']) {
    const [username, password] = splitUserPassword(entry, '--app-password');
    if (!passwords.has(username)) passwords.set(username, password);
  }
  if (passwords.size === 0) return { options: {}, line: 'writes: refused with 401 (sign in with --app-password USER:PASSWORD, or --open)' };
  const users = await createUserStore({ users: [...passwords.keys()].map((username) => ({ username, roles: ['administrator'] })) });
  for (const [username, password] of passwords) await users.createApplicationPassword(username, { name: 'site-rest mock', password });
  return { options: { users }, line: `writes: signed-in users ${[...passwords.keys()].join(', ')} (HTTP Basic)` };
}

/** How the mock serves a site: who signs in, and the routes anonymous callers may write to. */
interface MockAccess {
  auth: SignIn['options'];
  anonymousWrites: ReadonlySet<string>;
}

/**
 * The REST server of the mocked site at `url`, every endpoint answered by `handler`, without the
 * index's unsafe patterns; `dropped` lists those. Reads are public; writes need a user `auth` signs
 * in, but on the routes of `anonymousWrites`.
 */
function mockServer(
  mocked: MockedSite,
  flags: MockFlags,
  url: string,
  handler: Handler,
  { auth, anonymousWrites }: MockAccess,
): { rest: RestServer; dropped: string[] } {
  try {
    const fromIndex = modulesFromIndex(mocked.routes, { handlerFor: () => handler, permission: null });
    const { modules, dropped } = dropUnsafePatterns(withAnonymousWrites(fromIndex, anonymousWrites));
    const rest = createRestServer({
      site: { ...mocked.site, url, home: url },
      apiRoot: flags['api-root'],
      ...auth,
      authentication: withBase(mocked.authentication, url),
      namespaces: modules,
      // dropUnsafePatterns has just analysed every pattern left: no second analysis.
      unsafePatterns: 'allow',
    });
    return { rest, dropped };
  } catch (error) {
    // Registration refuses a route pattern or arg schema it cannot serve as WordPress would.
    throw new Error(`cannot serve ${flags.source}: ${(error as Error).message.replace(/^site-rest: /, '')}`);
  }
}

/**
 * `site-rest mock`: serves a WordPress root index's routes with WordPress's validation, echoing
 * valid requests or answering them from recordings. Resolves with the listening server once it
 * prints its URL; rejects on an unreadable index or fixture, or when the port cannot be had.
 */
export async function mock(argv: string[], io: CliIo): Promise<Server> {
  const flags = parseMockFlags(argv);
  const mocked = parseIndex(await readSource(flags.source), flags.source);
  const anonymousWrites = anonymousWriteRoutes(mocked.routes, flags['anonymous-writes']);
  const recordings = flags.fixtures === undefined ? [] : await loadRecordings(flags.fixtures);
  const auth = await signIn(flags);
  const http = createServer();
  const url = await listen(http, flags.port, flags.host);
  try {
    const answers: RecordedAnswers = new Map();
    const answer: Handler = (request, context) => {
      const recorded = answers.get(answerKey(request.method, request.route, request.query));
      return recorded ? new RestResponse(recorded.body, recorded.status) : echoRequest(request, context);
    };
    const { rest, dropped } = mockServer(mocked, flags, url, answer, { auth: auth.options, anonymousWrites });
    const problems = recordAnswers(answers, recordings, rest, url);
    const faults = { delayMs: flags.delay, failRate: flags['fail-rate'], seed: flags.seed };
    http.on('request', withFaults(createNodeHandler(rest), rest, faults));
    http.on('clientError', createClientErrorHandler(rest));
    const lines = [`site-rest mock of ${flags.source}, serving ${rest.restUrl('/')}`];
    const served = rest.routes.routes();
    lines.push(`  ${served.length} routes in ${rest.routes.namespaces().length} namespaces`);
    if (flags.fixtures !== undefined) lines.push(`  ${answers.size} recorded answers from ${flags.fixtures}`);
    lines.push(`  ${auth.line}`);
    const open = served.filter((route) => anonymousWrites.has(route.key)).length;
    if (open > 0) lines.push(`  anonymous writes: let through on ${open} of the ${served.length} routes (--anonymous-writes)`);
    if (flags.delay > 0) lines.push(`  every answer delayed ${flags.delay} ms`);
    if (flags['fail-rate'] > 0) lines.push(`  requests answered 500 internal_server_error at rate ${flags['fail-rate']}`);
    io.out(`${lines.join('\n')}\n`);
    if (dropped.length > 0)
      io.err(`patterns open to ReDoS, not served (matching them could block the server):\n${dropped.map((d) => `  ${d}`).join('\n')}\n`);
    if (problems.length > 0) io.err(`fixtures never served:\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
    return http;
  } catch (error) {
    http.close();
    throw error;
  }
}
