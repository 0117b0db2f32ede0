import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { checkOptions, flag, optionsObject, type OptionsShape } from '../core/options.js';
import { imageDownloadThrough, type ImageDownload } from './image-download.js';

// The address ranges `wp_http_validate_url` refuses, and the rest of what is not the public
// internet: a proxied URL must never make the server reach its own network.
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is outside the public internet (IPv4-mapped IPv6 judged by its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // BlockList judges an IPv4-mapped IPv6 address (`::ffff:7f00:1`) by the IPv4 rules.
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Resolves a host name to its addresses. */
export type Resolve = (hostname: string) => Promise<string[]>;

/** The operating system's resolver, as `net.connect` uses it. */
const systemResolve: Resolve = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** Where the default client may connect: how it resolves names and which addresses it refuses. */
export interface ConnectGuard {
  /** Resolves a host name. */
  resolve: Resolve;
  /** Whether a connection to an address is refused. */
  isRefused: (address: string) => boolean;
}

/** The guard of `wp_safe_remote_get`: system DNS, no private, loopback or link-local address. */
const PUBLIC_ONLY: ConnectGuard = { resolve: systemResolve, isRefused: isPrivateAddress };

/** The error a refused connection fails with. */
function refusal(hostname: string, address: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`site-rest: refused to connect to ${hostname} (${address}), not a public address`), {
    code: 'ERR_SITE_REST_ADDRESS_REFUSED',
  });
}

/**
 * A `net.connect` lookup that resolves through the guard and refuses a name when any of its
 * addresses is refused: the address checked is the one connected to, so a name that answers
 * differently a second time (DNS rebinding) cannot slip past a separate check.
 */
function checkedLookup(guard: ConnectGuard): LookupFunction {
  return (hostname, options, callback) => {
    guard.resolve(hostname).then(
      (resolved) => {
        const refused = resolved.find((address) => guard.isRefused(address));
        if (refused !== undefined) return callback(refusal(hostname, refused), '');
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const addresses = resolved
          .map((address) => ({ address, family: isIP(address) }))
          .filter((entry) => !family || entry.family === family);
        if (addresses.length === 0)
          return callback(Object.assign(new Error(`site-rest: ${hostname} has no address`), { code: 'ENOTFOUND' }), '');
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/** undici's fetch through a dispatcher that connects only where the guard allows. */
async function dispatchedFetch(guard: ConnectGuard): Promise<typeof fetch> {
  const { Agent, buildConnector, fetch: undiciFetch } = await import('undici');
  const connectChecked = buildConnector({ lookup: checkedLookup(guard) });
  const dispatcher = new Agent({
    connect: (options, callback) => {
      if (isIP(options.hostname) && guard.isRefused(options.hostname)) return callback(refusal(options.hostname, options.hostname), null);
      connectChecked(options, callback);
    },
  });
  return (input, init) => undiciFetch(input, { ...init, dispatcher });
}

/**
 * A fetch that connects only where the guard allows, checked at connect time for every
 * connection (so for every redirect hop): a name through the guard's lookup, an IP literal,
 * which no lookup sees, before connecting. undici is loaded on the first fetch, not at start-up
 * (a third of a second of a server's start on a busy 2-core machine).
 */
export function guardedFetch(guard: ConnectGuard): typeof fetch {
  let ready: Promise<typeof fetch> | undefined;
  return async (input, init) => (await (ready ??= dispatchedFetch(guard)))(input, init);
}

/** Options of {@link nodeOembedFetch} and {@link nodeImageDownload}. */
export interface PublicFetchOptions {
  /**
   * Let it reach loopback, private and link-local addresses (default false, as WordPress's
   * `wp_safe_remote_get`: an editor must not make the server probe its own network).
   */
  allowPrivateAddresses?: boolean;
}

/** Options of {@link nodeOembedFetch}. */
export type NodeOembedFetchOptions = PublicFetchOptions;

/** Options of {@link nodeImageDownload}. */
export type NodeImageDownloadOptions = PublicFetchOptions;

const publicFetchOptions = optionsObject({ allowPrivateAddresses: flag.optional() } satisfies OptionsShape<PublicFetchOptions>);

/** undici's fetch connecting to public addresses only (every address with `allowPrivateAddresses`), its options checked naming `owner`. */
function publicFetch(options: PublicFetchOptions, owner: string): typeof fetch {
  checkOptions(publicFetchOptions, options, owner);
  return guardedFetch(options.allowPrivateAddresses ? { resolve: systemResolve, isRefused: () => false } : PUBLIC_ONLY);
}

/**
 * The fetch for the oEmbed proxy on Node (`oembed({ fetch: nodeOembedFetch() })`): undici's,
 * connecting to public addresses only, checked at connect time for every redirect hop.
 */
export function nodeOembedFetch(options: NodeOembedFetchOptions = {}): typeof fetch {
  return publicFetch(options, 'nodeOembedFetch');
}

/**
 * The image download of Kadence's imports on Node (`variantA({ imageDownload: nodeImageDownload() })`):
 * undici's fetch connecting to public addresses only, checked at connect time for every redirect
 * hop; only `image/jpeg`, `image/png`, `image/gif` and `image/webp` answers, read up to the cap.
 */
export function nodeImageDownload(options: NodeImageDownloadOptions = {}): ImageDownload {
  return imageDownloadThrough(publicFetch(options, 'nodeImageDownload'));
}
