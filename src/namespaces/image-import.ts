// Kadence's image imports, shared by the image picker and the design library: downloaded images
// become attachment posts (`attachment`, `inherit`, their MIME type, `_wp_attachment_metadata`), with
// the plugin's own meta (`_pexels_id`, the photographer's credit, `_kadence_blocks_image_hash`), and
// a registry read from that meta answers an image imported before without downloading it again.
//
// Where the bytes go is the host's `saveUpload` (a bucket, a folder its web server serves); without
// one the attachment keeps the image's source URL as its address (`guid`, no `_wp_attached_file`,
// which `wp_get_attachment_url` answers the guid for), and the bytes are only checked, not kept.
import { sha1 } from '../core/crypto/digest.js';
import { isPlainObject } from '../core/own-property.js';
import { isIntegerKey, isPhpArray, phpValues, toPhpString } from '../core/php/values.js';
import { sanitizeTitle } from '../core/schema/sanitize-title.js';
import { sanitizeTextField } from '../core/schema/text.js';
import type { JsonValue, SiteStore } from '../store/types.js';
import type { BoundStorage, StorageContext, StorageGroups } from './define.js';
import type { BoundService } from './host-service.js';
import type { DownloadFailed, ImageDownload } from './image-download.js';
import { IMAGE_EXTENSIONS, imageFacts, type ImageFacts } from './image-facts.js';

/** An image in the media library as the import routes answer it: its attachment id and URL. */
export interface ImportedImage {
  /** The attachment's post id. */
  id: number;
  /** Its URL. */
  url: string;
}

/** An image attachment as the registry knows it. */
export interface KnownAttachment extends ImportedImage {
  /** The Pexels id it was imported from (`_pexels_id`), or null. */
  sourceId: number | null;
  /** `_kadence_blocks_image_hash`, the SHA-1 of the URL it was imported from, or null. */
  hash: string | null;
}

/** An image's bytes to keep where the site serves them. */
export interface ImageUpload {
  /** The file name WordPress would give it (`photo-by-ana-123.jpg`); the host may make it unique. */
  fileName: string;
  /** Its media type, read from its bytes (`image/jpeg`). */
  mediaType: string;
  /** The bytes. */
  bytes: Uint8Array;
}

/** Where an upload was kept. */
export interface SavedUpload {
  /** The URL it is served at. */
  url: string;
  /** Its path below the uploads folder, as `_wp_attached_file` holds it (`2026/11/photo.jpg`). */
  file: string;
}

/** An imported image to add as an attachment post. */
export interface NewAttachment {
  /** `post_title`. */
  title: string;
  /** `post_mime_type`. */
  mediaType: string;
  /** Its URL: where the upload is served, or the source URL when it was not kept (`guid`). */
  url: string;
  /** `_wp_attached_file`, when the bytes were kept; null otherwise. */
  file: string | null;
  /** Size in pixels and bytes, for `_wp_attachment_metadata`. */
  width: number;
  /** Height in pixels. */
  height: number;
  /** Bytes. */
  filesize: number;
  /** The plugin's meta (alt text, credit, source id, hash), each a non-empty text. */
  meta: Readonly<Record<string, string>>;
}

/** The storage the imports need: the image attachments and where uploaded bytes go. */
export interface ImageLibraryStorage {
  /** Every image attachment, with the source id and hash it was imported with, oldest first. */
  imageAttachments(context: StorageContext): Promise<KnownAttachment[]>;
  /** Adds an attachment post and its meta, written together; answers its id and URL. */
  addAttachment(attachment: NewAttachment, context: StorageContext): Promise<ImportedImage>;
  /** Keeps an image's bytes where the site serves them; null keeps the image at its source URL. */
  saveUpload(upload: ImageUpload, context: StorageContext): Promise<SavedUpload | null>;
}

/** The image library's callbacks in groups: the attachments, and the uploads (a host's file storage) alone. */
export const imageLibraryStorageGroups: StorageGroups<ImageLibraryStorage> = [
  { data: 'image attachments', callbacks: ['imageAttachments', 'addAttachment'] },
  { data: 'uploaded files', callbacks: ['saveUpload'] },
];

/** Meta keys the plugin writes on imported images (`Image_Downloader\Meta` and `import_image`). */
const IMAGE_META = {
  alt: '_wp_attachment_image_alt',
  photographer: '_pexels_photographer',
  photographerUrl: '_pexels_photographer_url',
  photographUrl: '_pexels_photograph_url',
  sourceId: '_pexels_id',
  hash: '_kadence_blocks_image_hash',
} as const;

