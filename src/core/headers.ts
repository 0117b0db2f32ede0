/** The API discovery `Link` value (`rest_output_link_header`), built once per server. */
export function discoveryLink(apiRootUrl: string): string {
  return `<${apiRootUrl}>; rel="https://api.w.org/"`;
}

/**
 * Headers WordPress's `serve_request` sends on every REST answer, before the response's own;
 * without `cors`, none of its `Access-Control-*` ones.
 */
export function baseHeaders(link: string, jsonp: boolean, cors: boolean): Record<string, string> {
  const contentType = jsonp ? 'application/javascript; charset=UTF-8' : 'application/json; charset=UTF-8';
  if (!cors) return { 'Content-Type': contentType, 'X-Robots-Tag': 'noindex', Link: link, 'X-Content-Type-Options': 'nosniff' };
  return {
    'Content-Type': contentType,
    'X-Robots-Tag': 'noindex',
    Link: link,
    'X-Content-Type-Options': 'nosniff',
    'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link',
    'Access-Control-Allow-Headers': 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
  };
}

/** `wp_get_nocache_headers`, sent to signed-in users so that private answers are never cached. */
export const NO_CACHE_HEADERS: Readonly<Record<string, string>> = {
  Expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
  'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
};

/** Lower-cases header names and joins repeated values with `, `. */
export function normalizeHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** A `Vary` value with `added`'s fields after `existing`'s, each field once whatever its case; `*` stands alone. */
export function mergeVary(existing: string, added: string): string {
  const fields = new Map<string, string>();
  for (const part of `${existing},${added}`.split(',')) {
    const field = part.trim();
    if (field !== '' && !fields.has(field.toLowerCase())) fields.set(field.toLowerCase(), field);
  }
  return fields.has('*') ? '*' : [...fields.values()].join(', ');
}

/** Sets a header, replacing any existing one whose name differs only in case. */
export function setHeader(headers: Record<string, string | string[]>, name: string, value: string | string[]): void {
  if (!Object.hasOwn(headers, name)) {
    const lower = name.toLowerCase();
    for (const existing in headers) if (existing.length === name.length && existing.toLowerCase() === lower) delete headers[existing];
  }
  headers[name] = value;
}

/** An HTTP token (RFC 9110): the only header names Node, undici and Koa accept. */
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** A character Node, undici and Koa refuse in a header value: a control but tab, DEL, or anything above Latin-1. */
const UNSENDABLE = /[\0-\x08\n-\x1f\x7f]|[^\0-\xff]/u;
const UNSENDABLE_ALL = new RegExp(UNSENDABLE.source, 'gu');

/** A character percent-encoded as UTF-8; a lone surrogate, which has no UTF-8 form, as U+FFFD. */
function percentEncoded(character: string): string {
  return encodeURIComponent(character.length === 1 && character >= '\ud800' && character <= '\udfff' ? '\ufffd' : character);
}

/** A header value every adapter can send: its unsendable characters percent-encoded. */
function sendableValue(value: string): string {
  return UNSENDABLE.test(value) ? value.replace(UNSENDABLE_ALL, percentEncoded) : value;
}

/**
 * Makes an answer's headers sendable by every adapter, in place, so that none can throw on
 * them: unsendable characters of a value percent-encoded, and a name that is no HTTP token
 * dropped and handed to `dropped`.
 */
export function makeSendable(headers: Record<string, string | string[]>, dropped: (name: string) => void): Record<string, string | string[]> {
  for (const name in headers) {
    if (!HTTP_TOKEN.test(name)) {
      delete headers[name];
      dropped(name);
      continue;
    }
    const value = headers[name]!;
    headers[name] = Array.isArray(value) ? value.map(sendableValue) : sendableValue(value);
  }
  return headers;
}
