// What an image's own bytes say it is: its media type and size in pixels, read from its header
// (PNG, GIF, WebP, JPEG, the types the media library takes from Kadence's downloads). A download
// is imported only when its bytes are such an image, whatever the answer's `Content-Type` claimed.

/** An image's type and dimensions, as its header gives them. */
export interface ImageFacts {
  /** `image/png`, `image/gif`, `image/webp` or `image/jpeg`. */
  mediaType: string;
  /** Width in pixels (0 when the header does not say). */
  width: number;
  /** Height in pixels (0 when the header does not say). */
  height: number;
}

/** The file extension WordPress gives each media type (`wp_get_default_extension_for_mime_type`). */
export const IMAGE_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Whether a media type is one of the image types imported. */
export function isImportableImageType(mediaType: string): boolean {
  return Object.hasOwn(IMAGE_EXTENSIONS, mediaType);
}

const ascii = (bytes: Uint8Array, at: number, text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
};
const be16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const le16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const le24 = (b: Uint8Array, at: number) => le16(b, at) | ((b[at + 2] ?? 0) << 16);
const be32 = (b: Uint8Array, at: number) => be16(b, at) * 65536 + be16(b, at + 2);

/** A WebP's canvas size from its first chunk (lossy `VP8 `, lossless `VP8L`, extended `VP8X`). */
function webpSize(b: Uint8Array): [number, number] {
  if (ascii(b, 12, 'VP8 ')) return [le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff];
  if (ascii(b, 12, 'VP8L')) {
    const [b1, b2, b3, b4] = [b[21] ?? 0, b[22] ?? 0, b[23] ?? 0, b[24] ?? 0];
    return [1 + (b1 | ((b2 & 0x3f) << 8)), 1 + ((b2 >> 6) | (b3 << 2) | ((b4 & 0x0f) << 10))];
  }
  if (ascii(b, 12, 'VP8X')) return [1 + le24(b, 24), 1 + le24(b, 27)];
  return [0, 0];
}

/** Whether a JPEG marker starts a frame (SOF0–SOF15 but DHT, JPG and DAC), whose header holds the size. */
const isFrameStart = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** A JPEG's size from its first frame header, walking the segments once (each skipped by its length). */
function jpegSize(b: Uint8Array): [number, number] {
  let at = 2;
  while (at + 3 < b.length) {
    if (b[at] !== 0xff) return [0, 0];
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (isFrameStart(marker)) return [be16(b, at + 7), be16(b, at + 5)];
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      at += 2;
      continue;
    }
    at += 2 + be16(b, at + 2);
  }
  return [0, 0];
}

/** The image `bytes` are, by their header; null when they are none of the importable types. */
export function imageFacts(bytes: Uint8Array): ImageFacts | null {
  if (bytes.length >= 24 && bytes[0] === 0x89 && ascii(bytes, 1, 'PNG\r\n\x1a\n')) {
    return { mediaType: 'image/png', width: be32(bytes, 16), height: be32(bytes, 20) };
  }
  if (bytes.length >= 10 && (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a'))) {
    return { mediaType: 'image/gif', width: le16(bytes, 6), height: le16(bytes, 8) };
  }
  if (bytes.length >= 16 && ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) {
    const [width, height] = webpSize(bytes);
    return { mediaType: 'image/webp', width, height };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const [width, height] = jpegSize(bytes);
    return { mediaType: 'image/jpeg', width, height };
  }
  return null;
}
