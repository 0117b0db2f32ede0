// Replays the WordPress 6.1 recordings of test/fixtures/wp-6.1 (copied from the shared
// peer recordings, see test/fixtures/README.md) against a site-rest server set up like
// the recorded site, and compares the answers the way clients see them.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  corePosts,
  createRestServer,
  modulesFromIndex,
  memoryStore,
  samplePosts,
  seedPosts,
  type Handler,
  type IndexRoute,
  type NamespaceModule,
  type RawResponse,
  type RestServer,
  type UserStore,
} from '../../src/index.js';
import { createUserStore } from '../../src/node.js';
import { echoRoutes } from './echo-routes.js';
import { wpV2Standin } from './wp-v2-standin.js';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
export const BASE = 'http://peer.test';

/**
 * Routes a shipped namespace serves that routes.json leaves out, by namespace: interface.md shows
 * only the index route of `core-abilities/v1` ("Routes … beyond their index routes: not shown"),
 * so its other routes are WordPress 6.9's `wp-abilities/v1`, in 6.9's registration order.
 */
export const ROUTES_NOT_IN_SPEC: Readonly<Record<string, readonly string[]>> = {
  'core-abilities/v1': [
    '/core-abilities/v1/categories',
    '/core-abilities/v1/categories/(?P<slug>[a-z0-9]+(?:-[a-z0-9]+)*)',
    '/core-abilities/v1/abilities/(?P<name>[a-zA-Z0-9\\-\\/]+?)/run',
    '/core-abilities/v1/abilities',
    '/core-abilities/v1/abilities/(?P<name>[a-zA-Z0-9\\-\\/]+)',
  ],
};

/** Route keys of routes.json (each with its namespace) with {@link ROUTES_NOT_IN_SPEC} after each namespace's last one: the keys a server mounting them lists. */
export function withRoutesNotInSpec(routes: ReadonlyArray<{ route: string; namespace: string }>): string[] {
  return routes.flatMap(({ route, namespace }, i) => {
    const last = routes[i + 1]?.namespace !== namespace;
    return last ? [route, ...(ROUTES_NOT_IN_SPEC[namespace] ?? [])] : [route];
  });
}

/** One recorded exchange with WordPress. */
export interface Recording {
  id: string;
  group: string;
  request: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: unknown;
    noContentType?: boolean;
    auth: string;
  };
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export function loadRecordings(): Recording[] {
  const dir = join(FIXTURES, 'wp-6.1');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Recording)
    .filter((r) => typeof r.group === 'string' && r.request !== undefined);
}

/** The recorded site's users and the application passwords the tests sign in with. */
const PEER_USERS = [
  { username: 'admin', roles: ['administrator'], password: 'ddpzIuVUJ8PT0Hmq8tI84wVq' },
  { username: 'author', roles: ['author'], password: '5Yhwvwefwf0IJO95YypmIFx5' },
  { username: 'subscriber', roles: ['subscriber'], password: 'Iq2bNo6wwiEtRYgexTU0HOsx' },
];

/** The built-in user store holding the recorded site's users. */
async function peerUsers(): Promise<UserStore> {
  const users = await createUserStore({ users: PEER_USERS });
  for (const { username, password } of PEER_USERS) await users.createApplicationPassword(username, { name: 'recorder', password });
  return users;
}

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

/**
 * The `Authorization` header the recorder sent for a recording's `auth`: an application
 * password, a wrong one (`bad`), an unknown user, the login password, a malformed Basic
 * value or a Bearer token.
 */
function authorizationFor(auth: string): string | undefined {
  const user = PEER_USERS.find((u) => u.username === auth);
  if (user) return basic(`${user.username}:${user.password}`);
  switch (auth) {
    case 'bad':
      return basic('admin:WrongAppPassword00000000');
    case 'bad-user':
      return basic(`nobody:${PEER_USERS[0]!.password}`);
    case 'admin-login-password':
      return basic('admin:password');
    case 'malformed':
      return 'Basic !!!not-base64!!!';
    case 'bearer':
      return 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.signature';
    default:
      return undefined;
  }
}

interface SpecRoute extends IndexRoute {
  route: string;
  variants: string[];
}

/** routes.json, as copied into the fixtures. */
export function loadSpec(): { variants: Record<string, { namespaces: string[]; site: Record<string, unknown> }>; routes: SpecRoute[] } {
  return JSON.parse(readFileSync(join(FIXTURES, 'routes.json'), 'utf8'));
}

/**
 * routes.json's routes registered from data with an echo handler `{route, method, params}`,
 * as the recorded site's mu-plugin did. Every namespace of the variant (or all) is mounted,
 * index-only ones included; `skip` leaves out namespaces served otherwise.
 */
export function specModules(options: { variant?: string; skip?: string[] } = {}): NamespaceModule[] {
  const routes = loadSpec().routes.filter(
    (route) => !options.skip?.includes(route.namespace) && (!options.variant || route.variants.includes(options.variant)),
  );
  // The recorded site's mu-plugin echoed every param, credentials included; the library's own echo redacts them.
  const echoAll: Handler = (request) => ({ route: request.route, method: request.method, params: request.params });
  return modulesFromIndex(Object.fromEntries(routes.map((route) => [route.route, route])), { handlerFor: () => echoAll });
}

