// The proxy's outside service: the fetch other sites' oEmbed providers are reached with (discovery
// and document). Only the host gives one (on Node, `nodeOembedFetch()`); without it nothing leaves
// the server and the proxy embeds the site's own posts only.
import type { RestError } from '../../core/errors/rest-error.js';
import type { ServiceDeclaration } from '../host-service.js';
import { recordedAnswer } from '../recorded-double.js';
import { fetchNotConfigured, invalidUrl } from './errors.js';

/** A provider's recorded answer: the HTTP status, headers, and the body (JSON, or text such as a page's HTML). */
interface RecordedResponse {
  /** HTTP status (default 200). */
  status?: number;
  /** Response headers (`location` for a redirect). */
  headers?: Record<string, string>;
  /** The body: a string as it is, anything else as JSON; none for a redirect. */
  body?: unknown;
}

/** What a call to the double fetches: its method, its address without the query, and the query's fields. */
function fetchCall(input: Parameters<typeof fetch>[0], init: RequestInit | undefined) {
  const url = new URL(input instanceof Request ? input.url : String(input));
  return {
    method: (init?.method ?? 'GET').toUpperCase(),
    url: `${url.origin}${url.pathname}`,
    query: Object.fromEntries(url.searchParams),
  };
}

/**
 * The provider fetch as a declared service: 5 s for a whole proxied request (discovery and document)
 * and 512 KiB of a page or document by default. `WP_oEmbed_Controller::get_proxy_item` answers
 * 404 `oembed_invalid_url` whenever `get_data` fails, so a throw, a time-out and an answer over the
 * cap are all that; without a fetch, a 501 naming the option. Its double answers a recorded
 * `{status, headers, body}` by address and query (`when: {url, query?}`), and a 404 otherwise.
 */
export const providerService: ServiceDeclaration<typeof fetch, RestError> = {
  namespace: 'oembed',
  service: 'provider',
  option: 'fetch',
  limits: { timeoutMs: 5000, maxBytes: 512 * 1024 },
  failures: { threw: invalidUrl, timeout: invalidUrl, 'too-large': invalidUrl, unconfigured: fetchNotConfigured },
  double: (recorded) => async (input, init) => {
    const { answer, filler } = await recordedAnswer(recorded, 'oembed/provider', fetchCall(input, init), init?.signal ?? undefined);
    if (answer === undefined) return new Response(`Not Found${filler}`, { status: 404, headers: { 'content-type': 'text/plain' } });
    const { status = 200, headers = {}, body } = answer as RecordedResponse;
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text === '' && filler === '' ? null : text + filler, { status, headers });
  },
};
