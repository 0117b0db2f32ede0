import type { ServerResponse } from 'node:http';
import type { RawResponse } from '../core/types.js';

/** Bodies up to this size leave in one write together with the head; larger ones are streamed. */
export const SINGLE_WRITE_LIMIT = 64 * 1024;

/** The answer's headers as the flat `[name, value, …]` list `writeHead` takes; array values become several lines. */
export function flatHeaders(headers: RawResponse['headers']): string[] {
  const head: string[] = [];
  for (const name in headers) {
    const value = headers[name]!;
    if (Array.isArray(value)) for (const v of value) head.push(name, v);
    else head.push(name, value);
  }
  return head;
}

/** The body in chunks of at most {@link SINGLE_WRITE_LIMIT} bytes. */
export function* bodyChunks(body: Buffer): Generator<Buffer> {
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

/** Writes a core answer out with one `writeHead`; the body is left off for HEAD. */
export function writeRawResponse(res: ServerResponse, answer: RawResponse, method: string): void {
  // One writeHead with a flat list is much cheaper than a setHeader call per header.
  const head = flatHeaders(answer.headers);
  if (method === 'HEAD') {
    res.writeHead(answer.status, head);
    res.end();
    return;
  }
  const length = Buffer.byteLength(answer.body);
  head.push('Content-Length', String(length));
  res.writeHead(answer.status, head);
  // A string body goes out in one write together with the head; a Buffer would take a second.
  if (length <= SINGLE_WRITE_LIMIT) res.end(answer.body);
  else streamBody(res, Buffer.from(answer.body));
}
