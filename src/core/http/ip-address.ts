// IP addresses as 16 bytes (IPv4 as its IPv4-mapped IPv6 form, ::ffff:a.b.c.d), so that one
// comparison serves both families and an IPv4 client reaching a dual-stack socket is one client.
// Parsing walks the text once; every caller caps its length first.

/** An address as 16 bytes. */
type Bytes = Uint8Array;

/** An address range: its first `bits` bits are the network's. */
export interface AddressRange {
  bytes: Bytes;
  bits: number;
}

/** The longest text taken for an address: an IPv6 address with an IPv4 tail, in brackets, with a port. */
export const MAX_ADDRESS_LENGTH = 64;

const MAPPED_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** Dotted IPv4 (`192.0.2.1`: four decimal octets) into `out` at `at`; false when it is not one. */
function parseIpv4(text: string, out: Bytes, at: number): boolean {
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 46;
    if (isDigit(code)) {
      // A leading zero would be octal to some parsers: refused, as Node's own `net.isIP` does.
      if (digits === 1 && octet === 0) return false;
      octet = octet * 10 + code - 48;
      if (++digits > 3 || octet > 255) return false;
    } else if (code === 46 && digits > 0 && dots < 4) {
      out[at + dots++] = octet;
      octet = 0;
      digits = 0;
    } else return false;
  }
  return dots === 4;
}

/** IPv6 (with `::` and an IPv4 tail allowed) into 16 bytes; undefined when it is not one. */
function parseIpv6(text: string): Bytes | undefined {
  const out = new Uint8Array(16);
  let group = 0;
  let gap = -1;
  let i = 0;
  if (text.startsWith('::')) {
    gap = 0;
    i = 2;
    if (text.length === 2) return out;
  }
  while (i < text.length) {
    if (group === 8) return undefined;
    const end = text.indexOf(':', i);
    const part = end === -1 ? text.slice(i) : text.slice(i, end);
    if (end === -1 && part.includes('.')) {
      if (group > 6 || !parseIpv4(part, out, group * 2)) return undefined;
      group += 2;
      break;
    }
    if (part.length === 0 || part.length > 4) return undefined;
    let value = 0;
    for (let k = 0; k < part.length; k++) {
      const digit = hexValue(part.charCodeAt(k));
      if (digit < 0) return undefined;
      value = value * 16 + digit;
    }
    out[group * 2] = value >> 8;
    out[group * 2 + 1] = value & 0xff;
    group++;
    if (end === -1) break;
    i = end + 1;
    if (text.charCodeAt(i) === 58) {
      if (gap !== -1) return undefined;
      gap = group;
      i++;
      if (i === text.length) break;
    } else if (i === text.length) return undefined;
  }
  if (gap === -1) return group === 8 ? out : undefined;
  if (group === 8) return undefined;
  // The groups after the gap move to the end; the gap is zeros.
  const tail = out.slice(gap * 2, group * 2);
  out.fill(0, gap * 2);
  out.set(tail, 16 - tail.length);
  return out;
}

/** A bare address, without brackets or port: dotted IPv4 or IPv6. */
function parseBare(text: string): Bytes | undefined {
  if (text.includes(':')) return parseIpv6(text);
  const out = new Uint8Array(16);
  out.set(MAPPED_PREFIX);
  return parseIpv4(text, out, 12) ? out : undefined;
}

/** A `:port` after an address. */
const PORT = /^:\d{1,5}$/;

/**
 * An address as a proxy or socket writes it: IPv4 (`192.0.2.1`, with a `:port` allowed), IPv6
 * (`2001:db8::1`, `::ffff:192.0.2.1`, in brackets with a `:port` allowed). Undefined for anything
 * else (`unknown`, a host name, a zone index, an obfuscated `_node`).
 */
export function parseAddress(given: string): Bytes | undefined {
  const text = given.trim();
  if (text.length === 0 || text.length > MAX_ADDRESS_LENGTH) return undefined;
  if (text.charCodeAt(0) === 91 /* [ */) {
    const close = text.indexOf(']');
    if (close === -1) return undefined;
    const port = text.slice(close + 1);
    return port === '' || PORT.test(port) ? parseIpv6(text.slice(1, close)) : undefined;
  }
  // One colon is IPv4 and its port: IPv6 has at least two.
  const colon = text.indexOf(':');
  if (colon !== -1 && text.indexOf(':', colon + 1) === -1)
    return PORT.test(text.slice(colon)) ? parseBare(text.slice(0, colon)) : undefined;
  return parseBare(text);
}

/** An address as text: IPv4-mapped ones as IPv4, IPv6 in RFC 5952's form (lower case, the longest run of zero groups as `::`). */
export function formatAddress(bytes: Bytes): string {
  if (MAPPED_PREFIX.every((byte, i) => bytes[i] === byte)) return bytes.subarray(12).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => (bytes[i * 2]! << 8) | bytes[i * 2 + 1]!);
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let end = i;
    while (end < 8 && groups[end] === 0) end++;
    if (end - i > bestLength) [bestStart, bestLength] = [i, end - i];
    i = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart === -1) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** An address or a CIDR range (`10.0.0.0/8`, `fd00::/8`); undefined when it is neither. IPv4 ones cover their IPv4-mapped form. */
export function parseRange(given: string): AddressRange | undefined {
  const slash = given.indexOf('/');
  const address = slash === -1 ? given : given.slice(0, slash);
  const bytes = address.length <= MAX_ADDRESS_LENGTH ? parseBare(address) : undefined;
  if (!bytes) return undefined;
  if (slash === -1) return { bytes, bits: 128 };
  const ipv4 = !address.includes(':');
  const prefix = given.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (ipv4 ? 32 : 128)) return undefined;
  return { bytes, bits: Number(prefix) + (ipv4 ? 96 : 0) };
}

/** Whether `bytes` is in `range`. */
export function inRange(bytes: Bytes, range: AddressRange): boolean {
  const whole = range.bits >> 3;
  for (let i = 0; i < whole; i++) if (bytes[i] !== range.bytes[i]) return false;
  const rest = range.bits & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (bytes[whole]! & mask) === (range.bytes[whole]! & mask);
}

/**
 * The group a client's address is counted in where one holder of many addresses must count once:
 * an IPv4 address itself, an IPv6 address its /64 (the block one site, or one phone, is given), as
 * `2001:db8:0:1::/64`. Anything that is no address stands for itself.
 */
export function addressGroup(address: string): string {
  const bytes = parseAddress(address);
  if (!bytes) return address;
  if (MAPPED_PREFIX.every((byte, i) => bytes[i] === byte)) return formatAddress(bytes);
  return `${formatAddress(Uint8Array.from([...bytes.subarray(0, 8), 0, 0, 0, 0, 0, 0, 0, 0]))}/64`;
}
