import { createAuthenticator, type Authenticate, type SessionAuth, type VerifyApplicationPassword } from './auth/authenticate.js';
import { applicationPasswordCheck } from './auth/application-password-check.js';
import type { LoginLimiterOptions } from './auth/login-limiter.js';
import type { UserStore } from './auth/user-store.js';
import type { ErrorReporter, ErrorSite, ReportError } from './errors/error-info.js';
import type { RestError } from './errors/rest-error.js';
import { reportLevel } from './errors/to-rest-error.js';
import { corsHeadersOf, type CorsPolicy } from './http/cors.js';
import { normalizeHeaders } from './http/headers.js';
import { createIndexRoutes } from './index/index-routes.js';
import { buildOpenApi, type OpenApiDocument, type OpenApiOptions } from './index/openapi.js';
import { phpRtrim, phpTrim } from './php/strings.js';
import { addressOf, siteAddresses } from './pipeline/addresses.js';
import { createBatchRoute, DEFAULT_MAX_BATCH_SIZE } from './pipeline/batch.js';
import { answerHeaderGuard, standaloneError } from './pipeline/compose.js';
import { handle } from './pipeline/entry.js';
import type { ServerEnv } from './pipeline/environment.js';
import { hookSet, type RestHooks } from './pipeline/hooks.js';
import { inject, type InjectRequest, type InjectResponse } from './pipeline/inject.js';
import type { MaybePromise } from './pipeline/maybe-async.js';
import type { UnsafePatternPolicy } from './regex/safety.js';
import { registrationPolicy } from './routing/registration-policy.js';
import { checkOpenApiOptions, checkServerOptions } from './options.js';
import { resolveRestRoute, type RestTarget } from './routing/rest-route.js';
import { createRouteTable, type RouteTableView } from './routing/route-table.js';
import type { MountableNamespace, NamespaceModule, RawRequest, RawResponse, SiteFacts } from './types.js';
import { memoryStore } from '../store/memory/index.js';
import type { SiteStore } from '../store/types.js';

/** Options of {@link createRestServer}. */
export interface RestServerOptions extends RestHooks {
  /** Site facts shown by the root index; `url` may be left out when `trustHost` or `trustProxy` takes it from each request. */
  site: Omit<SiteFacts, 'url'> & { url?: string };
  /**
   * Build links, the index's `url`/`home` and `Location` on the request's `Host` header instead of
   * `site.url`'s host (default false: a client could otherwise put any host in the links answered).
   */
  trustHost?: boolean;
  /**
   * As `trustHost`, for a server behind a reverse proxy that sets (not appends to) these headers:
   * the scheme from `X-Forwarded-Proto`, the host from `X-Forwarded-Host` (else `Host`), and the
   * path the proxy serves the app under from `X-Forwarded-Prefix`; the first value of each (default false).
   */
  trustProxy?: boolean;
  /** API root below the home URL (default `wp-json`). */
  apiRoot?: string;
  /** URL form advertised in links: `{home}/{apiRoot}/…` (`path`, default) or `{home}/index.php?rest_route=/…` (`query`). Both are always served. */
  routing?: 'path' | 'query';
  /** Namespace modules to mount, in order. */
  namespaces?: MountableNamespace[];
  /**
   * The site store the namespaces keep their data in (`pgliteStore`, `postgresStore` from
   * `site-rest/store`; default a fresh `memoryStore()`). The server never closes it: its owner does.
   */
  store?: SiteStore;
  /**
   * Resolves the current user from the request, replacing the built-in schemes (a session
   * cookie with its nonce, then Basic application passwords). Wrap {@link createAuthenticator}
   * to keep them.
   */
  authenticate?: Authenticate;
  /**
   * The user store whose application passwords Basic credentials are checked against
   * (`createUserStore` from `site-rest/node`). Without it or `verifyApplicationPassword`, Basic
   * credentials sign nobody in.
   */
  users?: UserStore;
  /** Checks Basic application-password credentials against the host's own users instead of `users`. */
  verifyApplicationPassword?: VerifyApplicationPassword;
  /**
   * How bad credentials are answered: as anonymous (default, WordPress's plain behaviour, with an
   * `X-Credentials-Rejected` header) or with WordPress's 401 `incorrect_password` / `invalid_username`.
   */
  credentialErrors?: 'anonymous' | 'wordpress';
  /** A cookie session scheme with WordPress's REST nonce, for apps that sign users in with sessions. */
  session?: SessionAuth;
  /**
   * Counts failed Basic sign-ins per client address as Limit Login Attempts Reloaded does (default
   * on: 4 failures lock an address out for 20 minutes, the 16th for 24 hours; see
   * {@link LoginLimiterOptions}), answering a locked-out client's failures with 429
   * `too_many_retries` and `Retry-After`. A valid password is always answered, whoever failed
   * from its address or as its user. `false` turns it off. Applies around
   * `verifyApplicationPassword` too, not to a host's own `authenticate`. The counts live in
   * `store`, so servers sharing a store share them. The address is the adapter's (see its
   * `clientAddress` and `trustedProxies` options).
   */
  loginLimiter?: LoginLimiterOptions | false;
  /** Where clients send users to approve an application password (default `{url}/wp-admin/authorize-application.php`). */
  authorizationUrl?: string;
  /** Authentication schemes listed by the root index (default: application passwords at `authorizationUrl`). */
  authentication?: Record<string, unknown>;
  /** Most requests one `/batch/v1` call may carry (default 25, as WordPress's `rest_get_max_batch_size`). */
  maxBatchSize?: number;
  /** Serve `_jsonp` callbacks (default true, as WordPress). */
  jsonp?: boolean;
  /**
   * CORS headers: `'wordpress'` (default) allows any `Origin` with credentials, as WordPress
   * does; `{ origins, credentials }` allows only the origins listed (and/or accepted by a check);
   * `false` sends no `Access-Control-*` header and no `Vary: Origin`, leaving CORS to the host.
   */
  cors?: CorsPolicy;
  /**
   * Called with what a handler, permission check, hook or adapter threw, where it happened and
   * the level to log it at: `debug` for a thrown 4xx, `error` for the rest (default:
   * `console.error` of the `error` ones). Never sees request parameters.
   */
  onError?: ErrorReporter;
  /**
   * Capabilities beyond WordPress's default roles that `permission` strings may name (a string
   * naming none is refused at registration, to catch typos), or `'any'`.
   */
  capabilities?: readonly string[] | 'any';
  /**
   * Schema keywords beyond WordPress's that args may use (an unknown keyword or `type` is refused
   * at registration, to catch typos such as `minimun`), or `'any'` to accept any, as WordPress does.
   */
  schemaKeywords?: readonly string[] | 'any';
  /** Route and schema patterns the ReDoS check finds unsafe are refused at registration (default); `'allow'` accepts them, and with them requests that can block the event loop for seconds or more. */
  unsafePatterns?: UnsafePatternPolicy;
  /**
   * Longest `handle` takes to answer, in milliseconds (default 30,000, PHP's `max_execution_time`):
   * a request still unanswered then (a handler, hook, check or storage call that never settles) is
   * answered WordPress's 500 `internal_server_error` and reported through `onError`; what it does
   * later is dropped. `false` waits as long as it takes.
   */
  answerTimeoutMs?: number | false;
}

