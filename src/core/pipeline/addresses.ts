// The site at the address a request reaches it on: the configured one, or where a mount path or
// trusted `Host`/`X-Forwarded-*` headers move it. Every link, the index's `url`/`home` and the
// discovery `Link` of an answer are that address's.
import type { ReportError } from '../errors/error-info.js';
import { discoveryLink, sendableValue } from '../http/headers.js';
import { publicAddresses, type AddressTrust, type RequestLocation } from '../http/public-address.js';
import type { RouteTable } from '../routing/route-table.js';
import type { InternalRequest, RestContext, RestUser } from '../types.js';
import type { DispatchEnv } from './dispatch.js';
import type { HookSet } from './hooks.js';
import { internalDispatch } from './internal-dispatch.js';

/** What one site address gives a request: its facts, `restUrl` and discovery `Link` on that address, and a dispatcher using them. */
export interface Addressed {
  site: RestContext['site'];
  restUrl: RestContext['restUrl'];
  link: string;
  env: DispatchEnv;
}

/** What building an address needs: the configured site, how links are written, and the dispatcher's parts. */
interface AddressSources {
  site: RestContext['site'];
  trust: AddressTrust;
  routing: 'path' | 'query';
  apiRoot: string;
  table: RouteTable;
  onError: ReportError;
  hooks: HookSet;
}

/** The addresses requests are answered with. */
export interface SiteAddresses {
  readonly configured: Addressed;
  /** Whether `trustHost` or `trustProxy` lets a request's headers move its address. */
  readonly trusting: boolean;
  /** Where a request's location puts the site. */
  readonly locate: (request: RequestLocation) => { url: string; home: string };
  readonly sources: AddressSources;
  /** The last address a request moved to: requests through one proxy or mount share it, so it is kept rather than rebuilt. */
  recent: Addressed;
}

/** `restUrl` on the home URL `base`, in the advertised URL form. */
function restUrlOn(base: string, routing: 'path' | 'query', apiRoot: string): RestContext['restUrl'] {
  return (route, query) => {
    let start = 0;
    while (route.charCodeAt(start) === 0x2f) start++;
    const path = start === 0 ? route : route.slice(start);
    let out = routing === 'query' ? `${base}/index.php?rest_route=/${path}` : `${base}/${apiRoot}/${path}`;
    if (query) {
      // Built in one pass: links carry a query on most rels of every post of a page.
      let extra = '';
      for (const k of Object.keys(query))
        extra += `${extra === '' ? '' : '&'}${encodeURIComponent(k)}=${encodeURIComponent(String(query[k]))}`;
      if (extra) out += (out.includes('?') ? '&' : '?') + extra;
    }
    return out;
  };
}

/** The site at one address: its contexts (anonymous requests, the common case, share one) and a dispatcher using them. */
function addressed(facts: RestContext['site'], sources: AddressSources): Addressed {
  const { table, onError, hooks } = sources;
  const restUrl = restUrlOn(facts.home, sources.routing, sources.apiRoot);
  const anonymous: RestContext = Object.freeze({
    user: null,
    site: facts,
    restUrl,
    dispatch: (request: InternalRequest) => internalDispatch(request, null, at.env),
  });
  const context = (user: RestUser | null): RestContext =>
    user ? { user, site: facts, restUrl, dispatch: (request) => internalDispatch(request, user, at.env) } : anonymous;
  // A site address is the host's configuration or a checked host name: made sendable once, not per answer.
  const link = sendableValue(discoveryLink(restUrl('/')));
  const at: Addressed = { site: facts, restUrl, link, env: { table, context, restUrl, onError, hooks } };
  return at;
}

/** The configured address, ready for every request that does not move it. */
export function siteAddresses(sources: AddressSources): SiteAddresses {
  const configured = addressed(sources.site, sources);
  return {
    configured,
    trusting: sources.trust.trustHost || sources.trust.trustProxy,
    locate: publicAddresses(sources.site, sources.trust),
    sources,
    recent: configured,
  };
}

/** The addresses a request is answered with: the configured ones unless its mount path or trusted headers move them. */
export function addressOf(addresses: SiteAddresses, request: RequestLocation): Addressed {
  const { configured, recent } = addresses;
  if (!addresses.trusting && !request.basePath) return configured;
  const moved = addresses.locate(request);
  if (moved.home === configured.site.home && moved.url === configured.site.url) return configured;
  if (moved.home === recent.site.home && moved.url === recent.site.url) return recent;
  addresses.recent = addressed({ ...addresses.sources.site, ...moved }, addresses.sources);
  return addresses.recent;
}