/** The registry's integer key of a stored or sent id, as a PHP array key casts it; null for one that is no integer. */
function integerKey(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && isIntegerKey(value)) return Number(value);
  return null;
}

/** The first value of a meta key, as text. */
const firstText = (values: JsonValue[] | undefined): string | null =>
  values && values.length > 0 && values[0] !== null ? toPhpString(values[0]) : null;

/** The image library on the site store: attachment posts and their meta; uploads not kept (source URLs). */
export function imageLibraryOn(store: SiteStore): ImageLibraryStorage {
  return {
    async imageAttachments() {
      const { posts } = await store.posts.query({ type: ['attachment'], mimeType: ['image'], orderby: 'ID', order: 'asc' });
      if (posts.length === 0) return [];
      const meta = await store.postMeta.getMany(
        posts.map((post) => post.ID),
        [IMAGE_META.sourceId, IMAGE_META.hash],
      );
      return posts.map((post) => {
        const own = meta.get(post.ID) ?? {};
        return {
          id: post.ID,
          url: post.guid,
          sourceId: integerKey(firstText(own[IMAGE_META.sourceId])),
          hash: firstText(own[IMAGE_META.hash]),
        };
      });
    },
    async addAttachment(attachment, context) {
      return store.transaction(async (tx) => {
        const post = await tx.posts.insert({
          post_type: 'attachment',
          post_status: 'inherit',
          post_title: attachment.title,
          post_name: sanitizeTitle(attachment.title),
          post_mime_type: attachment.mediaType,
          post_author: context.user?.id ?? 0,
          guid: attachment.url,
          ping_status: 'closed',
        });
        if (attachment.file !== null) await tx.postMeta.add(post.ID, '_wp_attached_file', attachment.file);
        await tx.postMeta.add(post.ID, '_wp_attachment_metadata', {
          width: attachment.width,
          height: attachment.height,
          file: attachment.file ?? attachment.url,
          filesize: attachment.filesize,
          sizes: {},
          image_meta: {},
        });
        for (const [key, value] of Object.entries(attachment.meta)) await tx.postMeta.update(post.ID, key, value);
        return { id: post.ID, url: attachment.url };
      });
    },
    async saveUpload() {
      return null;
    },
  };
}

/** Most images one request imports: the rest are left out, as images whose download failed. */
export const MAX_IMAGES_PER_REQUEST = 40;

/** Downloads running at once for one request. */
export const PARALLEL_DOWNLOADS = 4;

