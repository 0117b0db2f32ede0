import type { RestError } from '../errors/rest-error.js';
import { utf8Encodable } from '../php/strings.js';
import type { RestResponse } from '../http/response.js';
import { resolveRestRoute, type RouteResolverOptions } from '../routing/rest-route.js';
import type { RawRequest, RawResponse, RestUser } from '../types.js';
import { serve } from './entry.js';
import type { ServerEnv } from './environment.js';
import { requestEnd } from './request-end.js';

/** A request for {@link RestServer.inject}: an API route with its parts, no socket and no adapter. */
export interface InjectRequest {
  /** HTTP method (default GET). */
  method?: string;
  /**
   * The API route, e.g. `/shop/v1/products/7`, or a URL path a client would send: with the API
   * root (`/wp-json/shop/v1/products/7`) or as `/?rest_route=/shop/v1/products/7`. May carry a query string.
   */
  path: string;
  /** Query parameters, encoded as PHP's `http_build_query` would (`a[0]=1&a[1]=2`). */
  query?: Record<string, unknown>;
  /** The body: an object or array is sent as JSON; a string is sent as it is (set `Content-Type`). */
  body?: unknown;
  /** Request headers. */
  headers?: Record<string, string>;
  /** Run as this user (null for anonymous) instead of authenticating the request's headers. */
  user?: RestUser | null;
}

/** What a client receives from handler `H` when it succeeds: its data, unwrapped from a {@link RestResponse}, errors left out. */
export type HandlerData<H extends (...args: never[]) => unknown> =
  Exclude<Awaited<ReturnType<H>>, RestError> extends infer D ? (D extends RestResponse<infer T> ? T : D) : never;

/**
 * What {@link RestServer.inject} answers: the response as a client would see it, its `data` typed
 * as `T` (say `HandlerData<typeof getProduct>`) when the answer is a success.
 */
export interface InjectResponse<T = unknown> {
  /** HTTP status. */
  status: number;
  /** Response headers, in WordPress's capitalisation when listed; read in any case (`headers['x-wp-total']`). */
  headers: Record<string, string | string[]>;
  /** The JSON body decoded when first read (WordPress's `{code, message, data}` when `status` is 400 or more), or null when the body is empty or not JSON. */
  data: T;
  /** The body text. */
  body: string;
}

/** PHP's `http_build_query`: nested lists and objects as `key[sub]=value`, booleans as 1/0, null left out. */
function buildPhpQuery(query: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === null || value === undefined) return;
    if (typeof value === 'object') {
      for (const [sub, item] of Object.entries(value as Record<string, unknown>)) add(`${key}[${sub}]`, item);
      return;
    }
    // Functions and symbols have no place in a query string; PHP never receives them.
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint' && typeof value !== 'boolean') return;
    const text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
    // A lone surrogate has no UTF-8 form: it arrives as U+FFFD, as from a client's bytes.
    parts.push(`${encodeURIComponent(utf8Encodable(key))}=${encodeURIComponent(utf8Encodable(text))}`);
  };
  for (const [key, value] of Object.entries(query)) add(key, value);
  return parts.join('&');
}

/** `RestServer.inject`: the request through the whole pipeline from its entry, as `request.user` when given. */
export async function inject<T>(env: ServerEnv, request: InjectRequest): Promise<InjectResponse<T>> {
  const answer = await serve(env, injectedRawRequest(request, env.routeRoot), undefined, request.user, requestEnd());
  // The URL is built below the API root, so the core always answers it.
  return injectedResponse(answer!);
}

/**
 * The raw request an injected one stands for: its path as a client would send it when it already
 * addresses the API, else taken as a route below the server's API root.
 */
function injectedRawRequest(request: InjectRequest, routeRoot: RouteResolverOptions): RawRequest {
  const path = request.path.startsWith('/') ? request.path : `/${request.path}`;
  const extra = request.query ? buildPhpQuery(request.query) : '';
  const full = `${path}${extra ? (path.includes('?') ? '&' : '?') + extra : ''}`;
  const url = resolveRestRoute(full, routeRoot) !== null ? full : `/${routeRoot.apiRoot}${full}`;
  const headers: Record<string, string> = { ...request.headers };
  let body: string | undefined;
  if (typeof request.body === 'string') body = request.body;
  else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
  }
  return { method: (request.method ?? 'GET').toUpperCase(), url, headers, body };
}

/** The JSON of a body decoded, or null when it is empty or not JSON. */
function decoded(body: string): unknown {
  if (body === '') return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

/**
 * The answer as {@link InjectResponse}, its JSON decoded when `data` is first read: decoding is
 * the client's work, which a caller looking only at the status, headers or body never asks for.
 */
function injectedResponse<T>(answer: RawResponse): InjectResponse<T> {
  const body = answer.body;
  let data: unknown;
  let read = false;
  // The JSON is the handler's data only as far as `T` says; the caller chose `T`.
  return {
    status: answer.status,
    headers: anyCase(answer.headers),
    get data(): T {
      if (!read) {
        data = decoded(body);
        read = true;
      }
      return data as T;
    },
    set data(value: T) {
      data = value;
      read = true;
    },
    body,
  };
}

/**
 * The headers as they are (keys, `toEqual`, spreading unchanged), with a read in any case finding
 * the header, as HTTP names are case-insensitive: `headers['x-wp-total']` is `headers['X-WP-Total']`.
 */
function anyCase(headers: Record<string, string | string[]>): Record<string, string | string[]> {
  const names = new Map<string, string>();
  for (const name of Object.keys(headers)) names.set(name.toLowerCase(), name);
  const actual = (key: string | symbol): string | symbol =>
    typeof key === 'string' && !Object.hasOwn(headers, key) ? (names.get(key.toLowerCase()) ?? key) : key;
  return new Proxy(headers, {
    get: (target, key): unknown => Reflect.get(target, actual(key)) as unknown,
    has: (target, key) => Reflect.has(target, actual(key)),
  });
}
