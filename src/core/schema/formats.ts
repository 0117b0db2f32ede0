/**
 * The string formats WordPress checks: `is_email`, `rest_is_ip_address`, `wp_is_uuid`,
 * `rest_parse_date` and `rest_parse_hex_color`.
 *
 * PHP coerces scalars to strings before matching (and throws on arrays, which we treat as
 * not matching). PCRE's `$` also matches before a final newline, hence the `\n?$` endings.
 */
import { toPhpString } from '../php/values.js';
import { phpTrim } from '../php/strings.js';

/** The string PHP would match a format against, or undefined where PHP would throw. */
function subject(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return typeof value === 'object' && value !== null ? undefined : toPhpString(value);
}

const utf8 = new TextEncoder();
const EMAIL_LOCAL = /^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+\n?$/;
const EMAIL_SUB = /^[a-z0-9-]+\n?$/i;
const DOMAIN_TRIM = ' \t\n\r\0\v.';
const SUB_TRIM = ' \t\n\r\0\v-';

/** WordPress's `is_email` (without its filter). */
export function isEmail(value: unknown): boolean {
  const email = subject(value);
  // Never fewer UTF-8 bytes than UTF-16 units, so only a short address needs encoding.
  if (email === undefined || (email.length < 6 && utf8.encode(email).length < 6)) return false;
  if (email.indexOf('@', 1) === -1) return false;
  const at = email.indexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!EMAIL_LOCAL.test(local)) return false;
  if (domain.includes('..')) return false;
  if (phpTrim(domain, DOMAIN_TRIM) !== domain) return false;
  const subs = domain.split('.');
  if (subs.length < 2) return false;
  return subs.every((sub) => phpTrim(sub, SUB_TRIM) === sub && EMAIL_SUB.test(sub));
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\n?$/;
const IPV6_GROUP = /^[0-9a-f]{1,4}$/i;

/** `rest_is_ip_address`: an IPv4 address, or an IPv6 one as `Requests_IPv6::check_ipv6` reads it. */
export function isIpAddress(value: unknown): boolean {
  const ip = subject(value);
  if (ip === undefined) return false;
  return IPV4.test(ip) || isIpv6(ip);
}

/** `Requests_IPv6::uncompress`: expands a single `::`; undefined where PHP would throw. */
function uncompressIpv6(ip: string): string | undefined {
  const parts = ip.split('::');
  if (parts.length !== 2) return ip;
  const [left = '', right = ''] = parts;
  const c1 = left === '' ? -1 : left.split(':').length - 1;
  let c2 = right === '' ? -1 : right.split(':').length - 1;
  if (right.includes('.')) c2++;
  if (c1 === -1 && c2 === -1) return '0:0:0:0:0:0:0:0';
  // str_repeat() with a negative count is a ValueError in PHP 8.
  if (c1 === -1) return 7 - c2 < 0 ? undefined : ip.replace('::', '0:'.repeat(7 - c2));
  if (c2 === -1) return 7 - c1 < 0 ? undefined : ip.replace('::', ':0'.repeat(7 - c1));
  const fill = 6 - c2 - c1;
  return fill < 0 ? undefined : ip.replace('::', `:${'0:'.repeat(fill)}`);
}

/** `Requests_IPv6::check_ipv6`. */
function isIpv6(address: string): boolean {
  const ip = uncompressIpv6(address);
  if (ip === undefined) return false;
  let v6 = ip;
  let v4 = '';
  if (ip.includes('.')) {
    const colon = ip.lastIndexOf(':');
    v6 = ip.slice(0, Math.max(colon, 0));
    // PHP's strrpos() gives false without a colon, and false + 1 is 1.
    v4 = ip.slice(colon === -1 ? 1 : colon + 1);
  }
  const groups = v6.split(':');
  const octets = v4.split('.');
  if (!((groups.length === 8 && octets.length === 1) || (groups.length === 6 && octets.length === 4))) return false;
  if (!groups.every((group) => IPV6_GROUP.test(group))) return false;
  return octets.length === 1 || octets.every(isOctet);
}

/** `(string) (int) $part === $part` and within 0–255. */
function isOctet(part: string): boolean {
  const value = Number.parseInt(part, 10);
  return String(value) === part && value >= 0 && value <= 255;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\n?$/;

/** `wp_is_uuid` (any version): strings only, lower-case hex. */
export function isUuid(value: unknown): boolean {
  return typeof value === 'string' && UUID.test(value);
}

const HEX_COLOR = /^#(?:[A-Fa-f0-9]{3}){1,2}\n?$/;

/** `rest_parse_hex_color`: `#` and 3 or 6 hex digits. */
export function isHexColor(value: unknown): boolean {
  const color = subject(value);
  return color !== undefined && HEX_COLOR.test(color);
}

/** `(string) sanitize_hex_color()`: the color if valid, else `''`. */
export function sanitizeHexColor(value: unknown): string {
  return typeof value === 'string' && HEX_COLOR.test(value) ? value : '';
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:(Z)|([+-])(\d{2})(?::(\d{2}))?)?\n?$/;

/** A `date-time` as `rest_parse_date` reads it. */
interface ParsedDateTime {
  /** `strtotime`'s answer: seconds since the epoch, the text read as UTC unless it names an offset. */
  seconds: number;
  /** Whether the text names its offset (`Z` or `±hh[:mm]`), as `rest_get_date_with_gmt` asks. */
  hasOffset: boolean;
}

/**
 * `rest_parse_date`: the RFC 3339 shape, then what `strtotime` makes of it (a second 60 or an
 * hour 24 rolls over, an offset counts as written); null where WordPress refuses the text.
 * `strtotime` answering 0 (the epoch itself) is falsy, so WordPress refuses it too.
 */
export function parseDateTime(value: unknown): ParsedDateTime | null {
  const date = subject(value);
  if (date === undefined) return null;
  const m = DATE_TIME.exec(date);
  if (m === null) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month > 12 || day > 31 || hour > 24 || minute > 59 || second > 60) return null;
  let offsetMinutes = 0;
  if (m[8] !== undefined) {
    offsetMinutes = (Number(m[9]) * 60 + Number(m[10] ?? 0)) * (m[8] === '-' ? -1 : 1);
  }
  // WordPress runs PHP in UTC, so a date without an offset is UTC.
  const timestamp = utcSeconds(year, month, day, hour, minute, second) - offsetMinutes * 60;
  return timestamp === 0 ? null : { seconds: timestamp, hasOffset: m[7] !== undefined || m[8] !== undefined };
}

/** `rest_parse_date` as a validity check. */
export function isDateTime(value: unknown): boolean {
  return parseDateTime(value) !== null;
}

const SECONDS_PER_400_YEARS = 146097 * 86400;

/** Seconds since the epoch; `Date.UTC` reads years below 100 as 19xx, so shift by 400 years. */
function utcSeconds(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  const shift = year < 100 ? 400 : 0;
  const ms = Date.UTC(year + shift, month - 1, day, hour, minute, second);
  return ms / 1000 - (shift === 0 ? 0 : SECONDS_PER_400_YEARS);
}
