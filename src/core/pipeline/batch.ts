import { batchNotAllowed, batchPathTooLong, batchPathUnparsable, noRoute } from '../errors/catalogue.js';
import {
  errorResponse,
  respondTo,
  validateMatched,
  withDispatchHooks,
  type DispatchEnv,
  type DispatchInput,
  type Validated,
} from './dispatch.js';
import { RestError } from '../errors/rest-error.js';
import { normalizeHeaders } from '../http/headers.js';
import { inOrder, settle, type MaybePromise } from './maybe-async.js';
import { setOwn } from '../own-property.js';
import { parsePhpQuery } from '../php/query.js';
import { RestResponse } from '../http/response.js';
import { envelope } from '../http/response-data.js';
import type { RouteMatch } from '../routing/route-table.js';
import type { AllowBatch, RestContext, RestRequest, RouteDefinition } from '../types.js';
import { partOf, type RequestEnd } from './request-end.js';

/** WordPress's default `rest_get_max_batch_size`. */
export const DEFAULT_MAX_BATCH_SIZE = 25;

/**
 * Longest item path a batch reads. WordPress has no limit, but matching a path against route
 * regexes such as its own `/wp/v2/templates/(?P<id>…)` costs time quadratic in its length.
 */
const MAX_ITEM_PATH_LENGTH = 2048;

/** One item of a batch as its args schema leaves it. */
interface BatchItem {
  method?: string;
  path: string;
  body?: Record<string, unknown> | unknown[];
  headers?: Record<string, unknown>;
}

/** One item on its way: what it asks, what it matched, and what validation said. */
interface PlannedItem {
  input: DispatchInput | null;
  match: RouteMatch | null;
  validated: Validated | null;
  /** Why it cannot run: an unparseable path, no route, no `allow_batch`, or bad params. */
  error: RestError | null;
}

/** An item's answer in the batch body: `{body, status, headers}`. */
type ItemAnswer = ReturnType<typeof envelope>;

const AUTHORITY = /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/?#]*)(.*)$/is;
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i;

/**
 * The path and query string of an item's `path`, as PHP's `parse_url` splits them; null where
 * `parse_url` fails (an empty host as in `http:///x`, a bad port). WordPress takes only the
 * path of an absolute URL, so `http://example.com/wp-json/x` addresses route `/wp-json/x`.
 */
function parseItemPath(text: string): { path: string; query: string } | null {
  let rest = text;
  const authority = AUTHORITY.exec(text);
  if (authority) {
    const hostPort = authority[1]!.slice(authority[1]!.lastIndexOf('@') + 1);
    const port = /^(?:\[[^\]]*\]|[^:]*)(?::(.*))?$/s.exec(hostPort)?.[1];
    if (hostPort === '' || hostPort.startsWith(':')) return null;
    if (port !== undefined && port !== '' && (!/^\d{1,5}$/.test(port) || Number(port) > 65535)) return null;
    rest = authority[2]!;
  } else {
    rest = rest.replace(SCHEME, '');
  }
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const q = rest.indexOf('?');
  return q < 0 ? { path: rest, query: '' } : { path: rest.slice(0, q), query: rest.slice(q + 1) };
}

/** Whether an endpoint (or else its route) opted into batch v1, as `allow_batch => ['v1' => true]`. */
function batchAllowed(match: RouteMatch): boolean {
  const allow: AllowBatch | undefined = match.endpoint.allowBatch ?? match.route.allowBatch;
  return allow === true || (typeof allow === 'object' && allow !== null && allow.v1 === true);
}

/** Item headers: string values (and lists of strings) only; anything else is ignored, as WordPress. */
function itemHeaders(headers: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))) setOwn(out, name, value);
  }
  return normalizeHeaders(out);
}

function itemBody(body: BatchItem['body']): Record<string, unknown> {
  if (Array.isArray(body)) return { ...body };
  return body ?? {};
}

/** An item refused before it could be matched. */
function unplanned(error: RestError): PlannedItem {
  return { input: null, match: null, validated: null, error };
}

/** Parses, matches and validates one item: everything WordPress does before running any. */
function planItem(item: BatchItem, user: RestRequest['user'], env: DispatchEnv, end: RequestEnd): PlannedItem {
  if (item.path.length > MAX_ITEM_PATH_LENGTH) {
    return unplanned(batchPathTooLong(MAX_ITEM_PATH_LENGTH));
  }
  const parsed = parseItemPath(item.path);
  if (!parsed) return unplanned(batchPathUnparsable());
  const form = itemBody(item.body);
  const input: DispatchInput = {
    method: item.method ?? 'POST',
    route: parsed.path,
    query: parsed.query ? parsePhpQuery(parsed.query) : {},
    headers: itemHeaders(item.headers),
    loadBody: () => ({ json: undefined, isJson: false, form }),
    user,
    state: {},
    end,
  };
  const match = env.table.match(input.route, input.method);
  if (!match) return { input, match: null, validated: null, error: noRoute() };
  if (!batchAllowed(match)) {
    return { input, match, validated: validateMatched(input, match, false), error: batchNotAllowed() };
  }
  const validated = validateMatched(input, match);
  return { input, match, validated, error: validated.error };
}

/** Runs one planned item through permission, handler, `Allow` and `_fields`, as a top-level request. */
function runItem(planned: PlannedItem, context: RestContext, env: DispatchEnv): MaybePromise<ItemAnswer> {
  const { input, match, validated, error } = planned;
  if (!input) return envelope(errorResponse(error!));
  const outcome = withDispatchHooks(input, context, env, () =>
    match && validated
      ? respondTo(match, { request: validated.request, error }, input, context, env)
      : { response: errorResponse(error!), route: null, request: null },
  );
  return settle(outcome, (dispatched) => envelope(dispatched.response));
}

/**
 * `POST /batch/v1` (WordPress's `serve_batch_request_v1`). Every item is parsed, matched,
 * checked for `allow_batch.v1` and validated first; with `validation: "require-all-validate"`
 * one failure stops them all. Then the items run in order through the same permission check,
 * handler and `Allow`/`_fields` steps as a top-level request, as the batch's user, never
 * through an adapter. The answer is always 207 with one `{body, status, headers}` per item.
 */
export function createBatchRoute(maxBatchSize: number, env: DispatchEnv): RouteDefinition {
  return {
    path: '/batch/v1',
    endpoints: [
      {
        methods: 'POST',
        summary: 'Run a batch of requests',
        permission: 'public',
        args: {
          validation: { type: 'string', enum: ['require-all-validate', 'normal'], default: 'normal' },
          requests: {
            required: true,
            type: 'array',
            maxItems: maxBatchSize,
            items: {
              type: 'object',
              properties: {
                method: { type: 'string', enum: ['POST', 'PUT', 'PATCH', 'DELETE'], default: 'POST' },
                path: { type: 'string', required: true },
                body: { type: 'object', properties: [], additionalProperties: true },
                headers: { type: 'object', properties: [], additionalProperties: { type: ['string', 'array'], items: { type: 'string' } } },
              },
            },
          },
        },
        handler: (request, context) => {
          const end = partOf(request);
          const items = (request.params.requests as BatchItem[]).map((item) => planItem(item, context.user, env, end));
          if (request.params.validation === 'require-all-validate' && items.some((item) => item.error)) {
            const responses = items.map((item) => (item.error ? envelope(errorResponse(item.error)) : null));
            return new RestResponse({ failed: 'validation', responses }, 207);
          }
          return settle(
            inOrder(items, (item) => runItem(item, context, env)),
            (responses) => new RestResponse({ responses }, 207),
          );
        },
      },
    ],
  };
}
