import type { SiteStore } from '../store/types.js';
import type { KnownCapability } from './auth/roles.js';
import type { RestError } from './errors/rest-error.js';
import type { RestResponse } from './http/response.js';
import type { ArgSchema } from './schema/types.js';

/** An HTTP method name in upper case (`GET`, `POST`, …). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | (string & {});

/** The signed-in user as the host's `authenticate` hook describes it. */
export interface RestUser {
  /** Numeric user id, as WordPress's `get_current_user_id()`. */
  id: number;
  /** Login name. */
  username?: string;
  /** Whether the user has a capability (`edit_posts`, `manage_options`, …). */
  can(capability: string): boolean;
}

/** Facts the root index shows about the site. */
export interface SiteFacts {
  /** Site title. */
  name: string;
  /** Tagline; may be empty. */
  description?: string;
  /** Site address (`siteurl`), without a trailing slash. */
  url: string;
  /** Home address; defaults to `url`. */
  home?: string;
  /** Offset from GMT in hours, as a string (`"0"`, `"-5"`, `"5.5"`). */
  gmt_offset?: string;
  /** IANA time zone; may be empty. */
  timezone_string?: string;
  /** Id of the page that lists posts (listed only when given). */
  page_for_posts?: number;
  /** Id of the static front page (listed only when given). */
  page_on_front?: number;
  /** `posts` or `page` (listed only when given). */
  show_on_front?: string;
}

/** What a permission check may answer: allowed, denied, or a specific error. */
export type PermissionResult = boolean | RestError;

/**
 * Who may call an endpoint: `'public'`, a capability name the user must have, or a
 * function of the request and context (`context.user` is the signed-in user or null).
 */
export type Permission = 'public' | KnownCapability | PermissionCheck;

/** A permission check that needs code: the request and context in, allowed, denied or an error out. */
export type PermissionCheck = (request: RestRequest, context: RestContext) => PermissionResult | Promise<PermissionResult>;

/** An endpoint's own code and message for a refused permission, e.g. `rest_cannot_create`. */
export interface DeniedError {
  /** Machine-readable code. */
  code: string;
  /** Human-readable message. */
  message: string;
}

/** The value a handler gives back: data (answered with 200), a {@link RestResponse}, or a {@link RestError}. */
export type HandlerResult = unknown;

/**
 * An endpoint handler: gets the validated request, answers data, a response or an error. `P` and
 * `U` type its params and URL params (see {@link route} and {@link args}).
 */
export type Handler<P = Record<string, unknown>, U = Record<string, unknown>> = (
  request: RestRequest<P, U>,
  context: RestContext,
) => HandlerResult | Promise<HandlerResult>;

/** `allow_batch` as WordPress writes it, or `true` for `{v1: true}`. */
export type AllowBatch = boolean | { v1?: boolean };

/** One endpoint of a route: the methods it serves, its args, who may call it and what it does. */
export interface EndpointDefinition {
  /** `['GET']`, `['POST', 'PUT', 'PATCH']`, or WordPress's `'GET'` and `'POST, PUT, PATCH'`. */
  methods: HttpMethod | readonly HttpMethod[];
  /** Argument descriptors, keyed by parameter name. */
  args?: Record<string, ArgSchema>;
  /** Who may call it. Reads default to public; writes default to signed-in users only. */
  permission?: Permission;
  /** The error a refused permission answers with, instead of `rest_forbidden` (status 401 or 403 as WordPress). */
  denied?: DeniedError;
  /** What it does. Declared as a method so a handler with typed params fits. */
  handler(request: RestRequest, context: RestContext): HandlerResult | Promise<HandlerResult>;
  /**
   * Checks the request as a whole after its args passed (WordPress's endpoint-level
   * `validate_callback`): false answers 400 `rest_invalid_params`, an error answers itself.
   */
  validateRequest?: (params: Record<string, unknown>) => boolean | RestError;
  /** May it be called through `/batch/v1`? Overrides the route's setting. */
  allowBatch?: AllowBatch;
  /** List it in the index (default true). */
  showInIndex?: boolean;
  /** One line saying what it does (`'List posts'`): its OpenAPI operation's `summary`. The index never shows it, as WordPress's has none. */
  summary?: string;
}

