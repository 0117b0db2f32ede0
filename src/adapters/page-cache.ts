// The adapters' side of the `pageCache` option, for requests passed on to the host app: serve a
// hit, or let the host answer and hand a cacheable answer to the cache. The cache decides what is
// cacheable; this file only writes and captures, without changing what the host sends.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import {
  POST_ID_HEADER,
  type CachedAnswer,
  type HostPageCache,
  type PageHead,
  type PageHeaders,
  type PageKeeper,
} from '../core/http/page-cache.js';
import { setOwn } from '../core/own-property.js';
import { overTls } from './mount.js';

/** The head of an answer about to leave `res`, with the post id header already taken off it. */
export function sentHead(res: ServerResponse, status: number, postId: ReturnType<ServerResponse['getHeader']>): PageHead {
  const headers: PageHeaders = {};
  const set = res.getHeaders();
  for (const name in set) {
    const value = set[name];
    // Node keeps a number as it was set.
    if (value !== undefined) setOwn(headers, name, Array.isArray(value) ? value.map(String) : String(value));
  }
  if (postId !== undefined) setOwn(headers, POST_ID_HEADER, String(postId));
  return { status, headers };
}

/**
 * Writes a cached answer through `setHeader`, as the host's own answer would go out (headers set
 * before, a discovery `Link` among them, are kept unless the page has its own); HEAD gets the head only.
 */
function writeCachedAnswer(res: ServerResponse, answer: CachedAnswer, method: string): void {
  for (const name in answer.headers) res.setHeader(name, answer.headers[name]!);
  res.setHeader('Content-Length', String(answer.body.byteLength));
  res.statusCode = answer.status;
  if (method === 'HEAD') res.end();
  else res.end(answer.body);
}

/** Moves the headers `writeHead` was given onto the response, as Node itself does once any header was set, so `getHeaders()` sees every one. */
function setHeadersOf(res: ServerResponse, headers: unknown): void {
  if (Array.isArray(headers)) {
    if (Array.isArray(headers[0])) {
      for (const [name, value] of headers as Array<[string, string]>) res.setHeader(name, value);
      return;
    }
    for (let i = 0; i + 1 < headers.length; i += 2) res.removeHeader(String(headers[i]));
    for (let i = 0; i + 1 < headers.length; i += 2) res.appendHeader(String(headers[i]), headers[i + 1] as string);
  } else if (typeof headers === 'object' && headers !== null) {
    const given = headers as OutgoingHttpHeaders;
    for (const name in given) if (given[name] !== undefined) res.setHeader(name, given[name]);
  }
}

/** A written chunk as bytes of its own (the host may reuse its buffer). */
function chunkBytes(chunk: unknown, encoding: unknown): Uint8Array | null {
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return null;
}

/**
 * Watches the host's answer: strips the post id header from it, and with a keeper, copies the body
 * of an admitted answer as it is written (up to the keeper's cap) and keeps it once it was sent in
 * full. `write` and `end` are passed through untouched, their return values with them, so
 * streaming and backpressure stay the host's.
 */
function watchAnswer(res: ServerResponse, keeper: PageKeeper | null): void {
  const { writeHead, write, end } = res;
  let head: PageHead | null = null;
  let chunks: Uint8Array[] | null = null;
  let size = 0;

  const record = (chunk: unknown, encoding: unknown): void => {
    if (chunks === null || typeof chunk === 'function') return;
    const bytes = chunkBytes(chunk, encoding);
    if (bytes === null) return;
    size += bytes.byteLength;
    if (size > keeper!.maxBytes) chunks = null;
    else chunks.push(bytes);
  };

  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const headers = typeof rest[0] === 'string' ? rest[1] : rest[0];
    setHeadersOf(this, headers);
    const postId = this.getHeader(POST_ID_HEADER);
    this.removeHeader(POST_ID_HEADER);
    // The head as the host made it, before middleware wrapped beneath this one (compression) adds
    // to it: the bytes `write` sees here are the host's too. Wrapped above, its additions are seen.
    if (keeper) {
      head = sentHead(this, status, postId);
      if (keeper.admits(head)) chunks = [];
    }
    const reason = typeof rest[0] === 'string' ? [rest[0]] : [];
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...reason);
  };

  if (!keeper) return;

  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    const written = (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    record(chunk, rest[0]);
    return written;
  } as ServerResponse['write'];

  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    const ended = (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    record(chunk, rest[0]);
    return ended;
  } as ServerResponse['end'];

  res.once('finish', () => {
    if (head !== null && chunks !== null) keeper.keep(head, Buffer.concat(chunks));
  });
}

/**
 * Passes a request on to the host (`pass`) through the cache: a hit is answered here with
 * `X-Cache: HIT`; otherwise the host answers, watched so that a cacheable answer is kept.
 * `url` is the path and query as the client asked them, whatever mount took a prefix off.
 */
export async function passThroughCache(
  cache: HostPageCache,
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
  pass: () => void,
): Promise<void> {
  const method = req.method ?? 'GET';
  const lookup = await cache.lookup({ method, url, headers: req.headers, secure: overTls(req) });
  if (res.destroyed) return;
  if (lookup.kind === 'hit') return writeCachedAnswer(res, lookup.answer, method);
  watchAnswer(res, lookup.kind === 'miss' ? lookup.keeper : null);
  pass();
}
