import { restError } from '../../core/errors/rest-error.js';
import { RestResponse } from '../../core/http/response.js';
import { toInt } from '../../core/php/values.js';
import type { Handler, RestContext, RestRequest } from '../../core/types.js';
import type { ExpiringCache } from './cache.js';
import { localOembed, type LocalEnv } from './local.js';
import { fetchOembed, type ProxyArgs, type ProxyEnv } from './proxy.js';
import type { OembedHandler } from './routes.js';
import { oembedXml } from './xml.js';

/** What the oEmbed handlers run on. */
export interface OembedEnv {
  /** What the documents of this site's posts are built from. */
  local: LocalEnv;
  /** How providers are reached. */
  proxy: ProxyEnv;
  /** Providers' answers by request. */
  cache: ExpiringCache<Record<string, unknown>>;
}

/** WordPress's answer when a URL has nothing to embed. */
function notFound() {
  return restError('oembed_invalid_url', 'Not Found', 404);
}

/** The proxy's answer for another site's URL when the host gave it no way to reach one. */
function fetchNotConfigured() {
  return restError(
    'rest_oembed_fetch_not_configured',
    'The oEmbed proxy cannot reach other sites on this server: it needs the oembed `fetch` option (on Node, `nodeOembedFetch()` from site-rest/node).',
    501,
  );
}

/** PHP's `absint`. */
function absint(value: unknown): number {
  return Math.abs(toInt(value));
}

/** The proxy's args from the sanitized params. */
function proxyArgs(params: Record<string, unknown>): ProxyArgs {
  return {
    url: String(params.url),
    maxwidth: absint(params.maxwidth),
    maxheight: params.maxheight === undefined ? undefined : absint(params.maxheight),
    discover: params.discover !== false,
  };
}

/** The oEmbed handlers, by the names the route table gives them. */
export function oembedHandlers(env: OembedEnv): Record<OembedHandler, Handler> {
  return {
    /** `WP_oEmbed_Controller::get_item`, printed as XML for `format=xml` (`_oembed_rest_pre_serve_request`). */
    async embed(request: RestRequest, context: RestContext) {
      const document = await localOembed(String(request.params.url), request.params.maxwidth, context, env.local);
      if (!document) return notFound();
      // `wp_oembed_ensure_format`: anything but exactly `xml` is JSON; HEAD keeps JSON's headers, as WordPress's.
      if (request.params.format !== 'xml' || request.method !== 'GET') return document;
      const response = new RestResponse(document);
      response.encoded = { body: oembedXml(document), contentType: 'text/xml; charset=UTF-8' };
      return response;
    },

    /** `WP_oEmbed_Controller::get_proxy_item`: the cache, then this site's own posts, then the provider. */
    async proxy(request: RestRequest, context: RestContext) {
      const args = proxyArgs(request.params);
      const key = JSON.stringify([args.url, args.maxwidth, args.maxheight ?? null, args.discover]);
      const cached = env.cache.get(key);
      if (cached) return cached;
      const local = await localOembed(args.url, args.maxwidth, context, env.local);
      if (local) return local;
      if (env.proxy.fetch === null) return fetchNotConfigured();
      const data = await fetchOembed(args, env.proxy);
      if (!data) return notFound();
      env.cache.set(key, data);
      return data;
    },
  };
}
