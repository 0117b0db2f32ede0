// Where a client reaches the site: the configured home URL, moved to where the request says the
// adapter is mounted and, when the host opts in, to the Host or the proxy's X-Forwarded-* headers.
import { asciiLower, phpRtrim } from '../php/strings.js';

/** What a request tells about its own address; adapters fill it, the core reads nothing else. */
export interface RequestLocation {
  /** Request headers, names lower-cased. */
  headers: Readonly<Record<string, string | undefined>>;
  /** The path the adapter is mounted at (`/blog`), or undefined. */
  basePath?: string;
  /** True when the connection itself is TLS. */
  secure?: boolean;
}

/** Which request headers may move the site's address. */
export interface AddressTrust {
  /** Read `Host` for the site's host. */
  trustHost: boolean;
  /** Read `X-Forwarded-Proto`, `X-Forwarded-Host` (else `Host`) and `X-Forwarded-Prefix`. */
  trustProxy: boolean;
}

/** A configured address split once: `https://example.com` and `/app` (no trailing slash). */
interface SplitAddress {
  scheme: string;
  authority: string;
  path: string;
}

// Linear-time checks on one header value each, after a length cap.
const HOST = /^(?:[a-z0-9.-]{1,253}|\[[0-9a-f:.]{2,45}\])(?::[0-9]{1,5})?$/;
const PREFIX = /^\/[A-Za-z0-9\-._~!$&'()*+;=:@%/]{0,255}$/;
const MAX_HEADER = 300;

function split(address: string): SplitAddress {
  const url = new URL(`${address}/`);
  return { scheme: url.protocol.slice(0, -1), authority: url.host, path: phpRtrim(url.pathname, '/') };
}

/** The first of a header's comma-separated values (the one the proxy nearest the client set), trimmed. */
function firstValue(value: string | undefined): string | undefined {
  if (value === undefined || value.length > MAX_HEADER) return undefined;
  const comma = value.indexOf(',');
  return (comma < 0 ? value : value.slice(0, comma)).trim();
}

/** A host name with an optional port (`example.com:8080`, `[::1]`), lower-cased, or undefined for anything else. */
export function hostName(value: string): string | undefined {
  if (value.length > MAX_HEADER) return undefined;
  const lower = asciiLower(value);
  return HOST.test(lower) ? lower : undefined;
}

function hostFrom(value: string | undefined): string | undefined {
  const host = firstValue(value);
  return host === undefined ? undefined : hostName(host);
}

function schemeFrom(value: string | undefined): string | undefined {
  const scheme = firstValue(value);
  if (scheme === undefined) return undefined;
  const lower = asciiLower(scheme);
  return lower === 'https' || lower === 'http' ? lower : undefined;
}

function prefixFrom(value: string | undefined): string | undefined {
  const prefix = firstValue(value);
  return prefix !== undefined && PREFIX.test(prefix) ? phpRtrim(prefix, '/') : undefined;
}

/** A mount path as `/blog` (no trailing slash), or '' for none or one that is no plain path. */
export function mountPath(basePath: string | undefined): string {
  if (!basePath) return '';
  const path = phpRtrim(basePath, '/');
  return path === '' || PREFIX.test(path) ? path : '';
}

/**
 * Moves configured addresses (`site.url`, `site.home`) to where this request reaches them:
 * scheme and host from trusted headers, the proxy's prefix in place of the configured path, and
 * the adapter's mount path after it unless the configured path already ends with it (a
 * `site.url` written with the prefix, as it had to be before adapters knew their mount path).
 * Invalid header values are ignored, so a client cannot put anything but a host name in a link.
 */
export function publicAddresses(
  configured: { url: string; home: string },
  trust: AddressTrust,
): (request: RequestLocation) => { url: string; home: string } {
  const url = split(configured.url);
  const home = split(configured.home);
  const sameAddress = configured.url === configured.home;
  function place(address: SplitAddress, request: RequestLocation, scheme: string, authority: string, prefix: string | undefined): string {
    const mount = mountPath(request.basePath);
    const path = prefix ?? address.path;
    const mounted = mount === '' || (prefix === undefined && path.endsWith(mount)) ? path : path + mount;
    return `${scheme}://${authority}${mounted}`;
  }
  return (request) => {
    const { headers } = request;
    // A TLS connection is https for sure; a plain one may come from a TLS-terminating proxy, so the configured scheme stands.
    let scheme = request.secure && (trust.trustHost || trust.trustProxy) ? 'https' : home.scheme;
    let authority = home.authority;
    let prefix: string | undefined;
    if (trust.trustProxy) {
      scheme = schemeFrom(headers['x-forwarded-proto']) ?? scheme;
      authority = hostFrom(headers['x-forwarded-host']) ?? hostFrom(headers.host) ?? authority;
      prefix = prefixFrom(headers['x-forwarded-prefix']);
    } else if (trust.trustHost) {
      authority = hostFrom(headers.host) ?? authority;
    }
    const publicHome = place(home, request, scheme, authority, prefix);
    return { home: publicHome, url: sameAddress ? publicHome : place(url, request, scheme, authority, undefined) };
  };
}
