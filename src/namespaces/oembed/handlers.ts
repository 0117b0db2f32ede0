import { RestResponse } from '../../core/http/response.js';
import { absint } from '../../core/php/values.js';
import type { Handlers } from '../define.js';
import type { ProxyCache } from './cache.js';
import { isRestError } from '../../core/errors/rest-error.js';
import { invalidUrl } from './errors.js';
import { localOembed, type LocalEnv } from './local.js';
import { fetchOembed, type ProxyEnv } from './proxy.js';
import type { oembedRoutes } from './routes.js';
import type { OembedStorage } from './storage.js';
import { oembedXml } from './xml.js';

/** What the oEmbed handlers run on. */
interface OembedHandlerDeps {
  /** What the documents of this site's posts are built from. */
  local: LocalEnv;
  /** How providers are reached. */
  proxy: ProxyEnv;
  /** Providers' answers by request. */
  cache: ProxyCache;
}

/** The oEmbed handlers, by the names the route table gives them. */
export function oembedHandlers(deps: OembedHandlerDeps): Handlers<typeof oembedRoutes, OembedStorage> {
  return {
    /** `WP_oEmbed_Controller::get_item`, printed as XML for `format=xml` (`_oembed_rest_pre_serve_request`). */
    async embed(request, context, storage) {
      const document = await localOembed(request.params.url, request.params.maxwidth, context, storage, deps.local);
      if (!document) return invalidUrl();
      // `wp_oembed_ensure_format`: anything but exactly `xml` is JSON; HEAD keeps JSON's headers, as WordPress's.
      if (request.params.format !== 'xml' || request.method !== 'GET') return document;
      const response = new RestResponse(document);
      response.encoded = { body: oembedXml(document), contentType: 'text/xml; charset=UTF-8' };
      return response;
    },

    /** `WP_oEmbed_Controller::get_proxy_item`: the cache, then this site's own posts, then the provider. */
    async proxy(request, context, storage) {
      const { url, maxwidth, maxheight, discover } = request.params;
      const args = { url, maxwidth: absint(maxwidth), maxheight: maxheight === undefined ? undefined : absint(maxheight), discover };
      const cached = await deps.cache.get(request.params);
      if (cached) return cached;
      const local = await localOembed(args.url, args.maxwidth, context, storage, deps.local);
      if (local) return local;
      const data = await fetchOembed(args, deps.proxy);
      if (isRestError(data)) return data;
      await deps.cache.set(request.params, data);
      return data;
    },
  };
}
