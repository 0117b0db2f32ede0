// Fetching on a host's behalf with bounds (oEmbed providers, images imported to the media library):
// http(s) only at every redirect hop, one deadline for the whole exchange (which also holds when a
// host's fetch ignores the abort signal), and a cap on the bytes read. Where a fetch may connect is
// its own business (see `guardedFetch` in `address-guard.ts`).

/** The bounds of the fetches made for one request. */
export interface FetchBounds {
  /** The host's fetch. */
  fetch: typeof fetch;
  /** Aborts when the request's time is up. */
  signal: AbortSignal;
  /** Most bytes of a body read. */
  maxBytes: number;
}

/** Most redirects followed, as WordPress's `redirection` default. */
const MAX_REDIRECTS = 5;

/** The response of a GET, following redirects by hand so that every hop is http(s) and they are few. */
async function guardedGet(url: string, bounds: FetchBounds): Promise<Response | null> {
  let target = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (!isHttpUrl(target)) return null;
    const response = await beforeAbort(bounds.fetch(target, { signal: bounds.signal, redirect: 'manual' }), bounds.signal);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status > 399 || location === null) return response;
    response.body?.cancel().catch(() => {});
    target = new URL(location, target).href;
  }
  return null;
}

/** What to do with a body longer than the cap: fail, or keep its first bytes. */
type Overflow = 'fail' | 'truncate';

/** Whether a URL is absolute http(s), the only kind ever fetched. */
function isHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Settles as the promise does, or rejects when the signal aborts first. */
function beforeAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

/** Reads a body up to the cap; null when it is longer and `overflow` is `fail`. */
async function readCapped(response: Response, bounds: FetchBounds, overflow: Overflow): Promise<Uint8Array | null> {
  const declared = Number(response.headers.get('content-length'));
  if (overflow === 'fail' && declared > bounds.maxBytes) {
    response.body?.cancel().catch(() => {});
    return null;
  }
  if (!response.body) return new Uint8Array(0);
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size <= bounds.maxBytes) {
      const { done, value } = await beforeAbort(reader.read(), bounds.signal);
      if (done) return Buffer.concat(chunks, size);
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    // Stops the transfer when the body was left unread (too long, or out of time).
    reader.cancel().catch(() => {});
  }
  return overflow === 'fail' ? null : Buffer.concat(chunks, size).subarray(0, bounds.maxBytes);
}

/** A body fetched within the bounds, with the media type its answer declared (lower case, without parameters; empty when none). */
interface FetchedBody {
  /** The body's bytes. */
  body: Uint8Array;
  /** The `Content-Type`'s media type, `image/png`. */
  mediaType: string;
}

/**
 * GETs an http(s) URL within the bounds: the body of a 2xx answer whose media type `accepts`
 * (default: any), or null for another scheme, a non-2xx status, a media type refused (before its
 * body is read) or too long a body; what the fetch throws (a refused address, a network error,
 * time up) is thrown, for the service call to answer and report.
 */
export async function fetchCapped(
  url: string,
  bounds: FetchBounds,
  overflow: Overflow,
  accepts: (mediaType: string) => boolean = () => true,
): Promise<FetchedBody | null> {
  const response = await guardedGet(url, bounds);
  if (!response) return null;
  const mediaType = (response.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (!response.ok || !accepts(mediaType)) {
    response.body?.cancel().catch(() => {});
    return null;
  }
  const body = await readCapped(response, bounds, overflow);
  return body === null ? null : { body, mediaType };
}

/** {@link fetchCapped}'s body alone, whatever its media type. */
export async function fetchBody(url: string, bounds: FetchBounds, overflow: Overflow): Promise<Uint8Array | null> {
  return (await fetchCapped(url, bounds, overflow))?.body ?? null;
}