/** A WordPress-compatible REST server, independent of any web framework. */
export interface RestServer {
  /** Mounts a namespace module (its index route comes first); a function is first given the server's {@link MountContext}. */
  register(module: MountableNamespace): void;
  /** The API route a URL addresses, or null when the URL is outside the API. */
  resolve(url: string): RestTarget | null;
  /**
   * Answers a request; null when its URL is outside the API (the adapter passes it on). The
   * answer is synchronous unless a hook, permission check or handler on the way is async:
   * `await` it either way.
   */
  handle(request: RawRequest, target?: RestTarget): MaybePromise<RawResponse | null>;
  /**
   * Answers a request with no socket and no adapter, through the whole pipeline: for unit
   * tests of handlers and storage callbacks. `user` runs it as that user without credentials.
   */
  inject<T = unknown>(request: InjectRequest): Promise<InjectResponse<T>>;
  /** A complete answer for an error raised outside dispatch (an oversized body, say), with the REST headers. */
  errorResponse(error: RestError, headers?: Record<string, string | string[] | undefined>): RawResponse;
  /** Reports an exception through the `onError` option, at the level the error calls for. */
  reportError(error: unknown, site: ErrorSite): void;
  /** Absolute URL of a route in the advertised form, with optional query arguments. */
  restUrl(route: string, query?: Record<string, string | number>): string;
  /**
   * The discovery `Link` header value (`<…/wp-json/>; rel="https://api.w.org/"`) for a request
   * outside the API, on the address that request reaches the site at.
   */
  discoveryLink(request: Pick<RawRequest, 'headers' | 'basePath' | 'secure'>): string;
  /** The user store given in the options, or null. */
  readonly users: UserStore | null;
  /** The site store the namespaces keep their data in. */
  readonly store: SiteStore;
  /** The registered routes, read-only (introspection, tests, benchmarks); register through `register`. */
  readonly routes: RouteTableView;
  /** An OpenAPI 3.1 document of the routes the index shows and the operations namespaces describe (abilities), with both URL forms as servers. */
  openapi(options?: OpenApiOptions): OpenApiDocument;
}

/** Stands in for `site.url` when each request supplies the address and one has none. */
const UNKNOWN_SITE_URL = 'http://localhost';

/** `answerTimeoutMs` unless given: PHP's default `max_execution_time`, after which WordPress answers its critical error. */
const DEFAULT_ANSWER_TIMEOUT_MS = 30_000;