/** `fn` over `items`, at most `limit` at once, answers in the items' order. */
export async function inParallel<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await fn(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** What an import needs: the library bound to the request, the download, and whether the user may upload. */
export interface ImageImportEnv {
  /** The image library, bound to the request. */
  library: BoundStorage<ImageLibraryStorage>;
  /** The image download, bound at mount. */
  download: BoundService<ImageDownload, DownloadFailed>;
}

/** An image downloaded and recognised by its own bytes. */
interface CheckedImage {
  bytes: Uint8Array;
  facts: ImageFacts;
}

/** Downloads an image within the service's limits; null when it failed or its bytes are no importable image. */
async function downloadChecked(url: string, download: ImageImportEnv['download']): Promise<CheckedImage | null> {
  const result = await download.call(
    async (fetchImage, signal) => {
      const image = await fetchImage({ url, maxBytes: download.limits.maxBytes }, signal);
      return image !== null && image.bytes instanceof Uint8Array ? image.bytes : null;
    },
    { url },
  );
  if (!result.ok || result.value === null) return null;
  const facts = imageFacts(result.value);
  return facts && { bytes: result.value, facts };
}

/** What an import writes besides the bytes: the post's title, the file's name without extension, the plugin's meta. */
interface ImportDetails {
  title: string;
  baseName: string;
  sourceUrl: string;
  meta: Record<string, string>;
}

/** Keeps a checked image's bytes (or not) and adds its attachment. */
async function addImported(library: ImageImportEnv['library'], image: CheckedImage, details: ImportDetails): Promise<ImportedImage> {
  const fileName = `${details.baseName || 'image'}.${IMAGE_EXTENSIONS[image.facts.mediaType]!}`;
  const saved = await library.saveUpload({ fileName, mediaType: image.facts.mediaType, bytes: image.bytes });
  return library.addAttachment({
    title: details.title,
    mediaType: image.facts.mediaType,
    url: saved?.url ?? details.sourceUrl,
    file: saved?.file ?? null,
    width: image.facts.width,
    height: image.facts.height,
    filesize: image.bytes.byteLength,
    meta: details.meta,
  });
}

/** `create_filename_from_alt`: the alt text's first seven words, lower-cased, joined by dashes (then made a slug). */
function fileNameFromAlt(alt: string): string {
  return sanitizeTitle(alt.toLowerCase().split(' ').slice(0, 7).join('-'));
}

/** The meta of `pairs` whose value, as text, is not empty, each through `sanitize_text_field` (`Meta::add`). */
function textMeta(pairs: ReadonlyArray<readonly [string, unknown]>): Record<string, string> {
  const meta: Record<string, string> = {};
  for (const [key, value] of pairs) {
    const text = value === undefined || isPhpArray(value) ? '' : toPhpString(value);
    if (text.length > 0) meta[key] = sanitizeTextField(text);
  }
  return meta;
}

/** An entry of `process_images`' answer: the attachment's id and URL, `false` for both where the plugin answers that. */
export interface ProcessedImage {
  /** The attachment id, as the client sent it for an image it named by `post_id`; false for an image with no id at all. */
  id: number | string | false;
  /** The attachment's URL; false where the id is. */
  url: string | false;
}

/** The size `Image_Downloader` imports of a picked image: the one named `scaled`, else the last (largest) listed. */
function importedSize(image: Record<string, unknown>): string | null {
  const sizes = isPhpArray(image.sizes) ? phpValues(image.sizes).filter(isPlainObject) : [];
  const chosen = sizes.find((size) => size.name === 'scaled') ?? sizes.at(-1);
  return chosen && typeof chosen.src === 'string' ? chosen.src : null;
}

/** Downloads and imports one picked image, with the plugin's meta; null when it cannot be had. */
async function importPicked(image: unknown, env: ImageImportEnv): Promise<ImportedImage | null> {
  if (!isPlainObject(image)) return null;
  const src = importedSize(image);
  const checked = src === null ? null : await downloadChecked(src, env.download);
  if (checked === null) return null;
  const alt = typeof image.alt === 'string' ? image.alt : '';
  const sourceId = integerKey(image.id);
  return addImported(env.library, checked, {
    title: `Photo by ${toPhpString(isPhpArray(image.photographer) ? '' : image.photographer)}`,
    baseName: [fileNameFromAlt(alt) || 'pexels-photo', sourceId === null ? '' : String(sourceId)].filter(Boolean).join('-'),
    sourceUrl: src!,
    meta: textMeta([
      [IMAGE_META.alt, image.alt],
      [IMAGE_META.photographer, image.photographer],
      [IMAGE_META.photographerUrl, image.photographer_url],
      [IMAGE_META.sourceId, image.id],
    ]),
  });
}

/**
 * `Image_Downloader::download`, the image picker's and the design library's `process_images`: the
 * images of the JSON body's `images` already imported (named by `post_id`, or by Pexels `id` through
 * the registry) answered as they are, the rest downloaded and imported when the user may upload
 * files (`canUpload`); an image whose download fails is left out. At most
 * {@link MAX_IMAGES_PER_REQUEST} images are looked at.
 */
export async function processImages(body: unknown, canUpload: boolean, env: ImageImportEnv): Promise<ProcessedImage[]> {
  const given = isPlainObject(body) ? body.images : undefined;
  if (!isPhpArray(given)) return [];
  const images = phpValues(given).slice(0, MAX_IMAGES_PER_REQUEST);
  if (images.length === 0) return [];
  const known = await env.library.imageAttachments();
  const imported = new Map<number, KnownAttachment>();
  const bySource = new Map<number, KnownAttachment>();
  for (const attachment of known) {
    if (attachment.sourceId === null) continue;
    imported.set(attachment.id, attachment);
    bySource.set(attachment.sourceId, attachment);
  }
  const existing: ProcessedImage[] = [];
  const missing: unknown[] = [];
  for (const image of images) {
    const postId = isPlainObject(image) ? (image.post_id ?? null) : null;
    const sourceId = isPlainObject(image) ? (image.id ?? null) : null;
    if (postId !== null) {
      const found = imported.get(integerKey(postId) ?? Number.NaN);
      if (found) existing.push({ id: postId as number | string, url: found.url });
      else missing.push(image);
    } else if (sourceId !== null) {
      const found = bySource.get(integerKey(sourceId) ?? Number.NaN);
      if (found) existing.push({ id: found.id, url: found.url });
      else missing.push(image);
    } else {
      // Neither id: the plugin's lookup falls through to `wp_get_attachment_image_url( false )`.
      existing.push({ id: false, url: false });
    }
  }
  if (missing.length === 0 || !canUpload) return existing;
  const downloaded = await inParallel(missing, PARALLEL_DOWNLOADS, (image) => importPicked(image, env));
  return [...existing, ...downloaded.filter((image): image is ImportedImage => image !== null)];
}

/** An image a pattern names, with the credit the pattern's image library gives a Pexels image. */
export interface PatternImage {
  /** Its URL as the pattern's content has it. */
  url: string;
  /** A file name without extension, from the library or the alt text. */
  filename?: string;
  /** `_pexels_photographer`. */
  photographer?: string;
  /** `_pexels_photographer_url`. */
  photographerUrl?: string;
  /** `_pexels_photograph_url`: the photo's page. */
  photographUrl?: string;
  /** Alt text. */
  alt?: string;
  /** The attachment's title. */
  title?: string;
}

/** The image attachments by URL and by import hash, as `check_for_local_image` looks them up. */
interface AttachmentIndex {
  /** By URL. */
  byUrl: Map<string, KnownAttachment>;
  /** By `_kadence_blocks_image_hash`. */
  byHash: Map<string, KnownAttachment>;
}

/** The index of the image attachments, read once per request. */
export async function attachmentIndex(library: ImageImportEnv['library']): Promise<AttachmentIndex> {
  const index: AttachmentIndex = { byUrl: new Map(), byHash: new Map() };
  for (const attachment of await library.imageAttachments()) {
    if (!index.byUrl.has(attachment.url)) index.byUrl.set(attachment.url, attachment);
    if (attachment.hash !== null && !index.byHash.has(attachment.hash)) index.byHash.set(attachment.hash, attachment);
  }
  return index;
}

/** A URL with every `-<digits>x<digits>` (a thumbnail's size) replaced, in one pass: `preg_replace( '/-\d+x\d+/', … )`. */
function replaceSizeSuffixes(url: string, by: string): string {
  return url.replace(/-[0-9]+x[0-9]+/g, by);
}

/** `check_for_local_image`: the attachment an image URL already is (on the site) or was imported from (its hash). */
export function localImage(url: string, siteUrl: string, index: AttachmentIndex): ImportedImage | null {
  const onSite = siteUrl !== '' && url.includes(siteUrl);
  let found: KnownAttachment | undefined;
  if (onSite) {
    found = index.byUrl.get(url);
    const cleaned = replaceSizeSuffixes(url, '');
    if (!found && cleaned !== url) found = index.byUrl.get(cleaned) ?? index.byUrl.get(replaceSizeSuffixes(url, '-scaled'));
  }
  found ??= index.byHash.get(sha1(url));
  return found ? { id: found.id, url: onSite ? url : found.url } : null;
}

/** Extensions `wp_check_filetype` gives an image type for. */
const IMAGE_URL_EXTENSIONS = new Set(['jpg', 'jpeg', 'jpe', 'png', 'gif', 'webp']);

/** A URL's last path segment as PHP's `basename` gives it (query included), for a Pexels URL its path's. */
function urlFileName(url: string, pexels: boolean): string {
  let path = url;
  if (pexels) {
    try {
      path = new URL(url).pathname;
    } catch {
      path = url;
    }
  }
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** Where Pexels serves images: its URLs carry their credit in the pattern's image library. */
export const PEXELS_IMAGES = 'https://images.pexels.com';

/**
 * `import_image` past `check_for_local_image` ({@link localImage}): the image downloaded and imported
 * with its credit and `_kadence_blocks_image_hash`; null when its URL has no image extension or its
 * download failed (the plugin then keeps the URL, with id 0). The new attachment joins `index`.
 */
export async function importPatternImage(image: PatternImage, index: AttachmentIndex, env: ImageImportEnv): Promise<ImportedImage | null> {
  const fileName = urlFileName(image.url, image.url.startsWith(PEXELS_IMAGES));
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  if (!IMAGE_URL_EXTENSIONS.has(extension)) return null;
  const checked = await downloadChecked(image.url, env.download);
  if (checked === null) return null;
  const baseName = image.filename ? sanitizeTitle(image.filename) : sanitizeTitle(fileName.slice(0, dot));
  const hash = sha1(image.url);
  const added = await addImported(env.library, checked, {
    title: image.title || `${baseName}.${extension}`,
    baseName,
    sourceUrl: image.url,
    meta: textMeta([
      [IMAGE_META.alt, image.alt],
      [IMAGE_META.photographer, image.photographer],
      [IMAGE_META.photographerUrl, image.photographerUrl],
      [IMAGE_META.photographUrl, image.photographUrl],
      [IMAGE_META.hash, hash],
    ]),
  });
  const known = { ...added, sourceId: null, hash };
  index.byHash.set(hash, known);
  if (!index.byUrl.has(added.url)) index.byUrl.set(added.url, known);
  return added;
}