/** A route: a path pattern and its endpoints. */
export interface RouteDefinition {
  /**
   * Path below the namespace: WordPress regex style (`/items/(?P<id>\d+)`) or
   * path-to-regexp style (`/items/:id`, `/files/*path`).
   */
  path: string;
  /** The endpoints, tried in order for each request method. */
  endpoints: EndpointDefinition[];
  /** Default `allow_batch` of the route's endpoints. */
  allowBatch?: AllowBatch;
  /** List the route in the index (default true). */
  showInIndex?: boolean;
  /** The resource's JSON schema, shown on OPTIONS (`context=help`). */
  schema?: () => Record<string, unknown>;
}

/** A parameter or JSON body property of a {@link DescribedOperation}: its schema (WordPress's keywords) and whether it must be given. */
export interface DescribedValue {
  /** The value's schema, converted as args are (a draft-4 `required` list stays its properties'). */
  schema: ArgSchema;
  /** Must the caller give it? */
  required: boolean;
}

/**
 * An operation a namespace adds to its OpenAPI document beside its routes' own: one concrete path
 * of a route, with what the route's args cannot show (an ability's own input and output schema).
 * Plain data in WordPress's schema dialect; the document converts it as it converts args.
 */
export interface DescribedOperation {
  /**
   * The route that serves it, as the namespace registers it (`/abilities/(?P<name>…)/run`): its
   * endpoint for `method` decides the security, its key is the path item's `x-wp-route`, and the
   * path follows the route's in the document. An operation whose route is not shown is left out.
   */
  route: string;
  /** The path below the namespace, one the route matches, with no template (`/abilities/core/get-site-info/run`). */
  path: string;
  /** The method it is called with. */
  method: HttpMethod;
  /** One line: the operation's `summary`. */
  summary: string;
  /** More words: its `description`. */
  description?: string;
  /** The operationId wanted; numbered when another operation has it. */
  operationId: string;
  /** Query parameters, by name. */
  query?: Readonly<Record<string, DescribedValue>>;
  /** A JSON body: an object with these properties. */
  body?: Readonly<Record<string, DescribedValue>>;
  /** The 200 answer: what it is, and its schema when it has one. */
  answer: { description: string; schema?: ArgSchema };
  /** What each error status means here (`404: 'rest_ability_not_found: …'`); the usual statuses it does not name keep the usual words. */
  errors?: Readonly<Record<number, string>>;
  /** `x-…` extensions on its path item (`x-wp-ability`), JSON data. */
  extensions?: Readonly<Record<`x-${string}`, unknown>>;
}

/** A namespace module: a namespace name and its routes, as plain data. */
export interface NamespaceModule {
  /** `core/v2`, `contact-forms/v1`, … */
  namespace: string;
  /** Routes in registration order (the first match wins, as in WordPress). */
  routes: RouteDefinition[];
  /**
   * `false` accepts what WordPress accepts at registration (unknown schema keywords and types,
   * capabilities no role has): for tables copied from a real site's index. Default true.
   */
  strict?: boolean;
  /**
   * Operations to add to `server.openapi()` beside the routes' own ({@link DescribedOperation}),
   * asked each time a document is built, so what the namespace holds by then (an ability
   * registered after the server started) is in it.
   */
  openapi?: () => readonly DescribedOperation[];
}

/** What the server a namespace is mounted on gives it: the site store every namespace keeps its data in, and where its services' failures go. */
export interface MountContext {
  /** The server's site store (`createRestServer`'s `store` option, else its memory store). */
  store: SiteStore;
  /** Reports an outside service's failure (already redacted) through the server's `onError`, phase `service`, naming the service (`oembed/provider`). */
  reportService(error: Error, service: string): void;
}

/**
 * A namespace to mount: a module, or a function making one from the server's {@link MountContext}
 * (what the shipped namespaces are, so their default storage lives in the server's store).
 */
export type MountableNamespace = NamespaceModule | ((mount: MountContext) => NamespaceModule);

