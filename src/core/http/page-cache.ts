// What an adapter asks of a page cache for the requests it passes on to the host app: whether to
// answer one from the cache, and whether to keep the host's answer. The cache decides everything
// (rules, anonymity, size); the adapter only serves, captures and hands over. Defined here, below
// both the adapters and the namespaces, because adapters and namespaces never import each other.

/** Response header a host sets to tell the page cache which post a page shows; the adapter strips it before the answer leaves. */
export const POST_ID_HEADER = 'x-site-rest-post-id';

/** Header names lower-cased, as Node's `getHeaders()` and the fetch `Headers` give them. */
export type PageHeaders = Record<string, string | string[]>;

/** A request outside the API, as the cache reads it. */
export interface PageRequest {
  /** HTTP method. */
  method: string;
  /** Path and query string as the client asked them, whatever prefix a mount took off. */
  url: string;
  /** Request headers, names lower-cased. */
  headers: Record<string, string | string[] | undefined>;
  /** True when the connection itself is TLS (an https visitor, unless a proxy in front ended TLS and says so in its headers). */
  secure?: boolean;
}

/** The head of an answer: status and headers. */
export interface PageHead {
  /** HTTP status. */
  status: number;
  /** Headers, names lower-cased. */
  headers: PageHeaders;
}

/** A cached answer to replay: always a 200 with its stored headers and body. */
export interface CachedAnswer extends PageHead {
  /** The page's bytes, the cache's comment included. */
  body: Uint8Array;
}

/** Keeps the host's answer to one request the cache missed. Neither method throws: the host's answer must go out whatever the cache makes of it. */
export interface PageKeeper {
  /** Most body bytes kept: a longer answer is let through uncaptured. */
  readonly maxBytes: number;
  /** Whether an answer with this head may be cached, asked when the head goes out so a refused one is never buffered. */
  admits(head: PageHead): boolean;
  /** Keeps an admitted answer once it was sent in full. */
  keep(head: PageHead, body: Uint8Array): void;
}

/** What the cache makes of a request: answer it, keep its answer, or stay out of the way. */
export type PageLookup = { kind: 'hit'; answer: CachedAnswer } | { kind: 'miss'; keeper: PageKeeper } | { kind: 'pass' };

/** A page cache an adapter consults for the requests it passes on to the host (its `pageCache` option). */
export interface HostPageCache {
  /** Never rejects: a cache that cannot decide answers `pass`. */
  lookup(request: PageRequest): Promise<PageLookup>;
}
