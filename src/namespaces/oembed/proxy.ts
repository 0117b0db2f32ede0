import { isPlainObject } from '../../core/own-property.js';
import { phpTrim } from '../../core/php/strings.js';
import { discoverEndpoint } from './discover.js';
import { fetchBody, type FetchBounds } from './http.js';
import { providerHtml } from './provider-html.js';
import { sanctionedEndpoint, type OembedProvider } from './providers.js';

/** How the proxy reaches providers. */
export interface ProxyEnv {
  /** The fetch to use; null when the host gave none, so no provider is reached. */
  fetch: typeof fetch | null;
  /** Time allowed for a whole proxied request (discovery and document), in milliseconds. */
  timeoutMs: number;
  /** Most bytes read of a page or an oEmbed document. */
  maxBytes: number;
  /** The sanctioned providers. */
  providers: readonly OembedProvider[];
}

/** A proxied request's args, as the route sanitized them. */
interface ProxyArgs {
  /** The URL of the content to embed. */
  url: string;
  /** `maxwidth` for the provider. */
  maxwidth: number;
  /** `maxheight` for the provider; WordPress's default embed height when not given. */
  maxheight: number | undefined;
  /** Whether to discover the endpoint of a provider that is not sanctioned. */
  discover: boolean;
}

/** `wp_embed_defaults()`'s height without a theme `content_width`: 1.5 × 500 pixels. */
const DEFAULT_MAXHEIGHT = 750;

/** `WP_oEmbed::fetch`'s request: the endpoint with the size, the URL, `dnt` and the JSON format. */
function documentUrl(endpoint: string, args: ProxyArgs): string | null {
  try {
    const url = new URL(endpoint);
    url.searchParams.set('maxwidth', String(args.maxwidth));
    url.searchParams.set('maxheight', String(args.maxheight ?? DEFAULT_MAXHEIGHT));
    url.searchParams.set('url', args.url);
    url.searchParams.set('dnt', '1');
    url.searchParams.set('format', 'json');
    return url.href;
  } catch {
    return null;
  }
}

/** `WP_oEmbed::discover`: the endpoint a page names, read from at most the first `maxBytes` of it. */
async function discover(url: string, bounds: FetchBounds): Promise<string | null> {
  const page = await fetchBody(url, bounds, 'truncate');
  return page ? discoverEndpoint(new TextDecoder().decode(page), url) : null;
}

/** `_parse_json`: the provider's answer when it is a JSON object in valid UTF-8, else null. */
async function fetchDocument(url: string, bounds: FetchBounds): Promise<Record<string, unknown> | null> {
  const body = await fetchBody(url, bounds, 'fail');
  if (!body) return null;
  try {
    const data: unknown = JSON.parse(phpTrim(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body)));
    return isPlainObject(data) ? data : null;
  } catch {
    return null;
  }
}

/**
 * `WP_oEmbed::get_data` and the proxy's `html`: the provider's oEmbed data for a URL, its
 * endpoint sanctioned or discovered, with the HTML WordPress makes of it; null when nothing
 * can be embedded (no endpoint, a failed fetch, an answer that is no JSON object).
 */
export async function fetchOembed(args: ProxyArgs, env: ProxyEnv): Promise<Record<string, unknown> | null> {
  if (env.fetch === null) return null;
  const bounds: FetchBounds = { fetch: env.fetch, signal: AbortSignal.timeout(env.timeoutMs), maxBytes: env.maxBytes };
  const sanctioned = sanctionedEndpoint(env.providers, args.url);
  const endpoint = sanctioned ?? (args.discover ? await discover(args.url, bounds) : null);
  const url = endpoint === null ? null : documentUrl(endpoint, args);
  const data = url === null ? null : await fetchDocument(url, bounds);
  return data ? { ...data, html: providerHtml(data, args.url, sanctioned !== null) } : null;
}
