// Every upstream the design library calls (Kadence's pattern cloud, a third-party Kadence Cloud
// library, the Prophecy AI content and image service, the credits server, the analytics ping),
// behind one host callback: the call names its operation and carries the address, query, JSON
// body and `X-Prophecy-Token` the plugin would send, and the host answers the HTTP status and body
// text. Without a callback every call is unreachable, answered as the plugin answers a `WP_Error`
// from `wp_remote_*` on that route; no default ever contacts the network.
import type { JsonValue } from '../../store/types.js';
import type { ServiceDeclaration } from '../host-service.js';
import { recordedAnswer, type JsonObject } from '../recorded-double.js';

/** Kadence Blocks 3.5's upstream addresses, which the calls carry as `url`. */
export const DESIGN_LIBRARY_URLS = {
  /** The pattern cloud's sections (`library` other than `pages`). */
  patterns: 'https://patterns.startertemplatecloud.com/wp-json/kadence-cloud/v1/get/',
  /** The pattern cloud's section categories. */
  patternCategories: 'https://patterns.startertemplatecloud.com/wp-json/kadence-cloud/v1/categories/',
  /** The pattern cloud's pages (`library=pages`). */
  pages: 'https://patterns.startertemplatecloud.com/wp-json/kadence-cloud/v1/pages/',
  /** The pattern cloud's page categories. */
  pageCategories: 'https://patterns.startertemplatecloud.com/wp-json/kadence-cloud/v1/pages-categories/',
  /** One pattern's or page's content. */
  single: 'https://patterns.startertemplatecloud.com/wp-json/kadence-cloud/v1/single/',
  /** The Prophecy service: AI content jobs, images, verticals, intake proxy, analytics. */
  prophecy: 'https://content.startertemplatecloud.com/wp-json/prophecy/v1/',
  /** The credits server. */
  credits: 'https://content.startertemplatecloud.com/wp-json/kadence-credits/v1/',
} as const;

/** Query args as the plugin adds them to a GET address (`add_query_arg`: an absent value left out). */
export type DesignLibraryQuery = { [name: string]: string };

/** The fields every call has: what it is, and where and how the plugin sends it. */
interface CallBase<O extends string, M extends 'GET' | 'POST'> {
  /** Which upstream call this is (what a recorded double matches first). */
  operation: O;
  /** The HTTP method. */
  method: M;
  /** The plugin's address for it, without the query (a Kadence Cloud library's own address for `library_url` calls). */
  url: string;
}

/** A call that carries the `X-Prophecy-Token` header: base64 JSON of the site's domain, license key, site name and product. */
interface WithToken {
  /** The `X-Prophecy-Token` header's value. It holds the license key: send it, never show it. */
  token: string;
}

/**
 * One upstream call, by operation:
 * - `library`, `library-categories`: the pattern or page library, or a Kadence Cloud library's
 *   (`url` under its `library_url`), with `key`, `site` and for Kadence's own libraries the license args;
 * - `pattern-content`: one pattern or page (`type`, `key`, `id`, `site`, `style`, license args);
 * - `ai-create`: POST `content/create` for one AI `context` (its prompts and the wizard's answers);
 * - `ai-job`: GET `content/job/<job>` (409 while the job runs);
 * - `keywords`, `search-query`: the intake proxy's keyword suggestions and image search query;
 * - `verticals`: the industry list;
 * - `images-collection`, `images-search`: images for industries or for a search;
 * - `image-collections`: the list of image collections;
 * - `credits`: the remaining AI credits (`site`, `key`, `plugin_slug`);
 * - `event`: the analytics ping, sent without waiting for its answer.
 */
export type DesignLibraryCall =
  | (CallBase<'library' | 'library-categories' | 'pattern-content' | 'credits', 'GET'> & { query: DesignLibraryQuery })
  | (CallBase<'ai-create', 'POST'> & WithToken & { context: string; body: JsonObject })
  | (CallBase<'ai-job', 'GET'> & WithToken & { job: string })
  | (CallBase<'keywords' | 'search-query' | 'images-collection' | 'images-search' | 'event', 'POST'> & WithToken & { body: JsonObject })
  | (CallBase<'image-collections', 'GET'> & WithToken)
  | CallBase<'verticals', 'GET'>;