const DEFAULT_ERROR_LOGGER: ErrorReporter = (error, info) => {
  if (info.level !== 'error') return;
  const where = info.method ? `${info.phase} of ${info.method} ${info.route ?? ''}` : info.phase;
  console.error(`site-rest: unexpected error in ${where}:`, error);
};

function withoutTrailingSlash(url: string): string {
  return phpRtrim(url, '/');
}

/** The built-in schemes (a session with its nonce, then Basic application passwords) over the options' users and store. */
function builtInAuthenticator(options: RestServerOptions, users: UserStore | null, store: SiteStore): Authenticate {
  return createAuthenticator({
    verifyApplicationPassword: options.verifyApplicationPassword ?? (users ? applicationPasswordCheck(users) : () => null),
    userExists: options.verifyApplicationPassword || !users ? undefined : async (username) => (await users.getUser(username)) !== null,
    credentialErrors: options.credentialErrors,
    session: options.session,
    loginLimiter: options.loginLimiter,
    store,
  });
}

/**
 * Creates a REST server over plain data: mount namespaces, then hand requests to {@link RestServer.handle}.
 * It reads the options once into the environment every request's steps (`src/core/pipeline/`) are given.
 */
export function createRestServer(options: RestServerOptions): RestServer {
  checkServerOptions(options);
  const url = withoutTrailingSlash(options.site.url ?? UNKNOWN_SITE_URL);
  const home = withoutTrailingSlash(options.site.home ?? url);
  const site = { ...options.site, url, home };
  const apiRoot = phpTrim(options.apiRoot ?? 'wp-json', '/');
  const routing = options.routing ?? 'path';
  const routeRoot = { apiRoot, homePath: phpTrim(new URL(`${home}/`).pathname, '/') };
  const hostOnError = options.onError ?? DEFAULT_ERROR_LOGGER;
  const onError: ReportError = (error, where) => hostOnError(error, { level: reportLevel(error), ...where });
  const users = options.users ?? null;
  const store = options.store ?? memoryStore();
  const cors = corsHeadersOf(options.cors ?? 'wordpress', (error) => onError(error, { phase: 'cors' }));
  const hooks = hookSet(options);
  const authenticate = options.authenticate ?? builtInAuthenticator(options, users, store);

  const table = createRouteTable((namespace) => table.add(namespace, indexRoutes.namespace(namespace)), registrationPolicy(options));
  const addresses = siteAddresses({
    site,
    trust: { trustHost: options.trustHost === true, trustProxy: options.trustProxy === true },
    routing,
    apiRoot,
    table,
    onError,
    hooks,
  });
  const { restUrl, link } = addresses.configured;
  const env: ServerEnv = {
    routeRoot,
    jsonp: options.jsonp ?? true,
    addresses,
    cors,
    // With only Basic application passwords to check, a request without an Authorization header is anonymous.
    credentialFree: !options.authenticate && !options.session,
    authenticate,
    sendable: answerHeaderGuard(link, onError),
    onError,
    answerTimeoutMs: options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS,
  };

  const indexRoutes = createIndexRoutes({
    table,
    authentication: (siteUrl) =>
      options.authentication ?? {
        'application-passwords': {
          endpoints: { authorization: options.authorizationUrl ?? `${siteUrl}/wp-admin/authorize-application.php` },
        },
      },
    restUrl,
  });
  table.add('', indexRoutes.root);
  table.add('', createBatchRoute(options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE, addresses.configured.env));

  const mount = Object.freeze({ store, reportService: (error: Error, service: string) => onError(error, { phase: 'service', service }) });
  // The modules that describe operations of their own, asked again for each document.
  const describing: NamespaceModule[] = [];
  function register(given: MountableNamespace): void {
    const module = typeof given === 'function' ? given(mount) : given;
    table.addNamespace(phpTrim(module.namespace, '/'));
    for (const route of module.routes) table.add(module.namespace, route, module.strict !== false);
    if (module.openapi) describing.push(module);
  }
  for (const module of options.namespaces ?? []) register(module);

  return {
    register,
    inject: (request) => inject(env, request),
    errorResponse: (error, headers) => standaloneError(env, error, headers),
    reportError: onError,
    resolve: (requestUrl) => resolveRestRoute(requestUrl, routeRoot),
    handle: (raw, target) => handle(env, raw, target),
    restUrl,
    discoveryLink: (request) => addressOf(addresses, { ...request, headers: normalizeHeaders(request.headers) }).link,
    users,
    store,
    routes: table,
    openapi: (openApiOptions) => {
      checkOpenApiOptions(openApiOptions);
      const described = describing.map((module) => ({ namespace: module.namespace, operations: module.openapi!() }));
      return buildOpenApi({ routes: table.routes(), described, site, apiRoot, routing }, openApiOptions);
    },
  };
}
