import { formatAddress, inRange, MAX_ADDRESS_LENGTH, parseAddress, parseRange, type AddressRange } from '../core/http/ip-address.js';

/**
 * The proxies in front of the server whose `X-Forwarded-For` entries are believed. Each proxy
 * appends the address it was reached from, so the header is read from its right end: the
 * connection's peer first, then each entry leftwards, for as long as the address just read is a
 * trusted proxy. The first address that is not (or the leftmost entry, when every one is) is the
 * client's. Entries a client wrote itself lie left of the first untrusted hop, so they are never read.
 */
export interface TrustedProxies {
  /**
   * The proxies' addresses and CIDR ranges (`'10.0.0.0/8'`, `'192.0.2.7'`, `'fd00::/8'`, `'::1'`).
   * An IPv4 one also matches its IPv4-mapped IPv6 form (`::ffff:10.0.0.1`), as a dual-stack socket shows it.
   */
  addresses?: readonly string[];
  /**
   * How many proxies stand in front of the server, trusted whatever their address: the
   * connection's peer is the first. `hops: 1` behind one load balancer reads the header's last entry.
   */
  hops?: number;
}

/** Entries of `X-Forwarded-For` read at most: more proxies than this are not a deployment but a header made up. */
const MAX_HOPS = 32;

/** Trusted proxies checked once, when the adapter is created. */
interface CompiledTrust {
  ranges: AddressRange[];
  hops: number;
}

/** Options every adapter takes about the client's address, over the framework's request `R`. */
interface ClientAddressOptions<R> {
  /** The client's address for a request, when the host knows it better (a header its own proxy sets, a platform's API); undefined when unknown. */
  clientAddress?: (request: R) => string | undefined;
  /** Read the client's address from `X-Forwarded-For` over these proxies (see {@link TrustedProxies}). */
  trustedProxies?: TrustedProxies;
}

function compileTrust(trust: TrustedProxies, where: string): CompiledTrust {
  if (typeof trust !== 'object' || trust === null) throw new TypeError(`site-rest: ${where} must be { addresses?, hops? }`);
  const { addresses = [], hops = 0 } = trust;
  if (!Number.isSafeInteger(hops) || hops < 0 || hops > MAX_HOPS)
    throw new TypeError(`site-rest: ${where}.hops must be a whole number from 0 to ${MAX_HOPS}`);
  if (!Array.isArray(addresses)) throw new TypeError(`site-rest: ${where}.addresses must be a list of addresses or CIDR ranges`);
  const ranges = addresses.map((address: unknown, i) => {
    const range = typeof address === 'string' ? parseRange(address) : undefined;
    if (!range)
      throw new TypeError(
        `site-rest: ${where}.addresses[${i}] must be an IP address or CIDR range such as '10.0.0.0/8' (got ${JSON.stringify(address)})`,
      );
    return range;
  });
  if (ranges.length === 0 && hops === 0) throw new TypeError(`site-rest: ${where} trusts nobody: give addresses or hops`);
  return { ranges, hops };
}

/**
 * The client's address by `X-Forwarded-For` over trusted proxies: `peer` is the connection's
 * (undefined where the platform does not tell it), `header` the header's value(s). Reads at most
 * {@link MAX_HOPS} entries, right to left, each of at most 64 characters, so the work is linear in
 * what it reads and bounded whatever the header's length. An entry that is not an address makes
 * the client unknown (undefined): a trusted proxy that writes one does not know it either.
 */
function forwardedClient(peer: string | undefined, header: string | string[] | undefined, trust: CompiledTrust): string | undefined {
  const joined = Array.isArray(header) ? header.join(',') : (header ?? '');
  let current = peer === undefined ? undefined : parseAddress(peer);
  if (peer !== undefined && !current) return peer;
  let end = joined.length;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    const trusted = hop < trust.hops || (current !== undefined && trust.ranges.some((range) => inRange(current!, range)));
    if (!trusted) return current && formatAddress(current);
    // The next entry leftwards, skipping empty ones (`a,,b`, a trailing comma).
    let entry = '';
    while (end > 0 && entry === '') {
      const comma = joined.lastIndexOf(',', end - 1);
      entry = end - comma - 1 > MAX_ADDRESS_LENGTH + 2 ? '-' : joined.slice(comma + 1, end).trim();
      end = comma === -1 ? 0 : comma;
    }
    if (entry === '') return current && formatAddress(current);
    current = parseAddress(entry);
    if (!current) return undefined;
  }
  return current && formatAddress(current);
}

/**
 * An address in one form, so the login limiter counts a client once however it is written: an
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, as a dual-stack socket shows an IPv4 client) as
 * IPv4, IPv6 as RFC 5952 writes it, a port left off. Anything else as given (`fe80::1%eth0`).
 */
function oneForm(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  const bytes = parseAddress(address);
  return bytes ? formatAddress(bytes) : address;
}

/** {@link oneForm} of an address a socket gives, where only an IPv6 one can be written another way. */
function socketForm(address: string | undefined): string | undefined {
  return address !== undefined && address.includes(':') ? oneForm(address) : address;
}

/**
 * How an adapter finds a request's client address: the host's `clientAddress` when given, or
 * `X-Forwarded-For` over `trustedProxies` when given, else `fallback` (the socket's address, or
 * what the framework made of it), in {@link oneForm}. Options are checked here, when the adapter
 * is created.
 */
export function clientAddressOf<R>(
  options: ClientAddressOptions<R>,
  adapter: string,
  connection: { peer: (request: R) => string | undefined; forwardedFor: (request: R) => string | string[] | undefined },
  fallback: (request: R) => string | undefined,
): (request: R) => string | undefined {
  const { clientAddress, trustedProxies } = options;
  if (clientAddress !== undefined && trustedProxies !== undefined)
    throw new TypeError(
      `site-rest: ${adapter} takes clientAddress or trustedProxies, not both: a clientAddress function can read the header itself`,
    );
  if (clientAddress !== undefined) {
    if (typeof clientAddress !== 'function')
      throw new TypeError(`site-rest: ${adapter} option clientAddress must be a function of the request`);
    return (request) => oneForm(clientAddress(request));
  }
  if (trustedProxies === undefined) return (request) => socketForm(fallback(request));
  const trust = compileTrust(trustedProxies, `${adapter} option trustedProxies`);
  return (request) => forwardedClient(connection.peer(request), connection.forwardedFor(request), trust);
}
