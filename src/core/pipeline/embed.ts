// `_embed`, as WordPress's `serve_request` applies it after `rest_post_dispatch`: each
// embeddable link of the answer is dispatched as an internal GET with `context=embed`, as the
// same user, and its answer put under `_embedded` (`response_to_data` + `embed_links`).
import { embedLimit } from '../errors/catalogue.js';
import { RestResponse } from '../http/response.js';
import { responseToData } from '../http/response-data.js';
import { isPlainObject, setOwn } from '../own-property.js';
import { parsePhpQuery } from '../php/query.js';
import { phpRtrim } from '../php/strings.js';
import { isEmpty, isPhpArray, isScalar, phpValues } from '../php/values.js';
import { parseList } from '../schema/coerce.js';
import type { RestUser } from '../types.js';
import { dispatch, type DispatchEnv } from './dispatch.js';
import { inOrder, settle, type MaybePromise } from './maybe-async.js';
import type { RequestEnd } from './request-end.js';

/**
 * Most distinct links one answer embeds. WordPress has no cap, but each link is a dispatch, so
 * without one a request would fan out as far as the answer links.
 */
const MAX_EMBEDDED = 100;

/** The relations `_embed` asks for: every one (`true`), or those named. */
export type EmbedRelations = true | string[];

/** `rest_parse_embed_param`: empty, `1` and `true` embed every relation; else a `wp_parse_list` of them. */
export function parseEmbedParam(value: unknown): EmbedRelations {
  if (isEmpty(value) || value === 'true' || value === '1') return true;
  const listed = isScalar(value) ? parseList(value) : isPhpArray(value) ? phpValues(value) : [];
  // `in_array( $rel, $embed, true )` only ever matches strings.
  const rels = listed.filter((rel): rel is string => typeof rel === 'string');
  return rels.length > 0 ? rels : true;
}

/** The GET an embeddable link turns into. */
interface EmbedTarget {
  route: string;
  query: Record<string, unknown>;
}

/**
 * `WP_REST_Request::from_url`: a link below the API root (pretty URLs only), or any link with a
 * non-empty `rest_route`, as a GET with the link's query; null for anything else.
 */
function requestFromUrl(href: string, apiRoot: string): EmbedTarget | null {
  const hash = href.indexOf('#');
  const url = hash < 0 ? href : href.slice(0, hash);
  const q = url.indexOf('?');
  const query: Record<string, unknown> = q < 0 ? {} : parsePhpQuery(url.slice(q + 1));
  let route: unknown;
  // A root with a query string is WordPress's plain-permalink form, where only `rest_route` counts.
  if (!apiRoot.includes('?') && url.startsWith(apiRoot)) {
    const part = url.slice(phpRtrim(apiRoot, '/').length);
    route = q < 0 ? part : part.slice(0, part.indexOf('?'));
  } else if (!isEmpty(query.rest_route)) {
    route = query.rest_route;
    delete query.rest_route;
  }
  if (typeof route !== 'string' || isEmpty(route)) return null;
  // Embedded resources get `context=embed` unless the link names one.
  if (isEmpty(query.context)) query.context = 'embed';
  return { route, query };
}

/** One relation of one item: its links' hrefs in order, null where a link is not embedded. */
type PlannedRel = [rel: string, hrefs: Array<string | null>];

/** The relations of an item's `_links` that `_embed` asks for; null when it has no links. */
function planItem(
  item: unknown,
  wanted: ReadonlySet<string> | null,
  targets: Map<string, EmbedTarget | null>,
  apiRoot: string,
): PlannedRel[] | null {
  if (!isPlainObject(item) || !isPlainObject(item._links)) return null;
  const planned: PlannedRel[] = [];
  for (const [rel, links] of Object.entries(item._links)) {
    if (wanted !== null && !wanted.has(rel)) continue;
    if (!Array.isArray(links)) continue;
    planned.push([
      rel,
      links.map((link: unknown) => {
        if (!isPlainObject(link) || isEmpty(link.embeddable) || typeof link.href !== 'string') return null;
        if (!targets.has(link.href)) targets.set(link.href, requestFromUrl(link.href, apiRoot));
        return targets.get(link.href) ? link.href : null;
      }),
    ]);
  }
  return planned;
}

/** `embed_links` for one item: `_embedded` holds each relation with at least one non-empty answer. */
function withEmbedded(item: unknown, planned: PlannedRel[] | null, answers: Map<string, unknown>): unknown {
  if (planned === null) return item;
  const embedded: Record<string, unknown> = {};
  let any = false;
  for (const [rel, hrefs] of planned) {
    // A link WordPress does not follow keeps its place as an empty array.
    const entries = hrefs.map((href) => (href === null ? [] : answers.get(href)));
    if (!entries.some((entry) => !isEmpty(entry))) continue;
    setOwn(embedded, rel, entries);
    any = true;
  }
  return any ? { ...(item as Record<string, unknown>), _embedded: embedded } : item;
}

/**
 * The answer as `response_to_data` with embedding makes it: `_links` folded into the data and
 * `_embedded` beside it, on the object or on each item of a list. Each distinct href is
 * dispatched once, in order of first appearance, through the whole pipeline as `user`; past
 * {@link MAX_EMBEDDED} links answer `rest_embed_limit` instead. Embedded answers embed nothing.
 */
export function embedLinks(
  response: RestResponse,
  rels: EmbedRelations,
  user: RestUser | null,
  env: DispatchEnv,
  end: RequestEnd,
): MaybePromise<RestResponse> {
  const data = responseToData(response);
  const items = Array.isArray(data) ? data : [data];
  const apiRoot = env.context(user).restUrl('/');
  const targets = new Map<string, EmbedTarget | null>();
  // A set, so a long `_embed` list costs one look-up per relation, not one per name asked.
  const wanted = rels === true ? null : new Set(rels);
  const plans = items.map((item) => planItem(item, wanted, targets, apiRoot));
  const hrefs = [...targets.keys()].filter((href) => targets.get(href));
  const answered = inOrder(hrefs.slice(0, MAX_EMBEDDED), (href) => {
    const { route, query } = targets.get(href)!;
    const input = { method: 'GET', route, query, headers: {}, loadBody: noBody, user, state: {}, end };
    return settle(dispatch(input, env), (dispatched) => responseToData(dispatched.response));
  });
  return settle(answered, (bodies) => {
    const answers = new Map<string, unknown>(
      hrefs.map((href, i) => [href, i < bodies.length ? bodies[i] : embedLimit(MAX_EMBEDDED).toJSON()]),
    );
    const out = plans.map((planned, i) => withEmbedded(items[i], planned, answers));
    return new RestResponse(Array.isArray(data) ? out : out[0], response.status, response.headers);
  });
}

const noBody = () => ({ json: undefined, isJson: false, form: {} });
