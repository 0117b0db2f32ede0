import { BODY_METHODS } from '../http/methods.js';
import type { ErrorSite, ReportError } from '../errors/error-info.js';
import { callHook, hookResponse, replacementOf, type HookSet, type IncomingRequest } from './hooks.js';
import { forbidden, noRoute } from '../errors/catalogue.js';
import { applyArgs, defaultSource, mergeParams, type ParamSources } from './args.js';
import { isRestError, type RestError } from '../errors/rest-error.js';
import { answerThrown } from '../errors/to-rest-error.js';
import { describeRoute } from '../index/route-data.js';
import { RestResponse } from '../http/response.js';
import { filterFields } from '../http/response-data.js';
import type { CompiledEndpoint, CompiledRoute, RouteMatch, RouteTable } from '../routing/route-table.js';
import { settle, type MaybePromise } from './maybe-async.js';
import { endSignal, type RequestEnd } from './request-end.js';
import type { DeniedError, RestContext, RestRequest, RestUser } from '../types.js';

/** Body parameters of a request, as WordPress splits them. */
export interface BodyParams {
  /** The decoded JSON body when the content type is JSON (else undefined). */
  json: unknown;
  /** True when the content type is JSON, so the JSON source takes part (`is_json_content_type`). */
  isJson: boolean;
  /** Form parameters (urlencoded or multipart), or batch item bodies. */
  form: Record<string, unknown>;
  /** The body as sent, for `RestRequest.rawBody`; absent for bodies built in code (batch items, internal requests). */
  raw?: Uint8Array | string;
}

/** One request as the dispatcher sees it: already resolved to a route, method overrides applied. */
export interface DispatchInput {
  method: string;
  route: string;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  /** Reads the body; only called once a route matched, so unknown routes answer 404 before a body error. */
  loadBody: () => BodyParams | RestError;
  user: RestUser | null;
  /** The request's own data, shared by its hooks, permission check and handler. */
  state: Record<string, unknown>;
  /** What ends the request early (the client leaving, the answer deadline): its `signal` aborts then. */
  end: RequestEnd;
}

/** What dispatching produced: the response, and what matched (for `Allow` and `_fields`). */
export interface Dispatched {
  response: RestResponse;
  route: CompiledRoute | null;
  request: RestRequest | null;
}

/** What the dispatcher needs from the server. */
export interface DispatchEnv {
  table: RouteTable;
  context(user: RestUser | null): RestContext;
  restUrl(route: string): string;
  onError: ReportError;
  hooks: HookSet;
}

/** An error as a response (`error_to_response`). */
export function errorResponse(error: RestError): RestResponse {
  return new RestResponse(error.toJSON(), error.status);
}

/** `rest_ensure_response`: data, a response or an error, as a response. */
function ensureResponse(result: unknown): RestResponse {
  if (result instanceof RestResponse) return result;
  if (isRestError(result)) return errorResponse(result);
  return new RestResponse(result === undefined ? null : result, 200);
}

/** Turns a permission function's answer into an error or null. */
function permissionVerdict(result: unknown, user: RestUser | null, denied: DeniedError | undefined): RestError | null {
  if (result === true) return null;
  return isRestError(result) ? result : forbidden(user, denied);
}

/**
 * Runs an endpoint's permission check. With none declared, reads are public and writes need
 * a signed-in user: a host must mark an anonymous write `public` on purpose. Answers
 * synchronously unless the endpoint's own check is async, so common requests pay no await.
 */
function checkPermission(
  endpoint: CompiledEndpoint,
  method: string,
  request: RestRequest,
  context: RestContext,
): MaybePromise<RestError | null> {
  const { permission, denied } = endpoint;
  if (permission === 'public') return null;
  if (permission === undefined) return BODY_METHODS.has(method) && !context.user ? forbidden(context.user, denied) : null;
  if (typeof permission === 'string') return context.user?.can(permission) ? null : forbidden(context.user, denied);
  const result = permission(request, context);
  return result instanceof Promise ? verdictLater(result, context.user, denied) : permissionVerdict(result, context.user, denied);
}

// Callbacks live in small functions of their own along the pipeline: a function that creates a
// closure allocates its scope on every call, even on the synchronous path that never uses it.