/** The operations a {@link DesignLibraryCall} may name. */
export type DesignLibraryOperation = DesignLibraryCall['operation'];

/** What the upstream answered: its HTTP status and its body as text, as `wp_remote_retrieve_body` gives it. */
export interface DesignLibraryAnswer {
  /** The HTTP status. */
  status: number;
  /** The body, as text (a JSON document for every call that answers one). */
  body: string;
}

/**
 * The host's way to the design library's upstreams. `request` may throw or be slow: each call is
 * made within the namespace's `designLibraryLimits` and `signal` aborts at the deadline. A host
 * that forwards `library` and `pattern-content` calls with a `library_url` reaches an address a
 * signed-in editor chose: fetch those as WordPress's `wp_safe_remote_get` does, refusing loopback,
 * private and link-local addresses.
 */
export interface DesignLibrary {
  /** Makes one upstream call and answers its status and body. */
  request(call: DesignLibraryCall, signal: AbortSignal): Promise<DesignLibraryAnswer>;
}

/**
 * What a call came to: the upstream's answer, or none (the `WP_Error` of `wp_remote_*`), with the
 * message WordPress's error would carry. Each route maps it as the plugin does (`"error"`,
 * `"failed"`, a skipped context, `get_library`'s 500), so one declaration serves every route.
 */
export type UpstreamReply = ({ reached: true } & DesignLibraryAnswer) | { reached: false; message: string };

/** No answer, as `WP_Error`'s `http_request_failed` words the cause. */
const unreachable =
  (message: string): (() => UpstreamReply) =>
  () => ({ reached: false, message });

/** A recorded answer: a status and a body, written as JSON (sent as its text) or as text. */
function recordedReply(answer: JsonValue | undefined, call: DesignLibraryCall): DesignLibraryAnswer {
  if (answer === undefined) {
    return {
      status: 404,
      body: JSON.stringify({ code: 'rest_no_route', message: `No recorded answer for ${call.operation}.`, data: { status: 404 } }),
    };
  }
  const { status, body } = answer as { status: number; body: JsonValue };
  return { status, body: typeof body === 'string' ? body : JSON.stringify(body) };
}

/** What a double matches a call on: its operation, context or job (with how often that job was asked), query and body. */
function matchedFields(call: DesignLibraryCall, polls: Map<string, number>): JsonObject {
  const fields: JsonObject = { operation: call.operation };
  if ('query' in call) fields.query = call.query;
  if ('body' in call) fields.body = call.body;
  if ('context' in call) fields.context = call.context;
  if ('job' in call) {
    const poll = (polls.get(call.job) ?? 0) + 1;
    polls.set(call.job, poll);
    fields.job = call.job;
    fields.poll = poll;
  }
  return fields;
}

/**
 * The design library as a declared service: 20 s (the plugin's own `timeout`) and 16 MiB (the
 * section library is a few MiB of JSON) by default. Every failure is no answer at all, which each
 * route answers as the plugin answers a `WP_Error`. Its double answers a recorded `{status, body}`
 * by `operation` and the call's `query`, `body`, `context` or `job`; an AI job's `poll` counts the
 * times that job was asked, so a recording can answer 409 ("processing") first and the content after.
 */
export const designLibraryService: ServiceDeclaration<DesignLibrary, UpstreamReply> = {
  namespace: 'blocksuite-design-library',
  service: 'design-library',
  option: 'designLibrary',
  limits: { timeoutMs: 20_000, maxBytes: 16 * 1024 * 1024 },
  failures: {
    threw: unreachable("cURL error 7: Couldn't connect to server"),
    timeout: unreachable('cURL error 28: Operation timed out'),
    'too-large': unreachable('cURL error 63: Maximum file size exceeded'),
    unconfigured: unreachable('A valid URL was not provided.'),
  },
  double: (recorded) => {
    const polls = new Map<string, number>();
    return {
      async request(call, signal) {
        const { answer, filler } = await recordedAnswer(
          recorded,
          'blocksuite-design-library/design-library',
          matchedFields(call, polls),
          signal,
        );
        const reply = recordedReply(answer, call);
        return filler === '' ? reply : { status: reply.status, body: reply.body + filler };
      },
    };
  },
};
