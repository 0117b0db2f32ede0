/**
 * Reading a request body into memory up to a limit, from a Node request or a fetch `Request`:
 * a declared length over the limit fails before anything is read, a body that grows past it
 * fails as soon as it does, and a client that goes away fails the read instead of hanging it.
 */
import type { IncomingMessage } from 'node:http';

/** Why a body could not be read. */
export type BodyReadFailure = 'too-large' | 'aborted';

/** The body bytes, or why there are none. */
type BodyReadResult<Bytes extends Uint8Array = Buffer> = { ok: true; body: Bytes } | { ok: false; reason: BodyReadFailure };

/** Whether a declared `Content-Length` is over the limit, so the body need not be read at all. */
function declaresTooMuch(contentLength: string | null | undefined, limit: number): boolean {
  const declared = Number(contentLength);
  return Number.isFinite(declared) && declared > limit;
}

/** Reads a Node request's body, stopping at `limit` bytes. */
export function readNodeBody(req: IncomingMessage, limit: number): Promise<BodyReadResult> {
  if (declaresTooMuch(req.headers['content-length'], limit)) return Promise.resolve({ ok: false, reason: 'too-large' });
  if (req.readableEnded) return Promise.resolve({ ok: true, body: Buffer.alloc(0) });

  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BodyReadResult): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) finish({ ok: false, reason: 'too-large' });
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish({ ok: true, body: Buffer.concat(chunks, size) });
    const onAbort = (): void => finish({ ok: false, reason: 'aborted' });
    const onClose = (): void => {
      if (!req.complete) onAbort();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onClose);
  });
}

/** {@link readNodeBody} for a fetch `Request` (or `Response`): the same limits, and a body stream that errors is a client gone away. */
export async function readFetchBody(request: Pick<Request, 'headers' | 'body'>, limit: number): Promise<BodyReadResult<Uint8Array>> {
  if (declaresTooMuch(request.headers.get('content-length'), limit)) return { ok: false, reason: 'too-large' };
  if (!request.body) return { ok: true, body: new Uint8Array(0) };
  const reader: ReadableStreamDefaultReader<Uint8Array> = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: Awaited<ReturnType<typeof reader.read>>;
    try {
      read = await reader.read();
    } catch {
      return { ok: false, reason: 'aborted' };
    }
    if (read.done) break;
    size += read.value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return { ok: false, reason: 'too-large' };
    }
    chunks.push(read.value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, body };
}
