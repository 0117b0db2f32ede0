import { isPlainObject } from '../../core/own-property.js';
import type { RestError } from '../../core/errors/rest-error.js';
import { phpTrim } from '../../core/php/strings.js';
import type { BoundService } from '../host-service.js';
import { discoverEndpoint } from './discover.js';
import { invalidUrl } from './errors.js';
import { fetchBody, type FetchBounds } from '../bounded-fetch.js';
import { providerHtml } from './provider-html.js';
import { sanctionedEndpoint, type OembedProvider } from './providers.js';

/** How the proxy reaches providers. */
export interface ProxyEnv {
  /** The host's fetch, bound to the time a whole proxied request may take and the bytes read of a page or document. */
  provider: BoundService<typeof fetch, RestError>;
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
function parseDocument(body: Uint8Array): Record<string, unknown> | null {
  try {
    const data: unknown = JSON.parse(phpTrim(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body)));
    return isPlainObject(data) ? data : null;
  } catch {
    return null;
  }
}

/** The provider's oEmbed document for a URL, its endpoint sanctioned or discovered; null without an endpoint or a 2xx answer within the cap. */
async function providerDocument(args: ProxyArgs, sanctioned: string | null, bounds: FetchBounds): Promise<Uint8Array | null> {
  const endpoint = sanctioned ?? (args.discover ? await discover(args.url, bounds) : null);
  const url = endpoint === null ? null : documentUrl(endpoint, args);
  return url === null ? null : fetchBody(url, bounds, 'fail');
}

/**
 * `WP_oEmbed::get_data` and the proxy's `html`: the provider's oEmbed data for a URL, its
 * endpoint sanctioned or discovered, with the HTML WordPress makes of it; the provider service's
 * declared answer when it fails or is not configured, and `oembed_invalid_url` when nothing can
 * be embedded (no endpoint, a non-2xx answer, one that is no JSON object).
 */
export async function fetchOembed(args: ProxyArgs, env: ProxyEnv): Promise<Record<string, unknown> | RestError> {
  const sanctioned = sanctionedEndpoint(env.providers, args.url);
  const { maxBytes } = env.provider.limits;
  const fetched = await env.provider.call((fetch, signal) => providerDocument(args, sanctioned, { fetch, signal, maxBytes }));
  if (!fetched.ok) return fetched.answer;
  const data = fetched.value && parseDocument(fetched.value);
  return data ? { ...data, html: providerHtml(data, args.url, sanctioned !== null) } : invalidUrl();
}
