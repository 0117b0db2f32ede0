import type { OutgoingHttpHeader, ServerResponse } from 'node:http';
import { mergeVary } from '../core/http/headers.js';
import type { RawResponse } from '../core/types.js';

/** Bodies up to this size leave in one write together with the head; larger ones are streamed. */
export const SINGLE_WRITE_LIMIT = 64 * 1024;

/** The answer's headers as the flat `[name, value, …]` list `writeHead` takes; array values become several lines. */
function flatHeaders(headers: RawResponse['headers']): string[] {
  const head: string[] = [];
  for (const name in headers) {
    const value = headers[name]!;
    if (Array.isArray(value)) for (const v of value) head.push(name, v);
    else head.push(name, value);
  }
  return head;
}

/** The body in chunks of at most {@link SINGLE_WRITE_LIMIT} bytes. */
export function* bodyChunks(body: Uint8Array): Generator<Uint8Array> {
  for (let offset = 0; offset < body.length; offset += SINGLE_WRITE_LIMIT) yield body.subarray(offset, offset + SINGLE_WRITE_LIMIT);
}

/**
 * Streams a large body, waiting for `drain` whenever the socket's buffer is full, and stops
 * when the client goes away, so a slow reader never makes the server hold a second copy.
 */
function streamBody(res: ServerResponse, body: Buffer): void {
  const chunks = bodyChunks(body);
  const pump = (): void => {
    for (let next = chunks.next(); !next.done; next = chunks.next()) {
      if (res.destroyed) return;
      if (!res.write(next.value)) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  pump();
}

/** Writes the body after the head: in one write when small, streamed when large; none for HEAD. */
function endWithBody(res: ServerResponse, body: string, length: number, method: string): void {
  if (method === 'HEAD') res.end();
  // A string body goes out in one write together with the head; a Buffer would take a second.
  else if (length <= SINGLE_WRITE_LIMIT) res.end(body);
  else streamBody(res, Buffer.from(body));
}

/** Writes a core answer out with one `writeHead` and a flat header list: the fastest way out. */
export function writeRawResponse(res: ServerResponse, answer: RawResponse, method: string): void {
  // One writeHead with a flat list is much cheaper than a setHeader call per header.
  const head = flatHeaders(answer.headers);
  const length = Buffer.byteLength(answer.body);
  if (method !== 'HEAD') head.push('Content-Length', String(length));
  res.writeHead(answer.status, head);
  endWithBody(res, answer.body, length, method);
}

/** A header line's text, several lines joined as one. */
function headerText(value: OutgoingHttpHeader): string {
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** The value to set: a `Vary` merged into the one the host already set (compression's `Accept-Encoding`, say), any other as it is. */
export function withHostVary(res: ServerResponse, name: string, value: string | string[]): string | string[] {
  if (name.toLowerCase() !== 'vary') return value;
  const host = res.getHeader('vary');
  return host === undefined ? value : mergeVary(headerText(host), headerText(value));
}

/**
 * Writes a core answer through `setHeader`, so middleware that inspects or rewrites headers
 * before they go out (compression, helmet, `on-headers`) sees them, as in any Express app.
 */
export function sendRawResponse(res: ServerResponse, answer: RawResponse, method: string): void {
  for (const name in answer.headers) res.setHeader(name, withHostVary(res, name, answer.headers[name]!));
  const length = Buffer.byteLength(answer.body);
  if (method !== 'HEAD') res.setHeader('Content-Length', String(length));
  res.statusCode = answer.status;
  endWithBody(res, answer.body, length, method);
}
