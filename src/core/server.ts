import {
  createAuthenticator,
  type Authenticate,
  type AuthOutcome,
  type SessionAuth,
  type VerifyApplicationPassword,
} from './auth/authenticate.js';
import { applicationPasswordCheck } from './auth/application-password-check.js';
import type { LoginLimiterOptions } from './auth/login-limiter.js';
import type { UserStore } from './auth/user-store.js';
import type { ErrorReporter, ErrorSite, ReportError } from './errors/error-info.js';
import { isRestError, type RestError } from './errors/rest-error.js';
import { internal } from './errors/catalogue.js';
import { answerThrown, reportLevel } from './errors/to-rest-error.js';
import { CORS_CONSTANT_HEADERS, corsHeadersOf, type CorsPolicy } from './http/cors.js';
import { baseHeaders, discoveryLink, headerGuard, NO_CACHE_HEADERS, normalizeHeaders, sendableValue } from './http/headers.js';
import type { RestResponse } from './http/response.js';
import { serializeAnswer } from './http/serialize.js';
import { createIndexRoutes } from './index/index-routes.js';
import { buildOpenApi, type OpenApiDocument, type OpenApiOptions } from './index/openapi.js';
import { parsePhpQuery } from './php/query.js';
import { phpRtrim, phpTrim } from './php/strings.js';
import { createBatchRoute, DEFAULT_MAX_BATCH_SIZE } from './pipeline/batch.js';
import { bodyLoader } from './pipeline/body-loader.js';
import { dispatch, errorResponse, type DispatchEnv, type Dispatched } from './pipeline/dispatch.js';
import { embedLinks, type EmbedRelations } from './pipeline/embed.js';
import { readGlobalParams, type GlobalParams } from './pipeline/global-params.js';
import { hookSet, type RestHooks } from './pipeline/hooks.js';
import { injectedRawRequest, injectedResponse, type InjectRequest, type InjectResponse } from './pipeline/inject.js';
import { settle, type MaybePromise } from './pipeline/maybe-async.js';
import { within } from './pipeline/deadline.js';
import type { UnsafePatternPolicy } from './regex/safety.js';
import { registrationPolicy } from './routing/registration-policy.js';
import { checkOpenApiOptions, checkServerOptions } from './options.js';
import { resolveRestRoute, splitUrl, type RestTarget } from './routing/rest-route.js';
import { createRouteTable, type RouteTableView } from './routing/route-table.js';
import { publicAddresses, type RequestLocation } from './http/public-address.js';
import type { InternalRequest, MountableNamespace, RawRequest, RawResponse, RestContext, RestUser, SiteFacts } from './types.js';
import { memoryStore } from '../store/memory.js';
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
  /** An OpenAPI 3.1 document of the routes the index shows, with both URL forms as servers. */
  openapi(options?: OpenApiOptions): OpenApiDocument;
}

/** One request on its way through {@link RestServer.handle}. */
interface Exchange {
  raw: RawRequest;
  target: RestTarget;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  params: GlobalParams;
  /** Response headers collected so far. */
  out: Record<string, string | string[]>;
  /** The addresses this request is answered with. */
  at: Addressed;
  /**
   * Whether a host's authentication or session scheme ran: it may have written headers of the
   * host's own into `out`. The built-in Basic check writes only its own, sendable as they are.
   */
  hostAuthenticated: boolean;
}

