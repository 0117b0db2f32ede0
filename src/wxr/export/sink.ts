// Where an export is written: a Node Writable, a web WritableStream, or a callback. Text is gathered
// into chunks of about CHUNK characters, and each chunk waits for the sink to take it (a Writable's
// `drain`, a stream writer's `ready`, the callback's promise), so a slow sink holds at most a chunk
// and the page of posts being written.

import type { Writable } from 'node:stream';

/** A web `WritableStream` as the export writes to it: UTF-8 bytes. */
type WebSink = WritableStream<Uint8Array>;

/** Where `exportWxr` writes: a Node `Writable` (text as UTF-8), a web `WritableStream` of bytes, or a `write(chunk)` callback (awaited when it answers a promise). */
export type WxrSink = Writable | WebSink | ((chunk: string) => void | Promise<void>);

/** About how many characters are gathered before a write. */
const CHUNK = 64 * 1024;

/** Writes text to a sink in chunks; `end` writes the rest and closes a stream sink. */
interface ChunkWriter {
  write(text: string): Promise<void>;
  end(): Promise<void>;
  /** UTF-8 bytes written so far. */
  bytes(): number;
}

function isWebSink(sink: WxrSink): sink is WebSink {
  return typeof sink === 'object' && typeof (sink as WebSink).getWriter === 'function';
}

/** A Writable's write, resolved when it may take more (at once unless its buffer is full). */
function writeNode(stream: Writable, chunk: string): Promise<void> {
  if (stream.destroyed) return Promise.reject(new Error('the output was closed before the export ended'));
  if (stream.write(chunk)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('drain', drained).off('error', done).off('close', closed);
      if (error) reject(error);
      else resolve();
    };
    const drained = () => done();
    const closed = () => done(new Error('the output was closed before the export ended'));
    stream.on('drain', drained).on('error', done).on('close', closed);
  });
}

/** The sink's chunked writer. A Node Writable is ended; a web stream is closed; a callback is only called. */
export function chunkWriter(sink: WxrSink): ChunkWriter {
  let pending: string[] = [];
  let size = 0;
  let bytes = 0;
  const encoder = new TextEncoder();
  const web = isWebSink(sink) ? sink.getWriter() : undefined;
  const send = async (chunk: string): Promise<void> => {
    bytes += Buffer.byteLength(chunk, 'utf8');
    if (web) {
      await web.ready;
      await web.write(encoder.encode(chunk));
    } else if (typeof sink === 'function') await sink(chunk);
    else await writeNode(sink as Writable, chunk);
  };
  const flush = async (): Promise<void> => {
    if (size === 0) return;
    const chunk = pending.join('');
    pending = [];
    size = 0;
    await send(chunk);
  };
  return {
    async write(text) {
      pending.push(text);
      size += text.length;
      if (size >= CHUNK) await flush();
    },
    async end() {
      await flush();
      if (web) await web.close();
      else if (typeof sink !== 'function')
        await new Promise<void>((resolve, reject) => (sink as Writable).end((error?: Error | null) => (error ? reject(error) : resolve())));
    },
    bytes: () => bytes,
  };
}
