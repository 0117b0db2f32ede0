import { applyArgs, defaultSource, mergeParams, type ParamSources } from './args.js';
import { RestError, isRestError, toRestError } from './errors.js';
import { describeRoute } from './index-data.js';
import { RestResponse } from './response.js';
import { filterFields } from './response-data.js';
import type { CompiledEndpoint, CompiledRoute, RouteTable } from './route-table.js';
import type { RestContext, RestRequest, RestUser } from './types.js';

/** Body parameters of a request, as WordPress splits them. */
export interface BodyParams {
  /** The decoded JSON body when the content type is JSON (else undefined). */
  json: unknown;
  /** True when the content type is JSON, so the JSON source takes part (`is_json_content_type`). */
  isJson: boolean;
  /** Form parameters (urlencoded or multipart), or batch item bodies. */
  form: Record<string, unknown>;
}

/** One request as the dispatcher sees it: already resolved to a route, method overrides applied. */
export interface DispatchInput {
  method: string;
  route: string;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  /** Reads the body; only called once a route matched, so unknown routes answer 404 before a body error. */
  readBody: () => BodyParams | RestError;
  user: RestUser | null;
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
  onError(error: unknown, where: string): void;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WRITE_METHODS = BODY_METHODS;

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

/** WordPress's generic denial: 401 for anonymous users, 403 for signed-in ones. */
export function forbidden(user: RestUser | null): RestError {
  return new RestError('rest_forbidden', 'Sorry, you are not allowed to do that.', { status: user ? 403 : 401 });
}

/** Turns a permission function's answer into an error or null. */
function permissionVerdict(result: unknown, user: RestUser | null): RestError | null {
  if (result === true) return null;
  return isRestError(result) ? result : forbidden(user);
}

/**
 * Runs an endpoint's permission check. With none declared, reads are public and writes need
 * a signed-in user: a host must mark an anonymous write `public` on purpose. Answers
 * synchronously unless the endpoint's own check is async, so common requests pay no await.
 */
export function checkPermission(
  endpoint: CompiledEndpoint,
  method: string,
  request: RestRequest,
  context: RestContext,
): RestError | null | Promise<RestError | null> {
  const permission = endpoint.permission;
  if (permission === 'public') return null;
  if (permission === undefined) return WRITE_METHODS.has(method) && !context.user ? forbidden(context.user) : null;
  if (typeof permission === 'string') return context.user?.can(permission) ? null : forbidden(context.user);
  const result = permission(request, context);
  return result instanceof Promise ? result.then((r) => permissionVerdict(r, context.user)) : permissionVerdict(result, context.user);
}

function buildRequest(input: DispatchInput, matched: CompiledRoute, sources: ParamSources, user: RestUser | null, json: unknown): RestRequest {
  return {
    method: input.method,
    route: input.route,
    matchedRoute: matched.key,
    params: mergeParams(sources),
    query: sources.query,
    body: sources.body ?? {},
    json,
    urlParams: sources.url,
    defaults: sources.defaults,
    headers: input.headers,
    user,
  };
}

/** Whether a permission check allows the method; a check that throws denies it. */
function allows(endpoint: CompiledEndpoint, method: string, request: RestRequest, context: RestContext): boolean | Promise<boolean> {
  try {
    const denied = checkPermission(endpoint, method, request, context);
    return denied instanceof Promise ? denied.then((d) => d === null, () => false) : denied === null;
  } catch {
    return false;
  }
}

/** `rest_send_allow_header`: the matched route's methods the current user may use. */
function allowHeader(route: CompiledRoute, request: RestRequest, context: RestContext): string | null | Promise<string | null> {
  const verdicts: Array<[string, boolean | Promise<boolean>]> = [];
  let pending = false;
  for (const endpoint of route.endpoints) {
    for (const method of endpoint.methods) {
      const verdict = allows(endpoint, method, request, context);
      if (verdict instanceof Promise) pending = true;
      verdicts.push([method, verdict]);
    }
  }
  const render = (settled: Array<[string, boolean]>): string | null => {
    let header: string | null = null;
    // Registration refuses a method on two endpoints of a route, so each appears once.
    for (const [method, ok] of settled) if (ok) header = header === null ? method : `${header}, ${method}`;
    return header;
  };
  if (!pending) return render(verdicts as Array<[string, boolean]>);
  return Promise.all(verdicts.map(async ([m, v]) => [m, await v] as [string, boolean])).then(render);
}

function optionsResponse(input: DispatchInput, env: DispatchEnv): { response: RestResponse; route: CompiledRoute | null; params: Record<string, string> } {
  const found = env.table.matchPath(input.route);
  if (!found) return { response: new RestResponse([], 200), route: null, params: {} };
  return { response: new RestResponse(describeRoute(found.entry, 'help', env.restUrl) ?? [], 200), route: found.entry, params: found.params };
}

/**
 * WordPress's `dispatch` + `respond_to_request` + `rest_post_dispatch`: OPTIONS, matching,
 * body errors, missing/invalid params, permission, the handler, then `Allow` and `_fields`.
 * Never throws: anything a handler throws becomes a generic 500.
 */
export async function dispatch(input: DispatchInput, env: DispatchEnv): Promise<Dispatched> {
  const context = env.context(input.user);
  let response: RestResponse;
  let route: CompiledRoute | null;
  let request: RestRequest | null = null;

  if (input.method === 'OPTIONS') {
    const answered = optionsResponse(input, env);
    response = answered.response;
    route = answered.route;
    if (route) {
      const sources: ParamSources = { json: null, body: null, query: input.query, url: answered.params, defaults: {} };
      request = buildRequest(input, route, sources, input.user, undefined);
    }
  } else {
    const match = env.table.match(input.route, input.method);
    if (!match) {
      const error = new RestError('rest_no_route', 'No route was found matching the URL and request method.', { status: 404 });
      return { response: errorResponse(error), route: null, request: null };
    }
    route = match.route;
    const body = input.readBody();
    const sources: ParamSources = {
      json: null,
      body: null,
      query: input.query,
      url: match.params,
      defaults: defaultSource(match.endpoint.plan),
    };
    let error: RestError | null = null;
    let json: unknown;
    if (isRestError(body)) {
      error = body;
    } else {
      json = body.json;
      if (body.isJson) sources.json = toParamObject(body.json);
      if (BODY_METHODS.has(input.method)) sources.body = body.form;
      error = applyArgs(match.endpoint.plan, sources);
    }
    request = buildRequest(input, route, sources, input.user, json);
    if (!error) {
      try {
        const denied = checkPermission(match.endpoint, input.method, request, context);
        error = denied instanceof Promise ? await denied : denied;
      } catch (thrown) {
        env.onError(thrown, `permission check of ${input.method} ${route.key}`);
        error = toRestError(thrown);
      }
    }
    if (error) {
      response = errorResponse(error);
    } else {
      try {
        const result = match.endpoint.handler(request, context);
        response = ensureResponse(result instanceof Promise ? await result : result);
      } catch (thrown) {
        if (!isRestError(thrown)) env.onError(thrown, `${input.method} ${route.key}`);
        response = errorResponse(toRestError(thrown));
      }
    }
  }

  if (route && request) {
    const pendingAllow = allowHeader(route, request, context);
    const allow = pendingAllow instanceof Promise ? await pendingAllow : pendingAllow;
    if (allow) response.header('Allow', allow);
  }
  const fields = request?.params._fields ?? input.query._fields;
  if (fields !== undefined && response.status < 400) response.data = filterFields(response.data, fields);
  return { response, route, request };
}

/** The JSON body as a parameter source: an object as is, a list by index, anything else empty. */
function toParamObject(json: unknown): Record<string, unknown> {
  if (Array.isArray(json)) return { ...json };
  if (typeof json === 'object' && json !== null) return json as Record<string, unknown>;
  return {};
}
