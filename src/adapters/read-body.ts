import type { IncomingMessage } from 'node:http';

/** Why a body could not be read. */
export type BodyReadFailure = 'too-large' | 'aborted';

/** The body bytes, or why there are none. */
export type BodyReadResult = { ok: true; body: Buffer } | { ok: false; reason: BodyReadFailure };

/**
 * Reads a request body into memory, stopping at `limit` bytes: a declared Content-Length
 * over the limit fails before anything is read, a stream that grows past it fails as soon
 * as it does, and a client that goes away fails the read instead of hanging it.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyReadResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false, reason: 'too-large' });
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
