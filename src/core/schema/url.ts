/**
 * WordPress's `esc_url_raw` (`esc_url` in its `db` context) with `wp_kses_bad_protocol`.
 */
import { removePercentTriples } from './percent-triples.js';
import { toPhpString } from '../php/values.js';
import { asciiLower, phpLtrim, phpTrim } from '../php/strings.js';

/** `wp_allowed_protocols()` in WordPress 6.1. */
const ALLOWED_PROTOCOLS: ReadonlySet<string> = new Set([
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'news',
  'irc',
  'irc6',
  'ircs',
  'gopher',
  'nntp',
  'feed',
  'telnet',
  'mms',
  'rtsp',
  'sms',
  'svn',
  'tel',
  'fax',
  'xmpp',
  'webcal',
  'urn',
]);

// PHP matches bytes here, so every non-ASCII character survives.
const URL_DISALLOWED = /[^a-z0-9\-~+_.?#=!&;,/:%@$|*'()[\]\u0080-\uffff]/gi;
const PHP_FILE = /^[a-z0-9-]+?\.php/i;

/**
 * `esc_url_raw`: cleans a URL for storage, prefixing `http://` when there is no scheme and
 * answering `''` for disallowed protocols such as `javascript:`. Non-strings are cast as PHP
 * casts them; arrays (a PHP TypeError) give `''`.
 */
export function escUrlRaw(value: unknown): string {
  if (value === '' || (typeof value === 'object' && value !== null)) return '';
  let url = phpLtrim(toPhpString(value)).replaceAll(' ', '%20');
  url = url.replace(URL_DISALLOWED, '');
  if (url === '') return url;
  if (!asciiLower(url).startsWith('mailto:')) url = removePercentTriples(url, isEncodedNewline);
  url = url.replaceAll(';//', '://');
  const first = url[0] as string;
  if (!url.includes(':') && first !== '/' && first !== '#' && first !== '?' && !PHP_FILE.test(url)) {
    url = `http://${url}`;
  }
  if (url.includes('[') || url.includes(']')) url = encodeBracketsAfterAuthority(url);
  if (url[0] === '/') return url;
  const checked = badProtocol(url);
  return asciiLower(checked) === asciiLower(url) ? checked : '';
}

/** `%0d`, `%0a`, `%0D` or `%0A`: the encoded newlines `esc_url` removes with `_deep_replace` (so `%0%0dd` cannot rebuild one). */
function isEncodedNewline(x: number, y: number): boolean {
  return x === 48 && (y === 100 || y === 97 || y === 68 || y === 65);
}

const URL_FRONT = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):)?(?:\/\/([^/?#]*))?/;

/** Percent-encodes `[` and `]` outside the scheme and authority (`wp_parse_url` part of `esc_url`). */
function encodeBracketsAfterAuthority(url: string): string {
  const m = URL_FRONT.exec(url);
  let front = '';
  if (m?.[1] !== undefined) front = `${m[1]}://`;
  else if (url[0] === '/') front = '//';
  if (m?.[2] !== undefined) front += m[2];
  const endDirty = front === '' ? url : url.replaceAll(front, '');
  const endClean = endDirty.replaceAll('[', '%5B').replaceAll(']', '%5D');
  return endDirty === '' ? url : url.replaceAll(endDirty, endClean);
}

const CONTROL_CHARS = /[\x00-\x08\x0b\x0c\x0e-\x1f]/g;

/** `wp_kses_no_null`. */
function noNull(value: string): string {
  return removeSlashZeros(value.replace(CONTROL_CHARS, ''));
}

/**
 * `preg_replace('/\\\\+0+/', '', $value)` in one pass: a run of backslashes followed by zeros
 * goes, backslashes and zeros included (the regex rescans a long backslash run from each of its
 * characters).
 */
function removeSlashZeros(value: string): string {
  let at = value.indexOf('\\');
  if (at < 0) return value;
  let out = '';
  let kept = 0;
  while (at >= 0) {
    let end = at;
    while (value[end] === '\\') end++;
    if (value[end] === '0') {
      out += value.slice(kept, at);
      while (value[end] === '0') end++;
      kept = end;
    }
    at = value.indexOf('\\', end);
  }
  return out + value.slice(kept);
}

/** `wp_kses_bad_protocol`: strips disallowed schemes until stable; `''` if it never settles. */
function badProtocol(url: string): string {
  let content = noNull(url);
  for (let iterations = 0; iterations < 6; iterations++) {
    const next = badProtocolOnce(content, 1);
    if (next === content) return content;
    content = next;
  }
  return '';
}

const UNTERMINATED_COLON = /(&#0*58(?![;0-9])|&#x0*3a(?![;a-f0-9]))/gi;
const COLON = /:|&#0*58;|&#x0*3a;|&colon;/i;

/** `wp_kses_bad_protocol_once`. */
function badProtocolOnce(input: string, count: number): string {
  const content = input.replace(UNTERMINATED_COLON, '$1;');
  const m = COLON.exec(content);
  if (m === null) return content;
  const scheme = content.slice(0, m.index);
  if (scheme.includes('/?')) return content;
  let rest = phpTrim(content.slice(m.index + m[0].length));
  const protocol = allowedProtocol(scheme);
  if (protocol === 'feed:') {
    if (count > 2) return '';
    rest = badProtocolOnce(rest, count + 1);
    if (rest === '') return rest;
  }
  return protocol + rest;
}

/** `wp_kses_bad_protocol_once2`: `scheme:` when allowed, else `''`. */
function allowedProtocol(raw: string): string {
  const scheme = asciiLower(noNull(decodeNumericEntities(raw).replace(/[\t\n\v\f\r ]/g, '')));
  return ALLOWED_PROTOCOLS.has(scheme) ? `${scheme}:` : '';
}

/** `wp_kses_decode_entities`: numeric character references become bytes (`chr()` wraps at 256). */
export function decodeNumericEntities(value: string): string {
  return value
    .replace(/&#([0-9]+);/g, (_, n: string) => String.fromCharCode(Number(n) % 256))
    .replace(/&#[Xx]([0-9A-Fa-f]+);/g, (_, n: string) => String.fromCharCode(Number.parseInt(n, 16) % 256));
}
