/** A link as WordPress's `add_link` keeps it: an href plus attributes such as `embeddable`. */
export interface RestLink {
  href: string;
  [attribute: string]: unknown;
}

/** A header value a handler may set; numbers show as integers inside `_envelope`, as WordPress's. */
export type HeaderValue = string | number;

/**
 * A handler's answer when it needs more than data with 200: a status, headers (`Location`,
 * `X-WP-Total`, …) and links that end up under `_links`.
 */
export class RestResponse<T = unknown> {
  /** Response headers set by the handler (names as given). */
  readonly headers: Record<string, HeaderValue> = {};
  /** Links by relation, rendered as `_links` after `_fields` filtering. */
  readonly links: Record<string, RestLink[]> = {};
  /**
   * A body the handler encoded itself (oEmbed's XML), sent as it is with its own `Content-Type`
   * instead of the JSON of `data`, as WordPress's `rest_pre_serve_request` does; `_envelope`,
   * batch items and internal dispatch still see `data`.
   */
  encoded?: { body: string; contentType: string };

  constructor(
    /** The response data. */
    public data: T = null as T,
    /** HTTP status. */
    public status = 200,
    headers?: Record<string, HeaderValue>,
  ) {
    if (headers) Object.assign(this.headers, headers);
  }

  /** Sets a header; with `replace` false, appends to it as WordPress does (`a, b`). */
  header(name: string, value: HeaderValue, replace = true): this {
    const existing = this.headers[name];
    this.headers[name] = replace || existing === undefined ? value : `${existing}, ${value}`;
    return this;
  }

  /** Adds a link under `_links` (`add_link`). */
  link(rel: string, href: string, attributes: Record<string, unknown> = {}): this {
    (this.links[rel] ??= []).push({ href, ...attributes });
    return this;
  }

  /**
   * Adds a `Link` header entry (`link_header`), e.g. pagination's `rel="next"`, with further
   * attributes such as `{type: 'text/html'}`.
   */
  linkHeader(rel: string, href: string, attributes: Record<string, string> = {}): this {
    let value = `<${href}>; rel="${rel}"`;
    for (const [name, attribute] of Object.entries(attributes)) value += `; ${name}=${name === 'title' ? `"${attribute}"` : attribute}`;
    return this.header('Link', value, false);
  }
}

/** Shorthand for `new RestResponse(data, status, headers)`. */
export function respond<T>(data: T, status = 200, headers?: Record<string, HeaderValue>): RestResponse<T> {
  return new RestResponse(data, status, headers);
}