/** What one site address gives a request: its facts, `restUrl` and discovery `Link` on that address, and a dispatcher using them. */
interface Addressed {
  site: RestContext['site'];
  restUrl: RestContext['restUrl'];
  link: string;
  env: DispatchEnv;
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

/** Creates a REST server over plain data: mount namespaces, then hand requests to {@link RestServer.handle}. */
export function createRestServer(options: RestServerOptions): RestServer {
  checkServerOptions(options);
  const url = withoutTrailingSlash(options.site.url ?? UNKNOWN_SITE_URL);
  const home = withoutTrailingSlash(options.site.home ?? url);
  const site = { ...options.site, url, home };
  const trust = { trustHost: options.trustHost === true, trustProxy: options.trustProxy === true };
  const trusting = trust.trustHost || trust.trustProxy;
  const locate = publicAddresses(site, trust);
  const apiRoot = phpTrim(options.apiRoot ?? 'wp-json', '/');
  const routing = options.routing ?? 'path';
  const homePath = phpTrim(new URL(`${home}/`).pathname, '/');
  const routeRoot = { apiRoot, homePath };
  const jsonpEnabled = options.jsonp ?? true;
  const hostOnError = options.onError ?? DEFAULT_ERROR_LOGGER;
  const onError: ReportError = (error, where) => hostOnError(error, { level: reportLevel(error), ...where });
  const authentication = (siteUrl: string): Record<string, unknown> =>
    options.authentication ?? {
      'application-passwords': {
        endpoints: { authorization: options.authorizationUrl ?? `${siteUrl}/wp-admin/authorize-application.php` },
      },
    };
  const maxBatchSize = options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE;
  const answerTimeoutMs = options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
  const cors = corsHeadersOf(options.cors ?? 'wordpress', (error) => onError(error, { phase: 'cors' }));
  const hooks = hookSet(options);
  const users = options.users ?? null;
  const store = options.store ?? memoryStore();
  // With only Basic application passwords to check, a request without an Authorization header is anonymous.
  const credentialFree = !options.authenticate && !options.session;
  const authenticate =
    options.authenticate ??
    createAuthenticator({
      verifyApplicationPassword: options.verifyApplicationPassword ?? (users ? applicationPasswordCheck(users) : () => null),
      userExists: options.verifyApplicationPassword || !users ? undefined : async (username) => (await users.getUser(username)) !== null,
      credentialErrors: options.credentialErrors,
      session: options.session,
      loginLimiter: options.loginLimiter,
      store,
    });

  function restUrlOn(base: string): RestContext['restUrl'] {
    return (route, query) => {
      let start = 0;
      while (route.charCodeAt(start) === 0x2f) start++;
      const path = start === 0 ? route : route.slice(start);
      let out = routing === 'query' ? `${base}/index.php?rest_route=/${path}` : `${base}/${apiRoot}/${path}`;
      if (query) {
        // Built in one pass: links carry a query on most rels of every post of a page.
        let extra = '';
        for (const k of Object.keys(query))
          extra += `${extra === '' ? '' : '&'}${encodeURIComponent(k)}=${encodeURIComponent(String(query[k]))}`;
        if (extra) out += (out.includes('?') ? '&' : '?') + extra;
      }
      return out;
    };
  }

  const table = createRouteTable((namespace) => table.add(namespace, indexRoutes.namespace(namespace)), registrationPolicy(options));

  /** The site at one address: its contexts (anonymous requests, the common case, share one) and a dispatcher using them. */
  function addressed(facts: RestContext['site']): Addressed {
    const restUrl = restUrlOn(facts.home);
    const anonymous: RestContext = Object.freeze({
      user: null,
      site: facts,
      restUrl,
      dispatch: (request: InternalRequest) => internalDispatch(request, null, at.env),
    });
    const context = (user: RestUser | null): RestContext =>
      user ? { user, site: facts, restUrl, dispatch: (request) => internalDispatch(request, user, at.env) } : anonymous;
    // A site address is the host's configuration or a checked host name: made sendable once, not per answer.
    const link = sendableValue(discoveryLink(restUrl('/')));
    const at: Addressed = { site: facts, restUrl, link, env: { table, context, restUrl, onError, hooks } };
    return at;
  }

  const configured = addressed(site);
  const { restUrl, link, env } = configured;
  const indexRoutes = createIndexRoutes({ table, authentication, restUrl });
  table.add('', indexRoutes.root);
  table.add('', createBatchRoute(maxBatchSize, env));

  // Requests through one proxy or mount share an address: the last one is kept rather than rebuilt.
  let recent = configured;
  /** The addresses a request is answered with: the configured ones unless its mount path or trusted headers move them. */
  function addressOf(request: RequestLocation): Addressed {
    if (!trusting && !request.basePath) return configured;
    const moved = locate(request);
    if (moved.home === home && moved.url === url) return configured;
    if (moved.home !== recent.site.home || moved.url !== recent.site.url) recent = addressed({ ...site, ...moved });
    return recent;
  }

  /** `rest_do_request`: runs a request built in code through the same pipeline, as `user`. */
  async function internalDispatch(request: InternalRequest, user: RestUser | null, env: DispatchEnv): Promise<RestResponse> {
    const { path, query: queryString } = splitUrl(request.path);
    const query = { ...(queryString ? parsePhpQuery(queryString) : {}), ...request.query };
    const body = request.body ?? {};
    const result = await dispatch(
      {
        method: (request.method ?? 'GET').toUpperCase(),
        route: withoutTrailingSlash(path) || '/',
        query,
        headers: normalizeHeaders(request.headers ?? {}),
        loadBody: () => ({ json: undefined, isJson: false, form: body }),
        user,
        state: {},
      },
      env,
    );
    return result.response;
  }

  // Names reported as dropped, a few at most: a handler building names from requests cannot grow it.
  const droppedHeaderNames = new Set<string>();
  const sendable = headerGuard(
    [baseHeaders(link, false, true), baseHeaders(link, true, true), NO_CACHE_HEADERS, CORS_CONSTANT_HEADERS],
    (name, reason) => {
      const shown = name.slice(0, 100);
      if (droppedHeaderNames.has(shown) || droppedHeaderNames.size >= 32) return;
      droppedHeaderNames.add(shown);
      onError(new TypeError(`site-rest: dropped the response header ${JSON.stringify(shown)}: ${reason}`), { phase: 'response-headers' });
    },
  );

  function authFailure(thrown: unknown): RestError {
    return answerThrown(thrown, (error) => onError(error, { phase: 'authenticate' }));
  }

  function handle(raw: RawRequest, given?: RestTarget): MaybePromise<RawResponse | null> {
    const answer = serve(raw, given, undefined);
    return answer instanceof Promise && answerTimeoutMs !== false ? within(answer, answerTimeoutMs, () => lateAnswer(raw, given)) : answer;
  }

  /** The answer to a request past `answerTimeoutMs`: reported, then WordPress's critical error. */
  function lateAnswer(raw: RawRequest, given: RestTarget | undefined): RawResponse {
    onError(new Error(`site-rest: no answer within ${answerTimeoutMs} ms; answered 500`), {
      phase: 'handler',
      method: raw.method,
      route: given?.route,
    });
    return standaloneError(internal(), raw.headers);
  }

  /** Answers a request as `presetUser` when given, else as whoever its credentials sign in. */
  function serve(
    raw: RawRequest,
    given: RestTarget | undefined,
    presetUser: RestUser | null | undefined,
  ): MaybePromise<RawResponse | null> {
    const target = given ?? resolveRestRoute(raw.url, routeRoot);
    if (!target) return null;
    const query = target.query as Record<string, unknown>;
    const headers = normalizeHeaders(raw.headers);
    const params = readGlobalParams(raw.method, query, headers, jsonpEnabled);
    const at = trusting || raw.basePath ? addressOf({ headers, basePath: raw.basePath, secure: raw.secure }) : configured;
    // A fresh literal per answer: V8 builds it faster than it copies a prepared one.
    const out: Record<string, string | string[]> = baseHeaders(at.link, params.jsonpAsked, cors !== null);
    // WordPress answers a refused `_jsonp` with `json_error`: code and message, no `data`.
    const { refusal } = params;
    if (refusal) return { status: refusal.status, headers: out, body: JSON.stringify({ code: refusal.code, message: refusal.message }) };
    const exchange: Exchange = { raw, target, query, headers, params, out, at, hostAuthenticated: false };

    // Who is asking is already known for an injected request, and for the common case: no
    // credentials on a server whose only scheme is Basic. Then no authentication runs at all.
    const known = presetUser !== undefined ? presetUser : credentialFree && headers.authorization === undefined ? null : undefined;
    return known !== undefined ? answerAs(known, exchange) : authenticateAndAnswer(exchange);
  }

  // The steps below keep their callbacks in functions of their own: a function that creates a
  // closure allocates its scope on every call, even on the synchronous path that never uses it.

  /** Dispatches as `user`, then composes the answer. */
  function answerAs(user: RestUser | null, ex: Exchange): MaybePromise<RawResponse> {
    const dispatched = dispatchAs(user, ex);
    return dispatched instanceof Promise ? dispatched.then((done) => compose(done, user, ex)) : compose(dispatched, user, ex);
  }

  /** Signs in whoever the request's credentials name, then answers as them; a refusal answers its error. */
  function authenticateAndAnswer(ex: Exchange): MaybePromise<RawResponse> {
    const { raw, params, headers, query, out } = ex;
    ex.hostAuthenticated = !credentialFree;
    let auth: MaybePromise<AuthOutcome>;
    try {
      auth = authenticate({ method: params.received, url: raw.url, headers, query, remoteAddress: raw.remoteAddress }, out);
    } catch (thrown) {
      auth = authFailure(thrown);
    }
    return auth instanceof Promise ? answerAuthenticatedLater(auth, ex) : answerAuthenticated(auth, ex);
  }

  /** Answers as whoever authentication found, or with the error it answered. */
  function answerAuthenticated(result: AuthOutcome, ex: Exchange): MaybePromise<RawResponse> {
    return isRestError(result) ? compose({ response: errorResponse(result), route: null, request: null }, null, ex) : answerAs(result, ex);
  }

  /** {@link answerAuthenticated} once an async authentication settles; a rejection answers its error. */
  function answerAuthenticatedLater(auth: Promise<AuthOutcome>, ex: Exchange): Promise<RawResponse> {
    return auth.then(
      (result) => answerAuthenticated(result, ex),
      (thrown: unknown) => compose({ response: errorResponse(authFailure(thrown)), route: null, request: null }, null, ex),
    );
  }

  function dispatchAs(user: RestUser | null, ex: Exchange): MaybePromise<Dispatched> {
    const { params, target, query, headers, raw } = ex;
    const method = params.method;
    const dispatched = dispatch(
      { method, route: target.route, query, headers, loadBody: bodyLoader(raw, method, headers), user, state: {} },
      ex.at.env,
    );
    return params.embed === null ? dispatched : withEmbeds(dispatched, params.embed, user, ex);
  }

  /** `_embed`: the dispatched answer with its embeddable links' answers embedded. */
  function withEmbeds(
    dispatched: MaybePromise<Dispatched>,
    embed: EmbedRelations,
    user: RestUser | null,
    ex: Exchange,
  ): MaybePromise<Dispatched> {
    const { params } = ex;
    return settle(dispatched, (done) =>
      // Not for HEAD, nor for an answer the handler encoded itself: WordPress sends those before embedding.
      params.method === 'HEAD' || (done.response.encoded && !params.envelope)
        ? done
        : settle(embedLinks(done.response, embed, user, ex.at.env), (response) => ({ ...done, response })),
    );
  }

  /**
   * The dispatched response as the client gets it: the core's headers, then the serialized
   * answer. The core's own headers are sendable as they are; what a handler, hook, host's
   * authentication or reflected `Origin` adds is made sendable on the way in.
   */
  function compose(dispatched: Dispatched, user: RestUser | null, ex: Exchange): RawResponse {
    const { out, params } = ex;
    if (user) Object.assign(out, NO_CACHE_HEADERS);
    const corsOut = cors?.(ex.headers.origin, params.received, user !== null);
    if (corsOut) Object.assign(out, corsOut);
    if (ex.hostAuthenticated || (corsOut && corsOut['Access-Control-Allow-Origin'] !== undefined)) sendable.all(out);
    const { status, body, encodeError } = serializeAnswer(dispatched.response, params, out, corsOut?.Vary, sendable.one);
    if (encodeError !== undefined)
      onError(encodeError.thrown, { phase: 'encode', method: params.method, route: dispatched.route?.key ?? ex.target.route });
    return { status, headers: out, body };
  }

  const mount = Object.freeze({ store, reportService: (error: Error, service: string) => onError(error, { phase: 'service', service }) });
  for (const module of options.namespaces ?? []) register(module);

  function register(given: MountableNamespace): void {
    const module = typeof given === 'function' ? given(mount) : given;
    table.addNamespace(phpTrim(module.namespace, '/'));
    for (const route of module.routes) table.add(module.namespace, route, module.strict !== false);
  }

  function standaloneError(error: RestError, requestHeaders: Record<string, string | string[] | undefined> = {}): RawResponse {
    const headers = normalizeHeaders(requestHeaders);
    const out: Record<string, string | string[]> = { ...baseHeaders(link, false, cors !== null), ...cors?.(headers.origin, '', false) };
    return { status: error.status, headers: sendable.all(out), body: JSON.stringify(error.toJSON()) };
  }

  async function inject<T = unknown>(request: InjectRequest): Promise<InjectResponse<T>> {
    const raw = injectedRawRequest(request, apiRoot, (url) => resolveRestRoute(url, routeRoot) !== null);
    const answer = await serve(raw, undefined, request.user);
    // The URL is built below the API root, so the core always answers it.
    return injectedResponse(answer!);
  }

  return {
    register,
    inject,
    errorResponse: standaloneError,
    reportError: onError,
    resolve: (requestUrl) => resolveRestRoute(requestUrl, routeRoot),
    handle,
    restUrl,
    discoveryLink: (request) => addressOf({ ...request, headers: normalizeHeaders(request.headers) }).link,
    users,
    store,
    routes: table,
    openapi: (openApiOptions) => {
      checkOpenApiOptions(openApiOptions);
      return buildOpenApi({ routes: table.routes(), site, apiRoot, routing }, openApiOptions);
    },
  };
}