/** An async permission function's answer, once it settles, as an error or null. */
function verdictLater(result: Promise<unknown>, user: RestUser | null, denied: DeniedError | undefined): Promise<RestError | null> {
  return result.then((r) => permissionVerdict(r, user, denied));
}

/**
 * A request as handlers get it: a class only so that `signal` is a getter on its prototype, made
 * when first read (a getter in an object literal would cost more than the whole literal).
 */
class DispatchedRequest implements RestRequest {
  readonly #end: RequestEnd;
  method: string;
  route: string;
  matchedRoute: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  json: unknown;
  rawBody: Uint8Array | string;
  urlParams: Record<string, unknown>;
  defaults: Record<string, unknown>;
  headers: Record<string, string>;
  user: RestUser | null;
  state: Record<string, unknown>;

  constructor(
    input: DispatchInput,
    matched: CompiledRoute,
    sources: ParamSources,
    user: RestUser | null,
    json: unknown,
    rawBody: Uint8Array | string,
  ) {
    this.#end = input.end;
    this.method = input.method;
    this.route = input.route;
    this.matchedRoute = matched.key;
    this.params = mergeParams(sources);
    this.query = sources.query;
    this.body = sources.body ?? {};
    this.json = json;
    this.rawBody = rawBody;
    this.urlParams = sources.url;
    this.defaults = sources.defaults;
    this.headers = input.headers;
    this.user = user;
    this.state = input.state;
  }