/**
 * A server shaped like the recorded site: echo/v1, stand-ins for the wp/v2 routes that
 * authentication is recorded on, the spec's routes, and the recorded users signing in with
 * application passwords through the built-in store.
 */
export async function peerServer(): Promise<RestServer> {
  const store = memoryStore();
  await seedPosts(store, samplePosts());
  return createRestServer({
    site: { name: 'Example Site', description: '', url: BASE, gmt_offset: '0', timezone_string: '' },
    store,
    namespaces: [
      echoRoutes,
      corePosts({ namespace: 'wp/v2' }),
      wpV2Standin,
      ...specModules({ skip: ['oembed/1.0'] }).filter((m) => m.routes.length > 0),
    ],
    users: await peerUsers(),
    onError: () => {},
  });
}

/** A recording's request as the recorder sent it: its headers (credentials included) and body text. */
export function recordedRequest(recording: Recording): {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
} {
  const { method, path, body, noContentType, auth } = recording.request;
  const headers: Record<string, string> = { ...recording.request.headers };
  const authorization = authorizationFor(auth);
  if (authorization) headers.Authorization = authorization;
  let raw: string | undefined;
  if (typeof body === 'string') raw = body;
  else if (body !== undefined) {
    raw = JSON.stringify(body);
    if (!noContentType && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['Content-Type'] = 'application/json';
  }
  return { method, path, headers, body: raw };
}

/** Sends a recording's request to the server, as the recorder sent it to WordPress. */
export async function replay(server: RestServer, recording: Recording): Promise<RawResponse | null> {
  const { method, path, headers, body } = recordedRequest(recording);
  return server.handle({ method, url: path, headers, body });
}

/** True when two JSON values are the same to PHP: `{}` equals `[]`, and `{"0":a,"1":b}` equals `[a,b]`. */
export function phpEqual(a: unknown, b: unknown): boolean {
  const listLike = (v: unknown): unknown[] | null => {
    if (Array.isArray(v)) return v;
    if (typeof v !== 'object' || v === null) return null;
    const keys = Object.keys(v);
    return keys.every((k, i) => k === String(i)) ? Object.values(v) : null;
  };
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const la = listLike(a);
  const lb = listLike(b);
  if (la && lb) return la.length === lb.length && la.every((v, i) => phpEqual(v, lb[i]));
  if (la?.length === 0 && Object.keys(b).length === 0) return true;
  if (lb?.length === 0 && Object.keys(a).length === 0) return true;
  if (la || lb) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.hasOwn(b, k) && phpEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

const NOW_WINDOW_MS = 3 * 24 * 3600 * 1000;

/**
 * Our body with every date near now replaced by `{now}` where WordPress's recording has it (the
 * recorder normalized dates within 3 days of the recording the same way).
 */
function maskNow(ours: unknown, theirs: unknown): unknown {
  if (theirs === '{now}' && typeof ours === 'string' && Math.abs(Date.parse(`${ours}Z`) - Date.now()) < NOW_WINDOW_MS) return '{now}';
  if (Array.isArray(ours) && Array.isArray(theirs)) return ours.map((item, i) => maskNow(item, theirs[i]));
  if (typeof ours === 'object' && ours !== null && typeof theirs === 'object' && theirs !== null && !Array.isArray(ours)) {
    return Object.fromEntries(Object.entries(ours).map(([k, v]) => [k, maskNow(v, (theirs as Record<string, unknown>)[k])]));
  }
  return ours;
}

/** The differences between our answer and WordPress's: status, the headers clients read, and the body. */
export function compareAnswer(recording: Recording, answer: RawResponse | null): string[] {
  if (!answer) return ['not served (outside the API)'];
  const diffs: string[] = [];
  if (answer.status !== recording.status) diffs.push(`status ${answer.status} != ${recording.status}`);
  const ours: Record<string, string> = {};
  for (const [k, v] of Object.entries(answer.headers)) ours[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  for (const name of [
    'allow',
    'content-type',
    'link',
    'x-wp-total',
    'x-wp-totalpages',
    'access-control-allow-headers',
    'access-control-expose-headers',
  ]) {
    const want = recording.headers[name];
    const got = ours[name]?.split(BASE).join('{base}');
    if (want !== got) diffs.push(`header ${name}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
  }
  if (recording.request.method === 'HEAD') {
    if (answer.body !== '') diffs.push('HEAD answered with a body');
    return diffs;
  }
  let body: unknown = answer.body;
  try {
    body = JSON.parse(answer.body.split(BASE).join('{base}'));
  } catch {
    body = answer.body.split(BASE).join('{base}');
  }
  body = maskNow(body, recording.body);
  if (!phpEqual(body, recording.body))
    diffs.push(`body ${JSON.stringify(body).slice(0, 600)} != ${JSON.stringify(recording.body).slice(0, 600)}`);
  return diffs;
}
