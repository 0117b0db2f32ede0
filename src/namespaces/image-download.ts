// The image download Kadence's imports share (the image picker's and the design library's
// `process_images`, the design library's `process_pattern`): one host callback that fetches an
// image's bytes. Only the host gives one (on Node, `nodeImageDownload()` from `site-rest/node`);
// without it nothing leaves the server and nothing new is imported, as when the plugin's own
// download fails.
import type { ServiceDeclaration } from './host-service.js';
import { fetchCapped } from './bounded-fetch.js';
import { isImportableImageType } from './image-facts.js';
import { recordedAnswer } from './recorded-double.js';

/** What the import asks of the download: an image's address and the most bytes it may weigh. */
export interface ImageDownloadRequest {
  /** The image's absolute http(s) URL, as the client named it. */
  url: string;
  /** Most bytes the image may weigh: a longer one is given up on (the call's own cap, passed on so the fetch stops reading). */
  maxBytes: number;
}

/** An image downloaded: its bytes and the media type its answer declared. */
export interface DownloadedImage {
  /** `Content-Type`'s media type (`image/jpeg`); the bytes' own header decides what is imported. */
  contentType: string;
  /** The image's bytes. */
  bytes: Uint8Array;
}

/**
 * Fetches one image for the media library: its bytes, or null when there is none to have (a 404, an
 * answer that is no image). It may throw or be slow: it is called within the service's limits and
 * `signal` aborts at the deadline.
 */
export type ImageDownload = (request: ImageDownloadRequest, signal: AbortSignal) => Promise<DownloadedImage | null>;

/** What a route does with an image whose download failed: leaves it out (`null`), as the plugin's importers do. */
export type DownloadFailed = null;

/** A recorded image: the bytes as base64 and the media type served with them. */
interface RecordedImage {
  /** `Content-Type` answered. */
  contentType: string;
  /** The bytes, base64. */
  base64: string;
}

/** Bytes of base64 text, without Node's Buffer (the root entry runs on Workers too). */
function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The download as a declared service: 15 s and 10 MiB per image by default. Kadence's importers
 * answer a failed download by leaving the image out (`Image_Downloader` catches every throw and
 * imports nothing; `import_image` keeps the image's remote URL), so a throw, a time-out, an image
 * over the cap and no callback at all are each that. Its double answers a recorded
 * `{contentType, base64}` by URL (`when: {url}`), and null (nothing there) otherwise.
 */
export const imageDownloadService: ServiceDeclaration<ImageDownload, DownloadFailed> = {
  namespace: 'blocksuite-image-picker',
  service: 'download',
  option: 'imageDownload',
  limits: { timeoutMs: 15_000, maxBytes: 10 * 1024 * 1024 },
  failures: { threw: () => null, timeout: () => null, 'too-large': () => null, unconfigured: () => null },
  double: (recorded) => async (request, signal) => {
    const { answer, filler } = await recordedAnswer(recorded, 'blocksuite-image-picker/download', { url: request.url }, signal);
    if (filler !== '') return { contentType: 'image/jpeg', bytes: new TextEncoder().encode(filler) };
    if (answer === undefined) return null;
    const { contentType, base64 } = answer as unknown as RecordedImage;
    return { contentType, bytes: fromBase64(base64) };
  },
};

/**
 * The download through a fetch (`nodeImageDownload()` gives it one that reaches public addresses
 * only): a GET following at most five http(s) redirects, an answer whose `Content-Type` is not an
 * importable image refused before its body is read, and a body over the cap given up on.
 */
export function imageDownloadThrough(fetch: typeof globalThis.fetch): ImageDownload {
  return async ({ url, maxBytes }, signal) => {
    try {
      const fetched = await fetchCapped(url, { fetch, signal, maxBytes }, 'fail', isImportableImageType);
      return fetched && { contentType: fetched.mediaType, bytes: fetched.body };
    } catch (error) {
      throw withCause(error);
    }
  };
}

/** undici's `fetch failed` with what failed (a refused address, a reset) in its message, for the service's report to say. */
function withCause(error: unknown): unknown {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  return cause === '' ? error : new Error(`${(error as Error).message}: ${cause}`, { cause: error });
}