/** The request a handler receives, after matching, validation and sanitization. */
export interface RestRequest<P = Record<string, unknown>, U = Record<string, unknown>> {
  /** Effective method (after `_method` / `X-HTTP-Method-Override`). */
  method: string;
  /** The route text that was matched, e.g. `/core/v2/posts/5`. */
  route: string;
  /** The pattern key of the matched route, e.g. `/core/v2/posts/(?P<id>[\d]+)`. */
  matchedRoute: string;
  /** All parameters merged by WordPress's precedence: JSON > body > query > URL > defaults. */
  params: P;
  /** Query-string parameters. */
  query: Record<string, unknown>;
  /** Form-body parameters. */
  body: Record<string, unknown>;
  /** The parsed JSON body (undefined when none). */
  json: unknown;
  /**
   * The body as the client sent it, whatever its Content-Type (`WP_REST_Request::get_body()`).
   * Where a host framework parsed the body first: the text it kept, or its JSON written again.
   * Empty for no body, a form a framework parsed, batch items and internal requests.
   */
  rawBody: Uint8Array | string;
  /** Parameters captured from the path (sanitized by their arg when the endpoint declares one). */
  urlParams: U;
  /** Defaults of the endpoint's args. */
  defaults: Record<string, unknown>;
  /** Request headers, lower-cased names. */
  headers: Record<string, string>;
  /** The signed-in user, or null. */
  user: RestUser | null;
  /**
   * Data of this request alone, shared by its permission check, handler and hooks (Koa's
   * `ctx.state`): a record a permission check fetched, a request id. Starts empty.
   */
  state: Record<string, unknown>;
  /**
   * Aborts when the request ends before its answer: the client left (where the adapter can tell),
   * or the server answered it late (`answerTimeoutMs`). Hand it to slow work (a query, a fetch) so
   * that work stops too. Batch items and embedded links end with their request.
   */
  readonly signal: AbortSignal;
}

/** What every handler and permission check can reach besides the request. */
export interface RestContext {
  /** The signed-in user, or null. */
  user: RestUser | null;
  /** The site facts, `url` and `home` where this request reaches the site (see `trustHost`, `trustProxy`, mount paths). */
  site: Required<Pick<SiteFacts, 'name' | 'url' | 'home'>> & SiteFacts;
  /** Absolute URL of a route, in the server's routing form (`restUrl('/core/v2/posts')`). */
  restUrl(route: string, query?: Record<string, string | number>): string;
  /** Runs an internal request through the whole pipeline, as WordPress's `rest_do_request`. */
  dispatch(request: InternalRequest): Promise<RestResponse>;
}

/** An internal request, as given to {@link RestContext.dispatch}. */
export interface InternalRequest {
  /** HTTP method (default GET). */
  method?: string;
  /** Route text, e.g. `/core/v2/posts`; may carry a query string. */
  path: string;
  /** Query parameters. */
  query?: Record<string, unknown>;
  /** Body parameters. */
  body?: Record<string, unknown>;
  /** Headers. */
  headers?: Record<string, string>;
}

/** A request as an adapter hands it to the core. */
export interface RawRequest {
  /** The request method as received. */
  method: string;
  /** Path and query string as received (`/wp-json/core/v2/posts?page=2`). */
  url: string;
  /** Request headers; names in any case. */
  headers: Record<string, string | string[] | undefined>;
  /** The raw body, when the adapter read it. */
  body?: Uint8Array | string;
  /** A body the host framework already parsed (JSON object or form fields). */
  parsedBody?: unknown;
  /**
   * The client's address, which the login limiter counts failed sign-ins by. Adapters fill it
   * from the connection (Express's `req.ip` and Koa's `ctx.ip` where the app trusts a proxy), from
   * `X-Forwarded-For` over their `trustedProxies`, or with their `clientAddress` option; leave it
   * undefined rather than copy an unchecked `X-Forwarded-For`.
   */
  remoteAddress?: string;
  /** The path the adapter is mounted at (`/blog`: Express's `req.baseUrl`, the `basePath` option): links are built under it. */
  basePath?: string;
  /** True when the connection is TLS: links are `https` when `trustHost` or `trustProxy` lets the request set the address. */
  secure?: boolean;
  /**
   * Registers a listener to run once if the client leaves before its answer is written; the core
   * calls it only when something reads the request's `signal`. The adapters fill it.
   */
  onClientGone?: (listener: () => void) => void;
}

/** What the core answers: an adapter writes it out as it is. */
export interface RawResponse {
  /** HTTP status. */
  status: number;
  /** Response headers; an array value is sent as several header lines. */
  headers: Record<string, string | string[]>;
  /** The body text (empty for HEAD and 204). */
  body: string;
}