  get signal(): AbortSignal {
    return endSignal(this.#end);
  }
}

function buildRequest(
  input: DispatchInput,
  matched: CompiledRoute,
  sources: ParamSources,
  user: RestUser | null,
  json: unknown,
  rawBody: Uint8Array | string = '',
): RestRequest {
  return new DispatchedRequest(input, matched, sources, user, json, rawBody);
}

/** Whether a permission check allows the method; a check that throws denies it. */
function allows(endpoint: CompiledEndpoint, method: string, request: RestRequest, context: RestContext): MaybePromise<boolean> {
  try {
    const denied = checkPermission(endpoint, method, request, context);
    return denied instanceof Promise ? allowedLater(denied) : denied === null;
  } catch {
    return false;
  }
}

/** Whether an async permission check allows the method, once it settles; a rejection denies it. */
function allowedLater(denied: Promise<RestError | null>): Promise<boolean> {
  return denied.then(
    (d) => d === null,
    () => false,
  );
}

/**
 * `rest_send_allow_header`: the matched route's methods the current user may use, in route
 * order. Built as text while the checks answer synchronously; from the first async check on,
 * the remaining verdicts are awaited together.
 */
function allowHeader(route: CompiledRoute, request: RestRequest, context: RestContext): MaybePromise<string | null> {
  if (context.user !== null) return allowHeaderFor(route, request, context);
  const known = anonymousAllow.get(route);
  if (known !== undefined && known.endpoints === route.endpoints.length) return known.allow;
  const allow = allowHeaderFor(route, request, context);
  if (!(allow instanceof Promise) && route.endpoints.every((e) => typeof e.permission !== 'function'))
    anonymousAllow.set(route, { endpoints: route.endpoints.length, allow });
  return allow;
}

/**
 * The `Allow` value anonymous requests get, by route, for routes whose checks are all declared
 * (`public`, a capability or none): it cannot depend on the request, and most requests are
 * anonymous. Kept with the endpoint count it was made from, since a route may gain endpoints later.
 */
const anonymousAllow = new WeakMap<CompiledRoute, { endpoints: number; allow: string | null }>();

/** The `Allow` value for this request, each endpoint's check asked. */
function allowHeaderFor(route: CompiledRoute, request: RestRequest, context: RestContext): MaybePromise<string | null> {
  const verdicts: MaybePromise<boolean>[] = [];
  let waits = false;
  for (const endpoint of route.endpoints) {
    for (const method of endpoint.methods) {
      const verdict = allows(endpoint, method, request, context);
      waits ||= verdict instanceof Promise;
      verdicts.push(verdict);
    }
  }
  return waits
    ? Promise.all(verdicts.map(async (verdict) => verdict)).then((settled) => allowText(route, settled))
    : allowText(route, verdicts as boolean[]);
}

/** Most methods a route's `Allow` values are kept for, one bit each. */
const MAX_KEPT_METHODS = 30;

/**
 * Each route's `Allow` values by the methods allowed (bit i: the route's i-th method), each
 * written once: the same few texts answer every signed-in request. Kept with the endpoint count
 * they were made from, since a route may gain endpoints later.
 */
const allowTexts = new WeakMap<CompiledRoute, { endpoints: number; texts: Map<number, string | null> }>();

/** The `Allow` value naming the route's methods whose verdict (in route order) allows them. */
function allowText(route: CompiledRoute, verdicts: readonly boolean[]): string | null {
  if (verdicts.length > MAX_KEPT_METHODS) return allowedMethods(route, verdicts);
  let allowed = 0;
  for (let i = 0; i < verdicts.length; i++) if (verdicts[i]) allowed |= 1 << i;
  let known = allowTexts.get(route);
  if (known === undefined || known.endpoints !== route.endpoints.length) {
    known = { endpoints: route.endpoints.length, texts: new Map() };
    allowTexts.set(route, known);
  }
  let text = known.texts.get(allowed);
  if (text === undefined) {
    text = allowedMethods(route, verdicts);
    known.texts.set(allowed, text);
  }
  return text;
}

/** The route's methods whose verdict allows them, as `Allow` lists them; null for none. */
function allowedMethods(route: CompiledRoute, verdicts: readonly boolean[]): string | null {
  const methods = route.endpoints.flatMap((endpoint) => endpoint.methods).filter((_, i) => verdicts[i]);
  return methods.length === 0 ? null : methods.join(', ');
}

function optionsResponse(
  input: DispatchInput,
  env: DispatchEnv,
): { response: RestResponse; route: CompiledRoute | null; params: Record<string, string> } {
  const found = env.table.matchPath(input.route);
  if (!found) return { response: new RestResponse([], 200), route: null, params: {} };
  return {
    response: new RestResponse(describeRoute(found.entry, 'help', env.restUrl) ?? [], 200),
    route: found.entry,
    params: found.params,
  };
}

/** `rest_post_dispatch`'s share, once `Allow` is known: the header, then `_fields`. */
function finished(
  response: RestResponse,
  route: CompiledRoute | null,
  request: RestRequest | null,
  input: DispatchInput,
  allow: string | null,
): Dispatched {
  if (allow) response.header('Allow', allow);
  const fields = request?.params._fields ?? input.query._fields;
  if (fields !== undefined && response.status < 400) response.data = filterFields(response.data, fields);
  return { response, route, request };
}

/** `rest_post_dispatch`'s share: the `Allow` header for the matched route, then `_fields`. */
function finish(
  response: RestResponse,
  route: CompiledRoute | null,
  request: RestRequest | null,
  input: DispatchInput,
  context: RestContext,
): MaybePromise<Dispatched> {
  if (!route || !request) return finished(response, route, request, input, null);
  const allow = allowHeader(route, request, context);
  return allow instanceof Promise ? finishLater(allow, response, route, request, input) : finished(response, route, request, input, allow);
}

/** {@link finished} once an async `Allow` value settles. */
function finishLater(
  allow: Promise<string | null>,
  response: RestResponse,
  route: CompiledRoute,
  request: RestRequest,
  input: DispatchInput,
): Promise<Dispatched> {
  return allow.then((value) => finished(response, route, request, input, value));
}

/** Where in the pipeline a matched request is, for `onError`. */
const at = (phase: ErrorSite['phase'], request: RestRequest): ErrorSite => ({ phase, method: request.method, route: request.matchedRoute });

/** A thrown or rejected handler as its answer; exceptions are reported, never shown. */
function handlerFailure(thrown: unknown, request: RestRequest, env: DispatchEnv): RestResponse {
  return errorResponse(answerThrown(thrown, (error) => env.onError(error, at('handler', request))));
}

/** Runs the handler, turning whatever it answers, throws or rejects with into a response. */
function runHandler(endpoint: CompiledEndpoint, request: RestRequest, context: RestContext, env: DispatchEnv): MaybePromise<RestResponse> {
  let result: unknown;
  try {
    result = endpoint.handler(request, context);
  } catch (thrown) {
    return handlerFailure(thrown, request, env);
  }
  return result instanceof Promise ? handlerLater(result, request, env) : ensureResponse(result);
}

/** An async handler's answer once it settles; a rejection answers as a thrown error would. */
function handlerLater(result: Promise<unknown>, request: RestRequest, env: DispatchEnv): Promise<RestResponse> {
  return result.then(ensureResponse, (thrown: unknown) => handlerFailure(thrown, request, env));
}

/** A permission check that threw or rejected, as its answer; exceptions are reported, never shown. */
function permissionFailure(thrown: unknown, request: RestRequest, env: DispatchEnv): RestResponse {
  return errorResponse(answerThrown(thrown, (error) => env.onError(error, at('permission', request))));
}

/** The permission check, then the handler when allowed; a check that throws answers its error. */
function authorizeAndRun(
  endpoint: CompiledEndpoint,
  request: RestRequest,
  context: RestContext,
  env: DispatchEnv,
): MaybePromise<RestResponse> {
  let denied: MaybePromise<RestError | null>;
  try {
    denied = checkPermission(endpoint, request.method, request, context);
  } catch (thrown) {
    return permissionFailure(thrown, request, env);
  }
  if (denied instanceof Promise) return runWhenAllowed(denied, endpoint, request, context, env);
  return denied ? errorResponse(denied) : runHandler(endpoint, request, context, env);
}

/** The handler once an async permission check allows it; a refusal or rejection answers its error. */
function runWhenAllowed(
  denied: Promise<RestError | null>,
  endpoint: CompiledEndpoint,
  request: RestRequest,
  context: RestContext,
  env: DispatchEnv,
): Promise<RestResponse> {
  return denied.then(
    (error) => (error ? errorResponse(error) : runHandler(endpoint, request, context, env)),
    (thrown: unknown) => permissionFailure(thrown, request, env),
  );
}

/** A matched request with its params checked: the request, or the error that refused it. */
export interface Validated {
  request: RestRequest;
  error: RestError | null;
}

/**
 * The request a match makes, with its params checked and sanitized (`has_valid_params` +
 * `sanitize_params`); with `check` false, the request as it came, unchecked.
 */
export function validateMatched(input: DispatchInput, match: RouteMatch, check = true): Validated {
  const sources: ParamSources = {
    json: null,
    body: null,
    query: input.query,
    url: match.params,
    defaults: defaultSource(match.endpoint.plan),
  };
  const body = input.loadBody();
  let error: RestError | null = null;
  let json: unknown;
  let rawBody: Uint8Array | string | undefined;
  if (isRestError(body)) {
    error = body;
  } else {
    json = body.json;
    rawBody = body.raw;
    if (body.isJson) sources.json = toParamObject(body.json);
    if (BODY_METHODS.has(input.method)) sources.body = body.form;
    if (check) error = applyArgs(match.endpoint.plan, sources);
  }
  return { request: buildRequest(input, match.route, sources, input.user, json, rawBody), error };
}

/**
 * `respond_to_request` + `rest_post_dispatch`: a validated request's permission check and
 * handler (or its validation error), then `Allow` and `_fields`.
 */
export function respondTo(
  match: RouteMatch,
  validated: Validated,
  input: DispatchInput,
  context: RestContext,
  env: DispatchEnv,
): MaybePromise<Dispatched> {
  const { request, error } = validated;
  const { beforeHandler, afterHandler } = env.hooks;
  const answered: MaybePromise<RestResponse> = error
    ? errorResponse(error)
    : beforeHandler === null && afterHandler === null
      ? authorizeAndRun(match.endpoint, request, context, env)
      : withHandlerHooks(match.endpoint, request, context, env);
  return answered instanceof Promise
    ? finishWhenAnswered(answered, match.route, request, input, context)
    : finish(answered, match.route, request, input, context);
}

/** {@link finish} once an async answer settles. */
function finishWhenAnswered(
  answered: Promise<RestResponse>,
  route: CompiledRoute,
  request: RestRequest,
  input: DispatchInput,
  context: RestContext,
): Promise<Dispatched> {
  return answered.then((response) => finish(response, route, request, input, context));
}

/** The permission check and handler between the `beforeHandler` and `afterHandler` hooks. */
function withHandlerHooks(
  endpoint: CompiledEndpoint,
  request: RestRequest,
  context: RestContext,
  env: DispatchEnv,
): MaybePromise<RestResponse> {
  const { beforeHandler, afterHandler } = env.hooks;
  const reportHook = (thrown: unknown) => env.onError(thrown, at('hook', request));
  let answered: MaybePromise<RestResponse> =
    beforeHandler === null
      ? authorizeAndRun(endpoint, request, context, env)
      : callHook(
          () => beforeHandler(request, context),
          (answer) => hookResponse(answer) ?? authorizeAndRun(endpoint, request, context, env),
          errorResponse,
          reportHook,
        );
  if (afterHandler !== null) {
    answered = settle(answered, (response) =>
      callHook(
        () => afterHandler(response, request, context),
        (replaced) => replacementOf(replaced) ?? response,
        errorResponse,
        reportHook,
      ),
    );
  }
  return answered;
}

/**
 * WordPress's `dispatch` + `respond_to_request` + `rest_post_dispatch`: OPTIONS, matching,
 * body errors, missing/invalid params, permission, the handler, then `Allow` and `_fields`.
 * Answers synchronously unless a permission check, handler or hook is async. Never throws or
 * rejects: a handler's thrown 4xx answers its status, anything else it throws the generic 500.
 */
export function dispatch(input: DispatchInput, env: DispatchEnv): MaybePromise<Dispatched> {
  const context = env.context(input.user);
  if (env.hooks.onRequest === null && env.hooks.onResponse === null) return route(input, context, env);
  return routeWithHooks(input, context, env);
}

/** {@link route} inside the `onRequest` and `onResponse` hooks. */
function routeWithHooks(input: DispatchInput, context: RestContext, env: DispatchEnv): MaybePromise<Dispatched> {
  return withDispatchHooks(input, context, env, () => route(input, context, env));
}

/**
 * `rest_pre_dispatch` and `rest_post_dispatch` around `run`, as WordPress applies them to a
 * request and to each batch item: `onRequest` may answer in its place, `onResponse` sees the answer.
 */
export function withDispatchHooks(
  input: DispatchInput,
  context: RestContext,
  env: DispatchEnv,
  run: () => MaybePromise<Dispatched>,
): MaybePromise<Dispatched> {
  const { onRequest, onResponse } = env.hooks;
  if (onRequest === null && onResponse === null) return run();
  const incoming: IncomingRequest = {
    method: input.method,
    route: input.route,
    query: input.query,
    headers: input.headers,
    user: input.user,
    state: input.state,
  };
  const report = (thrown: unknown) => env.onError(thrown, { phase: 'hook', method: input.method, route: input.route });
  const failed = (error: RestError): Dispatched => ({ response: errorResponse(error), route: null, request: null });
  const routed =
    onRequest === null
      ? run()
      : callHook(
          () => onRequest(incoming, context),
          (answer): MaybePromise<Dispatched> => {
            const response = hookResponse(answer);
            return response ? { response, route: null, request: null } : run();
          },
          failed,
          report,
        );
  if (onResponse === null) return routed;
  return settle(routed, (dispatched) =>
    callHook(
      () => onResponse(dispatched.response, incoming, context),
      (replaced) => ({ ...dispatched, response: replacementOf(replaced) ?? dispatched.response }),
      (error) => ({ ...dispatched, response: errorResponse(error) }),
      report,
    ),
  );
}

/** OPTIONS, or matching then the matched request's answer. */
function route(input: DispatchInput, context: RestContext, env: DispatchEnv): MaybePromise<Dispatched> {
  if (input.method === 'OPTIONS') {
    const answered = optionsResponse(input, env);
    const route = answered.route;
    let request: RestRequest | null = null;
    if (route) {
      const sources: ParamSources = { json: null, body: null, query: input.query, url: answered.params, defaults: {} };
      request = buildRequest(input, route, sources, input.user, undefined);
    }
    return finish(answered.response, route, request, input, context);
  }

  const match = env.table.match(input.route, input.method);
  if (!match) return { response: errorResponse(noRoute()), route: null, request: null };
  return respondTo(match, validateMatched(input, match), input, context, env);
}

/** The JSON body as a parameter source: an object as is, a list by index, anything else empty. */
function toParamObject(json: unknown): Record<string, unknown> {
  if (Array.isArray(json)) return { ...json };
  if (typeof json === 'object' && json !== null) return json as Record<string, unknown>;
  return {};
}
