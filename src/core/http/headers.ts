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
    // Lengths first: most answers hold no other name of the same length, and then nothing is lower-cased.
    let lower: string | undefined;
    for (const existing in headers) {
      if (existing.length === name.length && existing.toLowerCase() === (lower ??= name.toLowerCase())) delete headers[existing];
    }
  }
  headers[name] = value;
}

/** An HTTP token (RFC 9110): the only header names Node, undici and Koa accept. */
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * A character that does not go out as itself in a header value: controls but tab, DEL and
 * anything above Latin-1, which Node, undici and Koa refuse, and Latin-1's upper half, which
 * Node sends as UTF-8 bytes that clients read back as Latin-1.
 */
const UNSENDABLE = /[^\t\x20-\x7e]/;
// With `u`, a surrogate pair is one character, encoded whole.
const UNSENDABLE_ALL = /[^\t\x20-\x7e]/gu;

/** A character percent-encoded as UTF-8; a lone surrogate, which has no UTF-8 form, as U+FFFD. */
function percentEncoded(character: string): string {
  return encodeURIComponent(character.length === 1 && character >= '\ud800' && character <= '\udfff' ? '\ufffd' : character);
}

/** A header value every adapter can send: its unsendable characters percent-encoded. */
export function sendableValue(value: string): string {
  return UNSENDABLE.test(value) ? value.replace(UNSENDABLE_ALL, percentEncoded) : value;
}

/**
 * Makes headers sendable: one at a time (the value to send, or null when the header is dropped),
 * or a whole record in place.
 */
export interface HeaderGuard {
  one(name: string, value: string | string[]): string | string[] | null;
  all(headers: Record<string, string | string[]>): Record<string, string | string[]>;
}

/** How many names, and values, of at most {@link REMEMBERED_LENGTH} characters a guard remembers as sendable beyond its trusted ones. */
const REMEMBERED = 512;
const REMEMBERED_LENGTH = 128;

/** Headers that frame the body, which each adapter sets itself: a second, different one makes the answer unreadable. */
const FRAMING: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding']);

/**
 * A guard that makes answers' headers sendable by every adapter, so that none can throw on them
 * or send an unreadable answer: unsendable characters of a value percent-encoded; a name that is
 * no HTTP token, or a framing header, dropped and handed to `dropped` with the reason. The names
 * and values of `trusted` (the core's own constant headers) are checked once here instead of in
 * every answer.
 */
export function headerGuard(
  trusted: ReadonlyArray<Readonly<Record<string, string>>>,
  dropped: (name: string, reason: string) => void,
): HeaderGuard {
  const names = new Set<string>();
  const values = new Set<string>();
  for (const [name, value] of trusted.flatMap((record) => Object.entries(record))) {
    if (HTTP_TOKEN.test(name)) names.add(name);
    if (!UNSENDABLE.test(value)) values.add(value);
  }
  // Names and short values found sendable, so that the handful each host sets (`X-WP-Total`,
  // `Allow`, page counts) are checked once, not in every answer; capped, as handlers may build them from requests.
  const remember = (seen: Set<string>, text: string): void => {
    if (seen.size < REMEMBERED && text.length <= REMEMBERED_LENGTH) seen.add(text);
  };
  const one = (name: string, value: string | string[]): string | string[] | null => {
    if (!names.has(name)) {
      const refused = !HTTP_TOKEN.test(name)
        ? 'its name is not an HTTP token'
        : FRAMING.has(name.toLowerCase())
          ? 'the adapter frames the body'
          : null;
      if (refused !== null) {
        dropped(name, refused);
        return null;
      }
      remember(names, name);
    }
    if (Array.isArray(value)) return value.map(sendableValue);
    if (values.has(value)) return value;
    const sendable = sendableValue(value);
    if (sendable === value) remember(values, value);
    return sendable;
  };
  return {
    one,
    all(headers) {
      for (const name in headers) {
        const value = one(name, headers[name]!);
        if (value === null) delete headers[name];
        else headers[name] = value;
      }
      return headers;
    },
  };
}
