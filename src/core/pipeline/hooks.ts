// The extension points where WordPress has filters. Each is `null` when the host gave none, so
// a request pays one check per point and stays synchronous unless a hook is async.
import { isRestError, type RestError } from '../errors/rest-error.js';
import { answerThrown } from '../errors/to-rest-error.js';
import { RestResponse } from '../http/response.js';
import type { RestContext, RestRequest, RestUser } from '../types.js';
import { settle, type MaybePromise } from './maybe-async.js';

/** A request as it arrives at dispatch, before a route is matched (what `rest_pre_dispatch` sees). */
export interface IncomingRequest {
  /** Effective method (after `_method` / `X-HTTP-Method-Override`). */
  method: string;
  /** The route text asked for, e.g. `/core/v2/posts/5`. */
  route: string;
  /** Query-string parameters. */
  query: Record<string, unknown>;
  /** Request headers, lower-cased names. */
  headers: Record<string, string>;
  /** The signed-in user, or null. */
  user: RestUser | null;
  /** This request's own data; the same object its {@link RestRequest.state} becomes. */
  state: Record<string, unknown>;
}

/** What a hook that may answer in place of the pipeline returns: nothing to go on, or the answer. */
export type HookAnswer = RestResponse | RestError | undefined | void;

/** What a hook that may replace the answer returns: nothing to keep it, or the new one. */
export type HookReplacement = RestResponse | undefined | void;

/**
 * Hooks around each request, top-level and batch item alike, in WordPress's filter order. A hook
 * that throws or rejects answers as a handler that does (a 4xx its status, anything else the
 * generic 500), reported to `onError` with phase `'hook'`.
 */
export interface RestHooks {
  /** Before routing (`rest_pre_dispatch`): an answer returned here is the request's answer. */
  onRequest?: (request: IncomingRequest, context: RestContext) => MaybePromise<HookAnswer>;
  /** After the args passed, before the permission check (`rest_request_before_callbacks`): an answer returned here skips both. */
  beforeHandler?: (request: RestRequest, context: RestContext) => MaybePromise<HookAnswer>;
  /** After the permission check and handler, errors included (`rest_request_after_callbacks`): may replace the answer. */
  afterHandler?: (response: RestResponse, request: RestRequest, context: RestContext) => MaybePromise<HookReplacement>;
  /** Last, after `Allow` and `_fields` (`rest_post_dispatch`): may add headers or replace the answer. */
  onResponse?: (response: RestResponse, request: IncomingRequest, context: RestContext) => MaybePromise<HookReplacement>;
}

/** The hooks as the pipeline keeps them: each present or null. */
export interface HookSet {
  onRequest: NonNullable<RestHooks['onRequest']> | null;
  beforeHandler: NonNullable<RestHooks['beforeHandler']> | null;
  afterHandler: NonNullable<RestHooks['afterHandler']> | null;
  onResponse: NonNullable<RestHooks['onResponse']> | null;
}

/** The hooks of the server options, checked once. */
export function hookSet(hooks: RestHooks): HookSet {
  const set: HookSet = {
    onRequest: hooks.onRequest ?? null,
    beforeHandler: hooks.beforeHandler ?? null,
    afterHandler: hooks.afterHandler ?? null,
    onResponse: hooks.onResponse ?? null,
  };
  for (const [name, hook] of Object.entries(set)) {
    if (hook !== null && typeof hook !== 'function') throw new TypeError(`site-rest: the ${name} option must be a function`);
  }
  return set;
}

/** A hook's answer as a response, or null to go on. */
export function hookResponse(answer: HookAnswer): RestResponse | null {
  if (answer === undefined) return null;
  if (isRestError(answer)) return new RestResponse(answer.toJSON(), answer.status);
  if (answer instanceof RestResponse) return answer;
  throw new TypeError('site-rest: a hook answered something other than a RestResponse, a RestError or nothing');
}

/** A replacing hook's answer: the new response, or null to keep the one there is. */
export function replacementOf(value: HookReplacement): RestResponse | null {
  if (value === undefined) return null;
  if (value instanceof RestResponse) return value;
  throw new TypeError('site-rest: a hook answered something other than a RestResponse or nothing');
}

/**
 * Calls a hook and continues with `use`; a hook that throws or rejects (or whose answer `use`
 * refuses) answers `failed` instead. A thrown {@link RestError} answers itself, unreported.
 */
export function callHook<T, R>(
  call: () => MaybePromise<T>,
  use: (value: T) => MaybePromise<R>,
  failed: (error: RestError) => R,
  report: (thrown: unknown) => void,
): MaybePromise<R> {
  const fail = (thrown: unknown): R => failed(answerThrown(thrown, report));
  let value: MaybePromise<T>;
  try {
    value = call();
  } catch (thrown) {
    return fail(thrown);
  }
  return settle(
    value,
    (v) => {
      try {
        return use(v);
      } catch (thrown) {
        return fail(thrown);
      }
    },
    fail,
  );
}
