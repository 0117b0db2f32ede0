// Yoast's URL and X (Twitter) handle checks for the site representation and social profiles:
// `WPSEO_Utils::sanitize_url` followed by PHP's `FILTER_VALIDATE_URL` (`validate_social_url`,
// `WPSEO_Option::validate_url`), and `WPSEO_Option_Social::validate_twitter_id`.
import type { JsonValue } from '../../store/types.js';
import { escUrlRaw } from '../../core/schema/url.js';
import { sanitizeTextField } from '../../core/schema/text.js';
import { phpLtrim, phpTrim } from '../../core/php/strings.js';

const URL_PARTS = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)((?:\/[^?#]*)?)(?:\?([^#]*))?(?:#(.*))?$/s;
const HOST_JUNK = /[^a-z0-9\-.:[\]\u0080-\uffff]/g;
const UNRESERVED = /[A-Za-z0-9\-_.~]/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
// FILTER_SANITIZE_URL's alphabet: FILTER_VALIDATE_URL fails a URL with any other character.
const URL_ALPHABET = /^[A-Za-z0-9$\-_.+!*'(),{}|\\^~[\]`<>#%";/?:@&=]*$/;

const decoder = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

/** An authority's parts, as `parse_url` splits them; null where `parse_url` fails (a port that is not a number). */
function authorityOf(authority: string): { user: string | undefined; host: string; port: string | undefined } | null {
  const at = authority.lastIndexOf('@');
  const user = at < 0 ? undefined : authority.slice(0, at);
  const rest = authority.slice(at + 1);
  const close = rest.startsWith('[') ? rest.indexOf(']') + 1 : 0;
  const colon = rest.indexOf(':', close);
  const host = colon < 0 ? rest : rest.slice(0, colon);
  const port = colon < 0 ? undefined : rest.slice(colon + 1);
  if (port !== undefined && !/^\d*$/.test(port)) return null;
  return { user, host, port };
}

/** PHP's `rawurldecode` as text; bytes that are not UTF-8 give `null` (which `sanitize_text_field` empties). */
function rawUrlDecode(value: string): string | null {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...encoder.encode(value[i]));
    }
  }
  try {
    return decoder.decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

/** PHP's `rawurlencode`. */
function rawUrlEncode(value: string): string {
  let out = '';
  for (const byte of encoder.encode(value)) {
    const c = String.fromCharCode(byte);
    out += UNRESERVED.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** `WPSEO_Utils::sanitize_encoded_text_field`: decode, `sanitize_text_field`, encode. */
function sanitizeEncoded(value: string): string {
  const decoded = rawUrlDecode(value);
  return rawUrlEncode(decoded === null ? '' : sanitizeTextField(decoded));
}

/** PHP's `urldecode` (a `+` is a space), for `parse_str`. */
function urlDecode(value: string): string {
  return rawUrlDecode(value.replaceAll('+', ' ')) ?? '';
}

/** The query rebuilt as `sanitize_url` does: `wp_parse_str`, each key and value sanitized, `add_query_arg`. */
function sanitizedQuery(query: string): string {
  const pairs = new Map<string, string>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const name = urlDecode(at < 0 ? pair : pair.slice(0, at));
    if (name === '') continue;
    pairs.set(sanitizeEncoded(name), sanitizeEncoded(at < 0 ? '' : urlDecode(pair.slice(at + 1))));
  }
  return [...pairs].map(([name, value]) => `${name}=${value}`).join('&');
}

/** `WPSEO_Utils::sanitize_url` for http and https: the URL rebuilt from its sanitized parts, `''` when it has no scheme and host. */
function sanitizeUrl(value: string): string {
  const parts = URL_PARTS.exec(value);
  const authority = parts ? authorityOf(parts[2]!) : null;
  if (!parts || !authority || authority.host === '') return '';
  const [, scheme, , path, query, fragment] = parts;
  const { user, host: rawHost, port } = authority;
  let url = `${scheme}://`;
  if (user !== undefined) {
    const colon = user.indexOf(':');
    url += colon < 0 ? `${rawUrlEncode(user)}@` : `${rawUrlEncode(user.slice(0, colon))}:${rawUrlEncode(user.slice(colon + 1))}@`;
  }
  url += rawHost.toLowerCase().replace(HOST_JUNK, '') + (port ? `:${Number(port)}` : '');
  if (path!.startsWith('/')) url += path!.split('/').map(sanitizeEncoded).join('/').replaceAll('%40', '@');
  if (query !== undefined) {
    const rebuilt = sanitizedQuery(query);
    if (rebuilt !== '') url += `?${rebuilt}`;
  }
  if (fragment !== undefined) url += `#${sanitizeEncoded(fragment)}`;
  url = url.replace(/%[0-9A-F]{2}/g, (octet) => octet.toLowerCase());
  return /^https?:/i.test(url) ? escUrlRaw(url) : '';
}

/** PHP's `FILTER_VALIDATE_URL` for an http or https address: its alphabet, a scheme, and a valid host name or address. */
function isValidUrl(url: string): boolean {
  if (url === '' || !URL_ALPHABET.test(url)) return false;
  const parts = URL_PARTS.exec(url);
  const authority = parts ? authorityOf(parts[2]!) : null;
  if (!parts || !authority) return false;
  const host = authority.host;
  if (host.startsWith('[')) return host.endsWith(']') && host.length > 2;
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  return name !== '' && name.length <= 253 && name.split('.').every((label) => LABEL.test(label));
}

/**
 * `filter_var( sanitize_url( trim( $url ) ), FILTER_VALIDATE_URL )`, then sanitized as Yoast
 * stores it: the address Yoast keeps, or false when it is not a valid http(s) URL.
 */
export function socialUrl(value: string): string | false {
  const clean = sanitizeUrl(phpTrim(value));
  return isValidUrl(clean) ? sanitizeUrl(clean) : false;
}

const HANDLE = /^[A-Za-z0-9_]{1,25}$/;
const PROFILE = /^https?:\/\/(?:www\.)?(?:twitter|x)\.com\/([A-Za-z0-9_]{1,25})\/?$/;

/** `validate_twitter_id`: an X handle (an `@` stripped when `stripAt`) or a profile URL's handle; false otherwise. */
export function twitterId(value: JsonValue, stripAt: boolean): string | false {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const id = sanitizeTextField(stripAt ? phpLtrim(text, '@') : text);
  if (HANDLE.test(id)) return id;
  return PROFILE.exec(id)?.[1] ?? false;
}
