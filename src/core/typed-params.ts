// Types a handler's params from the args and path it is declared with, the way Fastify's type
// providers and Hono's `ParamKeys` do: write the descriptors `as const` (or through `args()`),
// and `request.params.count` is a number, an enum a union of its literals, a path's `:id` a key.

import type { RestError } from './errors/rest-error.js';
import type { ArgSchema } from './schema/types.js';
import type { EndpointDefinition, HandlerResult, RestContext, RestRequest, RouteDefinition } from './types.js';

/** The value type of a JSON-Schema type name. */
type ValueOfType<T> = T extends 'string'
  ? string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? unknown[]
          : T extends 'object'
            ? Record<string, unknown>
            : unknown;

/** An object schema's properties, typed; WordPress's draft-3 `required: true` inside makes one required. */
type PropertiesOf<P> = {
  [K in keyof P as P[K] extends { required: true } ? K : never]: ArgValue<P[K]>;
} & {
  [K in keyof P as P[K] extends { required: true } ? never : K]?: ArgValue<P[K]>;
};

/** The value a validated, sanitized arg has for its descriptor `S`; a `sanitizeCallback` decides it alone (an error it answers is reported, never passed on). */
export type ArgValue<S> = S extends { sanitizeCallback: (...args: never[]) => infer R }
  ? Exclude<R, RestError>
  : S extends { enum: readonly (infer E)[] }
    ? E
    : S extends { type: 'array'; items: infer I }
      ? ArgValue<I>[]
      : S extends { type: 'object'; properties: infer P }
        ? PropertiesOf<P> & Record<string, unknown>
        : S extends { type: readonly (infer T)[] }
          ? ValueOfType<T>
          : S extends { type: infer T }
            ? ValueOfType<T>
            : unknown;

/** Whether the request always has the arg: it is required, or has a default other than null. */
type IsPresent<S> = S extends { required: true }
  ? true
  : S extends { default: infer D }
    ? D extends null | undefined
      ? false
      : true
    : false;

/** The params of a handler whose endpoint declares `A`; other params stay readable as `unknown`. */
export type ParamsOf<A> = string extends keyof A
  ? Record<string, unknown>
  : { [K in keyof A as IsPresent<A[K]> extends true ? K : never]: ArgValue<A[K]> } & {
      [K in keyof A as IsPresent<A[K]> extends true ? never : K]?: ArgValue<A[K]>;
    } & Record<string, unknown>;

/** Names of `(?P<name>…)` groups in a WordPress route pattern. */
type RegexParamNames<P extends string> = P extends `${string}(?P<${infer Name}>${infer Rest}` ? Name | RegexParamNames<Rest> : never;

/** The name at the start of a path-to-regexp parameter: up to the next `/`, `.`, `-` or `}`. */
type NameUntil<S extends string> = S extends `${infer Name}/${string}`
  ? NameUntil<Name>
  : S extends `${infer Name}.${string}`
    ? NameUntil<Name>
    : S extends `${infer Name}-${string}`
      ? NameUntil<Name>
      : S extends `${infer Name}}${string}`
        ? NameUntil<Name>
        : S;

/** Names of `:name` and `*name` parameters in a path-to-regexp pattern. */
type ColonParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? NameUntil<Rest> | ColonParamNames<Rest>
  : P extends `${string}*${infer Rest}`
    ? NameUntil<Rest> | ColonParamNames<Rest>
    : never;

/** The parameter names a route path captures, in either pattern style. */
export type PathParamNames<P extends string> = string extends P
  ? string
  : RegexParamNames<P> | (P extends `${string}(?P<${string}` ? never : ColonParamNames<P>);

/** A handler's `urlParams`: each captured name, typed by its arg when the endpoint declares one, else the captured text. */
export type UrlParamsOf<P extends string, A> = string extends P
  ? Record<string, unknown>
  : { [K in PathParamNames<P>]: K extends keyof A ? ArgValue<A[K]> : string };

/** The request a handler declared with args `A` on path `P` receives. */
export type TypedRequest<P extends string, A> = RestRequest<ParamsOf<A>, UrlParamsOf<P, A>>;

/** An endpoint whose handler is typed by its own args and its route's path. */
export interface TypedEndpoint<P extends string, A> extends Omit<EndpointDefinition, 'args' | 'handler'> {
  /** Argument descriptors; their literal types type the handler's params. */
  args?: A;
  /** What it does, with `request.params` and `request.urlParams` typed. */
  handler(request: TypedRequest<P, A>, context: RestContext): HandlerResult | Promise<HandlerResult>;
}

/**
 * Argument descriptors kept with their literal types, so that a handler declared with them has
 * typed params: `const listArgs = args({ page: { type: 'integer', default: 1 } })`.
 */
export function args<const A extends Record<string, ArgSchema>>(descriptors: A): A {
  return descriptors;
}

/** The route {@link route} returns: a route whose endpoints are typed as written, so each handler keeps its param and result types. */
export type TypedRoute<P extends string, E> = Omit<RouteDefinition, 'path' | 'endpoints'> & { path: P; endpoints: Writable<E> };

/** `T` without `readonly`, a tuple kept a tuple. */
type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A route whose handlers are typed from its path and each endpoint's args: `request.urlParams.id`
 * from `/items/:id` or `(?P<id>\d+)`, `request.params.page` a number for `type: 'integer'`. It
 * returns the route as plain data, typed as written: `HandlerData<(typeof r)['endpoints'][0]['handler']>`
 * types what `inject` answers.
 *
 * `A` (each endpoint's args, which type its handler's request) and `E` (the endpoints as written,
 * results included) are inferred from the same list: `E` alone would give the handlers no request
 * type, `A` alone keeps no result.
 */
export function route<const P extends string, const A extends readonly unknown[], E>(
  definition: Omit<RouteDefinition, 'path' | 'endpoints'> & { path: P; endpoints: { [I in keyof A]: TypedEndpoint<P, A[I]> } } & {
    endpoints: E;
  },
): TypedRoute<P, E> {
  return definition;
}
